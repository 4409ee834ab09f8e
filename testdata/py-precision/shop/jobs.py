class Jobs:
    def run(self):  # @def(JobsRun, "run")
        return 1


def dispatch(jobs):  # @def(dispatch, "dispatch")
    return getattr(jobs, 'run')()  # @dynamic(dispatch, JobsRun, "'run'")


ROUTES = ['run/', 'status/']  # @mention(JobsRun, "'run/'")
