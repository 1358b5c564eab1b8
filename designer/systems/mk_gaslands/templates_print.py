"""Mario Kart Gaslands' movement templates at 1:1 (`kartographer export --what templates`).

Every template comes from the rule data (`templates`): the straights as rectangles of their exact length and
width with the shorter straights' reach marks on them, the turns as arc bands of their middle-line radius and
angle. A figure the rule data marks `approximate` (no source gives the turns' radii) is printed with the
word "approximate" beside it. Beside them: the gear → template table (blank, marked cells where the rule data
has no entry) and a 100 mm calibration bar in each direction. The pieces are packed in shelves onto as few
sheets as they fit (`designer.export.pieces`), no text within `MIN_MARGIN_MM` of the paper's edge.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from shapely import affinity
from shapely.geometry import Polygon

from designer.export import pdf
from designer.export.fonts import BOLD, FONT
from designer.export.paper import LayoutError, Rect, check_margin, fmt_mm, get_paper
from designer.export.pieces import GAP_MM, Piece, pack
from designer.geometry.measure import TEMPLATE_WIDTH_MM, turn_shape
from designer.i18n import _
from designer.rules.texts import template_name

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from designer.export.cutfile import CutPart
    from designer.export.options import PrintJob
    from designer.rules.schema import Ruleset, StraightTemplate, TurnTemplate

#: No text (and so no template, since they carry text) closer than this to the paper's edge.
MIN_MARGIN_MM = 5.0
DEFAULT_MARGIN_MM = 8.0
BAR_MM = 100.0
HEADER_MM = 12.0
BLANK_MARK = "?"


def approximate(value: str, marked: bool) -> str:
    return _("{value} (approximate)").format(value=value) if marked else value


def template_width(ruleset: Ruleset) -> float:
    return ruleset.templates.width_mm or TEMPLATE_WIDTH_MM


# --- the pieces -------------------------------------------------------------------------------------
def straight_piece(ruleset: Ruleset, t: StraightTemplate) -> Piece:
    width = template_width(ruleset)
    shorter = [s for s in ruleset.templates.straights if s.length_mm < t.length_mm - 1e-9]

    def draw(c: Canvas, x: float, y: float) -> None:
        c.saveState()
        c.setLineWidth(pdf.pt(0.6))
        c.setStrokeColor(pdf.INK)
        c.rect(x, y, t.length_mm, width, stroke=1, fill=0)
        c.setLineWidth(pdf.pt(0.5))
        tick = min(6.0, width / 4)
        for s in shorter:
            mark = x + s.length_mm
            c.line(mark, y, mark, y + tick)
            c.line(mark, y + width - tick, mark, y + width)
            label = template_name(ruleset, "straights", s.name)
            pdf.text(c, mark - 1.2, y + width - 2.0, label, 6.5, FONT, "end", pdf.GREY)
            pdf.text(c, mark - 1.2, y + 2.0 + pdf.pt(6.5) * 0.73, label, 6.5, FONT, "end", pdf.GREY)
        c.restoreState()
        name = template_name(ruleset, "straights", t.name)
        room = (shorter[0].length_mm if shorter else t.length_mm) - 6.0
        pdf.text(c, x + 3.0, y + width / 2 - 1.2, name, pdf.fit_size(name, room, 11.0, BOLD, 5.0), BOLD)
        length = approximate(_("{mm} mm").format(mm=fmt_mm(t.length_mm)), t.approximate)
        pdf.text(c, x + 3.0, y + width / 2 + 3.8, length, pdf.fit_size(length, room, 7.5, FONT, 5.0), FONT)

    return Piece(t.length_mm, width, draw)


def _best_turn(radius: float, angle: float, width: float) -> tuple[Polygon, float]:
    """The turn's outline turned to lie wider than tall on the least card, and that angle."""
    shape = turn_shape("", radius, angle, width).outline

    def cost(rot: float) -> tuple[bool, float]:
        x0, y0, x1, y1 = affinity.rotate(shape, rot, origin=(0, 0)).bounds
        return (y1 - y0 > x1 - x0 + 1e-6, (x1 - x0) * (y1 - y0))  # lying down (packs into shelves), then area

    # symmetric about the page's vertical (the band's middle crosses it level), so its labels run level
    rot = min((90.0 * k - angle / 2 for k in range(4)), key=cost)
    return affinity.rotate(shape, rot, origin=(0, 0)), rot


def _label_spot(t: TurnTemplate, rot: float) -> tuple[float, float, float]:
    """The middle of the turned band's middle line, and the way text runs level there (clockwise from +x, y
    down)."""
    mid = math.radians(t.angle_deg / 2)
    px, py = t.radius_mm * math.sin(mid), t.radius_mm * (1 - math.cos(mid))
    r = math.radians(rot)
    cx, cy = px * math.cos(r) - py * math.sin(r), px * math.sin(r) + py * math.cos(r)
    heading = round(t.angle_deg / 2 + rot, 6) % 360
    if 90 < heading <= 270:
        heading -= 180
    elif heading > 270:
        heading -= 360
    return cx, cy, heading


def turn_piece(ruleset: Ruleset, t: TurnTemplate) -> Piece:
    width = template_width(ruleset)
    outline, rot = _best_turn(t.radius_mm, t.angle_deg, width)
    x0, y0, x1, y1 = outline.bounds
    cx, cy, heading = _label_spot(t, rot)
    lines = [
        (template_name(ruleset, "turns", t.name), 10.0, BOLD),
        (approximate(_("radius {mm} mm").format(mm=fmt_mm(t.radius_mm)), t.approximate), 6.5, FONT),
        (approximate(_("{degrees}°").format(degrees=fmt_mm(t.angle_deg)), t.approximate), 6.5, FONT),
    ]
    # text runs straight along a curved band: keep it to a chord that stays inside the band
    inner = max(1.0, t.radius_mm - width / 2 + 4.0)
    room = min(2 * math.sqrt(max(0.0, inner * inner - (inner - 6.0) ** 2)), t.radius_mm * math.radians(t.angle_deg) - 8)
    lead = 4.2

    def draw(c: Canvas, x: float, y: float) -> None:
        ox, oy = x - x0, y - y0
        c.saveState()
        c.setLineWidth(pdf.pt(0.6))
        c.setStrokeColor(pdf.INK)
        points = list(outline.exterior.coords)
        c.drawPath(pdf.polygon_path(c, [(px + ox, py + oy) for px, py in points]), stroke=1, fill=0)
        c.restoreState()
        down = (-math.sin(math.radians(heading)), math.cos(math.radians(heading)))
        for i, (line, size, font) in enumerate(lines):
            k = (i - (len(lines) - 1) / 2) * lead
            pdf.text(c, ox + cx + down[0] * k, oy + cy + down[1] * k, line, pdf.fit_size(line, room, size, font, 5.0),
                     font, "middle", middle=True, angle=heading)

    return Piece(x1 - x0, y1 - y0, draw)


def gear_rows(ruleset: Ruleset) -> list[tuple[int, str | None]]:
    """(gear, its fastest template's shown name or None) for gear 1 to the highest gear any kart reaches."""
    known = {g.gear: g.max_template for g in ruleset.gears}
    kinds = {t.name: "straights" for t in ruleset.templates.straights}
    kinds |= {t.name: "turns" for t in ruleset.templates.turns}
    caps = [c.max_gear or 0 for c in ruleset.characters]
    if ruleset.grand_prix and ruleset.grand_prix.upgrade("max_gear"):
        caps.append(ruleset.grand_prix.upgrade("max_gear").cap)  # type: ignore[union-attr]
    top = max([*caps, *known, 1])
    return [(g, template_name(ruleset, kinds[known[g]], known[g]) if g in known else None) for g in range(1, top + 1)]


def gear_table_piece(ruleset: Ruleset) -> Piece:
    rows = gear_rows(ruleset)
    row_h, gear_w, cell_w = 6.0, 13.0, 36.0
    blank = any(name is None for _g, name in rows)
    note = pdf.wrap(_("{mark}: not in the rule data — fill in from your own set").format(mark=BLANK_MARK),
                    gear_w + cell_w, 6.0) if blank else []
    title_h = 6.0
    h = title_h + row_h * (len(rows) + 1) + len(note) * pdf.pt(6.0) * 1.2 + (1.5 if note else 0)

    def draw(c: Canvas, x: float, y: float) -> None:
        pdf.text(c, x, y + 4.0, _("Gears and templates"), 8.5, BOLD)
        top = y + title_h
        c.saveState()
        c.setLineWidth(pdf.pt(0.4))
        c.setStrokeColor(pdf.GREY)
        for i in range(len(rows) + 2):
            c.line(x, top + i * row_h, x + gear_w + cell_w, top + i * row_h)
        bottom = top + row_h * (len(rows) + 1)
        for across in (x, x + gear_w, x + gear_w + cell_w):
            c.line(across, top, across, bottom)
        c.restoreState()
        mid = row_h / 2
        for col, head, w in ((x, _("Gear"), gear_w), (x + gear_w, _("Fastest template"), cell_w)):
            pdf.text(c, col + 1.5, top + mid, head, pdf.fit_size(head, w - 3, 7.0, BOLD, 5.0), BOLD, middle=True)
        for i, (gear, name) in enumerate(rows, start=1):
            yy = top + i * row_h + mid
            pdf.text(c, x + gear_w / 2, yy, str(gear), 7.5, BOLD, "middle", middle=True)
            shown, colour = (name, pdf.INK) if name is not None else (BLANK_MARK, pdf.GREY)
            pdf.text(c, x + gear_w + 2, yy, shown, pdf.fit_size(shown, cell_w - 4, 7.5, FONT, 5.0), FONT,
                     colour=colour, middle=True)
        pdf.paragraph(c, x, bottom + 1.5, note, 6.0, FONT, pdf.GREY, leading=1.2)

    return Piece(gear_w + cell_w, h, draw)


def bar_piece(vertical: bool) -> Piece:
    label = _("{mm} mm").format(mm=fmt_mm(BAR_MM))
    reach = BAR_MM + 1.5 + pdf.width_mm(label, 6.0, BOLD) + 0.5
    thick = pdf.BAR_THICKNESS + 2.0

    def draw(c: Canvas, x: float, y: float) -> None:
        if vertical:
            pdf.calibration_bar(c, x + 1.0, y, BAR_MM, 10, label, vertical=True)
        else:
            pdf.calibration_bar(c, x, y + 1.0, BAR_MM, 10, label)

    return Piece(thick, reach, draw) if vertical else Piece(reach, thick, draw)


def pieces(ruleset: Ruleset) -> list[Piece]:
    """What the templates section packs: straights, turns and the gear table (the calibration bars have
    their own places on every sheet: the heading and the left edge)."""
    out = [straight_piece(ruleset, t) for t in ruleset.templates.straights]
    out += [turn_piece(ruleset, t) for t in ruleset.templates.turns]
    out.append(gear_table_piece(ruleset))
    return out


# --- cutter files ------------------------------------------------------------------------------------
def cut_parts(job: PrintJob) -> list[CutPart]:
    """The templates as cutter-file parts: each outline to cut, the shorter straights' reach marks scored, the
    name and size engraved (marked approximate as on the print)."""
    from designer.export.cutfile import CutPart, Engraving

    ruleset = job.ruleset
    width = template_width(ruleset)
    parts = []
    for t in ruleset.templates.straights:
        name = template_name(ruleset, "straights", t.name)
        shorter = [s for s in ruleset.templates.straights if s.length_mm < t.length_mm - 1e-9]
        tick = min(6.0, width / 4)
        score = tuple(line for s in shorter for line in (((s.length_mm, 0.0), (s.length_mm, tick)),
                                                          ((s.length_mm, width - tick), (s.length_mm, width))))
        length = approximate(_("{mm} mm").format(mm=fmt_mm(t.length_mm)), t.approximate)
        size = min(6.0, width / 6)
        parts.append(CutPart(Polygon([(0, 0), (t.length_mm, 0), (t.length_mm, width), (0, width)]), score, (
            Engraving(name, 3.0, width / 2 - size * 0.7, size, anchor="start"),
            Engraving(length, 3.0, width / 2 + size * 0.7, size * 0.7, anchor="start")), name))
    for turn in ruleset.templates.turns:
        name = template_name(ruleset, "turns", turn.name)
        outline, rot = _best_turn(turn.radius_mm, turn.angle_deg, width)
        cx, cy, heading = _label_spot(turn, rot)
        down = (-math.sin(math.radians(heading)), math.cos(math.radians(heading)))
        radius = approximate(_("radius {mm} mm").format(mm=fmt_mm(turn.radius_mm)), turn.approximate)
        size = min(6.0, width / 6)
        parts.append(CutPart(outline, (), (
            Engraving(name, cx - down[0] * size * 0.7, cy - down[1] * size * 0.7, size, heading),
            Engraving(radius, cx + down[0] * size * 0.7, cy + down[1] * size * 0.7, size * 0.7, heading)), name))
    return parts


def render_templates(c: Canvas, job: PrintJob) -> int:
    """The templates, the gear table and the calibration bars at 1:1; returns the pages drawn."""
    ruleset = job.ruleset
    if not ruleset.templates.straights and not ruleset.templates.turns:
        raise LayoutError(_("ruleset '{id}' has no movement templates").format(id=ruleset.id))
    paper = get_paper(job.options.paper).portrait()
    content = check_margin(paper, max(MIN_MARGIN_MM, job.options.margin(DEFAULT_MARGIN_MM)))
    upright = bar_piece(True)
    body = Rect(content.x + upright.w + GAP_MM, content.y + HEADER_MM, content.w - upright.w - GAP_MM,
                content.h - HEADER_MM)
    sheets = pack(pieces(ruleset), body)
    for number, placed in enumerate(sheets, start=1):
        pdf.start_page(c, paper)
        with pdf.mm_frame(c, paper):
            title = _("Movement templates, 1:1")
            if len(sheets) > 1:
                title = _("{title} (sheet {n} of {count})").format(title=title, n=number, count=len(sheets))
            bar = bar_piece(False)
            bar.draw(c, content.right - bar.w, content.y)
            pdf.text(c, content.x, content.y + 3.5, *pdf.fit_line(title, content.w - bar.w - 4, 10.0, BOLD), BOLD)
            hint = _("Print at 100 % (no scaling): each bar must measure exactly {mm} mm. Cut along the "
                     "outlines.").format(mm=fmt_mm(BAR_MM))
            pdf.text(c, content.x, content.y + 8.0, hint, pdf.fit_size(hint, content.w, 7.0, FONT, 5.0), FONT,
                     colour=pdf.GREY)
            upright.draw(c, content.x, body.y)
            for piece, x, y in placed:
                piece.draw(c, x, y)
        c.showPage()
    return len(sheets)


