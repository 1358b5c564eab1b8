"""The base of every element item: a view of one element model that re-syncs itself from `set_element`.

An item never owns data: it holds the frozen element it was last given, places itself from it
(`setPos(x_mm, y_mm)`, and the rotation applied while painting; both the model and Qt turn clockwise in a y-down
scene) and draws in local millimetres with +x the direction of travel. Subclasses supply the body
outline (what a click hits and what the selection outline traces), any decoration outside it, and the painting.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import ClassVar, Generic, TypeVar

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QPainter, QPainterPath, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from designer.canvas import style
from designer.canvas.selection import paint_selected_outline
from designer.geometry.detail import Detail, detail_level, is_crowded
from designer.model.elements import ElementBase

E = TypeVar("E", bound=ElementBase)


@dataclass(frozen=True)
class ItemMetrics:
    """Rule numbers an item needs to draw itself; the scene builds one per kind from the ruleset."""

    length_mm: float      # footprint along the direction of travel (x at rotation 0)
    width_mm: float       # footprint across it
    short_mm: float = 75.0  # the ruleset's Short distance (a ramp's hoop sits a Short beyond its back edge)
    #: The rule data these numbers come from, for an item drawn with more of it than a footprint (a piece of
    #: track whose shape the rules give): known while the item is made, before it is on the scene. Not part of
    #: its look's key.
    ruleset: object | None = field(default=None, compare=False, repr=False)


#: Used when the ruleset has no size for a kind (or no ruleset could be loaded): visible, never a crash.
FALLBACK_METRICS = ItemMetrics(40.0, 40.0)

# Room around the body for strokes and halos that paint slightly outside it.
_STROKE_MARGIN_MM = 3.0

class ElementItem(QGraphicsItem, Generic[E]):
    """One element on the canvas. `set_element` replaces the model it shows and redraws."""

    kind: ClassVar[str] = ""
    #: Round kinds (coins, pipes, plants …) have a disc footprint instead of a rectangle.
    round: ClassVar[bool] = False
    #: The silhouette colour used when the item is too small on screen for its details.
    simple_colour: ClassVar[QColor] = QColor("#8a8f98")
    #: Painted by the scene's live layer (selected) rather than its static layer; see canvas/layer.py.
    live: bool = False
    #: Set while `draw` runs: draw gradients as flat fills and leave out hairline detail (slats,
    #: stripes). A crowded table's middle level of detail, for items a few dozen pixels across.
    flat: bool = False
    #: Set while the static layer draws the item into its own picture (canvas/pictures.py): leave out what
    #: `paint_outside` paints instead (wide, cheap decorations: reach rings, launcher links).
    picturing: bool = False
    #: The static layer may keep a picture of the item while the zoom holds (canvas/pictures.py): its look
    #: depends on nothing but its element, metrics, `look` and the scene's reach-ring switch.
    cached_picture: ClassVar[bool] = False
    #: True for kinds whose `paint_outside` paints anything.
    paints_outside: ClassVar[bool] = False
    #: Bumped whenever the item's look may change (anything but its position): a picture of it is stale.
    look: int = 0
    #: Items of the class may share pictures with every item that looks the same (canvas/sprites.py): their
    #: art depends on nothing but their class, metrics, element fields (less `look_ignores`), rotation,
    #: `upright_extra` and what the static layer's pictures depend on; what stays upright they paint in
    #: `draw_upright`, through `upright_part` at the end of `draw`, and nowhere else.
    shares_sprites: ClassVar[bool] = False
    #: Element fields the art never shows (a partner's id).
    look_ignores: ClassVar[frozenset[str]] = frozenset()
    #: Element fields only the upright part shows (a gate's number): the turning part is shared without them.
    upright_only: ClassVar[frozenset[str]] = frozenset()
    #: Set while the turning part's sprite is drawn: `upright_part` paints nothing.
    turning_only: bool = False

    def __init__(self, element: E, metrics: ItemMetrics = FALLBACK_METRICS) -> None:
        super().__init__()
        # Selection is driven by the editing tools, not by Qt's own click handling (see canvas/tools).
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self._element = element
        self._metrics = metrics
        self._body = QPainterPath()
        self._shape = QPainterPath()
        self._turn = QTransform()
        self._bounds = QRectF()
        # An item Qt paints itself (a tool's ghost) keeps a picture of itself at the current zoom, so
        # moving it only copies pixels. The scene's own items are painted by its layers (canvas/layer.py).
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
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

    def set_element(self, element: E) -> bool:
        """Show `element`; True when only its position changed (its picture still holds)."""
        if element.kind != self.kind:
            raise ValueError(f"a {type(self).__name__} cannot show a {element.kind} element")
        old, self._element = self._element, element
        if _only_moved(old, element):
            self.setPos(element.x_mm, element.y_mm)  # keeps any picture of it: drags stay cheap
            return True
        self._sync()
        return False

    def scene_changed(self, scene: QGraphicsScene | None) -> None:
        """This item joined `scene` (None: left its scene), as the track scene tells it (canvas/scene.py, its
        `addItem` and `removeItem`); nothing by default. An item that follows other elements overrides this, not
        Qt's `itemChange`: with that overridden, PySide calls Python for every change of flags, position and
        scene of every such item, about ten as each is made."""

    def set_metrics(self, metrics: ItemMetrics) -> None:
        self._metrics = metrics
        self._sync()

    def _sync(self) -> None:
        self.prepareGeometryChange()
        self.setPos(self._element.x_mm, self._element.y_mm)
        # The item itself is never rotated: Qt caches only unrotated items' pictures, so the rotation
        # is applied while painting and to the bounds and shape instead.
        self._rotation = self._element.rotation_deg
        self._turn = QTransform().rotate(self._rotation)
        self.cos_sin = (self._turn.m11(), self._turn.m12())
        self._body = self.body_path()
        self._shape = self._turn.map(self._body)
        bounds = self._body.boundingRect().united(self.decoration_bounds())
        m = _STROKE_MARGIN_MM
        self._local_bounds = bounds.adjusted(-m, -m, m, m)
        self._bounds = self._turn.mapRect(self._local_bounds)
        self.restyled()

    def restyled(self) -> None:
        """The item's look changed: repaint it and forget any picture of it."""
        self.look += 1
        self._sprite_keys: tuple | bool | None = False  # worked out when first asked for
        self.held_parts: tuple | None = None  # (canvas/sprites.py)
        self.update()

    # --- shared looks (canvas/sprites.py) --------------------------------------------------------
    def sprite_keys(self) -> tuple | None:
        """(turning key, upright key): items with equal keys paint the same turning (or upright) part,
        rotation aside; None when the item shares no picture."""
        keys = self._sprite_keys
        if keys is False:
            keys = self._sprite_keys = self._make_sprite_keys() if self.shares_sprites else None
        return keys  # type: ignore[return-value]

    def _make_sprite_keys(self) -> tuple | None:
        fields = self._element.__dict__
        skip = _PLACEMENT | self.look_ignores
        turning = tuple((name, value) for name, value in fields.items()
                        if name not in skip and name not in self.upright_only)
        upright = tuple((name, fields[name]) for name in sorted(self.upright_only) if name in fields)
        looks = ((type(self), self._metrics, turning), (type(self), self._metrics, turning, upright,
                                                        self.upright_extra()))
        try:  # numbered once: sprites are looked up by number, quicker than by the whole look
            return tuple(_LOOK_NUMBERS.setdefault(look, len(_LOOK_NUMBERS)) for look in looks)
        except TypeError:  # a field holding a list: such an element is one of a kind anyway
            return None

    def draw_upright(self, painter: QPainter) -> None:
        """Paint what stays upright (faces, numbers), in the upright frame at the origin; nothing by default."""

    def upright_part(self, painter: QPainter) -> None:
        """Paint `draw_upright` upright, unless only the turning part is being drawn (a sprite)."""
        if not self.turning_only:
            with self.upright(painter):
                self.draw_upright(painter)

    def paint_upright(self, painter: QPainter) -> bool:
        """Paint the upright part alone, `painter` upright at the origin, at the detail its zoom asks for;
        False when there is none."""
        if type(self).draw_upright is ElementItem.draw_upright:
            return False
        level = self.detail(painter)
        if level is Detail.SIMPLE:
            return False
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.flat = level is Detail.FLAT
        try:
            self.draw_upright(painter)
        finally:
            self.flat = False
        return True

    def upright_extra(self) -> tuple:
        """What, besides element fields, the upright part shows (a pipe's pair label)."""
        return ()

    @contextmanager
    def turned_to(self, rotation_deg: float) -> Iterator[None]:
        """Paint as if the element were turned `rotation_deg` (a sprite of its look at that turn)."""
        turn, rotation = self._turn, self._rotation
        self._rotation = rotation_deg
        self._turn = QTransform().rotate(rotation_deg)
        try:
            yield
        finally:
            self._turn, self._rotation = turn, rotation

    def local_picture_rect(self) -> QRectF:
        """`picture_rect` before the element's turn."""
        return self._local_bounds

    def upright_reach(self) -> float:
        """How far from the origin (mm) the upright parts may paint: the picture's farthest corner, unless
        the kind knows better."""
        local = self.local_picture_rect()
        return max(math.hypot(x, y) for x in (local.left(), local.right()) for y in (local.top(), local.bottom()))

    # --- footprint helpers ---------------------------------------------------------------------
    def _rect(self) -> QRectF:
        """The footprint rectangle (length along travel × width across), centred on the element."""
        return centred_rect(self.metrics.length_mm, self.metrics.width_mm)

    def _radius(self) -> float:
        """Half the footprint's smaller side: the size of a round element."""
        return min(self.metrics.length_mm, self.metrics.width_mm) / 2

    # --- what subclasses provide ---------------------------------------------------------------
    def body_path(self) -> QPainterPath:
        """The element's outline in local mm: what a click hits and what the footprint looks like.

        The default is the footprint: a disc for round kinds, else the rectangle.
        """
        if self.round:
            return circle(self._radius())
        path = QPainterPath()
        path.addRect(self._rect())
        return path

    def decoration_bounds(self) -> QRectF:
        """Local area painted outside the body (reach rings, labels, links); empty by default."""
        return QRectF()

    def draw(self, painter: QPainter) -> None:
        raise NotImplementedError

    def draw_simple(self, painter: QPainter) -> None:
        """The far-zoom look: the body as a flat silhouette with a hairline rim."""
        painter.setPen(style.cosmetic(style.INK, 0.6))
        painter.setBrush(self.simple_colour)
        painter.drawPath(self._body)

    # --- QGraphicsItem --------------------------------------------------------------------------
    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        """The body as the scene sees it around the item's position (rotated)."""
        return self._shape

    def picture_rect(self) -> QRectF:
        """Local area a picture of the item must hold: all it paints except `paint_outside`'s part."""
        return self._turn.mapRect(self.local_picture_rect())

    def paint_outside(self, painter: QPainter) -> None:
        """Paint, under the item's picture, what the picture leaves out (nothing by default)."""

    def body(self) -> QPainterPath:
        """The body in the element's own frame (+x = direction of travel), as `draw` uses it."""
        return self._body

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.save()
        painter.setTransform(self._turn, True)
        level = self.detail(painter)
        if level is Detail.SIMPLE:
            self.draw_simple(painter)
        else:
            self.flat = level is Detail.FLAT
            self.draw(painter)
            self.flat = False
        if self.isSelected():
            paint_selected_outline(painter, self._body)
        painter.restore()

    def detail(self, painter: QPainter) -> Detail:
        """The form of the art to draw at the painter's zoom (designer/geometry/detail.py decides)."""
        size = self._body.boundingRect()
        px = style.pixels(painter)
        width, height = size.width() * px, size.height() * px
        return detail_level(max(width, height), min(width, height), self._crowded())

    def draws_simple(self, painter: QPainter) -> bool:
        """True when, at the painter's zoom, the item is small enough on screen to be a silhouette."""
        return self.detail(painter) is Detail.SIMPLE

    def _crowded(self) -> bool:
        scene = self.scene()
        return scene is not None and is_crowded(len(getattr(scene, "items_by_id", ())))

    # --- helpers for upright drawing -------------------------------------------------------------
    def _upright_transform(self) -> QTransform:
        """Maps the upright frame (scene axes, origin at the element) into local coordinates."""
        return QTransform().rotate(-self._rotation)

    @contextmanager
    def upright(self, painter: QPainter, at: QPointF | None = None) -> Iterator[None]:
        """Paint with scene-aligned axes centred on local point `at`: text and faces stay readable."""
        painter.save()
        if at is not None:
            painter.translate(at)
        painter.rotate(-self._rotation)
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


_POSITION = frozenset({"x_mm", "y_mm"})
_PLACEMENT = frozenset({"id", "x_mm", "y_mm", "rotation_deg"})
#: Every look met so far, numbered (`ElementItem.sprite_keys`).
_LOOK_NUMBERS: dict[tuple, int] = {}
#: The two parts of a look (canvas/sprites.py).
TURNING, UPRIGHT = "turning", "upright"


def _only_moved(old: ElementBase, new: ElementBase) -> bool:
    """True when `new` differs from `old` in position alone (same look, same rotation)."""
    if type(old) is not type(new):
        return False
    # Field by field rather than a copy and pydantic's ==: a drag asks this of every moved item per step.
    a, b = old.__dict__, new.__dict__
    return all(a[name] is b[name] or a[name] == b[name] for name in a if name not in _POSITION)


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
