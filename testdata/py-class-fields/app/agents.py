class Healer:
    def run(self, ctx):  # @def(healerRun, "run")
        return ctx


class Analyst:
    def run(self, ctx):  # @def(analystRun, "run")
        return ctx

    def summary(self):  # @def(analystSummary, "summary")
        return ""
