"""The campaign modes Axles and Alloys II keeps, and the one a new campaign gets; a career prints a driver
sheet per driver (`driver_sheets.py`) and reports the linked cars that break a build rule (`career_cars.py`),
each imported when used."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from designer.i18n import N_
from designer.systems.api import CampaignMode


def car_notices(doc: Any, ctx: Any, source: str | Path | None) -> list[str]:
    from designer.systems.axles_alloys_2.career_cars import car_notices as notices

    return notices(doc, ctx, source)


def driver_sheets(c: Any, doc: Any, ctx: Any, paper: str, source: str | Path | None) -> int:
    from designer.systems.axles_alloys_2.driver_sheets import render_driver_sheets

    return render_driver_sheets(c, doc, ctx, paper, source)


MODES: tuple[CampaignMode, ...] = (
    CampaignMode("race_series", N_("Race series (places only)"), "races"),
    CampaignMode("career", N_("Driver careers"), "games", notices=car_notices, sheets=driver_sheets,
                 sheets_title=N_("Driver sheets")),
)
DEFAULT_MODE = "career"
