"""Super Mario PitchKart (`pitchkart`): what this game system contributes — its palette kinds, its own
`track_section` kind, checks, print sections, campaign modes — declared once in `SYSTEM`. Its rule data is
`resources/rulesets/pitchkart.json`."""

from __future__ import annotations

from typing import Any

from designer.i18n import N_
from designer.paths import RULESETS_DIR
from designer.systems.api import CampaignFields, CharacterStat, ReportFigures, RuleSection, System
from designer.systems.pitchkart.chain import follow_moves
from designer.systems.pitchkart.elements import ELEMENT_CLASSES, ELEMENT_LABELS, KIND_NAMES
from designer.systems.pitchkart.generate import GENERATOR
from designer.systems.pitchkart.modes import DEFAULT_MODE, MODES
from designer.systems.pitchkart.prints import DASHBOARD, PRINT_ART, PRINTS
from designer.systems.pitchkart.sections import new_defaults


def _figures(document: Any, ruleset: Any) -> dict[str, Any] | None:
    """Its Track Report part, worked out by its checks module (loaded only when a report is made)."""
    from designer.systems.pitchkart.checks import pitchkart_figures

    return pitchkart_figures(document, ruleset)


#: Codes of the checks this system's documents get: the shared ones named here and its own, registered by
#: `designer.systems.pitchkart.checks` (imported by the checks engine when a document is checked).
CHECKS: tuple[str, ...] = (
    "element-in-solid-scenery", "elements-overlap", "gate-number-duplicate", "gate-number-missing",
    "pk-unknown-piece", "pk-loop-open", "pk-section-overlap", "pk-numbering", "pk-numbering-route",
    "pk-inventory-exceeded", "pk-boost-span", "pk-coin-spacing", "pk-coin-sections", "pk-off-track",
)

#: A character's stats, as stars on its card (`kit.py`): sections per flick on a straight, flicks inside a
#: curve, and the section limit of an acceleration flick.
CHARACTER_STATS: tuple[CharacterStat, ...] = (
    CharacterStat("top_speed", N_("Top Speed"), 1, 9), CharacterStat("traction", N_("Traction"), 1, 9),
    CharacterStat("acceleration", N_("Acceleration"), 1, 9))

SYSTEM = System(
    id="pitchkart",
    name=N_("Super Mario PitchKart"),
    ruleset_path=RULESETS_DIR / "pitchkart.json",
    checks=CHECKS,
    check_modules=("designer.systems.pitchkart.checks",),
    prints=PRINTS,
    dashboard=DASHBOARD,
    modes=MODES,
    default_mode=DEFAULT_MODE,
    element_classes=ELEMENT_CLASSES,
    qt_module="designer.systems.pitchkart.qt",
    kind_names=KIND_NAMES,
    element_labels=ELEMENT_LABELS,
    new_defaults=new_defaults,
    follow_moves=follow_moves,
    print_art=PRINT_ART,
    figures=(ReportFigures("pitchkart", _figures),),
    generator=GENERATOR,
    character_stats=CHARACTER_STATS,
    race="designer.systems.pitchkart.race:RACE",
    campaign_fields=(
        CampaignFields("CustomCharacter", "designer.systems.pitchkart.fields:PitchKartStats"),
    ),
    rule_sections=(RuleSection("pitchkart", source="designer.systems.pitchkart.rule_data:SECTION"),),
)
