"""Open Recent: the same submenu in the main window's File menu and in every campaign window's.

It lists the recent track files, then (after a separator) the recent campaign files, then the vehicle files,
most recent first, numbered for the keyboard, from the lists kept in `Settings`; then Clear Recent. Choosing an
entry calls `open_file(path, kind)` ("track", "campaign" or "vehicle"); an entry whose file has gone is dropped from
its list with a one-line message. The menu is rebuilt every time it is about to show, so all the
windows' menus stay in step without telling each other.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QMessageBox, QWidget

from designer.app.settings import Settings
from designer.i18n import N_, _
from designer.panes.markup import literal

KINDS = ("track", "campaign", "vehicle")
TITLES = {"track": N_("Cannot Open Track"), "campaign": N_("Cannot Open Campaign"),
          "vehicle": N_("Cannot Open Vehicle")}


def numbered(number: int, label: str) -> str:
    """`label` with its number as the keyboard mnemonic (1–9, then 1&0; later ones have none)."""
    label = label.replace("&", "&&")
    if number < 10:
        return f"&{number} {label}"
    return f"1&0 {label}" if number == 10 else f"{number} {label}"


class RecentMenu(QMenu):
    def __init__(self, settings: Settings, open_file: Callable[[Path, str], object], parent: QWidget) -> None:
        super().__init__(_("Open &Recent"), parent)
        self.settings = settings
        self.open_file = open_file
        self.aboutToShow.connect(self.rebuild)
        self.rebuild()

    def rebuild(self) -> None:
        self.clear()
        lists = {kind: self.settings.recent_files(kind) for kind in KINDS}
        entries = [(path, kind) for kind in KINDS for path in lists[kind]]
        names = [path.name for path, _kind in entries]
        for number, (path, kind) in enumerate(entries, start=1):
            if number > 1 and kind != entries[number - 2][1]:
                self.addSeparator()
            label = path.name if names.count(path.name) == 1 else f"{path.name} — {path.parent.name}"
            action = self.addAction(numbered(number, label))
            action.setData(str(path))
            action.setStatusTip(str(path))
            action.setToolTip(literal(str(path)))
            action.triggered.connect(lambda _checked=False, p=path, k=kind: self.open_recent(p, k))
        if not entries:
            self.addAction(_("No Recent Files")).setEnabled(False)
        self.addSeparator()
        self.addAction(_("&Clear Recent"), self.clear_recent).setEnabled(bool(entries))

    def recent_actions(self) -> list[QAction]:
        """The entries, tracks first (their data is the file's path)."""
        return [a for a in self.actions() if a.data()]

    def open_recent(self, path: Path, kind: str) -> None:
        if not path.is_file():
            self.settings.remove_recent_file(path, kind)
            self.rebuild()
            message = _("{path}: the file no longer exists; removed from Open Recent").format(path=path)
            QMessageBox.warning(self.parentWidget(), _(TITLES[kind]), literal(message))
            return
        self.open_file(path, kind)

    def clear_recent(self) -> None:
        self.settings.clear_recent_files()
        self.rebuild()
