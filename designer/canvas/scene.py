"""`TrackScene`: the canvas scene of one track document, in millimetres (origin at the table's top-left, y down).

The scene is a view of a `Document`: `set_document(document)` builds the surface item and one item per
element (z-ordered by list order) and remembers them in `items_by_id`; the document's change signals keep them in step.
Cross-element decorations (warp-pipe pair labels, Bullet Bill launcher links) are worked out here because
they depend on more than one element. The table and its grid are painted in `drawBackground`, with every
unselected element (the static layer, canvas/layer.py); selected elements are painted by `live_layer`
(canvas/live.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from designer.canvas import layer, style
from designer.canvas.items import (
    FALLBACK_METRICS,
    BulletBillItem,
    ElementItem,
    ItemMetrics,
    TrackSurfaceItem,
    WarpPipeItem,
    create_element_item,
)
from designer.canvas.live import LiveLayer
from designer.canvas.pictures import ItemPictures
from designer.document.document import Document
from designer.geometry.labels import warp_pipe_labels
from designer.geometry.snap import GRID_SPACING_MM  # (minor, major) mm per display unit, shared with snapping
from designer.model.elements import ElementBase

#: Grid lines closer than this on screen are left out; they would only grey the table.
MIN_GRID_PX = 8.0

SURFACE_Z = -1_000.0
#: A change of more elements than this repaints the whole layer rather than adding up where each one was
#: and is: the sum costs more than the repaint it would spare.
BULK = 300
#: Kinds whose drawing depends on other elements (pair labels, launcher links).
LINKED_KINDS = frozenset({"warp_pipe", "bullet_bill"})


class TrackScene(QGraphicsScene):
    """The scene of one `Document`. Scene units are mm. Items follow the document's change signals."""

    #: Emitted after `set_document` has rebuilt every item.
    document_changed = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        # No BSP index: a drag moves hundreds of items at once, and keeping a tree up to date costs
        # more than scanning a few thousand bounding rects when asked what lies somewhere.
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self._document: Document | None = None
        self._ruleset = None
        self._metrics: dict[str, ItemMetrics] = {}
        self.items_by_id: dict[str, ElementItem] = {}
        self.surface_item: TrackSurfaceItem | None = None
        #: Piranha-plant and chain-chomp reach rings are drawn (an overlay the user can switch off).
        self.show_reach = True
        #: The grid lines on the table (View ▸ Show Grid).
        self.show_grid = True
        self.setBackgroundBrush(style.OUTSIDE)
        #: Paints the selected elements on top of the static layer (see canvas/live.py).
        self.live_layer = LiveLayer()
        self.addItem(self.live_layer)
        self.addItem(self.live_layer.links)
        #: Pictures of layered items at the view's zoom, so repaints that only moved them copy pixels.
        self.pictures = ItemPictures()
        #: What features paint over every layered element as part of each view's cached background (painter,
        #: scene rect), never in an export; `layer.invalidate` repaints a part of it.
        self.background_overlays: list[Callable[[QPainter, QRectF], None]] = []
        self._linked: list[ElementItem] = []  # warp pipes and Bullet Bills, in document order
        self.selectionChanged.connect(self._on_selection_changed)

    # --- document ------------------------------------------------------------------------------
    @property
    def document(self) -> Document | None:
        return self._document

    @property
    def ruleset(self):
        return self._ruleset

    def table_rect(self) -> QRectF:
        if self._document is None:
            return QRectF()
        table = self._document.prop("table")
        return QRectF(0.0, 0.0, table.width_mm, table.height_mm)

    def display_units(self) -> str:
        return self._document.prop("display_units") if self._document is not None else "mm"

    def set_document(self, document: Document) -> None:
        """Show `document` and follow its changes from now on.

        Without a loadable ruleset, or for kinds it has no size for, items fall back to a neutral 40 mm footprint.
        """
        if self._document is not None:
            self._document.disconnect(self)
        self._document = document
        document.elements_inserted.connect(self._on_inserted)
        document.elements_removed.connect(self._on_removed)
        document.elements_changed.connect(self._on_changed)
        document.order_changed.connect(self._restack)
        document.track_changed.connect(self._on_track_changed)
        document.properties_changed.connect(self._on_properties_changed)
        self._rebuild()

    def _rebuild(self) -> None:
        self._clear_items()
        self._ruleset = _try_ruleset(self._document)
        self._metrics = {}
        self._on_track_changed()
        for element in self._document.elements:
            self._add_item(element)
        self._restack()
        self._relink()
        self._update_scene_rect()
        self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)
        self.document_changed.emit()

    def addItem(self, item: QGraphicsItem) -> None:
        """Qt's `addItem`, and an element item told it joined (`ElementItem.scene_changed`)."""
        super().addItem(item)
        if isinstance(item, ElementItem):
            item.scene_changed(self)

    def removeItem(self, item: QGraphicsItem) -> None:
        """Qt's `removeItem`, and an element item told it left."""
        super().removeItem(item)
        if isinstance(item, ElementItem):
            item.scene_changed(None)

    def _add_item(self, element: ElementBase) -> ElementItem:
        item = create_element_item(element, self.metrics_for(element.kind))
        item.setFlag(layer.NO_CONTENTS, True)  # painted by the static layer, or the live one when selected
        self.addItem(item)
        self.items_by_id[element.id] = item
        return item

    def _clear_items(self) -> None:
        self.pictures.clear()
        for item in [*self.items_by_id.values(), self.surface_item]:
            if item is not None:
                self.removeItem(item)
        self.items_by_id = {}
        self.surface_item = None
        self.live_layer.set_items([])

    # --- following the document ------------------------------------------------------------------
    def _on_inserted(self, placements: list) -> None:
        added = [self._add_item(self._document.element(element_id)) for _, element_id in placements]
        layer.invalidate(self, _bounds(added))
        self._restack()
        self._relink()
        self._update_scene_rect()

    def _on_removed(self, ids: list) -> None:
        for element_id in ids:
            item = self.items_by_id.pop(element_id, None)
            if item is not None:
                layer.invalidate(self, item.sceneBoundingRect())
                self.removeItem(item)
                self.pictures.forget(item)
        self.live_layer.set_items(item for item in self.live_layer.items if item.scene() is self)
        self._restack()
        self._relink()

    def _on_changed(self, ids: list) -> None:
        changed = [self.items_by_id[i] for i in ids]
        layered = [item for item in changed if layer.is_layered(item)]
        bulk = len(layered) > BULK  # (a drag of a big selection moves live items: nothing to repaint here)
        before = QRectF() if bulk else _bounds(layered)
        element = self._document.element
        restyled = [item for item in changed if not item.set_element(element(item.element_id))]
        if bulk:  # every item stays inside the scene rect until it moves out: then inside its items' bounds
            layer.invalidate(self, self.sceneRect().united(self.itemsBoundingRect()))
        else:
            layer.invalidate(self, before.united(_bounds(layered)))
        if any(item.kind in LINKED_KINDS for item in restyled):
            self._relink()
        elif any(item.kind in LINKED_KINDS for item in changed):
            self._relink(moved=set(ids))  # moves change launcher links, never pipe pairs
        if any(item.live for item in restyled):
            self.live_layer.refresh()
        elif any(item.live for item in changed):
            self.live_layer.follow()  # a drag: the picture of the selection moves as one
        self._grow_scene_rect(changed)

    def _grow_scene_rect(self, items: list) -> None:
        """Widen the scrollable area when edited items leave it (cheap: only the edited items count)."""
        if len(items) > BULK:
            if not self.sceneRect().contains(self.itemsBoundingRect()):
                self._update_scene_rect()
            return
        bounds = QRectF()
        live = False
        for item in items:
            if item.live:
                live = True  # the live layer's bounds hold them all
            else:
                bounds = bounds.united(item.sceneBoundingRect())
        if live:
            bounds = bounds.united(self.live_layer.sceneBoundingRect())
        if not self.sceneRect().contains(bounds):
            self._update_scene_rect()

    def _restack(self) -> None:
        restacked_live = False
        areas = []
        for index, element in enumerate(self._document.elements):
            item = self.items_by_id[element.id]
            if item.zValue() != index:
                item.setZValue(index)
                areas.append(item.sceneBoundingRect())
                restacked_live = restacked_live or item.live
        layer.invalidate_each(self, areas)
        self._linked = [self.items_by_id[e.id] for e in self._document.elements if e.kind in LINKED_KINDS]
        if restacked_live:
            self.live_layer.set_items(self.live_layer.items)  # paints them in their new order

    def _on_track_changed(self) -> None:
        track = self._document.track
        if track is None:
            if self.surface_item is not None:
                self.removeItem(self.surface_item)
                self.surface_item = None
        elif self.surface_item is None:
            self.surface_item = TrackSurfaceItem(track)
            self.surface_item.setZValue(SURFACE_Z)
            self.surface_item.setFlag(layer.NO_CONTENTS, True)  # always part of the static layer
            self.addItem(self.surface_item)
        else:
            self.surface_item.set_track(track)
        self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)

    def _on_properties_changed(self, fields: list) -> None:
        if "ruleset" in fields:
            self._rebuild()  # every footprint may change size
            return
        if "table" in fields:
            self._update_scene_rect()
        self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)  # views cache the grid

    def set_show_reach(self, on: bool) -> None:
        """Show or hide the reach rings of piranha plants and chain chomps."""
        if on == self.show_reach:
            return
        self.show_reach = on
        self.live_layer.refresh()
        self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)

    def set_show_grid(self, on: bool) -> None:
        if on != self.show_grid:
            self.show_grid = on
            self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)

    def metrics_for(self, kind: str) -> ItemMetrics:
        """The footprint and distances an item of `kind` is drawn with, from the ruleset."""
        if kind not in self._metrics:
            self._metrics[kind] = _metrics_from_ruleset(self._ruleset, kind)
        return self._metrics[kind]

    def element_items(self) -> list[ElementItem]:
        """Element items in document order (bottom to top)."""
        return [self.items_by_id[e.id] for e in self._document.elements] if self._document else []

    def item_for(self, element_id: str) -> ElementItem | None:
        return self.items_by_id.get(element_id)

    # --- cross-element decorations ---------------------------------------------------------------
    def _relink(self, moved: set[str] | None = None) -> None:
        """Bring pipe labels and launcher links up to date, repainting the items whose look changed.

        With `moved`, only those elements moved since the last relink: only their launcher links change."""
        if moved is None:
            items = self._linked
            pairs = warp_pipe_labels([item.element for item in items])  # only pipes matter to the labels
        else:
            items = [item for item in self._linked if isinstance(item, BulletBillItem)
                     and (item.element_id in moved or item.element.launcher in moved)]
            pairs = {}
        area = QRectF()
        relabelled_live = relinked_live = False
        for item in items:
            before = item.sceneBoundingRect()
            if isinstance(item, WarpPipeItem):
                changed = item.set_pair_label(pairs.get(item.element_id, ""))
            elif isinstance(item, BulletBillItem):
                launcher = self.items_by_id.get(item.element.launcher or "")
                if launcher is None or launcher is item:
                    changed = item.set_launcher_target(None)
                else:
                    e = launcher.element
                    m = launcher.metrics
                    changed = item.set_launcher_target(QPointF(e.x_mm, e.y_mm), min(m.length_mm, m.width_mm) / 2)
            if not changed:
                continue
            if layer.is_layered(item):
                area = area.united(before).united(item.sceneBoundingRect())
            elif isinstance(item, WarpPipeItem):
                relabelled_live = True  # a pipe's label is part of the live picture
            else:
                relinked_live = True
        layer.invalidate(self, area)
        if relabelled_live:
            self.live_layer.refresh()
        elif relinked_live:
            self.live_layer.links.refresh()  # the live picture holds plates without their links

    def _update_scene_rect(self) -> None:
        table = self.table_rect()
        margin = max(table.width(), table.height()) * 0.25
        rect = table.adjusted(-margin, -margin, margin, margin)
        content = self.itemsBoundingRect()
        if not content.isEmpty():
            rect = rect.united(content.adjusted(-margin, -margin, margin, margin))
        self.setSceneRect(rect)

    # --- background: table and grid --------------------------------------------------------------
    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        for piece in layer.exposed_pieces(painter, rect):
            for _ in self.background_steps(painter, piece):
                pass

    def background_steps(self, painter: QPainter, rect: QRectF, every: int = 0) -> Iterator[None]:
        """`drawBackground`, pausing after the table and then after every `every` elements (never when 0), so a
        view can spread it over time (canvas/sharpen.py)."""
        self.paint_table(painter, rect)
        if every:
            yield
        if not self.table_rect().isEmpty():
            yield from layer.paint_layer_steps(self, painter, rect, self.pictures, every)
        if not layer.exporting():
            for paint in self.background_overlays:
                paint(painter, rect)

    def paint_table(self, painter: QPainter, rect: QRectF) -> None:
        """The background under the elements: the room, the table, its grid and edge."""
        painter.fillRect(rect, style.OUTSIDE)
        table = self.table_rect()
        if table.isEmpty():
            return
        px = style.pixels(painter)
        shadow = 5.0 / px
        painter.fillRect(table.translated(shadow, shadow), style.TABLE_SHADOW)
        painter.fillRect(table, style.TABLE)
        visible = rect.intersected(table)
        if self.show_grid and not visible.isEmpty():
            minor, major = GRID_SPACING_MM[self.display_units()]
            painter.save()
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            if minor * px >= MIN_GRID_PX:
                painter.setPen(style.cosmetic(style.GRID_MINOR))
                painter.drawLines(list(_grid_lines(visible, minor, skip_every=round(major / minor))))
            if major * px >= MIN_GRID_PX:
                painter.setPen(style.cosmetic(style.GRID_MAJOR))
                painter.drawLines(list(_grid_lines(visible, major)))
            painter.restore()
        painter.save()
        painter.setPen(style.cosmetic(style.TABLE_EDGE, 1.5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(table)
        painter.restore()

    def _on_selection_changed(self) -> None:
        """Selected items leave the static layer and are painted live; those live before and no longer selected go
        back into it (only they: a click on a crowded table moves two items, it need not look at every one)."""
        by_id = self.items_by_id
        live = [i for i in self.selectedItems() if by_id.get(getattr(i, "element_id", None)) is i]
        now = set(live)
        layer.set_layered(self, live, False)
        layer.set_layered(self, [i for i in self.live_layer.items if i not in now], True)
        self.live_layer.set_items(live)  # in stacking order


def _grid_lines(area: QRectF, spacing: float, skip_every: int = 0) -> Iterable[QLineF]:
    """Vertical and horizontal lines at multiples of `spacing` inside `area` (skipping every n-th)."""
    for start, end, vertical in ((area.left(), area.right(), True), (area.top(), area.bottom(), False)):
        first = math.ceil(start / spacing - 1e-9)
        last = math.floor(end / spacing + 1e-9)
        for n in range(first, last + 1):
            if skip_every and n % skip_every == 0:
                continue
            v = n * spacing
            if vertical:
                yield QLineF(v, area.top(), v, area.bottom())
            else:
                yield QLineF(area.left(), v, area.right(), v)


def _bounds(items: Iterable) -> QRectF:
    area = QRectF()
    for item in items:
        area = area.united(item.sceneBoundingRect())
    return area


def _try_ruleset(document: Document):
    """The document's ruleset, or None: a broken rules file costs element sizes, not the canvas."""
    try:
        return document.ruleset
    except Exception:
        return None


def _metrics_from_ruleset(ruleset, kind: str) -> ItemMetrics:
    if ruleset is None:
        return FALLBACK_METRICS
    size = getattr(ruleset, "element_sizes", {}).get(kind)
    movement = getattr(ruleset, "movement", None)
    short = getattr(movement, "short_mm", FALLBACK_METRICS.short_mm)
    if size is None:
        return ItemMetrics(FALLBACK_METRICS.length_mm, FALLBACK_METRICS.width_mm, short, ruleset)
    return ItemMetrics(float(size.length_mm), float(size.width_mm), float(short), ruleset)
