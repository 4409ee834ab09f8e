def describe():  # @def(describeFn, "describe") @nocallers(describeFn)
    return {"kind": "module"}


def summary():  # @def(summaryFn, "summary")
    return {"kind": "summary"}
