"""Super Mario PitchKart's canvas items: how a `track_section` looks on the canvas (`ITEM_CLASSES`).

A section is drawn as the piece's real outline (`sections.outline_points`, in the section's own frame: its
START connector at the origin, +x the heading there) filled as track surface, its two side edges as red and
white barriers, its number upright in the middle, and a mark on each connector. A connector no other section
meets is open: it is drawn as a highlighted ring, where the section tool snaps the next piece on.

Sizes come from the rule data of the scene's document (`pitchkart_rules(ruleset).inventory`), else from the built-in
PitchKart rules. Whether a connector is open depends on the other sections, so the item reads them from the
scene's document and repaints itself when they change (the scene relinks only the built-in kinds). A section
naming a piece the set lacks is drawn as a plain red-rimmed footprint with a "?" (a check names it).
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPolygonF

from designer.canvas import layer, style
from designer.canvas.items.base import ElementItem, circle
from designer.canvas.selection import ACCENT
from designer.systems.pitchkart.elements import TRACK_SECTION, TrackSection
from designer.systems.pitchkart.sections import (
    Connector,
    ConnectorIndex,
    known_sections,
    outline_points,
    piece_end,
    track_sections,
)

if TYPE_CHECKING:
    from designer.systems.pitchkart.rule_data import PieceInventory, TrackPiece

SURFACE = QColor("#5a5e66")
SURFACE_SIMPLE = QColor("#6d717a")
BARRIER_RED = QColor("#d0312d")
BARRIER_WHITE = QColor("#f4f4f2")
UNKNOWN_RED = QColor("#c62828")
JOINED_MARK = QColor(255, 255, 255, 170)
#: The barrier's width as a share of the track's width (17 mm on a 170 mm track).
BARRIER_SHARE = 0.06


def fallback_inventory() -> PieceInventory | None:
    """The built-in PitchKart set (for an item not yet on a scene, or a document whose rules cannot load)."""
    from designer.rules.loader import load_ruleset
    from designer.systems.pitchkart.rule_data import pitchkart_rules

    try:
        rules = pitchkart_rules(load_ruleset("pitchkart"))
    except Exception:  # a broken rules file costs the pieces' shapes, never the canvas
        return None
    return rules.inventory if rules is not None else None


def ruleset_inventory(ruleset: Any) -> PieceInventory | None:
    """The pieces of a ruleset with a PitchKart section, or None."""
    rules = getattr(ruleset, "pitchkart", None)
    return rules.inventory if rules is not None else None


def scene_inventory(scene: Any) -> PieceInventory | None:
    """The inventory of the scene's document's ruleset, or None."""
    return ruleset_inventory(getattr(scene, "ruleset", None)) if scene is not None else None


def polygon_path(points: list[tuple[float, float]]) -> QPainterPath:
    path = QPainterPath()
    path.addPolygon(QPolygonF([QPointF(x, y) for x, y in points]))
    path.closeSubpath()
    return path


def polyline_path(points: list[tuple[float, float]]) -> QPainterPath:
    path = QPainterPath(QPointF(*points[0]))
    for x, y in points[1:]:
        path.lineTo(x, y)
    return path


def half_piece(piece: TrackPiece) -> TrackPiece:
    """The first half of `piece` (its end is the middle of the whole piece's centre line)."""
    update: dict[str, float] = {}
    if piece.length_mm is not None:
        update["length_mm"] = piece.length_mm / 2.0
    if piece.angle_deg is not None:
        update["angle_deg"] = piece.angle_deg / 2.0
    return piece.model_copy(update=update)


def open_sides(section: TrackSection, others: list[TrackSection], inventory: PieceInventory) -> tuple[bool, bool]:
    """(start open, end open): whether no other section's end meets this start, no other's start this end."""
    return ConnectorIndex(known_sections(others, inventory), inventory).open_sides(section)


class DocumentConnectors:
    """The connectors of one document's sections, shared by its section items: built once after a change that
    touches a section (a coin moved leaves it be), so each item's refresh is a few dict look-ups, not a pass
    over every section. It follows the document's signals for its items (`follow`) and refreshes them after a
    change that touched a section: one connection each, not three per item (a 300-section track made 900)."""

    def __init__(self, document: Any) -> None:
        self._document = weakref.ref(document)  # weak: the cache is keyed by the document (`connectors`)
        self._index: ConnectorIndex | None = None
        self._section_ids: set[str] = set()
        self._open: dict[str, tuple[TrackSection, tuple[bool, bool]]] = {}
        self._items: weakref.WeakSet[TrackSectionItem] = weakref.WeakSet()
        document.elements_changed.connect(self._changed)
        document.elements_inserted.connect(self._inserted)
        document.elements_removed.connect(self._removed)

    def follow(self, item: TrackSectionItem) -> None:
        self._items.add(item)

    def forget(self, item: TrackSectionItem) -> None:
        self._items.discard(item)

    def _dirty(self) -> None:
        self._index = None
        self._open = {}
        for item in list(self._items):
            try:
                item._refresh()
            except RuntimeError:  # the item was deleted with its scene while the document lives on
                self._items.discard(item)

    @property
    def document(self) -> Any:
        return self._document()

    def _changed(self, ids: list) -> None:
        document = self.document
        if document is None or any(i in self._section_ids or isinstance(document.element(i), TrackSection)
                                   for i in ids):
            self._dirty()

    def _inserted(self, placements: list) -> None:
        document = self.document
        if document is None or any(isinstance(document.element(i), TrackSection) for _, i in placements):
            self._dirty()

    def _removed(self, ids: list) -> None:
        if any(i in self._section_ids for i in ids):
            self._dirty()

    def open_sides(self, section: TrackSection, inventory: PieceInventory) -> tuple[bool, bool]:
        if self._index is None or self._index.inventory is not inventory:
            sections = track_sections(self.document.elements)
            self._section_ids = {s.id for s in sections}
            self._index = ConnectorIndex(known_sections(sections, inventory), inventory)
            self._open = {}
        known = self._open.get(section.id)
        if known is not None and known[0] is section:
            return known[1]
        found = self._index.open_sides(section)
        self._open[section.id] = (section, found)
        return found


_CONNECTORS: weakref.WeakKeyDictionary[Any, DocumentConnectors] = weakref.WeakKeyDictionary()


def connectors(document: Any) -> DocumentConnectors:
    """The document's shared `DocumentConnectors` (made on the first item's asking)."""
    found = _CONNECTORS.get(document)
    if found is None:
        found = _CONNECTORS[document] = DocumentConnectors(document)
    return found


class TrackSectionItem(ElementItem[TrackSection]):
    """One track section: its piece's outline as track surface, barrier edges, number and connectors."""

    kind = TRACK_SECTION
    simple_colour = SURFACE_SIMPLE

    _inventory: PieceInventory | None = None
    _document = None
    #: (start open, end open), read from the scene's document; both open while off a scene.
    _open: tuple[bool, bool] = (True, True)

    # --- shape -----------------------------------------------------------------------------------
    def inventory(self) -> PieceInventory | None:
        if self._inventory is None:
            # The scene's rules, else those it made the item with (the item is made before it is on the scene)
            self._inventory = (scene_inventory(self.scene()) or ruleset_inventory(self.metrics.ruleset)
                               or fallback_inventory())
        return self._inventory

    def piece(self) -> TrackPiece | None:
        inventory = self.inventory()
        return inventory.piece(self.element.piece) if inventory is not None else None

    def width_mm(self) -> float:
        inventory = self.inventory()
        return inventory.width_mm if inventory is not None else self.metrics.width_mm

    def local_outline(self) -> list[tuple[float, float]]:
        """The outline's corners in the section's own frame (no closing repeat); [] for an unknown piece."""
        piece = self.piece()
        if piece is None:
            return []
        return outline_points(piece, Connector(0.0, 0.0, 0.0), self.width_mm(), self.element.flipped)

    def local_end(self) -> Connector:
        piece = self.piece()
        if piece is None:
            return Connector(self.metrics.length_mm, 0.0, 0.0)
        return piece_end(piece, Connector(0.0, 0.0, 0.0), self.element.flipped)

    def local_middle(self) -> QPointF:
        piece = self.piece()
        if piece is None:
            return QPointF(self.metrics.length_mm / 2.0, 0.0)
        middle = piece_end(half_piece(piece), Connector(0.0, 0.0, 0.0), self.element.flipped)
        return QPointF(middle.x_mm, middle.y_mm)

    def side_edges(self) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
        """The left and right edges (start to end): the outline runs up the left edge and back down the right."""
        corners = self.local_outline()
        half = len(corners) // 2
        return corners[:half], list(reversed(corners[half:]))

    def body_path(self) -> QPainterPath:
        corners = self.local_outline()
        if not corners:
            path = QPainterPath()
            path.addRect(QRectF(0.0, -self.metrics.width_mm / 2.0, self.metrics.length_mm, self.metrics.width_mm))
            return path
        return polygon_path(corners)

    def decoration_bounds(self) -> QRectF:
        r = self._ring_radius() * 1.6
        end = self.local_end()
        return QRectF(-r, -r, 2 * r, 2 * r).united(QRectF(end.x_mm - r, end.y_mm - r, 2 * r, 2 * r))

    def _ring_radius(self) -> float:
        return self.width_mm() * 0.09

    # --- following the other sections ------------------------------------------------------------
    def scene_changed(self, scene: Any) -> None:
        document = getattr(scene, "document", None) if scene is not None else None
        inventory = scene_inventory(scene) if scene is not None else None
        if inventory is not None and inventory is not self._inventory:
            self._inventory = inventory
            self._sync()
        if document is not self._document:
            if self._document is not None:
                connectors(self._document).forget(self)
            self._document = document
            if document is not None:
                connectors(document).follow(self)
        self._refresh()

    def open_connectors(self) -> tuple[bool, bool]:
        """(start open, end open) as last read from the document."""
        return self._open

    def _refresh(self) -> None:
        document, inventory = self._document, self.inventory()
        if document is None or inventory is None:
            found = (True, True)
        else:
            found = connectors(document).open_sides(self.element, inventory)
        if found == self._open:
            return
        self._open = found
        scene = self.scene()
        if scene is not None and layer.is_layered(self):
            layer.invalidate(scene, self.sceneBoundingRect())
        elif scene is not None and getattr(self, "live", False) and hasattr(scene, "live_layer"):
            scene.live_layer.refresh()
        else:
            self.update()

    def set_element(self, element: TrackSection) -> bool:
        moved_only = super().set_element(element)
        self._refresh()
        return moved_only

    # --- drawing ---------------------------------------------------------------------------------
    def draw_simple(self, painter: QPainter) -> None:
        painter.setPen(style.cosmetic(style.INK, 0.6))
        painter.setBrush(self.simple_colour if self.piece() is not None else UNKNOWN_RED)
        painter.drawPath(self.body())

    def draw(self, painter: QPainter) -> None:
        if self.piece() is None:
            self._draw_unknown(painter)
            return
        width = self.width_mm()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(SURFACE)
        painter.drawPath(self.body())
        self._draw_barriers(painter, width * BARRIER_SHARE)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(style.pen(style.INK, style.stroke(painter, 0.6)))
        painter.drawPath(self.body())
        self._draw_connectors(painter)
        with self.upright(painter, self.local_middle()):
            style.draw_text(painter, str(self.element.number), QPointF(), width * 0.3)

    def _draw_barriers(self, painter: QPainter, thickness: float) -> None:
        """Red and white blocks along both side edges, inside the outline."""
        painter.save()
        painter.setClipPath(self.body())
        for edge in self.side_edges():
            if len(edge) < 2:
                continue
            path = polyline_path(edge)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(style.pen(BARRIER_WHITE, thickness * 2.0))
            painter.drawPath(path)
            dashes = style.pen(BARRIER_RED, thickness * 2.0)
            dashes.setCapStyle(Qt.PenCapStyle.FlatCap)
            dashes.setDashPattern([1.0, 1.0])  # in pen widths: blocks as long as the barrier is thick
            painter.setPen(dashes)
            painter.drawPath(path)
        painter.restore()

    def _draw_connectors(self, painter: QPainter) -> None:
        end = self.local_end()
        r = self._ring_radius()
        for (x, y), is_open in zip(((0.0, 0.0), (end.x_mm, end.y_mm)), self._open, strict=True):
            at = QPointF(x, y)
            if is_open:
                painter.setPen(style.pen(style.HALO, style.stroke(painter, r * 0.55)))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawPath(circle(r, at))
                painter.setPen(style.pen(ACCENT, style.stroke(painter, r * 0.3)))
                painter.setBrush(style.with_alpha(ACCENT, 90))
                painter.drawPath(circle(r, at))
            else:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(JOINED_MARK)
                painter.drawPath(circle(r * 0.3, at))

    def _draw_unknown(self, painter: QPainter) -> None:
        painter.setPen(style.pen(UNKNOWN_RED, style.stroke(painter, 1.5)))
        painter.setBrush(style.with_alpha(UNKNOWN_RED, 60))
        painter.drawPath(self.body())
        with self.upright(painter, self.local_middle()):
            style.draw_text(painter, "?", QPointF(), self.metrics.width_mm * 0.3, color=UNKNOWN_RED)


ITEM_CLASSES: dict[str, type[ElementItem]] = {TRACK_SECTION: TrackSectionItem}
