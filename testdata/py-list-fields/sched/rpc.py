class Messenger:
    def remove(self, fqdn):  # @def(messengerRemove, "remove") @nocallers(messengerRemove)
        return fqdn


class Job:
    def run(self):  # @def(jobRun, "run")
        return 1
