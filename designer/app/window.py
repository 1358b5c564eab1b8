"""`MainWindow`: tabs of open documents around one shared set of menus, docks and status bar.

Each tab is an `Editor`. Actions act on the current tab; undo and redo go through a `QUndoGroup`, so they
follow the tab. Feature modules plug themselves in with `install(window)`: file handling
(`file_actions`), editing and tools (`edit_actions`), the docks and dialogs (`panes_setup`), the toolbar
(`toolbar`), Help ▸ About
(`about`), and Edit ▸ Preferences… (`preferences`, last, as it adjusts what the others built).
An `install` builds only what the first window shows: the modules behind a dialog or a window of its own
(printing, the vehicle editor, campaigns, the track report, New…, image export) are imported when it first
opens, so start-up does not pay for them (tests/gui/test_startup_imports.py keeps it so).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPointF, QSize, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QShowEvent, QUndoGroup
from PySide6.QtWidgets import QLabel, QMainWindow, QMenu, QMessageBox, QTabWidget, QWidget

from designer.app.editor import Editor
from designer.app.untitled import format_readout, untitled_document
from designer.i18n import N_, SOURCE_LANGUAGE, _, current_language, format_number, ngettext
from designer.model import TrackDocument
from designer.model.kind_names import kind_name
from designer.panes.markup import literal
from designer.panes.screen_fit import size_to_screen

APP_NAME = "Kartographer"
#: Shown translated; `window.menus` keys them by their English names ("File", "Edit" …) whatever the language.
MENU_TITLES = (N_("&File"), N_("&Edit"), N_("&View"), N_("&Track"), N_("&Window"), N_("&Help"))

#: The editor's first size where the screen has room for it (a laptop's gets its free area).
PREFERRED_SIZE = QSize(1400, 900)


class MainWindow(QMainWindow):
    editor_changed = Signal(object)  # the current Editor, or None

    def __init__(self, document: TrackDocument | None = None, path: str | Path | None = None,
                 parent: QWidget | None = None, install_features: bool = True) -> None:
        super().__init__(parent)
        self.undo_group = QUndoGroup(self)
        self.tabs = QTabWidget(self)
        self.tabs.setDocumentMode(True)
        self.tabs.setTabsClosable(True)
        self.tabs.setMovable(True)
        self.tabs.currentChanged.connect(self._on_current_changed)
        self.tabs.tabCloseRequested.connect(lambda index: self.close_editor(self.tabs.widget(index)))
        self.setCentralWidget(self.tabs)
        self.setDockNestingEnabled(True)
        self.menus: dict[str, QMenu] = {title.replace("&", ""): self.menuBar().addMenu(_(title))
                                        for title in MENU_TITLES}
        self._needs_fit: list[Editor] = []
        self._create_view_actions()
        self._create_status_bar()
        size_to_screen(self, PREFERRED_SIZE)
        #: Asked before a tab closes; file handling replaces it with the save prompt.
        self.confirm_close = lambda editor: True
        #: Asked (no arguments) after the tabs agreed to close; one returning False keeps the window open.
        self.close_guards: list = []
        #: Called (no arguments) once the whole window has agreed to close: autosave clean-up, saving settings.
        self.close_hooks: list = []
        #: Work the first paint does not need (the other game systems' menu actions and document types): the
        #: start-up runs it, in order, once the window is painted (`app.main.first_painted`); each piece also
        #: runs by itself when something needs it sooner.
        self.deferred: list = []
        if install_features:
            from designer.app import (
                about,
                authoring_setup,
                campaign_actions,
                checks_setup,
                context_menu,
                drop_files,
                edit_actions,
                file_actions,
                help_menu,
                layout_reset,
                overlay_actions,
                panes_setup,
                preferences,
                print_action,
                toolbar,
                track_actions,
            )

            file_actions.install(self)
            campaign_actions.install(self)
            drop_files.install(self)
            print_action.install(self)
            edit_actions.install(self)
            panes_setup.install(self)
            checks_setup.install(self)
            track_actions.install(self)
            authoring_setup.install(self)
            overlay_actions.install(self)
            toolbar.install(self)  # after every tool's action, from the shared menus and the systems'
            context_menu.install(self)
            help_menu.install(self)  # Manual, Keyboard Shortcuts, then About
            about.install(self)
            preferences.install(self)
            layout_reset.install(self)  # last: it keeps the layout as every dock was added
        self.add_editor(document if document is not None else untitled_document(), path)

    # --- tabs ------------------------------------------------------------------------------------
    def current_editor(self) -> Editor | None:
        widget = self.tabs.currentWidget()
        return widget if isinstance(widget, Editor) else None

    @property
    def scene(self):
        """The current tab's scene (shortcut for tests and feature modules)."""
        return self.current_editor().scene

    @property
    def view(self):
        return self.current_editor().view

    @property
    def document(self):
        return self.current_editor().document

    def editors(self) -> list[Editor]:
        return [self.tabs.widget(i) for i in range(self.tabs.count())]

    def add_editor(self, model: TrackDocument, path: str | Path | None = None, modified: bool = False) -> Editor:
        editor = Editor(model, path, self.tabs)
        if modified:
            editor.document.undo_stack.resetClean()  # e.g. restored after a crash: not saved yet
        self.undo_group.addStack(editor.document.undo_stack)
        editor.view.cursor_moved.connect(self._show_cursor)
        editor.view.zoom_changed.connect(self._show_zoom)
        editor.selection_changed.connect(lambda _ids, e=editor: self._show_selection(e))
        editor.title_changed.connect(lambda e=editor: self._update_titles(e))
        editor.document.elements_inserted.connect(lambda _p, e=editor: self._show_selection(e))
        editor.document.elements_removed.connect(lambda _p, e=editor: self._show_selection(e))
        index = self.tabs.addTab(editor, editor.file_label())
        self.tabs.setCurrentIndex(index)
        if self.isVisible():
            QTimer.singleShot(0, editor.view, editor.view.fit_table)
        else:
            self._needs_fit.append(editor)
        self._update_titles(editor)
        return editor

    def close_editor(self, editor: Editor | None) -> bool:
        """Close one tab (asking about unsaved changes); the window keeps at least an empty document."""
        if editor is None or not self.confirm_close(editor):
            return False
        self.undo_group.removeStack(editor.document.undo_stack)
        self.tabs.removeTab(self.tabs.indexOf(editor))
        editor.deleteLater()
        if self.tabs.count() == 0:
            self.add_editor(untitled_document())
        return True

    def _on_current_changed(self, _index: int) -> None:
        editor = self.current_editor()
        self.undo_group.setActiveStack(editor.document.undo_stack if editor else None)
        if editor is not None:
            self._update_titles(editor)
            self._show_zoom(editor.view.zoom_percent())
            self._show_selection(editor)
        self.editor_changed.emit(editor)

    def _update_titles(self, editor: Editor) -> None:
        index = self.tabs.indexOf(editor)
        if index >= 0:
            self.tabs.setTabText(index, editor.file_label() + (" *" if editor.is_modified else ""))
            self.tabs.setTabToolTip(index, literal(str(editor.document.path or editor.document.name)))
        if editor is self.current_editor():
            # "[*]" is where Qt shows the unsaved-changes marker.
            self.setWindowTitle(_("{name} — Kartographer").format(name=f"{editor.file_label()}[*]"))
            self.setWindowModified(editor.is_modified)

    def show_error(self, message: str, title: str = "Kartographer") -> None:
        QMessageBox.warning(self, title, literal(message))

    # --- view actions and status bar -------------------------------------------------------------
    def action(self, text: str, slot, shortcuts=None, tip: str = "", menu: str | None = None,
               checkable: bool = False) -> QAction:
        """Create an action on this window (shortcuts work everywhere in it) and add it to `menu`."""
        action = QAction(text, self)
        if isinstance(shortcuts, list):
            action.setShortcuts(shortcuts)
        elif isinstance(shortcuts, QKeySequence.StandardKey):
            action.setShortcuts(QKeySequence.keyBindings(shortcuts))
        elif shortcuts:
            action.setShortcut(QKeySequence(shortcuts))
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.setCheckable(checkable)
        action.triggered.connect(slot)
        self.addAction(action)
        if menu:
            self.menus[menu].addAction(action)
        return action

    def _on_view(self, method: str):
        def run() -> None:
            editor = self.current_editor()
            if editor is not None:
                getattr(editor.view, method)()
        return run

    def _create_view_actions(self) -> None:
        key = QKeySequence.StandardKey
        # Ctrl+= as well, since Ctrl++ needs Shift on most layouts.
        zoom_in_keys = [*QKeySequence.keyBindings(key.ZoomIn), QKeySequence("Ctrl+=")]
        self.zoom_in_action = self.action(_("Zoom &In"), self._on_view("zoom_in"), zoom_in_keys, menu="View")
        self.zoom_out_action = self.action(_("Zoom &Out"), self._on_view("zoom_out"), key.ZoomOut, menu="View")
        self.menus["View"].addSeparator()
        self.fit_table_action = self.action(_("&Fit Table"), self._on_view("fit_table"), "Ctrl+0",
                                            _("Show the whole table"), menu="View")
        self.actual_size_action = self.action(_("&Actual Size"), self._on_view("actual_size"), "Ctrl+1",
                                              _("Show the table at 1:1, as it will be printed"), menu="View")
        self.menus["View"].addSeparator()

    def _create_status_bar(self) -> None:
        bar = self.statusBar()
        self._selection_label = QLabel()
        self._cursor_label = QLabel()
        self._cursor_label.setMinimumWidth(self.fontMetrics().horizontalAdvance("x 0000.00 in  y 0000.00 in") + 8)
        self._zoom_label = QLabel()
        self._zoom_label.setMinimumWidth(self.fontMetrics().horizontalAdvance("0000 %") + 8)
        for label in (self._selection_label, self._cursor_label, self._zoom_label):
            bar.addPermanentWidget(label)

    def _show_cursor(self, point: QPointF) -> None:
        editor = self.current_editor()
        units = editor.scene.display_units() if editor else "mm"
        self._cursor_label.setText(f"x {format_readout(point.x(), units)}  y {format_readout(point.y(), units)}")

    def _show_zoom(self, percent: float) -> None:
        self._zoom_label.setText(f"{percent:.0f} %" if percent >= 10 else f"{format_number(percent, 1)} %")

    def _show_selection(self, editor: Editor) -> None:
        if editor is not self.current_editor():
            return
        ids = editor.selected_ids()
        total = len(editor.document)
        if not ids:
            text = ngettext("{n} element", "{n} elements", total).format(n=total)
        elif len(ids) == 1:
            element = editor.document.element(ids[0])
            # English names the kind by its code, as it always has; other languages by its translated name.
            kind = element.kind.replace("_", " ") if current_language() == SOURCE_LANGUAGE else kind_name(element.kind)
            text = _("Selected: {kind} '{id}'").format(kind=kind, id=element.id)
        else:
            text = _("{n} of {total} elements selected").format(n=len(ids), total=total)
        self._selection_label.setText(text)

    def selection_text(self) -> str:
        return self._selection_label.text()

    # --- window events ---------------------------------------------------------------------------
    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        pending, self._needs_fit = self._needs_fit, []
        for editor in pending:
            # After the first layout pass, when the view has its real size.
            QTimer.singleShot(0, editor.view, editor.view.fit_table)

    def closeEvent(self, event: QCloseEvent) -> None:
        for editor in self.editors():
            self.tabs.setCurrentWidget(editor)
            if not self.confirm_close(editor):
                event.ignore()
                return
        if not all(guard() for guard in self.close_guards):
            event.ignore()
            return
        for hook in self.close_hooks:
            hook()
        event.accept()
