"""Axles and Alloys II vehicle sheets: one per vehicle, two to a page, from the rule data's weight classes.

Each sheet has the vehicle's number and name line, the weight-class table to tick one row of (arena and
race MAX / ACC / DEC / TURN, hull and capacity), the hull grid with each line's threshold, one line per
component slot, and the systems every car has with their damage boxes: the blank to fill in by hand (a
built car prints its own sheet: `vehicle_print.py`; the blocks both draw are in `sheet_parts.py`). Drawn
with reportlab in the print shop's page frame; no Qt.
"""

from __future__ import annotations

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from designer.export import pdf
from designer.export.dashboards import render_player_sheets
from designer.export.options import PrintJob
from designer.export.painter import Painter
from designer.export.paper import LayoutError, Rect
from designer.export.pdf import BOLD, FONT, GREY, INK, LIGHT, text
from designer.export.tokens import KART_COLOURS
from designer.i18n import N_, _
from designer.systems.axles_alloys_2 import sheet_parts
from designer.systems.axles_alloys_2.rule_data import AxlesRules, axles_rules, weight_class_name
from designer.systems.axles_alloys_2.sheet_parts import HEADER_MM

#: MAX, ACC, DEC and TURN are the rulebook's own stat names and stay as printed there.
COLUMNS = (N_("CLASS"), "MAX", "ACC", "DEC", "TURN", N_("RACE MAX"), "ACC", "DEC", "TURN", N_("HULL"), N_("CAPACITY"))
ROW_MM = 6.5


def table_rows(axles: AxlesRules, ruleset_id: str) -> list[tuple[str, ...]]:
    """One row per weight class: its name, arena and race stat lines, hull boxes and capacity."""
    return [(weight_class_name(ruleset_id, w), str(w.max), str(w.acc), str(w.dec), str(w.turn), str(w.race.max),
             str(w.race.acc), str(w.race.dec), str(w.race.turn),
             f"{w.hit_point_lines} × {w.boxes_per_line}", str(w.capacity))
            for w in axles.weight_classes]


def draw_vehicle_sheet(c: Canvas, number: int, axles: AxlesRules, area: Rect, ruleset_id: str) -> None:
    p = Painter(c)
    colour: Color = HexColor(KART_COLOURS[(number - 1) % len(KART_COLOURS)])
    sheet_parts.frame(c, area, colour, _("VEHICLE {n}").format(n=number), 26)
    sheet_parts.write_in(c, area.x + 34, area.right - 5, area.y + HEADER_MM / 2, _("Name"))

    x0, y = area.x + 4.0, area.y + HEADER_MM + 4.0
    width = area.w - 8.0
    text(c, x0, y + 2, *pdf.fit_line(_("WEIGHT CLASS (tick one)"), width, 7, BOLD), BOLD, colour=colour)
    y += 4.0
    tick_w = 6.0
    col_w = (width - tick_w) / len(COLUMNS)
    for i, name in enumerate(COLUMNS):
        text(c, x0 + tick_w + (i + 0.5) * col_w, y + ROW_MM / 2, *pdf.fit_line(_(name), col_w - 1, 5.5, BOLD), BOLD,
             "middle", GREY, middle=True)
    y += ROW_MM
    for row in table_rows(axles, ruleset_id):
        p.rect(x0, y + 1.0, 4.0, 4.0, 0.6, fill=white, stroke=colour, lw=0.4)
        for i, cell in enumerate(row):
            font = BOLD if i == 0 else FONT
            text(c, x0 + tick_w + (i + 0.5) * col_w, y + ROW_MM / 2, *pdf.fit_line(cell, col_w - 1, 8, font), font,
                 "middle", INK, middle=True)
        p.line(x0, y + ROW_MM, x0 + width, y + ROW_MM, LIGHT, 0.3)
        y += ROW_MM

    y += 3.0
    # the hull and the component lines on the left, the systems every car has on the right
    split = width * 0.56
    sheet_parts.systems(c, x0 + split + 5.0, y - 1.0, width - split - 5.0, colour, axles)
    width = split
    boxes = max(w.boxes_per_line for w in axles.weight_classes)
    lines = max(w.hit_point_lines for w in axles.weight_classes)
    per_class = " · ".join(f"{weight_class_name(ruleset_id, w)} {w.boxes_per_line}" for w in axles.weight_classes)
    hull = _("HULL (boxes a line: {classes}; cross off the ones your class lacks)").format(classes=per_class)
    text(c, x0, y + 2, *pdf.fit_line(hull, width, 7, BOLD, 4.0), BOLD, colour=colour)
    y = sheet_parts.hull_lines(c, x0, y + 4.0, width, boxes, lines, axles.thresholds, colour)

    y += 3.0
    slots = max(w.capacity for w in axles.weight_classes)
    per_class = " · ".join(f"{weight_class_name(ruleset_id, w)} {w.capacity}" for w in axles.weight_classes)
    components = _("COMPONENTS (capacity: {classes})").format(classes=per_class)
    text(c, x0, y + 2, *pdf.fit_line(components, width, 7, BOLD), BOLD, colour=colour)
    y += 3.0
    step = min(6.0, (area.bottom - 3.0 - y) / slots)
    for k in range(slots):
        y += step
        text(c, x0, y - 0.8, f"{k + 1}", 7, FONT, colour=GREY)
        p.line(x0 + 5, y, x0 + width, y, LIGHT, 0.4)


def render_vehicle_sheets(c: Canvas, job: PrintJob) -> int:
    """One sheet per vehicle of the document (`karts`), two to a portrait page; returns the pages drawn."""
    axles = axles_rules(job.ruleset)
    if axles is None:
        raise LayoutError(_("ruleset '{id}' has no vehicle rules").format(id=job.ruleset.id))
    need = HEADER_MM + 8 + ROW_MM * (1 + len(axles.weight_classes)) + 7 + 7.6 * 3 + 3 + 6 * 3
    return render_player_sheets(
        c, job, lambda c, number, area: draw_vehicle_sheet(c, number, axles, area, job.ruleset.id),
        lambda area: area.h >= need and area.w >= 150,
        _("vehicle sheets do not fit this paper; try a larger one or a smaller margin"))
