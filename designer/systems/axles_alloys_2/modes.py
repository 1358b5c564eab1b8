"""The campaign modes Axles and Alloys II keeps, and the one a new campaign gets; a career prints a driver
sheet per driver (`driver_sheets.py`) and reports the linked cars that break a build rule (`career_cars.py`),
each imported when used."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from designer.i18n import N_
from designer.systems.api import CampaignMode


def career_notices(doc: Any, ctx: Any, source: str | Path | None) -> list[str]:
    from designer.systems.axles_alloys_2.careers import campaign_notices

    return campaign_notices(doc, ctx, source)


def check_careers(doc: Any, ctx: Any) -> None:
    """The career replay refuses what cannot have happened (`careers.check_careers`)."""
    from designer.systems.axles_alloys_2.careers import check_careers as check

    check(doc, ctx)


def driver_sheets(c: Any, doc: Any, ctx: Any, paper: str, source: str | Path | None) -> int:
    from designer.systems.axles_alloys_2.driver_sheets import render_driver_sheets

    return render_driver_sheets(c, doc, ctx, paper, source)


MODES: tuple[CampaignMode, ...] = (
    CampaignMode("race_series", N_("Race series (places only)"), "races"),
    CampaignMode("career", N_("Driver careers"), "games", check=check_careers, notices=career_notices,
                 sheets=driver_sheets, sheets_title=N_("Driver sheets"), needs=("axles", N_("driver careers"))),
)
DEFAULT_MODE = "career"
