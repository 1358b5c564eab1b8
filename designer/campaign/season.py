"""A Mario Kart for Downforce season: money per race and the standings by money. Pure: no Qt, no files.

Each result of a season race names the kart raced (its colour; without one, the colour the player's
character stands in for), the prize money the group paid out for the place (entered as played: the
Downforce board's payouts are not ours to fix), the coins won on the item die, worth the rule data's
`downforce.coin_value_dollars` each at final scoring, and the bet winnings. A player's money is the sum.
One kart per colour per race: `check_karts` refuses a second.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from designer.campaign.errors import CampaignError
from designer.campaign.grand_prix import counted_races
from designer.campaign.roster import character_label
from designer.campaign.validate import race_location
from designer.i18n import N_, _, format_dollars
from designer.model.campaign import CampaignDocument, RaceResult
from designer.rules import Ruleset
from designer.rules.texts import kart_colour_name

#: Marked for the catalogue: show it as `_(SEASON_RULE).format(coin=format_dollars(...))`.
SEASON_RULE = N_("Ranked by money: prize money, plus {coin} for each coin, plus bet winnings; players level on "
                 "money share the rank.")


@dataclass(frozen=True)
class RaceMoney:
    """One player's money from one race."""

    place: int
    kart: str | None
    prize: int
    coins: int | None  # None: not entered (worth nothing)
    coin_money: int
    bets: int

    @property
    def total(self) -> int:
        return self.prize + self.coin_money + self.bets


@dataclass(frozen=True)
class SeasonStanding:
    rank: int
    player: str
    character: str
    races: int
    wins: int
    prize: int
    coins: int
    coin_money: int
    bets: int
    total: int
    #: the player's money from each race, None where they have no result
    by_race: tuple[RaceMoney | None, ...]
    character_id: str = ""


def coin_value(ruleset: Ruleset) -> int:
    """What one coin is worth at final scoring, in dollars (0 without Downforce rules)."""
    return ruleset.downforce.coin_value_dollars if ruleset.downforce else 0


def kart_of(doc: CampaignDocument, ruleset: Ruleset, result: RaceResult) -> str | None:
    """The colour of the kart a result was raced in: the one entered, else the player's character's."""
    if result.kart:
        return result.kart
    player = doc.player(result.player)
    if player is None or ruleset.downforce is None:
        return None
    return ruleset.downforce.colour_of(player.character)


def race_money(doc: CampaignDocument, ruleset: Ruleset, result: RaceResult) -> RaceMoney:
    return RaceMoney(result.place, kart_of(doc, ruleset, result), result.prize, result.coins,
                     result.coins_counted * coin_value(ruleset), result.bets)


def season_standings(doc: CampaignDocument, ruleset: Ruleset, *, complete_only: bool = True) -> list[SeasonStanding]:
    """Every player in rank order by money; equal totals share a rank (roster order among them). Only races
    with every place in count (`counted_races`), everywhere; `complete_only=False` counts every result entered.
    `by_race` shows every result entered either way."""
    counted = counted_races(doc) if complete_only else tuple(True for _race in doc.races)
    rows: list[SeasonStanding] = []
    for p in doc.players:
        by_race = tuple(None if r is None else race_money(doc, ruleset, r)
                        for r in (race.result(p.name) for race in doc.races))
        done = [m for m, c in zip(by_race, counted, strict=True) if m is not None and c]
        rows.append(SeasonStanding(
            0, p.name, character_label(doc, ruleset, p.character), len(done), sum(1 for m in done if m.place == 1),
            sum(m.prize for m in done), sum(m.coins or 0 for m in done), sum(m.coin_money for m in done),
            sum(m.bets for m in done), sum(m.total for m in done), by_race, p.character))
    rows.sort(key=lambda s: s.total, reverse=True)
    ranked: list[SeasonStanding] = []
    for i, row in enumerate(rows):
        rank = ranked[-1].rank if ranked and ranked[-1].total == row.total else i + 1
        ranked.append(dataclasses.replace(row, rank=rank))
    return ranked


def money_totals_by_race(doc: CampaignDocument, ruleset: Ruleset, *, complete_only: bool = True
                         ) -> dict[str, list[int]]:
    """{player: money after race 1, after race 2, …} over the races that count (`counted_races`), as
    `season_standings` does (what the chart draws); `complete_only=False`: over every race with a result."""
    counted = counted_races(doc) if complete_only else tuple(bool(race.results) for race in doc.races)
    run = [i for i, counts in enumerate(counted) if counts]
    totals: dict[str, list[int]] = {}
    for p in doc.players:
        money, line = 0, []
        for i in run:
            result = doc.races[i].result(p.name)
            money += race_money(doc, ruleset, result).total if result else 0
            line.append(money)
        totals[p.name] = line
    return totals


def check_karts(doc: CampaignDocument, ruleset: Ruleset) -> None:
    """Each result's kart is one of the rule data's colours, and no colour races twice in one race."""
    rules = ruleset.downforce
    if rules is None:
        return
    colours = [k.colour for k in rules.karts]
    for index, race in enumerate(doc.races):
        where = race_location(index)
        taken: dict[str, str] = {}
        for result in race.results:
            kart = kart_of(doc, ruleset, result)
            if kart is None:
                continue
            if kart not in colours:
                raise CampaignError(_("there is no {kart} kart (the karts: {colours})").format(
                    kart=kart, colours=", ".join(kart_colour_name(ruleset, c) for c in colours)),
                    f"{where}, {result.player}")
            if kart in taken:
                raise CampaignError(_("the {kart} kart is already {player}'s in this race; one kart per colour "
                                      "per race").format(kart=kart_colour_name(ruleset, kart), player=taken[kart]),
                                    f"{where}, {result.player}")
            taken[kart] = result.player


def season_rule(ruleset: Ruleset) -> str:
    """`SEASON_RULE` in the current language with the coin's worth filled in."""
    return _(SEASON_RULE).format(coin=format_dollars(coin_value(ruleset)))
