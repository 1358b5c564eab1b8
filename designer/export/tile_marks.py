"""The printers' marks of a 1:1 tile page that depend on its neighbours and orientation (used by `tiles.py`).

* `shared_marks` – registration marks in the strip a page shares with a neighbour: both pages print them at
  the same spot of the table, so laid one over the other their marks meet;
* `calibration_bars` – a 100 mm and a 4-inch bar along the long side and a 100 mm bar across: a printer can
  scale the two directions differently, so each direction gets measured.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from designer.export import pdf
from designer.export.paper import INCH_MM, Paper, Rect

#: Where along a shared edge its registration marks sit: clear of the glue note (¼) and the corners.
SHARED_AT = (0.5, 0.875)


def shared_marks(area: Rect, side: str, overlap_mm: float) -> list[tuple[float, float]]:
    """Registration marks in the middle of the strip a page shares with its neighbour on `side` (page mm).

    Both pages print them at the same spot of the table, so laid one over the other their marks meet."""
    if side in ("left", "right"):
        x = area.x + overlap_mm / 2 if side == "left" else area.right - overlap_mm / 2
        return [(x, area.y + area.h * f) for f in SHARED_AT]
    y = area.y + overlap_mm / 2 if side == "up" else area.bottom - overlap_mm / 2
    return [(area.x + area.w * f, y) for f in SHARED_AT]


def calibration_bars(c: Canvas, paper: Paper, m: float, a: float) -> None:
    """The bars on a tile page of `paper` with margins `m`, centred `a` from the edges (in the margins: a tile
    page's margin is never narrower than `paper.TILE_MARGIN_MM`)."""
    W, H = paper.width_mm, paper.height_mm
    landscape = paper.orientation == "landscape"
    four_in = 4 * INCH_MM
    bar_x, bar_y = a - pdf.BAR_THICKNESS / 2, H - a - pdf.BAR_THICKNESS / 2
    if landscape:
        pdf.calibration_bar(c, m + 6, bar_y, 100.0, 10, "100 mm")
        pdf.calibration_bar(c, W - m - 6 - four_in, bar_y, four_in, 8, "4 in", label_before=True)
        pdf.calibration_bar(c, bar_x, m + 6, 100.0, 10, "100 mm", vertical=True)
    else:
        pdf.calibration_bar(c, bar_x, m + 6, 100.0, 10, "100 mm", vertical=True)
        pdf.calibration_bar(c, bar_x, H - m - 6 - four_in, four_in, 8, "4 in", vertical=True, label_before=True)
        pdf.calibration_bar(c, m + 6, bar_y, 100.0, 10, "100 mm")
