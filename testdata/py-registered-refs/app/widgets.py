from app.signals import Signal, post_save


class Button:
    def __init__(self):
        self.clicked = Signal()


class Page:
    def __init__(self):  # @def(pageInit, "__init__")
        self._btn = Button()
        self._btn.clicked.connect(self._on_save)  # @site(saveRef, "_on_save") @ref(pageInit, onSave, saveRef)
        self._btn.clicked.connect(on_click)  # @site(clickConnect, "connect") @registered(pageInit, onClick, "clicked.connect()", clickConnect)
        post_save.connect(self.audit)  # @site(auditRef, "audit") @ref(pageInit, audit, auditRef)

    def _on_save(self):  # @def(onSave, "_on_save")
        return None

    def audit(self, sender, **kwargs):  # @def(audit, "audit")
        return sender


def on_click():  # @def(onClick, "on_click")
    return None
