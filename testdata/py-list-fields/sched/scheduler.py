from sched.rpc import Job


class Scheduler:
    def __init__(self):
        self.completion_hooks = []
        self.jobs = [Job()]

    def del_completion_hook(self, deletion):
        self.completion_hooks.remove(deletion)

    def run_all(self):  # @def(runAll, "run_all")
        for job in self.jobs:
            job.run()  # @site(r1, "run")
        return self.jobs[0].run()  # @site(r2, "run") @call(runAll, jobRun, r1, r2)
