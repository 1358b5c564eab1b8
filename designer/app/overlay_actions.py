"""View ▸ Overlays: checkable toggles for the reach and effect overlays (`designer.canvas.overlays`).

`install(window)` builds an `OverlayActions` controller (kept as `window.overlay_controller`). The toggles
belong to the window for its session: every tab of the window shows the same overlays, a tab opened later
gets them too, and nothing is written to the settings. Each editor gets one `OverlayItem` in its scene
(kept as `editor.overlay_item`), made the first time the editor becomes current. Overlays are editing aids:
exports and prints never show them.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction

from designer.canvas.overlays import OVERLAY_KINDS, OverlayItem

TIPS = {
    "ramps": "Show where a jump over each ramp lands (gear 2–3, gear 4+) and its flaming hoop",
    "boost": "Show the Short push ahead of each boost pad and dash panel",
    "thwomps": "Show where each Thwomp crashes down",
    "bullet_bill": "Show Bullet Bill's Medium steps from each plate's launcher pipe, and why it stops",
    "warp_links": "Join the two pipes of each linked pair with a dashed line",
}


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
        self.menu = window.menus["View"].addMenu("Over&lays")
        self.actions: dict[str, QAction] = {}
        self.show_reach = True
        self.reach_action = window.action("&Reach Rings", self.set_reach_rings, None,
                                          "Piranha-plant range and chain-chomp reach as faint rings", checkable=True)
        self.reach_action.setChecked(True)
        self.menu.addAction(self.reach_action)
        self.menu.addSeparator()
        for kind, title in OVERLAY_KINDS.items():
            action = window.action(title, lambda on, k=kind: self.set_enabled(k, on), None, TIPS.get(kind, ""),
                                   checkable=True)
            self.menu.addAction(action)
            self.actions[kind] = action
        self.menu.addSeparator()
        self.hide_all_action = window.action("&Hide All Overlays", self.hide_all, None, "Turn every overlay off")
        self.menu.addAction(self.hide_all_action)
        window.editor_changed.connect(self._on_editor_changed)
        for editor in window.editors():
            self._apply(editor)

    def set_enabled(self, kind: str, on: bool) -> None:
        """Show or hide one overlay kind on every tab of the window."""
        if on:
            self.enabled.add(kind)
        else:
            self.enabled.discard(kind)
        action = self.actions[kind]
        if action.isChecked() != on:
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
        for kind in list(self.enabled):
            self.set_enabled(kind, False)
        self.set_reach_rings(False)

    def _on_editor_changed(self, editor) -> None:
        if editor is not None:
            self._apply(editor)

    def _apply(self, editor) -> OverlayItem:
        editor.scene.set_show_reach(self.show_reach)
        item = overlay_of(editor)
        for kind in OVERLAY_KINDS:
            item.set_enabled(kind, kind in self.enabled)
        return item
