"""Mario Kart Board Game (`mk-board`): what this game system contributes — its palette kinds, checks, print
sections, campaign modes, race day — declared once in `SYSTEM`. Its rule data is `resources/rulesets/mk-board.json`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from designer.i18n import N_
from designer.paths import RULESETS_DIR
from designer.systems.api import ReportFigures, RuleSection, System
from designer.systems.mk_board.board import delete_cascade, follow_moves, new_defaults
from designer.systems.mk_board.elements import ELEMENT_CLASSES, ELEMENT_LABELS, KIND_NAMES
from designer.systems.mk_board.figures import board_figures
from designer.systems.mk_board.generate import GENERATOR
from designer.systems.mk_board.modes import DEFAULT_MODE, MODES
from designer.systems.mk_board.prints import DASHBOARD, PRINTS

#: Codes of the checks this system's documents get: the shared ones named here and its own, registered by
#: `designer.systems.mk_board.checks` (imported by the checks engine when a document is checked).
CHECKS: tuple[str, ...] = (
    "element-in-solid-scenery", "track-too-narrow",
    "board-start-count", "board-numbering", "board-space-overlap", "board-shortcut-end", "board-shortcut-backward",
    "board-shortcut-short", "board-shortcut-shared", "board-shortcut-start", "board-space-off-line", "board-lap-short",
    "board-lap-within-blue-shell",
)

def _starting_coins(ruleset: Any, places: int) -> list[int] | None:
    """`rule_data.starting_coins` (its rule-data module is imported only when asked)."""
    from designer.systems.mk_board.rule_data import starting_coins

    return starting_coins(ruleset, places)


SYSTEM = System(
    icons_dir=Path(__file__).parent / "icons",
    id="mk-board",
    name=N_("Mario Kart Board Game"),
    ruleset_path=RULESETS_DIR / "mk-board.json",
    checks=CHECKS,
    check_modules=("designer.systems.mk_board.checks",),
    prints=PRINTS,
    dashboard=DASHBOARD,
    modes=MODES,
    default_mode=DEFAULT_MODE,
    element_classes=ELEMENT_CLASSES,
    qt_module="designer.systems.mk_board.qt",
    delete_cascade=delete_cascade,
    follow_moves=follow_moves,
    new_defaults=new_defaults,
    kind_names=KIND_NAMES,
    element_labels=ELEMENT_LABELS,
    figures=(ReportFigures("board", board_figures),),
    generator=GENERATOR,
    race="designer.systems.mk_board.race:RACE",
    rule_sections=(RuleSection("board", source="designer.systems.mk_board.rule_data:SECTION"),),
    starting_coins=_starting_coins,
)
