"""Windows that fit the screen they open on: a first size bounded by the screen's free area, and a remembered
geometry (saved on a larger monitor, or with the screen since shrunk) pulled back inside it.

Qt only; shared by the editor window and any window that remembers its geometry.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

#: Room left round a window that fills the screen (a panel, a title bar the window manager adds).
SCREEN_MARGIN = 40


def free_area(window: QWidget) -> QRect:
    """The free area (without panels) of the screen the window is on, or of the primary screen."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry()


def bounded(preferred: QSize, area: QRect) -> QSize:
    """`preferred`, made no larger than `area` less the margin."""
    return QSize(min(preferred.width(), max(area.width() - SCREEN_MARGIN, 1)),
                 min(preferred.height(), max(area.height() - SCREEN_MARGIN, 1)))


def size_to_screen(window: QWidget, preferred: QSize) -> None:
    """Give a new window its preferred size, or the screen's free area when that is smaller."""
    window.resize(bounded(preferred, free_area(window)))


def keep_on_screen(window: QWidget) -> None:
    """Shrink and move a window whose (restored) frame reaches past the screen's free area back inside it,
    leaving the margin for decorations the window manager adds only once it is shown."""
    area = free_area(window)
    frame = window.frameGeometry()
    room = bounded(frame.size(), area)
    if area.contains(frame) and (window.isVisible() or room == frame.size()):  # hidden: no decorations yet
        return
    size = bounded(window.size(), area)
    window.resize(size)
    slack = SCREEN_MARGIN // 2
    x = max(area.left(), min(frame.left(), area.right() + 1 - size.width() - slack))
    y = max(area.top(), min(frame.top(), area.bottom() + 1 - size.height() - slack))
    window.move(x, y)
