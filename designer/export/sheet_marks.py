"""The scale checks and the blank edge every cut-out sheet shares (cards, tokens, kits, mats, stickers, vehicle
sheets; the track's tiles have their own in `tile_marks`).

Most printers leave the outer few millimetres of the paper blank, so nothing — no word, no cut mark, no bar —
comes nearer the edge than `KEEP_OUT_MM`. Each page carries a calibration bar across and one down, so a maker
can check both directions of the print before cutting:

* `margin_bars` – for a sheet laid out in a content area: the bars lie in the band between that area and the
  blank edge (the bottom band for the one across, the right-hand band for the one down);
* `card_marks` – for a card grid (`paper.card_grid`): cut marks along every card edge, outside the block, and
  the bars in the white band beside the block, between the cut marks.

A bar is 100 mm, or the longest of `BAR_LENGTHS_MM` that fits with its label. Drawn in the mm frame; no Qt.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from designer.export import pdf
from designer.export.paper import CardGrid, Paper, Rect, fmt_mm
from designer.i18n import _

#: No text or mark comes nearer the paper's edge than this.
KEEP_OUT_MM = 5.0
BAR_LENGTHS_MM = (100.0, 50.0, 40.0, 30.0, 20.0)
#: what a bar's label ("100 mm", 6 pt) takes past the bar's end
LABEL_ROOM_MM = 9.0
#: the width of band a bar and its label need, across the bar (a thinner band than `ROOMY_BAND_MM` gets a smaller
#: label)
BAR_BAND_MM, ROOMY_BAND_MM = 2.4, 3.4
#: the shortest cut mark worth drawing, and the longest drawn
CUT_MIN_MM, CUT_MAX_MM = 4.0, 7.0


def printable(paper: Paper) -> Rect:
    """The paper less its blank edge."""
    return Rect(0, 0, paper.width_mm, paper.height_mm).inset(KEEP_OUT_MM)


def bar_length(room: float) -> float | None:
    """The longest bar that fits in `room` mm with its label (None: not even the shortest)."""
    return next((n for n in BAR_LENGTHS_MM if n + LABEL_ROOM_MM <= room), None)


def bar(c: Canvas, x: float, y: float, room: float, vertical: bool = False, band: float = ROOMY_BAND_MM) -> bool:
    """The longest bar fitting `room` from (x, y), centred across on (x, y): rightwards, or downwards when
    `vertical`, in a band `band` mm wide. False when none fits."""
    length = bar_length(room)
    if length is None:
        return False
    half = pdf.BAR_THICKNESS / 2
    label = _("{mm} mm").format(mm=fmt_mm(length))
    size = 6.0 if band >= ROOMY_BAND_MM else 5.0
    if vertical:
        pdf.calibration_bar(c, x - half, y, length, 10, label, vertical=True, size_pt=size)
    else:
        pdf.calibration_bar(c, x, y - half, length, 10, label, size_pt=size)
    return True


def _band(inner: float, outer: float) -> tuple[float, float] | None:
    """The middle and width of the band from a content edge at `inner` to the blank edge at `outer` (either
    order), or None when a bar does not fit in it."""
    if abs(outer - inner) < BAR_BAND_MM:
        return None
    return (inner + outer) / 2, abs(outer - inner)


def margin_bars(c: Canvas, paper: Paper, content: Rect, across: bool = True) -> None:
    """A bar across in the bottom band under `content` (from its left) and a bar down in the right-hand band
    beside it (from its top), each between the content and the blank edge; `across` False: the sheet draws
    its own bar across."""
    edge = printable(paper)
    band = _band(content.bottom, edge.bottom)
    if across and band is not None:
        bar(c, content.x, band[0], edge.right - content.x, band=band[1])
    down = _band(content.right, edge.right)
    if down is not None:
        bar(c, down[0], content.y, edge.bottom - content.y, vertical=True, band=down[1])


# --- card grids -------------------------------------------------------------------------------------
def cut_marks(c: Canvas, grid: CardGrid) -> None:
    """Marks along every card edge, outside the block only: from 1 mm off the trim towards the paper's edge,
    stopping at the blank edge; a side with no room for a mark of `CUT_MIN_MM` gets none."""
    xs, ys = grid.cut_lines()
    b = grid.block
    edge = printable(grid.paper)
    n = CUT_MAX_MM + 1.0
    top, bottom = (b.y - 1.0, max(edge.y, b.y - n)), (b.bottom + 1.0, min(edge.bottom, b.bottom + n))
    left, right = (b.x - 1.0, max(edge.x, b.x - n)), (b.right + 1.0, min(edge.right, b.right + n))
    for x in xs:
        for y0, y1 in (top, bottom):
            if abs(y1 - y0) >= CUT_MIN_MM - 1e-6:
                pdf.cut_mark(c, x, y0, x, y1)
    for y in ys:
        for x0, x1 in (left, right):
            if abs(x1 - x0) >= CUT_MIN_MM - 1e-6:
                pdf.cut_mark(c, x0, y, x1, y)


def card_marks(c: Canvas, grid: CardGrid) -> None:
    """Cut marks and the two bars of a card sheet: across in the white band above the block (below it when
    the top is too thin), over the first column between its cut marks; down in the band left of the block
    (right of it when too thin), beside the first row."""
    cut_marks(c, grid)
    b, bleed, edge = grid.block, grid.bleed_mm, printable(grid.paper)
    xs, ys = grid.cut_lines()
    across, column = _band(b.y - bleed, edge.y), 0
    if across is None:  # under the block: under a middle column, clear of the notes under the outer ones
        across, column = _band(b.bottom + bleed, edge.bottom), grid.cols // 2
        across = across if grid.cols >= 3 else None
    room = grid.card_w - 4.0
    length = bar_length(room)
    if across is not None and length is not None:
        bar(c, xs[column] + (grid.card_w - length - LABEL_ROOM_MM) / 2, across[0], room, band=across[1])
    down = _band(b.x - bleed, edge.x) or _band(b.right + bleed, edge.right)
    room = grid.card_h - 4.0
    length = bar_length(room)
    if down is not None and length is not None:
        bar(c, down[0], ys[0] + (grid.card_h - length - LABEL_ROOM_MM) / 2, room, vertical=True, band=down[1])


def card_note_line(grid: CardGrid) -> float | None:
    """Where a line of small notes under the card block goes (its middle), or None: no room above the
    blank edge."""
    y = grid.block.bottom + grid.bleed_mm + 2.5
    return y if y + 1.5 <= printable(grid.paper).bottom else None


def cut_line(c: Canvas, page_w: float, y: float) -> None:
    """A dashed line across the page between two sheets, with the word "cut" in a gap at its middle (the line
    never runs through it)."""
    from designer.export.painter import Painter

    label = _("cut")
    half = pdf.width_mm(label, 6, pdf.FONT) / 2 + 1.5
    for a, b in ((KEEP_OUT_MM, page_w / 2 - half), (page_w / 2 + half, page_w - KEEP_OUT_MM)):
        Painter(c).line(a, y, b, y, pdf.GREY, 0.15, dash=(2, 2), cap=0)
    pdf.text(c, page_w / 2, y, label, 6, pdf.FONT, "middle", pdf.GREY, middle=True)
