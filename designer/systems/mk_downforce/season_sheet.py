"""The Mario Kart for Downforce season score sheet (`scoresheet` section), landscape: the six cars of every race
(a row per colour; per race the car's place, owner, the price paid at the auction, its prize money and coins)
above the players (a row each; per race their bet winnings and their money from the race; then the season's
money and rank). The heading says what a coin is worth and how the season is ranked
(`season.season_rule`), and the prize table in use, marked when it is the base game's as we
read it (to check against the box).

Blank (`kartographer export --ruleset mk-downforce --what scoresheet`): six player rows and `BLANK_RACES`
races. Filled (`kartographer campaign print FILE --sections scoresheet`): `job.scores` is a `SeasonScores`
built from the campaign by `designer.export.campaign_print`; a season of more than `RACES_PER_PAGE` races
continues on further pages. No Qt.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from designer.export import pdf
from designer.export.element_art import coin_face
from designer.export.options import PrintJob
from designer.export.painter import Painter
from designer.export.paper import LayoutError, Rect, check_margin, get_paper
from designer.export.pdf import BOLD, FONT, GREY, INK, LIGHT, text
from designer.i18n import N_, _, format_dollars, format_number, ngettext, place_ordinal
from designer.rules import Ruleset
from designer.rules.texts import ruleset_name
from designer.systems.mk_downforce.rule_data import downforce_rules, kart_colour_name
from designer.systems.mk_downforce.season import season_rule

#: Races on a blank sheet (a short season, written by hand; a filled sheet has the campaign's races).
BLANK_RACES = 3
#: Races on one page of a filled sheet: printed amounts ("$12,000,000") need about 18 mm each.
RACES_PER_PAGE = 3
#: Player rows on a blank sheet: Downforce seats up to six.
BLANK_PLAYERS = 6
HEAD = HexColor("#1f2a44")
BAND = HexColor("#eef1f6")
#: The columns of one race in the cars' table and their share of the race's width (money needs the most room).
CAR_COLUMNS: tuple[tuple[str, float], ...] = ((N_("Place"), 0.8), (N_("Owner"), 1.4), (N_("Paid"), 1.6),
                                              (N_("Prize"), 1.6), (N_("Coins"), 0.8))
#: The columns of one race in the players' table.
PLAYER_COLUMNS: tuple[tuple[str, float], ...] = ((N_("Bets"), 1.0), (N_("Race money"), 1.0))


@dataclass(frozen=True)
class SeasonCar:
    """One car in one race: place, owner (None: nobody's), price paid, prize (dollars), coins (None: not entered)."""

    place: int
    owner: str | None = None
    paid: int = 0
    prize: int = 0
    coins: int | None = None


@dataclass(frozen=True)
class PlayerRace:
    """A player's race: bet winnings and their money from the race (cars and bets)."""

    bets: int = 0
    total: int = 0


@dataclass(frozen=True)
class SeasonPlayer:
    name: str
    character: str = ""
    races: tuple[PlayerRace | None, ...] = ()
    total: int | None = None  # the season's money; None: not raced yet
    rank: int | None = None


@dataclass(frozen=True)
class SeasonScores:
    """What a season campaign knows; `races` is how many race columns to print (0: `BLANK_RACES`); `cars` maps
    a colour to its car in each race (None: not placed); `prizes` the prize table in use, 1st first."""

    title: str = ""
    players: tuple[SeasonPlayer, ...] = ()
    race_names: tuple[str, ...] = ()
    races: int = 0
    cars: tuple[tuple[str, tuple[SeasonCar | None, ...]], ...] = ()
    prizes: tuple[int, ...] = ()
    prizes_assumed: bool = True

    @property
    def heading(self) -> str:
        """ "Mushroom Season — season score sheet", or "Season score sheet" without a name."""
        if not self.title:
            return _("Season score sheet")
        return _("{title} — season score sheet").format(title=self.title)


def render_scoresheet(c: Canvas, job: PrintJob) -> int:
    """Append the season score sheet (landscape, one page per `RACES_PER_PAGE` races); returns the pages."""
    scores = job.scores if isinstance(job.scores, SeasonScores) else SeasonScores()
    if downforce_rules(job.ruleset) is None:
        raise LayoutError(_("ruleset '{id}' has no Downforce prize money rules").format(id=job.ruleset.id))
    races = scores.races or max((len(p.races) for p in scores.players), default=0) or BLANK_RACES
    players = list(scores.players) or [SeasonPlayer("") for _n in range(BLANK_PLAYERS)]
    paper = get_paper(job.options.paper).landscape()
    area = check_margin(paper, job.options.margin(10.0))
    blank = not scores.players
    # nothing written yet (a blank sheet, or a season before its first race): one page to fill in by hand
    written = any(r is not None for p in scores.players for r in p.races) or any(
        car is not None for _colour, cars in scores.cars for car in cars)
    pages = -(-races // RACES_PER_PAGE) if written else 1
    per_page = -(-races // pages)  # spread evenly: 4 races are 2 + 2, not 3 + 1
    for first in range(0, races, per_page):
        pdf.start_page(c, paper)
        with pdf.mm_frame(c, paper):
            _draw_page(c, job.ruleset, scores, players, range(first, min(races, first + per_page)), area, blank)
        c.showPage()
    return pages


def _cell(c: Canvas, x: float, y: float, w: float, h: float, value: str, size: float = 8.5, font: str = FONT,
          colour: Color = INK) -> None:
    if value:
        # shrunk to a hair under the room it has: pdf.fit_line's exact fit can round a glyph over and cut the word
        size = pdf.fit_size(value, w - 1.3, size, font)
        lines, size = pdf.fit_lines(value, w - 1.2, size, font)
        pdf.lines_middle(c, x + w / 2, y + h / 2, lines, size, font, "middle", colour)


def _heading(c: Canvas, ruleset: Ruleset, scores: SeasonScores, area: Rect) -> float:
    """Title, ruleset, the coin's worth, the ranking rule and the prize table; returns where the tables start."""
    name = ruleset_name(ruleset)
    heading = scores.heading
    text(c, area.x, area.y + 5, pdf.truncate(heading, area.w - pdf.width_mm(name, 8) - 6, 15, BOLD), 15, BOLD)
    text(c, area.right, area.y + 5, name, 8, FONT, "end", GREY)
    rules = downforce_rules(ruleset)
    assert rules is not None
    coin = rules.coin_value_dollars
    painter = Painter(c)
    c.saveState()
    c.translate(area.x + 2.2, area.y + 11)
    coin_face(painter, 2.2)
    c.restoreState()
    worth, size = pdf.fit_line(_("1 coin = {money}").format(money=format_dollars(coin)), 60, 9, BOLD)
    text(c, area.x + 6, area.y + 11, worth, size, BOLD, middle=True)
    left = area.x + 8 + pdf.width_mm(worth, size, BOLD)
    text(c, left, area.y + 11, *pdf.fit_line(season_rule(ruleset), area.right - left, 7.5, FONT, 5.0), FONT,
         colour=GREY, middle=True)
    prizes = scores.prizes or tuple(rules.prize_table)
    table = "  ·  ".join(f"{place_ordinal(n)} {format_dollars(v)}" for n, v in enumerate(prizes, 1))
    line = _("Prize money: {table}").format(table=table)
    if scores.prizes_assumed and rules.prize_table_assumed:
        line += " " + _("(the base game's, as we read it: check against your box)")
    text(c, area.x, area.y + 16, *pdf.fit_line(line, area.w, 8, BOLD, 5.0), BOLD, middle=True)
    return area.y + 20


def _draw_page(c: Canvas, ruleset: Ruleset, scores: SeasonScores, players: list[SeasonPlayer], races: range,
               area: Rect, blank: bool) -> None:
    rules = downforce_rules(ruleset)
    assert rules is not None
    top = _heading(c, ruleset, scores, area)
    karts = rules.karts
    cars = dict(scores.cars)
    whos = [p.name + (f" ({p.character})" if p.character else "") for p in players]
    widest = max((pdf.width_mm(who, 8.5, BOLD) for who in whos), default=0.0)
    name_w, total_w, rank_w = max(36.0, min(widest + 4.0, area.w / 5)), 30.0, 12.0
    race_w = (area.w - name_w - total_w - rank_w) / len(races)
    car_widths, car_pt = _widths(CAR_COLUMNS, race_w)
    player_widths, player_pt = _widths(PLAYER_COLUMNS, race_w)
    head1, head2, gap, foot = 7.0, 6.0, 5.0, 8.0
    rows = len(karts) + len(players)
    row_h = min(16.0 if blank else 11.0, (area.bottom - foot - gap - top - 2 * (head1 + head2)) / rows)
    if row_h < 5.5:
        raise LayoutError(ngettext("{n} player does not fit on one score sheet",
                                   "{n} players do not fit on one score sheet", len(players)).format(n=len(players)))
    width = name_w + race_w * len(races) + total_w + rank_w
    # the cars
    car_h = head1 + head2 + row_h * len(karts)
    _frame(c, scores, area.x, top, width, name_w, race_w, races, car_h, head1, head2, _("Car"))
    _sub_heads(c, area.x + name_w, top + head1, race_w, races, CAR_COLUMNS, car_widths, head2, car_pt)
    for i, kart in enumerate(karts):
        y = top + head1 + head2 + i * row_h
        c.setFillColor(HexColor(kart.hex))
        c.setStrokeColor(GREY)
        c.setLineWidth(pdf.pt(0.3))
        c.rect(area.x + 1.2, y + 1.2, 1.6, row_h - 2.4, stroke=1, fill=1)
        text(c, area.x + 4, y + row_h / 2, *pdf.fit_line(kart_colour_name(ruleset, kart.colour), name_w - 5, 8.5,
                                                           BOLD, 6.0), BOLD, middle=True)
        for k, r in enumerate(races):
            per_race = cars.get(kart.colour, ())
            car = per_race[r] if r < len(per_race) else None
            if car is not None:
                _car_cells(c, car, area.x + name_w + k * race_w, y, car_widths, row_h)
    _lines(c, area.x, top, width, car_h, head1, head2, row_h, len(karts),
           [name_w + k * race_w for k in range(len(races) + 1)], car_widths, [width - total_w - rank_w])
    # the players
    top += car_h + gap
    player_h = head1 + head2 + row_h * len(players)
    _frame(c, scores, area.x, top, width, name_w, race_w, races, player_h, head1, head2, _("Player"))
    _sub_heads(c, area.x + name_w, top + head1, race_w, races, PLAYER_COLUMNS, player_widths, head2, player_pt)
    end = area.x + width
    _cell(c, end - total_w - rank_w, top, total_w, head1, _("Season money"), 8, BOLD, white)
    _cell(c, end - rank_w, top, rank_w, head1, _("Rank"), 8, BOLD, white)
    for i, (player, who) in enumerate(zip(players, whos, strict=True)):
        y = top + head1 + head2 + i * row_h
        text(c, area.x + 2, y + row_h / 2, *pdf.fit_line(who, name_w - 3, 8.5, BOLD, 6.0), BOLD, middle=True)
        for k, r in enumerate(races):
            result = player.races[r] if r < len(player.races) else None
            if result is not None:
                x = area.x + name_w + k * race_w
                _cell(c, x, y, player_widths[0], row_h, format_dollars(result.bets), 8)
                _cell(c, x + player_widths[0], y, player_widths[1], row_h, format_dollars(result.total), 8, BOLD)
        if player.total is not None:
            _cell(c, end - total_w - rank_w, y, total_w, row_h, format_dollars(player.total), 9, BOLD)
        if player.rank is not None:
            _cell(c, end - rank_w, y, rank_w, row_h, format_number(player.rank, 0), 10, BOLD)
    _lines(c, area.x, top, width, player_h, head1, head2, row_h, len(players),
           [name_w + k * race_w for k in range(len(races) + 1)], player_widths,
           [width - total_w - rank_w, width - rank_w])
    formula = _("Race money = for each car owned: prize + coins × {coin} − price paid; plus bets").format(
        coin=format_dollars(rules.coin_value_dollars))
    text(c, area.x, top + player_h + 5, *pdf.fit_line(formula, area.w, 7.5, FONT, 5.0), FONT, colour=GREY)


def _frame(c: Canvas, scores: SeasonScores, x0: float, top: float, width: float, name_w: float, race_w: float,
           races: range, table_h: float, head1: float, head2: float, first: str) -> None:
    """A table's dark heading band (its first column's title, the races' names) and the races' shaded bands."""
    c.setFillColor(HEAD)
    c.rect(x0, top, width, head1, stroke=0, fill=1)
    text(c, x0 + 2, top + head1 / 2, *pdf.fit_line(first, name_w - 3, 8, BOLD), BOLD, "start", white, middle=True)
    for k, r in enumerate(races):
        x = x0 + name_w + k * race_w
        name = scores.race_names[r] if r < len(scores.race_names) else ""
        label = _("Race {n}").format(n=r + 1) + (f" · {name}" if name else "")
        text(c, x + race_w / 2, top + head1 / 2, *pdf.fit_line(label, race_w - 2, 8, BOLD), BOLD, "middle", white,
             middle=True)
        c.setFillColor(BAND if r % 2 == 0 else white)
        c.rect(x, top + head1, race_w, table_h - head1, stroke=0, fill=1)


def _sub_heads(c: Canvas, x0: float, y: float, race_w: float, races: range, columns: tuple[tuple[str, float], ...],
               widths: list[float], h: float, size: float) -> None:
    for k in range(len(races)):
        x = x0 + k * race_w
        for (title, _share), w in zip(columns, widths, strict=True):
            _cell(c, x, y, w, h, _(title), size, BOLD)
            x += w


def _widths(columns: tuple[tuple[str, float], ...], race_w: float) -> tuple[list[float], float]:
    """The widths of a race's columns and the size of their headings (each column fits its heading)."""
    return pdf.column_widths([_(title) for title, _share in columns], [share for _t, share in columns], race_w, 6.5)


def sub_widths(race_w: float) -> tuple[list[float], float]:
    """The widths of a race's columns in the cars' table (the widest table) and their headings' size."""
    return _widths(CAR_COLUMNS, race_w)


def _car_cells(c: Canvas, car: SeasonCar, x: float, y: float, widths: list[float], row_h: float) -> None:
    place_w, owner_w, paid_w, prize_w, coins_w = widths
    _cell(c, x, y, place_w, row_h, format_number(car.place, 0), 9, BOLD)
    x += place_w
    _cell(c, x, y, owner_w, row_h, car.owner or "—", 8, BOLD if car.owner else FONT, INK if car.owner else GREY)
    x += owner_w
    _cell(c, x, y, paid_w, row_h, format_dollars(-car.paid) if car.paid else "", 8)
    x += paid_w
    _cell(c, x, y, prize_w, row_h, format_dollars(car.prize), 8)
    x += prize_w
    _cell(c, x, y, coins_w, row_h, "" if car.coins is None else format_number(car.coins, 0), 8)


def _lines(c: Canvas, x: float, top: float, width: float, table_h: float, head1: float, head2: float,
           row_h: float, rows: int, race_edges: list[float], widths: list[float], right_edges: list[float]) -> None:
    c.setStrokeColor(LIGHT)
    c.setLineWidth(pdf.pt(0.4))
    for i in range(rows + 1):
        y = top + head1 + head2 + i * row_h
        c.line(x, y, x + width, y)
    for left in race_edges[:-1]:
        sx = left
        for w in widths[:-1]:
            sx += w
            c.line(x + sx, top + head1, x + sx, top + table_h)
    c.setStrokeColor(INK)
    for edge in [*race_edges, *right_edges]:
        c.line(x + edge, top, x + edge, top + table_h)
    c.setLineWidth(pdf.pt(0.8))
    c.rect(x, top, width, table_h, stroke=1, fill=0)
