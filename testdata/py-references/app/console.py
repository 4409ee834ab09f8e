# Methods used as values (issue 15): pyright lists a member access that
# names a method as an incoming call of it, called there or not.
from functools import partial
from typing import Callable


class Progress:
    def update(self, n):  # @def(update, "update")
        return n


class Console:
    def __init__(self, progress: Progress):
        self.progress = progress

    def advance(self):  # @def(advance, "advance")
        return 1

    def flush(self):  # @def(flush, "flush")
        return 2

    def step(self):  # @def(step, "step")
        return 3

    def print(self, items):  # @def(print, "print")
        go = self.advance  # @site(printAdvance, "advance") @ref(print, advance, printAdvance)
        for item in items:
            go()
        register(self.flush)  # @site(printFlush, "flush") @ref(print, flush, printFlush)
        handlers = {"next": self.step}  # @site(printStep, "step") @ref(print, step, printStep)
        return handlers

    def log(self, bar: Progress):  # @def(log, "log")
        run = partial(bar.update, 1)  # @site(logUpdate, "update")
        return [self.progress.update, run]  # @site(logUpdate2, "update") @ref(log, update, logUpdate, logUpdate2)

    def once(self):  # @def(once, "once")
        self.flush()  # @site(onceFlush, "flush") @call(once, flush, onceFlush)
        return self.step  # @site(onceStep, "step") @ref(once, step, onceStep)


def register(f):
    return f


# A bare name is not a member access: pyright does not list it, nor do we.
def advance():  # @def(bareAdvance, "advance") @callers(bareAdvance)
    return 0


def use_bare():
    register(advance)


# A call through an attribute holding a function stored from a typed
# parameter (Callable): the call runs what the constructor's callers pass.
class Timer:
    def __init__(self, callback: Callable[[], int]):
        self.callback = callback

    def fire(self):  # @def(fire, "fire")
        return self.callback()  # @site(fireCb, "callback") @call(fire, tick, fireCb)


class Clock:
    def tick(self):  # @def(tick, "tick")
        return 1

    def start(self):  # @def(clockStart, "start")
        timer = Timer(self.tick)  # @site(startTick, "tick") @ref(clockStart, tick, startTick)
        return timer


# A test's mock assertions read the method they replaced (unittest.mock's
# own members): pyright lists console.flush in console.flush.assert_called_once()
# among flush's references; a field's mock members name no method.
def check_console(console: Console):  # @def(checkConsole, "check_console")
    console.flush.assert_called_once()  # @site(checkFlush, "flush") @ref(checkConsole, flush, checkFlush, nameFlush)
    assert console.step.called  # @site(checkStep, "step") @ref(checkConsole, step, checkStep)
    console.advance.reset_mock()  # @site(checkAdvance, "advance") @ref(checkConsole, advance, checkAdvance)
    console.progress.assert_not_called()
    return console.flush.__name__  # @site(nameFlush, "flush")
