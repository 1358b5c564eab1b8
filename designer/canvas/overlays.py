"""Reach and effect overlays: the View ▸ Overlays toggles of the document's game system, painted.

What an overlay shows is declared by the system (`designer.systems.api.Overlay`, pure geometry such as
`designer.systems.mk_gaslands.overlays`); this module only paints it. `offered(document)` lists the overlays
of the document's system (none for a ruleset no system registers). One `OverlayItem` per editor paints every
enabled overlay, each mark in the look the overlay declares (`Overlay.look`, pure data).

The item is an editing aid only: it sits above everything, is never selectable nor hit by the mouse (its
shape is empty), and is not in `scene.items_by_id`, so image exports and prints leave it out. The shapes
are recomputed from the document (debounced, `RECOMPUTE_MS`) whenever it changes.
"""

from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPainter, QPainterPath
from PySide6.QtWidgets import QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from designer.canvas import style
from designer.canvas.items.surface import geometry_path
from designer.systems import registry
from designer.systems.api import Layout, Overlay, OverlayLook, OverlayMark

log = logging.getLogger(__name__)

OVERLAY_Z = 1_000_000.0
RECOMPUTE_MS = 100
TEXT_MM = 9.0
STEP_DOT_MM = 4.0
#: Padding around the shapes for pens, dots and labels (mm).
PAD_MM = 30.0


#: The look of an overlay that declares none.
FALLBACK_STYLE = OverlayLook()
_PEN_STYLES = {"solid": Qt.PenStyle.SolidLine, "dashed": Qt.PenStyle.DashLine, "dotted": Qt.PenStyle.DotLine}


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


def offered(document) -> tuple[Overlay, ...]:
    """The overlays of `document`'s game system, in menu order (none without a document or a known system)."""
    if document is None:
        return ()
    system = registry.find(document.prop("ruleset"))
    return system.overlays if system is not None else ()


def _line(points) -> QPainterPath:
    path = QPainterPath()
    for i, (x, y) in enumerate(points):
        if i == 0:
            path.moveTo(x, y)
        else:
            path.lineTo(x, y)
    return path


def _shape(name: str, mark: OverlayMark) -> OverlayShape:
    if mark.area is not None:
        path, filled = geometry_path(mark.area), True
    else:
        path, filled = _line(mark.line), False
    label_at = QPointF(*mark.label_at) if mark.label_at is not None else None
    return OverlayShape(name, mark.role, path, filled, [QPointF(x, y) for x, y in mark.dots], mark.label, label_at)


def compute_shapes(document, ruleset) -> dict[str, list[OverlayShape]]:
    """Every offered overlay's shapes for the document's current elements (empty lists without a ruleset)."""
    overlays = offered(document)
    shapes: dict[str, list[OverlayShape]] = {overlay.name: [] for overlay in overlays}
    if ruleset is None:
        return shapes
    layout = Layout(document.elements, document.track, document.prop("table"))
    for overlay in overlays:
        try:
            shapes[overlay.name] = [_shape(overlay.name, mark) for mark in overlay.shapes(layout, ruleset)]
        except Exception:  # a plug-in's faulty overlay costs that overlay, not the canvas
            log.exception("overlay %r could not be worked out", overlay.name)
    return shapes


class OverlayItem(QGraphicsObject):
    """The overlays of one scene. `offered()` lists its document's system's overlays; `set_enabled(name, on)`
    for one of them; `shapes(name)` lists what is drawn. `offered_changed` when the list changes (the
    document's ruleset was switched)."""

    offered_changed = Signal()

    def __init__(self, scene) -> None:
        super().__init__()
        self._scene = scene
        self._enabled: set[str] = set()
        self._offered: tuple[Overlay, ...] = ()
        self._shapes: dict[str, list[OverlayShape]] = {}
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
        overlays = offered(document)
        changed = [o.name for o in overlays] != [o.name for o in self._offered]
        self._offered = overlays
        self._enabled &= {o.name for o in overlays}
        self.recompute()
        if changed:
            self.offered_changed.emit()

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
            self._shapes = {}
        else:
            self._shapes = compute_shapes(self._document, self._scene.ruleset)
        self._update_bounds()

    def _update_bounds(self) -> None:
        rect = QRectF()
        for name in self._enabled:
            for shape in self._shapes.get(name, []):
                rect = rect.united(shape.bounds())
        if not rect.isEmpty():
            rect = rect.adjusted(-PAD_MM, -PAD_MM, PAD_MM, PAD_MM)
        self.prepareGeometryChange()
        self._bounds = rect
        self.update()

    # --- what is shown ---------------------------------------------------------------------------
    def offered(self) -> tuple[Overlay, ...]:
        return self._offered

    def enabled(self) -> set[str]:
        return set(self._enabled)

    def is_enabled(self, name: str) -> bool:
        return name in self._enabled

    def set_enabled(self, name: str, on: bool) -> None:
        if name not in {o.name for o in self._offered}:
            raise ValueError(f"no overlay called {name!r} for this document's game system")
        if (name in self._enabled) == on:
            return
        was_empty = not self._enabled
        if on:
            self._enabled.add(name)
        else:
            self._enabled.discard(name)
        if was_empty and on:
            self.recompute()  # nothing was computed while every overlay was off
        else:
            self._update_bounds()

    def shapes(self, name: str) -> list[OverlayShape]:
        """The shapes drawn for overlay `name` (empty while it is off)."""
        return list(self._shapes.get(name, [])) if name in self._enabled else []

    # --- QGraphicsItem ---------------------------------------------------------------------------
    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        return QPainterPath()  # never hit by clicks or rubber bands

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for overlay in self._offered:
            if overlay.name not in self._enabled:
                continue
            look = overlay.look
            for shape in self._shapes.get(overlay.name, []):
                _paint_shape(painter, shape, look)


def _paint_shape(painter: QPainter, shape: OverlayShape, look: OverlayLook) -> None:
    colour = QColor(look.colour_of(shape.role))
    pen_style = _PEN_STYLES.get(look.line, Qt.PenStyle.SolidLine)
    line = style.stroke(painter, 1.2, 1.5)
    painter.save()
    if not shape.filled:
        width = style.stroke(painter, 2.0, 2.0) if look.line == "dotted" else style.stroke(painter, 1.5, 1.5)
        painter.setPen(style.pen(colour, width, pen_style))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(shape.path)
    elif look.hatched:
        painter.setPen(style.pen(colour, line, pen_style))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(shape.path)
        hatch = style.brush(style.with_alpha(colour, 120))
        hatch.setStyle(Qt.BrushStyle.BDiagPattern)
        painter.setBrush(hatch)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawPath(shape.path)
    else:
        painter.setPen(style.pen(colour, line, pen_style))
        painter.setBrush(style.with_alpha(colour, 70))
        painter.drawPath(shape.path)
    if shape.dots:
        painter.setPen(style.pen(style.HALO, line))
        painter.setBrush(colour)
        radius = STEP_DOT_MM / 2
        last = shape.dots[-1] if look.end_colour is not None else None
        for dot in shape.dots[:-1] if last is not None else shape.dots:
            painter.drawEllipse(dot, radius, radius)
        if last is not None:
            painter.setBrush(QColor(look.end_colour))
            ring = QPainterPath()
            ring.addEllipse(last, radius * 2, radius * 2)
            painter.drawPath(ring)
    painter.restore()
    if shape.label and shape.label_at is not None:
        style.draw_text(painter, shape.label, shape.label_at, TEXT_MM, color=colour.darker(140))
