"""The playability checks that apply to Axles and Alloys II documents, besides the universal ones.

A race between barriers (8–12" wide: `track_width` measures it between the barriers, `track-too-narrow`
the surface's own width) with ramps for crossovers, which must land on the track; for information, the bends
each weight class cannot take at its race MAX; the Badlands Ambush entry points' places (the defender in the
centre, the attackers near one or two corners or edge midpoints) and speeds (`track_checks`). Where pieces
stand and the course's gates apply as in every race. Not Gaslands' rules: its ramps are crossovers, not
Medium/Long jumps (no landing zones); no item boxes, turn templates, pipes or hazards.
"""

from __future__ import annotations

#: Codes of the checks this system's documents get: shared ones and its own, registered by `track_width` and
#: `track_checks` (`System.check_modules`: the checks engine imports them when a document is checked).
CHECKS: tuple[str, ...] = (
    "element-in-solid-scenery", "elements-overlap",
    "gate-off-surface", "gate-number-duplicate", "gate-number-missing", "gates-out-of-order", "no-start-finish",
    "track-too-narrow",
    "axles-track-too-narrow", "axles-track-too-wide", "axles-ramp-landing-off-track", "axles-bend-at-max",
    "axles-ambush-placement", "axles-ambush-speed",
)
