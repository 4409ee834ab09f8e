class Collector:
    def add_error(self, error) -> None:  # @def(addError, "add_error")
        self.last = error

    def ping(self) -> bool:  # @def(ping, "ping")
        return True


class Listener:
    def __init__(self, collector: Collector | None = None) -> None:
        self.collector = collector or Collector()

    def syntax_error(self, error) -> None:  # @def(syntaxError, "syntax_error")
        self.collector.add_error(error)  # @site(addErr, "add_error") @call(syntaxError, addError, addErr)


class Grapher:
    def __init__(self, hosts) -> None:
        self.collectors = [Collector() for host in hosts]


def main(hosts) -> None:  # @def(main, "main")
    grapher = Grapher(hosts)
    for i, collector in enumerate(grapher.collectors):
        collector.ping()  # @site(pingSite, "ping") @call(main, ping, pingSite)
