"""The measuring tool: drag from one point to another to read the distance on the status bar.

While dragging, a dashed line joins the two points and the window's status bar shows
`readout(...)`: the distance in the document's display units and in the ruleset's Short / Medium / Long
straights, as `Measurement.summary()` has it in English ("300 mm · 4 S · 2 M · 1.33 L") and with the
language's decimal sign and letters otherwise ("1,33 L"). The reading stays after the release until the next drag.
It never edits the document. Esc or a right click goes back to the select tool.
"""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, Qt
from PySide6.QtGui import QColor, QKeyEvent
from PySide6.QtWidgets import QGraphicsLineItem

from designer.canvas.selection import ACCENT, OVERLAY_Z, cosmetic_pen
from designer.canvas.tools.base import Tool, ToolEvent
from designer.geometry.measure import DECIMALS, Measurement, measure
from designer.i18n import _, pgettext
from designer.model.track import MM_PER_UNIT
from designer.panes.markup import number_text


def _number(value: float, decimals: int) -> str:
    """`value` rounded as the English read-out rounds it (at most `decimals` places, trailing zeros dropped),
    written the language's way: "1.33" in English, "1,33" in German."""
    return number_text(float(f"{value:.{decimals}f}"), decimals, trim=True)


def readout(measurement: Measurement, units: str, decimals: int = 2) -> str:
    """The status-bar line of a measurement in the current language; in English exactly `summary()`."""
    distance = measurement.distance_mm / MM_PER_UNIT[units] if units in MM_PER_UNIT else measurement.distance_mm
    parts = [f"{_number(distance, DECIMALS.get(units, 2))} {units}" if units in MM_PER_UNIT else measurement.text]
    letters = {"short": pgettext("Short straight, abbreviated", "S"),
               "medium": pgettext("Medium straight, abbreviated", "M"),
               "long": pgettext("Long straight, abbreviated", "L")}
    for key, letter in letters.items():
        parts.append(f"{_number(measurement.in_straights[key], decimals)} {letter}")
    return " · ".join(parts)


class MeasureTool(Tool):
    name = "measure"
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, manager) -> None:
        super().__init__(manager)
        self._start: tuple[float, float] | None = None
        self._line: QGraphicsLineItem | None = None
        self.last: Measurement | None = None

    @property
    def hint(self) -> str:
        return _("Drag to measure a distance — Esc to stop")

    def activate(self) -> None:
        super().activate()
        self._line = QGraphicsLineItem()
        self._line.setPen(cosmetic_pen(QColor(ACCENT), 1.5, Qt.PenStyle.DashLine))
        self._line.setZValue(OVERLAY_Z - 3)
        self._line.setVisible(False)
        self.manager.scene.addItem(self._line)

    def deactivate(self) -> None:
        self._start = None
        self.discard(self._line)
        self._line = None

    def cancel(self) -> bool:
        self.manager.use_select()
        return True

    # --- events ----------------------------------------------------------------------------------
    def mouse_press(self, event: ToolEvent) -> bool:
        if self.quit_on_right_click(event):
            return True
        if event.left:
            self._start = self.manager.snap_point(event.scene_pos)
            self._show(event.scene_pos)
        return True

    def mouse_move(self, event: ToolEvent) -> bool:
        if self._start is not None:
            self._show(event.scene_pos)
        return True

    def mouse_release(self, event: ToolEvent) -> bool:
        if event.left and self._start is not None:
            self._show(event.scene_pos)
            self._start = None
        return True

    def key_press(self, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_Escape:
            return self.cancel()
        return False

    # --- reading ---------------------------------------------------------------------------------
    def _show(self, scene_pos: QPointF) -> None:
        end = self.manager.snap_point(scene_pos)
        document = self.manager.document
        units = document.prop("display_units")
        self.last = measure(self._start, end, document.ruleset, units)
        if self._line is not None:
            self._line.setLine(QLineF(QPointF(*self._start), QPointF(*end)))
            self._line.setVisible(True)
        window = self.manager.view.window()
        if hasattr(window, "statusBar"):
            window.statusBar().showMessage(readout(self.last, units))
