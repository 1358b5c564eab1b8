"""`TotalsChart`: a line chart of each player's running points total after every finished race, drawn
with QPainter — a line and dots per player in its own colour, a legend, gridlines and axis labels.

The data is plain (`set_series(totals, races)`), so tests read back exactly what is drawn. A season's chart
draws money: `set_axis` names the value axis and says how its ticks are written (`compact_dollars`).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from designer.i18n import N_, _, format_dollars, pgettext
from designer.panes.theme import GRAPHIC_RATIO, mix, muted, readable

# Distinguishable for most kinds of colour blindness (Okabe & Ito), then a few more.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#8C564B",
           "#7F7F7F", "#BCBD22", "#17BECF", "#9467BD", "#F0E442", "#1F3A93", "#A50026", "#4D9221")
POINTS_AXIS = N_("Points (running total)")
MONEY_AXIS = N_("Money (running total)")


def compact_dollars(value: int) -> str:
    """A short amount for an axis or a narrow cell: "$12.5M", "12,5 Mio. $", "500 k $" (CLDR's short forms)."""
    from babel.numbers import format_compact_decimal

    from designer.i18n import current_language

    short = format_compact_decimal(abs(value), locale=current_language(), fraction_digits=2)
    if short.isdigit():  # a language without a short form for this size writes the plain amount
        return format_dollars(value)
    return ("-" if value < 0 else "") + format_dollars(1).replace("1", short, 1)


def player_colour(index: int) -> QColor:
    return QColor(PALETTE[index % len(PALETTE)])


def nice_step(span: float, ticks: int = 6) -> int:
    """A round tick step (1, 2, 5 × 10ⁿ) giving about `ticks` intervals over `span`."""
    raw = max(span / ticks, 1.0)
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * power:
            return int(factor * power)
    return int(10 * power)


class TotalsChart(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._totals: dict[str, list[int]] = {}
        self._races = 0
        self._axis_title = POINTS_AXIS
        self._label: Callable[[int], str] = str
        self._colours: list[QColor] = []  # the players' own (`set_colours`); else the palette
        self._paper = self._ink = self._grid = QColor()  # set from the palette at each paint
        self.setMinimumSize(360, 240)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)

    def sizeHint(self) -> QSize:
        return QSize(560, 320)

    def set_series(self, totals: dict[str, list[int]], races: int) -> None:
        """`totals`: per player, the total after race 1, 2, … (finished races only); `races`: x-axis length."""
        self._totals = {name: list(values) for name, values in totals.items()}
        self._races = max(races, max((len(v) for v in totals.values()), default=0))
        self.update()

    def set_colours(self, colours: list[QColor]) -> None:
        """The players' colours, in the order of `set_series`' totals (their dashboards' colours)."""
        self._colours = list(colours)
        self.update()

    def set_axis(self, title: str, label: Callable[[int], str] = str) -> None:
        """The value axis: its title (a msgid, translated when drawn) and how a tick value is written."""
        self._axis_title, self._label = title, label
        self.update()

    def tick_label(self, value: int) -> str:
        return self._label(value)

    def series(self) -> dict[str, list[int]]:
        return {name: list(values) for name, values in self._totals.items()}

    # --- drawing ---------------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        # the chart follows the theme: the view's Base as paper, its Text for labels and axes
        pal = self.palette()
        self._paper = pal.color(QPalette.ColorRole.Base)
        self._ink = pal.color(QPalette.ColorRole.Text)
        self._grid = mix(self._paper, self._ink, 0.14)
        painter.fillRect(self.rect(), self._paper)
        metrics = painter.fontMetrics()
        line = metrics.height()
        legend_rows = self._legend_rows(metrics.horizontalAdvance, self.width() - 24)
        values = [v for series in self._totals.values() for v in series]
        low = min(0, *values) if values else 0
        high = max(values, default=0)
        step = nice_step(high - low if high > low else 10)
        low = step * math.floor(low / step)
        high = max(step * math.ceil(high / step), low + step)
        widest = max(metrics.horizontalAdvance(self._label(v)) for v in range(low, high + 1, step))
        plot = QRectF(max(metrics.horizontalAdvance("0000"), widest) + line + 16, 12, 0, 0)
        plot.setRight(self.width() - 16)
        plot.setBottom(self.height() - line * 2 - 18 - legend_rows * (line + 6))
        if plot.width() < 40 or plot.height() < 40:
            painter.end()
            return
        races = max(self._races, 1)

        def at(race: int, value: float) -> QPointF:
            return QPointF(plot.left() + plot.width() * race / races,
                           plot.bottom() - plot.height() * (value - low) / (high - low))

        self._draw_axes(painter, plot, low, high, step, races, at)
        if not values:
            painter.setPen(muted(pal, QPalette.ColorRole.Base))
            painter.drawText(plot, Qt.AlignmentFlag.AlignCenter, _("The chart fills in as races are finished"))
        for index, series in enumerate(self._totals.values()):
            colour = self.line_colour(index)
            points = [at(0, 0)] + [at(race + 1, value) for race, value in enumerate(series)]
            painter.setPen(QPen(colour, 2.5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                                Qt.PenJoinStyle.RoundJoin))
            if len(points) > 1:
                painter.drawPolyline(points)
            painter.setBrush(colour)
            painter.setPen(QPen(self._paper, 1.5))
            for point in points[1:]:
                painter.drawEllipse(point, 4.5, 4.5)
        self._draw_legend(painter, plot.bottom() + line * 2 + 14, line)
        painter.end()

    def line_colour(self, index: int) -> QColor:
        """A player's colour as drawn: its hue, made to stand out (3:1) on the chart's background."""
        base = self._colours[index] if index < len(self._colours) else player_colour(index)
        return readable(base, self.palette().color(QPalette.ColorRole.Base), GRAPHIC_RATIO)

    def _draw_axes(self, painter: QPainter, plot: QRectF, low: int, high: int, step: int, races: int, at) -> None:
        metrics = painter.fontMetrics()
        line = metrics.height()
        for value in range(low, high + 1, step):
            y = at(0, value).y()
            painter.setPen(QPen(self._grid, 1))
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            painter.setPen(self._ink)
            painter.drawText(QRectF(0, y - line / 2, plot.left() - 6, line),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, self._label(value))
        for race in range(races + 1):
            x = at(race, low).x()
            painter.setPen(QPen(self._grid, 1))
            painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
            painter.setPen(self._ink)
            painter.drawText(QRectF(x - 40, plot.bottom() + 4, 80, line), Qt.AlignmentFlag.AlignCenter,
                             pgettext("chart axis", "Start") if race == 0
                             else pgettext("race number, abbreviated", "R{n}").format(n=race))
        painter.setPen(QPen(self._ink, 1.2))
        painter.drawLine(plot.bottomLeft(), plot.bottomRight())
        painter.drawLine(plot.bottomLeft(), plot.topLeft())
        bold = QFont(painter.font())
        bold.setBold(True)
        painter.save()
        painter.setFont(bold)
        painter.drawText(QRectF(plot.left(), plot.bottom() + line + 6, plot.width(), line),
                         Qt.AlignmentFlag.AlignCenter, pgettext("chart axis", "Race"))
        painter.translate(line / 2 + 4, plot.center().y())
        painter.rotate(-90)
        painter.drawText(QRectF(-plot.height() / 2, -line / 2, plot.height(), line), Qt.AlignmentFlag.AlignCenter,
                         _(self._axis_title))
        painter.restore()

    def _legend_entries(self, advance) -> list[tuple[str, float]]:
        return [(name, 22 + advance(name) + 18) for name in self._totals]

    def _legend_rows(self, advance, width: float) -> int:
        rows, x = 1, 0.0
        for _name, w in self._legend_entries(advance):
            if x and x + w > width:
                rows, x = rows + 1, 0.0
            x += w
        return rows if self._totals else 0

    def _draw_legend(self, painter: QPainter, top: float, line: int) -> None:
        advance = painter.fontMetrics().horizontalAdvance
        entries = self._legend_entries(advance)
        width = self.width() - 24
        rows: list[list[tuple[int, str, float]]] = [[]]
        used = 0.0
        for index, (name, w) in enumerate(entries):
            if rows[-1] and used + w > width:
                rows.append([])
                used = 0.0
            rows[-1].append((index, name, w))
            used += w
        y = top
        for row in rows:
            x = (self.width() - sum(w for _i, _n, w in row)) / 2
            for index, name, w in row:
                painter.setPen(QPen(self.line_colour(index), 3))
                painter.drawLine(QPointF(x, y + line / 2), QPointF(x + 16, y + line / 2))
                painter.setPen(self._ink)
                painter.drawText(QRectF(x + 22, y, w - 22, line), Qt.AlignmentFlag.AlignVCenter, name)
                x += w
            y += line + 6
