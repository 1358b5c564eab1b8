"""The vehicle editor's live summary: the capacity bar (used of total, red when over), the arena and race
stat lines (MAX, ACC, DEC, TURN with the rolled adjustments, the line the car is built for in bold), the
hit points, and the list of rules the build breaks — the same list `kartographer vehicle check` prints, one
line each — or a green "legal build". Read-only: `show_vehicle` redraws it from the document.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QGridLayout, QGroupBox, QLabel, QListWidget, QProgressBar, QVBoxLayout, QWidget

from designer.i18n import N_, _, ngettext
from designer.panes import theme
from designer.panes.markup import escaped
from designer.systems.axles_alloys_2 import builder
from designer.systems.axles_alloys_2.rule_data import AxlesRules
from designer.systems.axles_alloys_2.vehicle import VehicleDocument

STATS = ("MAX", "ACC", "DEC", "TURN")
LINES = (("deathmatch", N_("Arena")), ("race", N_("Race")))
BAR_OK, BAR_FULL, BAR_OVER = QColor("#2f9e44"), QColor("#1c7ed6"), QColor("#e03131")  # hues of the bar's fill


def bar_style(hue: QColor) -> str:
    """The capacity bar's fill: the hue moved away from the theme's text colour, so "12 of 20" reads on it."""
    text = QGuiApplication.palette().color(QPalette.ColorRole.Text)
    return f"QProgressBar::chunk {{ background: {theme.readable(hue, text).name()}; }}"


class VehicleSummary(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)

        capacity = QGroupBox(_("Capacity"))
        cap_layout = QVBoxLayout(capacity)
        self.capacity_bar = QProgressBar()
        self.capacity_bar.setTextVisible(True)
        self.capacity_bar.setMinimumHeight(22)
        self.capacity_bar.setAlignment(Qt.AlignmentFlag.AlignCenter)
        cap_layout.addWidget(self.capacity_bar)
        self.capacity_label = QLabel()
        cap_layout.addWidget(self.capacity_label)
        layout.addWidget(capacity)

        stats = QGroupBox(_("Stats"))
        self.stats_grid = QGridLayout(stats)
        self.stats_grid.setHorizontalSpacing(18)
        self.stat_cells: dict[tuple[str, str], QLabel] = {}
        self.line_labels: dict[str, QLabel] = {}
        for col, stat in enumerate(STATS, 1):
            head = QLabel(f"<b>{stat}</b>")
            head.setAlignment(Qt.AlignmentFlag.AlignRight)
            self.stats_grid.addWidget(head, 0, col)
        for row, (scenario, title) in enumerate(LINES, 1):
            label = QLabel(_(title))
            self.line_labels[scenario] = label
            self.stats_grid.addWidget(label, row, 0)
            for col, stat in enumerate(STATS, 1):
                cell = QLabel()
                cell.setAlignment(Qt.AlignmentFlag.AlignRight)
                self.stat_cells[(scenario, stat)] = cell
                self.stats_grid.addWidget(cell, row, col)
        self.hit_points = QLabel()
        self.stats_grid.addWidget(self.hit_points, len(LINES) + 1, 0, 1, len(STATS) + 1)
        self.stats_grid.setColumnStretch(len(STATS) + 1, 1)
        layout.addWidget(stats)

        rules = QGroupBox(_("Rules broken"))
        rules_layout = QVBoxLayout(rules)
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        rules_layout.addWidget(self.verdict)
        self.problem_list = QListWidget()
        self.problem_list.setWordWrap(True)
        self.problem_list.setSpacing(3)
        self.problem_list.setAlternatingRowColors(True)
        rules_layout.addWidget(self.problem_list, 1)
        rules_layout.addStretch(0)  # takes the room while the list is hidden, so the verdict stays on top
        layout.addWidget(rules, 1)

    def show_vehicle(self, vehicle: VehicleDocument, rules: AxlesRules, ruleset: object) -> None:
        cls = builder.weight_class(vehicle, rules)
        used = builder.capacity_used(vehicle, rules)
        total = cls.capacity if cls is not None else 0
        self.capacity_bar.setRange(0, max(total, used, 1))
        self.capacity_bar.setValue(used)
        self.capacity_bar.setFormat(_("{used} of {total}").format(used=used, total=total))
        over = used > total
        theme.set_style(self.capacity_bar, bar_style(BAR_OVER if over else BAR_FULL if used == total else BAR_OK))
        self.capacity_bar.setProperty("over", over)
        if over:
            text = ngettext("{n} point over", "{n} points over", used - total).format(n=used - total)
            red = theme.error_text().name()
            self.capacity_label.setText(f"<span style='color:{red}'><b>{escaped(text)}</b></span>")
        else:
            self.capacity_label.setText(ngettext("{n} point free", "{n} points free", total - used).format(
                n=total - used))
        for scenario, _title in LINES:
            line = builder.stats(vehicle, rules, scenario)
            values = (line.max, line.acc, line.dec, line.turn) if line else ("—",) * 4
            bold = scenario == vehicle.scenario
            for stat, value in zip(STATS, values, strict=True):
                cell = self.stat_cells[(scenario, stat)]
                cell.setText(f"<b>{value}</b>" if bold else str(value))
            title = self.line_labels[scenario]
            shown = _(dict(LINES)[scenario])
            title.setText(f"<b>{escaped(shown)}</b>" if bold else shown)
        self.hit_points.setText(_("Hit points: {lines} lines of {boxes}").format(
            lines=cls.hit_point_lines, boxes=cls.boxes_per_line) if cls is not None else "")
        problems = builder.problems(vehicle, rules, ruleset)
        self.problem_list.clear()
        self.problem_list.addItems([p.line() for p in problems])
        self.problem_list.setVisible(bool(problems))
        if problems:
            count = ngettext("This build breaks {n} rule:", "This build breaks {n} rules:", len(problems))
            self.verdict.setText(f"<span style='color:{theme.error_text().name()}'>"
                                 f"<b>{escaped(count.format(n=len(problems)))}</b></span>")
        else:
            self.verdict.setText("<span style='color:{}'><b>{}</b></span>".format(
                theme.success_text().name(), escaped(_("A legal build: it breaks no rule."))))

    def problems(self) -> list[str]:
        return [self.problem_list.item(i).text() for i in range(self.problem_list.count())]
