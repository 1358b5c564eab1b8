"""The Qt half of Fake Rally (`System.qt_module = "fake_rally.qt"`), everything an outside plug-in can put in the
main window and the campaign window:

- `ITEM_CLASSES`: the beacon's canvas art (and an attempt to redraw a shared kind, which the canvas ignores),
- `ACTIONS`: Track ▸ Beacon Tool (a canvas tool: a click lights a bright beacon there) and Track ▸ Brighten
  Beacons (every dim beacon made bright, one undo step) — offered only where the palette has beacons,
- `REPORT_SECTIONS`: its box in the Track Report,
- `DOCUMENT_TYPES`: pace notes (`*.notes.json`) in an editor window of their own (File ▸ New Pace Notes, Open),
- `CAMPAIGN_PAGES`: the league's own page in the campaign window, beside its race tabs.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath
from PySide6.QtWidgets import (
    QFileDialog,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from designer.app.document_windows import DocumentType
from designer.app.kind_actions import KindActions, arm
from designer.canvas import style
from designer.canvas.items.base import ElementItem
from designer.canvas.tools.base import Tool, ToolEvent
from designer.document.operations import add_elements, change_elements
from designer.i18n import N_
from designer.model.edit import unique_id
from designer.panes.campaign.system_pages import ModePages
from designer.systems.api import ActionSet, MenuAction, offers
from fake_rally import BRIGHT_MM, FAKE_KIND, FAKE_MODE, FakeBeacon, beacons
from fake_rally.notes import NOTES_KIND, NOTES_SUFFIX, NotesError, PaceNotes, load_notes, save_notes, with_notes_suffix

GLOW = QColor(255, 220, 0)


# --- the canvas -------------------------------------------------------------------------------------------
class BeaconItem(ElementItem):
    """A beacon: a yellow disc as wide as its footprint."""

    kind = FAKE_KIND
    simple_colour = GLOW

    def body_path(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(self._rect())
        return path

    def draw(self, painter: QPainter) -> None:
        painter.setPen(style.pen(style.INK, style.stroke(painter, 0.8)))
        painter.setBrush(GLOW)
        painter.drawPath(self.body())


class NotACoinItem(BeaconItem):
    kind = "coin"


ITEM_CLASSES = {FAKE_KIND: BeaconItem, "coin": NotACoinItem}


class BeaconTool(Tool):
    """A click lights a bright beacon at the pointer (one undo step each); Esc or a right click puts it down."""

    name = "beacon"
    draws = FAKE_KIND
    cursor = Qt.CursorShape.CrossCursor

    @property
    def hint(self) -> str:
        return "Click to light a beacon"

    def mouse_press(self, event: ToolEvent) -> bool:
        if self.quit_on_right_click(event) or not event.left:
            return True
        document = self.manager.document
        x, y = event.point
        beacon = FakeBeacon(id=unique_id("beacon", (e.id for e in document.elements)), x_mm=x, y_mm=y,
                            glow_mm=BRIGHT_MM)
        add_elements(document, [beacon], "Light Beacon")
        return True


# --- Track menu -------------------------------------------------------------------------------------------
class RallyActions(KindActions):
    KIND = FAKE_KIND

    def beacon_tool(self) -> BeaconTool | None:
        editor = self._editor()
        return arm(editor, BeaconTool) if editor is not None else None

    def brighten(self) -> int:
        """Every dim beacon of the current document glows `BRIGHT_MM`, as one undo step; how many changed."""
        editor = self._editor()
        if editor is None:
            return 0
        dim = [b for b in beacons(editor.document) if b.glow_mm < BRIGHT_MM]
        if dim:
            change_elements(editor.document, [b.model_copy(update={"glow_mm": BRIGHT_MM}) for b in dim],
                            "Brighten Beacons")
        self._status(f"{len(dim)} beacons brightened")
        return len(dim)


ACTIONS: ActionSet[RallyActions] = ActionSet(RallyActions, (
    MenuAction("fake_rally.beacon_tool", N_("Beacon &Tool"), RallyActions.beacon_tool, offers(FAKE_KIND),
               tip="Click on the table to light a bright beacon", separator=True),
    MenuAction("fake_rally.brighten", N_("&Brighten Beacons"), RallyActions.brighten, offers(FAKE_KIND),
               tip="Make every dim beacon glow brightly (one undo step)"),
))


# --- Track Report -----------------------------------------------------------------------------------------
def _beacon_box(dialog, part, _ruleset):
    from PySide6.QtWidgets import QFormLayout, QGroupBox

    box = QGroupBox("Beacons", dialog)
    dialog.row(QFormLayout(box), "beacons", "Beacons:", f"{part['beacons']} ({part['dim']} dim)")
    return box


def _report_sections():
    from designer.app.report_dialog import ReportSection

    return {"beacons": ReportSection(_beacon_box, lambda part: None)}


REPORT_SECTIONS = _report_sections()


# --- pace notes: a document type of its own ---------------------------------------------------------------
NOTES_FILTER = f"Pace notes (*{NOTES_SUFFIX})"


class NotesEditor(QMainWindow):
    """One pace-notes document: the stage's name and its calls, one per line; File ▸ Save / Save As / Close."""

    def __init__(self, notes: PaceNotes, path: Path | None, windows: NotesWindows) -> None:
        super().__init__()
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.windows, self.path, self.saved = windows, path, notes
        self.stage = QLineEdit(notes.stage)
        self.calls = QPlainTextEdit("\n".join(notes.calls))
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.addWidget(QLabel("Stage:"))
        layout.addWidget(self.stage)
        layout.addWidget(QLabel("Calls, one per line:"))
        layout.addWidget(self.calls)
        self.setCentralWidget(body)
        menu = self.menuBar().addMenu("&File")
        menu.addAction("&Save", self.save)
        menu.addAction("Save &As…", self.save_as)
        menu.addAction("&Close", self.close)
        self.setWindowTitle(f"{path.name if path else 'Untitled'} — Pace Notes")

    def notes(self) -> PaceNotes:
        calls = [line.strip() for line in self.calls.toPlainText().splitlines() if line.strip()]
        return PaceNotes(stage=self.stage.text().strip() or "New stage", calls=calls)

    def modified(self) -> bool:
        return self.notes() != self.saved

    def save(self) -> bool:
        return self.write(self.path) if self.path is not None else self.save_as()

    def save_as(self) -> bool:
        name, _filter = QFileDialog.getSaveFileName(self, "Save Pace Notes", str(self.windows.folder), NOTES_FILTER)
        return bool(name) and self.write(with_notes_suffix(name))

    def write(self, path: Path) -> bool:
        notes = self.notes()
        try:
            save_notes(notes, path)
        except OSError as exc:
            QMessageBox.warning(self, "Pace Notes", f"Cannot save {path}: {exc.strerror or exc}")
            return False
        self.path, self.saved = Path(path), notes
        self.setWindowTitle(f"{self.path.name} — Pace Notes")
        return True

    def closeEvent(self, event) -> None:
        from designer.app.prompts import ask_save_changes, may_close

        if self.modified() and not may_close(ask_save_changes(self, self.path.name if self.path else "Untitled"),
                                             self.save):
            event.ignore()
            return
        self.windows.editors = [e for e in self.windows.editors if e is not self]
        event.accept()


class NotesWindows(QObject):
    """The main window's pace-notes editors (`DocumentWindows`)."""

    def __init__(self, window, settings=None) -> None:
        super().__init__(window)
        self.window = window
        self.editors: list[NotesEditor] = []
        self.folder = Path.home()
        self.open_elsewhere_hook = None

    def _show(self, notes: PaceNotes, path: Path | None) -> NotesEditor:
        editor = NotesEditor(notes, path, self)
        self.editors.append(editor)
        editor.show()
        return editor

    def new_notes(self) -> NotesEditor:
        return self._show(PaceNotes(), None)

    def open_path(self, path, parent=None) -> NotesEditor | None:
        path = Path(path)
        same = next((e for e in self.editors if e.path is not None and e.path.resolve() == path.resolve()), None)
        if same is not None:
            same.raise_()
            return same
        try:
            notes = load_notes(path)
        except NotesError as exc:
            self.window.statusBar().showMessage(str(exc), 8000)
            return None
        self.folder = path.parent
        return self._show(notes, path)

    def open_paths(self, paths) -> list[NotesEditor]:
        return [e for e in (self.open_path(p) for p in paths) if e is not None]

    def open_dialog(self, parent=None) -> list[NotesEditor]:
        names, _filter = QFileDialog.getOpenFileNames(parent, "Open Pace Notes", str(self.folder), NOTES_FILTER)
        return self.open_paths(names)

    def close_all(self) -> bool:
        return all(editor.close() for editor in list(self.editors))


DOCUMENT_TYPES = (
    DocumentType(NOTES_KIND, NOTES_SUFFIX, NotesWindows, lambda windows: windows.new_notes(),
                 "New &Pace Notes", "Write a Fake Rally stage's pace notes", "Open Pace &Notes…",
                 "Open pace-notes files in their editor", files="pace notes"),
)


# --- the campaign window ----------------------------------------------------------------------------------
class LeaguePage(QWidget):
    """The league's own page: who races in it, kept up to date as the roster changes."""

    def __init__(self, session) -> None:
        super().__init__()
        self.session = session
        self.label = QLabel()
        self.label.setObjectName("leagueRollCall")
        QVBoxLayout(self).addWidget(self.label)
        session.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        players = [p.name for p in self.session.document.players]
        self.label.setText(f"League roll call: {', '.join(players) or 'nobody yet'}")


CAMPAIGN_PAGES = {FAKE_MODE: ModePages(page=LeaguePage, page_title="League")}
