"""The editor's toolbar: the common tools, then only the current document's system's own tools (from the
registry: each system's Qt half's `ACTIONS`, the toolbar names none), swapped when the tab changes; every button
with an icon and a translated tooltip naming its key; a tool button checked while its tool is armed, however it
was armed; View ▸ Toolbar hides it and the next window remembers."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QImage

from designer.app import toolbar as toolbar_module
from designer.app.new_dialog import starter_choices
from designer.app.settings import SHOW_TOOLBAR, Settings
from designer.app.window import MainWindow
from designer.commands.document import ChangeProperties, SetTrack
from designer.i18n import _
from designer.panes.palette import generic_icon

LEFT = Qt.MouseButton.LeftButton
NO_MOD = Qt.KeyboardModifier.NoModifier
COMMON = ["select", "pan"]
#: Each built-in system's own toolbar actions, in order (none for Gaslands and Downforce).
OWN = {
    "mk-gaslands": [],
    "mk-downforce": [],
    "mk-board": ["lay_spaces", "insert_space", "cycle_fields", "shortcut_tool"],
    "pitchkart": ["section_tool", "section_piece", "renumber_sections", "chain_moves"],
    "axles-alloys-2": ["draw_barrier", "barriers_along_track", "scatter_hazards"],
}
#: The shared drawing tools each system's starter is offered (by its palette's kinds).
SHARED = {
    "mk-gaslands": ["draw_track", "place_gate", "coin_trail", "measure", "dash_panel"],
    "mk-downforce": ["draw_track", "place_gate", "measure"],
    "mk-board": ["draw_track", "measure"],
    "pitchkart": ["draw_track", "place_gate", "coin_trail", "measure"],
    "axles-alloys-2": ["draw_track", "place_gate", "measure"],
}


def starter(system_id: str):
    choices, _errors = starter_choices(system_id=system_id)
    return (choices[1] if len(choices) > 1 else choices[0]).document


def image(icon) -> QImage:
    return icon.pixmap(24, 24).toImage()


@pytest.fixture
def open_window(qtbot, errors, new_window):
    def make(document) -> MainWindow:
        win = new_window(document)
        win.resize(1280, 800)
        win.show()
        qtbot.waitExposed(win)
        return win

    return make


@pytest.mark.parametrize("system_id", list(OWN))
def test_the_toolbar_holds_the_common_tools_and_only_the_documents_systems_own(open_window, system_id):
    win = open_window(starter(system_id))
    bar = win.toolbar
    assert bar.shown_keys() == COMMON + SHARED[system_id] + OWN[system_id]
    others = {key for other, keys in OWN.items() if other != system_id for key in keys}
    for key in others:   # not even greyed out: no button at all
        assert bar.button(key) is None or not bar.button(key).isVisible()
    actions = bar.actions()
    edit = win.edit_controller
    for fixed in (edit.undo_action, edit.redo_action, win.fit_table_action, win.zoom_in_action):
        assert fixed in actions
    # It fits at 1280 px: every button shown, none pushed into the extension menu.
    assert bar.sizeHint().width() < 1280 * 0.6
    for action in actions:
        if action.isSeparator():
            continue
        assert not action.icon().isNull(), action.text()
        assert bar.widgetForAction(action).isVisible(), action.text()
    host = win.menu_actions
    for key in bar.shown_keys():   # the icons are drawn, not the generic tile every action would get
        text = _(host.record(key).text)
        assert image(host.qaction(key).icon()) != image(generic_icon(toolbar_module.plain(text), 24)), key
        tip = host.qaction(key).toolTip()
        assert tip.startswith(toolbar_module.plain(text))
        shortcut = host.record(key).shortcut
        if shortcut:
            assert f"({shortcut})" in tip.splitlines()[0]


def test_switching_tabs_swaps_the_system_tools(open_window, qtbot):
    win = open_window(starter("mk-board"))
    board = win.current_editor()
    assert win.toolbar.shown_keys()[-1] == "shortcut_tool"
    win.add_editor(starter("pitchkart"))
    keys = win.toolbar.shown_keys()
    assert keys[-4:] == OWN["pitchkart"] and "shortcut_tool" not in keys and "lay_spaces" not in keys
    win.add_editor(starter("axles-alloys-2"))
    assert win.toolbar.shown_keys()[-3:] == OWN["axles-alloys-2"] and "section_tool" not in win.toolbar.shown_keys()
    win.tabs.setCurrentWidget(board)
    keys = win.toolbar.shown_keys()
    assert keys == COMMON + SHARED["mk-board"] + OWN["mk-board"]


def test_a_ruleset_change_swaps_the_system_tools(open_window):
    win = open_window(starter("mk-gaslands"))
    document = win.document
    assert win.toolbar.shown_keys() == COMMON + SHARED["mk-gaslands"]
    document.undo_stack.push(ChangeProperties(document, {"ruleset": "pitchkart"}))
    assert win.toolbar.shown_keys()[-4:] == OWN["pitchkart"]
    document.undo_stack.undo()
    assert win.toolbar.shown_keys() == COMMON + SHARED["mk-gaslands"]


def test_clicking_a_tool_arms_it_and_checks_only_its_button(open_window, qtbot):
    win = open_window(starter("mk-board"))
    editor = win.current_editor()
    bar = win.toolbar
    host = win.menu_actions
    assert host.qaction("select").isChecked()
    for key, tool in (("draw_track", "track"), ("measure", "measure"), ("shortcut_tool", "shortcut"),
                      ("pan", "pan"), ("select", "select")):
        qtbot.mouseClick(bar.button(key), LEFT)
        assert editor.tools.active.name == tool
        checked = [k for k in bar.shown_keys() if host.qaction(k).isChecked()]
        assert checked == [key]
    # Clicking the armed tool's button again keeps it armed and checked.
    qtbot.mouseClick(bar.button("measure"), LEFT)
    qtbot.mouseClick(bar.button("measure"), LEFT)
    assert editor.tools.active.name == "measure" and host.qaction("measure").isChecked()
    # Armed elsewhere (the palette's shortcut entry, the Esc key), the toolbar follows.
    editor.tools.arm("shortcut")
    assert host.qaction("shortcut_tool").isChecked() and not host.qaction("measure").isChecked()
    editor.tools.use_select()
    assert host.qaction("select").isChecked() and not host.qaction("shortcut_tool").isChecked()


@pytest.mark.focus
@pytest.mark.parametrize(("system_id", "kind", "key"), [("mk-board", "shortcut", "shortcut_tool"),
                                                        ("pitchkart", "track_section", "section_tool"),
                                                        ("axles-alloys-2", "barrier", "draw_barrier")])
def test_a_palette_entry_that_arms_a_tool_checks_its_button(open_window, qtbot, system_id, kind, key):
    win = open_window(starter(system_id))
    palette = win.edit_controller.palette
    rect = palette.list.visualItemRect(palette.item_for(kind))
    qtbot.mouseClick(palette.list.viewport(), LEFT, NO_MOD, rect.center())
    host = win.menu_actions
    assert [k for k in win.toolbar.shown_keys() if host.qaction(k).isChecked()] == [key]
    win.activateWindow()   # a window's shortcuts reach only the active window
    qtbot.waitUntil(win.isActiveWindow, timeout=3000)
    win.view.setFocus()
    qtbot.keyClick(win.view.viewport(), Qt.Key.Key_S)   # Select's key puts the tool down
    assert win.current_editor().tools.active.name == "select" and host.qaction("select").isChecked()
    qtbot.keyClick(win.view.viewport(), Qt.Key.Key_H)
    assert win.current_editor().tools.active.name == "pan" and host.qaction("pan").isChecked()


def test_a_tool_that_cannot_be_armed_stays_unchecked(open_window, qtbot):
    win = open_window(starter("mk-gaslands"))
    win.document.undo_stack.push(SetTrack(win.document, None, "no track"))
    qtbot.mouseClick(win.toolbar.button("place_gate"), LEFT)
    assert win.current_editor().tools.active.name == "select"
    assert not win.menu_actions.qaction("place_gate").isChecked() and win.menu_actions.qaction("select").isChecked()


def test_the_pan_tool_moves_the_view_not_the_document(open_window, qtbot):
    win = open_window(starter("mk-gaslands"))
    view = win.view
    view.set_zoom_percent(400.0)
    qtbot.mouseClick(win.toolbar.button("pan"), LEFT)
    bars = view.horizontalScrollBar(), view.verticalScrollBar()
    before = [b.value() for b in bars]
    depth = win.document.undo_stack.count()
    viewport = view.viewport()
    start = viewport.rect().center()
    qtbot.mousePress(viewport, LEFT, NO_MOD, start)
    for step in range(1, 5):
        qtbot.mouseMove(viewport, start + QPoint(-20 * step, -10 * step))
    qtbot.mouseRelease(viewport, LEFT, NO_MOD, start + QPoint(-80, -40))
    assert [b.value() for b in bars] == [before[0] + 80, before[1] + 40]
    assert win.document.undo_stack.count() == depth


def test_view_toolbar_hides_it_and_the_next_window_remembers(open_window):
    win = open_window(starter("mk-gaslands"))
    toggle = win.toolbar_action
    assert toggle in win.menus["View"].actions() and toggle.isChecked() and win.toolbar.isVisible()
    toggle.trigger()
    assert not win.toolbar.isVisible() and Settings().get(SHOW_TOOLBAR, True) is False
    second = open_window(starter("pitchkart"))
    assert not second.toolbar.isVisible() and not second.toolbar_action.isChecked()
    second.toolbar_action.trigger()
    assert second.toolbar.isVisible() and Settings().get(SHOW_TOOLBAR, False) is True
    third = open_window(starter("mk-board"))
    assert third.toolbar.isVisible()


def test_tooltips_are_translated_with_their_keys(open_window, qt_language_reset):
    from designer.app.main import application, install_language

    install_language(application(), "de")
    win = open_window(starter("pitchkart"))
    host = win.menu_actions
    tip = host.qaction("draw_track").toolTip().splitlines()
    assert tip[0] == f"{toolbar_module.plain(_('&Draw Track'))} (T)" and tip[0] != "Draw Track (T)"
    assert tip[1] == _("Click centerline points to lay a new track")
    assert host.qaction("section_tool").toolTip().splitlines()[0] == toolbar_module.plain(_("&Section Tool"))
    assert win.toolbar_action.text() == _("&Toolbar") != "&Toolbar"
    undo = win.edit_controller.undo_action.toolTip()
    assert "(Strg+Z)" in undo


def test_an_outside_systems_action_shows_up_with_a_generic_icon(qtbot, errors, tmp_path):
    """A plug-in's Track actions (the installable Fake Rally's Qt half) show on the toolbar for its own documents
    only, with a generic icon when it brings none — no edit to the toolbar."""
    from designer.model import TrackDocument
    from designer.rules import clear_cache
    from designer.systems.registry import BUILTIN_SYSTEMS, Registry, use
    from tests.unit.fake_system import make_system, track_data

    fresh = Registry(builtins=BUILTIN_SYSTEMS, entry_points=False)
    fresh.register(make_system(tmp_path))
    clear_cache()
    with use(fresh):
        win = MainWindow(TrackDocument.model_validate(track_data()))
        qtbot.addWidget(win)
        try:
            shown = win.toolbar.shown_keys()
            assert "fake_rally.beacon_tool" in shown and "fake_rally.brighten" in shown
            action = win.menu_actions.qaction("fake_rally.beacon_tool")
            assert image(action.icon()) == image(generic_icon("Beacon Tool", 24))
            assert action.toolTip().splitlines()[0].startswith("Beacon Tool")
            win.toolbar.button("fake_rally.beacon_tool").click()
            assert type(win.current_editor().tools.active).__name__ == "BeaconTool"
            win.add_editor(starter("mk-board"))
            assert not any(key.startswith("fake_rally.") for key in win.toolbar.shown_keys())
        finally:
            for editor in win.editors():
                editor.document.undo_stack.setClean()
            win.close()
    clear_cache()
