"""The game systems a window's documents do not use come in after its first paint (issue #33): their Track menu
actions, at the places kept for them, and the File menu's document types; anything that needs them sooner brings
them then — a tab of such a system, a key asked of the menu actions — and a system that cannot be registered is
said on one line while the others still come in. (`test_startup_imports.py` starts the real editor.)"""

from __future__ import annotations

import gc

import pytest

from designer import collector
from designer.app import main as app_main
from designer.io.track_io import load_track
from designer.paths import TEMPLATES_DIR
from designer.rules import clear_cache
from designer.systems.registry import BUILTIN_SYSTEMS, Registry, use

GASLANDS = TEMPLATES_DIR / "mushroom-cup-3-thwomp-ruins.track.json"
PITCHKART = TEMPLATES_DIR / "pitchkart-stadium.track.json"
EVERY = ["axles-alloys-2", "mk-board", "mk-downforce", "mk-gaslands", "pitchkart"]


@pytest.fixture
def fresh():
    """A registry that has loaded nothing yet, as a process starting the editor has."""
    clear_cache()
    with use(Registry(builtins=BUILTIN_SYSTEMS, entry_points=False)) as registry:
        yield registry
    clear_cache()


def test_a_window_starts_with_its_documents_system_and_takes_the_others_once_painted(fresh, new_window, errors):
    window = new_window(load_track(GASLANDS))
    host = window.menu_actions
    assert [s.id for s in fresh.registered()] == ["mk-gaslands"] and host.added_systems == {"mk-gaslands"}
    assert "section_tool" not in host.keys()  # noqa: SIM118 (a QObject's list, not a dict)
    app_main.first_painted(window)
    assert [s.id for s in fresh.registered()] == EVERY and host.added_systems == set(EVERY)
    assert "section_tool" in host.keys() and not host.qaction("section_tool").isVisible()  # noqa: SIM118
    assert list(window.file_actions.document_actions) == ["vehicle"]


def test_a_tab_of_a_system_not_added_yet_brings_its_actions_at_once(fresh, new_window, errors):
    window = new_window(load_track(GASLANDS))
    window.add_editor(load_track(PITCHKART))  # reading it registers PitchKart alone
    assert [s.id for s in fresh.registered()] == ["mk-gaslands", "pitchkart"]
    action = window.menu_actions.qaction("section_tool")
    assert action.isVisible() and action.isEnabled()
    assert "section_tool" in window.toolbar.shown_keys()
    assert [s.id for s in fresh.registered()] == ["mk-gaslands", "pitchkart"]  # and nothing more was loaded


def test_a_key_asked_before_the_others_came_brings_them(fresh, new_window, errors):
    window = new_window(load_track(GASLANDS))
    action = window.menu_actions.qaction("section_tool")  # PitchKart's, asked from a Gaslands window
    assert action in window.menus["Track"].actions() and not action.isVisible()
    assert [s.id for s in fresh.registered()] == EVERY


def test_a_system_that_cannot_register_is_said_on_one_line_and_the_others_still_come(qtbot, new_window, errors):
    clear_cache()
    broken = Registry(builtins=(*BUILTIN_SYSTEMS, "designer.i18n"), entry_points=False)  # a module with no SYSTEM
    collector.hold()
    try:
        with use(broken):
            window = new_window(load_track(GASLANDS))
            app_main.first_painted(window)
            assert gc.isenabled()  # the collector is back on, whatever failed
            qtbot.waitUntil(lambda: errors != [])
            assert errors == [("Cannot Load a Game System", "designer.i18n has no SYSTEM")]
            assert [s.id for s in broken.registered()] == EVERY
            assert list(window.file_actions.document_actions) == ["vehicle"]
            assert "section_tool" in window.menu_actions.keys()  # noqa: SIM118 (a QObject's list, not a dict)
    finally:
        collector.release()
        clear_cache()
