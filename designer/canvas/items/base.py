"""The base of every element item: a view of one element model that re-syncs itself from `set_element`.

An item never owns data: it holds the frozen element it was last given, places itself from it
(`setPos(x_mm, y_mm)` + `setRotation(rotation_deg)`; both the model and Qt turn clockwise in a y-down
scene) and draws in local millimetres with +x the direction of travel. Subclasses supply the body
outline (what a click hits and what the selection outline traces), any decoration outside it, and the painting.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import ClassVar, Generic, TypeVar

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainter, QPainterPath, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from designer.canvas import style
from designer.canvas.selection import paint_selected_outline
from designer.model.elements import ElementBase

E = TypeVar("E", bound=ElementBase)


@dataclass(frozen=True)
class ItemMetrics:
    """Rule numbers an item needs to draw itself; the scene builds one per kind from the ruleset."""

    length_mm: float      # footprint along the direction of travel (x at rotation 0)
    width_mm: float       # footprint across it
    short_mm: float = 75.0  # the ruleset's Short distance (a ramp's hoop sits a Short beyond its back edge)


#: Used when the ruleset has no size for a kind (or no ruleset could be loaded): visible, never a crash.
FALLBACK_METRICS = ItemMetrics(40.0, 40.0)

# Room around the body for strokes and halos that paint slightly outside it.
_STROKE_MARGIN_MM = 3.0


class ElementItem(QGraphicsItem, Generic[E]):
    """One element on the canvas. `set_element` replaces the model it shows and redraws."""

    kind: ClassVar[str] = ""

    def __init__(self, element: E, metrics: ItemMetrics = FALLBACK_METRICS) -> None:
        super().__init__()
        # Selection is driven by the editing tools, not by Qt's own click handling (see canvas/tools).
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self._element = element
        self._metrics = metrics
        self._body = QPainterPath()
        self._bounds = QRectF()
        self._sync()

    # --- model ---------------------------------------------------------------------------------
    @property
    def element(self) -> E:
        return self._element

    @property
    def element_id(self) -> str:
        return self._element.id

    @property
    def metrics(self) -> ItemMetrics:
        return self._metrics

    def set_element(self, element: E) -> None:
        if element.kind != self.kind:
            raise ValueError(f"a {type(self).__name__} cannot show a {element.kind} element")
        self._element = element
        self._sync()

    def set_metrics(self, metrics: ItemMetrics) -> None:
        self._metrics = metrics
        self._sync()

    def _sync(self) -> None:
        self.prepareGeometryChange()
        self.setPos(self._element.x_mm, self._element.y_mm)
        self.setRotation(self._element.rotation_deg)
        self._body = self.body_path()
        bounds = self._body.boundingRect().united(self.decoration_bounds())
        m = _STROKE_MARGIN_MM
        self._bounds = bounds.adjusted(-m, -m, m, m)
        self.update()

    # --- what subclasses provide ---------------------------------------------------------------
    def body_path(self) -> QPainterPath:
        """The element's outline in local mm: what a click hits and what the footprint looks like."""
        raise NotImplementedError

    def decoration_bounds(self) -> QRectF:
        """Local area painted outside the body (reach rings, labels, links); empty by default."""
        return QRectF()

    def draw(self, painter: QPainter) -> None:
        raise NotImplementedError

    # --- QGraphicsItem --------------------------------------------------------------------------
    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        return self._body

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.draw(painter)
        if self.isSelected():
            paint_selected_outline(painter, self._body)

    # --- helpers for upright drawing -------------------------------------------------------------
    def _upright_transform(self) -> QTransform:
        """Maps the upright frame (scene axes, origin at the element) into local coordinates."""
        return QTransform().rotate(-self._element.rotation_deg)

    @contextmanager
    def upright(self, painter: QPainter, at: QPointF | None = None) -> Iterator[None]:
        """Paint with scene-aligned axes centred on local point `at`: text and faces stay readable."""
        painter.save()
        if at is not None:
            painter.translate(at)
        painter.rotate(-self._element.rotation_deg)
        try:
            yield
        finally:
            painter.restore()

    def upright_bounds(self, rect: QRectF, at: QPointF | None = None) -> QRectF:
        """Local bounds of `rect` given in the upright frame centred on `at`."""
        return self._upright_transform().mapRect(rect).translated(at if at is not None else QPointF())

    def draw_label(self, painter: QPainter, text: str, offset: QPointF,
                   height_mm: float = style.LABEL_MM, **kwargs: object) -> None:
        """Upright text centred `offset` away from the origin, measured along the scene's axes."""
        with self.upright(painter):
            style.draw_text(painter, text, offset, height_mm, **kwargs)  # type: ignore[arg-type]

    def label_bounds(self, text: str, offset: QPointF, height_mm: float = style.LABEL_MM) -> QRectF:
        if not text:
            return QRectF()
        return self.upright_bounds(style.text_box(text, offset, height_mm))


def circle(radius: float, centre: QPointF | None = None) -> QPainterPath:
    path = QPainterPath()
    path.addEllipse(centre if centre is not None else QPointF(), radius, radius)
    return path


def rounded_rect(rect: QRectF, radius: float) -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(rect, radius, radius)
    return path


def centred_rect(length: float, width: float, cx: float = 0.0, cy: float = 0.0) -> QRectF:
    return QRectF(cx - length / 2.0, cy - width / 2.0, length, width)


def ring_bounds(radius: float) -> QRectF:
    return QRectF(-radius, -radius, 2 * radius, 2 * radius)
