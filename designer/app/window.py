"""`MainWindow`: the editor window — a `TrackView` in the middle, File and View menus, a status bar.

The window shows one document. It loads the document's ruleset for element sizes; a missing or broken
ruleset is reported in the status bar and the track is still drawn with neutral sizes.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPointF, QTimer
from PySide6.QtGui import QAction, QKeySequence, QShowEvent
from PySide6.QtWidgets import QFileDialog, QLabel, QMainWindow, QMessageBox, QWidget

from designer.canvas.scene import TrackScene
from designer.canvas.view import TrackView
from designer.io.errors import DocumentError
from designer.io.track_io import TRACK_SUFFIX, load_track
from designer.model import MM_PER_UNIT, Table, TrackDocument
from designer.paths import TEMPLATES_DIR

APP_NAME = "Kartographer"
TRACK_FILTER = f"Kartographer tracks (*{TRACK_SUFFIX})"
# Decimals shown for cursor positions, per display unit.
UNIT_DECIMALS = {"mm": 0, "cm": 1, "in": 1}


def untitled_document() -> TrackDocument:
    """A new, empty document: a 6′×4′ table for the Mario Kart Gaslands rules."""
    return TrackDocument(
        name="Untitled",
        ruleset="mk-gaslands",
        table=Table(width_mm=6 * 12 * MM_PER_UNIT["in"], height_mm=4 * 12 * MM_PER_UNIT["in"]),
        display_units="in",
    )


def format_length(mm: float, units: str) -> str:
    value = mm / MM_PER_UNIT[units]
    return f"{value:.{UNIT_DECIMALS[units]}f} {units}"


class MainWindow(QMainWindow):
    def __init__(self, document: TrackDocument | None = None, path: str | Path | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.scene = TrackScene(self)
        self.view = TrackView(self.scene, self)
        self.setCentralWidget(self.view)
        self._path: Path | None = None
        self._needs_fit = True
        self._create_actions()
        self._create_menus()
        self._create_status_bar()
        self.view.cursor_moved.connect(self._show_cursor)
        self.view.zoom_changed.connect(self._show_zoom)
        self.resize(1280, 820)
        self.set_document(document if document is not None else untitled_document(), path)

    # --- document ------------------------------------------------------------------------------
    @property
    def document(self) -> TrackDocument:
        document = self.scene.document
        assert document is not None
        return document

    @property
    def path(self) -> Path | None:
        return self._path

    def set_document(self, document: TrackDocument, path: str | Path | None = None) -> None:
        self._path = Path(path) if path is not None else None
        self.scene.set_document(document, self._load_ruleset(document.ruleset))
        self.setWindowTitle(f"{document.name} — {APP_NAME}")
        count = len(document.elements)
        self._count_label.setText(f"{count} element{'' if count == 1 else 's'}")
        self._cursor_label.setText("")
        if self.isVisible():
            self.view.fit_table()
        else:
            self._needs_fit = True

    def _load_ruleset(self, ruleset_id: str):
        # Imported here so a broken rules package costs element sizes, not the whole window.
        try:
            from designer.rules import load_ruleset

            return load_ruleset(ruleset_id)
        except Exception as exc:  # noqa: BLE001 - any failure only degrades drawing
            message = " ".join(str(exc).split()) or type(exc).__name__
            self.statusBar().showMessage(f"Ruleset '{ruleset_id}' unavailable, using neutral sizes: {message}")
            return None

    def open_file(self, path: str | Path) -> bool:
        """Load `path` into this window; on failure show the one-line reason and keep the current document."""
        try:
            document = load_track(path)
        except DocumentError as exc:
            self.show_error(str(exc))
            return False
        self.set_document(document, path)
        return True

    def open_dialog(self) -> None:
        start = str(self._path.parent if self._path is not None else TEMPLATES_DIR)
        path, _ = QFileDialog.getOpenFileName(self, "Open Track", start, TRACK_FILTER)
        if path:
            self.open_file(path)

    def show_error(self, message: str, title: str = "Cannot open track") -> None:
        QMessageBox.warning(self, title, message)

    # --- actions, menus, status bar --------------------------------------------------------------
    def _action(self, text: str, slot, shortcuts: list[QKeySequence] | QKeySequence.StandardKey | str,
                tip: str = "") -> QAction:
        action = QAction(text, self)
        if isinstance(shortcuts, list):
            action.setShortcuts(shortcuts)
        else:
            action.setShortcut(QKeySequence(shortcuts))
        if tip:
            action.setStatusTip(tip)
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _create_actions(self) -> None:
        key = QKeySequence.StandardKey
        quit_keys = QKeySequence.keyBindings(key.Quit) or [QKeySequence("Ctrl+Q")]
        # Ctrl+= as well, since Ctrl++ needs Shift on most layouts.
        zoom_in_keys = [*QKeySequence.keyBindings(key.ZoomIn), QKeySequence("Ctrl+=")]
        self.open_action = self._action("&Open…", self.open_dialog, key.Open, "Open a track file")
        self.quit_action = self._action("&Quit", self.close, quit_keys, "Close Kartographer")
        self.zoom_in_action = self._action("Zoom &In", self.view.zoom_in, zoom_in_keys)
        self.zoom_out_action = self._action("Zoom &Out", self.view.zoom_out, key.ZoomOut)
        self.fit_table_action = self._action("&Fit Table", self.view.fit_table, "Ctrl+0",
                                             "Show the whole table")
        self.actual_size_action = self._action("&Actual Size", self.view.actual_size, "Ctrl+1",
                                               "Show the table at 1:1, as it will be printed")

    def _create_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        file_menu.addAction(self.open_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        view_menu = self.menuBar().addMenu("&View")
        for action in (self.zoom_in_action, self.zoom_out_action):
            view_menu.addAction(action)
        view_menu.addSeparator()
        view_menu.addAction(self.fit_table_action)
        view_menu.addAction(self.actual_size_action)

    def _create_status_bar(self) -> None:
        bar = self.statusBar()
        self._cursor_label = QLabel()
        self._cursor_label.setMinimumWidth(self.fontMetrics().horizontalAdvance("x 0000.0 mm  y 0000.0 mm") + 8)
        self._zoom_label = QLabel()
        self._zoom_label.setMinimumWidth(self.fontMetrics().horizontalAdvance("0000 %") + 8)
        self._count_label = QLabel()
        for label in (self._cursor_label, self._zoom_label, self._count_label):
            bar.addPermanentWidget(label)
        self._show_zoom(self.view.zoom_percent())

    def _show_cursor(self, point: QPointF) -> None:
        units = self.scene.display_units()
        self._cursor_label.setText(f"x {format_length(point.x(), units)}  y {format_length(point.y(), units)}")

    def _show_zoom(self, percent: float) -> None:
        self._zoom_label.setText(f"{percent:.0f} %" if percent >= 10 else f"{percent:.1f} %")

    # --- window events ---------------------------------------------------------------------------
    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._needs_fit:
            self._needs_fit = False
            # After the first layout pass, when the view has its real size.
            QTimer.singleShot(0, self.view, self.view.fit_table)
