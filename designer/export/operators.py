"""PDF operators spelled exactly as reportlab's own calls spell them, for the Painter's direct path.

A table draws thousands of small shapes, each in its own q … Q. Through reportlab's calls every one of
them copies the canvas's whole graphics state at q and looks each colour up again; inside q … Q none of
that bookkeeping matters, so the Painter writes the same operators itself (`Painter.path`). These are
those operators, formatted once per colour, width and dash: the content streams stay byte for byte what
reportlab's calls give (tests/unit/test_painter.py holds that), only faster to write.

Below them, `Drawing`: an element look's operators recorded once and written again, from its second element
on as PDF forms placed with `Do` (tests/unit/test_export_replay.py).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from math import cos, pi, sin
from typing import Any

from reportlab.lib.colors import Color
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO, PATH_OPS, Canvas
from reportlab.pdfgen.pathobject import PDFPathObject


@lru_cache(maxsize=1024)
def _rgb(red: float, green: float, blue: float, operator: str) -> str:
    return f"{fp_str((red, green, blue))} {operator}"


@lru_cache(maxsize=256)
def width(lw: float) -> str:
    """setLineWidth's operator."""
    return f"{fp_str(lw)} w"


@lru_cache(maxsize=256)
def _dash(pattern: tuple[float, ...]) -> str | None:
    if any(not isinstance(n, (int, float)) or n < 0 for n in pattern) or (pattern and sum(pattern) <= 0):
        return None  # reportlab refuses it: let its own call say so
    return f"[{fp_str(list(pattern))}] 0 d"


def dash(pattern: Sequence[float] | None) -> str | None:
    """setDash's operator for `pattern` (None or empty: solid), or None when reportlab would refuse it."""
    return _dash(tuple(pattern) if pattern else ())


def cap(mode: int) -> str | None:
    """setLineCap's operator, or None for a mode reportlab refuses."""
    return f"{mode} J" if mode in (0, 1, 2) else None


def paint(stroke: bool, fill: bool, even_odd: bool) -> str:
    """drawPath's painting operator: n, S, f, f*, B or B*."""
    return PATH_OPS[int(stroke), int(fill), FILL_EVEN_ODD if even_odd else FILL_NON_ZERO]


def line(x1: float, y1: float, x2: float, y2: float) -> str:
    """Canvas.line's operators."""
    return f"n {fp_str(x1, y1)} m {fp_str(x2, y2)} l S"


class ColourOps:
    """A canvas's colour operators for plain RGB colours, or None where only reportlab's call is right.

    setFillColor / setStrokeColor write `r g b rg` / `RG` and then set the colour's alpha: that writes
    nothing while the alpha equals the state's (always so in our forms, which carry no transparency),
    but marks the document as PDF 1.4, which is done here the first time too. CMYK colours, a canvas with
    a colour-space rule and an alpha that would change the state go through reportlab.
    """

    def __init__(self, c: Canvas) -> None:
        self.c = c
        self.direct = getattr(c, "_enforceColorSpace", None) is None
        self._versioned = False

    def op(self, colour: Color, operator: str, alpha_key: str) -> str | None:
        if not self.direct or type(colour) is not Color:
            return None
        alpha = colour.alpha
        if alpha is not None:
            if alpha != self.c._extgstate.getValue(alpha_key):
                return None
            if not self._versioned:
                self.c._doc.ensureMinPdfVersion("transparency")
                self._versioned = True
        return _rgb(colour.red, colour.green, colour.blue, operator)

    def fill(self, colour: Color) -> str | None:
        return self.op(colour, "rg", "ca")

    def stroke(self, colour: Color) -> str | None:
        return self.op(colour, "RG", "CA")


# pdfgeom.bezierArc's four quarter-arcs of a whole ellipse (start 0°, extent 360°), with the trigonometry
# done once: each point is then reckoned with exactly bezierArc's operations, so it is the same float.
_HALF = 90.0 * pi / 360.0
_KAPPA = abs(4.0 / 3.0 * (1.0 - cos(_HALF)) / sin(_HALF))
_QUARTERS = []
for _i in range(4):
    _t0, _t1 = (0 + _i * 90.0) * pi / 180.0, (0 + (_i + 1) * 90.0) * pi / 180.0
    _QUARTERS.append((cos(_t0) - _KAPPA * sin(_t0), sin(_t0) + _KAPPA * cos(_t0),
                      cos(_t1) + _KAPPA * sin(_t1), sin(_t1) - _KAPPA * cos(_t1), cos(_t1), sin(_t1)))
_START = (cos(0.0), sin(0.0))


def ellipse(p: PDFPathObject, x: float, y: float, width: float, height: float) -> None:
    """Add to path `p` what its `ellipse(x, y, width, height)` adds: the same moveto and four curvetos."""
    x1, y1, x2, y2 = x, y, x + width, y + height
    x1, y1, x2, y2 = min(x1, x2), max(y1, y2), max(x1, x2), min(y1, y2)
    x_cen, y_cen = (x1 + x2) / 2.0, (y1 + y2) / 2.0
    rx, ry = (x2 - x1) / 2.0, (y2 - y1) / 2.0
    p.moveTo(x_cen + rx * _START[0], y_cen - ry * _START[1])
    for a, b, c, d, e, f in _QUARTERS:
        p.curveTo(x_cen + rx * a, y_cen - ry * b, x_cen + rx * c, y_cen - ry * d, x_cen + rx * e, y_cen - ry * f)


# --- recorded drawings ------------------------------------------------------------------------------------
class _Scratch:
    """Just enough of a canvas for Canvas.rotate to write (or merge) its `cm` operator into `_code`."""

    _currentMatrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    transform = Canvas.transform

    def __init__(self, code: list[str]) -> None:
        self._code = code


def turned(merged_into: str | None, turn: float) -> str:
    """The operator `Canvas.rotate(-turn)` leaves: its own `cm`, or `merged_into` (a `cm`) merged with it."""
    scratch = _Scratch([] if merged_into is None else [merged_into])
    Canvas.rotate(scratch, -turn)
    return scratch._code[-1]


#: A drawing's runs of operators shorter than this (characters) are written out rather than made a form: a
#: form's `Do` and its object would cost about as much.
FORM_MIN_CHARS = 120
#: Half the side of an element form's bounding box (its own units, mm): a form clips to its box, and
#: nothing an element draws reaches this far from its centre.
FORM_REACH = 100000
_DO = re.compile(r"^/FormXob\.(\S+) Do$", re.MULTILINE)


def _neutral_end(ops: Sequence[str], i: int, stops: set[int]) -> int | None:
    """The index after the q … Q block that starts at ops[i], or None when ops[i] does not start one that
    closes at the end of an operator string before any of `stops` (a block leaves the state as it found it)."""
    depth = 0
    for j in range(i, len(ops)):
        if j in stops:
            return None
        lines = ops[j].split("\n")
        for k, line in enumerate(lines):
            if line == "q":
                depth += 1
            elif line == "Q":
                depth -= 1
            elif depth == 0:
                return None  # an operator outside the block: it would change the state after the block
            if depth == 0 and k != len(lines) - 1:
                return None
        if depth == 0:
            return j + 1
    return None


def placed(x: float, y: float, turn: float) -> str:
    """The `cm` that Canvas.translate(x, y) then rotate(turn) (when not 0) write after a `q`: one, merged."""
    scratch = _Scratch([])
    Canvas.translate(scratch, x, y)
    if turn:
        Canvas.rotate(scratch, turn)
    return scratch._code[-1]


class Drawing:
    """Operators recorded once, written again for another element of the same look: the same strings,
    except each slot (its index, and the `cm` its rotation merged into, if any), redone for the new turn.

    The first time it is written again its runs of q … Q blocks between the slots become PDF form XObjects
    (named by their content, so equal runs share one form document-wide), and every writing places them
    with `Do`: each element of a repeated look then costs a few bytes, not its whole drawing."""

    def __init__(self, ops: tuple[str, ...], slots: tuple[tuple[int, str | None], ...]) -> None:
        self.ops = ops
        self.slots = slots
        self._placed: tuple[tuple[str, ...], tuple[tuple[int, str | None], ...], tuple[str, ...]] | None = None

    def _place(self, c: Canvas) -> tuple[tuple[str, ...], tuple[tuple[int, str | None], ...], tuple[str, ...]]:
        stops = {i for i, _ in self.slots}
        out: list[str] = []
        run: list[str] = []
        names: list[str] = []
        slots: list[tuple[int, str | None]] = []
        merged = dict(self.slots)

        def flush() -> None:
            if sum(len(op) for op in run) >= FORM_MIN_CHARS:
                name = "L" + hashlib.blake2b("\n".join(run).encode(), digest_size=10).hexdigest()
                if not c._doc.hasForm(name):
                    inner = _DO.findall("\n".join(run))
                    c.beginForm(name, -FORM_REACH, -FORM_REACH, FORM_REACH, FORM_REACH)
                    c._code.extend(run)
                    c._formsinuse.extend(inner)
                    c.endForm()
                out.append(f"/{c._doc.getXObjectName(name)} Do")
                names.append(name)
            else:
                names.extend(_DO.findall("\n".join(run)))
                out.extend(run)
            run.clear()

        i = 0
        while i < len(self.ops):
            end = None if i in stops else _neutral_end(self.ops, i, stops)
            if end is None:
                flush()
                if i in stops:
                    slots.append((len(out), merged[i]))
                else:
                    names.extend(_DO.findall(self.ops[i]))
                out.append(self.ops[i])
                i += 1
            else:
                run.extend(self.ops[i:end])
                i = end
        flush()
        return tuple(out), tuple(slots), tuple(names)

    def write(self, c: Canvas, turn: float) -> tuple[tuple[int, str | None], ...]:
        """Write the drawing for `turn`; returns its slots as written (index from where it starts)."""
        if self._placed is None:
            self._placed = self._place(c)
        ops, slots, names = self._placed
        c._formsinuse.extend(names)
        if not slots:
            c._code.extend(ops)
            return slots
        written = list(ops)
        for i, merged_into in slots:
            written[i] = turned(merged_into, turn)
        c._code.extend(written)
        return slots


def record(c: Canvas, draw: Callable[[], None], slots: list[tuple[int, str | None]], turn: float
           ) -> Drawing | None:
    """Run `draw()` on `c` and return what it wrote as a Drawing, with the turns `slots` noted (by
    Painter.unturn); None when it cannot be written again alone: it changed an operator written before it
    (a `cm` merged into the one before), or something merged into a turn's `cm` after it."""
    code: list[str] = c._code
    start = len(code)
    head = code[-1] if code else None
    draw()
    if len(code) < start or (code[start - 1] if start else None) is not head:
        return None
    if any(i < start for i, _ in slots) or len({i for i, _ in slots}) != len(slots):
        return None
    if any(code[i] != turned(merged_into, turn) for i, merged_into in slots):
        return None
    return Drawing(tuple(code[start:]), tuple((i - start, merged_into) for i, merged_into in slots))


# --- text ----------------------------------------------------------------------------------------------------
def text_frame(x: float, y: float, angle: float) -> str:
    """The one `cm` that Canvas.translate(x, y), rotate(angle) (when not 0) and scale(1, -1) write after a `q`."""
    scratch = _Scratch([placed(x, y, angle)])
    Canvas.scale(scratch, 1, -1)
    return scratch._code[-1]


def text_object(c: Canvas, font: Any, size: float, dx: float, dy: float, mode: int, s: str) -> str:
    """What `c.drawText` writes for a text object begun at (0, 0), given a TrueType `font` (an embedded subset
    font: reportlab's "dynamic" fonts) at `size`, its origin set to (dx, dy), render mode `mode` and `s` shown:
    the same string, without building the text object and measuring `s` for a cursor never read."""
    doc = c._doc
    code = ["BT", "1 0 0 1 0 0 Tm" if c.bottomup else "1 0 0 -1 0 0 Tm",
            f"1 0 0 {1 if c.bottomup else -1} {fp_str(dx, dy)} Tm"]
    if mode:
        code.append(f"{mode} Tr")
    tmpl = f"{fp_str(size)} Tf {fp_str(size * 1.2)} TL"
    current = -1
    for subset, t in font.splitString(s, doc):
        if subset != current:
            code.append(f"{font.getSubsetInternalName(subset, doc)} {tmpl}")
            current = subset
        code.append(f"({c._escape(t)}) Tj")
    code.append("ET")
    if mode & 4:
        code.append(f"{mode ^ 4} Tr")  # reportlab turns clipping off again after ET
    return " ".join(code)
