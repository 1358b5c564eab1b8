"""Shared reportlab helpers: output handling, the mm page frame, text, and printers' marks.

Every drawing function in the export package works in millimetres with y pointing down, exactly like the
track document and the layout specs in `paper.py`: `mm_frame(c, paper)` installs that frame on a page
(one `cm` operator), and `text()` flips glyphs back upright. All text is DejaVu Sans, embedded as subsets
(`fonts.py`): `text()`, `width_mm()` and `wrap()` pass every string through `fonts.printable()`, so what is
measured is what is drawn and a character no font has prints as a visible mark; a document's canvas notes
those characters and warns once when it is saved. Arrows and triangles are drawn as vector shapes.

A build can be stopped between pages: `checkpoint()` runs at every new page of a document's canvas (and
between a table's elements), calling the check a caller installed for its thread with `checkpoints(check)`;
the editor's Cancel makes that check raise (`designer.app.export_worker`).

Printers' marks drawn here:
* `registration_mark` – a circle and cross centred on a point (corners of a tile's content area);
* `calibration_bar` – a stroked outline of exactly the stated length with alternate blocks filled;
* `cut_mark` – a short line with a white underlay so it shows on dark bleed too.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any, BinaryIO

from reportlab.lib.colors import Color, HexColor, black, white
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from designer import __version__
from designer.export import fonts, operators
from designer.export.fonts import BOLD, FONT
from designer.export.paper import MM, Paper
from designer.i18n import SOURCE_LANGUAGE, _, current_language

INK = HexColor("#1d1f23")
GREY = HexColor("#6b7079")
LIGHT = HexColor("#c9ccd1")
PALE = HexColor("#eceef1")

Output = str | Path | BinaryIO


# --- output ---------------------------------------------------------------------------------------
_check: ContextVar[Callable[[], None] | None] = ContextVar("kartographer_export_check", default=None)


@contextmanager
def checkpoints(check: Callable[[], None]) -> Iterator[None]:
    """Run `check()` at every `checkpoint()` of the builds inside the block (this thread's only); it stops a
    build by raising."""
    token = _check.set(check)
    try:
        yield
    finally:
        _check.reset(token)


def checkpoint() -> None:
    """Where a build may be stopped: between pages and between a table's elements."""
    check = _check.get()
    if check is not None:
        check()


class DocumentCanvas(Canvas):
    """A canvas that notes the characters its text could not print, and warns about them once when saved;
    every new page is a `checkpoint()`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lost_glyphs: set[str] = set()

    def showPage(self) -> None:
        checkpoint()
        super().showPage()

    def save(self) -> None:
        super().save()
        fonts.report(self.lost_glyphs)


def new_canvas(buffer: BinaryIO, title: str, subject: str = "") -> Canvas:
    """A canvas writing into `buffer`: compressed, reproducible (no timestamps), with document info.

    `title` and `subject` come translated; a German, Spanish or French PDF records its language in the
    catalogue (/Lang), an English one stays as it always was (no /Lang)."""
    fonts.ensure()
    language = current_language()
    c = DocumentCanvas(buffer, pageCompression=1, invariant=1, initialFontName=FONT,
                       lang=None if language == SOURCE_LANGUAGE else language)
    c.setTitle(title)
    c.setAuthor("Kartographer")
    c.setCreator(f"Kartographer {__version__} (reportlab)")
    if subject:
        c.setSubject(subject)
    return c


def deliver(data: bytes, out: Output) -> None:
    """Write finished PDF bytes to a binary file object, or atomically to a path."""
    if isinstance(out, (str, Path)):
        from designer.io.atomic import atomic_write_bytes

        atomic_write_bytes(out, data)
    else:
        out.write(data)


def write_sections(out: Output, title: str, subject: str, sections: Sequence[str], titles: dict[str, str],
                   render: Callable[[Canvas, str], int]) -> int:
    """One PDF of `sections` in order, each bookmarked under its title; `render(c, section)` draws a section
    and returns its page count. Returns the total page count. `subject` is a message (N_) translated here."""
    buffer = io.BytesIO()
    c = new_canvas(buffer, title, _("{subject}: {sections}").format(subject=_(subject), sections=", ".join(sections)))
    pages = 0
    for section in sections:
        key = f"section-{section}"
        c.bookmarkPage(key)
        c.addOutlineEntry(_(titles[section]), key, level=0)
        pages += render(c, section)
    c.save()
    deliver(buffer.getvalue(), out)
    return pages


@contextmanager
def mm_frame(c: Canvas, paper: Paper) -> Iterator[None]:
    """Draw on the current page in millimetres from its top-left corner, y down."""
    c.saveState()
    c.transform(MM, 0, 0, -MM, 0, paper.height_mm * MM)
    try:
        yield
    finally:
        c.restoreState()


def start_page(c: Canvas, paper: Paper) -> None:
    """Set the size of the page about to be drawn (call before drawing on it)."""
    c.setPageSize(paper.size_pt)


# --- text -----------------------------------------------------------------------------------------
def pt(size_pt: float) -> float:
    """A font size or line width given in points, in the mm frame's units."""
    return size_pt / MM


def width_mm(text: str, size_pt: float, font: str = FONT) -> float:
    return stringWidth(fonts.printable(text, font)[0], font, size_pt) / MM


def text(c: Canvas, x: float, y: float, s: str, size_pt: float = 7.0, font: str = FONT,
         anchor: str = "start", colour: Color = INK, middle: bool = False, angle: float = 0.0,
         outline: Color | None = None, halo: Color | None = None, outline_mm: float | None = None) -> None:
    """Text with its baseline at (x, y) in the mm frame (or centred on y when `middle`).

    `anchor` is start, middle or end; `angle` turns it clockwise; `outline` strokes the glyphs on top of
    their fill (`outline_mm` wide, else in proportion to the size), `halo` draws a wide stroke behind them so
    they read on any background.
    """
    if not s:
        return
    s, lost = fonts.printable(s, font)
    if lost and isinstance(c, DocumentCanvas):
        c.lost_glyphs.update(lost)
    size = pt(size_pt)
    # `s` is already printable: measure it as drawn, and only when the anchor needs it
    dx = 0.0 if anchor == "start" else -stringWidth(s, font, size_pt) / MM / (2 if anchor == "middle" else 1)
    dy = -size * fonts.cap_height(font) / 2 if middle else 0.0
    if halo is None and _direct_text(c, x, y, angle, s, font, size, dx, dy, colour, outline, outline_mm):
        return
    c.saveState()
    c.translate(x, y)
    if angle:
        c.rotate(angle)
    c.scale(1, -1)
    if halo is not None and outline is None:
        _halo_text(c, s, font, size, dx, dy, colour, halo)
        c.restoreState()
        return
    passes = []
    if halo is not None:
        passes.append((1, halo, size * 0.22))
    passes.append((2 if outline is not None else 0, outline, size * 0.07 if outline_mm is None else outline_mm))
    for mode, stroke, line in passes:
        c.saveState()  # the render mode is graphics state: q/Q keeps it from leaking into the next pass
        t = c.beginText()
        t.setFont(font, size)
        t.setTextOrigin(dx, dy)
        t.setTextRenderMode(mode)
        if stroke is not None:
            c.setStrokeColor(stroke)
            c.setLineWidth(line)
            c.setLineJoin(1)
        c.setFillColor(colour)
        t.textOut(s)
        c.drawText(t)
        c.restoreState()
    c.restoreState()


def _direct_text(c: Canvas, x: float, y: float, angle: float, s: str, font: str, size: float, dx: float,
                 dy: float, colour: Color, outline: Color | None, outline_mm: float | None) -> bool:
    """`text` without a halo, its operators written straight into `c` — byte for byte what the calls below in
    `text` write (tests/unit/test_text_operators.py), without the canvas copying its state at each q. False
    (nothing written) where only reportlab's calls are right: a font that is not an embedded TrueType subset
    font, a colour `operators.ColourOps` does not write itself."""
    face = pdfmetrics.getFont(font)
    if not getattr(face, "_dynamicFont", False) or type(s) is not str:
        return False
    colours = operators.ColourOps(c)
    fill = colours.fill(colour)
    stroke = None if outline is None else colours.stroke(outline)
    if fill is None or (outline is not None and stroke is None):
        return False
    code: list[str] = c._code
    code += ("q", operators.text_frame(x, y, angle), "q")
    if stroke is not None:
        code += (stroke, operators.width(size * 0.07 if outline_mm is None else outline_mm), "1 j")
    code += (fill, operators.text_object(c, face, size, dx, dy, 2 if outline is not None else 0, s), "Q", "Q")
    return True


def _halo_text(c: Canvas, s: str, font: str, size: float, dx: float, dy: float, colour: Color, halo: Color) -> None:
    """Text shown ONCE (so it extracts once, not "RRuubbbbllee"): render mode 5 strokes the halo and makes the
    glyphs the clip, then a box in the ink colour fills them, on top of the halo as a second pass would."""
    c.saveState()
    t = c.beginText()
    t.setFont(font, size)
    t.setTextOrigin(dx, dy)
    t.setTextRenderMode(5)
    c.setStrokeColor(halo)
    c.setLineWidth(size * 0.22)
    c.setLineJoin(1)
    t.textOut(s)
    c.drawText(t)
    c.setFillColor(colour)
    # Just over the font's box (DejaVu: ascent 0.93, descent 0.24 em); the clip trims it to the glyphs.
    c.rect(dx - 0.1 * size, dy - 0.3 * size, stringWidth(s, font, 1.0) * size + 0.2 * size, 1.35 * size,
           stroke=0, fill=1)
    c.restoreState()


#: What a measured width may exceed its box by and still fit: float rounding, far below a printer's dot.
FIT_SLACK_MM = 1e-6
#: The smallest size any printed word may have: below it a player cannot read it. Fitting never goes lower.
MIN_PT = 5.0

_cuts: ContextVar[list[str] | None] = ContextVar("kartographer_text_cuts", default=None)
_strict: ContextVar[bool] = ContextVar("kartographer_strict_fitting", default=False)


class TextCut(ValueError):
    """Raised inside `strict_fitting()` where a text would be cut short with an ellipsis."""


@contextmanager
def cuts() -> Iterator[list[str]]:
    """Collect, in the list yielded, every text the builds inside the block cut short (this thread's only)."""
    found: list[str] = []
    token = _cuts.set(found)
    try:
        yield found
    finally:
        _cuts.reset(token)


@contextmanager
def strict_fitting() -> Iterator[None]:
    """Make every cut inside the block raise TextCut naming the text (how the tests find one)."""
    token = _strict.set(True)
    try:
        yield
    finally:
        _strict.reset(token)


def _note_cut(s: str, max_width: float, size_pt: float) -> None:
    if _strict.get():
        raise TextCut(f"{s!r} is cut: {width_mm(s, size_pt):.1f} mm at {size_pt:.1f} pt in {max_width:.1f} mm")
    found = _cuts.get()
    if found is not None:
        found.append(s)


def fit_size(s: str, max_width: float, size_pt: float, font: str = FONT, min_pt: float = MIN_PT) -> float:
    """The largest size ≤ size_pt (down to min_pt, never below MIN_PT) at which `s` is at most `max_width` mm
    wide (a size asked for below MIN_PT is raised to it first)."""
    size_pt = max(size_pt, MIN_PT)
    width = width_mm(s, size_pt, font)
    if width <= max_width or width == 0:
        return size_pt
    return max(min_pt, MIN_PT, size_pt * max_width / width)


def fits(s: str, max_width: float, size_pt: float, font: str = FONT) -> bool:
    """Whether `s` is at most `max_width` mm wide at `size_pt`."""
    return width_mm(s, size_pt, font) <= max_width + FIT_SLACK_MM


def truncate(s: str, max_width: float, size_pt: float, font: str = FONT) -> str:
    """`s`, cut short with an ellipsis so it is at most `max_width` mm wide: a last resort for what a player
    typed (a name of any length); every cut is noted (`cuts()`) and raises inside `strict_fitting()`."""
    limit = max_width + FIT_SLACK_MM  # a size shrunk to fit exactly must not be cut for a rounding error
    if width_mm(s, size_pt, font) <= limit:
        return s
    _note_cut(s, max_width, size_pt)
    while s and width_mm(s + "…", size_pt, font) > limit:
        s = s[:-1]
    return s.rstrip() + "…" if s else ""


def fit_line(s: str, max_width: float, size_pt: float, font: str = FONT, min_pt: float = MIN_PT) -> tuple[str, float]:
    """`s` and the size to print it at so it is at most `max_width` mm wide: as given when it fits, else
    shrunk (not below `min_pt` nor MIN_PT), and only when even that is too wide, cut short (`truncate`)."""
    size = fit_size(s, max_width, size_pt, font, min_pt)
    return truncate(s, max_width, size, font), size


def fit_lines(s: str, max_width: float, size_pt: float, font: str = FONT, lines: int = 2,
              min_pt: float = MIN_PT) -> tuple[list[str], float]:
    """`s` on one line when it fits at a size ≥ min_pt, else wrapped on up to `lines` lines at the largest size
    (by quarter points, never below MIN_PT) where every word fits whole; the last resort is `fit_line`."""
    floor = max(min_pt, MIN_PT)
    size = fit_size(s, max_width, size_pt, font, floor)
    if fits(s, max_width, size, font):
        return [s], size
    size = max(size_pt, floor)
    while size >= floor:
        wrapped = wrap(s, max_width, size, font)
        whole = all(fits(word, max_width, size, font) for word in s.split())
        if whole and len(wrapped) <= lines:
            return wrapped, size
        size -= 0.25
    line, size = fit_line(s, max_width, size_pt, font, floor)
    return [line], size


def _pieces(word: str, max_width: float, size_pt: float, font: str) -> list[str]:
    """A word too wide for a line, cut into pieces that fit (a word never runs out of its box)."""
    pieces, piece = [], ""
    for ch in word:
        if piece and width_mm(piece + ch, size_pt, font) > max_width:
            pieces.append(piece)
            piece = ""
        piece += ch
    return [*pieces, piece] if piece else pieces


def wrap(s: str, max_width: float, size_pt: float, font: str = FONT) -> list[str]:
    """Lines of `s` no wider than `max_width` mm at `size_pt`; a word wider than a line is cut across lines.

    Measured as printed, but the lines keep the original characters so `text()` can note the lost ones.
    """
    space = width_mm(" ", size_pt, font)
    lines = []
    for part in s.split("\n"):
        line: list[str] = []
        used = -space
        for whole in part.split():
            w = width_mm(whole, size_pt, font)
            words = [whole] if w <= max_width else _pieces(whole, max_width, size_pt, font)
            for word in words:
                if len(words) > 1:
                    w = width_mm(word, size_pt, font)
                if line and used + space + w > max_width:
                    lines.append(" ".join(line))
                    line, used = [], -space
                line.append(word)
                used += space + w
        if line:
            lines.append(" ".join(line))
    return lines


def fit_paragraph(s: str, max_width: float, max_height: float, size_pt: float, font: str = FONT,
                  min_pt: float = MIN_PT, leading: float = 1.18) -> tuple[list[str], float]:
    """Wrap `s` into the box, shrinking the font by half points until it fits (never below min_pt nor MIN_PT);
    what still does not fit at the floor ends, as a last resort, in an ellipsis on the last line there is room
    for (noted as a cut, see `truncate`)."""
    min_pt = max(min_pt, MIN_PT)
    size = max(size_pt, min_pt)
    while True:
        lines = wrap(s, max_width, size, font)
        if len(lines) * pt(size) * leading <= max_height:
            return lines, size
        if size <= min_pt:
            room = max(1, int(max_height / (pt(size) * leading)))
            if len(lines) > room:
                _note_cut(s, max_width, size)
                last = lines[room - 1].rstrip()
                cut = truncate(last + "…", max_width, size, font)
                lines = [*lines[:room - 1], cut if cut.endswith("…") else truncate(last, max_width, size, font)]
            return lines, size
        size = max(min_pt, size - 0.5)


def paragraph(c: Canvas, x: float, y: float, lines: Sequence[str], size_pt: float, font: str = FONT,
              colour: Color = INK, leading: float = 1.18, anchor: str = "start") -> float:
    """Draw wrapped lines from the top `y`; returns the y below the last line."""
    step = pt(size_pt) * leading
    baseline = y + pt(size_pt) * fonts.cap_height(font)
    for line in lines:
        text(c, x, baseline, line, size_pt, font, anchor, colour)
        baseline += step
    return y + step * len(lines)


def column_widths(titles: Sequence[str], shares: Sequence[float], total: float, size_pt: float, font: str = BOLD,
                  pad: float = 1.5) -> tuple[list[float], float]:
    """Widths of table columns sharing `total` mm and the size for their headings: each column at least as wide
    as its heading plus `pad` (at the largest size from `size_pt` down to MIN_PT where all fit), the rest of
    the room shared out by `shares`."""
    size = size_pt
    while size > MIN_PT and sum(width_mm(t, size, font) + pad for t in titles) > total:
        size = max(MIN_PT, size - 0.25)
    needs = [width_mm(t, size, font) + pad for t in titles]
    fixed: set[int] = set()
    while True:
        free = total - sum(needs[i] for i in fixed)
        rest = sum(share for i, share in enumerate(shares) if i not in fixed) or 1.0
        widths = [needs[i] if i in fixed else free * share / rest for i, share in enumerate(shares)]
        short = {i for i, w in enumerate(widths) if w < needs[i] - 1e-9} - fixed
        if not short or len(fixed | short) == len(widths):
            return widths, size
        fixed |= short


def lines_middle(c: Canvas, x: float, y: float, lines: Sequence[str], size_pt: float, font: str = FONT,
                 anchor: str = "start", colour: Color = INK, leading: float = 1.1) -> None:
    """Lines (`fit_lines`' answer) centred as a block on `y`, each anchored at `x`."""
    step = pt(size_pt) * leading
    first = y - step * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        text(c, x, first + i * step, line, size_pt, font, anchor, colour, middle=True)


# --- shapes ---------------------------------------------------------------------------------------
def polygon_path(c: Canvas, points: Sequence[tuple[float, float]], close: bool = True) -> Any:
    p = c.beginPath()
    x0, y0 = points[0]
    p.moveTo(x0, y0)
    for x, y in points[1:]:
        p.lineTo(x, y)
    if close:
        p.close()
    return p


def triangle(c: Canvas, x: float, y: float, direction: str, size: float, colour: Color = INK) -> None:
    """A solid arrowhead centred on (x, y) pointing left, right, up or down (size = its width in mm)."""
    h = size / 2
    tips = {
        "left": [(x - h, y), (x + h, y - h), (x + h, y + h)],
        "right": [(x + h, y), (x - h, y - h), (x - h, y + h)],
        "up": [(x, y - h), (x - h, y + h), (x + h, y + h)],
        "down": [(x, y + h), (x - h, y - h), (x + h, y - h)],
    }[direction]
    c.setFillColor(colour)
    c.drawPath(polygon_path(c, tips), stroke=0, fill=1)


def hatch(c: Canvas, x: float, y: float, w: float, h: float, spacing: float = 3.0,
          colour: Color = LIGHT, width: float = 0.2) -> None:
    """45° hatching inside a rectangle."""
    c.saveState()
    p = c.beginPath()
    p.rect(x, y, w, h)
    c.clipPath(p, stroke=0, fill=0)
    c.setStrokeColor(colour)
    c.setLineWidth(width)
    offset = 0.0
    while offset < w + h:
        c.line(x + offset, y, x + offset - h, y + h)
        offset += spacing
    c.restoreState()


def registration_mark(c: Canvas, x: float, y: float, radius: float = 2.5) -> None:
    """A target centred on (x, y): a circle and a cross reaching 1.6 radii each way.

    A tiled track has ten or so on every page, so they are written as the calls below would write them
    (see export.operators), without reportlab's graphics-state copy; a canvas whose colours need
    reportlab's own call gets the calls.
    """
    ink = operators.ColourOps(c).stroke(black)
    if ink is None:
        _registration_mark_calls(c, x, y, radius)
        return
    arm = radius * 1.6
    ops = ["q", ink, operators.width(pt(0.5))]
    operators.ellipse(PDFPathObject(code=ops), x - radius, y - radius, 2 * radius, 2 * radius)  # c.circle's
    ops += ("S", operators.line(x - arm, y, x + arm, y), operators.line(x, y - arm, x, y + arm), "Q")
    c.addLiteral("\n".join(ops))


def _registration_mark_calls(c: Canvas, x: float, y: float, radius: float) -> None:
    c.saveState()
    c.setStrokeColor(black)
    c.setLineWidth(pt(0.5))
    c.circle(x, y, radius, stroke=1, fill=0)
    arm = radius * 1.6
    c.line(x - arm, y, x + arm, y)
    c.line(x, y - arm, x, y + arm)
    c.restoreState()


def cut_mark(c: Canvas, x1: float, y1: float, x2: float, y2: float) -> None:
    """A thin black cut line on a white underlay, readable on white paper and on dark bleed (written as
    `registration_mark` is, for the same reason: a card sheet has dozens)."""
    colours = operators.ColourOps(c)
    under, ink = colours.stroke(white), colours.stroke(black)
    if under is None or ink is None:
        _cut_mark_calls(c, x1, y1, x2, y2)
        return
    line = operators.line(x1, y1, x2, y2)
    c.addLiteral("\n".join(("q", operators.cap(0) or "", under, operators.width(pt(1.6)), line, ink,
                             operators.width(pt(0.4)), line, "Q")))


def _cut_mark_calls(c: Canvas, x1: float, y1: float, x2: float, y2: float) -> None:
    c.saveState()
    c.setLineCap(0)
    c.setStrokeColor(white)
    c.setLineWidth(pt(1.6))
    c.line(x1, y1, x2, y2)
    c.setStrokeColor(black)
    c.setLineWidth(pt(0.4))
    c.line(x1, y1, x2, y2)
    c.restoreState()


BAR_THICKNESS = 2.0


def calibration_bar(c: Canvas, x: float, y: float, length_mm: float, divisions: int, label: str,
                    vertical: bool = False, label_before: bool = False, size_pt: float = 6.0) -> None:
    """A ruler of exactly `length_mm` from (x, y) (rightwards, or downwards when `vertical`).

    The outline is one stroked rectangle (the `re` a test measures) over `divisions` alternate filled
    blocks; the label sits just past the end, or just before the start with `label_before`.
    """
    t = BAR_THICKNESS
    c.saveState()
    c.setFillColor(black)
    step = length_mm / divisions
    for i in range(0, divisions, 2):
        if vertical:
            c.rect(x, y + i * step, t, step, stroke=0, fill=1)
        else:
            c.rect(x + i * step, y, step, t, stroke=0, fill=1)
    c.setLineWidth(pt(0.35))
    c.setStrokeColor(black)
    if vertical:
        c.rect(x, y, t, length_mm, stroke=1, fill=0)
        at, anchor = (y - 1.5, "end") if label_before else (y + length_mm + 1.5, "start")
        text(c, x + t / 2, at, label, size_pt, BOLD, anchor, middle=True, angle=90)
    else:
        c.rect(x, y, length_mm, t, stroke=1, fill=0)
        at, anchor = (x - 1.5, "end") if label_before else (x + length_mm + 1.5, "start")
        text(c, at, y + t / 2, label, size_pt, BOLD, anchor, middle=True)
    c.restoreState()


def label_with_arrow(c: Canvas, x: float, y: float, label: str, direction: str, size_pt: float = 8.0,
                     colour: Color = INK) -> None:
    """A neighbour's label with a triangle pointing its way, centred on (x, y): "◀ A2", "C2 ▶", "▲ B1"."""
    tri = pt(size_pt) * 0.8
    gap = tri * 0.5
    total = tri + gap + width_mm(label, size_pt, BOLD)
    if direction in ("left", "up"):
        triangle(c, x - total / 2 + tri / 2, y, direction, tri, colour)
        text(c, x - total / 2 + tri + gap, y, label, size_pt, BOLD, "start", colour, middle=True)
    else:
        text(c, x - total / 2, y, label, size_pt, BOLD, "start", colour, middle=True)
        triangle(c, x + total / 2 - tri / 2, y, direction, tri, colour)


def arrow_label_width(label: str, size_pt: float) -> float:
    tri = pt(size_pt) * 0.8
    return tri * 1.5 + width_mm(label, size_pt, BOLD)


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def darker(colour: Color, factor: float = 0.6) -> Color:
    return Color(colour.red * factor, colour.green * factor, colour.blue * factor)


def lighter(colour: Color, factor: float = 0.5) -> Color:
    return Color(lerp(colour.red, 1, factor), lerp(colour.green, 1, factor), lerp(colour.blue, 1, factor))


def star_points(cx: float, cy: float, outer: float, inner: float, points: int = 5,
                rotation_deg: float = -90.0) -> list[tuple[float, float]]:
    """Corners of a star centred on (cx, cy), first tip at `rotation_deg` (−90 = up in a y-down frame)."""
    out = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = math.radians(rotation_deg + i * 180.0 / points)
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out
