"""The playability checks that apply to Axles and Alloys II documents, besides the universal ones.

A race between barriers (8–12" wide: the rule data's minimum width) with ramps for crossovers: where
pieces stand and the course's gates and width apply. Not Gaslands' rules: its ramps are crossovers, not
Medium/Long jumps (no landing zones); no item boxes, turn templates, pipes or hazards.
"""

from __future__ import annotations

#: Codes of the registered checks (`designer.geometry.checks`) this system's documents get.
CHECKS: tuple[str, ...] = (
    "element-in-solid-scenery", "elements-overlap",
    "gate-off-surface", "gate-number-duplicate", "gate-number-missing", "gates-out-of-order", "no-start-finish",
    "track-too-narrow",
)
