"""What Mario Kart for Downforce prints for a track: its `--what` sections, in print order, and its per-player sheet.

Downforce has no item cards (a ? block rolls the item die) and no limit on the tokens and coins a driver
card holds, so there is no card sheet and no per-player sheet to print yet: the track and its tokens.
"""

from __future__ import annotations

from designer.export.sections import TOKENS, TRACK
from designer.i18n import N_
from designer.systems.api import PrintSection

DASHBOARD = N_("Driver cards")
PRINTS: tuple[PrintSection, ...] = (TRACK, TOKENS)
