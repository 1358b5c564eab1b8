"""The File menu: new, open, recent files (tracks and campaigns, see `recent_menu`), new and open of each document
type a game system adds (`document_windows`: Axles' cars, each in a vehicle editor window; they load every
system, so they come once the window is painted or when first needed), save, save as, close, export as image,
quit — and the "save changes?" question asked before a modified document closes.

`install(window)` puts a `FileActions` on the window (`window.file_actions`), together with the shared
`Settings` (`window.settings`) and the `Autosaver` (`window.autosaver`), and makes `save_prompt` the
window's `confirm_close`. Every failure — an unreadable file, a read-only folder, a full disk — is shown
on one line and changes nothing: a document that could not be saved stays open and modified.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QFileDialog

from designer.app.autosave import Autosaver
from designer.app.prompts import ask_replace, ask_save_changes, busy, may_close
from designer.app.recent_menu import RecentMenu
from designer.app.settings import PNG_PX_PER_MM, Settings
from designer.i18n import _
from designer.io.errors import DocumentError
from designer.io.track_io import TRACK_SUFFIX, load_track, save_track
from designer.panes.file_filters import open_track_filters, track_filter

STATUS_MS = 5000


def with_track_suffix(path: str | Path) -> Path:
    """`path` ending in `.track.json`: "oval" → "oval.track.json", "oval.json" → "oval.track.json"."""
    path = Path(path)
    name = path.name
    if name.lower().endswith(TRACK_SUFFIX):
        return path
    for partial in (".track", ".json"):
        if name.lower().endswith(partial):
            name = name[: -len(partial)]
            break
    return path.with_name(name + TRACK_SUFFIX)


def with_suffix(path: str | Path, suffix: str) -> Path:
    path = Path(path)
    return path if path.suffix.lower() == suffix else path.with_name(path.name + suffix)


def file_stem(editor) -> str:
    """A base name for files made from a document: its file's name, or its name turned into a slug."""
    path = editor.document.path
    if path is not None:
        return path.name[: -len(TRACK_SUFFIX)] if path.name.lower().endswith(TRACK_SUFFIX) else path.stem
    slug = re.sub(r"[^\w]+", "-", editor.document.name.lower(), flags=re.UNICODE).strip("-")
    return slug or "untitled"


class DocumentWindowsTable(Mapping):
    """`window.document_windows`: {kind: the windows of a game system's document type (Axles' cars)}, loaded on
    first use (`FileActions.load_document_types`)."""

    def __init__(self, actions: FileActions) -> None:
        self.actions = actions
        self.loaded: dict = {}

    def __getitem__(self, kind: str):
        self.actions.load_document_types()
        return self.loaded[kind]

    def __iter__(self) -> Iterator[str]:
        self.actions.load_document_types()
        return iter(self.loaded)

    def __len__(self) -> int:
        self.actions.load_document_types()
        return len(self.loaded)


class FileActions(QObject):
    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.settings: Settings = window.settings
        self.autosaver: Autosaver = window.autosaver
        #: The game systems' document types, their windows and File menu actions: loaded on first need or once
        #: the window is painted (`load_document_types`), as every registered system comes with them.
        self._document_types: dict | None = None
        self._document_actions: dict = {}
        self._linked_campaigns = False
        window.document_windows = DocumentWindowsTable(self)
        window.deferred.append(self.load_document_types)
        #: Set by the real start-up (`restore_window_state`): only that window writes its layout back.
        self.persist_window_state = False
        self._create_actions()
        window.confirm_close = self.save_prompt
        window.close_hooks.append(self._on_window_closed)
        self.autosaver.autosaved.connect(self._report_autosave)

    def _create_actions(self) -> None:
        w, key, menu = self.window, QKeySequence.StandardKey, "File"
        self.new_action = w.action(_("&New…"), self.new_document, key.New,
                                   _("Start a new track from a blank table or a starter track"), menu)
        self.generate_action = w.action(_("&Generate Track…"), self.generate_document, None,
                                        _("Make a new track from a seed with a game system's generator"), menu)
        self.open_action = w.action(_("&Open…"), self.open_files, key.Open, _("Open track files"), menu)
        self.race_day_action = w.action(_("Race &Day…"), lambda: self.open_race_day(), None,
                                        _("Run a race file (*.race.json) at the table"), menu)
        self.race_windows: list = []
        self.recent_menu = RecentMenu(self.settings, self.open_recent, w)
        w.menus[menu].addMenu(self.recent_menu)
        w.menus[menu].aboutToShow.connect(self.load_document_types)  # a menu opened before the load sees them
        w.menus[menu].addSeparator()
        # Lambdas: `triggered(bool)` must not arrive as the `editor` argument.
        self.save_action = w.action(_("&Save"), lambda: self.save(), key.Save, _("Save the track"), menu)
        self.save_as_action = w.action(_("Save &As…"), lambda: self.save_as(), key.SaveAs,
                                       _("Save the track under a new name"), menu)
        w.menus[menu].addSeparator()
        self.export_png_action = w.action(_("Export as &PNG…"), self.export_png, None,
                                          _("Save a picture of the table as a PNG image"), menu)
        self.export_svg_action = w.action(_("Export as S&VG…"), self.export_svg, None,
                                          _("Save the table as an SVG drawing at true size"), menu)
        w.menus[menu].addSeparator()
        self.close_action = w.action(_("&Close Tab"), self.close_current, key.Close, _("Close the current track"),
                                     menu)
        w.menus[menu].addSeparator()
        self.quit_action = w.action(_("&Quit"), w.close, key.Quit, _("Quit Kartographer"), menu)
        self.quit_action.setMenuRole(self.quit_action.MenuRole.QuitRole)

    # --- the game systems' document types ---------------------------------------------------------
    @property
    def document_types(self) -> dict:
        """{kind: DocumentType} of each document type a game system adds (loads them: `load_document_types`)."""
        self.load_document_types()
        assert self._document_types is not None
        return self._document_types

    @property
    def document_actions(self) -> dict:
        """{kind: (New action, Open action)} of each document type a game system adds."""
        self.load_document_types()
        return self._document_actions

    def load_document_types(self) -> None:
        """Give each document type a game system adds its windows and its New and Open actions (before Race
        Day…). That loads every registered system, which the first paint does not need: the start-up calls
        this once the window is painted (`window.deferred`), anything that needs them sooner loads them then."""
        if self._document_types is not None:
            return
        from designer.app.document_windows import document_types

        self._document_types = types = {t.kind: t for t in document_types()}
        w, menu = self.window, self.window.menus["File"]
        for kind, document_type in types.items():
            windows = w.document_windows.loaded[kind] = document_type.windows(w, self.settings)
            windows.open_elsewhere_hook = self._open_in_this_window
            w.close_guards.append(windows.close_all)
            self._document_actions[kind] = actions = (
                w.action(_(document_type.new_text), lambda checked=False, t=document_type, d=windows: t.new(d), None,
                         _(document_type.new_tip)),
                w.action(_(document_type.open_text), lambda checked=False, d=windows: d.open_dialog(self.window), None,
                         _(document_type.open_tip)))
            for action in actions:
                menu.insertAction(self.race_day_action, action)

    def link_campaign_windows(self, campaign_windows) -> None:
        """Link `campaign_windows` to the document types that ask (a careers page's car opens in the vehicle
        editor); called before the first campaign window is added, so that window is linked too."""
        if self._linked_campaigns:
            return
        self._linked_campaigns = True
        for kind, document_type in self.document_types.items():
            if document_type.link_campaigns is not None:
                document_type.link_campaigns(self.window.document_windows[kind], campaign_windows)

    # --- new and open ------------------------------------------------------------------------------
    def new_document(self):
        from designer.app import new_dialog  # the dialogs of this menu load when first opened

        document = new_dialog.ask_new_document(self.window)
        if isinstance(document, str):  # Generate… was pressed, with this game system chosen
            from designer.app import generate_dialog

            document = generate_dialog.ask_generated_document(self.window, document)
        return None if document is None else self.window.add_editor(document)

    def generate_document(self):
        from designer.app import generate_dialog

        document = generate_dialog.ask_generated_document(self.window)
        return None if document is None else self.window.add_editor(document)

    def open_files(self) -> list:
        names, _filter = QFileDialog.getOpenFileNames(self.window, _("Open Track"), str(self.settings.last_folder()),
                                                      open_track_filters())
        return self.open_paths(names) if names else []

    def open_race_day(self, path: str | Path | None = None):
        """A Race Day window on a race file (asked for when not given); an unreadable one refused on one line."""
        if path is None:
            path, _filter = QFileDialog.getOpenFileName(self.window, _("Race Day"), str(self.settings.last_folder()),
                                                        _("Race files (*.race.json)"))
            if not path:
                return None
        from PySide6.QtWidgets import QMessageBox

        from designer.io.display import printable
        from designer.panes.race_day import RaceDayWindow  # the race code loads when a race is first opened

        try:
            race_window = RaceDayWindow(path)
        except DocumentError as exc:
            QMessageBox.warning(self.window, _("Race Day"), printable(str(exc)))
            return None
        self.race_windows = [w for w in self.race_windows if w.isVisible()] + [race_window]
        race_window.show()
        return race_window

    def find_editor(self, path: str | Path):
        """The open editor showing the file at `path`, if any."""
        wanted = _same_file_key(path)
        for editor in self.window.editors():
            if editor.document.path is not None and _same_file_key(editor.document.path) == wanted:
                return editor
        return None

    def _open_in_this_window(self, path: Path) -> bool:
        """Whether a track tab or a campaign window has `path` open (a vehicle is never saved over it)."""
        if self.find_editor(path) is not None:
            return True
        campaigns = getattr(self.window, "campaign_windows", None)
        sessions = [w.session.path for w in campaigns.windows] if campaigns is not None else []
        return any(p is not None and _same_file_key(p) == _same_file_key(path) for p in sessions)

    def open_paths(self, paths: Iterable[str | Path]) -> list:
        """Open each file in a tab (or switch to its tab when it is already open); report failures together."""
        opened, errors = [], []
        for name in paths:
            path = _absolute(name)
            editor = self.find_editor(path)
            if editor is None:
                try:
                    model = load_track(path)
                except DocumentError as exc:
                    errors.append(str(exc))
                    continue
                editor = self.window.add_editor(model, path)
            else:
                self.window.tabs.setCurrentWidget(editor)
                path = editor.document.path
            opened.append(editor)
            self.settings.add_recent_file(path)
            self.settings.set_last_folder(path.parent)
        self.rebuild_recent_menu()
        if errors:
            self.window.show_error("\n".join(errors), _("Cannot Open Track"))
        return opened

    def open_recent(self, path: Path, kind: str = "track") -> None:
        """An Open Recent entry (its file exists): a track opens in a tab, a campaign in its window, a system's
        document (a car) in its own windows."""
        campaigns = getattr(self.window, "campaign_actions", None)
        if kind == "campaign" and campaigns is not None:
            campaigns.open_paths([path])
        elif kind in self.window.document_windows:
            self.window.document_windows[kind].open_path(path, self.window)
        else:
            self.open_paths([path])

    def rebuild_recent_menu(self) -> None:
        self.recent_menu.rebuild()

    def recent_actions(self) -> list:
        return self.recent_menu.recent_actions()

    # --- save --------------------------------------------------------------------------------------
    def save(self, editor=None) -> bool:
        """Save to the document's file (asking for one if it has none); True when it was written."""
        editor = editor if editor is not None else self.window.current_editor()
        if editor is None:
            return False
        if editor.document.path is None:
            return self.save_as(editor)
        return self.write(editor, editor.document.path)

    def save_as(self, editor=None) -> bool:
        editor = editor if editor is not None else self.window.current_editor()
        if editor is None:
            return False
        suggestion = editor.document.path or self.settings.last_folder() / f"{file_stem(editor)}{TRACK_SUFFIX}"
        name, _filter = QFileDialog.getSaveFileName(self.window, _("Save Track As"), str(suggestion), track_filter())
        if not name:
            return False
        path = _absolute(with_track_suffix(name))
        if path != _absolute(name) and path.exists() and not ask_replace(self.window, path):
            return False  # the dialog asked about the name typed, not the one with the suffix added
        other = self.find_editor(path)
        if other is not None and other is not editor:
            message = _("{path}: this file is open in another tab; close that tab first").format(path=path)
            self.window.show_error(message, _("Cannot Save"))
            return False
        return self.write(editor, path)

    def write(self, editor, path: str | Path) -> bool:
        """Write the document to `path`; on failure say why and leave it open and modified."""
        path = _absolute(path)
        try:
            save_track(editor.document.snapshot(), path)
        except DocumentError as exc:
            self.window.show_error(str(exc), _("Could Not Save"))
            return False
        if editor.document.path != path:
            editor.document.set_path(path)
        editor.document.undo_stack.setClean()
        self.autosaver.discard(editor)
        self.settings.add_recent_file(path)
        self.settings.set_last_folder(path.parent)
        self.rebuild_recent_menu()
        self.window.statusBar().showMessage(_("Saved {name}").format(name=path.name), STATUS_MS)
        return True

    # --- close -------------------------------------------------------------------------------------
    def save_prompt(self, editor) -> bool:
        """The window's `confirm_close`: may `editor` close? Asks Save/Discard/Cancel when it is modified."""
        if editor.is_modified:
            self.window.tabs.setCurrentWidget(editor)
            name = editor.document.path.name if editor.document.path else editor.document.name
            if not may_close(ask_save_changes(self.window, name), lambda: self.save(editor)):
                return False
        self.autosaver.approve_close(editor)
        return True

    def close_current(self) -> bool:
        return self.window.close_editor(self.window.current_editor())

    def _on_window_closed(self) -> None:
        self.autosaver.shutdown()
        if self.persist_window_state:
            self.settings.save_window(self.window)

    def _report_autosave(self, written: int, errors: list) -> None:
        if errors:
            self.window.statusBar().showMessage(_("Autosave failed: {error}").format(error=errors[0]), 3 * STATUS_MS)

    # --- export ------------------------------------------------------------------------------------
    def _export_path(self, title: str, suffix: str, file_filter: str) -> Path | None:
        editor = self.window.current_editor()
        folder = editor.document.path.parent if editor.document.path else self.settings.last_folder()
        suggestion = folder / f"{file_stem(editor)}{suffix}"
        name, _filter = QFileDialog.getSaveFileName(self.window, title, str(suggestion), file_filter)
        if not name:
            return None
        path = _absolute(with_suffix(name, suffix))
        if path != _absolute(name) and path.exists() and not ask_replace(self.window, path):
            return None
        return path

    def export_png(self) -> Path | None:
        from designer.app import image_export

        editor = self.window.current_editor()
        if editor is None:
            return None
        default = self.settings.get(PNG_PX_PER_MM, image_export.DEFAULT_PX_PER_MM)
        px_per_mm = image_export.choose_png_resolution(self.window, image_export.export_rect(editor.scene), default)
        if px_per_mm is None:
            return None
        self.settings.set(PNG_PX_PER_MM, px_per_mm)
        path = self._export_path(_("Export as PNG"), ".png", _(image_export.PNG_FILTER))
        if path is None:
            return None
        try:
            with busy():
                size = image_export.export_png(editor.scene, path, px_per_mm)
        except DocumentError as exc:
            self.window.show_error(str(exc), _("Could Not Export"))
            return None
        self.settings.set_last_folder(path.parent)
        message = _("Exported {name} ({width} × {height} px)").format(name=path.name, width=size.width(),
                                                                        height=size.height())
        self.window.statusBar().showMessage(message, STATUS_MS)
        return path

    def export_svg(self) -> Path | None:
        from designer.app import image_export

        editor = self.window.current_editor()
        if editor is None:
            return None
        path = self._export_path(_("Export as SVG"), ".svg", _(image_export.SVG_FILTER))
        if path is None:
            return None
        try:
            with busy():
                image_export.export_svg(editor.scene, path, editor.document.name)
        except DocumentError as exc:
            self.window.show_error(str(exc), _("Could Not Export"))
            return None
        self.settings.set_last_folder(path.parent)
        self.window.statusBar().showMessage(_("Exported {name}").format(name=path.name), STATUS_MS)
        return path


def _absolute(path: str | Path) -> Path:
    """An absolute path with `.` and `..` taken out (symlinks kept: the user chose that name)."""
    return Path(os.path.abspath(path))


def _same_file_key(path: str | Path) -> str:
    """Paths naming the same file compare equal (symlinks and `..` resolved where possible)."""
    try:
        return str(Path(path).resolve())
    except OSError:
        return str(Path(path).absolute())


def restore_window_state(window) -> bool:
    """At start-up: the window's size and dock layout from the settings; from now on saved when it closes."""
    actions = getattr(window, "file_actions", None)
    if actions is None:
        return False
    actions.persist_window_state = True
    return actions.settings.restore_window(window)


def install(window) -> None:
    """Add the File menu, the save prompt, settings and autosave to `window`."""
    window.settings = Settings()
    window.autosaver = Autosaver(window)
    window.file_actions = FileActions(window)
