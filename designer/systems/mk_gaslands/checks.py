"""The playability checks that apply to Mario Kart Gaslands documents, besides the universal ones: all of
today's checks (the checks engine was written for Gaslands), so every Gaslands document gets the same report
as before game systems existed. The Gaslands-only ones stay in `designer.geometry.checks` and are listed
here by code: warp-pipe pairs and Bullet Bill's launcher, ramp landing zones (Medium and Long jumps), item-box
lines of one box per kart with a double-stacked one, boosts facing the direction of travel, hazards whose
reach closes the track or touches no track, and corners measured against the turn templates and gears.
"""

from __future__ import annotations

#: Codes of the registered checks (`designer.geometry.checks`) this system's documents get.
CHECKS: tuple[str, ...] = (
    # where elements stand, and the course
    "element-in-solid-scenery", "elements-overlap", "pickup-off-surface",
    "gate-off-surface", "gate-number-duplicate", "gate-number-missing", "gates-out-of-order", "no-start-finish",
    "track-too-narrow", "tight-corner",
    # Gaslands' own rules
    "pipe-paired-with-itself", "pipe-pair-missing", "pipe-pair-not-pipe", "pipe-pair-not-mutual", "pipe-unpaired",
    "bill-launcher-missing", "bill-launcher-not-pipe", "ramp-landing-off-table", "ramp-landing-in-scenery",
    "box-line-count", "box-line-no-double", "boost-against-travel", "reach-blocks-track", "hazard-reach-off-track",
)
