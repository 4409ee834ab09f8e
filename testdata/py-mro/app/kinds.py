import functools


class Base:
    def hook(self):  # @def(BaseHook, "hook")
        return 1

    def run(self):  # @def(BaseRun, "run")
        return self.hook()  # @site(runHook, "hook") @call(BaseRun, BaseHook, runHook)


class LoggingMixin:
    def log(self, msg):  # @def(log, "log")
        return msg


class Middle(Base):
    def hook(self):  # @def(MiddleHook, "hook")
        return super().hook()  # @site(middleSuper, "hook") @call(MiddleHook, BaseHook, middleSuper)


class Leaf(LoggingMixin, Middle):
    def hook(self):  # @def(LeafHook, "hook")
        self.log("x")  # @site(leafLog, "log") @call(LeafHook, log, leafLog)
        return super().hook()  # @site(leafSuper, "hook") @call(LeafHook, MiddleHook, leafSuper)


def traced(fn):
    @functools.wraps(fn)
    def wrapper(*a, **k):
        return fn(*a, **k)
    return wrapper


@traced
def compute(x):  # @def(compute, "compute")
    return x


class Factory:
    @classmethod
    def create(cls):  # @def(create, "create")
        return cls()

    def build(self):  # @def(build, "build")
        return 2


class Greeter:
    def __call__(self, name):  # @def(greet, "__call__")
        return name


class Holder:
    def setup(self):  # @def(setup, "setup")
        self.helper = Factory()


def use():  # @def(use, "use")
    compute(1)  # @site(useCompute, "compute") @call(use, compute, useCompute)
    f = Factory.create()  # @site(useCreate, "create") @call(use, create, useCreate)
    f.build()  # @site(useBuild1, "build") @call(use, build, useBuild1, useBuild2)
    g = Greeter()
    g("x")  # @site(useGreet, "g") @call(use, greet, useGreet)
    h = Holder()
    h.setup()  # @site(useSetup, "setup") @call(use, setup, useSetup)
    h.helper.build()  # @site(useBuild2, "build")
    Leaf().hook()  # @site(useHook, "hook") @call(use, LeafHook, useHook)
