from app.receipts import deliver, submit


def execute(kind: str):  # @def(execute, "execute")
    # the name is bound twice: each use is the last assignment above it,
    # as pyright's flow analysis narrows it
    if kind == "email":
        receipt = deliver()
        return receipt.as_dict()  # @site(emailUse, "as_dict") @call(execute, emailAsDict, emailUse)
    receipt = submit()
    return receipt.as_dict()  # @site(soarUse, "as_dict") @call(execute, soarAsDict, soarUse)


def chain():  # @def(chain, "chain")
    # x = x.forward(): the call on the right is the earlier x's
    r = deliver()
    r.as_dict()  # @site(chainEmail, "as_dict") @call(chain, emailAsDict, chainEmail)
    r = r.forward()  # @site(chainForward, "forward") @call(chain, emailForward, chainForward)
    r.as_dict()  # @site(chainSoar, "as_dict") @call(chain, soarAsDict, chainSoar)


def fallback(missing: bool):  # @def(fallback, "fallback")
    # reassigned in a branch that returns: below it, the first assignment
    found = deliver()
    if missing:
        found = submit()
        return found.as_dict()  # @site(fallbackSoar, "as_dict") @call(fallback, soarAsDict, fallbackSoar)
    return found.as_dict()  # @site(fallbackEmail, "as_dict") @call(fallback, emailAsDict, fallbackEmail)
