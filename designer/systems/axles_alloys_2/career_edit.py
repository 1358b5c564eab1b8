"""Axles and Alloys II careers as edits of a campaign: drivers (added, their car linked) and games (started,
each driver's entry entered or taken out). Each returns a new, fully checked `CampaignDocument` (the same
`rebuild` as every edit of `designer.campaign.edit`) or raises a one-line `CampaignError`. No Qt."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from designer.campaign.context import Context
from designer.campaign.edit import _make, rebuild
from designer.campaign.errors import CampaignError
from designer.campaign.modes import mode_title, records
from designer.campaign.roster import require_player
from designer.i18n import _, pgettext
from designer.model.campaign import CampaignDocument, Driver, Game, GameEntry
from designer.model.record_fields import with_fields
from designer.systems.axles_alloys_2.careers import find_driver, game_location, resolve_vehicle
from designer.systems.axles_alloys_2.driver_fields import DriverVehicle


def add_driver(doc: CampaignDocument, ctx: Context, name: str, player: str,
               vehicle: str | None = None) -> CampaignDocument:
    """A new driver for `player`; `vehicle` is a weight class's id or English name (the id is stored)."""
    if not records(doc, "games"):
        raise CampaignError(pgettext("campaign mode title", "a {mode} campaign has no drivers").format(
            mode=mode_title(doc.ruleset, doc.mode)), "drivers")
    owner = require_player(doc, player, "drivers")
    if any(d.name.casefold() == name.strip().casefold() for d in doc.drivers):
        raise CampaignError(_("there is already a driver called {name}").format(name=name.strip()), "drivers")
    vehicle_id = resolve_vehicle(ctx, vehicle, f"drivers ({name.strip()})")
    driver = with_fields(_make(Driver, "drivers", name=name, player=owner), DriverVehicle(vehicle=vehicle_id))
    return rebuild(doc, ctx, drivers=[*doc.drivers, driver])


def set_driver_vehicle(doc: CampaignDocument, ctx: Context, driver: str, vehicle_file: str | None,
                       vehicle_class: str | None = None) -> CampaignDocument:
    """Link (or unlink, with None) a driver's `*.vehicle.json`, stored relative to the campaign file as given;
    `vehicle_class` (a weight class's id or name), when given, becomes the driver's class. Whether the file
    is a car of that class is the caller's check (`careers.check_vehicle_class`), done where the file is read."""
    index = find_driver(doc, driver, "drivers")
    where = _("driver {n} ({name})").format(n=index + 1, name=doc.drivers[index].name)
    current = DriverVehicle.of(doc.drivers[index])
    update: dict[str, Any] = {"vehicle_file": vehicle_file.strip() if vehicle_file and vehicle_file.strip() else None}
    if vehicle_class is not None:
        update["vehicle"] = resolve_vehicle(ctx, vehicle_class, where)
    drivers = list(doc.drivers)
    drivers[index] = with_fields(drivers[index], current.model_copy(update=update))
    return rebuild(doc, ctx, drivers=drivers)


def add_game(doc: CampaignDocument, ctx: Context, scenario: str, track: str | None = None,
             entries: Sequence[GameEntry] = ()) -> CampaignDocument:
    if not records(doc, "games"):
        raise CampaignError(pgettext("campaign mode title", "a {mode} campaign has no games").format(
            mode=mode_title(doc.ruleset, doc.mode)), "games")
    if scenario not in ("deathmatch", "race"):
        raise CampaignError(_("unknown scenario '{scenario}' (use deathmatch or race)").format(scenario=scenario),
                            "games")
    game = _make(Game, "games", scenario=scenario, track=track, entries=list(entries))
    return rebuild(doc, ctx, games=[*doc.games, game])


def set_game_entry(doc: CampaignDocument, ctx: Context, game: int, entry: GameEntry) -> CampaignDocument:
    """Enter or replace a driver's entry in game `game` (1-based)."""
    if not 1 <= game <= len(doc.games):
        raise CampaignError(_("there is no game {n}").format(n=game), "games")
    current = doc.games[game - 1]
    key = entry.driver.casefold()
    entries = list(current.entries)
    at = next((i for i, e in enumerate(entries) if e.driver.casefold() == key), None)
    if at is None:
        entries.append(entry)
    else:
        entries[at] = entry
    games = list(doc.games)
    games[game - 1] = current.model_copy(update={"entries": entries})
    return rebuild(doc, ctx, games=games)


def remove_game_entry(doc: CampaignDocument, ctx: Context, game: int, driver: str) -> CampaignDocument:
    """Take `driver` out of game `game` (1-based); refused when the driver has no entry there."""
    if not 1 <= game <= len(doc.games):
        raise CampaignError(_("there is no game {n}").format(n=game), "games")
    current = doc.games[game - 1]
    key = driver.casefold()
    entries = [e for e in current.entries if e.driver.casefold() != key]
    if len(entries) == len(current.entries):
        raise CampaignError(_("{name} did not take part").format(name=driver), game_location(game - 1))
    games = list(doc.games)
    games[game - 1] = current.model_copy(update={"entries": entries})
    return rebuild(doc, ctx, games=games)
