"""Drag and drop of files: tracks and campaigns dropped from a file manager open as if chosen in Open.

`FileDrop` is an event filter on a main window or a campaign window (and on the canvas viewports, which
take drags themselves). Only drags of files are ours: anything else is left to the widgets. Dropped
`*.track.json` files open as editor tabs, `*.campaign.json` files in campaign windows — whichever window
they were dropped on — and a game system's own documents (`DOCUMENT_TYPES`: Axles' `*.vehicle.json` cars) in
their editors. Other files are refused as the drag
enters, with one line in the status bar saying why; a drop mixing both opens what it can and names what it
left.

`install(window)` sets it up for the main window, its editor tabs and every campaign window opened later
(their careers pages are linked to the vehicle editors by `FileActions.link_campaign_windows`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QMimeData, QObject, Qt, QTimer
from PySide6.QtWidgets import QMainWindow, QWidget

from designer.app.document_windows import document_types, open_documents, type_of
from designer.i18n import N_, _, ngettext
from designer.io.suffixes import CAMPAIGN_SUFFIX, TRACK_SUFFIX

STATUS_MS = 8000
#: Why a file was refused; translated where shown, with the `{tracks}` and `{campaigns}` patterns filled in, and
#: the game systems' own document types (`{documents}`: "cars (*.vehicle.json)", …) when there are any.
WHAT_OPENS = N_("only tracks ({tracks}) and campaigns ({campaigns}) can be dropped here")
WHAT_OPENS_MORE = N_("only tracks ({tracks}), campaigns ({campaigns}) and {documents} can be dropped here")
DRAG_EVENTS = (QEvent.Type.DragEnter, QEvent.Type.DragMove, QEvent.Type.Drop)
#: (tracks, campaigns) → None: open them.
Opener = Callable[[list[Path], list[Path]], object]


def sort_dropped(mime: QMimeData) -> tuple[list[Path], list[Path], list[str]]:
    """(track files, campaign files, names of everything else) among the dragged URLs; a game system's
    documents (cars) count as tracks here (`document_windows.open_documents` takes them out)."""
    tracks: list[Path] = []
    campaigns: list[Path] = []
    refused: list[str] = []
    for url in mime.urls():
        if not url.isLocalFile():
            refused.append(url.toDisplayString())
            continue
        path = Path(url.toLocalFile())
        name = path.name.lower()
        if name.endswith(CAMPAIGN_SUFFIX):
            campaigns.append(path)
        elif name.endswith(TRACK_SUFFIX) or type_of(path) is not None:
            tracks.append(path)
        else:
            refused.append(path.name or str(path))
    return tracks, campaigns, refused


def refusal(names: list[str]) -> str:
    """One line saying what was not opened, and why."""
    documents = ", ".join(f"{_(t.files) if t.files else t.kind} (*{t.suffix})" for t in document_types())
    why = _(WHAT_OPENS_MORE if documents else WHAT_OPENS).format(
        tracks=f"*{TRACK_SUFFIX}", campaigns=f"*{CAMPAIGN_SUFFIX}", documents=documents)
    shown = ", ".join(names[:3])
    if len(names) <= 3:  # a plural message: the verb agrees with the names in some languages
        return ngettext("Cannot open {names}: {reason}", "Cannot open {names}: {reason}",
                        len(names)).format(names=shown, reason=why)
    more = len(names) - 3
    return ngettext("Cannot open {names} and {n} more: {reason}", "Cannot open {names} and {n} more: {reason}",
                    more).format(names=shown, n=more, reason=why)


class FileDrop(QObject):
    def __init__(self, target: QMainWindow, open_files: Opener) -> None:
        super().__init__(target)
        self.target = target
        self.open_files = open_files
        target.setAcceptDrops(True)
        target.installEventFilter(self)

    def watch(self, widget: QWidget) -> None:
        """Take file drops on `widget` too: a child that accepts drags itself and would swallow them."""
        widget.installEventFilter(self)  # installing twice keeps one filter

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() not in DRAG_EVENTS:
            return False
        mime = event.mimeData()
        if not mime.hasUrls():
            return False  # not files: a drag inside the app (a gate row, the canvas) is none of ours
        tracks, campaigns, refused = sort_dropped(mime)
        if not tracks and not campaigns:
            event.ignore()
            if event.type() == QEvent.Type.DragEnter:
                self._say(refusal(refused))
            return True
        # Copy, never Move: a file manager would delete the file it thinks we moved.
        if event.possibleActions() & Qt.DropAction.CopyAction:
            event.setDropAction(Qt.DropAction.CopyAction)
            event.accept()
        else:
            event.acceptProposedAction()
        if event.type() == QEvent.Type.Drop:
            # Once the drop has returned: a message box about an unreadable file, shown inside the drop,
            # would hold the file manager's drag until it is answered.
            QTimer.singleShot(0, self, lambda: self.open_files(tracks, campaigns))
            if refused:
                self._say(refusal(refused))
        return True

    def _say(self, message: str) -> None:
        self.target.statusBar().showMessage(message, STATUS_MS)


def install(window) -> FileDrop:
    """Drops onto the main window, its canvases and (from now on) every campaign window."""
    def open_here(tracks: list[Path], campaigns: list[Path]) -> None:
        tracks = open_documents(window, tracks)  # a game system's own documents (cars) open in their windows
        if tracks:
            window.file_actions.open_paths(tracks)
        if campaigns:
            window.campaign_actions.open_paths(campaigns)

    def open_from(campaign_window) -> Opener:
        def open_files(tracks: list[Path], campaigns: list[Path]) -> None:
            for path in campaigns:
                window.campaign_windows.open_path(path, campaign_window)
            tracks = open_documents(window, tracks, window)
            for path in tracks:  # tabs live in the main window, which comes forward
                window.campaign_actions.open_track(path)
        return open_files

    def on_campaign_window(campaign_window) -> None:
        campaign_window.file_drop = FileDrop(campaign_window, open_from(campaign_window))

    def on_editor(editor) -> None:
        if editor is not None:
            drop.watch(editor.view.viewport())

    drop = window.file_drop = FileDrop(window, open_here)
    window.editor_changed.connect(on_editor)
    on_editor(window.current_editor())
    window.campaign_windows.window_added.connect(on_campaign_window)
    return drop
