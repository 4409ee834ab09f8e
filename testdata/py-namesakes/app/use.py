def manager_report(manager):
    # manager is untyped: any of the ten get_stats may run here.
    return manager.get_stats()


def adapter_report(adapters):
    return {name: a.get_stats() for name, a in adapters.items()}


def route_report(router):  # @def(routeReport, "route_report")
    return router.get_stats()  # @site(routeStats, "get_stats") @possible(routeReport, routerStats, routeStats)


def drain(out):  # @def(drain, "drain")
    out.flush()  # @site(drainFlush, "flush") @possible(drain, bufferFlush, drainFlush)


class StatsMixin:
    def merged_stats(self, extra):
        # hasattr asks whether super() has the attribute; it calls nothing,
        # whatever this method calls by computed name below.
        base = super().get_stats() if hasattr(super(), 'get_stats') else {}  # @mention(workerStats, "'get_stats'")
        base.update(getattr(self, extra)())
        return base
