"""Races still being entered, in the standings table: a race counts only once every player's place is in
(`designer.campaign.grand_prix.counted_races`), so the results entered so far are shown in its column, greyed
and in italics with a tooltip saying why, while the totals, the ranks and the chart leave them out."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QTableWidget

from designer.i18n import _
from designer.panes.campaign.common import muted_colour


def pending_tip(race: int) -> str:
    """The tooltip of a race that does not count yet."""
    return _("Race {n} counts in the standings once every player's place is in.").format(n=race)


def mark_uncounted(table: QTableWidget, first_race_column: int, counted: tuple[bool, ...]) -> None:
    """Grey out the cells of the races (columns from `first_race_column`, race 1 first) that do not count yet."""
    muted = QColor(muted_colour(table, QPalette.ColorRole.Base))
    for index, counts in enumerate(counted):
        column = first_race_column + index
        if not 0 <= column < table.columnCount():
            continue
        tip = pending_tip(index + 1)
        header = table.horizontalHeaderItem(column)
        if header is not None and not counts:
            header.setToolTip(tip)
        for row in range(table.rowCount()):
            item = table.item(row, column)
            if item is None:
                continue
            font = item.font()  # cells are reused: a race that now counts loses the italics
            font.setItalic(not counts)
            item.setFont(font)
            if counts or not item.text():
                continue
            item.setForeground(muted)
            shown = item.toolTip()
            item.setToolTip(f"{shown}\n{tip}" if shown else tip)
