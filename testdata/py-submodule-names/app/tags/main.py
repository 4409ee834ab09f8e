async def _main_async(args):  # @def(mainAsync, "_main_async")
    return None, args


def main(args):  # @def(main, "main") @nocallers(main)
    return args
