"""Editing a Mario Kart for Downforce season: one car's place, owner, price paid and coins in a race, a
player's bet winnings, and the season's prize table. Each edit returns a new, checked document (refusals are
one-line `CampaignError`s naming the race and the car by colour). Pure: no Qt, no files."""

from __future__ import annotations

from collections.abc import Sequence

from designer.campaign.context import Context
from designer.campaign.edit import _make, _race_index, _races_with, rebuild
from designer.campaign.errors import CampaignError
from designer.campaign.modes import in_money, mode_title
from designer.campaign.roster import require_player
from designer.campaign.validate import race_location
from designer.i18n import _, pgettext
from designer.model.campaign import CampaignDocument, Race
from designer.model.record_fields import with_fields
from designer.systems.mk_downforce.fields import BetWin, CarResult, DownforcePrizes, DownforceRace
from designer.systems.mk_downforce.rule_data import kart_colour_name
from designer.systems.mk_downforce.season import car_name, colours


def season_only(doc: CampaignDocument, where: str) -> None:
    if not in_money(doc):
        raise CampaignError(pgettext("campaign mode title", "a {mode} campaign keeps no prize money, bets or "
                                     "cars").format(mode=mode_title(doc.ruleset, doc.mode)), where)


def _with_season(race: Race, season: DownforceRace, **changes: object) -> Race:
    """`race` with its season fields changed (checked when the document is rebuilt)."""
    return with_fields(race, season.model_copy(update=changes))


def require_colour(ctx: Context, colour: str, where: str) -> str:
    known = colours(ctx.ruleset)
    if colour not in known:
        raise CampaignError(_("there is no {kart} car (the cars: {colours})").format(
            kart=colour, colours=", ".join(kart_colour_name(ctx.ruleset, c) for c in known)), where)
    return colour


def set_car(doc: CampaignDocument, ctx: Context, race: int, colour: str, place: int, owner: str | None = None,
            paid: int = 0, coins: int | None = None) -> CampaignDocument:
    """Enter or replace the car of `colour` in race `race` (1-based): its place, owner (None: nobody's), the
    price paid for it at the auction (dollars, ≥ 0) and its coins (None: not entered). A prize entered by hand
    in an older file is dropped: the prize table pays the new place."""
    index = _race_index(doc, ctx, race)
    where = race_location(index)
    season_only(doc, where)
    colour = require_colour(ctx, colour, where)
    at = f"{where}, {car_name(ctx.ruleset, colour)}"
    name = require_player(doc, owner, at) if owner else None
    if not 1 <= place <= len(colours(ctx.ruleset)):
        raise CampaignError(_("place {place} is outside 1…{n} ({n} cars)").format(
            place=place, n=len(colours(ctx.ruleset))), at)
    if paid < 0:
        raise CampaignError(_("money cannot be negative ({amount})").format(amount=paid), at)
    current = doc.races[index] if index < len(doc.races) else Race()
    season = DownforceRace.of(current)
    holder = next((c for c in season.cars if c.place == place and c.colour != colour), None)
    if holder is not None:
        raise CampaignError(_("place {place} is already {car}'s").format(
            place=place, car=car_name(ctx.ruleset, holder.colour)), at)
    car = _make(CarResult, at, colour=colour, place=place, owner=name, paid=paid, coins=coins)
    cars = [c for c in season.cars if c.colour != colour] + [car]
    order = colours(ctx.ruleset)
    cars.sort(key=lambda c: order.index(c.colour) if c.colour in order else len(order))
    return rebuild(doc, ctx, races=_races_with(doc, index, _with_season(current, season, cars=cars)))


def clear_car(doc: CampaignDocument, ctx: Context, race: int, colour: str) -> CampaignDocument:
    index = _race_index(doc, ctx, race)
    current = doc.races[index] if index < len(doc.races) else Race()
    season = DownforceRace.of(current)
    if season.car(colour) is None:
        raise CampaignError(_("{car} has no place to clear").format(car=car_name(ctx.ruleset, colour)),
                            race_location(index))
    cars = [c for c in season.cars if c.colour != colour]
    return rebuild(doc, ctx, races=_races_with(doc, index, _with_season(current, season, cars=cars)))


def set_bets(doc: CampaignDocument, ctx: Context, race: int, player: str, amount: int) -> CampaignDocument:
    """A player's bet winnings in race `race` (1-based), in dollars; 0 clears them."""
    index = _race_index(doc, ctx, race)
    where = race_location(index)
    season_only(doc, where)
    name = require_player(doc, player, where)
    if amount < 0:
        raise CampaignError(_("money cannot be negative ({amount})").format(amount=amount), f"{where}, {name}")
    current = doc.races[index] if index < len(doc.races) else Race()
    season = DownforceRace.of(current)
    bets = [b for b in season.bets if b.player.casefold() != name.casefold()]
    if amount:
        bets.append(_make(BetWin, where, player=name, amount=amount))
        order = [p.name for p in doc.players]
        bets.sort(key=lambda b: order.index(b.player) if b.player in order else len(order))
    return rebuild(doc, ctx, races=_races_with(doc, index, _with_season(current, season, bets=bets)))


def set_prizes(doc: CampaignDocument, ctx: Context, prizes: Sequence[int]) -> CampaignDocument:
    """The season's prize money per place, 1st first (an empty list: back to the rule data's table)."""
    season_only(doc, "prizes")
    if any(p < 0 for p in prizes):
        raise CampaignError(_("prize money cannot be negative"), "prizes")
    return rebuild(with_fields(doc, DownforcePrizes(prizes=list(prizes))), ctx)
