def describe():  # @def(describeFn, "describe") @nocallers(describeFn)
    return {"kind": "module"}
