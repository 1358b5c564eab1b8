"""View ▸ Reset Layout puts every dock back where the window first had it: shown, docked, in its area."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget


def docks(window) -> dict[str, tuple[bool, bool, Qt.DockWidgetArea]]:
    return {d.objectName(): (d.isVisibleTo(window), d.isFloating(), window.dockWidgetArea(d))
            for d in window.findChildren(QDockWidget)}


def test_reset_layout_brings_back_hidden_floating_and_moved_docks(window, qtbot):
    window.show()
    qtbot.waitExposed(window)
    before = docks(window)
    assert len(before) >= 3 and all(shown and not floating for shown, floating, _area in before.values())
    first, second, third = window.findChildren(QDockWidget)[:3]
    first.hide()
    second.setFloating(True)
    window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, third)
    assert docks(window) != before
    window.reset_layout_action.trigger()
    assert docks(window) == before
    assert window.reset_layout_action in window.menus["View"].actions()
