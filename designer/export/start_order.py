"""The start-order sheet of a race series: one row per starting place with the coins that place takes from
the bank (the board game's places 5–7, PitchKart's per-slot table: `designer.campaign.series`), and one
column per race to write the start order in — filled where the campaign already has the race's grid.
Under it, who plays which character and pawn colour. Landscape; more races than fit go on further pages.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.colors import HexColor, white
from reportlab.pdfgen.canvas import Canvas

from designer.export import pdf
from designer.export.dashboards import NAMED_COLOURS
from designer.export.paper import LayoutError, Rect, check_margin, get_paper
from designer.export.pdf import BOLD, FONT, GREY, INK, LIGHT, text
from designer.i18n import _, ngettext
from designer.rules import Ruleset
from designer.rules.texts import colour_name, ruleset_name

HEAD = HexColor("#1f2a44")
BAND = HexColor("#eef1f6")
COIN = HexColor("#f5c518")
#: Blank race columns a sheet offers at least (a board-game night rarely plans its races up front).
MIN_RACES = 4
RACES_PER_PAGE = 6


@dataclass(frozen=True)
class StartPlayer:
    name: str
    character: str = ""
    colour: str | None = None  # the pawn colour the rule data names ("red"), if any


@dataclass(frozen=True)
class StartOrder:
    """What the sheet prints: the campaign's name, its players, the coins per starting place (1st first),
    and per race its label and the grid already entered (names in starting order, or empty)."""

    title: str
    players: tuple[StartPlayer, ...]
    coins: tuple[int, ...]
    races: tuple[tuple[str, tuple[str, ...]], ...] = ()


def coin_rule(coins: Sequence[int]) -> str:
    """"Places 5, 6 and 7 start with 1 coin from the bank." from the coins per place; "" when none do."""
    groups: dict[int, list[int]] = {}
    for place, n in enumerate(coins, start=1):
        if n:
            groups.setdefault(n, []).append(place)
    lines = []
    for n, places in groups.items():
        names = [str(p) for p in places]
        listed = names[0] if len(names) == 1 else _("{names} and {last}").format(names=", ".join(names[:-1]),
                                                                                 last=names[-1])
        lines.append(ngettext("Place {places} starts with {n} coin from the bank.",
                              "Place {places} starts with {n} coins from the bank.", n)
                     if len(places) == 1 else
                     ngettext("Places {places} start with {n} coin from the bank.",
                              "Places {places} start with {n} coins from the bank.", n))
        lines[-1] = lines[-1].format(places=listed, n=n)
    return " ".join(lines)


def _race_columns(order: StartOrder) -> list[tuple[str, tuple[str, ...]]]:
    races = list(order.races)
    races += [("", ())] * max(0, MIN_RACES - len(races))
    return races


def draw_start_order(c: Canvas, order: StartOrder, races: Sequence[tuple[int, str, tuple[str, ...]]], area: Rect,
                     system: str) -> None:
    """One page: the heading, the rule, the table of places × `races` ((number, label, grid)), the players."""
    text(c, area.x, area.y + 5, pdf.truncate(_("{title} — start order").format(title=order.title), area.w - 70,
                                             15, BOLD), 15, BOLD)
    text(c, area.right, area.y + 5, system, 8, FONT, "end", GREY)
    how = _("Before each race, write each player's name on the place they start from.")
    rule = coin_rule(order.coins)
    lines, size = pdf.fit_paragraph(f"{how} {rule}".strip(), area.w, 7.0, 8, FONT)
    pdf.paragraph(c, area.x, area.y + 8.3, lines, size, FONT, GREY)
    top = area.y + 16
    places = len(order.coins)
    place_w, coin_w = 18.0, 34.0
    race_w = (area.w - place_w - coin_w) / max(len(races), 1)
    head = 9.0
    players_h = 8.0 + 5.0 * ((len(order.players) + 1) // 2)
    row_h = min(16.0, (area.bottom - top - head - players_h) / max(places, 1))
    if row_h < 6.0:
        raise LayoutError(ngettext("{n} starting place does not fit on one sheet",
                                   "{n} starting places do not fit on one sheet", places).format(n=places))
    table_h = head + row_h * places
    c.setFillColor(HEAD)
    c.rect(area.x, top, area.w, head, stroke=0, fill=1)
    for x, w, label in ((area.x, place_w, _("Place")), (area.x + place_w, coin_w, _("Starting coins"))):
        lines, size = pdf.fit_lines(label, w - 2, 8, BOLD)
        pdf.lines_middle(c, x + w / 2, top + head / 2, lines, size, BOLD, "middle", white)
    for k, (number, label, _grid) in enumerate(races):
        x = area.x + place_w + coin_w + k * race_w
        title = _("Race {n}").format(n=number) + (f" · {label}" if label else "")
        lines, size = pdf.fit_lines(title, race_w - 2, 8, BOLD)
        pdf.lines_middle(c, x + race_w / 2, top + head / 2, lines, size, BOLD, "middle", white)
    for i in range(places):
        y = top + head + i * row_h
        if i % 2 == 0:
            c.setFillColor(BAND)
            c.rect(area.x, y, area.w, row_h, stroke=0, fill=1)
        text(c, area.x + place_w / 2, y + row_h / 2, f"{i + 1}.", 11, BOLD, "middle", middle=True)
        coins = order.coins[i]
        cx = area.x + place_w + coin_w / 2
        if coins:
            radius = min(row_h * 0.32, 4.5)
            c.setFillColor(COIN)
            c.setStrokeColor(INK)
            c.setLineWidth(pdf.pt(0.5))
            c.circle(cx - 6, y + row_h / 2, radius, stroke=1, fill=1)
            text(c, cx - 6, y + row_h / 2, str(coins), 8, BOLD, "middle", middle=True)
            label = ngettext("{n} coin", "{n} coins", coins).format(n=coins)
            room = area.x + place_w + coin_w - 1.2 - (cx + 1)  # up to the race column's rule
            text(c, cx + 1, y + row_h / 2, *pdf.fit_line(label, room, 7.5, FONT), FONT, middle=True)
        else:
            text(c, cx, y + row_h / 2, "—", 9, FONT, "middle", GREY, middle=True)
        for k, (_number, _label, grid) in enumerate(races):
            if i < len(grid):
                x = area.x + place_w + coin_w + k * race_w
                text(c, x + 3, y + row_h / 2, *pdf.fit_line(grid[i], race_w - 6, 9, FONT), FONT, middle=True)
    c.setStrokeColor(LIGHT)
    c.setLineWidth(pdf.pt(0.4))
    for i in range(1, places):
        c.line(area.x, top + head + i * row_h, area.right, top + head + i * row_h)
    c.setStrokeColor(INK)
    for k in range(len(races) + 1):
        x = area.x + place_w + coin_w + k * race_w
        c.line(x, top, x, top + table_h)
    c.line(area.x + place_w, top, area.x + place_w, top + table_h)
    c.setLineWidth(pdf.pt(0.8))
    c.rect(area.x, top, area.w, table_h, stroke=1, fill=0)
    _players(c, order.players, Rect(area.x, top + table_h + 5, area.w, players_h - 5))


def _players(c: Canvas, players: Sequence[StartPlayer], box: Rect) -> None:
    text(c, box.x, box.y + 3, _("Players"), 9, BOLD, middle=True)
    half = box.w / 2
    for i, p in enumerate(players):
        x = box.x + (i % 2) * half
        y = box.y + 8 + (i // 2) * 5
        if p.colour:
            c.setFillColor(HexColor(NAMED_COLOURS.get(p.colour, "#888888")))
            c.setStrokeColor(INK)
            c.setLineWidth(pdf.pt(0.4))
            c.circle(x + 1.5, y, 1.6, stroke=1, fill=1)
        shown = colour_name(p.colour)
        if p.character and shown:
            who = _("{player}: {character}, {colour} pawn").format(player=p.name, character=p.character, colour=shown)
        elif p.character:
            who = _("{player}: {character}").format(player=p.name, character=p.character)
        else:
            who = p.name
        text(c, x + 5, y, *pdf.fit_line(who, half - 8, 8.5, FONT), FONT, middle=True)


def render_start_order(c: Canvas, ruleset: Ruleset, order: StartOrder, paper: str = "a4",
                       margin_mm: float = 10.0) -> int:
    """Append the sheet's pages (landscape, RACES_PER_PAGE race columns each); returns how many."""
    sheet = get_paper(paper).landscape()
    area = check_margin(sheet, margin_mm)
    columns = [(n, label, grid) for n, (label, grid) in enumerate(_race_columns(order), start=1)]
    pages = 0
    for start in range(0, len(columns), RACES_PER_PAGE):
        pdf.start_page(c, sheet)
        with pdf.mm_frame(c, sheet):
            draw_start_order(c, order, columns[start:start + RACES_PER_PAGE], area, ruleset_name(ruleset))
        c.showPage()
        pages += 1
    return pages
