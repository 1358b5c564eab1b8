"""What Mario Kart Gaslands prints for a track: its `--what` sections, in print order, and its per-player sheet.

Today's kit: the track at 1:1, the item cards, the tokens, one kart dashboard per kart (gear, coins,
hazards, two item slots, balloons) and the Grand Prix score sheet — each drawn by the shared sections.
"""

from __future__ import annotations

from designer.export.sections import CARDS, SCORESHEET, TOKENS, TRACK, dashboards
from designer.i18n import N_
from designer.systems.api import PrintSection

DASHBOARD = N_("Kart dashboards")
PRINTS: tuple[PrintSection, ...] = (TRACK, CARDS, TOKENS, dashboards(DASHBOARD), SCORESHEET)
