"""Fixture: receivers bound by loops, comprehensions, with, operators,
properties, aliases and module paths."""
import billing.render.base
from typing import Callable, Iterable, Iterator, List, NamedTuple, Optional


class Line:
    def pad(self, width):  # @def(linePad, "pad")
        return width

    def clone(self) -> "Line":  # @def(lineClone, "clone")
        return self

    def __add__(self, other: "Line") -> "Line":
        return self


class Lines:
    def __init__(self):
        self._lines: List[Line] = []

    def __iter__(self) -> Iterator[Line]:
        return iter(self._lines)

    def __enter__(self) -> "Lines":
        return self

    def __exit__(self, *exc):
        return False

    @property
    def last(self) -> Line:
        return self._lines[-1]

    def justify(self, width):  # @def(justify, "justify")
        for line in self._lines:
            line.pad(width)  # @site(justifyPad, "pad") @call(justify, linePad, justifyPad)
        return [line.clone() for line in self]  # @site(justifyClone, "clone") @call(justify, lineClone, justifyClone)


class Cell(NamedTuple):
    text: str
    line: Optional[Line] = None


def pad_cells(cells: Iterable[Cell]):  # @def(padCells, "pad_cells")
    for text, line in cells:
        line.pad(len(text))  # @site(cellsPad, "pad") @call(padCells, linePad, cellsPad)


def render(lines: Lines, measure: Optional[Callable[[Lines], Line]]):  # @def(renderLines, "render")
    with Lines() as block:
        block.justify(4)  # @site(renderJustify, "justify") @call(renderLines, justify, renderJustify)
    joined = lines.last + Line()
    joined.pad(1)  # @site(renderPad, "pad") @call(renderLines, linePad, renderPad)
    measure(lines).clone()  # @site(renderClone, "clone") @call(renderLines, lineClone, renderClone)
    base = billing.render.base
    return base.Style("red").apply("x")  # @site(renderApply, "apply") @call(renderLines, styleApply, renderApply)


class Painter:
    def paint(self, line: Line):  # @def(paint, "paint")
        return line

    def __call__(self, width) -> Line:
        return Line()


class BoldPainter(Painter):
    def paint(self, line):  # @def(boldPaint, "paint") line's type is Painter.paint's
        return line.pad(2)  # @site(boldPad, "pad") @call(boldPaint, linePad, boldPad)


def use_painter():  # @def(usePainter, "use_painter")
    painter = Painter()
    painter(3).clone()  # @site(useClone, "clone") @call(usePainter, lineClone, useClone)
    render = painter.paint
    return render(Line())  # a local variable, not the module's render: @callers(renderLines)
