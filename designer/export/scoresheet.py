"""The Grand Prix score sheet: players down the side, each race split into place, gates, coins, points,
upgrades bought and the running total; a rank column and a podium at the end.

Print it blank (N players, the ruleset's number of races) or filled from `GrandPrixScores`, a small
data model a campaign module can build: per player, per race, the finishing place, gates cleared in
order, coins collected and points spent on upgrades. Scoring numbers come from the ruleset's
`grand_prix` section (`score_race`, `standings` are pure and tested on their own).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from designer.export import pdf
from designer.export.paper import LayoutError, Rect, check_margin, get_paper
from designer.export.pdf import BOLD, FONT, GREY, INK, LIGHT, Output, text
from designer.i18n import N_, _, ngettext
from designer.rules import Ruleset
from designer.rules.schema import GrandPrix
from designer.rules.texts import ruleset_name

HEAD = HexColor("#1f2a44")
BAND = HexColor("#eef1f6")
GOLD = HexColor("#f5c518")
SUB_COLUMNS = (N_("Place"), N_("Gates"), N_("Coins"), N_("Points"), N_("Upgr."), N_("Total"))
STAT_LETTER = {"handling": "H", "max_gear": "G"}


@dataclass(frozen=True)
class RaceResult:
    """One player's race: finishing place (None = did not finish), gates and coins (None = not entered: an
    empty cell, counting 0), points spent after it."""

    place: int | None = None
    gates: int | None = 0
    coins: int | None = 0
    spent: int = 0
    upgrades: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlayerResults:
    name: str
    character: str = ""
    races: tuple[RaceResult | None, ...] = ()
    rank: int | None = None  # printed as given (a campaign's tie rule); None: ranked by total here


#: The title of a score sheet no campaign names (printed in the current language, `GrandPrixScores.shown_title`).
DEFAULT_TITLE = N_("Grand Prix")


@dataclass(frozen=True)
class GrandPrixScores:
    """What a campaign knows about a Grand Prix; anything missing prints as an empty box."""

    title: str = DEFAULT_TITLE
    players: tuple[PlayerResults, ...] = ()
    race_names: tuple[str, ...] = ()
    races: int | None = None  # defaults to the ruleset's number of races
    tie_rule: str = ""  # how equal totals are split, printed under the scoring key
    final: bool = True  # False while races are still to run: the podium stays empty
    #: per race, whether it counts (a campaign's race with every place in); () or missing: it counts
    counted: tuple[bool, ...] = ()

    def counts(self, race: int) -> bool:
        """Whether race `race` (0-based) adds points: a race still being entered prints its results only."""
        return race >= len(self.counted) or self.counted[race]

    @property
    def shown_title(self) -> str:
        """The title as printed: the campaign's name, or "Grand Prix" in the current language."""
        return _(DEFAULT_TITLE) if self.title in ("", DEFAULT_TITLE) else self.title


@dataclass(frozen=True)
class ScoredRace:
    result: RaceResult
    points: int
    total: int
    counts: bool = True  # False: the race is waiting for places, its points and total print empty


@dataclass
class Standing:
    player: PlayerResults
    races: list[ScoredRace | None] = field(default_factory=list)
    total: int = 0
    rank: int | None = None


def score_race(result: RaceResult, gp: GrandPrix) -> int:
    """Points for one race: place points + gates + coins (upgrades are paid from the total separately)."""
    place = gp.place_points_for(result.place) if result.place else 0
    return place + (result.gates or 0) * gp.points_per_gate + (result.coins or 0) * gp.points_per_coin


def standings(scores: GrandPrixScores, gp: GrandPrix) -> list[Standing]:
    """Running totals per player and a rank: the player's own when given, else by final total (equal
    totals share a rank)."""
    races = scores.races or gp.races
    out: list[Standing] = []
    for player in scores.players:
        if len(player.races) > races:
            raise LayoutError(_("{name} has {count} races but the Grand Prix has {races}").format(
                name=player.name, count=len(player.races), races=races))
        standing = Standing(player)
        total = 0
        for race, result in enumerate(player.races):
            if result is None:
                standing.races.append(None)
                continue
            points, counts = score_race(result, gp), scores.counts(race)
            total += (points if counts else 0) - result.spent
            standing.races.append(ScoredRace(result, points, total, counts))
        standing.total = total
        out.append(standing)
    played = [s for s in out if any(r is not None and r.counts for r in s.races)]
    for s in played:
        s.rank = 1 + sum(1 for other in played if other.total > s.total)
    for s in out:
        if s.player.rank is not None:
            s.rank = s.player.rank
    return out


# --- drawing ---------------------------------------------------------------------------------------
def _key(gp: GrandPrix) -> str:
    ordinal = {1: _("1st"), 2: _("2nd"), 3: _("3rd")}
    nth = _("{n}th")
    places = " · ".join(f"{ordinal.get(i) or nth.format(n=i)} {p}" for i, p in enumerate(gp.place_points, 1))
    parts = [_("Place points: {places} · lower places {points}").format(places=places, points=gp.other_place_points),
             _("+{points} per gate cleared in order").format(points=gp.points_per_gate),
             _("+{points} per coin").format(points=gp.points_per_coin)]
    stat_names = {"handling": _("handling"), "max_gear": _("max gear")}
    ups = _(" or ").join(_("+{step} {stat} (up to {cap})").format(
        step=u.step, stat=stat_names.get(u.stat, u.stat.replace("_", " ")), cap=u.cap) for u in gp.upgrades)
    if ups:
        parts.append(_("between races, {cost} points buy {upgrades}").format(cost=gp.upgrade_cost, upgrades=ups))
    return "   |   ".join(parts)


def _cell(c: Canvas, x: float, y: float, w: float, h: float, value: str, bold: bool = False, size: float = 8.5,
          colour: Color = INK) -> None:
    if value:
        text(c, x + w / 2, y + h / 2, value, size, BOLD if bold else FONT, "middle", colour, middle=True)


def draw_scoresheet(c: Canvas, scores: GrandPrixScores, gp: GrandPrix, area: Rect, blank_rows: int,
                    ruleset_name: str) -> None:
    races = scores.races or gp.races
    rows = standings(scores, gp)
    rows += [Standing(PlayerResults("")) for _blank in range(max(0, blank_rows - len(rows)))]
    heading = _("{title} — score sheet").format(title=scores.shown_title)
    text(c, area.x, area.y + 5, pdf.truncate(heading, area.w - 70, 15, BOLD), 15, BOLD)
    text(c, area.right, area.y + 5, ruleset_name, 8, FONT, "end", GREY)
    key = _key(gp)
    text(c, area.x, area.y + 11, *pdf.fit_line(key, area.w, 7.5, FONT, 5.0), FONT, colour=GREY)
    top = area.y + 16
    if scores.tie_rule:
        ties = _("Ties: {rule}").format(rule=scores.tie_rule)
        text(c, area.x, area.y + 15, *pdf.fit_line(ties, area.w, 7.5, FONT, 5.0), FONT, colour=GREY)
        top += 4
    whos = [row.player.name + (f" ({row.player.character})" if row.player.character else "") for row in rows]
    # the name column grows (to a quarter of the sheet) for long names; what still does not fit shrinks, then is cut
    widest = max((pdf.width_mm(who, 8.5, BOLD) for who in whos), default=0.0)
    name_w, rank_w = max(38.0, min(widest + 4.0, area.w / 4)), 12.0
    race_w = (area.w - name_w - rank_w) / races
    widths, sub_pt = pdf.column_widths([_(s) for s in SUB_COLUMNS], [1.0] * len(SUB_COLUMNS), race_w, 6.5)
    lefts = [sum(widths[:k]) for k in range(len(SUB_COLUMNS) + 1)]
    head1, head2 = 7.0, 6.0
    podium_h = 22.0
    row_h = min(14.0, (area.bottom - podium_h - top - head1 - head2) / max(len(rows), 1))
    if row_h < 6.0:
        raise LayoutError(ngettext("{n} player does not fit on one score sheet",
                                   "{n} players do not fit on one score sheet", len(rows)).format(n=len(rows)))
    table_h = head1 + head2 + row_h * len(rows)
    c.setFillColor(HEAD)
    c.rect(area.x, top, area.w, head1, stroke=0, fill=1)
    _cell(c, area.x, top, name_w, head1 + head2, "", True)
    text(c, area.x + 2, top + head1 / 2, *pdf.fit_line(_("Player"), name_w - 3, 8, BOLD), BOLD, "start", white,
         middle=True)
    for r in range(races):
        x = area.x + name_w + r * race_w
        name = scores.race_names[r] if r < len(scores.race_names) else ""
        label = _("Race {n}").format(n=r + 1) + (f" · {name}" if name else "")
        lines, size = pdf.fit_lines(label, race_w - 2, 8, BOLD)
        pdf.lines_middle(c, x + race_w / 2, top + head1 / 2, lines, size, BOLD, "middle", white)
        c.setFillColor(BAND if r % 2 == 0 else white)
        c.rect(x, top + head1, race_w, table_h - head1, stroke=0, fill=1)
        for k, sub in enumerate(_(s) for s in SUB_COLUMNS):
            _cell(c, x + lefts[k], top + head1, widths[k], head2, sub, True, sub_pt)
    text(c, area.right - rank_w / 2, top + head1 / 2, *pdf.fit_line(_("Rank"), rank_w - 1, 8, BOLD), BOLD, "middle",
         white, middle=True)
    for i, (row, who) in enumerate(zip(rows, whos, strict=True)):
        y = top + head1 + head2 + i * row_h
        text(c, area.x + 2, y + row_h / 2, *pdf.fit_line(who, name_w - 3, 8.5, BOLD, 6.5), BOLD, middle=True)
        for r in range(races):
            x = area.x + name_w + r * race_w
            scored = row.races[r] if r < len(row.races) else None
            if scored is None:
                continue
            res = scored.result
            upgrades = "".join(STAT_LETTER.get(u, u[:1].upper()) for u in res.upgrades)
            values = [str(res.place) if res.place else "—", "" if res.gates is None else str(res.gates),
                      "" if res.coins is None else str(res.coins),
                      str(scored.points) if scored.counts else "",
                      (f"−{res.spent}" + (f" {upgrades}" if upgrades else "")) if res.spent else "",
                      str(scored.total) if scored.counts else ""]
            for k, value in enumerate(values):
                value, size = pdf.fit_line(value, widths[k] - 1, 8.5, BOLD if k == 5 else FONT)
                _cell(c, x + lefts[k], y, widths[k], row_h, value, k == 5, size)
        if row.rank is not None:
            _cell(c, area.right - rank_w, y, rank_w, row_h, str(row.rank), True, 10)
    c.setStrokeColor(LIGHT)
    c.setLineWidth(pdf.pt(0.4))
    for i in range(len(rows) + 1):
        y = top + head1 + head2 + i * row_h
        c.line(area.x, y, area.right, y)
    c.setStrokeColor(INK)
    c.setLineWidth(pdf.pt(0.4))
    for r in range(races + 1):
        x = area.x + name_w + r * race_w
        c.line(x, top, x, top + table_h)
        if r < races:
            c.setStrokeColor(LIGHT)
            for k in range(1, len(SUB_COLUMNS)):
                c.line(x + lefts[k], top + head1, x + lefts[k], top + table_h)
            c.setStrokeColor(INK)
    c.setLineWidth(pdf.pt(0.8))
    c.rect(area.x, top, area.w, table_h, stroke=1, fill=0)
    _podium(c, rows if scores.final else [], gp, Rect(area.x, top + table_h + 6, area.w, podium_h - 6))


def _podium(c: Canvas, rows: Sequence[Standing], gp: GrandPrix, box: Rect) -> None:
    ranked = sorted((r for r in rows if r.rank is not None), key=lambda r: r.rank or 0)
    text(c, box.x, box.y + box.h / 2, *pdf.fit_line(_("Podium"), 23, 10, BOLD), BOLD, middle=True)
    w = min(70.0, (box.w - 25) / gp.podium - 4)
    for place in range(1, gp.podium + 1):
        x = box.x + 25 + (place - 1) * (w + 4)
        c.setStrokeColor(GOLD if place == 1 else LIGHT)
        c.setLineWidth(pdf.pt(1.2 if place == 1 else 0.6))
        c.roundRect(x, box.y, w, box.h, 2, stroke=1, fill=0)
        text(c, x + 3, box.y + box.h / 2, f"{place}.", 10, BOLD, middle=True)
        names = [r.player.name for r in ranked if r.rank == place]
        if names:
            lines, size = pdf.fit_lines(", ".join(names), w - 12, 9, BOLD)
            pdf.lines_middle(c, x + 10, box.y + box.h / 2, lines, size, BOLD)


@dataclass(frozen=True)
class ScoreSheetOptions:
    paper: str = "a4"
    margin_mm: float = 10.0
    players: int = 4


def render_scoresheet(c: Canvas, ruleset: Ruleset, scores: GrandPrixScores | None = None,
                      options: ScoreSheetOptions = ScoreSheetOptions()) -> int:
    """Append one score sheet page (landscape); returns 1. Needs a ruleset with Grand Prix rules."""
    gp = ruleset.grand_prix
    if gp is None:
        raise LayoutError(_("ruleset '{id}' has no Grand Prix scoring").format(id=ruleset.id))
    scores = scores or GrandPrixScores()
    paper = get_paper(options.paper).landscape()
    area = check_margin(paper, options.margin_mm)
    pdf.start_page(c, paper)
    with pdf.mm_frame(c, paper):
        draw_scoresheet(c, scores, gp, area, options.players, ruleset_name(ruleset))
    c.showPage()
    return 1


def write_scoresheet_pdf(out: Output, ruleset: Ruleset, scores: GrandPrixScores | None = None,
                         options: ScoreSheetOptions = ScoreSheetOptions()) -> int:
    buffer = io.BytesIO()
    title = _("{title} — score sheet").format(title=(scores or GrandPrixScores()).shown_title)
    c = pdf.new_canvas(buffer, title, _("Grand Prix score sheet"))
    pages = render_scoresheet(c, ruleset, scores, options)
    c.save()
    pdf.deliver(buffer.getvalue(), out)
    return pages
