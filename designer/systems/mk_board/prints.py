"""What Mario Kart Board Game prints for a track: its `--what` sections, in print order, and its per-player sheet.

The board game holds one item card and spends coins, so its player mat has one item slot and a coin track
(from the rule data); it has no Grand Prix score sheet.
"""

from __future__ import annotations

from designer.export.sections import CARDS, TOKENS, TRACK, dashboards
from designer.i18n import N_
from designer.systems.api import PrintSection

DASHBOARD = N_("Player mats")
PRINTS: tuple[PrintSection, ...] = (TRACK, CARDS, TOKENS, dashboards(DASHBOARD))
