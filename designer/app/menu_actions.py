"""The main window's menu actions built from records (`designer.systems.api.ActionSet` of `MenuAction`s): the
shared Track menu's (`designer.app.track_actions`, `authoring_setup`) and every registered system's (its Qt
half's `ACTIONS`, added in a loop over the registry — nothing here names a system).

`menu_actions(window)` gives the window's one `MenuActions` (kept as `window.menu_actions`). `add(set)` makes the
set's controller and puts its actions in their menus, in order. Each action is shown, and enabled, only while
its `when(current document)` holds; an action every document gets (`when=always`) stays shown, disabled without
a document. The check is redone on a tab switch and when the current document's properties change (its
ruleset). A checkable action shows its `checked(controller)`; an action with `choices` is a submenu of
exclusive entries, refilled with the state. An action that arms a canvas tool (`tool`, its `Tool.name`) is
checkable and checked while that tool is the current editor's active one, however it was armed (menu, key,
toolbar, palette). `add(set, system)` notes whose set it is, so the toolbar can ask for the shared tools or the
system's (`toolbar_keys`), and `offered(key)` whether the current document gets an action. Sets added after
`keep_place` with `placed=True` go where the menus ended then (the systems a start-up leaves for after its first
paint); a key asked for that is not there yet calls `complete` first.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu

from designer.i18n import _
from designer.systems.api import ActionSet, MenuAction, always

log = logging.getLogger(__name__)


@dataclass
class _Entry:
    record: MenuAction
    controller: Any
    action: QAction
    submenu: QMenu | None = None
    group: QActionGroup | None = None
    system: Any = None   # the system whose Qt half contributed it; None for a shared action


def menu_actions(window) -> MenuActions:
    """The window's `MenuActions`, made on first use."""
    host = getattr(window, "menu_actions", None)
    if host is None:
        host = MenuActions(window)
        window.menu_actions = host
    return host


class MenuActions(QObject):
    #: What the current document is offered may have changed (a tab switch, a ruleset change).
    offers_changed = Signal()

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self._entries: dict[str, _Entry] = {}
        self._watched = None
        self._watched_tools = None
        self._places: dict[str, QAction | None] = {}  # see `keep_place`: the last action put there
        #: The ids of the systems whose sets were added (or found to have none).
        self.added_systems: set[str] = set()
        #: Called (no arguments) when a key asked for is not there: adds the sets not added yet, if any wait.
        self.complete: Callable[[], None] | None = None
        window.editor_changed.connect(self._on_editor_changed)

    # --- building --------------------------------------------------------------------------------
    def keep_place(self) -> None:
        """Note where every menu now ends: the sets added later with `placed=True` go there, one after another (a
        system's set added after the start-up's first paint sits where it would have, before the actions added
        since)."""
        self._places = {title: (menu.actions() or [None])[-1] for title, menu in self.window.menus.items()}

    def add(self, action_set: ActionSet, system: Any = None, placed: bool = False) -> Any:
        """Make `action_set`'s controller and add its actions to the menus (a set of `system`'s Qt half, or a
        shared one), at their ends or (`placed`) where `keep_place` noted; returns the controller."""
        controller = action_set.controller(self.window)
        for record in action_set.actions:
            if record.key in self._entries:
                log.warning("menu action %r is contributed twice; the second is left out", record.key)
                continue
            self._entries[record.key] = self._build(record, controller, placed and record.menu in self._places)
            self._entries[record.key].system = system
        self._on_editor_changed(self.window.current_editor())
        return controller

    def _build(self, record: MenuAction, controller: Any, placed: bool) -> _Entry:
        w = self.window
        menu = w.menus[record.menu]

        def put(action: QAction | None = None, submenu: QMenu | None = None) -> QAction:
            """Add a separator (nothing given), `action` or `submenu` to the menu, at its end or its place."""
            before = self._place_in(record.menu) if placed else None
            if submenu is not None:
                action = menu.insertMenu(before, submenu) if before is not None else menu.addMenu(submenu)
            elif action is not None:
                menu.insertAction(before, action) if before is not None else menu.addAction(action)
            else:
                action = menu.insertSeparator(before) if before is not None else menu.addSeparator()
            if placed:
                self._places[record.menu] = action
            return action

        if record.separator:
            put()
        tip = _(record.tip) if record.tip else ""
        if record.choices is not None:
            submenu = QMenu(_(record.text), menu)
            action = put(submenu=submenu)
            action.setStatusTip(tip)
            group = QActionGroup(submenu)
            group.setExclusive(True)
            return _Entry(record, controller, action, submenu, group)
        action = w.action(_(record.text), lambda _checked=False, key=record.key: self.trigger(key),
                          record.shortcut, tip, None, checkable=record.checkable or bool(record.tool))
        put(action)
        return _Entry(record, controller, action)

    def _place_in(self, title: str) -> QAction | None:
        """The action of menu `title` to insert before, to follow the last one put at its kept place (None: the
        end)."""
        actions = self.window.menus[title].actions()
        last = self._places[title]
        if last is None:
            return actions[0] if actions else None
        index = actions.index(last) + 1 if last in actions else len(actions)
        return actions[index] if index < len(actions) else None

    def _entry(self, key: str) -> _Entry:
        if key not in self._entries and self.complete is not None:
            self.complete()
        return self._entries[key]

    # --- asking ----------------------------------------------------------------------------------
    def qaction(self, key: str) -> QAction:
        """The menu action of the record named `key` (a submenu's own action for one with choices)."""
        return self._entry(key).action

    def controller(self, key: str) -> Any:
        """The controller the action named `key` runs on."""
        return self._entry(key).controller

    def choice_actions(self, key: str) -> list[QAction]:
        """The entries of the submenu named `key`, as now offered (none while the action is not)."""
        group = self._entry(key).group
        return list(group.actions()) if group is not None else []

    def keys(self) -> list[str]:
        return list(self._entries)

    def record(self, key: str) -> MenuAction:
        return self._entry(key).record

    def toolbar_keys(self, system: bool) -> list[str]:
        """The actions the toolbar shows, in menu order: a system's own (`system` True; every one unless its
        record says `toolbar=False`) or the shared ones (only those whose record says `toolbar=True`)."""
        return [key for key, entry in self._entries.items()
                if (entry.system is not None) == system
                and (entry.record.toolbar if entry.record.toolbar is not None else system)]

    def offered(self, key: str, document: Any = ...) -> bool:
        """Whether the action named `key` is offered for `document` (default: the current one)."""
        if document is ...:
            document = self._document()
        if document is None:
            return False
        try:
            return bool(self._entry(key).record.when(document))
        except Exception:  # a broken rules file or a faulty plug-in: not offered, never a crash
            log.exception("menu action %r: its `when` failed", key)
            return False

    def trigger(self, key: str) -> Any:
        """Run the action named `key` on its controller (what choosing it in the menu does)."""
        entry = self._entry(key)
        result = entry.record.trigger(entry.controller)
        self._refresh_state(entry)
        if entry.record.tool:
            self.show_active_tool()   # a tool that could not be armed (no track yet) stays unchecked
        return result

    def choose(self, key: str, choice: str) -> Any:
        entry = self._entry(key)
        result = entry.record.choose(entry.controller, choice) if entry.record.choose is not None else None
        self._refresh_state(entry)
        return result

    # --- following the current document ----------------------------------------------------------
    def _document(self):
        editor = self.window.current_editor()
        return editor.document if editor is not None else None

    def _on_editor_changed(self, editor) -> None:
        document = editor.document if editor is not None else None
        if self._watched is not None and self._watched is not document:
            with contextlib.suppress(RuntimeError, TypeError):
                self._watched.properties_changed.disconnect(self.update)
        if document is not None and self._watched is not document:
            document.properties_changed.connect(self.update)
        self._watched = document
        tools = editor.tools if editor is not None else None
        if self._watched_tools is not None and self._watched_tools is not tools:
            with contextlib.suppress(RuntimeError, TypeError):
                self._watched_tools.tool_changed.disconnect(self.show_active_tool)
        if tools is not None and self._watched_tools is not tools:
            tools.tool_changed.connect(self.show_active_tool)
        self._watched_tools = tools
        self.update()

    def show_active_tool(self, *_args) -> None:
        """Check the action of the current editor's active tool, and uncheck the other tool actions."""
        editor = self.window.current_editor()
        active = editor.tools.active.name if editor is not None else None
        for entry in self._entries.values():
            if entry.record.tool:
                entry.action.setChecked(entry.record.tool == active)

    def update(self, *_args) -> None:
        """Show and enable each action by its `when` for the current document."""
        document = self._document()
        for key, entry in self._entries.items():
            shared = entry.record.when is always
            on = self.offered(key, document)
            entry.action.setVisible(on or shared)
            entry.action.setEnabled(on)
            self._refresh_state(entry, document if on else None)
        self.show_active_tool()
        self.offers_changed.emit()

    def _refresh_state(self, entry: _Entry, document: Any = ...) -> None:
        if document is ...:
            document = self._document() if entry.action.isEnabled() else None
        record = entry.record
        if record.checkable and record.checked is not None:
            entry.action.setChecked(bool(record.checked(entry.controller)))
        if entry.submenu is not None and entry.group is not None:
            self._fill(entry, document)

    def _fill(self, entry: _Entry, document) -> None:
        assert entry.submenu is not None and entry.group is not None and entry.record.choices is not None
        choices = entry.record.choices(entry.controller, document) if document is not None else ()
        shown = entry.group.actions()
        if [a.data() for a in shown] == [c.key for c in choices]:  # the same entries: only their marks
            for action, choice in zip(shown, choices, strict=True):  # (the entry being chosen stays alive)
                action.setText(choice.text)
                action.setChecked(choice.checked)
            return
        for action in shown:
            entry.group.removeAction(action)
        entry.submenu.clear()
        for choice in choices:
            action = QAction(choice.text, entry.submenu)
            action.setCheckable(True)
            action.setChecked(choice.checked)
            action.setData(choice.key)
            action.triggered.connect(lambda _checked=False, key=entry.record.key, c=choice.key: self.choose(key, c))
            entry.group.addAction(action)
            entry.submenu.addAction(action)
