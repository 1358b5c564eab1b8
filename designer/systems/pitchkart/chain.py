"""Moving a chain of PitchKart sections with one of them, pure (no Qt): the system's `follow_moves`.

A section dragged, nudged or turned on its own moves alone, opening the track where it left. When the user
asks (`designer.systems.api.move_attached`: Alt held while dragging, or Track ▸ Move Chain With Section),
the sections chained after it — each one whose start meets the previous one's end, as
`designer.systems.pitchkart.sections.meets` decides — move and turn rigidly with it: the change of the moved
section's start connector (a turn about it, then a shift) is applied to every one of them, so the chain keeps
its shape. In a closed loop every other section is chained after it, so the whole track goes along.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from designer.model.edit import placed
from designer.systems.api import move_attached
from designer.systems.pitchkart.elements import TrackSection
from designer.systems.pitchkart.sections import ConnectorIndex, known_sections, section_end, track_sections

if TYPE_CHECKING:
    from designer.systems.pitchkart.rule_data import PieceInventory


def chain_after(sections: Sequence[TrackSection], first: TrackSection, inventory: PieceInventory,
                stop: frozenset[str] = frozenset()) -> list[TrackSection]:
    """The sections chained after `first`, in order: each one's start meets the previous one's end. The walk
    ends at a section in `stop`, at one already walked (a closed loop) or where nothing meets."""
    index = ConnectorIndex(known_sections(track_sections(sections), inventory), inventory)
    seen = {first.id}
    found: list[TrackSection] = []
    here = first
    while inventory.piece(here.piece) is not None:
        following = index.next_after(section_end(here, inventory), seen)
        if following is None or following.id in stop:
            break
        found.append(following)
        seen.add(following.id)
        here = following
    return found


def carried(section: TrackSection, before: TrackSection, after: TrackSection) -> TrackSection:
    """`section` moved as `before` became `after`: turned about `before`'s start by the change of heading,
    then shifted with it."""
    turn = after.rotation_deg - before.rotation_deg
    cos, sin = math.cos(math.radians(turn)), math.sin(math.radians(turn))
    rx, ry = section.x_mm - before.x_mm, section.y_mm - before.y_mm
    moved = placed(cast(Any, section), after.x_mm + rx * cos - ry * sin, after.y_mm + rx * sin + ry * cos,
                   section.rotation_deg + turn)
    return cast(TrackSection, moved)


def chain_followers(elements: Sequence[Any], changed: Sequence[Any], inventory: PieceInventory) -> list[Any]:
    """The new values of the sections chained after each changed section (every one of them, moved or not,
    so that the steps of one drag change the same elements). A chain ends before a section of `changed`
    (its own new value wins) and a section follows the first changed section whose chain reaches it."""
    old = {e.id: e for e in track_sections(elements)}
    new = [e for e in changed if isinstance(e, TrackSection) and e.id in old]
    stop = frozenset(e.id for e in changed)
    out: dict[str, TrackSection] = {}
    for after in new:
        before = old[after.id]
        for follower in chain_after(list(old.values()), before, inventory, stop):
            if follower.id not in out:
                out[follower.id] = carried(follower, before, after)
    return list(out.values())


def follow_moves(elements: Sequence[Any], changed: Sequence[Any]) -> list[Any]:
    """PitchKart's `System.follow_moves`: the chain after a moved section, only while `move_attached()`."""
    from designer.systems.pitchkart.rule_data import pitchkart_rules

    if not move_attached() or not any(isinstance(e, TrackSection) for e in changed):
        return []
    from designer.rules.loader import load_ruleset  # here: the loader loads the systems, this one included

    rules = pitchkart_rules(load_ruleset("pitchkart"))
    return chain_followers(elements, changed, rules.inventory) if rules is not None else []
