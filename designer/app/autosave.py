"""Autosave of unsaved documents, and the offer to restore them after a crash.

`Autosaver` writes a recovery copy of every modified document on a timer (only when it changed since
its last copy): the tracks in the window's tabs and the campaigns in their own windows
(`window.campaign_windows`). It deletes a copy when the document is saved, its tab or campaign window is
closed, or the main window closes cleanly. A crash leaves the copies behind; the next start calls
`offer_recovery(window)`, which reopens tracks as tabs and campaigns in campaign windows, modified.

Layout of the recovery folder (`platformdirs.user_data_dir("Kartographer")/recovery`, or
`$KARTOGRAPHER_RECOVERY_DIR`): one sub-folder per running session, each a `RecoveryStore`, next to a
`<session>.lock` held (QLockFile) while that session runs. Only folders whose lock is free — their
process has gone — are offered for recovery, so a second running instance never "recovers" the live
documents of the first. Nothing touches the disk until the first copy is written.
"""

from __future__ import annotations

import contextlib
import logging
import os
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs
from PySide6.QtCore import QLockFile, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog, QWidget

from designer.app.settings import Settings
from designer.i18n import _
from designer.io.errors import DocumentError
from designer.io.recovery import CAMPAIGN, RecoveryEntry, RecoveryStore

if TYPE_CHECKING:
    from designer.app.recovery_dialog import RecoveryChoice

RECOVERY_ENV = "KARTOGRAPHER_RECOVERY_DIR"
APP_NAME = "Kartographer"
HEADLESS_PLATFORMS = ("offscreen", "minimal")

log = logging.getLogger(__name__)


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


def _is_campaign(owner) -> bool:
    """Owners of documents are editor tabs (`Editor`) and campaign windows (`CampaignWindow`)."""
    return hasattr(owner, "session")


def _is_modified(owner) -> bool:
    return owner.is_modified() if _is_campaign(owner) else owner.is_modified


def _content(owner):
    """(document, original file) of what `owner` shows."""
    if _is_campaign(owner):
        return owner.session.document, owner.session.path
    return owner.document.snapshot(), owner.document.path


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
    def _owners(self) -> list:
        campaigns = getattr(self.window, "campaign_windows", None)
        return [*self.window.editors(), *(campaigns.windows if campaigns is not None else [])]

    def _track(self, owner) -> _Copy:
        copy = self._copies.get(owner.recovery_key)
        if copy is None:
            copy = self._copies[owner.recovery_key] = _Copy(owner.recovery_key)
            if _is_campaign(owner):
                owner.session.changed.connect(lambda copy=copy: self._bump(copy))
                # Emitted only when the user let the window close (saved, discarded or unmodified).
                owner.closed.connect(lambda copy=copy: self._forget(copy))
            else:
                self._watch_editor(owner, copy)
        return copy

    @staticmethod
    def _bump(copy: _Copy) -> None:
        copy.revision += 1
        copy.closing = False

    def _watch_editor(self, editor, copy: _Copy) -> None:
        document = editor.document
        for signal in (document.elements_inserted, document.elements_removed, document.elements_changed,
                       document.order_changed, document.track_changed, document.properties_changed):
            signal.connect(lambda *_args, copy=copy: self._bump(copy))
        stack = document.undo_stack
        editor.destroyed.connect(lambda *_args, copy=copy, stack=stack: self._on_destroyed(copy, stack))

    def approve_close(self, editor) -> None:
        """The user let `editor` close (its changes saved or discarded): its copy goes with it."""
        self._track(editor).closing = True

    def _on_destroyed(self, copy: _Copy, stack) -> None:
        # A modified stack's destructor clears it and so emits cleanChanged, into slots of the Editor that
        # is half destroyed by then (a TypeError from PySide). Nothing needs to hear about it any more.
        stack.blockSignals(True)
        if copy.closing:
            self._forget(copy)

    def _forget(self, copy: _Copy) -> None:
        if self._copies.get(copy.key) is copy:
            if copy.written is not None:
                self.store.discard(copy.key)
            del self._copies[copy.key]

    def has_copy(self, owner) -> bool:
        copy = self._copies.get(owner.recovery_key)
        return copy is not None and copy.written is not None

    # --- writing and deleting copies ---------------------------------------------------------------
    def autosave_now(self) -> int:
        """Write a copy of every modified document that changed since its last copy (the timer's slot)."""
        written, errors = 0, []
        for owner in self._owners():
            copy = self._track(owner)
            if not _is_modified(owner):
                if copy.written is not None:
                    self.discard(owner)  # back at the saved state: the file on disk is the copy
                continue
            if copy.written == copy.revision:
                continue
            try:
                self._ensure_lock()
                self.store.write(owner.recovery_key, *_content(owner))
            except DocumentError as exc:
                errors.append(str(exc))
                continue
            copy.written = copy.revision
            written += 1
        if written or errors:
            self.autosaved.emit(written, errors)
        return written

    def discard(self, owner) -> None:
        """Delete the copy of an editor's or campaign window's document (after a save, or as it closes)."""
        copy = self._copies.get(owner.recovery_key)
        if copy is not None and copy.written is not None:
            self.store.discard(owner.recovery_key)
            copy.written = None

    def shutdown(self) -> None:
        """The window closed cleanly: delete every copy of this session and release its lock."""
        self.timer.stop()
        for key, copy in self._copies.items():
            if copy.written is not None:
                self.store.discard(key)
        self._copies.clear()
        self._release()

    def adopt(self, owner, entry: RecoveryEntry, source: RecoveryStore) -> None:
        """`owner` (an editor or a campaign window) shows a restored document: move its copy into this
        session, where it stays until saved or closed."""
        self._copies.pop(owner.recovery_key, None)
        owner.recovery_key = entry.key
        copy = self._track(owner)
        try:
            self._ensure_lock()
            self.store.write(entry.key, *_content(owner))
            copy.written = copy.revision
            source.discard(entry.key)
        except DocumentError:
            pass  # the old copy stays where it is: still recoverable next time

    def _ensure_lock(self) -> None:
        if self._lock is None:
            try:
                self.root.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                reason = _("cannot create the recovery folder ({reason})").format(reason=exc.strerror or exc)
                raise DocumentError(self.root, reason) from None
            lock = _session_lock(self.root, self.session)
            lock.tryLock(0)  # a fresh random name: nobody else holds it
            self._lock = lock

    def _release(self) -> None:
        if self._lock is not None:
            with contextlib.suppress(OSError):
                self.store.folder.rmdir()  # only when empty
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
        try:
            folders = sorted(p for p in self.root.iterdir() if p.is_dir())
        except FileNotFoundError:
            return found
        except OSError as exc:  # the start goes on without recovery; the copies stay for a readable next time
            log.warning("recovery folder %s cannot be read (%s)", self.root, exc.strerror or exc)
            return found
        for folder in folders:
            if folder.name == self.session:
                continue
            lock = _session_lock(self.root, folder.name)
            if not lock.tryLock(0):
                continue  # a running instance
            store = RecoveryStore(folder)
            entries = store.pending()
            for problem in store.problems:
                log.warning("%s", problem)
            if not entries:
                if not store.problems:
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
def _same_file(a: Path | None, b: Path | None) -> bool:
    if a is None or b is None:
        return False
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return a.absolute() == b.absolute()


def ask_recovery(parent: QWidget, entries: list[RecoveryEntry]) -> RecoveryChoice | None:
    """What to do with the recovered documents; None decides later. Tests replace this."""
    if nobody_to_ask():
        return None
    from designer.app.recovery_dialog import RecoveryDialog  # loads only when there is something to offer

    dialog = RecoveryDialog(entries, parent)
    return dialog.choice() if dialog.exec() == QDialog.DialogCode.Accepted else None


def offer_recovery(window) -> list:
    """After a crash: ask about the documents left behind; open the chosen tracks as modified tabs and
    the chosen campaigns as modified campaign windows.

    Returns the editors and campaign windows opened. A damaged copy is reported on one line and skipped
    (kept on disk).
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
            try:
                restored.append(_restore(window, origin[id(entry)][0], entry))
            except DocumentError as exc:
                errors.append(_("Could not restore {error}").format(error=exc))
        for entry in choice.discard:
            origin[id(entry)][0].discard(entry.key)
        if errors:
            window.show_error("\n".join(errors), _("Recover Unsaved Documents"))
        return restored
    finally:
        for store, lock in {id(lock): (store, lock) for store, _entry, lock in found}.values():
            if not store.pending():
                _remove_empty(store.folder)
            lock.unlock()


def _restore(window, store: RecoveryStore, entry: RecoveryEntry):
    """Open one recovered document, modified; the file as it is on disk, if open and unmodified, makes way."""
    document = store.load(entry)
    if entry.kind == CAMPAIGN:
        from designer.document.campaign import CampaignSession  # the campaign code: only for a campaign

        # The original path, not the copy's: relative race tracks resolve against the campaign's folder,
        # and Save writes the original file.
        session = CampaignSession(document, entry.original_path)
        session.undo_stack.resetClean()
        windows = window.campaign_windows
        for old in [w for w in windows.windows
                    if not w.is_modified() and _same_file(w.session.path, entry.original_path)]:
            old.close()
        opened = windows.show_session(session)
        window.autosaver.adopt(opened, entry, store)
        return opened
    stale = [e for e in window.editors() if not e.is_modified and _same_file(e.document.path, entry.original_path)]
    editor = window.add_editor(document, entry.original_path, modified=True)
    window.autosaver.adopt(editor, entry, store)
    for old in stale:  # the file as it was on disk, opened at start-up: the restored tab replaces it
        window.close_editor(old)
    return editor


def __getattr__(name: str) -> object:
    """`RecoveryChoice` and `RecoveryDialog`, still importable from here: their module loads when first asked
    (a start-up with nothing to recover never shows the dialog)."""
    if name in ("RecoveryChoice", "RecoveryDialog"):
        from designer.app import recovery_dialog

        return getattr(recovery_dialog, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
