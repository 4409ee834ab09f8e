from app.jobs import Clock, Job, make_job


def _local_factory(job_id):
    from app.jobs import Job

    return Job(job_id)


def stub_fetch(job_id):  # @def(stubFetch, "stub_fetch")
    job = Job(job_id)
    job.fetch = lambda chunks: None  # @site(stubWrite1, "fetch")
    made = make_job(job_id)
    made.fetch = None  # @site(stubWrite2, "fetch")
    other = _local_factory(job_id)
    other.fetch = print  # @site(stubWrite3, "fetch") @ref(stubFetch, fetch, stubWrite1, stubWrite2, stubWrite3)
    clock = Clock()
    clock.fetch = lambda: None  # Clock's field, not Job.fetch
    job.job_id = "x"
    return job, clock  # @callers(fetch, jobRun, stubFetch)
