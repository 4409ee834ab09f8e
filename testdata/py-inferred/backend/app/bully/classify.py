from typing import Protocol


class ActionClassifier(Protocol):
    def classify(self, action: str | None) -> str: ...  # @def(protoClassify, "classify")


class TelemetryClassifier:
    def classify(self, action: str | None) -> str:  # @def(telemetryClassify, "classify")
        return action or ""


DEFAULT_CLASSIFIER = TelemetryClassifier()


def action_class(action: str | None, classifier: ActionClassifier | None = None) -> str:  # @def(actionClass, "action_class")
    # the value is the classifier passed, when it is, else the default
    return (classifier or DEFAULT_CLASSIFIER).classify(action)  # @site(orSite, "classify") @call(actionClass, protoClassify, orSite)


def default_class(action: str) -> str:  # @def(defaultClass, "default_class")
    return (None or DEFAULT_CLASSIFIER).classify(action)  # @site(defaultSite, "classify") @call(defaultClass, telemetryClassify, defaultSite)
