"""Mario Kart for Downforce (`mk-downforce`): what this game system contributes — its palette kinds, checks, print
sections, campaign modes — declared once in `SYSTEM`. Its rule data is `resources/rulesets/mk-downforce.json`."""

from __future__ import annotations

from designer.i18n import N_
from designer.paths import RULESETS_DIR
from designer.systems.api import CampaignFields, RuleSection, System
from designer.systems.mk_downforce.checks import CHECKS
from designer.systems.mk_downforce.cli import CAMPAIGN_CLI, CAMPAIGN_OPTIONS
from designer.systems.mk_downforce.modes import DEFAULT_MODE, MODES
from designer.systems.mk_downforce.prints import DASHBOARD, PRINT_OPTIONS, PRINTS

SYSTEM = System(
    id="mk-downforce",
    name=N_("Mario Kart for Downforce"),
    ruleset_path=RULESETS_DIR / "mk-downforce.json",
    checks=CHECKS,
    prints=PRINTS,
    print_options=PRINT_OPTIONS,
    dashboard=DASHBOARD,
    modes=MODES,
    default_mode=DEFAULT_MODE,
    race="designer.systems.mk_downforce.race:RACE",
    campaign_fields=(
        CampaignFields("RaceResult", "designer.systems.mk_downforce.fields:DownforceResult"),
        CampaignFields("Race", "designer.systems.mk_downforce.fields:DownforceRace"),
        CampaignFields("CampaignDocument", "designer.systems.mk_downforce.fields:DownforcePrizes"),
    ),
    qt_module="designer.systems.mk_downforce.qt",
    campaign_cli=CAMPAIGN_CLI,
    campaign_options=CAMPAIGN_OPTIONS,
    rule_sections=(RuleSection("downforce", source="designer.systems.mk_downforce.rule_data:SECTION"),),
)
