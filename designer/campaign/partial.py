"""Races being entered: which races have some places in but not all, so the CLI's standings can say why a
result already entered does not count yet (a race counts only once every place is in, `counted_races`).
Pure: no Qt, no files."""

from __future__ import annotations

from designer.campaign.grand_prix import race_complete
from designer.i18n import ngettext
from designer.model.campaign import CampaignDocument


def races_waiting(doc: CampaignDocument) -> list[tuple[int, int]]:
    """(race number from 1, places still missing) for every race with some results but not every player's."""
    waiting = []
    for number, race in enumerate(doc.races, 1):
        if race.results and not race_complete(doc, race):
            waiting.append((number, sum(1 for p in doc.players if race.result(p.name) is None)))
    return waiting


def waiting_lines(doc: CampaignDocument) -> list[str]:
    """"race 3 is waiting for 2 places" per race being entered (nothing when every race started is complete)."""
    return [ngettext("race {race} is waiting for {n} place; it counts once every place is in",
                     "race {race} is waiting for {n} places; it counts once every place is in", missing).format(
        race=number, n=missing) for number, missing in races_waiting(doc)]


def races_counted(doc: CampaignDocument) -> int:
    """How many races count in the standings (every place in)."""
    return sum(1 for race in doc.races if race_complete(doc, race))
