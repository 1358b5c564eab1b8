"""The speed floor: the least a program can do to print a track file as 1:1 tiles, with reportlab alone.

It reads the track file with `json` (no pydantic, no shapely, nothing of Kartographer), draws the table
once into a form, as our export does — the surface as one thick stroke along the centre line, each element
as a rotated box or disc with its id in the same embedded DejaVu Sans — and places that form on an
assembly-map page and on every page of the same A4 tile grid (10 mm margin, 10 mm overlap, the orientation
with fewer pages), each clipped to its window and labelled. Whole-process wall time of this script is the
floor `kartographer export --what track` is measured against (side_by_side.py):

    python tests/benchmarks/floor_reportlab.py /tmp/crowded-400.track.json /tmp/floor.pdf [--with-libraries]

`--with-libraries` first imports the other libraries our export stands on (pydantic's BaseModel, shapely and
so numpy) without using them: the difference to the plain floor is what those imports alone cost.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/local/share/fonts")
A4 = (210.0, 297.0)
MARGIN, OVERLAP = 10.0, 10.0
ROUND = ("item_box", "coin", "hazard", "piranha_plant", "chain_chomp", "oil_slick", "banana")


def _font() -> str:
    for folder in FONT_DIRS:
        path = Path(folder) / "DejaVuSans.ttf"
        if path.is_file():
            pdfmetrics.registerFont(TTFont("Floor-Sans", str(path)))
            return "Floor-Sans"
    return "Helvetica"


def _grid(table_w: float, table_h: float) -> tuple[float, float, int, int]:
    """(page width, page height, columns, rows) of the orientation with fewer pages."""
    best = None
    for pw, ph in (A4, A4[::-1]):
        cw, ch = pw - 2 * MARGIN, ph - 2 * MARGIN
        cols = max(1, math.ceil((table_w - OVERLAP) / (cw - OVERLAP)))
        rows = max(1, math.ceil((table_h - OVERLAP) / (ch - OVERLAP)))
        if best is None or cols * rows < best[2] * best[3]:
            best = (pw, ph, cols, rows)
    assert best is not None
    return best


def _draw_table(c: Canvas, data: dict, font: str) -> None:
    """Everything on the table, in table millimetres with y down (the form's own frame)."""
    track = data.get("track") or {}
    points = track.get("centerline") or []
    if len(points) >= 2:
        c.setStrokeColor(HexColor("#4d5056"))
        c.setLineWidth(track.get("width_mm", 250.0))
        c.setLineJoin(1)
        c.setLineCap(1)
        path = c.beginPath()
        path.moveTo(*points[0])
        for x, y in points[1:]:
            path.lineTo(x, y)
        if track.get("closed"):
            path.close()
        c.drawPath(path, stroke=1, fill=0)
    c.setLineWidth(0.3)
    c.setStrokeColor(HexColor("#202020"))
    c.setFillColor(HexColor("#f2c230"))
    for element in data.get("elements", []):
        c.saveState()
        c.translate(element["x_mm"], element["y_mm"])
        c.rotate(element.get("rotation_deg", 0.0))
        if element["kind"] in ROUND:
            c.circle(0, 0, 12, stroke=1, fill=1)
        else:
            c.rect(-20, -10, 40, 20, stroke=1, fill=1)
        c.scale(1, -1)
        c.setFillColor(HexColor("#202020"))
        c.setFont(font, 2.5)
        c.drawCentredString(0, -1, element["id"])
        c.restoreState()


def write(track_file: Path, output: Path) -> int:
    data = json.loads(track_file.read_text(encoding="utf-8"))
    table_w, table_h = data["table"]["width_mm"], data["table"]["height_mm"]
    font = _font()
    pw, ph, cols, rows = _grid(table_w, table_h)
    c = Canvas(str(output), pagesize=(pw * mm, ph * mm), pageCompression=1, invariant=1)
    c.beginForm("table", 0, 0, table_w, table_h)
    _draw_table(c, data, font)
    c.endForm()

    def frame() -> None:  # millimetres, y down, origin at the page's top-left corner
        c.translate(0, ph * mm)
        c.scale(mm, -mm)

    # the assembly map: the whole table scaled into the page
    c.saveState()
    frame()
    scale = min((pw - 2 * MARGIN) / table_w, (ph - 2 * MARGIN - 20) / table_h)
    c.translate(MARGIN, MARGIN + 20)
    c.scale(scale, scale)
    c.doForm("table")
    c.restoreState()
    c.showPage()
    cw, ch = pw - 2 * MARGIN, ph - 2 * MARGIN
    for row in range(rows):
        for col in range(cols):
            c.saveState()
            frame()
            clip = c.beginPath()
            clip.rect(MARGIN, MARGIN, cw, ch)
            c.clipPath(clip, stroke=0, fill=0)
            c.translate(MARGIN - col * (cw - OVERLAP), MARGIN - row * (ch - OVERLAP))
            c.doForm("table")
            c.restoreState()
            c.setFont(font, 9)
            c.drawString(MARGIN * mm, 4 * mm, f"{chr(65 + col)}{row + 1}  {data.get('name', '')}")
            c.showPage()
    c.save()
    return 1 + cols * rows


def import_libraries() -> None:
    """What our commands import besides reportlab before they do anything (see --with-libraries)."""
    import pydantic
    import shapely

    assert pydantic.BaseModel and shapely.Polygon


if __name__ == "__main__":
    if "--with-libraries" in sys.argv:
        import_libraries()
    pages = write(Path(sys.argv[1]), Path(sys.argv[2]))
    print(f"wrote {sys.argv[2]}: {pages} pages")
