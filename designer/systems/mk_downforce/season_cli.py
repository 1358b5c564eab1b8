"""The Mario Kart for Downforce season on the command line: `campaign result` of a car (`--car COLOUR --place P
--owner NAME --paid MONEY --coins C`) and of a player's bet winnings (`--player NAME --bets MONEY`), `campaign
prizes` (the season's prize table) and the season's `campaign standings` (a table by money, or `--json` with whole
dollars). Called from `designer.campaign_cli`. No Qt.

Money is typed the way players say it: 2000000, 2,000,000, $2M, 2M, 1.5M or 500k (`money.py`);
a purchase price is money paid, so "-5M" and "5M" mean the same.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

from designer.campaign.context import Context
from designer.campaign.errors import CampaignError
from designer.campaign.validate import race_location
from designer.i18n import _, format_dollars, format_number, ngettext, pgettext, place_ordinal
from designer.io.campaign_io import load_campaign
from designer.io.display import json_printable, print_table, printable
from designer.model.campaign import CampaignDocument
from designer.rules import Ruleset
from designer.rules.texts import ruleset_name
from designer.systems.mk_downforce import season_edit
from designer.systems.mk_downforce.fields import DownforceRace
from designer.systems.mk_downforce.rule_data import downforce_rules, kart_colour_name
from designer.systems.mk_downforce.season import (
    SeasonStanding,
    car_money,
    car_name,
    colours,
    prize_note,
    prize_table,
    race_complete,
    races_waiting,
    season_rule,
    season_standings,
)


def kart_colour(ruleset: Ruleset, value: str | None) -> str | None:
    """The rule data's colour id for `value`: the id itself or its name in the current language, any case.
    Anything else comes back as typed, for the season check to refuse with the list of cars."""
    rules = downforce_rules(ruleset)
    if value is None or rules is None:
        return value
    wanted = value.strip().casefold()
    for kart in rules.karts:
        if wanted in (kart.colour.casefold(), kart_colour_name(ruleset, kart.colour).casefold()):
            return kart.colour
    return value.strip()


# --- campaign result ---------------------------------------------------------------------------------
def season_result(args: argparse.Namespace, doc: CampaignDocument, edit: Callable[..., Any]) -> int:
    """`campaign result` in a season: one car's place (and owner, price, coins), and/or a player's bets."""
    where = race_location(args.race - 1)
    season_edit.season_only(doc, where)
    if not args.car and args.bets is None:
        raise CampaignError(_("a season records each car's place: give --car COLOUR --place P (and --owner NAME, "
                              "--paid MONEY), or --player NAME --bets MONEY"), where)
    if args.gates is not None:
        raise CampaignError(_("a season counts no gates"), where)
    bettor = args.player or args.owner
    if args.bets is not None and not bettor:
        raise CampaignError(_("whose bet winnings? give --player NAME"), where)
    if args.car and args.place is None:
        raise CampaignError(_("give --place P for the car"), where)
    if not args.car and (args.place is not None or args.coins is not None or args.owner or args.paid):
        raise CampaignError(_("give --car COLOUR: places, owners, prices and coins are each car's"), where)

    def change(d: CampaignDocument, c: Context) -> CampaignDocument:
        if args.car:
            d = season_edit.set_car(d, c, args.race, kart_colour(c.ruleset, args.car) or "", args.place,
                                    args.owner, args.paid, args.coins)
        if args.bets is not None:
            d = season_edit.set_bets(d, c, args.race, bettor, args.bets)
        return d

    _old, new, ctx = edit(args.file, change)
    race = new.races[args.race - 1]
    season = DownforceRace.of(race)
    parts = []
    if args.car:
        car = season.car(kart_colour(ctx.ruleset, args.car) or "")
        assert car is not None  # just entered
        parts.append(car_line(new, ctx, car))
    if args.bets is not None:
        name = next(p.name for p in new.players if p.name.casefold() == bettor.strip().casefold())
        parts.append(_("{player}'s bet winnings {bets}").format(player=name, bets=format_dollars(season.bet(name))))
    line = _("{file}: race {race}: {what}").format(file=args.file, race=args.race, what="; ".join(parts))
    if not race_complete(ctx.ruleset, race):
        line += " " + _("(race {race} counts once every car is placed)").format(race=args.race)
    print(printable(line))
    return 0


def car_line(doc: CampaignDocument, ctx: Context, car: Any) -> str:
    """"the red car 1st, Ann's: prize $12,000,000, 2 coins ($2,000,000), paid -$5,000,000 = $9,000,000"."""
    money = car_money(doc, ctx.ruleset, car)
    shown = car_name(ctx.ruleset, car.colour)
    if car.owner is None:
        return _("{car} {place}, nobody's").format(car=shown, place=place_ordinal(car.place))
    coins = _("coins not entered") if money.coins is None else ngettext(
        "{n} coin ({money})", "{n} coins ({money})", money.coins).format(n=format_number(money.coins, 0),
                                                                         money=format_dollars(money.coin_money))
    return _("{car} {place}, {owner}'s: prize {prize}, {coins}, paid {paid} = {total}").format(
        car=shown, place=place_ordinal(car.place), owner=car.owner, prize=format_dollars(money.prize), coins=coins,
        paid=format_dollars(-money.paid), total=format_dollars(money.total))


# --- campaign prizes ---------------------------------------------------------------------------------
def season_prizes(args: argparse.Namespace) -> int:
    """`campaign prizes FILE 12M 9M …`: the season's prize table (none: the rule data's), then the table."""
    doc, ctx = load_campaign(args.file)
    places = len(colours(ctx.ruleset))
    if len(args.amounts) > places:
        raise CampaignError(_("{n} amounts for {places} places").format(n=len(args.amounts), places=places),
                            "prizes")
    new = season_edit.set_prizes(doc, ctx, args.amounts)
    from designer.io.campaign_io import save_campaign

    save_campaign(new, args.file)
    table = ", ".join(f"{place_ordinal(n)} {format_dollars(v)}" for n, v in enumerate(prize_table(new, ctx.ruleset), 1))
    print(printable(_("{file}: prize money: {table}").format(file=args.file, table=table)))
    print(prize_note(new, ctx.ruleset))
    return 0


# --- campaign standings ------------------------------------------------------------------------------
def season_data(doc: CampaignDocument, ctx: Context) -> list[dict]:
    """The `--json` list of a season: one entry per player in rank order, money in whole dollars."""
    rows = []
    for s in season_standings(doc, ctx.ruleset):
        by_race = [None if m is None else {
            "race": i + 1, "cars": [{"colour": c.colour, "place": c.place, "paid": c.paid, "prize": c.prize,
                                     "coins": c.coins, "coin_money": c.coin_money, "total": c.total}
                                    for c in m.cars],
            "prize": m.prize, "coins": m.coins, "coin_money": m.coin_money, "paid": m.paid, "bets": m.bets,
            "total": m.total} for i, m in enumerate(s.by_race)]
        rows.append({"rank": s.rank, "player": s.player, "character": s.character, "character_id": s.character_id,
                     "races": s.races, "wins": s.wins, "prize": s.prize, "coins": s.coins,
                     "coin_money": s.coin_money, "paid": s.paid, "bets": s.bets, "total": s.total,
                     "by_race": by_race})
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
    run_count = sum(1 for race in doc.races if DownforceRace.of(race).cars)
    print(printable(ngettext("{name} — {ruleset}: {n} race run", "{name} — {ruleset}: {n} races run",
                             run_count).format(name=doc.name, ruleset=ruleset_name(ctx.ruleset), n=run_count)))
    head = [_("Rank"), _("Player"), _("Character"), _("Races"), _("Wins"), _("Prize"), _("Coins"),
            pgettext("standings column: the coins' worth in dollars", "Coins $"),
            pgettext("standings column: money paid for cars at the auction", "Paid"), _("Bets"), _("Total"),
            *(pgettext("standings column: race number", "R{n}").format(n=n) for n in range(1, len(doc.races) + 1))]
    table = [head]
    for row in rows:
        table.append([str(row.rank), printable(row.player), printable(row.character), str(row.races),
                      str(row.wins), format_dollars(row.prize), format_number(row.coins, 0),
                      format_dollars(row.coin_money), format_dollars(-row.paid), format_dollars(row.bets),
                      format_dollars(row.total),
                      *("-" if m is None else format_dollars(m.total) for m in row.by_race)])
    print_table(table)
    for line in races_waiting(doc, ctx.ruleset):
        print(line)
    print(season_rule(ctx.ruleset))
    print(prize_note(doc, ctx.ruleset))
    leader = leader_line(rows, sum(1 for race in doc.races if race_complete(ctx.ruleset, race)))
    if leader:
        print(printable(leader))
    return 0

