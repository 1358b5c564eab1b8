"""Problem markers on the canvas: a ring per element with problems, in its worst severity's colour, the same
size on screen at every zoom (`designer.app.checks_setup` keeps them in step with the checks and the document).

Each marker is an item of the scene, found under the pointer for its tooltip, but Qt never paints one
(`ItemHasNoContents`): on a crowded table Qt would walk and draw ~2,000 ring items on every repaint.

* `StaticRings` paints the rings of elements in the canvas's static layer (canvas/layer.py) into each view's
  cached background, over every element there: a drag of a selection copies them with the rest of it.
* `LiveMarkers` paints the rings of live (selected) elements, above everything, and a drag moves it whole, as
  the live layer moves the picture of the selection (canvas/live.py).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPen, QPixmap, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from designer.canvas import layer
from designer.canvas.live import SAME_OFFSET_MM
from designer.geometry.checks import Problem
from designer.geometry.checks.base import SEVERITY_RANK
from designer.i18n import _, pgettext
from designer.panes.markup import literal
from designer.panes.problems import SEVERITY_COLORS

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

MARKER_Z = 1_000_000.0
MARKER_RADIUS_PX = 11.0
#: How far a ring reaches from its centre, in device-independent pixels (its pen included).
RING_REACH_PX = MARKER_RADIUS_PX + 3.0


def severity_label(severity: str) -> str:
    """"error", "warning", "info" as the user reads them (a marker's tooltip)."""
    labels = {"error": pgettext("severity", "error"), "warning": pgettext("severity", "warning"),
              "info": pgettext("severity", "info")}
    return labels.get(severity, severity)


class ProblemMarker(QGraphicsItem):
    """The marker of one element with problems: where its ring is, its severity and its tooltip. Its ring
    is painted by `StaticRings` while `layered`, else by `LiveMarkers`."""

    #: Never the canvas's static layer's to paint.
    live = True

    def __init__(self, element_id: str) -> None:
        super().__init__()
        self.element_id_with_problem = element_id   # deliberately not `element_id`: tools skip overlays
        self.severity = "info"
        self.problems: list[Problem] = []
        #: True while the element is in the static layer (unselected).
        self.layered = True
        self._tooltip_built = False
        self.setZValue(MARKER_Z)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, False)
        self.setFlag(layer.NO_CONTENTS, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_problems(self, problems: list[Problem]) -> bool:
        """Take the element's problems; True when the ring's colour changed (its painter repaints it). The
        tooltip is built when the pointer rests on the marker (`prepare_tooltip`), not on every run."""
        if problems == self.problems:
            return False
        self.problems = problems
        severity = min((p.severity for p in problems), key=SEVERITY_RANK.__getitem__)
        changed = severity != self.severity
        self.severity = severity
        if self._tooltip_built:
            self._tooltip_built = False
            self.setToolTip("")
        return changed

    def tooltip_text(self) -> str:
        return literal("\n".join(_("{severity}: {message}").format(severity=severity_label(p.severity),
                                                                   message=p.message) for p in self.problems))

    def prepare_tooltip(self) -> None:
        """Set the tooltip, if the problems changed since it was last set (the canvas's tooltip filter asks
        every item under the pointer before a tooltip shows: `designer.app.canvas_tooltips`)."""
        if not self._tooltip_built:
            self.setToolTip(self.tooltip_text())
            self._tooltip_built = True

    def boundingRect(self) -> QRectF:
        return _MARKER_BOUNDS  # asked several times per move: one rectangle for all

    def paint(self, painter: QPainter, _option, _widget=None) -> None:
        pass  # never called (no contents): `StaticRings` and `LiveMarkers` paint the rings


def ring_reach(pixels_per_unit: float) -> float:
    """How far a ring reaches from its centre, in the units of a view drawing `pixels_per_unit` to one."""
    return RING_REACH_PX / max(pixels_per_unit, 1e-9)


def paint_rings(painter: QPainter, rings: Iterable[tuple[float, float, str]], exposed: QRectF) -> None:
    """Paint each ring (x, y, severity; in the painter's own units) that reaches into `exposed`: one picture
    per severity, copied to the whole device pixel nearest the ring's centre."""
    world = painter.worldTransform()
    pad = ring_reach(QStyleOptionGraphicsItem.levelOfDetailFromTransform(world))
    area = exposed.adjusted(-pad, -pad, pad, pad)
    left, top, right, bottom = area.left(), area.top(), area.right(), area.bottom()
    m11, m12, m21, m22 = world.m11(), world.m12(), world.m21(), world.m22()
    dx, dy = world.dx() - _RING_HALF_PX, world.dy() - _RING_HALF_PX
    ratio = painter.device().devicePixelRatioF()
    painter.save()
    painter.setWorldTransform(QTransform())
    draw = painter.drawPixmap
    for x, y, severity in rings:
        if left <= x <= right and top <= y <= bottom:
            draw(round(m11 * x + m21 * y + dx), round(m12 * x + m22 * y + dy), _ring(severity, ratio))
    painter.restore()


class StaticRings:
    """Paints the rings of the markers whose elements are not live into the view's cached background, over
    every element there (the canvas scene's `background_overlays`); `layer.invalidate` repaints a part."""

    def __init__(self, markers: dict[str, ProblemMarker]) -> None:
        self._markers = markers

    def __call__(self, painter: QPainter, rect: QRectF) -> None:
        paint_rings(painter, ((m.x(), m.y(), m.severity) for m in self._markers.values()
                              if m.layered and m.isVisible()), rect)


class LiveMarkers(QGraphicsItem):
    """The rings of the markers whose elements are live, painted where they stood when last refreshed plus
    the item's offset: `follow` moves the item when they all moved by one offset (a drag), else refreshes."""

    def __init__(self, markers: dict[str, ProblemMarker], scale: Callable[[], float]) -> None:
        super().__init__()
        self.setZValue(MARKER_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)  # a true exposedRect
        self._all = markers
        self._scale = scale  # the view's pixels per scene unit: how far a ring reaches in the scene
        self._markers: list[ProblemMarker] = []
        self._rings: list[tuple[float, float, str]] = []
        self._bounds = QRectF()

    def refresh(self) -> None:
        """Paint the rings of the live markers as they stand now."""
        self.prepareGeometryChange()
        self.setPos(QPointF())
        self._markers = [m for m in self._all.values() if not m.layered and m.isVisible()]
        self._rings = [(m.x(), m.y(), m.severity) for m in self._markers]
        if self._rings:
            pad = ring_reach(self._scale())
            xs = [x for x, _y, _s in self._rings]
            ys = [y for _x, y, _s in self._rings]
            self._bounds = QRectF(min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad,
                                  max(ys) - min(ys) + 2 * pad)
        else:
            self._bounds = QRectF()
        self.update()

    def follow(self) -> None:
        """Catch up with live markers that moved (the markers themselves follow their elements at once)."""
        if not self._markers:
            return
        (x0, y0, _s), first = self._rings[0], self._markers[0]
        dx, dy = first.x() - x0, first.y() - y0
        for marker, (x, y, _s) in zip(self._markers, self._rings, strict=True):
            if abs(marker.x() - x - dx) > SAME_OFFSET_MM or abs(marker.y() - y - dy) > SAME_OFFSET_MM:
                self.refresh()
                return
        self.setPos(dx, dy)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        return QPainterPath()  # the tooltips find the markers themselves

    def paint(self, painter: QPainter, option, _widget=None) -> None:
        paint_rings(painter, self._rings, option.exposedRect)


_RING_HALF_PX = math.ceil(RING_REACH_PX)
_MARKER_BOUNDS = QRectF(-RING_REACH_PX, -RING_REACH_PX, 2 * RING_REACH_PX, 2 * RING_REACH_PX)


@lru_cache(maxsize=16)
def _ring(severity: str, ratio: float) -> QPixmap:
    """A marker's ring in the severity's colour, centred in its picture, at the screen's pixel ratio."""
    size = math.ceil(2 * _RING_HALF_PX * ratio)
    ring = QPixmap(size, size)
    ring.setDevicePixelRatio(ratio)
    ring.fill(Qt.GlobalColor.transparent)
    painter = QPainter(ring)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.translate(_RING_HALF_PX, _RING_HALF_PX)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(Qt.GlobalColor.white, 5.0))
    painter.drawEllipse(QPointF(0, 0), MARKER_RADIUS_PX, MARKER_RADIUS_PX)
    painter.setPen(QPen(SEVERITY_COLORS[severity], 3.0))
    painter.drawEllipse(QPointF(0, 0), MARKER_RADIUS_PX, MARKER_RADIUS_PX)
    painter.end()
    return ring
