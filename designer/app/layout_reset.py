"""View ▸ Reset Layout: put the docks and toolbars back where a fresh install has them.

`install(window)` runs after every dock has been added: it keeps the window's state as built (`saveState`), before
the settings restore the user's own layout, and the action restores it — docks shown, docked in their places.
"""

from __future__ import annotations

from PySide6.QtWidgets import QDockWidget

from designer.i18n import _

LAYOUT_VERSION = 1


def install(window) -> None:
    default = window.saveState(LAYOUT_VERSION)

    def reset() -> None:
        for dock in window.findChildren(QDockWidget):
            dock.setFloating(False)
        window.restoreState(default, LAYOUT_VERSION)
        window.statusBar().showMessage(_("Layout reset"), 3000)

    window.menus["View"].addSeparator()
    window.reset_layout_action = window.action(_("&Reset Layout"), reset, None,
                                               _("Put the docks and toolbars back where they started"), menu="View")
