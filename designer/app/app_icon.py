"""The application's identity on the desktop: its icon (resources/icons/kartographer.svg) and the name of its
launcher (`kartographer.desktop`, installed by `kartographer install-desktop`), so Wayland compositors and
task bars match the running windows to the launcher and show the same icon.

Every window without an icon of its own takes the QApplication's, so setting it there covers the editor,
campaign and vehicle windows and the dialogs.
"""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication, QIcon

from designer.paths import ICONS_DIR

ICON_PATH = ICONS_DIR / "kartographer.svg"
DESKTOP_FILE_NAME = "kartographer"


def app_icon() -> QIcon:
    return QIcon(str(ICON_PATH))


def apply_identity(app: QGuiApplication) -> None:
    """Give `app` (and so its windows) the Kartographer icon and the launcher's name."""
    app.setWindowIcon(app_icon())
    app.setDesktopFileName(DESKTOP_FILE_NAME)
