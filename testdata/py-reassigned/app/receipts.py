class EmailReceipt:
    def as_dict(self):  # @def(emailAsDict, "as_dict")
        return {}

    def forward(self) -> "SoarReceipt":  # @def(emailForward, "forward")
        return SoarReceipt()


class SoarReceipt:
    def as_dict(self):  # @def(soarAsDict, "as_dict")
        return {}


def deliver() -> EmailReceipt:
    return EmailReceipt()


def submit() -> SoarReceipt:
    return SoarReceipt()
