"""Axles and Alloys II (`axles-alloys-2`): what this game system contributes — its palette kinds, checks, print
sections, campaign modes — declared once in `SYSTEM`. Its rule data is `resources/rulesets/axles-alloys-2.json`."""

from __future__ import annotations

from designer.i18n import N_
from designer.paths import RULESETS_DIR
from designer.systems.api import System
from designer.systems.axles_alloys_2.checks import CHECKS
from designer.systems.axles_alloys_2.modes import DEFAULT_MODE, MODES
from designer.systems.axles_alloys_2.prints import DASHBOARD, PRINTS

SYSTEM = System(
    id="axles-alloys-2",
    name=N_("Axles and Alloys II"),
    ruleset_path=RULESETS_DIR / "axles-alloys-2.json",
    checks=CHECKS,
    prints=PRINTS,
    dashboard=DASHBOARD,
    modes=MODES,
    default_mode=DEFAULT_MODE,
)
