"""The Mario Kart for Downforce season score sheet (`scoresheet` section): a landscape page with a row per
player and, per race, the place, the kart raced (its colour), the prize money, the coins and the bet
winnings; then the season's money and rank. The heading reminds what a coin is worth and how the season
is ranked (`designer.campaign.season.season_rule`).

Blank (`kartographer export --ruleset mk-downforce --what scoresheet`): one row per kart colour and
`BLANK_RACES` races. Filled (`kartographer campaign print FILE --sections scoresheet`): `job.scores` is a
`SeasonScores` built from the campaign by `designer.export.campaign_print`; a season of more than
`RACES_PER_PAGE` races continues on further pages. No Qt.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from designer.campaign.season import season_rule
from designer.export import pdf
from designer.export.element_art import coin_face
from designer.export.options import PrintJob
from designer.export.painter import Painter
from designer.export.paper import LayoutError, Rect, check_margin, get_paper
from designer.export.pdf import BOLD, FONT, GREY, INK, LIGHT, text
from designer.i18n import N_, _, format_dollars, format_number, ngettext
from designer.rules import Ruleset
from designer.rules.texts import kart_colour_name, ruleset_name

#: Races on a blank sheet (a short season, written by hand; a filled sheet has the campaign's races).
BLANK_RACES = 4
#: Races on one page of a filled sheet: printed amounts ("$12,000,000") need about 18 mm each.
RACES_PER_PAGE = 3
HEAD = HexColor("#1f2a44")
BAND = HexColor("#eef1f6")
#: The columns of one race and their share of the race's width (money needs the most room).
SUB_COLUMNS: tuple[tuple[str, float], ...] = ((N_("Place"), 0.9), (N_("Kart"), 1.3), (N_("Prize"), 1.7),
                                              (N_("Coins"), 0.9), (N_("Bets"), 1.7))


@dataclass(frozen=True)
class SeasonRace:
    """One player's race: place, the kart's colour id (None: not known), prize, coins (None: not entered, an
    empty cell), bets (dollars)."""

    place: int
    kart: str | None = None
    prize: int = 0
    coins: int | None = 0
    bets: int = 0


@dataclass(frozen=True)
class SeasonPlayer:
    name: str
    character: str = ""
    races: tuple[SeasonRace | None, ...] = ()
    total: int | None = None  # the season's money; None: not raced yet
    rank: int | None = None


@dataclass(frozen=True)
class SeasonScores:
    """What a season campaign knows; `races` is how many race columns to print (0: `BLANK_RACES`)."""

    title: str = ""
    players: tuple[SeasonPlayer, ...] = ()
    race_names: tuple[str, ...] = ()
    races: int = 0

    @property
    def heading(self) -> str:
        """ "Mushroom Season — season score sheet", or "Season score sheet" without a name."""
        if not self.title:
            return _("Season score sheet")
        return _("{title} — season score sheet").format(title=self.title)


def render_scoresheet(c: Canvas, job: PrintJob) -> int:
    """Append the season score sheet (landscape, one page per `RACES_PER_PAGE` races); returns the pages."""
    scores = job.scores if isinstance(job.scores, SeasonScores) else SeasonScores()
    if job.ruleset.downforce is None:
        raise LayoutError(_("ruleset '{id}' has no Downforce prize money rules").format(id=job.ruleset.id))
    races = scores.races or max((len(p.races) for p in scores.players), default=0) or BLANK_RACES
    players = list(scores.players)
    if not players:
        players = [SeasonPlayer("") for _kart in job.ruleset.downforce.karts]
    paper = get_paper(job.options.paper).landscape()
    area = check_margin(paper, job.options.margin(10.0))
    blank = not scores.players
    # nothing written yet (a blank sheet, or a season before its first race): one page to fill in by hand
    written = any(r is not None for p in scores.players for r in p.races)
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
    """Title, ruleset, the coin's worth and the ranking rule; returns where the table starts."""
    name = ruleset_name(ruleset)
    heading = scores.heading
    text(c, area.x, area.y + 5, pdf.truncate(heading, area.w - pdf.width_mm(name, 8) - 6, 15, BOLD), 15, BOLD)
    text(c, area.right, area.y + 5, name, 8, FONT, "end", GREY)
    assert ruleset.downforce is not None
    coin = ruleset.downforce.coin_value_dollars
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
    return area.y + 16


def _draw_page(c: Canvas, ruleset: Ruleset, scores: SeasonScores, players: list[SeasonPlayer], races: range,
               area: Rect, blank: bool) -> None:
    top = _heading(c, ruleset, scores, area)
    whos = [p.name + (f" ({p.character})" if p.character else "") for p in players]
    widest = max((pdf.width_mm(who, 8.5, BOLD) for who in whos), default=0.0)
    name_w, total_w, rank_w = max(36.0, min(widest + 4.0, area.w / 5)), 30.0, 12.0
    race_w = (area.w - name_w - total_w - rank_w) / len(races)
    widths, sub_pt = sub_widths(race_w)
    head1, head2 = 7.0, 6.0
    foot = 8.0
    row_h = min(20.0 if blank else 14.0, (area.bottom - foot - top - head1 - head2) / len(players))
    if row_h < 6.0:
        raise LayoutError(ngettext("{n} player does not fit on one score sheet",
                                   "{n} players do not fit on one score sheet", len(players)).format(n=len(players)))
    table_h = head1 + head2 + row_h * len(players)
    width = name_w + race_w * len(races) + total_w + rank_w
    c.setFillColor(HEAD)
    c.rect(area.x, top, width, head1, stroke=0, fill=1)
    text(c, area.x + 2, top + head1 / 2, *pdf.fit_line(_("Player"), name_w - 3, 8, BOLD), BOLD, "start", white,
         middle=True)
    for k, r in enumerate(races):
        x = area.x + name_w + k * race_w
        name = scores.race_names[r] if r < len(scores.race_names) else ""
        label = _("Race {n}").format(n=r + 1) + (f" · {name}" if name else "")
        text(c, x + race_w / 2, top + head1 / 2, *pdf.fit_line(label, race_w - 2, 8, BOLD), BOLD, "middle", white,
             middle=True)
        c.setFillColor(BAND if r % 2 == 0 else white)
        c.rect(x, top + head1, race_w, table_h - head1, stroke=0, fill=1)
        sx = x
        for (title, _share), w in zip(SUB_COLUMNS, widths, strict=True):
            _cell(c, sx, top + head1, w, head2, _(title), sub_pt, BOLD)
            sx += w
    end = area.x + width
    _cell(c, end - total_w - rank_w, top, total_w, head1, _("Season money"), 8, BOLD, white)
    _cell(c, end - rank_w, top, rank_w, head1, _("Rank"), 8, BOLD, white)
    for i, (player, who) in enumerate(zip(players, whos, strict=True)):
        y = top + head1 + head2 + i * row_h
        if blank and ruleset.downforce is not None and i < len(ruleset.downforce.karts):
            c.setFillColor(HexColor(ruleset.downforce.karts[i].hex))
            c.rect(area.x + 1.2, y + 1.2, 1.6, row_h - 2.4, stroke=0, fill=1)
        text(c, area.x + 2, y + row_h / 2, *pdf.fit_line(who, name_w - 3, 8.5, BOLD, 6.0), BOLD, middle=True)
        for k, r in enumerate(races):
            result = player.races[r] if r < len(player.races) else None
            if result is not None:
                _race_cells(c, ruleset, result, area.x + name_w + k * race_w, y, widths, row_h)
        if player.total is not None:
            _cell(c, end - total_w - rank_w, y, total_w, row_h, format_dollars(player.total), 9, BOLD)
        if player.rank is not None:
            _cell(c, end - rank_w, y, rank_w, row_h, format_number(player.rank, 0), 10, BOLD)
    _lines(c, area.x, top, width, table_h, head1, head2, row_h, len(players),
           [name_w + k * race_w for k in range(len(races) + 1)], widths, [width - total_w - rank_w, width - rank_w])
    formula = _("Season money = prize + coins × {coin} + bets, race by race").format(
        coin=format_dollars(ruleset.downforce.coin_value_dollars if ruleset.downforce else 0))
    text(c, area.x, top + table_h + 5, *pdf.fit_line(formula, area.w, 7.5, FONT, 5.0), FONT, colour=GREY)


def sub_widths(race_w: float) -> tuple[list[float], float]:
    """The widths of a race's five columns and the size of their headings (each column fits its heading)."""
    return pdf.column_widths([_(title) for title, _share in SUB_COLUMNS], [share for _t, share in SUB_COLUMNS],
                             race_w, 6.5)


def _race_cells(c: Canvas, ruleset: Ruleset, result: SeasonRace, x: float, y: float, widths: list[float],
                row_h: float) -> None:
    place_w, kart_w, prize_w, coins_w, bets_w = widths
    _cell(c, x, y, place_w, row_h, format_number(result.place, 0), 9, BOLD)
    x += place_w
    kart = ruleset.downforce.kart(result.kart) if ruleset.downforce and result.kart else None
    if kart is not None:
        c.setFillColor(HexColor(kart.hex))
        c.setStrokeColor(GREY)
        c.setLineWidth(pdf.pt(0.3))
        c.rect(x + 0.8, y + row_h / 2 - 1.2, 2.4, 2.4, stroke=1, fill=1)
        name = kart_colour_name(ruleset, kart.colour)
        text(c, x + 3.8, y + row_h / 2, *pdf.fit_line(name, kart_w - 4.7, 7.5, FONT), FONT, middle=True)
    x += kart_w
    _cell(c, x, y, prize_w, row_h, format_dollars(result.prize), 8)
    x += prize_w
    _cell(c, x, y, coins_w, row_h, "" if result.coins is None else format_number(result.coins, 0), 8)
    x += coins_w
    _cell(c, x, y, bets_w, row_h, format_dollars(result.bets), 8)


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
