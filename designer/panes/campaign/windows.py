"""`CampaignWindows`: keeps every open campaign window alive, opens new and existing campaigns into
windows of their own, brings a window forward when its file is opened again, and passes on every
window's request to open a race's track.

`settings`, when given, is the application's `Settings` (last folder, window size, recent campaigns);
without it (tests, scripts) dialogs start in the working folder and nothing is remembered. The
application hooks in through `window_added` (menus, drag and drop) and `saved` (autosave clean-up).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QObject, QTimer, Signal
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from designer.i18n import _
from designer.io.errors import DocumentError
from designer.io.suffixes import CAMPAIGN_SUFFIX
from designer.panes.file_filters import all_files_filter
from designer.panes.markup import literal

if TYPE_CHECKING:
    from designer.document.campaign import CampaignSession

GEOMETRY_KEY = "campaign/window_geometry"


def ask_new_campaign(parent: QWidget | None):
    """The New Campaign dialog (`dialogs.ask_new_campaign`), whose campaign modes load when it first opens."""
    from designer.panes.campaign.dialogs import ask_new_campaign as ask

    return ask(parent)


def _key(path: str | Path) -> str:
    try:
        return str(Path(path).resolve())
    except OSError:
        return str(Path(path).absolute())


class CampaignWindows(QObject):
    #: Makes the window it opens a campaign into, `(session, windows) → CampaignWindow`; the package
    #: (`designer.panes.campaign`) sets it, as `CampaignWindow` itself imports this module — so this one
    #: never imports the window.
    window_class = None

    open_track_requested = Signal(Path)
    window_added = Signal(object)  # a new CampaignWindow, fully built
    saved = Signal(object)         # a CampaignWindow whose campaign was just written

    def __init__(self, parent: QObject | None = None, settings=None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.windows: list = []
        #: Called (no arguments) before a new window is added, ahead of `window_added`'s slots: the editor links
        #: the game systems' document windows here (`FileActions.link_campaign_windows`).
        self.before_adopt: list[Callable[[], None]] = []

    # --- windows ---------------------------------------------------------------------------------
    def adopt(self, window) -> None:
        """Called by every new CampaignWindow: keep it alive until it closes."""
        if window in self.windows:
            return
        for hook in self.before_adopt:
            hook()
        self.windows.append(window)
        window.open_track_requested.connect(self.open_track_requested)
        window.closed.connect(self._on_closed)
        if self.settings is not None:
            geometry = self.settings.get(GEOMETRY_KEY, QByteArray())
            if isinstance(geometry, QByteArray) and not geometry.isEmpty():
                window.restoreGeometry(geometry)
        self.window_added.emit(window)

    def _on_closed(self) -> None:
        window = self.sender()
        # Later: the window is still inside its own closeEvent.
        QTimer.singleShot(0, self, lambda: self._forget(window))

    def _forget(self, window) -> None:
        if window in self.windows:
            self.windows.remove(window)

    def show_session(self, session: CampaignSession):
        assert self.window_class is not None, "designer.panes.campaign sets the window class"
        window = self.window_class(session, self)
        window.show()
        window.raise_()
        window.activateWindow()
        return window

    def find(self, path: str | Path):
        wanted = _key(path)
        return next((w for w in self.windows if w.session.path is not None and _key(w.session.path) == wanted), None)

    def close_all(self) -> bool:
        """Close every window (each asks about unsaved changes); False when one stayed open."""
        return all(w.close() for w in list(self.windows))

    # --- new and open ----------------------------------------------------------------------------
    def new_campaign(self, parent: QWidget | None = None):
        document = ask_new_campaign(parent)
        if document is None:
            return None
        from designer.document.campaign import CampaignSession  # the campaign code loads with the first campaign

        session = CampaignSession(document)
        session.undo_stack.resetClean()  # never saved: closing it asks
        return self.show_session(session)

    def open_campaign(self, parent: QWidget | None = None) -> list:
        names, _filter = QFileDialog.getOpenFileNames(
            parent, _("Open Campaign"), str(self.last_folder()),
            _("Kartographer campaigns (*{suffix})").format(suffix=CAMPAIGN_SUFFIX) + ";;" + all_files_filter())
        return [w for w in (self.open_path(n, parent) for n in names) if w is not None]

    def open_path(self, path: str | Path, parent: QWidget | None = None):
        """The window showing the campaign at `path` (opened now or already open), or None after
        saying in one line why the file cannot be opened."""
        window = self.find(path)
        if window is None:
            from designer.document.campaign import CampaignSession

            try:
                session = CampaignSession.open(Path(path).absolute())
            except DocumentError as exc:
                QMessageBox.warning(parent, _("Cannot Open Campaign"), literal(" ".join(str(exc).split())))
                return None
            window = self.show_session(session)
        else:
            window.show()
            window.raise_()
            window.activateWindow()
        self.remember(Path(path).absolute())
        return window

    # --- settings --------------------------------------------------------------------------------
    def remember(self, path: Path) -> None:
        """A campaign file was opened or saved: its folder is the last one, it heads the recent campaigns."""
        self.set_last_folder(path.parent)
        if self.settings is not None:
            self.settings.add_recent_file(path, kind="campaign")

    def saved_to(self, window, path: Path) -> None:
        self.remember(path)
        self.saved.emit(window)

    def last_folder(self) -> Path:
        return self.settings.last_folder() if self.settings is not None else Path.cwd()

    def set_last_folder(self, folder: Path) -> None:
        if self.settings is not None:
            self.settings.set_last_folder(folder)

    def remember_geometry(self, window) -> None:
        if self.settings is not None:
            self.settings.set(GEOMETRY_KEY, window.saveGeometry())
