"""`Painter`: shapes in the current frame (mm, y down), in full colour or ink-saver outlines.

Every drawing of the track, its elements, tokens and card pictures goes through a Painter, so ink-saver
mode is decided in one place: fills are dropped and a shape without an outline gets one in a darker
shade of its fill; big labels become outlined glyphs. Colours are always opaque (see `draw_track` on why
forms carry no transparency).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO, Canvas

from designer.export import fonts, operators
from designer.export.pdf import BOLD, FONT, GREY, INK, darker, pt, text

#: In ink-saver mode labels with capitals at least this tall (mm) are printed as outlines.
OUTLINED_LABEL_MM = 4.0


def _light(colour: Color) -> bool:
    return 0.299 * colour.red + 0.587 * colour.green + 0.114 * colour.blue > 0.8


class Painter:
    """Shapes in the current frame (mm). In ink-saver mode nothing is filled: fills become outlines."""

    def __init__(self, c: Canvas, ink_saver: bool = False) -> None:
        self.c = c
        self.ink_saver = ink_saver
        self._colours = operators.ColourOps(c)
        self._recording: list[tuple[int, str | None]] | None = None  # slots of the drawing being recorded
        self._drawings: dict[Hashable, operators.Drawing | None] = {}

    def unturn(self, turn: float) -> None:
        """Turn the frame back by `turn` degrees (what keeps a face or label upright on a turned element)."""
        code = self.c._code
        before, last = len(code), code[-1] if code else None
        self.c.rotate(-turn)
        if self._recording is not None:
            self._recording.append((len(code) - 1, last if len(code) == before else None))

    def recorded(self, key: Hashable) -> bool:
        """Whether `replay(key, …)` will write a recorded drawing (without running any drawing code)."""
        return self._drawings.get(key) is not None

    def replay(self, key: Hashable, turn: float, draw: Callable[[], None]) -> None:
        """`draw()`, whose operators depend only on `key` and, through `unturn`, on `turn`: the first time it
        is drawn and recorded, then its recorded operators are written again with `turn`'s rotations. A
        drawing may replay parts of its own (a gate's body under its numbered label)."""
        code = self.c._code
        outer, start = self._recording, len(code)
        slots: list[tuple[int, str | None]]
        if key not in self._drawings:
            self._recording = []
            try:
                self._drawings[key] = operators.record(self.c, draw, self._recording, turn)
            finally:
                slots, self._recording = self._recording, outer
        elif (drawing := self._drawings[key]) is None:
            self._recording = slots = []
            try:
                draw()
            finally:
                self._recording = outer
        else:
            slots = [(start + i, merged_into) for i, merged_into in drawing.write(self.c, turn)]
        if outer is not None:
            outer.extend(slots)  # the turns inside are the enclosing recording's too

    def _inks(self, fill: Color | None, stroke: Color | None) -> tuple[Color | None, Color | None]:
        if self.ink_saver:
            if fill is not None and stroke is None:
                stroke = GREY if _light(fill) else darker(fill, 0.8)
            fill = None
        return fill, stroke

    def _direct(self, fill: Color | None, stroke: Color | None, lw: float, dash: Sequence[float] | None
                ) -> list[str] | None:
        """q and the style's operators as reportlab's calls would write them (see export.operators), or
        None when a colour or dash needs reportlab's own call."""
        ops: list[str | None] = ["q"]
        if fill is not None:
            ops.append(self._colours.fill(fill))
        if stroke is not None:
            ops += (self._colours.stroke(stroke), operators.width(max(lw, 0.12)), operators.dash(dash))
        return None if None in ops else [op for op in ops if op is not None]

    def _set(self, fill: Color | None, stroke: Color | None, lw: float, dash: Sequence[float] | None
             ) -> tuple[int, int]:
        """reportlab's calls for a style whose colours have been through `_inks`."""
        c = self.c
        if fill is not None:
            c.setFillColor(fill)
        if stroke is not None:
            c.setStrokeColor(stroke)
            c.setLineWidth(max(lw, 0.12))
            c.setDash(list(dash) if dash else [])
        return (1 if fill is not None else 0), (1 if stroke is not None else 0)

    def path(self, p: Any, fill: Color | None = None, stroke: Color | None = INK, lw: float = 0.3,
             dash: Sequence[float] | None = None, even_odd: bool = False) -> None:
        fill, stroke = self._inks(fill, stroke)
        ops = self._direct(fill, stroke, lw, dash)
        if ops is not None:
            if fill is not None or stroke is not None:
                ops += (str(p.getCode()), operators.paint(stroke is not None, fill is not None, even_odd))
            ops.append("Q")
            self.c.addLiteral("\n".join(ops))  # reportlab joins a stream's operators with newlines too
            return
        self.c.saveState()
        f, s = self._set(fill, stroke, lw, dash)
        if f or s:
            self.c.drawPath(p, stroke=s, fill=f, fillMode=FILL_EVEN_ODD if even_odd else FILL_NON_ZERO)
        self.c.restoreState()

    def new_path(self):
        return self.c.beginPath()

    def poly(self, points: Sequence[tuple[float, float]], close: bool = True, **style: Any) -> None:
        p = self.c.beginPath()
        p.moveTo(*points[0])
        for point in points[1:]:
            p.lineTo(*point)
        if close:
            p.close()
        self.path(p, **style)

    def rect(self, x: float, y: float, w: float, h: float, radius: float = 0.0, **style: Any) -> None:
        p = self.c.beginPath()
        if radius > 0:
            p.roundRect(x, y, w, h, min(radius, w / 2, h / 2))
        else:
            p.rect(x, y, w, h)
        self.path(p, **style)

    def centred_rect(self, length: float, width: float, cx: float = 0.0, cy: float = 0.0,
                     radius: float = 0.0, **style: Any) -> None:
        self.rect(cx - length / 2, cy - width / 2, length, width, radius, **style)

    def circle(self, x: float, y: float, r: float, **style: Any) -> None:
        p = self.c.beginPath()
        operators.ellipse(p, x - r, y - r, 2 * r, 2 * r)  # what p.circle(x, y, r) adds, reckoned faster
        self.path(p, **style)

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, **style: Any) -> None:
        p = self.c.beginPath()
        operators.ellipse(p, cx - rx, cy - ry, 2 * rx, 2 * ry)
        self.path(p, **style)

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: Color = INK, lw: float = 0.3,
             dash: Sequence[float] | None = None, cap: int = 1) -> None:
        ops = self._direct(None, stroke, lw, dash)
        cap_op = operators.cap(cap)
        if ops is not None and cap_op is not None:
            ops[1:1] = [cap_op]
            ops += (operators.line(x1, y1, x2, y2), "Q")
            self.c.addLiteral("\n".join(ops))
            return
        c = self.c
        c.saveState()
        c.setLineCap(cap)
        self._set(None, stroke, lw, dash)
        c.line(x1, y1, x2, y2)
        c.restoreState()

    def label(self, x: float, y: float, s: str, height_mm: float, colour: Color = INK,
              halo: Color | None = white, bold: bool = True, turn: float = 0.0) -> None:
        """Text centred on (x, y) with capitals `height_mm` tall, turned back by `turn` degrees to stay upright."""
        c = self.c
        c.saveState()
        c.translate(x, y)
        if turn:
            self.unturn(turn)
        font = BOLD if bold else FONT
        size_pt = height_mm / fonts.cap_height(font) / pt(1.0)
        outline = None
        if self.ink_saver:  # a big glyph is drawn as its outline (white inside costs no ink), a small one solid
            colour = INK if _light(colour) else colour
            if height_mm >= OUTLINED_LABEL_MM:
                colour, outline = white, colour
            halo = None
        text(c, 0.0, 0.0, s, size_pt, font, "middle", colour, middle=True, outline=outline, halo=halo,
             outline_mm=0.3)
        c.restoreState()


def quad(p: Any, x0: float, y0: float, qx: float, qy: float, x2: float, y2: float) -> None:
    """Append a quadratic Bézier (from the path's current point x0, y0) as a cubic."""
    p.curveTo(x0 + 2 / 3 * (qx - x0), y0 + 2 / 3 * (qy - y0), x2 + 2 / 3 * (qx - x2), y2 + 2 / 3 * (qy - y2),
              x2, y2)
