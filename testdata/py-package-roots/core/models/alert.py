class AlertEvent:
    def raise_for(self, record):  # @def(raiseFor, "raise_for")
        return record
