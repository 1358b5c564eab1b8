"""Axles and Alloys II (`axles-alloys-2`): what this game system contributes — its palette kinds, its own kinds
(barriers, dropped-weapon templates, wrecks, counters, entry points), checks, print sections, campaign modes, race day —
declared once in `SYSTEM`. Its rule data is `resources/rulesets/axles-alloys-2.json`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from designer.i18n import N_
from designer.paths import RULESETS_DIR
from designer.systems.api import CampaignFields, RuleSection, System
from designer.systems.axles_alloys_2.campaign_upgrade import vehicle_ids
from designer.systems.axles_alloys_2.checks import CHECKS
from designer.systems.axles_alloys_2.cli import CAMPAIGN_CLI, CLI
from designer.systems.axles_alloys_2.defaults import new_defaults
from designer.systems.axles_alloys_2.documents import DOCUMENTS
from designer.systems.axles_alloys_2.elements import ELEMENT_CLASSES, KIND_NAMES
from designer.systems.axles_alloys_2.generate import GENERATOR
from designer.systems.axles_alloys_2.modes import DEFAULT_MODE, MODES
from designer.systems.axles_alloys_2.prints import DASHBOARD, PRINTS


def _print_art(kind: str) -> Callable[[Any, Any, Any], None]:
    """`System.print_art` for `kind`, imported when first drawn (`track_art` needs reportlab)."""
    def draw(painter: Any, element: Any, ctx: Any) -> None:
        from designer.systems.axles_alloys_2.track_art import PRINT_ART

        PRINT_ART[kind](painter, element, ctx)
    return draw


SYSTEM = System(
    icons_dir=Path(__file__).parent / "icons",
    id="axles-alloys-2",
    name=N_("Axles and Alloys II"),
    ruleset_path=RULESETS_DIR / "axles-alloys-2.json",
    checks=CHECKS,
    check_modules=("designer.systems.axles_alloys_2.track_width", "designer.systems.axles_alloys_2.track_checks"),
    prints=PRINTS,
    dashboard=DASHBOARD,
    modes=MODES,
    default_mode=DEFAULT_MODE,
    element_classes=ELEMENT_CLASSES,
    kind_names=KIND_NAMES,
    qt_module="designer.systems.axles_alloys_2.qt",
    new_defaults=new_defaults,
    print_art={kind: _print_art(kind) for kind in KIND_NAMES},
    generator=GENERATOR,
    race="designer.systems.axles_alloys_2.race:RACE_RULES",
    campaign_fields=(
        CampaignFields("Driver", "designer.systems.axles_alloys_2.driver_fields:DriverVehicle"),
    ),
    cli=CLI,
    campaign_cli=CAMPAIGN_CLI,
    documents=DOCUMENTS,
    rule_sections=(RuleSection("axles", source="designer.systems.axles_alloys_2.rule_data:SECTION"),),
    campaign_upgrades={1: vehicle_ids},
)
