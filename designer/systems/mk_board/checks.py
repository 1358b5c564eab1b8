"""The playability checks that apply to Mario Kart Board Game documents, besides the universal ones.

A board of spaces drawn as a track with a finish line, numbered gates, "?" spaces (item boxes), coins,
boosters and Thwomp spaces: where pieces stand and the course's gates and width apply. Not Gaslands' rules:
no item-box line per kart (a "?" space is one space), boosters make a kart roll again whatever way they face,
no turn templates to measure corners against, no ramps, pipes or reaching hazards.
"""

from __future__ import annotations

#: Codes of the registered checks (`designer.geometry.checks`) this system's documents get.
CHECKS: tuple[str, ...] = (
    "element-in-solid-scenery", "elements-overlap", "pickup-off-surface",
    "gate-off-surface", "gate-number-duplicate", "gate-number-missing", "gates-out-of-order", "no-start-finish",
    "track-too-narrow",
)
