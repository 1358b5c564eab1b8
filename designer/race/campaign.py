"""Race day and the campaign: who races a campaign race (its grid, characters and the stats their upgrades give
so far), and a race's result filed back: the places, gates and coins of race day become race N's results in
one campaign edit (`designer.campaign.edit.enter_results`), checked like results typed in by hand. A campaign
that keeps games (driver careers) races its living drivers (their vehicle class, career rerolls and what the
system reads of their vehicle files) and files a race day as one new game, one entry per driver
(`designer.campaign.edit.add_game`), checked like a game entered by hand."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from designer.campaign.careers import careers
from designer.campaign.context import Context
from designer.campaign.edit import add_game, enter_results
from designer.campaign.errors import CampaignError
from designer.campaign.grand_prix import effective_stat
from designer.i18n import _
from designer.model.campaign import STATS, CampaignDocument, GameEntry
from designer.race.document import Entrant
from designer.race.engine import GameOutcome, Placing, Race


def entrants(doc: CampaignDocument, ctx: Context, race: int) -> list[Entrant]:
    """Who races race `race` (1-based): its grid when set, else every player; each with their ruleset character
    (a custom one is none of the rule data's) and the stats it has with the upgrades bought before this race."""
    grid = doc.races[race - 1].grid if race - 1 < len(doc.races) else []
    names = list(grid) or [p.name for p in doc.players]
    known = {c.id for c in ctx.ruleset.characters}
    found = []
    for name in names:
        player = doc.player(name)
        character = player.character if player is not None and player.character in known else None
        stats = {stat: value for stat in STATS
                 if (value := effective_stat(doc, ctx, name, stat, through_race=race - 1)) is not None}
        found.append(Entrant(name=name, character=character, stats=stats or None))
    return found


def file_result(doc: CampaignDocument, ctx: Context, race: int, placings: Sequence[Placing]) -> CampaignDocument:
    """The campaign with race `race` (1-based) holding `placings`; a CampaignError when the rules refuse it."""
    return enter_results(doc, ctx, race, [(p.player, p.place, p.gates, p.coins) for p in placings])


def file_race(doc: CampaignDocument, ctx: Context, number: int, race: Race) -> CampaignDocument:
    """Campaign race `number` holding `race`'s result: the system's own filing when it has one (`RaceRules.file`),
    else its placings as `file_result` enters them."""
    if race.rules.file is not None:
        filed: CampaignDocument = race.rules.file(race.ruleset, race.state, doc, ctx, number)
        return filed
    return file_result(doc, ctx, number, race.result())


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
    from designer.io.campaign_io import driver_vehicle

    if rules.vehicle_stats is None:
        return None

    def read(driver: str) -> Mapping[str, int]:
        found = next((d for d in doc.drivers if d.name.casefold() == driver.casefold()), None)
        if found is None or not found.vehicle_file:
            return {}
        return dict(rules.vehicle_stats(ruleset, driver_vehicle(campaign_path, found.vehicle_file)))
    return read


def file_game(doc: CampaignDocument, ctx: Context, scenario: str, outcomes: Sequence[GameOutcome],
              track: str | None = None) -> CampaignDocument:
    """The campaign with one more game holding each entrant's outcome; a CampaignError when the rules refuse it."""
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
