"""The sheet of a built Axles and Alloys II car (`kartographer vehicle print`): one per vehicle document, two to
a portrait page when a sheet fits half of it, else one to a page.

A sheet shows the car's name and driver (a line to write one in), its weight class and what it is built
for, the capacity its components take of the class's, a clearly marked line per rule the build breaks
(`builder.problems`: the sheet still prints), the arena and race stat lines with the random variant's
adjustments applied and a rerolls box, the class's hit-point lines marked with the rule data's thresholds,
the systems every car has with damaged and destroyed boxes, each component with its kind, capacity cost,
firing face (turret marked), charge boxes and note, the player's notes where there is room, and the car's
footprint at 1:1 with a calibration bar.
The blocks it shares with the blank per-class sheet live in `sheet_parts.py`. Pure reportlab; no Qt.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from designer.export import pdf, sheet_marks
from designer.export.painter import Painter
from designer.export.paper import LayoutError, Rect, check_margin, get_paper
from designer.export.pdf import BOLD, FONT, GREY, INK, PALE, Output, text
from designer.export.tokens import KART_COLOURS
from designer.i18n import N_, _, ngettext, pgettext
from designer.rules.schema import Ruleset
from designer.systems.axles_alloys_2 import builder, sheet_parts
from designer.systems.axles_alloys_2.rule_data import (
    AxlesRules,
    axles_rules,
    component_includes,
    component_name,
    component_note,
    firing_face,
    weight_class_name,
)
from designer.systems.axles_alloys_2.sheet_parts import HEADER_MM, TICK_MM, heading, tick_box
from designer.systems.axles_alloys_2.vehicle import VehicleDocument

RED = HexColor("#c0392b")
MARGIN_MM = 10.0
GAP_MM = 6.0  # between the two sheets of a page, where the cut line runs
PAD_MM = 4.0
INFO_MM = 7.0  # the class, what the car is built for and its capacity, under the title band
ROW_TOP_MM = 6.8  # the name line with its 5 mm boxes, and a clear gap above the note
NOTE_PT = 5.8
NOTE_STEP_MM = 2.3
PROBLEM_STEP_MM = 4.2
STAT_ROW_MM = 7.5


def kind_name(kind: str) -> str:
    names = {"weapon": pgettext("vehicle component", "weapon"), "turret": pgettext("vehicle component", "turret"),
             "dropper": pgettext("vehicle component", "dropped weapon"),
             "equipment": pgettext("vehicle component", "equipment")}
    return names.get(kind, kind)


@dataclass(frozen=True)
class Row:
    """One line of the components list as printed."""

    name: str
    detail: str  # kind (and the rule-data name under a player's label), then the note
    facing: str = ""
    in_turret: bool = False
    cost: str = ""
    charges: int = 0


def component_rows(vehicle: VehicleDocument, rules: AxlesRules, ruleset: object) -> list[Row]:
    """The components in file order; a component that brings another (the Flamethrower's Flame Tank) is
    followed by a line of its own for it."""
    rows: list[Row] = []
    for fitted in vehicle.components:
        component = rules.component(fitted.component)
        if component is None:
            rows.append(Row(fitted.label or fitted.component, _("not in the rules"), cost="–"))
            continue
        own = component_name(ruleset, component)
        kind = kind_name(component.kind)
        parts = [f"{own} · {kind}" if fitted.label and fitted.label != own else kind]
        note = component_note(ruleset, component)
        if note:
            parts.append(note)
        face = builder.facing_of(fitted, rules)
        rows.append(Row(fitted.label or own, " — ".join(parts), firing_face(ruleset, face) if face else "",
                        fitted.in_turret, str(builder.component_cost(vehicle, rules, fitted))
                        if component.cost is not None else "–",
                        component.charges or 0))
        included = component_includes(ruleset, component)
        if included:
            rows.append(Row(included, _("comes with the {component}; no capacity of its own").format(
                component=fitted.label or own), cost="0"))
    return rows


# --- measuring ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Columns:
    left: Rect
    right: Rect


def _columns(area: Rect, top: float) -> Columns:
    inner = area.inset(PAD_MM)
    left_w = inner.w * 0.53
    bottom = area.bottom - 3.0
    return Columns(Rect(inner.x, top, left_w, bottom - top),
                   Rect(inner.x + left_w + 5.0, top, inner.w - left_w - 5.0, bottom - top))


def _detail_lines(row: Row, width: float) -> list[str]:
    return pdf.wrap(row.detail, width, NOTE_PT) if row.detail else []


def row_height(row: Row, width: float) -> float:
    return ROW_TOP_MM + NOTE_STEP_MM * len(_detail_lines(row, _detail_width(width))) + 0.6


def _detail_width(width: float) -> float:
    return width - TICK_MM - 1.5


def left_height() -> float:
    return (sheet_parts.HEADING_MM + 4.5 + 2 * STAT_ROW_MM + 3.0
            + sheet_parts.HEADING_MM + 3 * (sheet_parts.HIT_BOX_MM + 1.6) + 3.0 + sheet_parts.systems_height())


def _problems_height(lines: Sequence[str], width: float) -> float:
    if not lines:
        return 0.0
    wrapped = sum(len(pdf.wrap(line, width - 8.0, 7.0)) for line in lines)
    return 7.0 + PROBLEM_STEP_MM * wrapped + 3.0


def _top(area: Rect, problems: Sequence[str]) -> float:
    return area.y + HEADER_MM + INFO_MM + _problems_height(problems, area.w - 2 * PAD_MM)


def fits(area: Rect, vehicle: VehicleDocument, rules: AxlesRules, ruleset: Ruleset) -> bool:
    """Whether the whole sheet fits `area` without squeezing."""
    problems = [p.line() for p in builder.problems(vehicle, rules, ruleset)]
    cols = _columns(area, _top(area, problems))
    length, width = ruleset.kart_footprint.length_mm, ruleset.kart_footprint.width_mm
    components = sheet_parts.HEADING_MM + 4.0 + sum(row_height(r, cols.right.w)
                                                    for r in component_rows(vehicle, rules, ruleset))
    return (cols.left.h >= left_height() and cols.right.w >= length
            and cols.right.h >= components + 3.0 + sheet_parts.footprint_height(length, width))


# --- drawing --------------------------------------------------------------------------------------------
def draw_vehicle(c: Canvas, vehicle: VehicleDocument, source: str, number: int, ruleset: Ruleset,
                 area: Rect) -> None:
    rules = axles_rules(ruleset)
    assert rules is not None
    colour: Color = HexColor(KART_COLOURS[(number - 1) % len(KART_COLOURS)])
    p = Painter(c)
    mid = area.y + HEADER_MM / 2
    sheet_parts.frame(c, area, colour, vehicle.name, area.w * 0.55 - 8)
    sheet_parts.write_in(c, area.x + area.w * 0.58, area.right - 5, mid, _("Driver"), vehicle.driver)

    cls = builder.weight_class(vehicle, rules)
    inner = area.inset(PAD_MM)
    y = area.y + HEADER_MM + INFO_MM / 2 + 1.0
    class_name = weight_class_name(ruleset, cls) if cls else vehicle.weight_class
    built = _("built for the arena") if vehicle.scenario == "deathmatch" else _("built for a race")
    used = builder.capacity_used(vehicle, rules)
    capacity = _("capacity {used} of {total}").format(used=used, total=cls.capacity if cls else "?")
    over = cls is None or used > cls.capacity
    cap_text, cap_size = pdf.fit_line(capacity, inner.w * 0.4, 10, BOLD, 6)
    text(c, inner.right, y, cap_text, cap_size, BOLD, "end", RED if over else INK, middle=True)
    room = inner.w - pdf.width_mm(cap_text, cap_size, BOLD) - 4.0
    name_text, name_size = pdf.fit_line(class_name, room * 0.5, 10, BOLD, 6)
    text(c, inner.x, y, name_text, name_size, BOLD, "start", colour, middle=True)
    left = inner.x + pdf.width_mm(name_text, name_size, BOLD) + 2.5
    text(c, left, y, *pdf.fit_line(built, inner.x + room - left, 8, FONT, 5), FONT, "start", GREY, middle=True)

    problems = [problem.line() for problem in builder.problems(vehicle, rules, ruleset)]
    if problems:
        _problems(c, p, Rect(inner.x, area.y + HEADER_MM + INFO_MM, inner.w, _problems_height(problems, inner.w) - 3.0),
                  problems)
    cols = _columns(area, _top(area, problems))
    _left_column(c, vehicle, rules, cols.left, colour)
    _right_column(c, vehicle, rules, ruleset, cols.right, colour)
    if source:
        text(c, cols.left.x, area.bottom - 2.0, *pdf.fit_line(source, cols.left.w, 5, FONT, 4), FONT, colour=GREY)


def _problems(c: Canvas, p: Painter, box: Rect, problems: Sequence[str]) -> None:
    p.rect(box.x, box.y, box.w, box.h, 1.5, fill=white, stroke=RED, lw=0.8)
    text(c, box.x + 3.0, box.y + 4.2, *pdf.fit_line(_("BREAKS THE RULES: fix the build before you play it"),
                                                    box.w - 6.0, 7.5, BOLD, 5), BOLD, colour=RED)
    y = box.y + 7.0
    for problem in problems:
        for i, line in enumerate(pdf.wrap(problem, box.w - 8.0, 7.0)):
            if i == 0:
                p.circle(box.x + 3.6, y + 1.6, 0.8, fill=RED, stroke=None)
            text(c, box.x + 5.5, y + 2.6, line, 7.0, FONT, colour=INK)
            y += PROBLEM_STEP_MM


def _left_column(c: Canvas, vehicle: VehicleDocument, rules: AxlesRules, col: Rect, colour: Color) -> None:
    p = Painter(c)
    x, y, w = col.x, col.y, col.w
    y = heading(c, x, y, w, _("SPEED (rolled changes included)") if _adjusted(vehicle) else _("SPEED"), colour)
    label_w, cell_w = min(22.0, w * 0.24), min(11.0, w * 0.12)
    names = ("MAX", "ACC", "DEC", "TURN")  # the rulebook's own stat names, printed as they are
    for i, name in enumerate(names):
        text(c, x + label_w + (i + 0.5) * cell_w, y + 2.2, name, 6.5, BOLD, "middle", GREY, middle=True)
    y += 4.5
    table_w = label_w + 4 * cell_w
    for scenario, label in (("deathmatch", _("Arena")), ("race", _("Race"))):
        line = builder.stats(vehicle, rules, scenario)
        mine = scenario == vehicle.scenario
        p.rect(x, y + 0.4, table_w, STAT_ROW_MM - 0.8, 1.0, fill=PALE if mine else white,
               stroke=colour if mine else GREY, lw=0.5 if mine else 0.25)
        text(c, x + 2.0, y + STAT_ROW_MM / 2, *pdf.fit_line(label, label_w - 3, 8.5, BOLD, 5), BOLD, middle=True)
        values = ("–",) * 4 if line is None else (line.max, line.acc, line.dec, line.turn)
        for i, value in enumerate(values):
            text(c, x + label_w + (i + 0.5) * cell_w, y + STAT_ROW_MM / 2, str(value), 11, BOLD, "middle",
                 middle=True)
        y += STAT_ROW_MM
    box_x = x + table_w + 4.0
    if x + w - box_x >= 14.0:
        top = y - 2 * STAT_ROW_MM - 4.5
        p.rect(box_x, top, x + w - box_x, y - top - 0.4, 1.5, fill=white, stroke=colour, lw=0.5)
        text(c, box_x + 2.0, top + 3.2, *pdf.fit_line(_("REROLLS"), x + w - box_x - 4, 6.5, BOLD, 4.5), BOLD,
             colour=colour)
    y += 3.0
    cls = builder.weight_class(vehicle, rules)
    total = cls.hit_point_lines * cls.boxes_per_line if cls else 0
    y = heading(c, x, y, w, _("HIT POINTS ({n} boxes): cross one off per point of damage").format(n=total), colour)
    if cls is not None:
        y = sheet_parts.hull_lines(c, x, y, w, cls.boxes_per_line, cls.hit_point_lines, rules.thresholds, colour)
    else:
        y += 3 * (sheet_parts.HIT_BOX_MM + 1.6)
    sheet_parts.systems(c, x, y + 3.0, w, colour, rules)


def _adjusted(vehicle: VehicleDocument) -> bool:
    a = vehicle.adjustments
    return bool(a.max or a.acc or a.dec)


def _right_column(c: Canvas, vehicle: VehicleDocument, rules: AxlesRules, ruleset: Ruleset, col: Rect,
                  colour: Color) -> None:
    p = Painter(c)
    x, w = col.x, col.w
    length, width = ruleset.kart_footprint.length_mm, ruleset.kart_footprint.width_mm
    rows = component_rows(vehicle, rules, ruleset)
    listed = sheet_parts.HEADING_MM + 4.0 + sum(row_height(r, w) for r in rows) + 4.0
    foot_top = col.bottom - sheet_parts.footprint_height(length, width)
    if not vehicle.notes.strip():
        foot_top = min(foot_top, col.y + max(listed, col.h * 0.5))  # a page of its own: keep the car close by
    y = heading(c, x, col.y, w, _("COMPONENTS"), colour)
    cost_w, face_w = 8.0, min(18.0, w * 0.22)
    face_x, cost_x = x + w - cost_w - face_w, x + w - cost_w
    charges_w = 3 * (TICK_MM + 1.0) + 3.0
    charged = any(r.charges for r in rows)
    # the names' column has no heading: "lost" may run on over it, up to the next heading's words
    uses_w = min(charges_w, pdf.width_mm(_("uses"), 5.5, BOLD) + 0.5)
    lost_w = (face_x - 1.5 - uses_w - 1.5 if charged else face_x) - x - 1.0
    heads = [(x, lost_w, _("lost"), "start"), (face_x, face_w, _("firing face"), "start"),
             (cost_x + cost_w, cost_w, pgettext("capacity cost", "cap."), "end")]
    if charged:
        heads.append((face_x - 1.5, charges_w, _("uses"), "end"))
    for hx, hw, head, anchor in heads:
        text(c, hx, y + 1.8, *pdf.fit_line(head, hw - 0.5, 5.5, BOLD), BOLD, anchor, GREY)
    y += 4.0
    if not rows:
        text(c, x, y + 4.0, *pdf.fit_line(_("no components"), w, 8, FONT, 5), FONT, colour=GREY)
    for index, row in enumerate(rows):
        height = row_height(row, w)
        reserve = 5.0 if index < len(rows) - 1 else 0.0  # room for the "… and n more" line
        if y + height + reserve > foot_top - 2.0:
            more = len(rows) - index
            more_text = ngettext("… and {n} more component, too many to print",
                                 "… and {n} more components, too many to print", more).format(n=more)
            text(c, x, y + 3.0, *pdf.fit_line(more_text, w, 7, BOLD, 5), BOLD, colour=RED)
            break
        _component(c, p, row, x, y, w, face_x, face_w, cost_x, cost_w, colour)
        y += height
    room = foot_top - 3.0 - (y + 2.0) - sheet_parts.HEADING_MM
    if vehicle.notes.strip() and room >= 5.0:
        y = heading(c, x, y + 2.0, w, _("NOTES"), colour)
        lines, size = pdf.fit_paragraph(vehicle.notes, w, room, 7.5, FONT, 5.0)
        pdf.paragraph(c, x, y, lines, size, FONT, INK)
    sheet_parts.footprint(c, x, foot_top, w, length, width, ruleset.source_units, colour)


def _component(c: Canvas, p: Painter, row: Row, x: float, y: float, w: float, face_x: float, face_w: float,
               cost_x: float, cost_w: float, colour: Color) -> None:
    top = y + 0.6
    mid = top + TICK_MM / 2
    tick_box(p, x, top, colour)
    name_x = x + TICK_MM + 1.5
    charges_w = row.charges * (TICK_MM + 1.0)
    charges_x = face_x - 1.5 - charges_w
    for k in range(row.charges):
        tick_box(p, charges_x + k * (TICK_MM + 1.0), top, GREY)
    name_right = charges_x - 1.5 if row.charges else face_x - 1.5
    text(c, name_x, mid, *pdf.fit_line(row.name, name_right - name_x, 9, BOLD, 5), BOLD, middle=True)
    if row.facing:
        face_mid = mid - 1.1 if row.in_turret else mid
        text(c, face_x, face_mid, *pdf.fit_line(row.facing, face_w - 1, 8.5, BOLD, 5), BOLD, middle=True)
    if row.in_turret:  # a turret weapon fires all round: marked even without a face
        turret_mid = mid + 1.9 if row.facing else mid
        text(c, face_x, turret_mid, *pdf.fit_line(_("in turret"), face_w - 1, 5.5 if row.facing else 7, BOLD),
             BOLD, colour=colour, middle=True)
    text(c, cost_x + cost_w, mid, *pdf.fit_line(row.cost, cost_w, 9, BOLD, 5), BOLD, "end", middle=True)
    line_y = y + ROW_TOP_MM + pdf.pt(NOTE_PT) * 0.72
    for line in _detail_lines(row, _detail_width(w)):
        text(c, name_x, line_y, line, NOTE_PT, FONT, colour=GREY)
        line_y += NOTE_STEP_MM
    p.line(name_x, y + row_height(row, w) - 0.3, x + w, y + row_height(row, w) - 0.3, PALE, 0.3)


# --- pages ----------------------------------------------------------------------------------------------
def render_vehicle_sheets(c: Canvas, vehicles: Sequence[tuple[str, VehicleDocument]], ruleset: Ruleset,
                          paper: str = "a4") -> int:
    """One sheet per vehicle, `(source, vehicle)` in order (`source`: the file it came from, printed small);
    two to a portrait page when a sheet fits half of one, else a page of its own. Returns the pages drawn."""
    rules = axles_rules(ruleset)
    if rules is None:
        raise LayoutError(_("ruleset '{id}' has no vehicle rules").format(id=ruleset.id))
    if not vehicles:
        raise LayoutError(_("there is no vehicle to print"))
    sheet = get_paper(paper).portrait()
    content = check_margin(sheet, MARGIN_MM)
    half_h = (content.h - GAP_MM) / 2
    halves = (Rect(content.x, content.y, content.w, half_h),
              Rect(content.x, content.bottom - half_h, content.w, half_h))
    pages: list[list[tuple[int, Rect]]] = []
    for number, (_source, vehicle) in enumerate(vehicles, 1):
        if fits(halves[0], vehicle, rules, ruleset):
            if pages and len(pages[-1]) == 1 and pages[-1][0][1] == halves[0]:
                pages[-1].append((number, halves[1]))
            else:
                pages.append([(number, halves[0])])
        else:
            pages.append([(number, content)])
    for page in pages:
        pdf.start_page(c, sheet)
        for number, _area in page:
            key = f"vehicle-{number}"
            c.bookmarkPage(key)
            c.addOutlineEntry(vehicles[number - 1][1].name, key, level=0)
        with pdf.mm_frame(c, sheet):
            for number, area in page:
                source, vehicle = vehicles[number - 1]
                draw_vehicle(c, vehicle, source, number, ruleset, area)
            if len(page) == 2:
                sheet_marks.cut_line(c, sheet.width_mm, (halves[0].bottom + halves[1].y) / 2)
            sheet_marks.margin_bars(c, sheet, content)
        c.showPage()
    return len(pages)


TITLE = N_("Vehicle sheets")


def render_vehicle_pdf(out: Output, vehicles: Sequence[tuple[str, VehicleDocument]], ruleset: Ruleset | str,
                       paper: str = "a4") -> int:
    """Write the vehicle sheets as one PDF to `out` (a path, written atomically, or a binary file object),
    titled after the first vehicle; `ruleset` is a Ruleset or its id. Returns the page count. Nothing is
    written when the layout fails (LayoutError, one line)."""
    if isinstance(ruleset, str):
        from designer.rules import load_ruleset

        ruleset = load_ruleset(ruleset)
    buffer = io.BytesIO()
    title = vehicles[0][1].name if vehicles else _(TITLE)
    c = pdf.new_canvas(buffer, title, _("vehicle sheets"))
    pages = render_vehicle_sheets(c, vehicles, ruleset, paper)
    c.save()
    pdf.deliver(buffer.getvalue(), out)
    return pages
