"""What a new Axles and Alloys II element placed from the palette takes (`System.new_defaults`).

A barrier needs its points: a new one is a straight as long as the rule data sizes a barrier
(`element_sizes.barrier.length_mm`, 12"), centred on where it is put down, along +x before rotation.
An entry point enters at its side's Badlands Ambush speed (`axles.ambush`: the defender 10", the attackers
15"). The other kinds take the ruleset's defaults. Pure: no Qt.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from designer.systems.axles_alloys_2.elements import BARRIER, ENTRY
from designer.systems.axles_alloys_2.entry_speed import entry_speed_mm

#: The length of a new barrier when the rule data cannot be read (12").
FALLBACK_BARRIER_MM = 304.8


def barrier_length_mm() -> float:
    """How long a new barrier is: the rule data's barrier size, else 12"."""
    from designer.rules.loader import load_ruleset  # here: the loader loads the systems, this one included

    try:
        size = load_ruleset("axles-alloys-2").element_size(BARRIER)
    except Exception:  # a broken rules file costs the default length, never the placing
        return FALLBACK_BARRIER_MM
    return float(size.length_mm) if size is not None else FALLBACK_BARRIER_MM


def straight_points(length_mm: float) -> list[tuple[float, float]]:
    """A straight barrier `length_mm` long, centred on the origin, along +x."""
    half = length_mm / 2.0
    return [(-half, 0.0), (half, 0.0)]


def new_defaults(elements: Iterable[object], kind: str) -> dict[str, Any]:
    """A barrier: a straight of the rule data's length; an entry point: the attackers' speed (its default
    side); {} for the other kinds."""
    if kind == ENTRY:
        return {"speed_mm": entry_speed_mm("attacker")}
    if kind != BARRIER:
        return {}
    return {"points": straight_points(barrier_length_mm()), "closed": False}
