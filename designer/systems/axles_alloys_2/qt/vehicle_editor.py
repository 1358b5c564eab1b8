"""The vehicle editor: one Axles and Alloys II car (`*.vehicle.json`) in a window of its own (the windows are
kept, opened from files and brought forward by `vehicle_windows.VehicleWindows`).

The window shows the "Vehicle" box (`vehicle_form`: name, driver, weight class, arena or
race, the random variant's adjustments, notes) and the components table (`vehicle_components`)
on the left, with the message line that keeps saying why a typed component label was refused until it is
fixed, and the live summary on the right (`vehicle_summary`: capacity, the arena and
race stat lines, the rules the build breaks — the builder's rules, the same `kartographer vehicle check`
applies). The document is an immutable `VehicleDocument`; every edit is one `SetVehicle` command on the
window's QUndoStack swapping the whole value, so Undo gives back exactly the car before. Save and Save As
write atomically and never onto a file open in another window; closing with unsaved changes asks Save /
Discard / Cancel; an unreadable file is refused with one line. Print… writes the vehicle sheet PDF.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QCloseEvent, QKeySequence, QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QFileDialog,
    QGroupBox,
    QMainWindow,
    QMessageBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from designer.app import prompts
from designer.i18n import _, ngettext
from designer.io.errors import DocumentError
from designer.panes.file_filters import all_files_filter
from designer.panes.markup import literal
from designer.panes.message_line import MessageLine
from designer.rules.schema import Ruleset
from designer.systems.axles_alloys_2.qt.vehicle_files import (
    file_stem,
    one_line,
    open_vehicle_filters,
    same_file_key,
    with_vehicle_suffix,
)
from designer.systems.axles_alloys_2.rule_data import axles_rules
from designer.systems.axles_alloys_2.vehicle import VehicleDocument
from designer.systems.axles_alloys_2.vehicle_io import save_vehicle

if TYPE_CHECKING:
    from designer.systems.axles_alloys_2.qt.vehicle_windows import VehicleWindows

STATUS_MS = 5000


class SetVehicle(QUndoCommand):
    """One edit: the whole vehicle before and after."""

    def __init__(self, editor: VehicleEditor, before: VehicleDocument, after: VehicleDocument, text: str) -> None:
        super().__init__(text)
        self.editor, self.before, self.after = editor, before, after

    def redo(self) -> None:
        self.editor.show_document(self.after)

    def undo(self) -> None:
        self.editor.show_document(self.before)


class VehicleEditor(QMainWindow):
    closed = Signal()

    def __init__(self, document: VehicleDocument, path: Path | None, ruleset: Ruleset,
                 manager: VehicleWindows | None = None) -> None:
        super().__init__()
        rules = axles_rules(ruleset)
        assert rules is not None
        self.document, self.path, self.ruleset, self.rules = document, path, ruleset, rules
        self.manager = manager
        self.undo_stack = QUndoStack(self)
        self._build()
        self._menus()
        self.undo_stack.cleanChanged.connect(self._update_title)
        self.show_document(document)
        self.resize(1040, 660)

    # --- layout ------------------------------------------------------------------------------------
    def _build(self) -> None:
        # Here, not at the top: they bring in the Axles and Alloys II builder, which only an open editor needs.
        from designer.systems.axles_alloys_2.qt.vehicle_components import ComponentsTable
        from designer.systems.axles_alloys_2.qt.vehicle_form import VehicleForm
        from designer.systems.axles_alloys_2.qt.vehicle_summary import VehicleSummary

        central = QWidget()
        outer = QVBoxLayout(central)
        splitter = QSplitter()
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)

        self.form = VehicleForm(self.rules, self.ruleset)
        self.form.field_edited.connect(self._edit_field)
        left_layout.addWidget(self.form)

        parts = QGroupBox(_("Components"))
        parts_layout = QVBoxLayout(parts)
        self.messages = MessageLine()
        self.components = ComponentsTable(self._edit_components, self.messages)
        self.components.set_rules(self.rules, self.ruleset)
        parts_layout.addWidget(self.components)
        parts_layout.addWidget(self.messages)
        left_layout.addWidget(parts, 1)
        splitter.addWidget(left)

        self.summary = VehicleSummary()
        splitter.addWidget(self.summary)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setChildrenCollapsible(False)
        outer.addWidget(splitter)
        self.setCentralWidget(central)
        self.statusBar()

    def _menus(self) -> None:
        key = QKeySequence.StandardKey
        file_menu = self.file_menu = self.menuBar().addMenu(_("&File"))
        self.new_action = file_menu.addAction(_("New &Vehicle"), self._new_vehicle)
        self.open_action = file_menu.addAction(_("&Open Vehicle…"), self._open_vehicle)
        self.open_action.setShortcuts(QKeySequence.keyBindings(key.Open))
        file_menu.addSeparator()
        self.save_action = file_menu.addAction(_("&Save"), lambda: self.save())
        self.save_action.setShortcuts(QKeySequence.keyBindings(key.Save))
        self.save_as_action = file_menu.addAction(_("Save &As…"), lambda: self.save_as())
        self.save_as_action.setShortcuts(QKeySequence.keyBindings(key.SaveAs))
        file_menu.addSeparator()
        self.print_action = file_menu.addAction(_("&Print Vehicle Sheet…"), lambda: self.print_dialog())
        self.print_action.setShortcuts(QKeySequence.keyBindings(key.Print))
        file_menu.addSeparator()
        self.close_action = file_menu.addAction(_("&Close"), self.close)
        self.close_action.setShortcuts(QKeySequence.keyBindings(key.Close))

        edit_menu = self.menuBar().addMenu(_("&Edit"))
        self.undo_action = self.undo_stack.createUndoAction(self, _("&Undo"))
        self.undo_action.setShortcuts(QKeySequence.keyBindings(key.Undo))
        self.redo_action = self.undo_stack.createRedoAction(self, _("&Redo"))
        redo_keys = QKeySequence.keyBindings(key.Redo)
        if QKeySequence("Ctrl+Shift+Z") not in redo_keys:
            redo_keys.append(QKeySequence("Ctrl+Shift+Z"))
        self.redo_action.setShortcuts(redo_keys)
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)

    # --- the document ------------------------------------------------------------------------------
    @property
    def is_modified(self) -> bool:
        return not self.undo_stack.isClean()

    def show_document(self, document: VehicleDocument) -> None:
        """Make `document` the car shown (no undo step: the commands call this)."""
        self.document = document
        self.form.show_vehicle(document)
        self.components.show_vehicle(document)
        self.summary.show_vehicle(document, self.rules, self.ruleset)
        self._update_title()

    def edit(self, text: str, changes: dict) -> str | None:
        """Push the car with `changes` as one undo step; a value the document refuses is said on one line
        in the status bar and the widgets snap back. Returns the refusal, or None."""
        reason = self.apply(text, changes)
        if reason is not None:
            reason = _("not changed: {reason}").format(reason=reason)
            self.statusBar().showMessage(reason, STATUS_MS)
            QTimer.singleShot(0, self, lambda: self.show_document(self.document))
        return reason

    def apply(self, text: str, changes: dict) -> str | None:
        """Push the car with `changes` as one undo step, or return why the document refuses it (one line;
        nothing is pushed and nothing said: the caller says it)."""
        data = self.document.model_dump()
        data.update(changes)
        try:
            after = VehicleDocument.model_validate(data)
        except ValueError as exc:
            return one_line(exc)
        if after != self.document:
            self.undo_stack.push(SetVehicle(self, self.document, after, text))
        return None

    def _edit_field(self, what: str, changes: dict) -> None:
        if "name" in changes and not changes["name"].strip():
            self.statusBar().showMessage(_("not changed: a vehicle needs a name"), STATUS_MS)
            self.form.name_edit.setText(self.document.name)
            return
        self.edit(_("Change {what}").format(what=what), changes)

    def _edit_components(self, components: list, text: str) -> str | None:
        """The components table's edits; it says a refusal on the message line itself."""
        return self.apply(text, {"components": [c.model_dump() for c in components]})

    def display_name(self) -> str:
        return self.path.name if self.path is not None else self.document.name

    def _update_title(self) -> None:
        self.setWindowTitle(_("{name}[*] — Vehicle Editor").format(name=self.display_name()))
        self.setWindowModified(self.is_modified)

    # --- files -------------------------------------------------------------------------------------
    def save(self) -> bool:
        return self.save_as() if self.path is None else self.write(self.path)

    def save_as(self) -> bool:
        folder = self.path.parent if self.path else (self.manager.last_folder() if self.manager else Path.cwd())
        suggestion = self.path or folder / f"{file_stem(None, self.document.name)}.vehicle.json"
        name, _filter = QFileDialog.getSaveFileName(self, _("Save Vehicle As"), str(suggestion),
                                                    open_vehicle_filters())
        if not name:
            return False
        path = Path(name).absolute()
        target = with_vehicle_suffix(path)
        if target != path and target.exists() and not prompts.ask_replace(self, target):
            return False
        return self.write(target)

    def write(self, path: Path) -> bool:
        """Write the car to `path` atomically; on failure say why on one line and stay modified."""
        path = Path(path).absolute()
        if self.manager is not None and self.manager.open_elsewhere(path, self):
            message = _("{path}: this file is open in another window; close it there first").format(path=path)
            QMessageBox.warning(self, _("Cannot Save"), literal(message))
            return False
        try:
            save_vehicle(self.document, path)
        except DocumentError as exc:
            QMessageBox.warning(self, _("Could Not Save"), literal(str(exc)))
            return False
        self.path = path
        self.undo_stack.setClean()
        self._update_title()
        if self.manager is not None:
            self.manager.remember(path)
        self.statusBar().showMessage(_("Saved {name}").format(name=path.name), STATUS_MS)
        return True

    def print_dialog(self) -> Any:
        """File ▸ Print Vehicle Sheet…: the sheet previewed, with its paper, before it is saved."""
        from designer.systems.axles_alloys_2.qt.vehicle_print_dialog import VehicleSheetDialog

        dialog = VehicleSheetDialog(self, self.manager.paper() if self.manager else "a4")
        self.print_preview = dialog  # kept for tests and so it is not collected while shown
        dialog.open()
        return dialog

    def print_sheet(self, data: tuple[bytes, int] | None = None) -> Path | None:
        """Ask where, then write the vehicle sheet PDF (the previewed `data` — bytes and pages — when given, else
        rendered on the preferred paper); the status bar says what was written."""
        from designer.export.paper import LayoutError
        from designer.io.atomic import atomic_write_bytes
        from designer.systems.axles_alloys_2.vehicle_print import render_vehicle_pdf

        stem = file_stem(self.path, self.document.name)
        folder = self.path.parent if self.path else (self.manager.last_folder() if self.manager else Path.cwd())
        name, _filter = QFileDialog.getSaveFileName(self, _("Print Vehicle Sheet"), str(folder / f"{stem}.pdf"),
                                                    f"{_('PDF files (*.pdf)')};;{all_files_filter()}")
        if not name:
            return None
        path = Path(name).absolute()
        if path.suffix.lower() != ".pdf":
            path = path.with_name(path.name + ".pdf")
            if path.exists() and not prompts.ask_replace(self, path):
                return None
        if self.path is not None and same_file_key(path) == same_file_key(self.path):
            QMessageBox.warning(self, _("Could Not Print"), literal(_("{path}: that is the vehicle file itself")
                                                                    .format(path=path)))
            return None
        source = self.path.name if self.path else ""
        try:
            with prompts.busy():
                if data is not None:
                    atomic_write_bytes(path, data[0])
                    pages = data[1]
                else:
                    pages = render_vehicle_pdf(path, [(source, self.document)], self.ruleset,
                                               self.manager.paper() if self.manager else "a4")
        except (DocumentError, LayoutError, OSError) as exc:
            QMessageBox.warning(self, _("Could Not Print"), literal(one_line(exc)))
            return None
        message = ngettext("Wrote {name} — {n} page", "Wrote {name} — {n} pages", pages).format(name=path.name,
                                                                                            n=pages)
        self.statusBar().showMessage(message, STATUS_MS)
        return path

    def _new_vehicle(self) -> None:
        if self.manager is not None:
            self.manager.new_vehicle()

    def _open_vehicle(self) -> None:
        if self.manager is not None:
            self.manager.open_dialog(self)

    # --- closing -----------------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:
        if self.is_modified and not prompts.may_close(prompts.ask_save_changes(self, self.display_name()), self.save):
            event.ignore()
            return
        event.accept()
        self.closed.emit()
