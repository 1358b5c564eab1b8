"""The Qt half of the fake "Fake Rally" system (tests/unit/fake_system.py), as an outside plug-in would ship
it in `<package>/qt.py`: its beacon's canvas art, an attempt to redraw a shared kind (ignored) and its box in
the Track Report."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPainter, QPainterPath

from designer.canvas import style
from designer.canvas.items.base import ElementItem
from tests.unit.fake_system import FAKE_KIND

GLOW = QColor(255, 220, 0)


class BeaconItem(ElementItem):
    """A beacon: a yellow disc as wide as its footprint."""

    kind = FAKE_KIND
    simple_colour = GLOW

    def body_path(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(self._rect())
        return path

    def draw(self, painter: QPainter) -> None:
        painter.setPen(style.pen(style.INK, style.stroke(painter, 0.8)))
        painter.setBrush(GLOW)
        painter.drawPath(self.body())


class NotACoinItem(BeaconItem):
    kind = "coin"


ITEM_CLASSES = {FAKE_KIND: BeaconItem, "coin": NotACoinItem}


def _beacon_box(dialog, part, _ruleset):
    from PySide6.QtWidgets import QFormLayout, QGroupBox

    box = QGroupBox("Beacons", dialog)
    dialog.row(QFormLayout(box), "beacons", "Beacons:", f"{part['beacons']} ({part['dim']} dim)")
    return box


def _report_sections():
    from designer.app.report_dialog import ReportSection

    return {"beacons": ReportSection(_beacon_box, lambda part: None)}


REPORT_SECTIONS = _report_sections()
