class BaseHandler:
    @classmethod
    def contract(cls):  # @def(baseContract, "contract")
        return {"kind": "base"}


class ChildHandler(BaseHandler):
    @classmethod
    def contract(cls):  # @def(childContract, "contract") @nocallers(childContract)
        return {"kind": "child"}


def compare():  # @def(compare, "compare")
    return BaseHandler.contract()  # @site(baseCall, "contract") @call(compare, baseContract, baseCall)
