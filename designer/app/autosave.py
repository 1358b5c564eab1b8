"""Autosave of unsaved documents, and the offer to restore them after a crash.

`Autosaver` writes a recovery copy of every modified document on a timer (only when it changed since
its last copy), and deletes the copy when the document is saved, its tab is closed, or the window
closes cleanly. A crash leaves the copies behind; the next start calls `offer_recovery(window)`.

Layout of the recovery folder (`platformdirs.user_data_dir("Kartographer")/recovery`, or
`$KARTOGRAPHER_RECOVERY_DIR`): one sub-folder per running session, each a `RecoveryStore`, next to a
`<session>.lock` held (QLockFile) while that session runs. Only folders whose lock is free — their
process has gone — are offered for recovery, so a second running instance never "recovers" the live
documents of the first. Nothing touches the disk until the first copy is written.
"""

from __future__ import annotations

import os
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

import platformdirs
from PySide6.QtCore import QLockFile, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from designer.app.settings import Settings
from designer.io.errors import DocumentError
from designer.io.recovery import RecoveryEntry, RecoveryStore

RECOVERY_ENV = "KARTOGRAPHER_RECOVERY_DIR"
APP_NAME = "Kartographer"
HEADLESS_PLATFORMS = ("offscreen", "minimal")


def recovery_dir() -> Path:
    override = os.environ.get(RECOVERY_ENV)
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "recovery"


def nobody_to_ask() -> bool:
    """True without a screen (tests, scripts): a modal question would wait forever, so none is asked."""
    return QGuiApplication.platformName() in HEADLESS_PLATFORMS


def _session_lock(root: Path, session: str) -> QLockFile:
    lock = QLockFile(str(root / f"{session}.lock"))
    lock.setStaleLockTime(0)  # stale only when its process is gone, never merely because it is old
    return lock


@dataclass
class _Copy:
    """Change tracking of one document: `revision` counts its edits; `written` is the revision on disk.

    `closing` is set when the user let the document close (saved or discarded): its copy is deleted when
    the editor is destroyed. Without it — the application torn down under open documents — the copy stays.
    """

    key: str
    revision: int = 0
    written: int | None = None
    closing: bool = False


class Autosaver(QObject):
    #: (documents written, one-line errors) after every autosave pass that did something.
    autosaved = Signal(int, list)

    def __init__(self, window, root: str | Path | None = None, interval_seconds: int | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.root = Path(root) if root is not None else recovery_dir()
        self.session = uuid.uuid4().hex
        self.store = RecoveryStore(self.root / self.session)
        self._lock: QLockFile | None = None
        self._copies: dict[str, _Copy] = {}
        self.timer = QTimer(self)
        self.timer.setTimerType(Qt.TimerType.VeryCoarseTimer)
        self.timer.timeout.connect(self.autosave_now)
        if interval_seconds is None:
            interval_seconds = Settings().autosave_interval_seconds()
        self.set_interval_seconds(interval_seconds, remember=False)
        window.editor_changed.connect(lambda editor: editor is not None and self._track(editor))

    # --- configuration -----------------------------------------------------------------------------
    def interval_seconds(self) -> int:
        return self.timer.interval() // 1000 if self.timer.isActive() else 0

    def set_interval_seconds(self, seconds: int, remember: bool = True) -> None:
        """Autosave every `seconds` (0 turns it off); `remember` stores it in the settings too."""
        seconds = max(0, int(seconds))
        if seconds:
            self.timer.start(seconds * 1000)
        else:
            self.timer.stop()
        if remember:
            Settings().set_autosave_interval_seconds(seconds)

    # --- tracking ----------------------------------------------------------------------------------
    def _track(self, editor) -> _Copy:
        copy = self._copies.get(editor.recovery_key)
        if copy is None:
            copy = self._copies[editor.recovery_key] = _Copy(editor.recovery_key)
            document = editor.document

            def bump(*_args, copy=copy) -> None:
                copy.revision += 1
                copy.closing = False

            for signal in (document.elements_inserted, document.elements_removed, document.elements_changed,
                           document.order_changed, document.track_changed, document.properties_changed):
                signal.connect(bump)
            stack = document.undo_stack
            editor.destroyed.connect(lambda *_args, copy=copy, stack=stack: self._on_destroyed(copy, stack))
        return copy

    def approve_close(self, editor) -> None:
        """The user let `editor` close (its changes saved or discarded): its copy goes with it."""
        self._track(editor).closing = True

    def _on_destroyed(self, copy: _Copy, stack) -> None:
        # A modified stack's destructor clears it and so emits cleanChanged, into slots of the Editor that
        # is half destroyed by then (a TypeError from PySide). Nothing needs to hear about it any more.
        stack.blockSignals(True)
        if copy.closing and self._copies.get(copy.key) is copy:
            if copy.written is not None:
                self.store.discard(copy.key)
            del self._copies[copy.key]

    def has_copy(self, editor) -> bool:
        copy = self._copies.get(editor.recovery_key)
        return copy is not None and copy.written is not None

    # --- writing and deleting copies ---------------------------------------------------------------
    def autosave_now(self) -> int:
        """Write a copy of every modified document that changed since its last copy (the timer's slot)."""
        written, errors = 0, []
        for editor in self.window.editors():
            copy = self._track(editor)
            if not editor.is_modified:
                if copy.written is not None:
                    self.discard(editor)  # back at the saved state: the file on disk is the copy
                continue
            if copy.written == copy.revision:
                continue
            try:
                self._ensure_lock()
                self.store.write(editor.recovery_key, editor.document.snapshot(), editor.document.path)
            except DocumentError as exc:
                errors.append(str(exc))
                continue
            copy.written = copy.revision
            written += 1
        if written or errors:
            self.autosaved.emit(written, errors)
        return written

    def discard(self, editor) -> None:
        """Delete the editor's copy (after a save, or when its tab closes)."""
        copy = self._copies.get(editor.recovery_key)
        if copy is not None and copy.written is not None:
            self.store.discard(editor.recovery_key)
            copy.written = None

    def shutdown(self) -> None:
        """The window closed cleanly: delete every copy of this session and release its lock."""
        self.timer.stop()
        for key, copy in self._copies.items():
            if copy.written is not None:
                self.store.discard(key)
        self._copies.clear()
        self._release()

    def adopt(self, editor, entry: RecoveryEntry, source: RecoveryStore) -> None:
        """`editor` shows a restored document: move its copy into this session, where it stays until saved/closed."""
        self._copies.pop(editor.recovery_key, None)
        editor.recovery_key = entry.key
        copy = self._track(editor)
        try:
            self._ensure_lock()
            self.store.write(entry.key, editor.document.snapshot(), editor.document.path)
            copy.written = copy.revision
            source.discard(entry.key)
        except DocumentError:
            pass  # the old copy stays where it is: still recoverable next time

    def _ensure_lock(self) -> None:
        if self._lock is None:
            try:
                self.root.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise DocumentError(self.root, f"cannot create the recovery folder ({exc.strerror or exc})") from None
            lock = _session_lock(self.root, self.session)
            lock.tryLock(0)  # a fresh random name: nobody else holds it
            self._lock = lock

    def _release(self) -> None:
        if self._lock is not None:
            try:
                self.store.folder.rmdir()  # only when empty
            except OSError:
                pass
            self._lock.unlock()
            self._lock = None

    def abandon(self) -> None:
        """Drop this session's lock but keep its copies, as a crash would (for tests)."""
        self.timer.stop()
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None

    # --- after a crash -----------------------------------------------------------------------------
    def orphaned(self) -> list[tuple[RecoveryStore, RecoveryEntry, QLockFile]]:
        """Copies left by sessions that are no longer running, newest first.

        The returned locks are held, so another instance starting now does not offer the same copies.
        """
        found: list[tuple[RecoveryStore, RecoveryEntry, QLockFile]] = []
        if not self.root.is_dir():
            return found
        for folder in sorted(p for p in self.root.iterdir() if p.is_dir()):
            if folder.name == self.session:
                continue
            lock = _session_lock(self.root, folder.name)
            if not lock.tryLock(0):
                continue  # a running instance
            store = RecoveryStore(folder)
            entries = store.pending()
            if not entries:
                _remove_empty(folder)
                lock.unlock()
                continue
            found.extend((store, entry, lock) for entry in entries)
        return sorted(found, key=lambda item: item[1].saved_at, reverse=True)


def _remove_empty(folder: Path) -> None:
    try:
        for leftover in folder.glob("*.meta.json"):  # metadata whose document is gone
            leftover.unlink(missing_ok=True)
        folder.rmdir()
    except OSError:
        pass


# --- the restore prompt ----------------------------------------------------------------------------
@dataclass
class RecoveryChoice:
    restore: list[RecoveryEntry]
    discard: list[RecoveryEntry]


class RecoveryDialog(QDialog):
    """Lists recovered documents (checked = restore); Restore, Discard All, or Decide Later (Esc)."""

    def __init__(self, entries: list[RecoveryEntry], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Recover Unsaved Documents")
        self.entries = entries
        heading = QLabel("<b>Kartographer did not close properly last time.</b><br>"
                         "These documents had unsaved changes and were recovered:", self)
        self.tree = QTreeWidget(self)
        self.tree.setHeaderLabels(["Document", "Original file", "Autosaved"])
        self.tree.setRootIsDecorated(False)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        for entry in entries:
            item = QTreeWidgetItem([entry.name, str(entry.original_path) if entry.original_path else "never saved",
                                    _when(entry.saved_at)])
            item.setToolTip(1, item.text(1))
            item.setCheckState(0, Qt.CheckState.Checked)
            self.tree.addTopLevelItem(item)
        header = self.tree.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        note = QLabel("Restored documents open as unsaved changes. Unchecked ones are deleted; "
                      "“Decide Later” keeps them all for the next start.", self)
        note.setWordWrap(True)
        self.buttons = QDialogButtonBox(self)
        self.restore_button = self.buttons.addButton("&Restore", QDialogButtonBox.ButtonRole.AcceptRole)
        self.discard_button = self.buttons.addButton("&Discard All", QDialogButtonBox.ButtonRole.DestructiveRole)
        self.later_button = self.buttons.addButton("Decide &Later", QDialogButtonBox.ButtonRole.RejectRole)
        self.restore_button.setDefault(True)
        self.restore_button.clicked.connect(self.accept)
        self.later_button.clicked.connect(self.reject)
        self.discard_button.clicked.connect(self._discard_all)
        self.discard_all = False
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(self.tree)
        layout.addWidget(note)
        layout.addWidget(self.buttons)
        self.resize(720, 320)

    def _discard_all(self) -> None:
        self.discard_all = True
        self.accept()

    def choice(self) -> RecoveryChoice:
        if self.discard_all:
            return RecoveryChoice([], list(self.entries))
        checked = [self.tree.topLevelItem(i).checkState(0) == Qt.CheckState.Checked for i in range(len(self.entries))]
        return RecoveryChoice([e for e, c in zip(self.entries, checked) if c],
                              [e for e, c in zip(self.entries, checked) if not c])


def _same_file(a: Path | None, b: Path | None) -> bool:
    if a is None or b is None:
        return False
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return a.absolute() == b.absolute()


def _when(timestamp: float) -> str:
    if not timestamp:
        return "unknown"
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(timestamp))


def ask_recovery(parent: QWidget, entries: list[RecoveryEntry]) -> RecoveryChoice | None:
    """What to do with the recovered documents; None decides later. Tests replace this."""
    if nobody_to_ask():
        return None
    dialog = RecoveryDialog(entries, parent)
    return dialog.choice() if dialog.exec() == QDialog.DialogCode.Accepted else None


def offer_recovery(window) -> list:
    """After a crash: ask about the documents left behind, open the chosen ones as modified tabs.

    Returns the editors opened. A damaged copy is reported on one line and skipped (kept on disk).
    """
    autosaver: Autosaver = window.autosaver
    found = autosaver.orphaned()
    if not found:
        return []
    origin = {id(entry): (store, lock) for store, entry, lock in found}
    try:
        choice = ask_recovery(window, [entry for _store, entry, _lock in found])
        if choice is None:
            return []
        restored, errors = [], []
        for entry in choice.restore:
            store = origin[id(entry)][0]
            try:
                model = store.load(entry)
            except DocumentError as exc:
                errors.append(f"Could not restore {exc}")
                continue
            stale = [e for e in window.editors()
                     if not e.is_modified and _same_file(e.document.path, entry.original_path)]
            editor = window.add_editor(model, entry.original_path, modified=True)
            autosaver.adopt(editor, entry, store)
            restored.append(editor)
            for old in stale:  # the file as it was on disk, opened at start-up: the restored tab replaces it
                window.close_editor(old)
        for entry in choice.discard:
            origin[id(entry)][0].discard(entry.key)
        if errors:
            window.show_error("\n".join(errors), "Recover Unsaved Documents")
        return restored
    finally:
        for store, lock in {id(lock): (store, lock) for store, _entry, lock in found}.values():
            if not store.pending():
                _remove_empty(store.folder)
            lock.unlock()
