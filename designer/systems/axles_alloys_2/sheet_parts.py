"""Drawing blocks shared by the two Axles and Alloys II vehicle sheets: the blank per-class sheet of a track's
print (`vehicle_sheet.py`) and the sheet of one built car (`vehicle_print.py`).

Each block draws at a top-left corner in the print shop's mm frame (y down) and returns the y below it, so a
sheet stacks them: the coloured frame and title band, a section heading, the hit-point lines with what
crossing one out does (the rule data's thresholds), the fixed systems every car has with their damaged and
destroyed boxes (what each does, with the rule data's numbers: MAX ÷, MAX −, TURN −, DEC), tick boxes and the
1:1 footprint outline. Tick boxes are 5 mm or more: pencils at a table.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from designer.export import pdf
from designer.export.painter import Painter
from designer.export.paper import Rect, fmt_mm
from designer.export.pdf import BOLD, FONT, GREY, INK, text
from designer.geometry.units import format_length
from designer.i18n import _
from designer.systems.axles_alloys_2.rule_data import AxlesRules, Threshold

HEADER_MM = 13.0
HIT_BOX_MM = 6.0
TICK_MM = 5.0
HEADING_MM = 5.0
SYSTEM_ROW_MM = 6.6

def system_rows(a: AxlesRules) -> list[tuple[str, str | None, str]]:
    """Each system every car has, with what a damaged and a destroyed one does (None: that state does not
    exist for it), in our own short words with the rule data's numbers (`axles`)."""
    return [
        (_("Engine"), _("MAX ÷ {n}").format(n=a.engine_damaged_max_divisor),
         _("MAX −{n} each turn").format(n=f"{a.engine_lost_slowdown_in:g}")),
        (_("Steering"), _("TURN −{n}").format(n=a.steering_damaged_turn_loss), _("no turns")),
        (_("Brakes"), None, _("DEC down to {n}").format(n=a.brakes_lost_dec)),
        (_("Fuel tank"), None, _("car destroyed")),
        (_("Driver"), None, _("dead")),
    ]

def _faces(faces: Sequence[int]) -> str:
    if not faces:
        return ""
    return f"{faces[0]}" if len(faces) == 1 else f"{faces[0]}–{faces[-1]}"


def threshold_note(threshold: Threshold | None) -> str:
    """What crossing out a hull line does, in a few words."""
    if threshold is None:
        return ""
    if threshold.destroys_vehicle:
        return _("destroyed")
    faces = _faces(sorted(threshold.component_lost_on))
    return _("lose a component on {faces}").format(faces=faces) if faces else ""


def frame(c: Canvas, area: Rect, colour: Color, title: str, title_width: float) -> None:
    """The sheet's rounded outline and its coloured title band with `title` in white at the left."""
    p = Painter(c)
    p.rect(area.x, area.y, area.w, area.h, 3.0, fill=white, stroke=colour, lw=0.8)
    p.rect(area.x, area.y, area.w, HEADER_MM, 3.0, fill=colour, stroke=None)
    p.rect(area.x, area.y + HEADER_MM / 2, area.w, HEADER_MM / 2, fill=colour, stroke=None)
    text(c, area.x + 5, area.y + HEADER_MM / 2, *pdf.fit_line(title, title_width, 14, BOLD, 7), BOLD, "start", white,
         middle=True)


def write_in(c: Canvas, x: float, right: float, mid: float, label: str, value: str = "", size: float = 8.0) -> None:
    """A white "Label ______" in the title band from `x` to `right`, or "Label value" when there is a value."""
    label_text, label_size = pdf.fit_line(label, max(4.0, (right - x) * 0.4), size, FONT)
    text(c, x, mid, label_text, label_size, FONT, "start", white, middle=True)
    start = x + pdf.width_mm(label_text, label_size) + 1.5
    if value:
        text(c, start, mid, *pdf.fit_line(value, right - start, size + 2, BOLD, 6), BOLD, "start", white, middle=True)
    else:
        Painter(c).line(start, mid + 2.2, right, mid + 2.2, white, 0.4)


def heading(c: Canvas, x: float, y: float, width: float, title: str, colour: Color) -> float:
    text(c, x, y + 3.0, *pdf.fit_line(title, width, 7.5, BOLD, 5.0), BOLD, colour=colour)
    return y + HEADING_MM


def tick_box(p: Painter, x: float, y: float, colour: Color, size: float = TICK_MM) -> None:
    p.rect(x, y, size, size, 0.8, fill=white, stroke=colour, lw=0.45)


def hull_lines(c: Canvas, x: float, y: float, width: float, boxes: int, lines: int,
               thresholds: Sequence[Threshold], colour: Color) -> float:
    """`lines` rows of `boxes` hit-point boxes (6 mm), each row marked with what crossing it out does."""
    p = Painter(c)
    by_line = {t.line: t for t in thresholds}
    step = HIT_BOX_MM + 1.6
    label_w = 9.0
    for line in range(1, lines + 1):
        text(c, x, y + HIT_BOX_MM / 2, *pdf.fit_line(f"{line}", label_w - 1, 9, BOLD), BOLD, colour=colour,
             middle=True)
        for b in range(boxes):
            bx = x + label_w + b * step
            p.rect(bx, y, HIT_BOX_MM, HIT_BOX_MM, 1.0, fill=white, stroke=colour, lw=0.5)
        note_x = x + label_w + boxes * step + 1.0
        note = threshold_note(by_line.get(line))
        text(c, note_x, y + HIT_BOX_MM / 2, *pdf.fit_line(note, x + width - note_x, 7.5, BOLD, 4.5), BOLD,
             colour=INK, middle=True)
        y += step
    return y


#: Rows of `system_rows`: the engine, the steering, the brakes, the fuel tank and the driver.
SYSTEM_COUNT = 5


def systems_height() -> float:
    return HEADING_MM + 4.0 + SYSTEM_ROW_MM * SYSTEM_COUNT


def systems(c: Canvas, x: float, y: float, width: float, colour: Color, a: AxlesRules) -> float:
    """The fixed systems with a damaged and a destroyed tick box each, and what either state does."""
    p = Painter(c)
    y = heading(c, x, y, width, _("SYSTEMS (every car)"), colour)
    name_w = min(24.0, width * 0.27)
    col_w = (width - name_w) / 2
    for i, head in enumerate((_("damaged"), _("destroyed"))):
        text(c, x + name_w + i * col_w, y + 2.2, *pdf.fit_line(head, col_w - 1, 6.5, BOLD, 4.5), BOLD, colour=GREY)
    y += 4.0
    for name, damaged, destroyed in system_rows(a):
        box_y = y + (SYSTEM_ROW_MM - TICK_MM) / 2
        mid = y + SYSTEM_ROW_MM / 2
        text(c, x, mid, *pdf.fit_line(name, name_w - 1.5, 8, BOLD, 5), BOLD, middle=True)
        for i, effect in enumerate((damaged, destroyed)):
            if effect is None:
                continue
            bx = x + name_w + i * col_w
            tick_box(p, bx, box_y, colour)
            left = bx + TICK_MM + 1.2
            text(c, left, mid, *pdf.fit_line(effect, bx + col_w - 1.0 - left, 6.5, FONT, 4.0), FONT,
                 colour=GREY, middle=True)
        y += SYSTEM_ROW_MM
    return y


def footprint_height(length_mm: float, width_mm: float) -> float:
    return width_mm + 3.0 + pdf.BAR_THICKNESS + 1.0


def footprint(c: Canvas, x: float, y: float, width: float, length_mm: float, footprint_w_mm: float,
              units: str, colour: Color) -> float:
    """The car's footprint outline at 1:1 (one stroked rectangle of exactly its size) with its size written in
    the rule data's units and in mm, and a 2-inch calibration bar under it to check the print's scale."""
    p = Painter(c)
    p.rect(x, y, length_mm, footprint_w_mm, fill=None, stroke=INK, lw=0.35)
    inside = length_mm - 16
    mid_x, mid_y = x + length_mm / 2, y + footprint_w_mm / 2
    size = f"{format_length(length_mm, units, 2).rsplit(' ', 1)[0]} × {format_length(footprint_w_mm, units, 2)}"
    metric = f"{fmt_mm(length_mm)} × {fmt_mm(footprint_w_mm)} mm"
    text(c, mid_x, y + 5.0, *pdf.fit_line(_("FOOTPRINT, 1:1"), inside, 7, BOLD, 4.5), BOLD, "middle", colour,
         middle=True)
    text(c, mid_x, mid_y, *pdf.fit_line(size, inside, 12, BOLD, 6), BOLD, "middle", INK, middle=True)
    text(c, mid_x, mid_y + 5.5, *pdf.fit_line(metric, inside, 7.5, FONT, 5), FONT, "middle", GREY, middle=True)
    front_text, front_size = pdf.fit_line(_("front"), footprint_w_mm - 8, 6.5, BOLD, 4.5)
    text(c, x + length_mm - 3.0, mid_y, front_text, front_size, BOLD, "middle", GREY, middle=True, angle=90)
    y += footprint_w_mm + 3.0
    bar = 50.8
    label = f"{format_length(bar, 'in', 0)} = {fmt_mm(bar)} mm"
    pdf.calibration_bar(c, x, y, bar, 4, pdf.fit_line(label, width - bar - 2, 6)[0], size_pt=6.0)
    return y + pdf.BAR_THICKNESS + 1.0
