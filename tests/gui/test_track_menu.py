"""The Track menu offers what the current document's system can use (issue 28): the shared actions, the
gate / coin / item-box / dash-panel tools where the document's rule data has those kinds, and the actions its
own system contributes (`ACTIONS` of its Qt half) — nothing greyed out from other systems — and it follows
the current tab and a ruleset switch."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QAction

from designer.app.window import MainWindow
from designer.commands.document import ChangeProperties
from designer.model.track import Table, TrackDocument, TrackSurface

SHARED = {"Select", "Pan", "Document Properties…", "Track Report…", "Draw Track", "Measure", "Reverse Direction",
          "Mirror Horizontally", "Mirror Vertically", "Rotate Layout 90° CW", "Rotate Layout 90° CCW",
          "Movement Templates"}
GATES = {"Place Gate", "Renumber Gates Along Track"}
GASLANDS = GATES | {"Coin Trail", "Fill Item Boxes", "Draw Dash Panel", "Coin Cluster…"}
OWN = {
    "mk-gaslands": GASLANDS,
    "mk-board": {"Lay Spaces Along Track", "Insert Space After", "Change Space Field", "Shortcut Tool"},
    "pitchkart": GATES | {"Coin Trail", "Fill Item Boxes", "Coin Cluster…", "Section Tool", "Section Piece",
                          "Renumber Sections Along Route", "Move Chain With Section"},
    "mk-downforce": GATES | {"Fill Item Boxes"},
    "axles-alloys-2": GATES | {"Draw Barrier", "Barriers Along Track", "Scatter Race Hazards…"},
}


def doc(ruleset: str) -> TrackDocument:
    return TrackDocument(name=ruleset, ruleset=ruleset, table=Table(width_mm=900, height_mm=660),
                         track=TrackSurface(centerline=[(200, 200), (700, 200), (700, 460), (200, 460)],
                                            closed=True, width_mm=120))


def offered(window: MainWindow) -> set[str]:
    """The Track menu's entries a user can choose now (submenus by their title)."""
    return {a.text().replace("&", "") for a in window.menus["Track"].actions()
            if not a.isSeparator() and a.isVisible() and a.isEnabled()}


def foreign(window: MainWindow) -> set[str]:
    """The Track menu's entries that are there but greyed out."""
    return {a.text().replace("&", "") for a in window.menus["Track"].actions()
            if not a.isSeparator() and a.isVisible() and not a.isEnabled()}


@pytest.fixture
def open_window(errors, new_window):
    def make(*documents: TrackDocument) -> MainWindow:
        win = new_window(documents[0])
        for document in documents[1:]:
            win.add_editor(document)
        win.show()
        return win

    return make


@pytest.mark.parametrize("ruleset", sorted(OWN))
def test_the_track_menu_offers_the_shared_actions_and_the_systems_own(open_window, ruleset):
    win = open_window(doc(ruleset))
    assert offered(win) == SHARED | OWN[ruleset]
    assert foreign(win) == set()  # nothing greyed out: another system's actions are not shown at all


def test_coin_trail_and_the_gate_tools_are_not_offered_in_a_board_document(open_window):
    win = open_window(doc("mk-board"))
    for key in ("coin_trail", "place_gate", "fill_item_boxes", "renumber_gates", "coin_cluster", "dash_panel"):
        action: QAction = win.menu_actions.qaction(key)
        assert not action.isEnabled() and not action.isVisible(), key
    editor = win.current_editor()
    win.menu_actions.qaction("coin_trail").trigger()  # what its shortcut C would do: nothing
    assert editor.tools.active.name == "select"
    assert editor.document.undo_stack.count() == 0


def test_switching_tabs_and_rulesets_updates_the_menu(open_window):
    win = open_window(doc("mk-gaslands"), doc("mk-board"))
    assert offered(win) == SHARED | OWN["mk-board"]  # the last tab opened is current
    win.tabs.setCurrentIndex(0)
    assert offered(win) == SHARED | OWN["mk-gaslands"]
    assert win.menu_actions.qaction("coin_trail").isEnabled()
    win.tabs.setCurrentIndex(1)
    assert offered(win) == SHARED | OWN["mk-board"]
    assert not win.menu_actions.qaction("coin_trail").isEnabled()
    document = win.current_editor().document
    document.undo_stack.push(ChangeProperties(document, {"ruleset": "axles-alloys-2"}))
    assert offered(win) == SHARED | OWN["axles-alloys-2"]
