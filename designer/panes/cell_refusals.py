"""What every editable table does with a value it refuses: the cell keeps the value stored before, is marked
(a red background, and a tooltip quoting what was typed and why it was refused), and the refusal stays said
on the table's notice line until that cell is fixed, or its stored value is replaced (another edit, Clear,
undo); an accepted edit of another cell leaves both in place. Nothing typed is stored half-way.

A table's owner keeps one `CellRefusals`: `refuse(row, column, typed, message)` when it turns a value down,
`accepted(row, column)` when it stores one, and `mark()` at the end of every rebuild of the rows (a rebuild
puts the stored values back; `mark` then re-marks the refused cells and lets go of those whose stored value
changed meanwhile). Rows are followed by a key (a player's name), so a refusal stays with its row when rows
move. The notice line is anything with `hold(key, text)` and `release(key)` (the campaign window's
`MessageLine`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Protocol

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import QTableWidget, QTableWidgetItem

from designer.i18n import _
from designer.panes import theme
from designer.panes.markup import literal

#: Marks an item this helper painted, so a rebuild can take the mark off again.
MARKED_ROLE = Qt.ItemDataRole.UserRole + 40


class Notices(Protocol):
    def hold(self, key: Hashable, text: str) -> None: ...

    def release(self, key: Hashable) -> None: ...


@dataclass
class Refusal:
    typed: str
    message: str
    shown: str  # the stored value the cell showed before the refused edit


def refused_tip(typed: str, message: str) -> str:
    """The tooltip of a refused cell: what was typed, and why it was not stored."""
    return _("Not stored: you typed “{typed}”.\n{message}").format(typed=typed, message=message)


class CellRefusals(QObject):
    def __init__(self, table: QTableWidget, notices: Notices,
                 row_key: Callable[[int], Hashable | None] | None = None) -> None:
        super().__init__(table)
        self.table = table
        self.notices = notices
        self._row_key = row_key or (lambda row: row)
        self._refused: dict[tuple[Hashable, int], Refusal] = {}
        self._shown: dict[tuple[Hashable, int], str] = {}  # each cell's stored value at the last rebuild

    # --- what the table's owner says -----------------------------------------------------------------
    def refuse(self, row: int, column: int, typed: str, message: str) -> None:
        """The value `typed` into the cell was refused for `message` (one line, already "Not changed — …")."""
        key = (self._row_key(row), column)
        if key[0] is None:
            return
        previous = self._refused.get(key)
        shown = previous.shown if previous else self._shown.get(key, "")
        self._refused[key] = Refusal(typed, message, shown)
        self.notices.hold(self._notice_key(key), message)

    def accepted(self, row: int, column: int) -> None:
        """The cell's value was stored: its refusal, if any, is over."""
        self._drop((self._row_key(row), column))

    def clear(self) -> None:
        for key in list(self._refused):
            self._drop(key)

    def refusal(self, row: int, column: int) -> Refusal | None:
        return self._refused.get((self._row_key(row), column))

    def mark(self) -> None:
        """After a rebuild of the rows: mark the refused cells, and let go of those whose row went or whose
        stored value is no longer the one they showed when refused (replaced or undone)."""
        shown: dict[tuple[Hashable, int], str] = {}
        cells: dict[tuple[Hashable, int], QTableWidgetItem] = {}
        for row in range(self.table.rowCount()):
            row_key = self._row_key(row)
            for column in range(self.table.columnCount()):
                item = self.table.item(row, column)
                if item is None or row_key is None:
                    continue
                shown[(row_key, column)] = item.text()
                cells[(row_key, column)] = item
        for key, refusal in list(self._refused.items()):
            if key not in shown or shown[key] != refusal.shown:
                self._drop(key)
        self._shown = shown
        background = QBrush(theme.notice(theme.ERROR_HUE, theme.palette(self.table), amount=0.3).background)
        blocked = self.table.blockSignals(True)
        try:
            for key, item in cells.items():
                refusal = self._refused.get(key)
                if refusal is not None:
                    item.setBackground(background)
                    item.setToolTip(literal(refused_tip(refusal.typed, refusal.message)))
                    item.setData(MARKED_ROLE, True)
                elif item.data(MARKED_ROLE):
                    item.setData(Qt.ItemDataRole.BackgroundRole, None)
                    item.setToolTip("")
                    item.setData(MARKED_ROLE, None)
        finally:
            self.table.blockSignals(blocked)

    # --- inside ------------------------------------------------------------------------------------
    def _notice_key(self, key: tuple[Hashable, int]) -> tuple:
        return (id(self), *key)

    def _drop(self, key: tuple[Hashable, int]) -> None:
        if self._refused.pop(key, None) is not None:
            self.notices.release(self._notice_key(key))

