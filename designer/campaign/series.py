"""Standings of a race series (systems without Grand Prix points, e.g. PitchKart or the board game): players
ordered by race wins, then second places, then third places and so on; each race's finishing order; and the
coins each starting place takes from the bank (the start-order sheet). Pure: no Qt, no files.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from designer.campaign.grand_prix import counted_races
from designer.campaign.roster import character_label
from designer.i18n import N_
from designer.model.campaign import CampaignDocument
from designer.rules import Ruleset
from designer.systems import registry

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


def series_standings(doc: CampaignDocument, ruleset: Ruleset | None = None, *,
                     complete_only: bool = True) -> list[SeriesStanding]:
    """Every player in rank order; equal place counts share a rank. With the ruleset, `character` is the
    character's name (else the stored id). Only races with every place in count (`counted_races`), as in the
    window, the CLI and the printed sheets; `complete_only=False` counts every result entered (no caller
    needs it today). `places` shows every place entered either way."""
    size = max(len(doc.players), 1)
    counted = counted_races(doc) if complete_only else tuple(True for _race in doc.races)
    rows: list[SeriesStanding] = []
    for p in doc.players:
        results = [race.result(p.name) for race in doc.races]
        done = [r for r, c in zip(results, counted, strict=True) if r is not None and c]
        counts = [0] * size
        for r in done:
            if r.place <= size:
                counts[r.place - 1] += 1
        shown = character_label(doc, ruleset, p.character) if ruleset is not None else p.character
        rows.append(SeriesStanding(0, p.name, shown, len(done), tuple(counts),
                                   sum(r.coins_counted for r in done), sum(r.gates_counted for r in done),
                                   tuple(r.place if r else None for r in results), p.character))
    rows.sort(key=lambda s: s.tie_key(), reverse=True)
    ranked: list[SeriesStanding] = []
    for i, row in enumerate(rows):
        rank = ranked[-1].rank if ranked and ranked[-1].tie_key() == row.tie_key() else i + 1
        ranked.append(dataclasses.replace(row, rank=rank))
    return ranked


def races_run(doc: CampaignDocument) -> int:
    """How many races have at least one result."""
    return sum(1 for race in doc.races if race.results)


def finishing_order(doc: CampaignDocument, race: int) -> list[str]:
    """Race `race`'s (0-based) finishers, first to last; players level on a place keep the roster's order."""
    order = {name.casefold(): i for i, name in enumerate(doc.player_names())}
    results = sorted(doc.races[race].results, key=lambda r: (r.place, order.get(r.player.casefold(), len(order))))
    return [r.player for r in results]


def starting_coins_by_place(ruleset: Ruleset, places: int) -> list[int]:
    """The coins a pawn or kart takes from the bank on each starting place 1…`places`: what the system says
    (`System.starting_coins`, the board game's starting coin places), else the per-slot table of the rule data's
    coins (PitchKart)."""
    system = registry.find(ruleset.id)
    by_place = system.starting_coins(ruleset, places) if system and system.starting_coins else None
    if by_place is not None:
        return by_place
    table = (ruleset.coins.starting_coins_by_slot if ruleset.coins else None) or []
    return [table[i] if i < len(table) else 0 for i in range(places)]


def has_start_order_coins(ruleset: Ruleset) -> bool:
    """Whether the rule data gives coins by starting place (what the start-order sheet prints)."""
    system = registry.find(ruleset.id)
    by_place = system.starting_coins(ruleset, ruleset.karts.max or 64) if system and system.starting_coins else None
    if by_place is not None:
        return any(by_place)
    return bool(ruleset.coins and ruleset.coins.starting_coins_by_slot)
