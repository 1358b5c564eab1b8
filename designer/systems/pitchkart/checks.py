"""The playability checks that apply to Super Mario PitchKart documents, besides the universal ones.

A track of straight and curved sections that discs are flicked along: where pieces stand, the course's
gates and width, "?" squares and coins on the track, and corners measured against the curve section (its
rule data's turn templates; no gears, so no gear is named). Not Gaslands' rules: no item-box line per kart,
booster arrows give an extra flick whatever way they face, no ramps, pipes or reaching hazards.
"""

from __future__ import annotations

#: Codes of the registered checks (`designer.geometry.checks`) this system's documents get.
CHECKS: tuple[str, ...] = (
    "element-in-solid-scenery", "elements-overlap", "pickup-off-surface",
    "gate-off-surface", "gate-number-duplicate", "gate-number-missing", "gates-out-of-order", "no-start-finish",
    "track-too-narrow", "tight-corner",
)
