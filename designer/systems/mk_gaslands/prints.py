"""What Mario Kart Gaslands prints for a track: its `--what` sections, in print order, and its per-player sheet."""

from __future__ import annotations

from designer.systems.api import PrintSection

DASHBOARD = "Kart dashboards"
PRINTS: tuple[PrintSection, ...] = ()
