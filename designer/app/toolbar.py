"""The editor's toolbar, as drawing programs have one (Inkscape, Tiled): the common tools, then the document's
own system's tools.

`install(window)` adds an `EditorToolbar` at the top (kept as `window.toolbar`), made of the window's own
actions, so a button, its menu entry and its key are one action:

- always: Select (S) and Pan (H), Undo and Redo, Zoom Out, Fit Table, Zoom In;
- then the shared drawing tools (`MenuAction.toolbar` True: Draw Track, Place Gate, Coin Trail, Draw Dash Panel,
  Measure) offered for the current document, and after a line the current document's system's own actions
  (its Qt half's `ACTIONS`, every one unless its record says `toolbar=False`) — a loop over what
  `designer.app.menu_actions` got from the registry, rebuilt when the current tab or its ruleset changes, so
  no other system's tools show, not even greyed out.

Each button has its record's `icon` (a system's SVG, a shared one from resources/icons/tools/, else a tile with
its initial) and a tooltip of its translated name, key and tip; an action that arms a canvas tool is checked
while that tool is the active one (`MenuActions.show_active_tool`). Where the window is too narrow, Qt's
extension button (») lists the buttons that do not fit. View ▸ Toolbar shows or hides it, remembered in the
settings (`SHOW_TOOLBAR`).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction, QIcon, QKeySequence
from PySide6.QtWidgets import QToolBar, QToolButton

from designer.app.menu_actions import menu_actions
from designer.app.settings import SHOW_TOOLBAR, Settings
from designer.i18n import _
from designer.panes.palette import generic_icon
from designer.paths import ICONS_DIR

#: The shared toolbar icons (a record's `icon` given as a name).
TOOL_ICONS_DIR = ICONS_DIR / "tools"
ICON_PX = 24
#: The shared tool actions that lead the toolbar, before Undo and Redo.
LEADING = ("select", "pan")


def install(window) -> EditorToolbar:
    bar = EditorToolbar(window)
    window.toolbar = bar
    return bar


def icon_for(icon: str | Path, text: str) -> QIcon:
    """A record's `icon`: an SVG file, a shared icon's name, or (none, or a file that is missing) a tile with the
    first letter of `text`."""
    path = icon if isinstance(icon, Path) else TOOL_ICONS_DIR / f"{icon}.svg" if icon else None
    if path is not None and path.is_file():
        return QIcon(str(path))
    return generic_icon(plain(text) or "?", ICON_PX)


def plain(text: str) -> str:
    """A menu text as a tooltip says it: no mnemonic, no trailing ellipsis."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…").strip()


def tooltip(action: QAction, tip: str = "") -> str:
    """The action's name, its key in the platform's words (translated by Qt), and its tip on a second line."""
    text = plain(action.text())
    keys = action.shortcut()
    if not keys.isEmpty():
        text = f"{text} ({keys.toString(QKeySequence.SequenceFormat.NativeText)})"
    return f"{text}\n{tip}" if tip and tip != plain(action.text()) else text


class EditorToolbar(QToolBar):
    def __init__(self, window) -> None:
        super().__init__(_("Toolbar"), window)
        self.setObjectName("editor_toolbar")   # for saveState / restoreState
        self.setIconSize(QSize(ICON_PX, ICON_PX))
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        self.host = menu_actions(window)
        self._dynamic: list[QAction] = []
        self._shown: tuple[list[str], list[str]] = ([], [])
        for key in LEADING:
            self._add_record(key)
        self.addSeparator()
        edit = getattr(window, "edit_controller", None)
        if edit is not None:
            self._add_fixed(edit.undo_action, "undo", _("Undo the last change"))
            self._add_fixed(edit.redo_action, "redo", _("Redo the change last undone"))
            window.undo_group.undoTextChanged.connect(lambda _t: self._retip(edit.undo_action))
            window.undo_group.redoTextChanged.connect(lambda _t: self._retip(edit.redo_action))
            self.addSeparator()
        self._add_fixed(window.zoom_out_action, "zoom_out", "")
        self._add_fixed(window.fit_table_action, "fit_table", window.fit_table_action.statusTip())
        self._add_fixed(window.zoom_in_action, "zoom_in", "")
        self._end_of_fixed = self.addSeparator()
        window.addToolBar(Qt.ToolBarArea.TopToolBarArea, self)
        toggle = self.toggleViewAction()
        toggle.setText(_("&Toolbar"))
        toggle.setStatusTip(_("Show or hide the toolbar of tools"))
        toggle.triggered.connect(lambda on: Settings().set(SHOW_TOOLBAR, bool(on)))
        window.menus["View"].addAction(toggle)
        window.toolbar_action = toggle
        if not Settings().get(SHOW_TOOLBAR, True):
            self.setVisible(False)
        self.host.offers_changed.connect(self.rebuild)
        self.rebuild()

    # --- building --------------------------------------------------------------------------------
    def _add_fixed(self, action: QAction, icon: str, tip: str) -> None:
        action.setIcon(icon_for(icon, action.text()))
        action.setToolTip(tooltip(action, tip))
        self.addAction(action)

    def _retip(self, action: QAction) -> None:
        action.setToolTip(tooltip(action))

    def _add_record(self, key: str) -> QAction:
        """Put the action named `key` on the toolbar with its record's icon and tooltip."""
        record = self.host.record(key)
        action = self.host.qaction(key)
        if action.icon().isNull():
            action.setIcon(icon_for(record.icon, _(record.text)))
        action.setToolTip(tooltip(action, _(record.tip) if record.tip else ""))
        self.addAction(action)
        if record.choices is not None:   # a submenu (PitchKart's Section Piece ▸): a button that opens it
            button = self.widgetForAction(action)
            if isinstance(button, QToolButton):
                button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        return action

    def rebuild(self) -> None:
        """The tools the current document is offered: the shared drawing tools, then its system's own."""
        shared = [k for k in self.host.toolbar_keys(system=False) if k not in LEADING and self.host.offered(k)]
        own = [k for k in self.host.toolbar_keys(system=True) if self.host.offered(k)]
        if self._dynamic and (shared, own) == self._shown:
            return   # the same tools (another property changed): the buttons stay as they are
        self._shown = (shared, own)
        for action in self._dynamic:
            self.removeAction(action)
        self._dynamic = []
        for key in shared:
            self._dynamic.append(self._add_record(key))
        if shared and own:
            self._dynamic.append(self.addSeparator())
        for key in own:
            self._dynamic.append(self._add_record(key))

    # --- asking (tests) --------------------------------------------------------------------------
    def shown_keys(self) -> list[str]:
        """The keys of the record actions now on the toolbar, in order."""
        by_action = {self.host.qaction(k): k for k in self.host.keys()}  # noqa: SIM118 (a QObject, not a dict)
        return [by_action[a] for a in self.actions() if a in by_action]

    def button(self, key: str) -> QToolButton | None:
        widget = self.widgetForAction(self.host.qaction(key))
        return widget if isinstance(widget, QToolButton) else None
