"""Mario Kart Gaslands (`mk-gaslands`): what this game system contributes — its palette kinds, checks, print
sections, campaign modes, overlays, race day — declared once in `SYSTEM`. Its rule data is
`resources/rulesets/mk-gaslands.json`."""

from __future__ import annotations

from designer.i18n import N_
from designer.paths import RULESETS_DIR
from designer.systems.api import CharacterStat, RuleSection, System
from designer.systems.mk_gaslands.checks import CHECKS
from designer.systems.mk_gaslands.generate import GENERATOR
from designer.systems.mk_gaslands.modes import DEFAULT_MODE, MODES
from designer.systems.mk_gaslands.overlays import OVERLAYS
from designer.systems.mk_gaslands.prints import DASHBOARD, PRINTS

#: A character's weight class (stored as written here, shown translated), Handling and Max Gear; upgrades
#: bought between Grand Prix races raise the last two.
CHARACTER_STATS: tuple[CharacterStat, ...] = (
    CharacterStat("weight", N_("Weight"), choices=("Lightweight", "Middleweight", "Heavyweight")),
    CharacterStat("handling", N_("Handling"), 0, 20, upgradable=True),
    CharacterStat("max_gear", N_("Max Gear"), 1, 20, upgradable=True))

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
    generator=GENERATOR,
    character_stats=CHARACTER_STATS,
    race="designer.systems.mk_gaslands.race:RACE",
    rule_sections=(RuleSection("gaslands", source="designer.systems.mk_gaslands.rule_data:SECTION"),),
)
