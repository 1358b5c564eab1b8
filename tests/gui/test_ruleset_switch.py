"""Switching a document's ruleset in Document Properties: the dialog lists what the new ruleset does not offer
and removes it, if asked, in the same undo step as the switch (undo puts every element back at its index)."""

from __future__ import annotations

import pytest

from designer.app.properties_dialog import DocumentPropertiesDialog
from designer.app.window import MainWindow
from designer.io.track_io import load_track
from designer.paths import TEMPLATES_DIR

LUIGI = TEMPLATES_DIR / "mushroom-cup-1-luigi-circuit.track.json"


@pytest.fixture
def luigi(qtbot, window: MainWindow):
    editor = window.add_editor(load_track(LUIGI))
    return editor.document


def open_dialog(qtbot, window, document, ruleset: str) -> DocumentPropertiesDialog:
    dialog = DocumentPropertiesDialog(document, window)
    qtbot.addWidget(dialog)
    index = dialog.ruleset_combo.findData(ruleset)
    assert index >= 0
    dialog.ruleset_combo.setCurrentIndex(index)
    return dialog


def test_the_dialog_lists_what_the_new_ruleset_does_not_offer(qtbot, window, luigi):
    dialog = open_dialog(qtbot, window, luigi, "mk-downforce")
    assert not dialog.remove_check.isHidden()
    assert dialog.remove_check.text() == "Remove what it does not offer: 34 coins, 3 boost pads, 1 dash panel"
    assert not dialog.remove_check.isChecked()  # nothing goes unless asked
    assert "38 elements are not part of Mario Kart for Downforce" in dialog.notes.text()
    dialog.remove_check.setChecked(True)
    assert "34 coins, 3 boost pads, 1 dash panel will be removed." in dialog.notes.text()
    dialog.ruleset_combo.setCurrentIndex(dialog.ruleset_combo.findData("mk-gaslands"))
    assert dialog.remove_check.isHidden()  # Gaslands offers all of them


def test_remove_switch_undo_redo_is_one_step(qtbot, window, luigi):
    before = luigi.elements
    stack, start = luigi.undo_stack, luigi.undo_stack.count()
    foreign = {e.id for e in before if e.kind in ("coin", "boost_pad", "dash_panel")}
    assert len(foreign) == 38
    dialog = open_dialog(qtbot, window, luigi, "mk-downforce")
    dialog.remove_check.setChecked(True)
    dialog.accept()

    assert stack.count() == start + 1
    assert stack.undoText() == "Change ruleset"
    assert luigi.prop("ruleset") == "mk-downforce"
    assert luigi.elements == [e for e in before if e.id not in foreign]
    assert {e.kind for e in luigi.elements} <= set(luigi.ruleset.element_kinds)

    stack.undo()
    assert luigi.prop("ruleset") == "mk-gaslands"
    assert luigi.elements == before  # same values at the same indices
    assert [luigi.index_of(e.id) for e in before] == list(range(len(before)))

    stack.redo()
    assert luigi.prop("ruleset") == "mk-downforce"
    assert luigi.elements == [e for e in before if e.id not in foreign]
    stack.undo()
    assert luigi.elements == before and luigi.prop("ruleset") == "mk-gaslands"


def test_keeping_them_switches_only_the_ruleset(qtbot, window, luigi):
    before = luigi.elements
    dialog = open_dialog(qtbot, window, luigi, "mk-downforce")
    dialog.accept()
    assert luigi.prop("ruleset") == "mk-downforce"
    assert luigi.elements == before
    luigi.undo_stack.undo()
    assert luigi.prop("ruleset") == "mk-gaslands" and luigi.elements == before


def test_cancel_switches_nothing(qtbot, window, luigi):
    before, start = luigi.elements, luigi.undo_stack.count()
    dialog = open_dialog(qtbot, window, luigi, "mk-downforce")
    dialog.remove_check.setChecked(True)
    dialog.reject()
    assert luigi.undo_stack.count() == start
    assert luigi.prop("ruleset") == "mk-gaslands" and luigi.elements == before


def test_removal_with_other_changes_is_one_step(qtbot, window):
    """Every Kind's pipes, Bullet Bill and hazards go with a rename and a kart count, as one step; undo brings
    them back, links included."""
    document = window.document
    before = document.elements
    dialog = open_dialog(qtbot, window, document, "mk-board")
    offered = set(dialog.chosen_ruleset().element_kinds)
    dialog.name_edit.setText("Board Copy")
    dialog.karts_spin.setValue(3)
    dialog.remove_check.setChecked(True)
    dialog.accept()
    stack = document.undo_stack
    assert stack.undoText() == "Change document properties"
    assert (document.prop("ruleset"), document.name, document.prop("karts")) == ("mk-board", "Board Copy", 3)
    assert document.elements == [e for e in before if e.kind in offered]
    stack.undo()
    assert document.elements == before
    assert (document.prop("ruleset"), document.name) == ("mk-gaslands", "Every Kind")
    stack.redo()
    assert document.elements == [e for e in before if e.kind in offered]


def test_the_palette_follows_the_switch_and_its_undo(qtbot, window, luigi):
    palette = window.edit_controller.palette
    assert "coin" in palette.kinds()
    dialog = open_dialog(qtbot, window, luigi, "mk-downforce")
    dialog.remove_check.setChecked(True)
    dialog.accept()
    assert palette.kinds() == list(luigi.ruleset.element_kinds)
    assert "coin" not in palette.kinds()
    luigi.undo_stack.undo()
    assert "coin" in palette.kinds()
