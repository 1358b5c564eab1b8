"""Mario Kart Gaslands (`mk-gaslands`): what this game system contributes — its palette kinds, checks, print
sections, campaign modes, overlays, race day — declared once in `SYSTEM`. Its rule data is
`resources/rulesets/mk-gaslands.json`."""

from __future__ import annotations

from designer.i18n import N_
from designer.paths import RULESETS_DIR
from designer.systems.api import System
from designer.systems.mk_gaslands.checks import CHECKS
from designer.systems.mk_gaslands.modes import DEFAULT_MODE, MODES
from designer.systems.mk_gaslands.overlays import OVERLAYS
from designer.systems.mk_gaslands.prints import DASHBOARD, PRINTS
from designer.systems.mk_gaslands.race import RACE

SYSTEM = System(
    id="mk-gaslands",
    name=N_("Mario Kart Gaslands"),
    ruleset_path=RULESETS_DIR / "mk-gaslands.json",
    checks=CHECKS,
    prints=PRINTS,
    dashboard=DASHBOARD,
    modes=MODES,
    default_mode=DEFAULT_MODE,
    overlays=OVERLAYS,
    race=RACE,
)
