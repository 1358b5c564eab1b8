"""The Problems pane: the current document's playability problems, filterable by severity.

`ProblemsPane.set_problems(problems)` shows the `Problem`s of `designer.geometry.checks.run_checks` in a
table (severity icon, code, message, element ids) backed by a model, so thousands of rows cost nothing
to refill. Three checkable filter buttons show or hide errors,
warnings and info and carry the counts in their labels. Clicking or activating a row emits
`problem_activated(problem)`; `checks_setup` answers by selecting the problem's elements and centring the
view on them. Help on This Problem (the row's context menu, the "?" button) emits `help_requested(code)`, which
opens the player's manual at that check's paragraph. The pane knows nothing about editors or when the checks run.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QSize, Qt, Signal
from PySide6.QtGui import QAction, QBrush, QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from designer.geometry.checks import Problem
from designer.i18n import N_, _, ngettext, pgettext
from designer.panes.markup import literal, plain
from designer.panes.theme import table_text

SEVERITIES = ("error", "warning", "info")
SEVERITY_COLORS = {"error": QColor("#d0312d"), "warning": QColor("#e08a00"), "info": QColor("#2f6fd0")}
#: The filter buttons' titles and tool tips (translated where shown).
SEVERITY_TITLES = {"error": N_("Errors"), "warning": N_("Warnings"), "info": N_("Info")}
SEVERITY_TIPS = {"error": N_("Show or hide errors"), "warning": N_("Show or hide warnings"),
                 "info": N_("Show or hide info")}
COLUMNS = (N_("Severity"), N_("Code"), N_("Message"), N_("Elements"))
PROBLEM_ROLE = Qt.ItemDataRole.UserRole + 1
ROOT = QModelIndex()  # the invalid index: the parent of every row of a flat table


def severity_counts(problems: Iterable[Problem]) -> dict[str, int]:
    counts = Counter(p.severity for p in problems)
    return {s: counts.get(s, 0) for s in SEVERITIES}


def severity_text(severity: str) -> str:
    """The severity as the table's first column shows it: "error" (an id) in the user's language."""
    if severity == "error":
        return pgettext("severity", "error")
    if severity == "warning":
        return pgettext("severity", "warning")
    return pgettext("severity", "info") if severity == "info" else severity


def counts_text(problems: Iterable[Problem]) -> str:
    """ "2 errors · 3 warnings · 1 info" (always all three, so the label keeps its place)."""
    c = severity_counts(problems)
    return " · ".join((ngettext("{n} error", "{n} errors", c["error"]).format(n=c["error"]),
                       ngettext("{n} warning", "{n} warnings", c["warning"]).format(n=c["warning"]),
                       ngettext("{n} info", "{n} info", c["info"]).format(n=c["info"])))


@cache
def severity_icon(severity: str, size: int = 14) -> QIcon:
    """A filled disc in the severity's colour, with a white mark (!, ! or i); drawn once per severity and
    size, since a crowded table lists thousands of problems."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(SEVERITY_COLORS[severity])
    painter.drawEllipse(1, 1, size - 2, size - 2)
    painter.setPen(QColor("white"))
    font = painter.font()
    font.setBold(True)
    font.setPixelSize(max(size - 4, 6))
    painter.setFont(font)
    painter.drawText(pixmap.rect(), Qt.AlignmentFlag.AlignCenter, "i" if severity == "info" else "!")
    painter.end()
    return QIcon(pixmap)


class ProblemsModel(QAbstractTableModel):
    """The problems the filters let through, one row each."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.shown: list[Problem] = []

    def set_shown(self, problems: list[Problem]) -> None:
        self.beginResetModel()
        self.shown = problems
        self.endResetModel()

    def rowCount(self, parent: QModelIndex = ROOT) -> int:
        return 0 if parent.isValid() else len(self.shown)

    def columnCount(self, parent: QModelIndex = ROOT) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return _(COLUMNS[section])
        return None

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole):
        problem = self.shown[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return severity_text(problem.severity)
            return (problem.severity, problem.code, problem.message, ", ".join(problem.ids))[column]
        if role == PROBLEM_ROLE:
            return problem
        if column == 0 and role == Qt.ItemDataRole.DecorationRole:
            return severity_icon(problem.severity)
        if column == 0 and role == Qt.ItemDataRole.ForegroundRole:
            # the severity's hue, made readable on the theme's table background (light or dark)
            return QBrush(table_text(SEVERITY_COLORS[problem.severity]))
        if column == 2 and role == Qt.ItemDataRole.ToolTipRole:
            return literal(problem.message)
        if column == 1 and role == Qt.ItemDataRole.ToolTipRole:
            return literal(_("{code}: right-click and choose Help on This Problem to read about this check in the "
                             "manual").format(code=problem.code))
        return None


class ProblemsPane(QWidget):
    """A filterable list of problems; emits `problem_activated(Problem)` when a row is clicked."""

    problem_activated = Signal(object)
    #: The check code whose paragraph of the manual the user asked for ("Help on This Problem").
    help_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._problems: list[Problem] = []
        self.filters: dict[str, QToolButton] = {}
        bar = QHBoxLayout()
        bar.setContentsMargins(4, 2, 4, 2)
        for severity in SEVERITIES:
            button = QToolButton(self)
            button.setCheckable(True)
            button.setChecked(True)
            button.setIcon(severity_icon(severity))
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
            button.setAutoRaise(True)
            button.setToolTip(_(SEVERITY_TIPS[severity]))
            button.toggled.connect(self._apply_filters)
            self.filters[severity] = button
            bar.addWidget(button)
        bar.addStretch(1)
        self.status = plain(QLabel(self))
        bar.addWidget(self.status)
        self.help_action = QAction(_("&Help on This Problem"), self)
        self.help_action.setStatusTip(_("Open the manual at this check's paragraph"))
        self.help_action.setEnabled(False)
        self.help_action.triggered.connect(self.request_help)
        self.help_button = QToolButton(self)
        self.help_button.setDefaultAction(self.help_action)
        self.help_button.setText("?")
        self.help_button.setToolTip(_("Help on This Problem"))
        self.help_button.setAutoRaise(True)
        bar.addWidget(self.help_button)
        self.model = ProblemsModel(self)
        self.tree = QTreeView(self)
        self.tree.setModel(self.model)
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setIconSize(QSize(14, 14))
        header = self.tree.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(False)
        header.setResizeContentsPrecision(64)  # size columns from the first rows, not from thousands
        self.tree.clicked.connect(self._on_index)
        self.tree.activated.connect(self._on_index)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.tree.addAction(self.help_action)
        self.tree.selectionModel().currentChanged.connect(
            lambda current, _previous: self.help_action.setEnabled(current.isValid()))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addLayout(bar)
        layout.addWidget(self.tree)
        self._update_labels()

    # --- contents --------------------------------------------------------------------------------
    @property
    def problems(self) -> list[Problem]:
        return list(self._problems)

    def set_problems(self, problems: Sequence[Problem] | None) -> None:
        """Show `problems` (None: no document, or its checks could not run)."""
        problems = list(problems or [])
        if problems == self._problems:
            return
        self._problems = problems
        self._apply_filters()
        self._update_labels()

    def set_message(self, text: str) -> None:
        """A note beside the filters (e.g. why the checks could not run)."""
        self.status.setText(text)

    def rows(self, visible_only: bool = True) -> list[Problem]:
        """The problems listed, in order (only the ones the filters show, by default)."""
        return list(self.model.shown if visible_only else self._problems)

    def row_index(self, row: int) -> QModelIndex:
        """The model index of a shown row (first column)."""
        return self.model.index(row, 0)

    # --- filters ---------------------------------------------------------------------------------
    def shown_severities(self) -> set[str]:
        return {s for s, button in self.filters.items() if button.isChecked()}

    def _apply_filters(self) -> None:
        shown = self.shown_severities()
        self.model.set_shown([p for p in self._problems if p.severity in shown])

    def _update_labels(self) -> None:
        counts = severity_counts(self._problems)
        for severity, button in self.filters.items():
            button.setText(_("{severity} ({count})").format(severity=_(SEVERITY_TITLES[severity]),
                                                              count=counts[severity]))

    def current_problem(self) -> Problem | None:
        index = self.tree.currentIndex()
        return index.data(PROBLEM_ROLE) if index.isValid() else None

    def request_help(self) -> None:
        """Ask for the manual's paragraph on the current row's check (emits `help_requested(code)`)."""
        problem = self.current_problem()
        if problem is not None:
            self.help_requested.emit(problem.code)

    def _on_index(self, index: QModelIndex) -> None:
        problem = index.data(PROBLEM_ROLE)
        if problem is not None:
            self.problem_activated.emit(problem)
