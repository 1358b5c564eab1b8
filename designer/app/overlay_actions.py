"""View ▸ Overlays: checkable toggles for the reach and effect overlays (`designer.canvas.overlays`).

`install(window)` builds an `OverlayActions` controller (kept as `window.overlay_controller`). The menu
offers the overlays of the current tab's game system (rebuilt when the tab or its ruleset changes; a system
without overlays gets a greyed line saying so). The toggles belong to the window for its session, by
overlay name: every tab of the window shows the same overlays, a tab opened later gets them too, and
nothing is written to the settings. Each editor gets one `OverlayItem` in its scene (kept as
`editor.overlay_item`), made the first time the editor becomes current. Overlays are editing aids:
exports and prints never show them.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction

from designer.canvas.overlays import OverlayItem, offered
from designer.i18n import N_, _
from designer.systems.api import Overlay

NO_OVERLAYS = N_("No overlays for this game system")


def install(window) -> OverlayActions:
    """Add the View ▸ Overlays submenu to `window`."""
    controller = OverlayActions(window)
    window.overlay_controller = controller
    return controller


def overlay_of(editor) -> OverlayItem:
    """The editor's overlay item, made on first use."""
    item = getattr(editor, "overlay_item", None)
    if item is None:
        item = OverlayItem(editor.scene)
        editor.overlay_item = item
    return item


class OverlayActions(QObject):
    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.enabled: set[str] = set()
        self.menu = window.menus["View"].addMenu(_("Over&lays"))
        self.actions: dict[str, QAction] = {}
        self.show_reach = True
        self.reach_action = window.action(_("&Reach Rings"), self.set_reach_rings, None,
                                          _("Piranha-plant range and chain-chomp reach as faint rings"), checkable=True)
        self.reach_action.setChecked(True)
        self.menu.addAction(self.reach_action)
        self.menu.addSeparator()
        self.none_action = QAction(_(NO_OVERLAYS), self)
        self.none_action.setEnabled(False)
        self.menu.addAction(self.none_action)
        self.menu.addSeparator()
        self.hide_all_action = window.action(_("&Hide All Overlays"), self.hide_all, None, _("Turn every overlay off"))
        self.menu.addAction(self.hide_all_action)
        self._listed: tuple[str, ...] | None = None
        current = window.current_editor()
        self._list(offered(current.scene.document) if current is not None else ())
        window.editor_changed.connect(self._on_editor_changed)
        for editor in window.editors():
            self._apply(editor)

    # --- the menu --------------------------------------------------------------------------------
    def _list(self, overlays: tuple[Overlay, ...]) -> None:
        """Offer `overlays` (the current tab's) between the separators, checked as the window has them."""
        names = tuple(o.name for o in overlays)
        if names == self._listed:
            return
        self._listed = names
        for action in self.actions.values():
            self.menu.removeAction(action)
            self.window.removeAction(action)
            action.deleteLater()
        self.actions = {}
        for overlay in overlays:
            action = self.window.action(overlay.display_title, lambda on, n=overlay.name: self.set_enabled(n, on),
                                        None, overlay.display_tip, checkable=True)
            action.setChecked(overlay.name in self.enabled)
            self.menu.insertAction(self.none_action, action)
            self.actions[overlay.name] = action
        self.none_action.setVisible(not overlays)

    def _on_offered_changed(self, item: OverlayItem) -> None:
        current = self.window.current_editor()
        if current is not None and getattr(current, "overlay_item", None) is item:
            self._list(item.offered())
            self._apply(current)

    # --- toggling --------------------------------------------------------------------------------
    def set_enabled(self, name: str, on: bool) -> None:
        """Show or hide one overlay on every tab of the window (the tabs whose system has it)."""
        if on:
            self.enabled.add(name)
        else:
            self.enabled.discard(name)
        action = self.actions.get(name)
        if action is not None and action.isChecked() != on:
            action.blockSignals(True)
            action.setChecked(on)
            action.blockSignals(False)
        for editor in self.window.editors():
            if getattr(editor, "overlay_item", None) is not None or editor is self.window.current_editor():
                self._apply(editor)

    def set_reach_rings(self, on: bool) -> None:
        """Show or hide the hazards' reach rings on every tab."""
        self.show_reach = on
        if self.reach_action.isChecked() != on:
            self.reach_action.setChecked(on)
        for editor in self.window.editors():
            editor.scene.set_show_reach(on)

    def hide_all(self) -> None:
        for name in list(self.enabled):
            self.set_enabled(name, False)
        self.set_reach_rings(False)

    def _on_editor_changed(self, editor) -> None:
        if editor is not None:
            item = self._apply(editor)
            self._list(item.offered())

    def _apply(self, editor) -> OverlayItem:
        editor.scene.set_show_reach(self.show_reach)
        fresh = getattr(editor, "overlay_item", None) is None
        item = overlay_of(editor)
        if fresh:
            item.offered_changed.connect(lambda i=item: self._on_offered_changed(i))
        for overlay in item.offered():
            item.set_enabled(overlay.name, overlay.name in self.enabled)
        return item
