from billing.render.lines import Line

DEFAULT_LINE = Line()
