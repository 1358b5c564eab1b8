"""The campaign modes Axles and Alloys II keeps, and the one a new campaign gets; a career prints a driver
sheet per driver (`driver_sheets.py`, imported when printed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from designer.i18n import N_
from designer.systems.api import CampaignMode


def driver_sheets(c: Any, doc: Any, ctx: Any, paper: str, source: str | Path | None) -> int:
    from designer.systems.axles_alloys_2.driver_sheets import render_driver_sheets

    return render_driver_sheets(c, doc, ctx, paper, source)


MODES: tuple[CampaignMode, ...] = (
    CampaignMode("race_series", N_("Race series (places only)"), "races"),
    CampaignMode("career", N_("Driver careers"), "games", sheets=driver_sheets, sheets_title=N_("Driver sheets")),
)
DEFAULT_MODE = "career"
