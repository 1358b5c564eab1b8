"""Grand Prix scoring: points per race, the points ledger (earned, spent, total), standings with our tie
rule, the champion, and what each kart may still buy in the upgrade shop.

Numbers come from the ruleset's `grand_prix` section; nothing here knows about files or Qt.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from designer.campaign.context import Context
from designer.campaign.roster import character_label, character_stats
from designer.i18n import N_, _, ngettext
from designer.model.campaign import STATS, CampaignDocument, Race, RaceResult
from designer.rules.schema import GrandPrix

#: Marked for the catalogue: show it as `_(TIE_RULE)`.
TIE_RULE = N_("Equal point totals are split by most race wins, then most coins collected, then most gates "
              "cleared; players still level share the place.")
#: Marked for the catalogue: `stat_label(stat)` gives the translated label.
STAT_LABELS = {"handling": N_("Handling"), "max_gear": N_("Max Gear")}


def stat_label(stat: str) -> str:
    """"Handling" / "Max Gear" in the current language."""
    return _(STAT_LABELS[stat])


@dataclass(frozen=True)
class RacePoints:
    place: int
    gates: int
    coins: int

    @property
    def total(self) -> int:
        return self.place + self.gates + self.coins


def gates_text(gates: int | None) -> str:
    """"5 gates", or "gates not entered" (None)."""
    return _("gates not entered") if gates is None else ngettext("{n} gate", "{n} gates", gates).format(n=gates)


def coins_text(coins: int | None) -> str:
    """"3 coins", or "coins not entered" (None)."""
    return _("coins not entered") if coins is None else ngettext("{n} coin", "{n} coins", coins).format(n=coins)


def race_points(result: RaceResult, gp: GrandPrix) -> RacePoints:
    return RacePoints(gp.place_points_for(result.place), result.gates_counted * gp.points_per_gate,
                      result.coins_counted * gp.points_per_coin)


@dataclass(frozen=True)
class LedgerLine:
    """One player's race: the result, points earned, points spent on upgrades after it, running total."""

    race: int  # 1-based
    result: RaceResult | None
    earned: int
    spent: int
    total: int
    bought: tuple[str, ...] = ()


@dataclass(frozen=True)
class Standing:
    rank: int
    player: str
    character: str
    earned: int
    spent: int
    total: int
    wins: int
    coins: int
    gates: int
    lines: tuple[LedgerLine, ...]
    handling: int | None
    max_gear: int | None
    character_id: str = ""  # what the campaign stores; `character` is the name shown

    def tie_key(self) -> tuple[int, int, int, int]:
        return (self.total, self.wins, self.coins, self.gates)


def race_complete(doc: CampaignDocument, race: Race) -> bool:
    return bool(doc.players) and all(race.result(p.name) is not None for p in doc.players)


def counted_races(doc: CampaignDocument) -> tuple[bool, ...]:
    """Per race, whether it counts in the standings: only once every player's place is in, so a race being
    entered never reorders the table, the chart or the champion half-way (the same rule in every mode)."""
    return tuple(race_complete(doc, race) for race in doc.races)


def races_complete(doc: CampaignDocument) -> int:
    """How many races from the first are complete (every player has a result)."""
    count = 0
    for race in doc.races:
        if not race_complete(doc, race):
            break
        count += 1
    return count


def race_started(race: Race) -> bool:
    return bool(race.results)


def upgrade_count(doc: CampaignDocument, player: str, stat: str, through_race: int | None = None) -> int:
    key = player.casefold()
    return sum(1 for u in doc.upgrades if u.player.casefold() == key and u.stat == stat
               and (through_race is None or u.after_race <= through_race))


def ledger(doc: CampaignDocument, gp: GrandPrix, player: str) -> list[LedgerLine]:
    """Per race: earned, spent after it, and the running total (earned minus spent so far)."""
    key = player.casefold()
    lines: list[LedgerLine] = []
    total = 0
    for index in range(max(gp.races, len(doc.races))):
        race = doc.races[index] if index < len(doc.races) else None
        result = race.result(player) if race else None
        earned = race_points(result, gp).total if result else 0
        bought = tuple(u.stat for u in doc.upgrades if u.player.casefold() == key and u.after_race == index + 1)
        spent = len(bought) * gp.upgrade_cost
        total += earned - spent
        lines.append(LedgerLine(index + 1, result, earned, spent, total, bought))
    return lines


def points_available(doc: CampaignDocument, gp: GrandPrix, player: str, after_race: int) -> int:
    """The player's total after race `after_race` once every upgrade bought up to then is paid."""
    lines = ledger(doc, gp, player)
    return lines[after_race - 1].total if 0 < after_race <= len(lines) else 0


def effective_stat(doc: CampaignDocument, ctx: Context, player: str, stat: str,
                   through_race: int | None = None) -> int | None:
    """Base stat plus upgrades bought (through a race, or all), never above the rule cap."""
    p = doc.player(player)
    stats = character_stats(doc, ctx.ruleset, p.character) if p else None
    base = stats.base(stat) if stats else None
    if base is None:
        return None
    gp = ctx.ruleset.grand_prix
    rule = gp.upgrade(stat) if gp else None
    if rule is None:
        return base
    return min(base + rule.step * upgrade_count(doc, player, stat, through_race), max(rule.cap, base))


def _counted(doc: CampaignDocument, line: LedgerLine) -> bool:
    counted = counted_races(doc)
    return line.race <= len(counted) and counted[line.race - 1]


def standings(doc: CampaignDocument, ctx: Context) -> list[Standing]:
    """Every player in rank order (see TIE_RULE), over the races that count (`counted_races`); `lines`
    keep every result entered, counted or not."""
    gp = ctx.grand_prix()
    rows: list[Standing] = []
    for p in doc.players:
        lines = ledger(doc, gp, p.name)
        counted = [line for line in lines if _counted(doc, line)]
        results = [line.result for line in counted if line.result]
        earned, spent = sum(line.earned for line in counted), sum(line.spent for line in lines)
        rows.append(Standing(
            rank=0, player=p.name, character=character_label(doc, ctx.ruleset, p.character), character_id=p.character,
            earned=earned, spent=spent, total=earned - spent,
            wins=sum(1 for r in results if r.place == 1), coins=sum(r.coins_counted for r in results),
            gates=sum(r.gates_counted for r in results), lines=tuple(lines),
            handling=effective_stat(doc, ctx, p.name, "handling"),
            max_gear=effective_stat(doc, ctx, p.name, "max_gear")))
    rows.sort(key=lambda s: s.tie_key(), reverse=True)
    ranked: list[Standing] = []
    for i, row in enumerate(rows):
        rank = ranked[-1].rank if ranked and ranked[-1].tie_key() == row.tie_key() else i + 1
        ranked.append(_with_rank(row, rank))
    return ranked


def _with_rank(row: Standing, rank: int) -> Standing:
    return dataclasses.replace(row, rank=rank)


def totals_by_race(doc: CampaignDocument, ctx: Context) -> dict[str, list[int]]:
    """For the chart: each player's running total after every race up to the last that counts; a race
    that does not count yet adds nothing, so the last point is the standings' total."""
    gp = ctx.grand_prix()
    counted = counted_races(doc)
    last = max((i + 1 for i, c in enumerate(counted) if c), default=0)
    totals: dict[str, list[int]] = {}
    for p in doc.players:
        running, line_totals = 0, []
        for line in ledger(doc, gp, p.name)[:last]:
            running += (line.earned if counted[line.race - 1] else 0) - line.spent
            line_totals.append(running)
        totals[p.name] = line_totals
    return totals


def is_finished(doc: CampaignDocument, ctx: Context) -> bool:
    return races_complete(doc) >= ctx.grand_prix().races


def champions(doc: CampaignDocument, ctx: Context) -> list[str]:
    """The champion after the last race (several only if level after every tie-break); [] before."""
    if not is_finished(doc, ctx):
        return []
    return [s.player for s in standings(doc, ctx) if s.rank == 1]


def shop_window(doc: CampaignDocument, ctx: Context) -> int | None:
    """The race after which upgrades can be bought now: the last complete race, if the next has not
    started and the Grand Prix is not over; otherwise None (`shop_closed_reason` says why)."""
    return None if shop_closed_reason(doc, ctx) else races_complete(doc)


def shop_closed_reason(doc: CampaignDocument, ctx: Context) -> str:
    """Why nothing can be bought now, in one line; empty while the shop is open."""
    gp = ctx.grand_prix()
    done = races_complete(doc)
    if done >= gp.races:
        return _("the Grand Prix ends with race {n}; nothing can be bought after it").format(n=gp.races)
    if done == 0:
        return _("upgrades are bought between races: finish a race first")
    if done < len(doc.races) and race_started(doc.races[done]):
        return _("race {n} has already started; upgrades are bought before it").format(n=done + 1)
    return ""


@dataclass(frozen=True)
class ShopOffer:
    """One stat one player might buy: current value, cap, and whether (or why not) they can."""

    player: str
    stat: str
    value: int | None
    cap: int
    cost: int
    points: int
    reason: str = ""  # empty when the purchase is allowed

    @property
    def allowed(self) -> bool:
        return not self.reason


def shop(doc: CampaignDocument, ctx: Context, after_race: int | None = None) -> list[ShopOffer]:
    """What every player could buy after `after_race` (default: the current shop window)."""
    gp = ctx.grand_prix()
    window = after_race if after_race is not None else shop_window(doc, ctx)
    offers: list[ShopOffer] = []
    for p in doc.players:
        points = points_available(doc, gp, p.name, window) if window else 0
        for stat in STATS:
            rule = gp.upgrade(stat)
            if rule is None:
                continue
            value = effective_stat(doc, ctx, p.name, stat)
            if window is None:
                reason = shop_closed_reason(doc, ctx)
            elif value is None:
                reason = _("{character} has no {stat}").format(
                    character=character_label(doc, ctx.ruleset, p.character), stat=stat_label(stat))
            elif value + rule.step > rule.cap:
                reason = _("{stat} is at its cap of {cap}").format(stat=stat_label(stat), cap=rule.cap)
            elif points < gp.upgrade_cost:
                reason = ngettext("needs {cost} points, has {points}", "needs {cost} points, has {points}",
                                  gp.upgrade_cost).format(cost=gp.upgrade_cost, points=points)
            else:
                reason = ""
            offers.append(ShopOffer(p.name, stat, value, rule.cap, gp.upgrade_cost, points, reason))
    return offers
