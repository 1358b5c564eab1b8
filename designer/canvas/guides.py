"""Movement-template guides: semi-transparent template outlines laid on the canvas as a view aid.

A guide is NOT part of the document: it lives in a per-editor `GuideSet` (`guides_for(editor)`), is never
saved, printed or exported (it is not in `scene.items_by_id`, so `image_export.clean_canvas` hides it with
the other overlays) and is not undoable. A guide shows one of the ruleset's templates
(`designer.geometry.measure.template_shapes`) with its start at the item's position, leaving along the
item's rotation, exactly like `measure.place_template`.

Guides are ordinary movable, selectable Qt items: the select tool lets Qt handle presses on them (see
`guide_at`), so they drag like elements. While a guide is selected, R / Shift+R turn the selected guides
about their start by 15° and Delete / Backspace removes them (the `GuideSet` watches the view's keys and
claims those shortcuts before the Edit menu's actions). A right click offers the same in a context menu.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QKeyEvent, QPainterPath
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsSceneContextMenuEvent, QMenu

from designer.canvas.selection import ACCENT, OVERLAY_Z, cosmetic_pen
from designer.geometry.measure import TemplateShape
from designer.geometry.snap import ANGLE_STEP_DEG
from designer.i18n import _
from designer.model.edit import normalize_angle

#: Above every element, below the tools' own overlays and the selection outline.
GUIDE_Z = OVERLAY_Z - 20
GUIDE_FILL = QColor(255, 193, 7, 80)
GUIDE_EDGE = QColor(191, 120, 0, 220)
GUIDE_SELECTED_FILL = QColor(26, 115, 232, 70)

_ROTATE_KEYS = (Qt.Key.Key_R,)
_DELETE_KEYS = (Qt.Key.Key_Delete, Qt.Key.Key_Backspace)


def outline_path(shape: TemplateShape) -> QPainterPath:
    """The template's outline (local mm, start at the origin heading +x) as a painter path."""
    path = QPainterPath()
    polygons = getattr(shape.outline, "geoms", [shape.outline])
    for polygon in polygons:
        for ring in (polygon.exterior, *polygon.interiors):
            coords = list(ring.coords)
            if not coords:
                continue
            path.moveTo(QPointF(*coords[0]))
            for x, y in coords[1:]:
                path.lineTo(QPointF(x, y))
            path.closeSubpath()
    return path


class GuideItem(QGraphicsPathItem):
    """One template guide on the canvas (deliberately no `element_id`: it is not an element)."""

    def __init__(self, shape: TemplateShape, owner: GuideSet | None = None) -> None:
        super().__init__(outline_path(shape))
        self.shape_info = shape
        self.owner = owner
        self.setFlags(QGraphicsItem.GraphicsItemFlag.ItemIsMovable | QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self.setZValue(GUIDE_Z)
        self.setPen(cosmetic_pen(GUIDE_EDGE, 1.5, Qt.PenStyle.DashLine))
        self.setBrush(QBrush(GUIDE_FILL))
        self.setToolTip(_("{name} (movement template guide)").format(name=shape.name))

    @property
    def name(self) -> str:
        return self.shape_info.name

    def rotate_by(self, degrees: float) -> None:
        """Turn about the template's start (the item's origin)."""
        self.setRotation(normalize_angle(self.rotation() + degrees))

    def itemChange(self, change, value):
        if change == QGraphicsItem.GraphicsItemChange.ItemSelectedHasChanged:
            self.setBrush(QBrush(GUIDE_SELECTED_FILL if value else GUIDE_FILL))
            self.setPen(cosmetic_pen(QColor(ACCENT) if value else GUIDE_EDGE, 2.0 if value else 1.5,
                                     Qt.PenStyle.SolidLine if value else Qt.PenStyle.DashLine))
        return super().itemChange(change, value)

    def contextMenuEvent(self, event: QGraphicsSceneContextMenuEvent) -> None:
        menu = QMenu()
        angle = f"{ANGLE_STEP_DEG:.0f}"
        cw = menu.addAction(_("Rotate {angle}° Clockwise").format(angle=angle))
        ccw = menu.addAction(_("Rotate {angle}° Counterclockwise").format(angle=angle))
        menu.addSeparator()
        remove = menu.addAction(_("Remove Guide"))
        chosen = menu.exec(event.screenPos())
        if chosen is cw:
            self.rotate_by(ANGLE_STEP_DEG)
        elif chosen is ccw:
            self.rotate_by(-ANGLE_STEP_DEG)
        elif chosen is remove:
            if self.owner is not None:
                self.owner.remove(self)
            elif self.scene() is not None:
                self.scene().removeItem(self)
        event.accept()


def guide_at(scene, scene_pos: QPointF) -> GuideItem | None:
    """The topmost guide under `scene_pos`, if the topmost item there is a guide (or sits on one)."""
    if scene is None:
        return None
    for item in scene.items(scene_pos, Qt.ItemSelectionMode.IntersectsItemShape, Qt.SortOrder.DescendingOrder):
        if isinstance(item, GuideItem) and item.isVisible():
            return item
        if item.zValue() < GUIDE_Z:
            return None  # an element (or the track) is on top here
    return None


class GuideSet(QObject):
    """The guides of one editor, and the keys that act on the selected ones."""

    def __init__(self, editor) -> None:
        super().__init__(editor)
        self.editor = editor
        self.guides: list[GuideItem] = []
        editor.view.installEventFilter(self)

    @property
    def scene(self):
        return self.editor.scene

    def add(self, shape: TemplateShape, x_mm: float, y_mm: float, rotation_deg: float = 0.0,
            select: bool = True) -> GuideItem:
        """Drop a guide with its start at (x, y); it becomes the only selected item when `select`."""
        guide = GuideItem(shape, self)
        guide.setPos(x_mm, y_mm)
        guide.setRotation(normalize_angle(rotation_deg))
        self.scene.addItem(guide)
        self.guides.append(guide)
        if select:
            self.editor.select_ids([])   # clears the scene's selection, elements and guides alike
            guide.setSelected(True)
        return guide

    def selected(self) -> list[GuideItem]:
        return [g for g in self.guides if g.isSelected()]

    def remove(self, guide: GuideItem) -> None:
        if guide in self.guides:
            self.guides.remove(guide)
        if guide.scene() is not None:
            guide.scene().removeItem(guide)

    def delete_selected(self) -> int:
        chosen = self.selected()
        for guide in chosen:
            self.remove(guide)
        return len(chosen)

    def rotate_selected(self, degrees: float) -> int:
        chosen = self.selected()
        for guide in chosen:
            guide.rotate_by(degrees)
        return len(chosen)

    def clear(self) -> None:
        for guide in list(self.guides):
            self.remove(guide)

    # --- keys ------------------------------------------------------------------------------------
    def _handles(self, event: QKeyEvent) -> bool:
        if not self.selected():
            return False
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if event.key() in _DELETE_KEYS:
            return mods == Qt.KeyboardModifier.NoModifier
        if event.key() in _ROTATE_KEYS:
            return mods in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ShiftModifier)
        return False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.ShortcutOverride and self._handles(event):
            event.accept()   # the key comes to the view as a key press instead of triggering Edit ▸ …
            return True
        if kind == QEvent.Type.KeyPress and self._handles(event):
            if event.key() in _DELETE_KEYS:
                self.delete_selected()
            else:
                shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
                self.rotate_selected(-ANGLE_STEP_DEG if shift else ANGLE_STEP_DEG)
            return True
        return False


def guides_for(editor) -> GuideSet:
    """The editor's guide set, created on first use."""
    guides = getattr(editor, "guides", None)
    if not isinstance(guides, GuideSet):
        guides = GuideSet(editor)
        editor.guides = guides
    return guides
