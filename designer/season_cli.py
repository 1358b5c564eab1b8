"""The Mario Kart for Downforce season on the command line: the `--prize`/`--bets` money parser, the
`--kart` colour, the confirmation line of `campaign result` in a season and the season's `campaign standings`
(a table by money, or `--json` with whole dollars). Called from `designer.campaign_cli`. No Qt.

Money is typed the way players say it: 2000000, 2,000,000, $2M, 2M, 1.5M or 500k; it must come to whole
dollars, never negative (`designer.campaign.money`).
"""

from __future__ import annotations

import argparse
import json

from designer.campaign.context import Context
from designer.campaign.grand_prix import race_complete
from designer.campaign.partial import races_counted, waiting_lines
from designer.campaign.season import SeasonStanding, race_money, season_rule, season_standings
from designer.i18n import _, format_dollars, format_number, ngettext, pgettext
from designer.io.display import json_printable, print_table, printable
from designer.model.campaign import CampaignDocument
from designer.rules import Ruleset
from designer.rules.texts import kart_colour_name, ruleset_name


def kart_colour(ruleset: Ruleset, value: str | None) -> str | None:
    """The rule data's colour id for `value`: the id itself or its name in the current language, any case.
    Anything else comes back as typed, for the season check to refuse with the list of karts."""
    if value is None or ruleset.downforce is None:
        return value
    wanted = value.strip().casefold()
    for kart in ruleset.downforce.karts:
        if wanted in (kart.colour.casefold(), kart_colour_name(ruleset, kart.colour).casefold()):
            return kart.colour
    return value.strip()


# --- campaign result ---------------------------------------------------------------------------------
def result_line(doc: CampaignDocument, ctx: Context, file: object, race: int, player: str, place: str) -> str:
    """ "s.campaign.json: race 1: Ann 1st in the red kart: prize $6,000,000, 2 coins ($2,000,000), bets
    $3,000,000 = $11,000,000; season $11,000,000" """
    result = doc.races[race - 1].result(player)
    assert result is not None  # the edit just entered it
    money = race_money(doc, ctx.ruleset, result)
    if money.kart:
        who = _("{player} {place} in the {colour} kart").format(
            player=result.player, place=place, colour=kart_colour_name(ctx.ruleset, money.kart))
    else:
        who = _("{player} {place}").format(player=result.player, place=place)
    coins = _("coins not entered") if money.coins is None else ngettext(
        "{n} coin ({money})", "{n} coins ({money})", money.coins).format(n=format_number(money.coins, 0),
                                                                         money=format_dollars(money.coin_money))
    season = next(s.total for s in season_standings(doc, ctx.ruleset) if s.player == result.player)
    if race_complete(doc, doc.races[race - 1]):
        line = _("{file}: race {race}: {who}: prize {prize}, {coins}, bets {bets} = {total}; season {season}")
    else:  # the season total leaves this race out until every place is in
        line = _("{file}: race {race}: {who}: prize {prize}, {coins}, bets {bets} = {total}; season {season} "
                 "(race {race} counts once every place is in)")
    return line.format(
        file=file, race=race, who=who, prize=format_dollars(money.prize), coins=coins,
        bets=format_dollars(money.bets), total=format_dollars(money.total), season=format_dollars(season))


# --- campaign standings ------------------------------------------------------------------------------
def season_data(doc: CampaignDocument, ctx: Context) -> list[dict]:
    """The `--json` list of a season: one entry per player in rank order, money in whole dollars."""
    rows = []
    for s in season_standings(doc, ctx.ruleset):
        by_race = [None if m is None else {
            "race": i + 1, "place": m.place, "kart": m.kart, "prize": m.prize, "coins": m.coins,
            "coin_money": m.coin_money, "bets": m.bets, "total": m.total} for i, m in enumerate(s.by_race)]
        rows.append({"rank": s.rank, "player": s.player, "character": s.character, "character_id": s.character_id,
                     "races": s.races, "wins": s.wins, "prize": s.prize, "coins": s.coins,
                     "coin_money": s.coin_money, "bets": s.bets, "total": s.total, "by_race": by_race})
    return rows


def leader_line(rows: list[SeasonStanding], run_count: int) -> str | None:
    """"Leader: Ann", "Joint leaders: Ann, Bob", or None before the first race."""
    leaders = [row.player for row in rows if row.rank == 1]
    if not run_count or not leaders:
        return None
    if len(leaders) == 1:
        return _("Leader: {name}").format(name=leaders[0])
    return _("Joint leaders: {names}").format(names=", ".join(leaders))


def print_standings(args: argparse.Namespace, doc: CampaignDocument, ctx: Context) -> int:
    """`campaign standings` of a season: the money table, the rule and the leader (or the `--json` list)."""
    if args.json:
        print(json_printable(json.dumps(season_data(doc, ctx), indent=2, ensure_ascii=False)))
        return 0
    rows = season_standings(doc, ctx.ruleset)
    run_count = sum(1 for race in doc.races if race.results)
    print(printable(ngettext("{name} — {ruleset}: {n} race run", "{name} — {ruleset}: {n} races run",
                             run_count).format(name=doc.name, ruleset=ruleset_name(ctx.ruleset), n=run_count)))
    head = [_("Rank"), _("Player"), _("Character"), _("Races"), _("Wins"), _("Prize"), _("Coins"),
            pgettext("standings column: the coins' worth in dollars", "Coins $"), _("Bets"), _("Total"),
            *(pgettext("standings column: race number", "R{n}").format(n=n) for n in range(1, len(doc.races) + 1))]
    table = [head]
    for row in rows:
        table.append([str(row.rank), printable(row.player), printable(row.character), str(row.races),
                      str(row.wins), format_dollars(row.prize), format_number(row.coins, 0),
                      format_dollars(row.coin_money), format_dollars(row.bets), format_dollars(row.total),
                      *("-" if m is None else format_dollars(m.total) for m in row.by_race)])
    print_table(table)
    for line in waiting_lines(doc):
        print(line)
    print(season_rule(ctx.ruleset))
    leader = leader_line(rows, races_counted(doc))
    if leader:
        print(printable(leader))
    return 0

