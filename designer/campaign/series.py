"""Standings of a race series (systems without Grand Prix points, e.g. PitchKart): players ordered by
race wins, then second places, then third places and so on. Pure: no Qt, no files.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from designer.campaign.roster import character_label
from designer.i18n import N_
from designer.model.campaign import CampaignDocument
from designer.rules import Ruleset

#: Marked for the catalogue: show it as `_(SERIES_RULE)`.
SERIES_RULE = N_("Ranked by race wins, then second places, then third places and so on; players level on "
                 "every place count share the rank.")


@dataclass(frozen=True)
class SeriesStanding:
    rank: int
    player: str
    character: str
    races: int
    #: how often the player finished 1st, 2nd, … (one entry per possible place)
    place_counts: tuple[int, ...]
    coins: int
    gates: int
    #: the player's place in each race, None where they have no result
    places: tuple[int | None, ...]
    character_id: str = ""  # what the campaign stores; `character` is the name shown

    @property
    def wins(self) -> int:
        return self.place_counts[0] if self.place_counts else 0

    def tie_key(self) -> tuple[int, ...]:
        return self.place_counts


def series_standings(doc: CampaignDocument, ruleset: Ruleset | None = None) -> list[SeriesStanding]:
    """Every player in rank order; equal place counts share a rank. With the ruleset, `character` is the
    character's name (else the stored id)."""
    size = max(len(doc.players), 1)
    rows: list[SeriesStanding] = []
    for p in doc.players:
        results = [race.result(p.name) for race in doc.races]
        counts = [0] * size
        for r in results:
            if r is not None and r.place <= size:
                counts[r.place - 1] += 1
        done = [r for r in results if r is not None]
        shown = character_label(doc, ruleset, p.character) if ruleset is not None else p.character
        rows.append(SeriesStanding(0, p.name, shown, len(done), tuple(counts),
                                   sum(r.coins for r in done), sum(r.gates for r in done),
                                   tuple(r.place if r else None for r in results), p.character))
    rows.sort(key=lambda s: s.tie_key(), reverse=True)
    ranked: list[SeriesStanding] = []
    for i, row in enumerate(rows):
        rank = ranked[-1].rank if ranked and ranked[-1].tie_key() == row.tie_key() else i + 1
        ranked.append(dataclasses.replace(row, rank=rank))
    return ranked
