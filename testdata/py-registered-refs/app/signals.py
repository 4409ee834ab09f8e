class Signal:
    def connect(self, fn):
        return fn


post_save = Signal()
