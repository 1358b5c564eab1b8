"""Every palette entry of every game system works: picked and clicked on the canvas of a document of that system
(its first starter in templates/, else its blank table), it either places an element (one undo step, undone
exactly) or arms the tool its system draws it with (a board's shortcut → the shortcut tool, a PitchKart
section → the section tool, an Axles barrier → the barrier tool) — never an error dialog or an exception.

The entry-to-tool link comes from each system's Qt half (`PALETTE_TOOLS`); the palette names no kind."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication

from designer.app.errors import ErrorDialog
from designer.app.new_dialog import starter_choices
from designer.app.window import MainWindow
from designer.canvas.tools import manager as tool_manager
from designer.canvas.tools.place import PlaceTool
from designer.panes.palette import KIND_ROLE
from designer.rules import list_rulesets
from designer.systems import registry

LEFT = Qt.MouseButton.LeftButton
NO_MOD = Qt.KeyboardModifier.NoModifier

#: The kinds a built-in system draws with a tool of its own, and that tool's `name`.
DRAWN_BY_TOOL = {"shortcut": "shortcut", "track_section": "section", "barrier": "barrier"}


def fitting_document(system_id: str):
    """The system's first starter track, else its blank table."""
    choices, _errors = starter_choices(system_id=system_id)
    return (choices[1] if len(choices) > 1 else choices[0]).document


def palette_cases() -> list[tuple[str, str]]:
    cases = []
    for ruleset in list_rulesets():
        cases += [(ruleset.id, kind) for kind in ruleset.element_kinds]
    return cases


def error_dialogs() -> list[ErrorDialog]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, ErrorDialog) and w.isVisible()]


def open_window(qtbot, document) -> MainWindow:
    win = MainWindow(document)
    qtbot.addWidget(win)
    win.resize(1200, 900)
    win.show()
    qtbot.waitExposed(win)
    qtbot.waitUntil(lambda: win.view.zoom_percent() < 99.0)  # fitted on first show
    settle(qtbot, win.view)
    return win


def settle(qtbot, view) -> None:
    """Wait until the view stops moving (the docks lay out after the first fit), so a point mapped from the
    table is still under the pointer when the click comes."""
    def where():
        return view.mapFromScene(0.0, 0.0), view.mapFromScene(100.0, 100.0)

    last = where()
    for _tries in range(40):
        qtbot.wait(25)
        now = where()
        if now == last:
            return
        last = now


def close_window(win: MainWindow) -> None:
    for editor in win.editors():
        editor.document.undo_stack.setClean()
    win.close()


def click_palette_entry(qtbot, win: MainWindow, kind: str) -> None:
    palette = win.edit_controller.palette
    item = palette.item_for(kind)
    assert item is not None, kind
    rect = palette.list.visualItemRect(item)
    qtbot.mouseClick(palette.list.viewport(), LEFT, NO_MOD, rect.center())


@pytest.mark.parametrize(("system_id", "kind"), palette_cases())
def test_every_palette_entry_places_or_arms_its_tool(qtbot, errors, system_id, kind):
    win = open_window(qtbot, fitting_document(system_id))
    try:
        editor = win.current_editor()
        document = editor.document
        before = document.elements
        depth = document.undo_stack.count()
        click_palette_entry(qtbot, win, kind)
        tool = editor.tools.active
        palette = win.edit_controller.palette
        highlighted = palette.list.currentItem().data(KIND_ROLE) if palette.list.currentItem() else None
        viewport = win.view.viewport()
        centre = viewport.rect().center()
        qtbot.mouseMove(viewport, centre + QPoint(3, 3))
        qtbot.mouseMove(viewport, centre)
        qtbot.mouseClick(viewport, LEFT, NO_MOD, centre)
        assert not error_dialogs()
        assert errors == []
        assert highlighted == kind
        if kind in DRAWN_BY_TOOL:
            assert not isinstance(tool, PlaceTool)
            assert tool.name == DRAWN_BY_TOOL[kind]
        else:
            assert isinstance(tool, PlaceTool) and tool.kind == kind
            added = [e for e in document.elements if e.id not in {b.id for b in before}]
            assert [e.kind for e in added] == [kind]
            assert document.undo_stack.count() == depth + 1
            document.undo_stack.undo()
            assert document.elements == before
    finally:
        close_window(win)


def test_the_built_in_tool_kinds_come_from_the_systems_qt_halves():
    drawn = {kind for system in registry.systems() for kind in DRAWN_BY_TOOL
             if tool_manager.palette_tool(kind) is not None}
    assert drawn == set(DRAWN_BY_TOOL)
    assert tool_manager.palette_tool("coin") is None and tool_manager.palette_tool("space") is None


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_board_shortcut_entry_arms_the_shortcut_tool_and_a_drag_draws_one(qtbot, errors, qt_language_reset,
                                                                              language):
    from designer.app.main import application, install_language

    install_language(application(), language)
    win = open_window(qtbot, fitting_document("mk-board"))
    try:
        editor = win.current_editor()
        document = editor.document
        spaces = sorted((e for e in document.elements if e.kind == "space"), key=lambda e: e.number)
        assert len(spaces) >= 6
        click_palette_entry(qtbot, win, "shortcut")
        viewport = win.view.viewport()
        a = win.view.mapFromScene(spaces[1].x_mm, spaces[1].y_mm)
        b = win.view.mapFromScene(spaces[5].x_mm, spaces[5].y_mm)
        qtbot.mouseMove(viewport, a + QPoint(4, 4))   # the click a player makes next on the canvas
        qtbot.mouseMove(viewport, a)
        qtbot.mousePress(viewport, LEFT, NO_MOD, a)
        for step in range(1, 7):
            qtbot.mouseMove(viewport, a + (b - a) * (step / 6))
        qtbot.mouseRelease(viewport, LEFT, NO_MOD, b)
        assert not error_dialogs()
        made = [e for e in document.elements if e.kind == "shortcut"
                and (e.from_space, e.to_space) == (spaces[1].id, spaces[5].id)]
        assert len(made) == 1
        document.undo_stack.undo()
        assert not [e for e in document.elements if e.id == made[0].id]
    finally:
        close_window(win)


def test_a_kind_no_click_can_make_arms_nothing_and_says_why(qtbot, errors, monkeypatch):
    """Without its tool (an outside system that forgot one), a kind whose element needs more than the rule
    data's defaults is refused in one status line: the select tool stays, no dialog, and the next click on
    the canvas is an ordinary click."""
    monkeypatch.setattr(tool_manager, "palette_tool", lambda kind: None)
    win = open_window(qtbot, fitting_document("mk-board"))
    try:
        editor = win.current_editor()
        depth = editor.document.undo_stack.count()
        click_palette_entry(qtbot, win, "shortcut")
        assert editor.tools.active is editor.tools.select_tool
        assert "cannot be placed with a click" in win.statusBar().currentMessage()
        viewport = win.view.viewport()
        qtbot.mouseClick(viewport, LEFT, NO_MOD, viewport.rect().center())
        assert not error_dialogs()
        assert editor.document.undo_stack.count() == depth
    finally:
        close_window(win)
