import logging

MESSAGES: dict[str, str] = {"missing": "Model '{model_id}' not found"}
TEMPLATES = {
    "config": """Tests for {module_name}""",
    "services": "Service {module_name}",
}
NAMES = ["alpha", "beta"]


class StructuredFormatter(logging.Formatter):
    def format(self, record):  # @def(structuredFormat, "format") @nocallers(structuredFormat)
        return super().format(record)


def render(summary):
    # a string literal's format is str's
    return """
    <b>{fixed}</b>
    """.format(fixed=summary["fixed"])


def truncated(data):
    return "... (full size: {} chars)".format(len(data))


def message(code, **kwargs):
    # dict[str, str]: a value is a str
    template = MESSAGES.get(code, "An error occurred")
    return template.format(**kwargs)


def generate(kind, name):
    # a dict literal of strings: a value is a str, as pyright infers it
    template = TEMPLATES.get(kind, TEMPLATES["services"])
    return template.format(module_name=name)


def first_name():
    return NAMES[0].format()


class Registry:
    def get(self, key):  # @def(registryGet, "get") @nocallers(registryGet)
        # MESSAGES.get(...) and TEMPLATES.get(...) are dict's get, never this
        return key
