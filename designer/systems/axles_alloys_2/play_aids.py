"""Axles and Alloys II's play aids at 1:1 (`kartographer export --what templates`): an inch ruler and the turn
template, cut-out pieces packed onto as few sheets as they fit (`designer.export.pieces`).

Every figure comes from the rule data: the ruler is as long as the longest distance the game offers for
measuring (`movement.long_mm`, 12"), in pieces when the paper is narrower, with inch ticks on one edge and,
because the game may be played in centimetres with every inch figure multiplied by `axles.cm_scale_factor`,
a centimetre scale on the other; the turn template is a wedge of `axles.turn_deg` either side of straight
ahead, as long as a car's footprint (`kart_footprint`). Each piece has its cut line, corner cut marks and its
name; each sheet a calibration bar across and down (`sheet_marks.margin_bars`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from designer.export import pdf, sheet_marks
from designer.export.fonts import BOLD, FONT
from designer.export.paper import LayoutError, Rect, check_margin, fmt_mm, get_paper, print_number
from designer.export.pieces import MARK_MM, MARK_OFFSET_MM, Piece, corner_marks, pack
from designer.i18n import _
from designer.rules.texts import ruleset_name
from designer.systems.axles_alloys_2.rule_data import axles_rules

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from designer.export.options import PrintJob
    from designer.rules.schema import Ruleset

INCH_MM = 25.4
CM_MM = 10.0
RULER_H = 30.0
DEFAULT_MARGIN_MM = 8.0
HEADER_MM = 13.0
#: room a piece's corner marks take outside it
MARK_ROOM = MARK_OFFSET_MM + MARK_MM + 0.5
GAP = 2 * MARK_ROOM + 2.0
CUT_PT = 0.5


def ruler_inches(ruleset: Ruleset) -> int:
    """The ruler's whole length in inches: the longest measuring distance of the rule data."""
    longest = max(ruleset.movement.long_mm, ruleset.movement.medium_mm, ruleset.movement.short_mm)
    return max(1, round(longest / INCH_MM))


def ruler_spans(total: int, room_mm: float) -> list[tuple[int, int]]:
    """(first inch, last inch) of each ruler piece: as few pieces as fit `room_mm`, of near-equal lengths."""
    per = int((room_mm + 1e-6) // INCH_MM)
    if per < 1:
        raise LayoutError(_("an inch ruler does not fit on the paper"))
    count = math.ceil(total / per)
    size = math.ceil(total / count)
    return [(start, min(total, start + size)) for start in range(0, total, size)]


def _cut_outline(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    c.saveState()
    c.setLineWidth(pdf.pt(CUT_PT))
    c.setStrokeColor(pdf.INK)
    c.rect(x, y, w, h, stroke=1, fill=0)
    c.restoreState()


def ruler_piece(ruleset: Ruleset, first: int, last: int, count: int, number: int) -> Piece:
    """Inches `first`…`last` of the ruler: inch, half and quarter ticks along the top edge, millimetre and
    centimetre ticks along the bottom (numbered in centimetres from the ruler's own zero)."""
    rules = axles_rules(ruleset)
    assert rules is not None
    w, h = (last - first) * INCH_MM, RULER_H
    factor = rules.cm_scale_factor
    name = _("Inch ruler")
    if count > 1:
        name = _("{name}, piece {n} of {count}").format(name=name, n=number, count=count)
    span = _("{first}–{last} in").format(first=first, last=last)
    cm_note = _("cm edge: to play in centimetres, multiply every inch figure by {factor}").format(
        factor=print_number(factor, 0 if float(factor).is_integer() else 1))
    join = _("lay piece {n} on at inch {inch}").format(n=number + 1, inch=last) if number < count else ""

    def draw(c: Canvas, x: float, y: float) -> None:
        c.saveState()
        c.setStrokeColor(pdf.INK)
        for quarter in range(0, (last - first) * 4 + 1):
            tick = 7.0 if quarter % 4 == 0 else 5.0 if quarter % 2 == 0 else 3.0
            at = x + quarter * INCH_MM / 4
            c.setLineWidth(pdf.pt(0.6 if quarter % 4 == 0 else 0.4))
            c.line(at, y, at, y + tick)
        start_mm, end_mm = first * INCH_MM, last * INCH_MM
        for mm in range(math.ceil(start_mm), math.floor(end_mm) + 1):
            tick = 5.5 if mm % 10 == 0 else 3.5 if mm % 5 == 0 else 1.8
            at = x + mm - start_mm
            c.setLineWidth(pdf.pt(0.5 if mm % 10 == 0 else 0.3))
            c.line(at, y + h - tick, at, y + h)
        c.restoreState()
        for inch in range(first, last + 1):
            at = x + (inch - first) * INCH_MM
            anchor = "start" if inch == first else "end" if inch == last else "middle"
            shift = 1.2 if anchor == "start" else -1.2 if anchor == "end" else 0.0
            pdf.text(c, at + shift, y + 10.5, str(inch), 8.0, BOLD, anchor)
        for cm in range(math.ceil(start_mm / CM_MM), math.floor(end_mm / CM_MM) + 1):
            at = x + cm * CM_MM - start_mm
            if at - x < 2.0 or x + w - at < 2.0:
                continue
            pdf.text(c, at, y + h - 6.2, str(cm), 6.0, FONT, "middle", pdf.GREY)
        room = w - 6.0
        pdf.text(c, x + 3.0, y + 15.0, *pdf.fit_line(f"{name} · {span}", room, 8.0, BOLD), BOLD)
        pdf.text(c, x + 3.0, y + 18.8, *pdf.fit_line(cm_note, room, 6.0, FONT), FONT, colour=pdf.GREY)
        if join:
            pdf.text(c, x + w - 3.0, y + 15.0, *pdf.fit_line(join, room / 3, 6.0, FONT), FONT, "end", pdf.GREY)
        _cut_outline(c, x, y, w, h)
        corner_marks(c, x, y, w, h)

    return Piece(w, h, draw)


def turn_piece(ruleset: Ruleset) -> Piece:
    """A wedge of `turn_deg` either side of straight ahead, a car's length long, its point at the bottom: laid
    with its point on the middle of the car's nose and its centre line along the car, an edge shows the most
    the car may turn there."""
    rules = axles_rules(ruleset)
    assert rules is not None
    angle = rules.turn_deg
    radius = ruleset.kart_footprint.length_mm
    a = math.radians(angle)
    half = radius * math.sin(a) if angle <= 90 else radius
    w, h = 2 * half, radius
    steps = max(12, int(angle))

    def outline(ox: float, oy: float, r: float) -> list[tuple[float, float]]:
        return [(ox + r * math.sin(t), oy - r * math.cos(t))
                for t in (-a + 2 * a * i / steps for i in range(steps + 1))]

    degrees = _("{degrees}°").format(degrees=fmt_mm(angle))
    title = _("Turn template, up to {degrees}").format(degrees=degrees)
    how = _("Point on the middle of the car's nose, centre line along the car; turn towards an edge.")
    room = 2 * min(radius * 0.6 * math.tan(a) if angle < 90 else radius, radius * 0.75) - 8.0

    def draw(c: Canvas, x: float, y: float) -> None:
        ox, oy = x + half, y + h
        title_y = oy - radius * 0.62
        lines = pdf.wrap(how, room, 6.0)[:3]
        c.saveState()
        c.setStrokeColor(pdf.GREY)
        c.setLineWidth(pdf.pt(0.35))
        c.setDash(2, 1.5)
        c.line(ox, oy, ox, title_y + 4.0 + 2.8 * len(lines))  # the centre line, broken round the text
        c.line(ox, title_y - 5.0, ox, y + 7.0)
        c.setDash()
        for inch in range(1, int(radius // INCH_MM) + 1):
            r = inch * INCH_MM
            if r >= radius - 1.0 or oy - r < title_y + 4.0 + 2.8 * len(lines):  # an arc stays clear of the text
                continue
            c.drawPath(pdf.polygon_path(c, outline(ox, oy, r), close=False), stroke=1, fill=0)
        c.setStrokeColor(pdf.INK)
        c.setLineWidth(pdf.pt(CUT_PT))
        c.drawPath(pdf.polygon_path(c, [(ox, oy), *outline(ox, oy, radius)]), stroke=1, fill=0)
        c.restoreState()
        for side in (-1, 1):  # the edge's angle, beside the edge half-way along it, running along it
            along = radius * 0.55
            px, py = ox + side * along * math.sin(a), oy - along * math.cos(a)
            inward = 3.2
            qx, qy = px - side * inward * math.cos(a), py - inward * math.sin(a)
            pdf.text(c, qx, qy, degrees, 7.0, BOLD, "middle", middle=True, angle=(90 - angle) * -side)
            dx, dy = side * math.sin(a), -math.cos(a)  # cut marks carry each straight edge on past its ends
            ex, ey = ox + radius * dx, oy + radius * dy
            o, n = MARK_OFFSET_MM, MARK_OFFSET_MM + MARK_MM
            pdf.cut_mark(c, ex + o * dx, ey + o * dy, ex + n * dx, ey + n * dy)
            pdf.cut_mark(c, ox - o * dx, oy - o * dy, ox - n * dx, oy - n * dy)
        pdf.text(c, ox, title_y, *pdf.fit_line(title, room, 9.0, BOLD), BOLD, "middle")
        for i, line in enumerate(lines):
            pdf.text(c, ox, title_y + 4.0 + 2.8 * i, line, 6.0, FONT, "middle", pdf.GREY)
        pdf.text(c, ox + 1.5, y + 5.5, *pdf.fit_line(_("ahead"), 20.0, 6.0, FONT), FONT, colour=pdf.GREY)

    return Piece(w, h, draw)


def pieces(ruleset: Ruleset, room_mm: float) -> list[Piece]:
    spans = ruler_spans(ruler_inches(ruleset), room_mm)
    out = [ruler_piece(ruleset, a, b, len(spans), n) for n, (a, b) in enumerate(spans, start=1)]
    out.append(turn_piece(ruleset))
    return out


def no_play_aids(job: PrintJob) -> str | None:
    return None if axles_rules(job.ruleset) is not None else _("ruleset '{id}' has no vehicle rules").format(
        id=job.ruleset.id)


def render_play_aids(c: Canvas, job: PrintJob) -> int:
    """The ruler pieces and the turn template at 1:1 with a calibration bar each way; returns the pages."""
    ruleset = job.ruleset
    reason = no_play_aids(job)
    if reason:
        raise LayoutError(reason)
    paper = get_paper(job.options.paper).portrait()
    content = check_margin(paper, max(sheet_marks.KEEP_OUT_MM + 3.0, job.options.margin(DEFAULT_MARGIN_MM)))
    body = Rect(content.x + MARK_ROOM, content.y + HEADER_MM + MARK_ROOM, content.w - 2 * MARK_ROOM,
                content.h - HEADER_MM - 2 * MARK_ROOM)
    sheets = pack(pieces(ruleset, body.w), body, GAP)
    for number, placed in enumerate(sheets, start=1):
        pdf.start_page(c, paper)
        with pdf.mm_frame(c, paper):
            title = _("{game}: play aids, 1:1").format(game=ruleset_name(ruleset))
            if len(sheets) > 1:
                title = _("{title} (sheet {n} of {count})").format(title=title, n=number, count=len(sheets))
            pdf.text(c, content.x, content.y + 3.5, *pdf.fit_line(title, content.w, 10.0, BOLD), BOLD)
            hint = _("Print at 100 % (no scaling): each bar must measure exactly its length. Cut along the "
                     "outlines.")
            pdf.text(c, content.x, content.y + 8.0, *pdf.fit_line(hint, content.w, 7.0, FONT), FONT, colour=pdf.GREY)
            for piece, x, y in placed:
                piece.draw(c, x, y)
            sheet_marks.margin_bars(c, paper, content)
        c.showPage()
    return len(sheets)
