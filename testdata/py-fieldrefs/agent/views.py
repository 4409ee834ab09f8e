import subprocess
from dataclasses import dataclass
from enum import Enum
from typing import Any


class RunRecord:
    status: str = ""


class Refusal(str, Enum):
    OUT_OF_SCOPE = "out_of_scope"


class Runner:
    def __call__(self, *args):
        return args


@dataclass(frozen=True)
class RunView:
    run: RunRecord
    refusal: Refusal | None = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.run, name)

    @property
    def message(self) -> str:
        return MESSAGES[self.refusal] if self.refusal in MESSAGES else ""



MESSAGES = {Refusal.OUT_OF_SCOPE: "out of scope"}


class State:
    def __init__(self) -> None:
        self.run = RunRecord()

    def current(self):
        return self.run


class Fake:
    def __init__(self) -> None:
        self.run = _canonical({"id": 1})

    def get(self):
        return self.run  # the attribute Fake sets itself: no reference of ExpandTool.run


class Callable:
    def __init__(self) -> None:
        self.run = Runner()

    def handler(self):
        return self.run  # the attribute Callable sets itself, a Runner


def _canonical(d):
    return b""


class Receipt:
    def __init__(self) -> None:
        self.run = _encoded({"id": 1})

    def get(self):
        return self.run


def _encoded(d) -> bytes:
    return b""


class Api:
    def __init__(self, runner=subprocess.run) -> None:
        self.runner = runner


def show(view: RunView):
    return view.run, view.refusal
