# @module(jobsModule)
class Jobs:
    def run(self):  # @def(JobsRun, "run")
        return 1

    def archive(self):  # @def(JobsArchive, "archive")
        return 2


def dispatch(jobs):  # @def(dispatch, "dispatch")
    return getattr(jobs, 'run')()  # @dynamic(dispatch, JobsRun, "'run'")


ACTIONS = [
    'archive',  # @dynamic(jobsModule, JobsArchive, "'archive'")
    'purge',
]


def run_all(jobs):  # @def(run_all, "run_all")
    for name in ACTIONS:
        getattr(jobs, name)()


ROUTES = ['run/', 'status/']  # @mention(JobsRun, "'run/'")


def notify(message):  # @def(notify, "notify") @nocallers(notify)
    return message


def run_with(notify):
    # the argument, not the module's notify
    return notify("done")
