"""Race day and the campaign: who races a campaign race (its grid, characters and the stats their upgrades give
so far), and a race's result filed back: the places, gates and coins of race day become race N's results in
one campaign edit (`designer.campaign.edit.enter_results`), checked like results typed in by hand. A campaign
that keeps games (driver careers) races its living drivers (their vehicle class, career rerolls and what the
system reads of their vehicle files) and files a race day as one new game, one entry per driver
(`designer.campaign.edit.add_game`), checked like a game entered by hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from designer.campaign.context import Context
from designer.campaign.edit import enter_results
from designer.campaign.errors import CampaignError
from designer.campaign.grand_prix import effective_stat
from designer.i18n import _
from designer.model.campaign import STATS, CampaignDocument
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


def campaign_entrants(doc: CampaignDocument, ctx: Context, campaign_path: Any, rules: Any, ruleset: Any,
                      race: int) -> list[Entrant]:
    """Who races campaign race `race` (1-based): the system's own entrants when it keeps them its own way
    (`RaceRules.entrants`, e.g. a career's living drivers), else the race's grid or the roster."""
    if rules.entrants is not None:
        found: list[Entrant] = rules.entrants(doc, ctx, campaign_path, ruleset)
        return found
    return entrants(doc, ctx, race)


def file_game(rules: Any, doc: CampaignDocument, ctx: Context, scenario: str, outcomes: Sequence[GameOutcome],
              track: str | None = None) -> CampaignDocument:
    """The campaign with one more game holding each entrant's outcome, as the system files a game
    (`RaceRules.file_game`); a CampaignError when the rules refuse it or the system keeps no games."""
    if rules.file_game is None:
        raise CampaignError(_("this race keeps no career games"), "games")
    filed: CampaignDocument = rules.file_game(doc, ctx, scenario, outcomes, track)
    return filed
