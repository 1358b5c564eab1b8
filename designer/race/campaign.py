"""A race's result filed into a campaign: the places, gates and coins of race day become race N's results in
one campaign edit (`designer.campaign.edit.enter_results`), checked like results typed in by hand."""

from __future__ import annotations

from collections.abc import Sequence

from designer.campaign.context import Context
from designer.campaign.edit import enter_results
from designer.model.campaign import CampaignDocument
from designer.race.engine import Placing


def file_result(doc: CampaignDocument, ctx: Context, race: int, placings: Sequence[Placing]) -> CampaignDocument:
    """The campaign with race `race` (1-based) holding `placings`; a CampaignError when the rules refuse it."""
    return enter_results(doc, ctx, race, [(p.player, p.place, p.gates, p.coins) for p in placings])
