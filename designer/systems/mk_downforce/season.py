"""A Mario Kart for Downforce season: each race's six cars, money as the base game scores it, and the
standings by money. Pure: no Qt, no files.

Every race has one car per colour of the rule data (six), whatever the number of players. Each car has a
finishing place and, once bought at the auction, an owner and the price paid for it; a car nobody owns still
takes its place. A car earns its owner the season's prize money for its place (`prize_table`: the season's own
table, else the rule data's, which is the base game's and marked as our assumption), plus its coins at the rule
data's `downforce.coin_value_dollars` each, minus the price paid. Bet winnings are the player's, per race. A
player's money in a race is the sum over the cars they own plus their bets; a race counts in the standings once
every car has its place.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from designer.campaign.errors import CampaignError
from designer.campaign.roster import character_label
from designer.campaign.validate import race_location, require_player
from designer.i18n import N_, _, format_dollars, ngettext
from designer.model.campaign import CampaignDocument, Race
from designer.rules import Ruleset
from designer.systems.mk_downforce.fields import CarResult, DownforcePrizes, DownforceRace
from designer.systems.mk_downforce.rule_data import downforce_rules, kart_colour_name

#: Marked for the catalogue: show it as `_(SEASON_RULE).format(coin=format_dollars(...))`.
SEASON_RULE = N_("Ranked by money: prize money for each car's place, plus {coin} for each coin, plus bet "
                 "winnings, minus the price paid for the cars; players level on money share the rank.")


@dataclass(frozen=True)
class CarMoney:
    """One car's money in one race, for its owner."""

    colour: str
    place: int
    owner: str | None
    paid: int
    prize: int
    coins: int | None  # None: not entered (worth nothing)
    coin_money: int

    @property
    def total(self) -> int:
        return self.prize + self.coin_money - self.paid


@dataclass(frozen=True)
class RaceMoney:
    """One player's money from one race: their cars and their bets."""

    cars: tuple[CarMoney, ...]
    bets: int

    @property
    def prize(self) -> int:
        return sum(c.prize for c in self.cars)

    @property
    def coins(self) -> int:
        return sum(c.coins or 0 for c in self.cars)

    @property
    def coin_money(self) -> int:
        return sum(c.coin_money for c in self.cars)

    @property
    def paid(self) -> int:
        return sum(c.paid for c in self.cars)

    @property
    def total(self) -> int:
        return sum(c.total for c in self.cars) + self.bets

    @property
    def wins(self) -> int:
        return sum(1 for c in self.cars if c.place == 1)


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
    paid: int
    bets: int
    total: int
    #: the player's money from each race, None where they own no car and won no bet
    by_race: tuple[RaceMoney | None, ...]
    character_id: str = ""


def coin_value(ruleset: Ruleset) -> int:
    """What one coin is worth at final scoring, in dollars (0 without Downforce rules)."""
    return found.coin_value_dollars if (found := downforce_rules(ruleset)) else 0


def colours(ruleset: Ruleset) -> list[str]:
    """The cars' colours in the rule data's order (six for Downforce)."""
    return [k.colour for k in rules.karts] if (rules := downforce_rules(ruleset)) else []


def prize_table(doc: CampaignDocument, ruleset: Ruleset) -> tuple[int, ...]:
    """Prize money per place, 1st first, one per car: the season's table, else the rule data's (places the
    table does not pay get $0)."""
    own = DownforcePrizes.of(doc).prizes
    table = list(own) or (list(rules.prize_table) if (rules := downforce_rules(ruleset)) else [])
    return tuple(table + [0] * (len(colours(ruleset)) - len(table)))[: max(len(colours(ruleset)), len(table))]


def prizes_assumed(doc: CampaignDocument, ruleset: Ruleset) -> bool:
    """Whether the prize table in use is the rule data's assumption (the season has not entered its own)."""
    rules = downforce_rules(ruleset)
    return not DownforcePrizes.of(doc).prizes and bool(rules and rules.prize_table_assumed)


def prize_note(doc: CampaignDocument, ruleset: Ruleset) -> str:
    """One line under a prize table: where its amounts come from."""
    if prizes_assumed(doc, ruleset):
        return _("Prize money per place: the base Downforce game's, as we read it; check it against your box.")
    return _("Prize money per place: this season's own table.")


def car_money(doc: CampaignDocument, ruleset: Ruleset, car: CarResult) -> CarMoney:
    table = prize_table(doc, ruleset)
    prize = car.prize if car.prize is not None else (table[car.place - 1] if car.place <= len(table) else 0)
    return CarMoney(car.colour, car.place, car.owner, car.paid, prize, car.coins,
                    (car.coins or 0) * coin_value(ruleset))


def race_complete(ruleset: Ruleset, race: Race) -> bool:
    """Whether every car of the race has its place (it then counts in the standings)."""
    cars = DownforceRace.of(race).cars
    return bool(cars) and {c.colour for c in cars} >= set(colours(ruleset))


def counted_races(doc: CampaignDocument, ruleset: Ruleset) -> tuple[bool, ...]:
    return tuple(race_complete(ruleset, race) for race in doc.races)


def race_money(doc: CampaignDocument, ruleset: Ruleset, race: Race, player: str) -> RaceMoney | None:
    """`player`'s cars and bets in `race`; None when they own no car in it and won no bet."""
    key = player.casefold()
    season = DownforceRace.of(race)
    cars = tuple(car_money(doc, ruleset, c) for c in sorted(season.cars, key=lambda c: c.place)
                 if c.owner is not None and c.owner.casefold() == key)
    bets = season.bet(player)
    return RaceMoney(cars, bets) if cars or bets else None


def season_standings(doc: CampaignDocument, ruleset: Ruleset, *, complete_only: bool = True) -> list[SeasonStanding]:
    """Every player in rank order by money; equal totals share a rank (roster order among them). Only races
    with every car placed count (`counted_races`); `complete_only=False` counts every car entered. `by_race`
    shows every race either way."""
    counted = counted_races(doc, ruleset) if complete_only else tuple(True for _race in doc.races)
    rows: list[SeasonStanding] = []
    for p in doc.players:
        by_race = tuple(race_money(doc, ruleset, race, p.name) for race in doc.races)
        done = [m for m, c in zip(by_race, counted, strict=True) if m is not None and c]
        rows.append(SeasonStanding(
            0, p.name, character_label(doc, ruleset, p.character), sum(1 for m in done if m.cars),
            sum(m.wins for m in done), sum(m.prize for m in done), sum(m.coins for m in done),
            sum(m.coin_money for m in done), sum(m.paid for m in done), sum(m.bets for m in done),
            sum(m.total for m in done), by_race, p.character))
    rows.sort(key=lambda s: s.total, reverse=True)
    ranked: list[SeasonStanding] = []
    for i, row in enumerate(rows):
        rank = ranked[-1].rank if ranked and ranked[-1].total == row.total else i + 1
        ranked.append(dataclasses.replace(row, rank=rank))
    return ranked


def money_totals_by_race(doc: CampaignDocument, ruleset: Ruleset, *, complete_only: bool = True
                         ) -> dict[str, list[int]]:
    """{player: money after race 1, after race 2, …} over the races that count (`counted_races`), as
    `season_standings` does (what the chart draws); `complete_only=False`: over every race with a car entered."""
    counted = (counted_races(doc, ruleset) if complete_only
               else tuple(bool(DownforceRace.of(race).cars) for race in doc.races))
    run = [race for race, counts in zip(doc.races, counted, strict=True) if counts]
    totals: dict[str, list[int]] = {}
    for p in doc.players:
        money, line = 0, []
        for race in run:
            got = race_money(doc, ruleset, race, p.name)
            money += got.total if got else 0
            line.append(money)
        totals[p.name] = line
    return totals


def races_waiting(doc: CampaignDocument, ruleset: Ruleset) -> list[str]:
    """"race 3 is waiting for 2 cars' places; …" for every race started but not complete."""
    lines = []
    for number, race in enumerate(doc.races, 1):
        cars = DownforceRace.of(race).cars
        missing = len(set(colours(ruleset)) - {c.colour for c in cars})
        if cars and missing:
            lines.append(ngettext("race {race} is waiting for {n} car's place; it counts once every car is placed",
                                  "race {race} is waiting for {n} cars' places; it counts once every car is placed",
                                  missing).format(race=number, n=missing))
    return lines


def car_name(ruleset: Ruleset, colour: str) -> str:
    """"the red car", as a message names a car."""
    return _("the {colour} car").format(colour=kart_colour_name(ruleset, colour))


def check_cars(doc: CampaignDocument, ruleset: Ruleset) -> None:
    """Each race's cars: colours of the rule data, each once; places 1…6, each once; owners and bettors are
    players, each bettor once. Per-player results have no place in a season."""
    known = colours(ruleset)
    if not known:
        return
    for index, race in enumerate(doc.races):
        where = race_location(index)
        if race.results:
            raise CampaignError(_("a season records each car's place, not each player's (enter --car, --place, "
                                  "--owner)"), where)
        places: dict[int, str] = {}
        seen: set[str] = set()
        season = DownforceRace.of(race)
        for car in season.cars:
            if car.colour not in known:
                raise CampaignError(_("there is no {kart} car (the cars: {colours})").format(
                    kart=car.colour, colours=", ".join(kart_colour_name(ruleset, c) for c in known)), where)
            at = f"{where}, {car_name(ruleset, car.colour)}"
            if car.colour in seen:
                raise CampaignError(_("this car has two places"), at)
            seen.add(car.colour)
            if not 1 <= car.place <= len(known):
                raise CampaignError(_("place {place} is outside 1…{n} ({n} cars)").format(
                    place=car.place, n=len(known)), at)
            if car.place in places:
                raise CampaignError(_("place {place} is already {car}'s").format(
                    place=car.place, car=car_name(ruleset, places[car.place])), at)
            places[car.place] = car.colour
            if car.owner is not None:
                require_player(doc, car.owner, at)
        bettors: set[str] = set()
        for bet in season.bets:
            name = require_player(doc, bet.player, where)
            if name.casefold() in bettors:
                raise CampaignError(_("{name} has two bet winnings").format(name=name), where)
            bettors.add(name.casefold())


def season_rule(ruleset: Ruleset) -> str:
    """`SEASON_RULE` in the current language with the coin's worth filled in."""
    return _(SEASON_RULE).format(coin=format_dollars(coin_value(ruleset)))


def place_of_prize(places: int) -> list[str]:
    """Column headings of a prize table: "1st" … (the ordinal the current language writes)."""
    from designer.i18n import place_ordinal

    return [place_ordinal(n) for n in range(1, places + 1)]
