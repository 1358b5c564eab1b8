"""Axles and Alloys II's race day in a career (`RaceRules.entrants`): the living drivers of a career campaign as
the race's entrants, each with the weight class they drive, their career rerolls still to spend and what the race
reads of their vehicle file; and the race filed into the career as its next game (`RaceRules.file_game`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from designer.campaign.context import Context
from designer.campaign.errors import CampaignError
from designer.i18n import _
from designer.model.campaign import CampaignDocument, GameEntry
from designer.race.document import Entrant
from designer.race.engine import GameOutcome
from designer.systems.axles_alloys_2.career_edit import add_game
from designer.systems.axles_alloys_2.careers import careers
from designer.systems.axles_alloys_2.driver_fields import DriverVehicle


def driver_entrants(doc: CampaignDocument, ctx: Context,
                    vehicle_stats: Callable[[str], Mapping[str, int]] | None = None) -> list[Entrant]:
    """The living drivers of a career campaign as entrants: each with the weight class they drive (as the
    entrant's character), their career rerolls still to spend and, from `vehicle_stats(driver)`, what the
    system reads of the driver's vehicle file."""
    found = []
    for record in careers(doc, ctx):
        if not record.alive:
            continue
        stats: dict[str, int] = {"rerolls": record.rerolls}
        if vehicle_stats is not None:
            stats.update(vehicle_stats(record.name))
        found.append(Entrant(name=record.name, character=record.vehicle_id, stats=stats))
    if not found:
        raise CampaignError(_("no living driver to race: start a driver first"), "drivers")
    return found


def vehicle_reader(doc: CampaignDocument, campaign_path: Any, rules: Any,
                   ruleset: Any) -> Callable[[str], Mapping[str, int]] | None:
    """What the race reads of each driver's vehicle file (`RaceRules.vehicle_stats`), or None when the system
    reads none; a driver without a file gives nothing; an unreadable file a DocumentError naming it."""
    from designer.systems.axles_alloys_2.vehicle_io import driver_vehicle

    if rules.vehicle_stats is None:
        return None

    def read(driver: str) -> Mapping[str, int]:
        found = next((d for d in doc.drivers if d.name.casefold() == driver.casefold()), None)
        file = DriverVehicle.of(found).vehicle_file if found is not None else None
        if not file:
            return {}
        return dict(rules.vehicle_stats(ruleset, driver_vehicle(campaign_path, file)))
    return read



def career_entrants(doc: CampaignDocument, ctx: Context, campaign_path: Any, ruleset: Any,
                    rules: Any) -> list[Entrant]:
    """`RaceRules.entrants`: the career's living drivers, with what the race (`rules`) reads of their vehicle
    files."""
    return driver_entrants(doc, ctx, vehicle_reader(doc, campaign_path, rules, ruleset))


def file_career_game(doc: CampaignDocument, ctx: Context, scenario: str, outcomes: Sequence[GameOutcome],
              track: str | None = None) -> CampaignDocument:
    """`RaceRules.file_game`: the career with one more game holding each entrant's outcome; a CampaignError when
    the rules refuse it."""
    entries: list[Any] = []
    for outcome in outcomes:
        try:
            entries.append(GameEntry(driver=outcome.player, destroyed=outcome.destroyed, died=outcome.died,
                                     kills=outcome.kills, finished=outcome.finished, won=outcome.won,
                                     rerolls_used=outcome.rerolls_used))
        except ValidationError as exc:
            reason = exc.errors()[0].get("msg", str(exc)).removeprefix("Value error, ")
            raise CampaignError(reason, outcome.player) from None
    return add_game(doc, ctx, scenario, track, entries)
