"""What Super Mario PitchKart prints for a track: its `--what` sections, in print order, and its per-player sheet.

PitchKart holds one item card, so its player mat has one item slot; its coin rules set no limit, so the
mat has no coin track. No Grand Prix score sheet.
"""

from __future__ import annotations

from designer.export.sections import CARDS, TOKENS, TRACK, dashboards
from designer.i18n import N_
from designer.systems.api import PrintSection

DASHBOARD = N_("Player mats")
PRINTS: tuple[PrintSection, ...] = (TRACK, CARDS, TOKENS, dashboards(DASHBOARD))
