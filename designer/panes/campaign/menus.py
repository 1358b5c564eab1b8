"""The campaign window's Window and Help menus, as the editor has them where they apply, and where the window
first opens.

Window: Minimize, the track editor (the main window the campaigns were opened from) and every open campaign,
the current one checked — the way to get back to the editor without hunting through the task bar.
Help: Manual and Keyboard Shortcuts (`designer.app.help_menu`, listing this window's own keys), then About
Kartographer. They are imported when the menus are built, as printing imports its worker: the panes do not
load the application layer at import time.

A new campaign window opens at a size that fits the screen, beside the editor when there is room, else
cascaded over it so the editor's title bar stays in reach; a remembered size and place still win (`adopt`).
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QWidget

from designer.i18n import _

#: The size a campaign window asks for: the roster or a race page beside the standings and the chart.
PREFERRED = QSize(1280, 860)
#: Room kept free around the window on a small screen, and the step between cascaded windows.
MARGIN = 40
CASCADE = 32


def editor_of(window) -> QWidget | None:
    """The main window the campaign windows belong to, if there is one."""
    owner = window.windows.parent()
    return owner if isinstance(owner, QMainWindow) else None


def initial_geometry(editor: QWidget | None, screen: QRect, others: int) -> QRect:
    """Where a new campaign window goes on `screen` (its available geometry): beside `editor` (its frame)
    when there is room on the right or left, else cascaded down from it; `others` campaign windows
    already open shift it one cascade step each."""
    size = QSize(min(PREFERRED.width(), screen.width() - MARGIN), min(PREFERRED.height(), screen.height() - MARGIN))
    frame = editor.frameGeometry() if editor is not None and editor.isVisible() else None
    if frame is None:
        origin = screen.center() - QPoint(size.width() // 2, size.height() // 2)
    elif frame.right() + 1 + size.width() <= screen.right() + 1:
        origin = QPoint(frame.right() + 1, frame.top())
    elif frame.left() - size.width() >= screen.left():
        origin = QPoint(frame.left() - size.width(), frame.top())
    else:
        origin = frame.topLeft() + QPoint(2 * CASCADE, 2 * CASCADE)
    origin += QPoint(CASCADE * others, CASCADE * others)
    # keep it on the screen, the title bar first
    x = max(screen.left(), min(origin.x(), screen.right() + 1 - size.width()))
    y = max(screen.top(), min(origin.y(), screen.bottom() + 1 - size.height()))
    return QRect(QPoint(x, y), size)


def place_new_window(window) -> None:
    """Size and place a campaign window that is about to open (before its remembered geometry, if any)."""
    editor = editor_of(window)
    screen = (editor.screen() if editor is not None else None) or QGuiApplication.primaryScreen()
    rect = initial_geometry(editor, screen.availableGeometry(), len(window.windows.windows))
    window.resize(rect.size())
    window.move(rect.topLeft())


def install(window) -> None:
    """The Window and Help menus of a `CampaignWindow`, after its File and Edit menus."""
    from designer.app import about, help_menu

    bar = window.menuBar()
    window.window_menu = bar.addMenu(_("&Window"))
    window.minimize_action = QAction(_("Mi&nimize"), window)
    window.minimize_action.setShortcut(QKeySequence("Ctrl+M"))
    window.minimize_action.triggered.connect(window.showMinimized)
    window.window_menu.aboutToShow.connect(lambda: fill_window_menu(window))
    fill_window_menu(window)
    window.help_menu = bar.addMenu(_("&Help"))
    help_menu.install(window, window.help_menu)
    window.help_menu.addSeparator()
    window.about_action = window.help_menu.addAction(_("&About Kartographer…"), lambda: about.show_about(window))
    window.about_action.setMenuRole(QAction.MenuRole.AboutRole)


def fill_window_menu(window) -> None:
    """Minimize, then the editor and the open campaigns (rebuilt each time the menu opens)."""
    menu: QMenu = window.window_menu
    menu.clear()
    menu.addAction(window.minimize_action)
    menu.addSeparator()
    editor = editor_of(window)
    if editor is not None:
        menu.addAction(_("Track Editor"), lambda: bring_forward(editor))
    for other in window.windows.windows:
        action = menu.addAction(other.session.document.name, lambda w=other: bring_forward(w))
        action.setCheckable(True)
        action.setChecked(other is window)


def bring_forward(widget: QWidget) -> None:
    if widget.isMinimized():
        widget.showNormal()
    widget.show()
    widget.raise_()
    widget.activateWindow()
