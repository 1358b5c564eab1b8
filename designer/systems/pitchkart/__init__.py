"""Super Mario PitchKart (`pitchkart`): what this game system contributes — its palette kinds, its own
`track_section` kind, checks, print sections, campaign modes — declared once in `SYSTEM`. Its rule data is
`resources/rulesets/pitchkart.json`."""

from __future__ import annotations

from designer.i18n import N_
from designer.paths import RULESETS_DIR
from designer.systems.api import System
from designer.systems.pitchkart.chain import follow_moves
from designer.systems.pitchkart.checks import CHECKS
from designer.systems.pitchkart.elements import ELEMENT_CLASSES, KIND_NAMES
from designer.systems.pitchkart.modes import DEFAULT_MODE, MODES
from designer.systems.pitchkart.prints import DASHBOARD, PRINT_ART, PRINTS
from designer.systems.pitchkart.sections import new_defaults

SYSTEM = System(
    id="pitchkart",
    name=N_("Super Mario PitchKart"),
    ruleset_path=RULESETS_DIR / "pitchkart.json",
    checks=CHECKS,
    prints=PRINTS,
    dashboard=DASHBOARD,
    modes=MODES,
    default_mode=DEFAULT_MODE,
    element_classes=ELEMENT_CLASSES,
    qt_module="designer.systems.pitchkart.qt",
    kind_names=KIND_NAMES,
    new_defaults=new_defaults,
    follow_moves=follow_moves,
    print_art=PRINT_ART,
)
