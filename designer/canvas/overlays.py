"""Reach and effect overlays: where ramps land, boosts push, Thwomps crash and Bullet Bill flies.

One `OverlayItem` per editor paints every enabled overlay kind, worked out from the document's elements
with the pure geometry of `designer.geometry.hazards`:

- "ramps": each ramp's Medium ("gear 2–3") and Long ("gear 4+") landing zones beyond the back edge, and
  the flaming hoop a Short beyond the back edge when the ramp has one;
- "boost": the Short push area directly ahead of each boost pad and dash panel;
- "thwomps": each Thwomp's footprint (where it crashes down);
- "bullet_bill": from each plate's launcher pipe, Bill's Medium steps as a dotted line with a dot per step,
  ending in a marker that says why it stopped;
- "warp_links": a dashed line joining the two pipes of each linked pair.

The item is an editing aid only: it sits above everything, is never selectable nor hit by the mouse (its
shape is empty), and is not in `scene.items_by_id`, so image exports and prints leave it out. The shapes
are recomputed from the document (debounced, `RECOMPUTE_MS`) whenever it changes.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPainterPath
from PySide6.QtWidgets import QGraphicsObject, QStyleOptionGraphicsItem, QWidget
from shapely.geometry.base import BaseGeometry

from designer.canvas import style
from designer.canvas.items.surface import geometry_path
from designer.geometry.hazards import (
    boost_push,
    bullet_bill_path,
    launcher_of,
    ramp_landing_zones,
    thwomp_footprint,
)

#: The overlay kinds, in menu order, with their menu titles.
OVERLAY_KINDS: dict[str, str] = {
    "ramps": "Ramp Landing Zones",
    "boost": "Boost Push",
    "thwomps": "Thwomp Footprints",
    "bullet_bill": "Bullet Bill Path",
    "warp_links": "Warp-Pipe Links",
}
OVERLAY_Z = 1_000_000.0
RECOMPUTE_MS = 100
TEXT_MM = 9.0
STEP_DOT_MM = 4.0
#: Padding around the shapes for pens, dots and labels (mm).
PAD_MM = 30.0

ZONE_LABELS = {"medium": "gear 2–3", "long": "gear 4+", "hoop": "hoop"}
STOP_LABELS = {"left_track": "leaves the track", "left_table": "leaves the table",
               "hit_scenery": "hits scenery", "max_steps": "keeps going"}
COLOURS = {
    "medium": QColor(255, 170, 0),
    "long": QColor(220, 80, 0),
    "hoop": QColor(255, 60, 30),
    "boost": QColor(0, 170, 255),
    "thwomps": QColor(120, 60, 200),
    "bullet_bill": QColor(20, 20, 20),
    "warp_links": QColor(0, 150, 60),
}


@dataclass
class OverlayShape:
    """One drawn thing: an area (filled path), a line (open path), dots, and an optional label."""

    kind: str
    role: str
    path: QPainterPath = field(default_factory=QPainterPath)
    filled: bool = True
    dots: list[QPointF] = field(default_factory=list)
    label: str = ""
    label_at: QPointF | None = None

    def bounds(self) -> QRectF:
        rect = self.path.boundingRect()
        for dot in self.dots:
            rect = rect.united(QRectF(dot.x() - 1, dot.y() - 1, 2, 2))
        if self.label_at is not None:
            rect = rect.united(style.text_box(self.label, self.label_at, TEXT_MM))
        return rect


def _centre(geometry: BaseGeometry) -> QPointF:
    c = geometry.centroid
    return QPointF(c.x, c.y)


def _line(points: Iterable[tuple[float, float]]) -> QPainterPath:
    path = QPainterPath()
    for i, (x, y) in enumerate(points):
        if i == 0:
            path.moveTo(x, y)
        else:
            path.lineTo(x, y)
    return path


def compute_shapes(document, ruleset) -> dict[str, list[OverlayShape]]:
    """Every overlay kind's shapes for the document's current elements (empty lists without a ruleset)."""
    shapes: dict[str, list[OverlayShape]] = {kind: [] for kind in OVERLAY_KINDS}
    elements = document.elements
    if ruleset is None:
        return shapes
    table = document.prop("table")
    by_id = {e.id: e for e in elements}
    for element in elements:
        try:
            if element.kind == "ramp":
                for role, zone in ramp_landing_zones(element, ruleset).items():
                    if zone is None or role not in ZONE_LABELS:
                        continue
                    shapes["ramps"].append(OverlayShape("ramps", role, geometry_path(zone),
                                                        label=ZONE_LABELS[role], label_at=_centre(zone)))
            elif element.kind in ("boost_pad", "dash_panel"):
                push = boost_push(element, ruleset)
                shapes["boost"].append(OverlayShape("boost", "push", geometry_path(push)))
            elif element.kind == "thwomp":
                shapes["thwomps"].append(OverlayShape("thwomps", "footprint",
                                                      geometry_path(thwomp_footprint(element, ruleset))))
            elif element.kind == "bullet_bill":
                pipe = launcher_of(element, elements)
                if pipe is not None:
                    flight = bullet_bill_path(pipe, document.track, elements, table, ruleset)
                    end = flight.steps[-1] if flight.steps else flight.start
                    shapes["bullet_bill"].append(OverlayShape(
                        "bullet_bill", flight.stopped, _line(flight.points), filled=False,
                        dots=[QPointF(x, y) for x, y in flight.steps],
                        label=STOP_LABELS.get(flight.stopped, flight.stopped),
                        label_at=QPointF(end[0], end[1] - TEXT_MM * 1.6)))
            elif element.kind == "warp_pipe":
                partner = by_id.get(element.pair or "")
                # one line per pair: drawn from the pipe that comes first in the list
                if partner is not None and partner.kind == "warp_pipe" and partner.id != element.id \
                        and (partner.pair != element.id or element.id < partner.id):
                    shapes["warp_links"].append(OverlayShape(
                        "warp_links", "link",
                        _line([(element.x_mm, element.y_mm), (partner.x_mm, partner.y_mm)]), filled=False))
        except (ValueError, AttributeError, KeyError):  # an odd element costs its overlay, not the canvas
            continue
    return shapes


class OverlayItem(QGraphicsObject):
    """The overlays of one scene. `set_enabled(kind, on)`; `shapes(kind)` lists what is drawn."""

    def __init__(self, scene) -> None:
        super().__init__()
        self._scene = scene
        self._enabled: set[str] = set()
        self._shapes: dict[str, list[OverlayShape]] = {kind: [] for kind in OVERLAY_KINDS}
        self._bounds = QRectF()
        self.setZValue(OVERLAY_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(RECOMPUTE_MS)
        self._timer.timeout.connect(self.recompute)
        self._document = None
        scene.addItem(self)
        scene.document_changed.connect(self._follow_document)
        self._follow_document()

    # --- following the document ------------------------------------------------------------------
    def _follow_document(self) -> None:
        document = self._scene.document
        if document is not self._document:
            if self._document is not None:
                for signal in self._signals(self._document):
                    with contextlib.suppress(RuntimeError, TypeError):
                        signal.disconnect(self.schedule)
            self._document = document
            if document is not None:
                for signal in self._signals(document):
                    signal.connect(self.schedule)
        self.recompute()

    @staticmethod
    def _signals(document) -> list:
        return [document.elements_inserted, document.elements_removed, document.elements_changed,
                document.order_changed, document.track_changed, document.properties_changed]

    def schedule(self, *_args) -> None:
        """Recompute after the document has been quiet for `RECOMPUTE_MS` (drags change it per mouse move)."""
        self._timer.start()

    def recompute(self) -> None:
        self._timer.stop()
        if self._document is None or not self._enabled:
            self._shapes = {kind: [] for kind in OVERLAY_KINDS}
        else:
            self._shapes = compute_shapes(self._document, self._scene.ruleset)
        self._update_bounds()

    def _update_bounds(self) -> None:
        rect = QRectF()
        for kind in self._enabled:
            for shape in self._shapes.get(kind, []):
                rect = rect.united(shape.bounds())
        if not rect.isEmpty():
            rect = rect.adjusted(-PAD_MM, -PAD_MM, PAD_MM, PAD_MM)
        self.prepareGeometryChange()
        self._bounds = rect
        self.update()

    # --- what is shown ---------------------------------------------------------------------------
    def enabled(self) -> set[str]:
        return set(self._enabled)

    def is_enabled(self, kind: str) -> bool:
        return kind in self._enabled

    def set_enabled(self, kind: str, on: bool) -> None:
        if kind not in OVERLAY_KINDS:
            raise ValueError(f"no overlay called {kind!r}")
        if (kind in self._enabled) == on:
            return
        was_empty = not self._enabled
        if on:
            self._enabled.add(kind)
        else:
            self._enabled.discard(kind)
        if was_empty and on:
            self.recompute()  # nothing was computed while every overlay was off
        else:
            self._update_bounds()

    def shapes(self, kind: str) -> list[OverlayShape]:
        """The shapes drawn for `kind` (empty while it is off)."""
        return list(self._shapes.get(kind, [])) if kind in self._enabled else []

    # --- QGraphicsItem ---------------------------------------------------------------------------
    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        return QPainterPath()  # never hit by clicks or rubber bands

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for kind in OVERLAY_KINDS:
            if kind not in self._enabled:
                continue
            for shape in self._shapes.get(kind, []):
                self._paint_shape(painter, shape)

    def _paint_shape(self, painter: QPainter, shape: OverlayShape) -> None:
        colour = COLOURS.get(shape.role if shape.kind == "ramps" else shape.kind, style.INK)
        line = style.stroke(painter, 1.2, 1.5)
        painter.save()
        if shape.kind == "bullet_bill":
            dotted = style.pen(colour, style.stroke(painter, 2.0, 2.0), Qt.PenStyle.DotLine)
            painter.setPen(dotted)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(shape.path)
            painter.setPen(style.pen(style.HALO, line))
            painter.setBrush(colour)
            radius = STEP_DOT_MM / 2
            for dot in shape.dots[:-1]:
                painter.drawEllipse(dot, radius, radius)
            if shape.dots:
                end = shape.dots[-1]
                painter.setBrush(COLOURS["hoop"])
                cross = QPainterPath()
                cross.addEllipse(end, radius * 2, radius * 2)
                painter.drawPath(cross)
        elif shape.kind == "warp_links":
            dashed = style.pen(colour, style.stroke(painter, 1.5, 1.5), Qt.PenStyle.DashLine)
            painter.setPen(dashed)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(shape.path)
        else:
            pen_style = Qt.PenStyle.DashLine if shape.kind in ("ramps", "boost") else Qt.PenStyle.SolidLine
            painter.setPen(style.pen(colour, line, pen_style))
            painter.setBrush(style.with_alpha(colour, 70))
            if shape.kind == "thwomps":
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawPath(shape.path)
                hatch = style.brush(style.with_alpha(colour, 120))
                hatch.setStyle(Qt.BrushStyle.BDiagPattern)
                painter.setBrush(hatch)
                painter.setPen(Qt.PenStyle.NoPen)
            painter.drawPath(shape.path)
        painter.restore()
        if shape.label and shape.label_at is not None:
            style.draw_text(painter, shape.label, shape.label_at, TEXT_MM, color=colour.darker(140))
