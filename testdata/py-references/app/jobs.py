# A method written over (issue 15): pyright lists the attribute an
# assignment writes, job.fetch = stub, as a reference of the method, as
# tests that stub a method out do.


class Job:
    def __init__(self, job_id):
        self.job_id = job_id
        self.fetch_count = 0

    def fetch(self, chunks):  # @def(fetch, "fetch")
        return chunks

    def run(self):  # @def(jobRun, "run")
        return self.fetch([])  # @site(runFetch, "fetch") @call(jobRun, fetch, runFetch)


def make_job(job_id: str) -> Job:
    return Job(job_id)


class Clock:
    def __init__(self):
        self.fetch = None  # Clock has no method fetch: a field, no reference

    def tick(self):
        return self.fetch
