"""Shared pieces of the campaign window's pages: the red line that says why an edit was refused (it
lives in `designer.panes.message_line`, shared with the vehicle editor), the one way pages run an edit,
table cells that are updated in place, and the names shown for race tracks.

Tables are refreshed in place (same rows, new texts) rather than rebuilt, because a refresh can run
inside the signal of the very cell or combo box the user just edited.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRegularExpression, Qt
from PySide6.QtGui import QColor, QPalette, QRegularExpressionValidator
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QLineEdit,
    QStyledItemDelegate,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from designer.campaign.modes import in_money
from designer.document.campaign import CampaignSession
from designer.i18n import _, pgettext
from designer.io.errors import DocumentError
from designer.io.track_io import load_track
from designer.panes import theme
from designer.panes.cell_refusals import CellRefusals
from designer.panes.markup import literal
from designer.panes.message_line import MessageLine as MessageLine
from designer.panes.message_line import not_changed as not_changed
from designer.panes.theme import follow_palette, set_style

# hues only: what is drawn is made readable on the theme's background (`refusal_colour`, `muted_colour`)
REFUSAL_COLOUR = "#b3261e"
MUTED_COLOUR = "#5f6368"
ALIGN_NUMBER = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
ALIGN_TEXT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
ALIGN_CENTRE = Qt.AlignmentFlag.AlignCenter

_track_names: dict[tuple[str, int], str] = {}


def run_edit(session: CampaignSession, messages: MessageLine, text: str,
             edit: Callable[..., Any], *args: Any) -> bool:
    """Apply one undoable edit; a refusal goes to the message line. True when the edit was accepted."""
    reason = session.apply(text, edit, *args)
    if reason:
        messages.show_message(not_changed(reason))
        return False
    messages.clear_message()
    return True


def run_cell_edit(session: CampaignSession, messages: MessageLine, refusals: CellRefusals,
                  cell: tuple[int, int, str], text: str, edit: Callable[..., Any], *args: Any) -> bool:
    """`run_edit` for a value typed into a table's cell (row, column, typed): a refusal stays with the cell
    until it is fixed (`CellRefusals`); an accepted value ends the cell's refusal. The caller rebuilds the
    rows afterwards either way (the cell shows the stored value)."""
    reason = session.apply(text, edit, *args)
    row, column, typed = cell
    if reason:
        refusals.refuse(row, column, typed, not_changed(reason))
        return False
    refusals.accepted(row, column)
    messages.clear_message()
    return True


def muted_label(text: str = "", parent: QWidget | None = None) -> QLabel:
    label = QLabel(text, parent)
    label.setWordWrap(True)
    follow_palette(label, lambda: set_style(label, f"color: {muted_colour(label)};"))
    return label


def refusal_colour(widget: QWidget | None = None) -> str:
    """The refusal red, readable on the current theme's window background (a colour name for markup)."""
    return theme.error_text(theme.palette(widget)).name()


def muted_colour(widget: QWidget | None = None, role: QPalette.ColorRole = QPalette.ColorRole.Window) -> str:
    """Secondary text readable on the current theme's `role` background (a colour name for markup)."""
    return theme.muted(theme.palette(widget), role).name()


def heading(text: str, parent: QWidget | None = None) -> QLabel:
    label = QLabel(text, parent)
    font = label.font()
    font.setBold(True)
    font.setPointSizeF(font.pointSizeF() * 1.15)
    label.setFont(font)
    return label


def prepare_table(table: QTableWidget, headers: list[str], stretch: int | None = None) -> None:
    """Column headers, no row numbers, whole-row selection, compact rows."""
    table.setColumnCount(len(headers))
    table.setHorizontalHeaderLabels(headers)
    table.verticalHeader().setVisible(False)
    table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 14)
    table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
    table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
    table.setAlternatingRowColors(True)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setHighlightSections(False)
    if stretch is not None:
        header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)


def fit_height(table: QTableWidget, min_rows: int = 1) -> None:
    """Make the table exactly as tall as its rows (at least `min_rows`), so no empty white block shows."""
    rows = max(table.rowCount(), min_rows)
    height = 0 if table.horizontalHeader().isHidden() else table.horizontalHeader().sizeHint().height()
    height += rows * table.verticalHeader().defaultSectionSize() + 2 * table.frameWidth()
    table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    table.setFixedHeight(height + 2)


def fit_width(table: QTableWidget, text_width: int = 130, number_width: int = 64) -> None:
    """Make the table as wide as its columns, so numbers stay next to the names they belong to; text
    columns (left-aligned in row 0) get at least `text_width`, the others `number_width`."""
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    table.resizeColumnsToContents()
    for column in range(table.columnCount()):
        item = table.item(0, column)
        is_text = item is not None and bool(item.textAlignment() & Qt.AlignmentFlag.AlignLeft)
        # resizeColumnsToContents() does not see cell widgets (the roster's character combo boxes).
        widgets = [table.cellWidget(row, column) for row in range(table.rowCount())]
        widest = max((w.sizeHint().width() for w in widgets if w is not None), default=0)
        least = text_width if is_text else number_width
        table.setColumnWidth(column, max(table.columnWidth(column) + 12, widest, least))
    width = sum(table.columnWidth(c) for c in range(table.columnCount())) + 2 * table.frameWidth()
    table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    table.setFixedWidth(width + 2)


def set_cell(table: QTableWidget, row: int, column: int, text: Any, *, editable: bool = False,
             align: Qt.AlignmentFlag = ALIGN_TEXT, tip: str = "", bold: bool = False,
             colour: str | None = None, data: Any = None) -> QTableWidgetItem:
    """Put `text` in a cell, reusing its item (callers block the table's signals while refreshing)."""
    item = table.item(row, column)
    if item is None:
        item = QTableWidgetItem()
        table.setItem(row, column, item)
    item.setText("" if text is None else str(text))
    flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
    item.setFlags(flags | Qt.ItemFlag.ItemIsEditable if editable else flags)
    item.setTextAlignment(align)
    item.setToolTip(literal(tip))
    font = item.font()
    font.setBold(bold)
    item.setFont(font)
    pal = theme.palette(table)  # the theme's, also while a theme switch is still reaching the widgets
    item.setForeground(theme.readable(QColor(colour), pal.color(QPalette.ColorRole.Base)) if colour else pal.text())
    item.setData(Qt.ItemDataRole.UserRole, data)
    return item


class WholeNumberDelegate(QStyledItemDelegate):
    """Cells that take a whole number or nothing (an empty cell clears)."""

    def createEditor(self, parent, option, index):
        editor = QLineEdit(parent)
        editor.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{0,5}"), editor))
        editor.setAlignment(ALIGN_NUMBER)
        return editor


def whole_number(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.isdigit() else None


def track_name(path: Path) -> str | None:
    """The track's own name without a cup prefix ("Mushroom Cup 1 — Luigi Circuit" → "Luigi Circuit");
    None when the file cannot be read."""
    try:
        key = (str(path.resolve()), path.stat().st_mtime_ns)
    except OSError:
        return None
    if key not in _track_names:
        try:
            name = load_track(path).name
        except DocumentError:
            return None
        _track_names[key] = name.split(" — ")[-1].strip() or name
    return _track_names[key]


def track_state(session: CampaignSession, track: str | None) -> tuple[Path | None, str, bool]:
    """(file, label, usable) for a race's stored track: usable means the file exists and reads."""
    if not track:
        return None, _("no track chosen"), False
    path = session.resolve_track(track)
    if path is None or not path.is_file():
        return path, _("missing track: {name}").format(name=Path(track).name), False
    name = track_name(path)
    if name is None:
        return path, _("unreadable track: {name}").format(name=path.name), False
    return path, name, True


def race_title(session: CampaignSession, index: int) -> str:
    races = session.document.races
    track = races[index].track if index < len(races) else None
    _path, label, usable = track_state(session, track)
    if usable:
        return _("Race {n} · {track}").format(n=index + 1, track=label)
    if not track:  # a money season (Downforce) is raced on the board game's own track: nothing is missing
        return _("Race {n}").format(n=index + 1) if in_money(session.document) else _("Race {n} · no track").format(
            n=index + 1)
    return _("Race {n} · track missing").format(n=index + 1)


def ordinal(n: int) -> str:
    """"1st", "22nd", "13th" in English; "1.", "1.º", "1er" / "2e" in German, Spanish, French."""
    if n == 1:  # its own message: French writes "1er" but "21e"
        return pgettext("ordinal number 1", "{n}st").format(n=n)
    if 10 <= n % 100 <= 20:
        return pgettext("ordinal number", "{n}th").format(n=n)
    last = n % 10
    if last == 1:
        return pgettext("ordinal number", "{n}st").format(n=n)
    if last == 2:
        return pgettext("ordinal number", "{n}nd").format(n=n)
    if last == 3:
        return pgettext("ordinal number", "{n}rd").format(n=n)
    return pgettext("ordinal number", "{n}th").format(n=n)
