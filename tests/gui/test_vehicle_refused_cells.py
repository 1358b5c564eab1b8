"""The vehicle editor's components table never stores a label half-way and never forgets one it refused: typed
with real keys, a refused label (one too long for the sheet) keeps the label stored before, is marked red with
what was typed in its tooltip, and the refusal stays on the editor's message line while other cells are edited,
until that cell is fixed (`designer.panes.cell_refusals`, as in the campaign window's tables)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit

from designer.panes.cell_refusals import MARKED_ROLE
from designer.systems.axles_alloys_2.qt.vehicle_windows import VehicleWindows
from designer.systems.axles_alloys_2.vehicle import MAX_LABEL

from .test_vehicle_editor import add

pytestmark = pytest.mark.focus  # typed into the focused cell editor

LABEL = 1
Key = Qt.Key


@pytest.fixture
def editor(qtbot):
    manager = VehicleWindows()
    window = manager.new_vehicle()
    qtbot.addWidget(window)
    qtbot.waitExposed(window)
    add(qtbot, window, "medium-weapon")
    add(qtbot, window, "ramplates")
    yield window
    window.undo_stack.setClean()
    window.close()


def type_label(qtbot, table, row: int, text: str) -> None:
    """Type on the label cell (the first key opens its editor), then Enter."""
    table.setFocus()
    table.setCurrentCell(row, LABEL)
    qtbot.keyClicks(table, text[0])
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit) and table.isAncestorOf(editor), editor
    qtbot.keyClicks(editor, text[1:])
    qtbot.keyClick(editor, Key.Key_Return)
    qtbot.waitUntil(lambda: table.state() != table.State.EditingState)


def marked(item) -> bool:
    return bool(item.data(MARKED_ROLE)) and item.background().style() != Qt.BrushStyle.NoBrush


def test_a_too_long_label_is_refused_kept_marked_and_said_until_fixed(qtbot, editor):
    table = editor.components.table
    type_label(qtbot, table, 0, "Ripper")
    assert editor.document.components[0].label == "Ripper"
    depth = editor.undo_stack.count()

    long_label = "Ripper " + "x" * (MAX_LABEL - 2)  # 65 characters
    type_label(qtbot, table, 0, long_label)
    assert editor.document.components[0].label == "Ripper"  # not cut to 60, not stored at all
    assert editor.undo_stack.count() == depth
    cell = table.item(0, LABEL)
    assert cell.text() == "Ripper" and marked(cell)
    assert long_label in cell.toolTip() and "at most 60 characters" in cell.toolTip()
    assert editor.messages.isVisible()
    assert "a label is at most 60 characters (this one has 65)" in editor.messages.text()

    # Another cell's accepted label and a firing face leave the refusal said and marked.
    type_label(qtbot, table, 1, "Plates")
    editor.components.facing_combo(0).setCurrentIndex(editor.components.facing_combo(0).findData("Left"))
    assert editor.document.components[1].label == "Plates" and editor.document.components[0].facing == "Left"
    assert editor.undo_stack.count() == depth + 2
    assert marked(table.item(0, LABEL)) and not marked(table.item(1, LABEL))
    assert editor.messages.isVisible() and "at most 60 characters" in editor.messages.text()

    # Fixed: stored as one undo step, the mark and the message go.
    type_label(qtbot, table, 0, "Ripper Mk II")
    assert editor.document.components[0].label == "Ripper Mk II"
    assert editor.undo_stack.count() == depth + 3
    assert not marked(table.item(0, LABEL)) and not editor.messages.isVisible()
    editor.undo_stack.undo()
    assert editor.document.components[0].label == "Ripper" and table.item(0, LABEL).text() == "Ripper"


def test_a_label_of_exactly_the_most_is_stored_whole(qtbot, editor):
    label = "L" * MAX_LABEL
    type_label(qtbot, editor.components.table, 1, label)
    assert editor.document.components[1].label == label
    assert not editor.messages.isVisible()


def test_a_refusal_ends_when_undo_replaces_the_stored_label(qtbot, editor):
    table = editor.components.table
    type_label(qtbot, table, 0, "Ripper")
    type_label(qtbot, table, 0, "y" * 70)
    assert marked(table.item(0, LABEL)) and editor.messages.isVisible()
    editor.undo_stack.undo()  # the label goes back to empty: the refused cell's value is replaced
    assert table.item(0, LABEL).text() == "" and not marked(table.item(0, LABEL))
    assert not editor.messages.isVisible()


def test_a_refusal_moves_with_its_component(qtbot, editor):
    table = editor.components.table
    type_label(qtbot, table, 0, "z" * (MAX_LABEL + 1))
    assert marked(table.item(0, LABEL)) and not marked(table.item(1, LABEL))
    depth = editor.undo_stack.count()
    editor.components.select_row(0)
    editor.components.down_button.click()  # the weapon goes below the ram plates, as one undo step
    assert [c.component for c in editor.document.components] == ["ramplates", "medium-weapon"]
    assert editor.undo_stack.count() == depth + 1
    assert marked(table.item(1, LABEL)) and not marked(table.item(0, LABEL))
    assert "z" * (MAX_LABEL + 1) in table.item(1, LABEL).toolTip()
    assert editor.messages.isVisible() and "(this one has 61)" in editor.messages.text()
    type_label(qtbot, table, 1, "Gun")
    assert editor.document.components[1].label == "Gun"
    assert not marked(table.item(1, LABEL)) and not editor.messages.isVisible()
