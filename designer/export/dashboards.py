"""Kart dashboards: one per kart, two to a sheet (or one), with the character's stats and the tracks a
player marks during a race — gear, coins and hazards — plus item slots and balloons to cross off.

A dashboard shows only what the rule data has: item slots when there is an item deck or a hand limit
(`item_slots`), a coin track when the coin rules say how many a kart can hold or spend (`coin_track_top`),
hazards when a card deals them, balloons with Balloon Battle rules. Stats come from the ruleset's
characters; `Upgrades` (handling, max gear) lets a campaign print upgraded karts, capped by the Grand Prix
rules. Layout (`dashboard_layout`) is computed apart from drawing.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from designer.export import pdf, sheet_marks
from designer.export.painter import Painter
from designer.export.paper import LayoutError, Paper, Rect, card_size, check_margin, get_paper
from designer.export.pdf import BOLD, FONT, GREY, INK, LIGHT, Output, text
from designer.export.tokens import KART_COLOURS
from designer.i18n import _
from designer.rules import Ruleset
from designer.rules import texts as rule_texts
from designer.rules.schema import Character

if TYPE_CHECKING:
    from designer.export.options import PrintJob

#: Hazard boxes 0 … HAZARD_TOP, the last one meaning "that many or more".
HAZARD_TOP = 6
NAMED_COLOURS = {"red": "#d7263d", "blue": "#2f6fdf", "green": "#2fa84f", "yellow": "#e0b000",
                 "purple": "#8e44ad", "white": "#9aa0a8", "black": "#2d3436", "orange": "#ff7a1a"}


@dataclass(frozen=True)
class Upgrades:
    """Stat bonuses a kart has bought (e.g. in a Grand Prix campaign)."""

    handling: int = 0
    max_gear: int = 0

    @classmethod
    def of(cls, value: Upgrades | Mapping[str, int] | None) -> Upgrades:
        if value is None or isinstance(value, Upgrades):
            return value or cls()
        unknown = set(value) - {"handling", "max_gear"}
        if unknown:
            raise LayoutError(_("unknown upgrade {name!r} (use handling or max_gear)").format(name=sorted(unknown)[0]))
        return cls(int(value.get("handling", 0)), int(value.get("max_gear", 0)))


@dataclass(frozen=True)
class Kart:
    """One dashboard: kart number, its character (or None) and any upgrades."""

    number: int
    character: Character | None
    upgrades: Upgrades = Upgrades()
    player: str = ""


@dataclass(frozen=True)
class Stat:
    name: str
    base: int
    bonus: int
    #: the rule data's house value, not the source's (`Character.assumed`): printed "≈ house value"
    assumed: bool = False
    #: the stat's field ("handling", "max_gear", "top_speed" …)
    key: str = ""

    @property
    def value(self) -> int:
        return self.base + self.bonus


def numeric_stats(ruleset: Ruleset) -> list[tuple[str, str]]:
    """(key, title) of the numbered stats the system's characters carry (`System.character_stats`; Gaslands:
    Handling and Max Gear, PitchKart: Top Speed, Traction and Acceleration)."""
    from designer.systems import registry

    system = registry.find(ruleset.id)
    return [(s.key, s.title) for s in system.character_stats if not s.choices] if system else []


def stats(kart: Kart, ruleset: Ruleset) -> list[Stat]:
    """The character's numbered stats, upgrades applied (handling and max gear), each capped by the Grand Prix
    upgrade rules."""
    ch = kart.character
    out: list[Stat] = []
    gp = ruleset.grand_prix
    for field_, label in numeric_stats(ruleset):
        base = getattr(ch, field_, None) if ch else None
        if base is None:
            continue
        bonus = getattr(kart.upgrades, field_, 0)
        rule = gp.upgrade(field_) if gp else None
        if rule is not None:
            bonus = max(0, min(bonus, rule.cap - base))
        out.append(Stat(label, base, bonus, field_ in ch.assumed if ch else False, field_))
    return out


def karts_for(ruleset: Ruleset, count: int, characters: Sequence[str] | None = None,
              upgrades: Sequence[Upgrades | Mapping[str, int] | None] | None = None) -> list[Kart]:
    """`count` karts: the characters given (by id or name), or the first characters of the ruleset (repeating
    if few)."""
    if count < 1:
        raise LayoutError(_("at least one kart is needed for dashboards"))
    chosen: list[Character | None] = []
    for i in range(count):
        if characters and i < len(characters):
            ch = ruleset.find_character(characters[i])
            if ch is None:
                raise LayoutError(_("unknown character '{name}' in {ruleset}").format(name=characters[i],
                                                                                      ruleset=ruleset.id))
            chosen.append(ch)
        else:
            chosen.append(ruleset.characters[i % len(ruleset.characters)] if ruleset.characters else None)
    ups = list(upgrades or [])
    return [Kart(i + 1, ch, Upgrades.of(ups[i] if i < len(ups) else None)) for i, ch in enumerate(chosen)]


def kart_colour(kart: Kart) -> Color:
    named = kart.character.colour if kart.character else None
    return HexColor(NAMED_COLOURS.get(named or "", KART_COLOURS[(kart.number - 1) % len(KART_COLOURS)]))


# --- layout ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DashboardLayout:
    frame: Rect
    header: Rect
    stats: Rect
    slots: tuple[Rect, ...]
    tracks: Rect


SLOT_CLEARANCE_MM = 2.0  # free room round a card in its slot, each way, so it goes in and comes out easily


def slot_size(card: tuple[float, float]) -> tuple[float, float]:
    """The item slot for a card of (w, h) mm: the card plus the clearance on every side."""
    return card[0] + 2 * SLOT_CLEARANCE_MM, card[1] + 2 * SLOT_CLEARANCE_MM


def dashboard_layout(area: Rect, card: tuple[float, float] = (63.0, 88.0), slots: int = 2,
                     with_tracks: bool = True) -> DashboardLayout:
    """Split a dashboard's area: header band, stats column, `slots` card-shaped item slots (maybe none),
    track rows (no room kept for them when the mat has none: `with_tracks` False)."""
    pad = 4.0
    header = Rect(area.x, area.y, area.w, 13.0)
    tracks_h = min(48.0, area.h * 0.36) if with_tracks else 0.0
    tracks = Rect(area.x + pad, area.bottom - pad - tracks_h, area.w - 2 * pad, tracks_h)
    mid_top = header.bottom + pad
    mid_h = tracks.y - pad - mid_top
    slot_w, slot_h = slot_size(card)
    if slots and slot_h > mid_h:
        raise LayoutError(_("dashboards do not fit this paper; try one per page"))
    right = area.right - pad
    boxes = tuple(Rect(right - (slots - i) * slot_w - (slots - 1 - i) * 4.0, mid_top, slot_w, slot_h)
                  for i in range(slots))
    stats_right = boxes[0].x - 6.0 if boxes else right
    stats_ = Rect(area.x + pad, mid_top, stats_right - (area.x + pad), mid_h)
    if stats_.w < 40:
        raise LayoutError(_("dashboards do not fit this paper; try one per page"))
    return DashboardLayout(area, header, stats_, boxes, tracks)


# --- drawing ---------------------------------------------------------------------------------------
def draw_dashboard(c: Canvas, kart: Kart, ruleset: Ruleset, area: Rect, card: tuple[float, float]) -> None:
    lay = dashboard_layout(area, card, item_slots(ruleset), bool(track_rows(kart, ruleset)))
    p = Painter(c)
    colour = kart_colour(kart)
    p.rect(area.x, area.y, area.w, area.h, 3.0, fill=white, stroke=colour, lw=0.8)
    p.rect(area.x, area.y, area.w, lay.header.h, 3.0, fill=colour, stroke=None)
    p.rect(area.x, area.y + lay.header.h / 2, area.w, lay.header.h / 2, fill=colour, stroke=None)
    ch = kart.character
    mid = area.y + lay.header.h / 2
    side = 33.0  # each end of the header, beside the name's (area.w − 80) mm
    text(c, area.x + 5, mid, *pdf.fit_line(_("KART {number}").format(number=kart.number), side, 9, BOLD), BOLD,
         "start", white, middle=True)
    name = rule_texts.character_name(ruleset, ch) if ch else _("Driver")
    text(c, area.x + area.w / 2, mid, pdf.truncate(name, area.w - 80, 15, BOLD), 15, BOLD, "middle", white,
         middle=True)
    pawn = _("{colour} pawn").format(colour=rule_texts.colour_name(ch.colour)) if ch and ch.colour else ""
    right = (rule_texts.weight_name(ch.weight) if ch and ch.weight else None) or pawn
    text(c, area.right - 5, mid, *pdf.fit_line(right, side, 9, BOLD), BOLD, "end", white, middle=True)
    _stats(c, p, kart, ruleset, lay.stats, colour)
    for i, slot in enumerate(lay.slots, 1):
        p.rect(slot.x, slot.y, slot.w, slot.h, 3.0, fill=pdf.lighter(colour, 0.92), stroke=colour, lw=0.4,
               dash=(2, 1.5))
        label = _("ITEM {n}").format(n=i) if len(lay.slots) > 1 else _("ITEM")
        text(c, slot.x + slot.w / 2, slot.y + slot.h / 2 - 2, *pdf.fit_line(label, slot.w - 3, 10, BOLD), BOLD,
             "middle", colour, middle=True)
        if ruleset.deck_rules.use_in_order and len(lay.slots) > 1:
            hint = _("use first") if i == 1 else _("then this one")
            text(c, slot.x + slot.w / 2, slot.y + slot.h / 2 + 3.5, *pdf.fit_line(hint, slot.w - 3, 6.5, FONT), FONT,
                 "middle", GREY, middle=True)
    _tracks(c, p, kart, ruleset, lay.tracks, colour)


def item_slots(ruleset: Ruleset) -> int:
    """How many items a kart holds: the deck's hand limit (1–3), two for a deck whose rules set none, and
    none without an item deck or a hand limit (items that are not cards have no slot to lie in)."""
    if not ruleset.deck and ruleset.deck_rules.hand_limit is None:
        return 0
    return max(1, min(3, ruleset.deck_rules.hand_limit or 2))


def coin_track_top(ruleset: Ruleset) -> int | None:
    """The coin track runs 0 … this: the most a kart may carry, else the dearest thing coins buy; None
    (no track) when the rules give neither, since a made-up top would mislead."""
    coins = ruleset.coins
    if coins is None:
        return None
    if coins.max_carried:
        return coins.max_carried
    return max((spend.cost for spend in coins.spend), default=None)


def _stats(c: Canvas, p: Painter, kart: Kart, ruleset: Ruleset, box: Rect, colour: Color) -> None:
    y = box.y
    items = stats(kart, ruleset)
    w = (box.w - 4.0 * (len(items) - 1)) / max(len(items), 1)
    for i, stat in enumerate(items):
        x = box.x + i * (w + 4.0)
        p.rect(x, y, w, 24.0, 2.0, fill=pdf.lighter(colour, 0.9), stroke=colour, lw=0.4)
        text(c, x + w / 2, y + 5, *pdf.fit_line(_(stat.name).upper(), w - 3, 7.5, BOLD), BOLD, "middle", colour,
             middle=True)
        text(c, x + w / 2, y + 15, str(stat.value), 22, BOLD, "middle", INK, middle=True)
        if stat.bonus:
            upgraded = _("{base} + {bonus} upgrade").format(base=stat.base, bonus=stat.bonus)
            text(c, x + w / 2, y + 21.5, *pdf.fit_line(upgraded, w - 2, 6, FONT), FONT, "middle", GREY, middle=True)
        elif stat.assumed:
            text(c, x + w / 2, y + 21.5, *pdf.fit_line(_("≈ house value"), w - 2, 6, FONT), FONT, "middle", GREY,
                 middle=True)
    if items:
        y += 28.0
    if kart.player:
        text(c, box.x, y + 3, pdf.truncate(_("Player: {name}").format(name=kart.player), box.w, 8), 8, FONT)
    else:
        label = _("Player")
        text(c, box.x, y + 4, label, 7, FONT, colour=GREY)
        c.setStrokeColor(LIGHT)
        c.setLineWidth(pdf.pt(0.5))
        c.line(box.x + max(10.0, pdf.width_mm(label, 7, FONT) + 1.5), y + 4.5, box.right, y + 4.5)
    y += 9.0
    if ruleset.balloon_battle is not None and y + 14 <= box.bottom + 0.1:
        text(c, box.x, y + 3, *pdf.fit_line(_("BALLOONS (cross off one per Wipe Out)"), box.w, 6.5, BOLD), BOLD,
             colour=colour)
        n = ruleset.balloon_battle.balloons_per_kart
        r = min(4.5, (box.w - 2 * n) / (2 * n))
        for k in range(n):
            bx = box.x + r + k * (2 * r + 2.0)
            p.ellipse(bx, y + 6 + r, r * 0.85, r, fill=white, stroke=colour, lw=0.4)
            p.line(bx, y + 6 + 2 * r, bx, y + 8 + 2 * r, colour, 0.3)


def _row(c: Canvas, p: Painter, y: float, step: float, box: Rect, label: str, cells: Sequence[str],
         colour: Color, round_: bool, last_alert: bool = False, faint_from: int | None = None) -> None:
    label_w = 22.0
    mid = y + step / 2
    text(c, box.x, mid, *pdf.fit_line(label, label_w - 1.5, 8, BOLD), BOLD, colour=colour, middle=True)
    n = len(cells)
    size = min(11.0, step - 3.0, (box.w - label_w - 1.5 * (n - 1)) / n)
    for i, cell in enumerate(cells):
        x = box.x + label_w + i * (size + 1.5)
        alert = last_alert and i == n - 1
        stroke = HexColor("#c62828") if alert else colour
        fill = HexColor("#fde2e2") if alert else (pdf.lighter(colour, 0.93) if faint_from is not None
                                                   and i >= faint_from else white)
        if round_:
            p.circle(x + size / 2, mid, size / 2, fill=fill, stroke=stroke, lw=0.4)
        else:
            p.rect(x, mid - size / 2, size, size, 1.2, fill=fill, stroke=stroke, lw=0.4)
        text(c, x + size / 2, mid, cell, 8.5 if len(cell) < 3 else 7, BOLD, "middle",
             stroke if alert else INK, middle=True)


def track_rows(kart: Kart, ruleset: Ruleset) -> list[tuple[str, list[str], bool, bool, int | None]]:
    """The mat's tick rows (label, cells, round, last cell an alert, faint from): gear, coins, hazards, as
    the rules have them."""
    rows: list[tuple[str, list[str], bool, bool, int | None]] = []
    gear = next((s for s in stats(kart, ruleset) if s.key == "max_gear"), None)
    if gear is not None:
        rows.append((_("GEAR"), [str(g) for g in range(1, gear.value + 1)], False, False,
                     gear.base if gear.bonus else None))
    top = coin_track_top(ruleset)
    if top is not None:
        rows.append((_("COINS"), [str(n) for n in range(0, top + 1)], True, False, None))
    if any("hazard" in card.text.casefold() for card in ruleset.deck):
        rows.append((_("HAZARDS"), [str(n) for n in range(HAZARD_TOP)] + [f"{HAZARD_TOP}+"], False, True, None))
    return rows


def _tracks(c: Canvas, p: Painter, kart: Kart, ruleset: Ruleset, box: Rect, colour: Color) -> None:
    rows = track_rows(kart, ruleset)
    step = box.h / max(len(rows), 1)
    for i, (label, cells, round_, alert, faint) in enumerate(rows):
        _row(c, p, box.y + i * step, step, box, label, cells, colour, round_, alert, faint)


# --- pages -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DashboardOptions:
    paper: str = "a4"
    margin_mm: float = 10.0
    #: the most to a page: 1 is a landscape page each; 2 or more are stacked on a portrait page, as many
    #: of them as still hold the mat's card slots (at least one a landscape page)
    per_page: int = 2
    card_size: str = "poker"


def dashboard_areas(paper: Paper, margin: float, per_page: int) -> tuple[Paper, list[Rect]]:
    """`per_page` bands of a portrait page, one above the other (halves for two), or a landscape page for one."""
    if per_page < 1:
        raise LayoutError(_("dashboards come one or more per page, not {n}").format(n=per_page))
    sheet = paper.portrait() if per_page >= 2 else paper.landscape()
    content = check_margin(sheet, margin)
    if per_page == 1:
        return sheet, [content]
    gap = 8.0
    h = (content.h - gap * (per_page - 1)) / per_page
    return sheet, [Rect(content.x, content.y + i * (h + gap), content.w, h) for i in range(per_page)]


def _dashboard_pages(paper: Paper, margin: float, per_page: int, card: tuple[float, float],
                     slots: int, tracks: bool = True) -> tuple[Paper, list[Rect]]:
    """The sheet and areas for dashboards: as many to a portrait page (up to `per_page`) as still hold the
    card slots, else one to a landscape page; fails before anything is drawn when not even that holds them."""
    for n in range(per_page, 1, -1):
        sheet, areas = dashboard_areas(paper, margin, n)
        try:
            dashboard_layout(areas[0], card, slots, tracks)
        except LayoutError:
            continue
        return sheet, areas
    sheet, areas = dashboard_areas(paper, margin, 1)
    dashboard_layout(areas[0], card, slots, tracks)
    return sheet, areas


def render_player_sheets(c: Canvas, job: PrintJob, draw: Callable[[Canvas, int, Rect], None],
                         fits: Callable[[Rect], bool], refusal: str) -> int:
    """One sheet per player of the job's document (`karts`), or per seat of a campaign's roster (`job.seats`),
    two to a portrait page: `draw(c, number, area)` fills one; `refusal` is the one-line error when a half page
    does not `fit`. Returns the pages drawn."""
    paper, margin = get_paper(job.options.paper), job.options.margin(10.0)
    sheet, areas = dashboard_areas(paper, margin, 2)
    if not fits(areas[0]):
        sheet, areas = dashboard_areas(paper, margin, 1)  # a landscape page each, when a half page is too small
        if not fits(areas[0]):
            raise LayoutError(refusal)
    count, pages = len(job.seats) or job.document.karts, 0
    for start in range(0, count, len(areas)):
        pdf.start_page(c, sheet)
        with pdf.mm_frame(c, sheet):
            for number, area in zip(range(start + 1, count + 1), areas, strict=False):
                draw(c, number, area)
            sheet_marks.margin_bars(c, sheet, check_margin(sheet, margin))
        c.showPage()
        pages += 1
    return pages


def render_dashboards(c: Canvas, ruleset: Ruleset, karts: Sequence[Kart],
                      options: DashboardOptions = DashboardOptions()) -> int:
    card = card_size(options.card_size)
    sheet, areas = _dashboard_pages(get_paper(options.paper), options.margin_mm, options.per_page, card,
                                    item_slots(ruleset), any(track_rows(kart, ruleset) for kart in karts))
    pages = 0
    for start in range(0, len(karts), len(areas)):
        pdf.start_page(c, sheet)
        with pdf.mm_frame(c, sheet):
            for kart, area in zip(karts[start:start + len(areas)], areas, strict=False):
                draw_dashboard(c, kart, ruleset, area, card)
            for above, below in pairwise(areas):
                sheet_marks.cut_line(c, sheet.width_mm, (above.bottom + below.y) / 2)
            sheet_marks.margin_bars(c, sheet, check_margin(sheet, options.margin_mm))
        c.showPage()
        pages += 1
    return pages


def write_dashboards_pdf(out: Output, ruleset: Ruleset, karts: Sequence[Kart] | int = 4,
                         options: DashboardOptions = DashboardOptions()) -> int:
    """Write kart dashboards (a count → the first characters of the ruleset); returns the page count."""
    if isinstance(karts, int):
        karts = karts_for(ruleset, karts)
    buffer = io.BytesIO()
    title = _("{ruleset} — kart dashboards").format(ruleset=rule_texts.ruleset_name(ruleset))
    c = pdf.new_canvas(buffer, title, _("dashboards"))
    pages = render_dashboards(c, ruleset, karts, options)
    c.save()
    pdf.deliver(buffer.getvalue(), out)
    return pages
