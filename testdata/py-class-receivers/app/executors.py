class BaseTaskExecutor:
    def validate(self, config):  # @def(baseValidate, "validate") @callers(baseValidate, run)
        return bool(config)


class WaitTaskExecutor(BaseTaskExecutor):
    def validate(self, config):  # @def(waitValidate, "validate") @nocallers(waitValidate)
        return "seconds" in config


def run(executor: BaseTaskExecutor, config):  # @def(run, "run")
    return executor.validate(config)  # @site(v1, "validate") @call(run, baseValidate, v1)
