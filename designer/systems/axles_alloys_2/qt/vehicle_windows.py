"""`VehicleWindows`: every open vehicle editor, kept alive; it opens car files into editors (an unreadable
one refused on one line), starts new cars, and brings a window forward when its file is opened again. Also
`link_careers`, which lets a campaign's careers page open a driver's car here.

Apart from the editor (`vehicle_editor`) because the main window makes one of these at
start-up: the editor, the vehicle model and its file code load when the first car is opened or started.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from designer.i18n import _
from designer.panes.markup import literal

if TYPE_CHECKING:
    from designer.rules.schema import Ruleset
    from designer.systems.axles_alloys_2.qt.vehicle_editor import VehicleEditor
    from designer.systems.axles_alloys_2.vehicle import VehicleDocument

DEFAULT_RULESET = "axles-alloys-2"


class VehicleWindows(QObject):
    """Every open vehicle editor. `settings` (the application's, optional) gives the last folder and the
    paper; `open_elsewhere_hook(path)` (set by the main window) says whether a track tab or campaign
    window has that file open."""

    window_added = Signal(object)

    def __init__(self, parent: QObject | None = None, settings=None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.windows: list[VehicleEditor] = []
        self.open_elsewhere_hook = None

    def last_folder(self) -> Path:
        return self.settings.last_folder() if self.settings is not None else Path.cwd()

    def paper(self) -> str:
        return self.settings.preferences().paper if self.settings is not None else "a4"

    def remember(self, path: Path) -> None:
        """A vehicle file opened or saved: its folder for the next dialog, and Open Recent."""
        if self.settings is not None:
            self.settings.set_last_folder(path.parent)
            self.settings.add_recent_file(path, "vehicle")

    def find(self, path: str | Path) -> VehicleEditor | None:
        from designer.systems.axles_alloys_2.qt.vehicle_files import same_file_key

        wanted = same_file_key(path)
        return next((w for w in self.windows if w.path is not None and same_file_key(w.path) == wanted), None)

    def open_elsewhere(self, path: Path, editor: VehicleEditor) -> bool:
        other = self.find(path)
        if other is not None and other is not editor:
            return True
        return bool(self.open_elsewhere_hook and self.open_elsewhere_hook(path))

    def show_editor(self, document: VehicleDocument, path: Path | None, ruleset: Ruleset) -> VehicleEditor:
        from designer.systems.axles_alloys_2.qt.vehicle_editor import VehicleEditor

        editor = VehicleEditor(document, path, ruleset, self)
        self.windows.append(editor)
        editor.closed.connect(lambda: QTimer.singleShot(0, self, lambda: self._forget(editor)))
        editor.show()
        editor.raise_()
        self.window_added.emit(editor)
        return editor

    def _forget(self, editor: VehicleEditor) -> None:
        if editor in self.windows:
            self.windows.remove(editor)

    def new_vehicle(self, ruleset_id: str = DEFAULT_RULESET) -> VehicleEditor:
        from designer.rules import load_ruleset
        from designer.systems.axles_alloys_2.qt.vehicle_files import new_vehicle_document
        from designer.systems.axles_alloys_2.rule_data import axles_rules

        ruleset = load_ruleset(ruleset_id)
        rules = axles_rules(ruleset)
        assert rules is not None
        editor = self.show_editor(new_vehicle_document(rules), None, ruleset)
        editor.undo_stack.resetClean()  # never saved: closing it asks
        editor._update_title()
        return editor

    def open_path(self, path: str | Path, parent: QWidget | None = None) -> VehicleEditor | None:
        """The editor for `path` (brought forward when already open); None, with a one-line message box,
        when the file cannot be read."""
        from designer.io.errors import DocumentError
        from designer.systems.axles_alloys_2.vehicle_io import load_vehicle, vehicle_rules

        path = Path(path).absolute()
        editor = self.find(path)
        if editor is None:
            try:
                document = load_vehicle(path)
                ruleset, _rules = vehicle_rules(document, path)
            except DocumentError as exc:
                QMessageBox.warning(parent, _("Cannot Open Vehicle"), literal(str(exc)))
                return None
            editor = self.show_editor(document, path, ruleset)
            self.remember(path)
        editor.show()
        editor.raise_()
        editor.activateWindow()
        return editor

    def open_paths(self, paths) -> list[VehicleEditor]:
        return [e for e in (self.open_path(p) for p in paths) if e is not None]

    def open_dialog(self, parent: QWidget | None = None) -> list[VehicleEditor]:
        from designer.systems.axles_alloys_2.qt.vehicle_files import open_vehicle_filters

        names, _filter = QFileDialog.getOpenFileNames(parent, _("Open Vehicle"), str(self.last_folder()),
                                                      open_vehicle_filters())
        return [e for e in (self.open_path(n, parent) for n in names) if e is not None]

    def close_all(self) -> bool:
        """Close every editor (each asks about unsaved changes); False when one stayed open."""
        return all(w.close() for w in list(self.windows))


def link_careers(vehicles: VehicleWindows, campaign_windows) -> None:
    """From now on, a careers page's "Open in Vehicle Editor" (in any campaign window) opens here."""
    def on_window(campaign_window) -> None:
        page = getattr(campaign_window, "page", None)
        if hasattr(page, "open_vehicle_requested"):
            page.open_vehicle_requested.connect(lambda path: vehicles.open_path(path, campaign_window))

    campaign_windows.window_added.connect(on_window)
