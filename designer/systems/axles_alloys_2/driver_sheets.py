"""Axles and Alloys II career driver sheets (`kartographer campaign print` of a career, the mode's `sheets`):
one card per named driver, two to a page, filled from the campaign as it stands.

Each card: the driver's name and player in the title band; the weight class, the status (alive, or died in
game N) and the rerolls earned, used and left; the linked car (its `*.vehicle.json`) with its key stats from
the vehicle sheet's own arithmetic (`builder`: MAX/ACC/DEC/TURN for what it is built for, hull, capacity
used of the class's, its components) and, when the build breaks a rule, how many; then one row per game the
driver played (the campaign's game number, scenario, survived, kills, finished, won, died, rerolls earned
and used) and blank rows below for the games still to come, to fill in by hand. No Qt.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.lib.colors import HexColor

from designer.export import pdf, sheet_marks
from designer.export.fonts import BOLD, FONT
from designer.export.painter import Painter
from designer.export.paper import LayoutError, Rect, check_margin, get_paper
from designer.i18n import N_, _, ngettext
from designer.io.errors import DocumentError
from designer.systems.axles_alloys_2 import builder, sheet_parts
from designer.systems.axles_alloys_2.careers import DriverRecord, careers, rerolls_earned
from designer.systems.axles_alloys_2.driver_fields import DriverVehicle
from designer.systems.axles_alloys_2.rule_data import axles_rules, component_name, weight_class_name
from designer.systems.axles_alloys_2.vehicle_io import driver_vehicle

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from designer.campaign.context import Context
    from designer.model.campaign import CampaignDocument
    from designer.systems.axles_alloys_2.rule_data import AxlesRules
    from designer.systems.axles_alloys_2.vehicle import VehicleDocument

TITLE = N_("Driver sheets")
COLOUR = HexColor("#5a3e2b")
PROBLEM = HexColor("#c62828")
YES, NO, NOT_HELD = "✓", "✗", "·"
ROW_MM = 6.2
CARDS_PER_PAGE = 2
CARD_GAP_MM = 8.0
#: the games table's columns: (title, share of the width)
COLUMNS = ((N_("Game"), 0.09), (N_("Scenario"), 0.17), (N_("Survived"), 0.12), (N_("Kills"), 0.08),
           (N_("Finished"), 0.12), (N_("Won"), 0.08), (N_("Died"), 0.08), (N_("Rerolls +/−"), 0.26))
SCENARIOS = {"deathmatch": N_("Deathmatch"), "race": N_("Race")}


@dataclass(frozen=True)
class GameLine:
    number: int
    scenario: str
    survived: bool
    kills: int
    finished: bool | None  # None: a deathmatch has no finish
    won: bool | None
    died: bool
    earned: int
    used: int


@dataclass(frozen=True)
class CarInfo:
    name: str
    file: str
    lines: tuple[str, ...] = ()
    problems: int = 0
    missing: str = ""  # why the file could not be read


@dataclass(frozen=True)
class DriverSheet:
    record: DriverRecord
    car: CarInfo | None
    games: tuple[GameLine, ...]


def game_lines(doc: CampaignDocument, rules: AxlesRules, driver: str) -> list[GameLine]:
    out = []
    for number, game in enumerate(doc.games, start=1):
        entry = next((e for e in game.entries if e.driver.casefold() == driver.casefold()), None)
        if entry is None:
            continue
        race = game.scenario == "race"
        earned = sum(r for _event, r in rerolls_earned(entry, game.scenario, rules))
        out.append(GameLine(number, game.scenario, not entry.destroyed and not entry.died, entry.kills,
                            entry.finished if race else None, entry.won if race else None, entry.died, earned,
                            entry.rerolls_used))
    return out


def car_info(vehicle: VehicleDocument, file: str, rules: AxlesRules, ruleset: object) -> CarInfo:
    """The car's key stats, as the vehicle sheet reckons them, in a few lines."""
    cls = builder.weight_class(vehicle, rules)
    stats = builder.stats(vehicle, rules)
    lines = []
    if cls is not None and stats is not None:
        scenario = _(SCENARIOS.get(vehicle.scenario, vehicle.scenario))
        lines.append(_("{cls} · built for {scenario} · MAX {max} · ACC {acc} · DEC {dec} · TURN {turn}").format(
            cls=weight_class_name(ruleset, cls), scenario=scenario, max=stats.max, acc=stats.acc, dec=stats.dec,
            turn=stats.turn))
        lines.append(_("Hull {lines} × {boxes} = {points} · capacity {used} of {capacity}").format(
            lines=cls.hit_point_lines, boxes=cls.boxes_per_line, points=cls.hit_points,
            used=builder.capacity_used(vehicle, rules), capacity=cls.capacity))
    names = []
    for fitted in vehicle.components:
        component = rules.component(fitted.component)
        shown = fitted.label or (component_name(ruleset, component) if component else fitted.component)
        face = builder.facing_of(fitted, rules)
        names.append(f"{shown} ({_(face)})" if face and component and component.kind != "equipment" else shown)
    if names:
        lines.append(_("Components: {list}").format(list=", ".join(names)))
    return CarInfo(vehicle.name, file, tuple(lines), len(builder.problems(vehicle, rules, ruleset)))


def driver_sheets(doc: CampaignDocument, ctx: Context, source: str | Path | None) -> list[DriverSheet]:
    rules = axles_rules(ctx.ruleset)
    assert rules is not None
    files = {d.name: DriverVehicle.of(d).vehicle_file for d in doc.drivers}
    out = []
    for record in careers(doc, ctx):
        file = files.get(record.name)
        car = None
        if file:
            name = Path(file).name
            try:
                car = car_info(driver_vehicle(source, file), name, rules, ctx.ruleset.id)
            except DocumentError as exc:
                car = CarInfo("", name, missing=str(exc))
        out.append(DriverSheet(record, car, tuple(game_lines(doc, rules, record.name))))
    return out


def _mark(value: bool | None) -> str:
    return NOT_HELD if value is None else YES if value else NO


def _status(record: DriverRecord) -> str:
    if record.died_in is not None:
        return _("died in game {n}").format(n=record.died_in)
    return _("alive") if record.games else _("not raced yet")


def draw_card(c: Canvas, sheet: DriverSheet, area: Rect, ruleset: object) -> None:
    record, p = sheet.record, Painter(c)
    sheet_parts.frame(c, area, COLOUR, record.name, area.w * 0.55)
    sheet_parts.write_in(c, area.x + area.w * 0.6, area.right - 5, area.y + sheet_parts.HEADER_MM / 2,
                         _("Player"), record.player)
    x, right = area.x + 5.0, area.right - 5.0
    y = area.y + sheet_parts.HEADER_MM + 6.0
    facts = [(_("Class"), record.vehicle or "—"), (_("Status"), _status(record)),
             (_("Rerolls earned"), str(record.earned)), (_("used"), str(record.used)), (_("left"), str(record.rerolls))]
    # the status ("died in game 12", "in Spiel 12 gestorben") gets the room the three counts do not need
    weights = (1.0, 1.7, 1.0, 0.65, 0.65)
    unit = (right - x) / sum(weights)
    for i, (label, value) in enumerate(facts):
        cx, cell = x + sum(weights[:i]) * unit, weights[i] * unit
        pdf.text(c, cx, y, *pdf.fit_line(label, cell - 3, 6.5, FONT), FONT, colour=pdf.GREY)
        pdf.text(c, cx, y + 5.0, *pdf.fit_line(value, cell - 3, 10.0, BOLD, 6.0), BOLD,
                 colour=PROBLEM if label == _("Status") and record.died_in is not None else pdf.INK)
    y += 10.0
    car = sheet.car
    if car is None:
        line = _("Car: no vehicle file linked")
        pdf.text(c, x, y + 3.0, *pdf.fit_line(line, right - x, 8.0, BOLD), BOLD)
        y += 6.0
    else:
        title = _("Car: {name} ({file})").format(name=car.name or "—", file=car.file)
        pdf.text(c, x, y + 3.0, *pdf.fit_line(title, right - x, 8.0, BOLD), BOLD)
        y += 6.0
        details = list(car.lines)
        if car.missing:
            details.append(car.missing)
        for line in details:
            pdf.text(c, x, y + 2.5, *pdf.fit_line(line, right - x, 7.0, FONT), FONT)
            y += 3.8
        if car.problems:
            warn = ngettext("The car breaks {n} build rule: see `kartographer vehicle check`.",
                            "The car breaks {n} build rules: see `kartographer vehicle check`.", car.problems).format(
                n=car.problems)
            pdf.text(c, x, y + 2.5, *pdf.fit_line(warn, right - x, 7.0, BOLD), BOLD, colour=PROBLEM)
            y += 3.8
    y += 2.0
    _games_table(c, p, sheet.games, Rect(x, y, right - x, area.bottom - 4.0 - y))


def _games_table(c: Canvas, p: Painter, games: Sequence[GameLine], box: Rect) -> None:
    rows = max(len(games), int(box.h // ROW_MM) - 1)
    xs = [box.x]
    for _title, share in COLUMNS:
        xs.append(xs[-1] + share * box.w)
    bottom = box.y + ROW_MM * (rows + 1)
    p.rect(box.x, box.y, box.w, ROW_MM, fill=pdf.lighter(COLOUR, 0.85), stroke=None)
    for i in range(rows + 2):
        p.line(box.x, box.y + i * ROW_MM, box.right, box.y + i * ROW_MM, pdf.GREY, 0.4)
    for across in xs:
        p.line(across, box.y, across, bottom, pdf.GREY, 0.4)
    mid = ROW_MM / 2
    for (title, _share), left, nxt in zip(COLUMNS, xs, xs[1:], strict=False):
        pdf.text(c, (left + nxt) / 2, box.y + mid, *pdf.fit_line(_(title), nxt - left - 1.5, 7.0, BOLD), BOLD,
                 "middle", middle=True)
    for row, game in enumerate(games, start=1):
        cells = (str(game.number), _(SCENARIOS.get(game.scenario, game.scenario)), _mark(game.survived),
                 str(game.kills), _mark(game.finished), _mark(game.won), _mark(game.died),
                 f"+{game.earned} / −{game.used}")
        yy = box.y + row * ROW_MM + mid
        for value, left, nxt in zip(cells, xs, xs[1:], strict=False):
            colour = PROBLEM if value == YES and left == xs[6] else pdf.INK
            pdf.text(c, (left + nxt) / 2, yy, *pdf.fit_line(value, nxt - left - 1.5, 8.0, FONT), FONT, "middle",
                     colour, middle=True)


def render_driver_sheets(c: Canvas, doc: CampaignDocument, ctx: Context, paper: str,
                         source: str | Path | None) -> int:
    """Two driver cards to a page; returns the pages drawn."""
    sheets = driver_sheets(doc, ctx, source)
    if not sheets:
        raise LayoutError(_("'{name}' has no drivers yet").format(name=doc.name))
    page_paper = get_paper(paper).portrait()
    page = check_margin(page_paper, 10.0)
    card_h = (page.h - CARD_GAP_MM * (CARDS_PER_PAGE - 1)) / CARDS_PER_PAGE
    pages = 0
    for first in range(0, len(sheets), CARDS_PER_PAGE):
        pdf.start_page(c, page_paper)
        with pdf.mm_frame(c, page_paper):
            for slot, sheet in enumerate(sheets[first:first + CARDS_PER_PAGE]):
                top = page.y + slot * (card_h + CARD_GAP_MM)
                draw_card(c, sheet, Rect(page.x, top, page.w, card_h), ctx.ruleset.id)
                if slot:
                    sheet_marks.cut_line(c, page_paper.width_mm, top - CARD_GAP_MM / 2)
            sheet_marks.margin_bars(c, page_paper, page)
        c.showPage()
        pages += 1
    return pages
