"""The playability checks that apply to Mario Kart for Downforce documents, besides the universal ones.

A Downforce board with lanes: where pieces stand, the course's gates and width, "?" blocks on the track. Not
Gaslands' rules: "?" blocks go one per lane space after each betting line, not one per kart (no
`box-line-count`), no turn templates, boosts, ramps, pipes or hazards.
"""

from __future__ import annotations

#: Codes of the registered checks (`designer.geometry.checks`) this system's documents get.
CHECKS: tuple[str, ...] = (
    "element-in-solid-scenery", "elements-overlap", "pickup-off-surface",
    "gate-off-surface", "gate-number-duplicate", "gate-number-missing", "gates-out-of-order", "no-start-finish",
    "track-too-narrow",
)
