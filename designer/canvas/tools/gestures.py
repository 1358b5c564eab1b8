"""The select tool's drags, one small class each: move, rotate (by the handle) and rubber-band selection,
plus `NudgeBurst`, which lets a run of arrow-key nudges fold into one undo step.

A gesture lives from the moment a press turns into a drag until the release (`finish`) or Esc (`cancel`).
Move and rotate recompute the whole placement from the state at the press on every pointer move and push
it with one merge key per gesture, so a drag of any number of elements is ONE undo step; cancelling
pushes the start state with the same key, which folds the step away entirely.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainterPath

from designer.canvas.selection import ACCENT, OVERLAY_Z, OutlineItem, cosmetic_pen
from designer.document.operations import change_elements, set_placements
from designer.geometry import snap
from designer.geometry.authoring import link_pipes
from designer.i18n import _
from designer.model.edit import moved, placed

if TYPE_CHECKING:
    from designer.canvas.tools.base import ToolEvent
    from designer.canvas.tools.manager import ToolManager

CROSSING = QColor("#2e9d4f")
#: Arrow-key nudges further apart than this start a new undo step.
NUDGE_BURST_SECONDS = 1.0


class Gesture:
    def update(self, event: ToolEvent) -> None:
        raise NotImplementedError

    def finish(self, event: ToolEvent) -> None:
        self.update(event)

    def cancel(self) -> None:
        pass


class MoveGesture(Gesture):
    """Drag the selection: the grabbed element's position follows the pointer (onto the grid when
    snapping is on) and the others keep their offsets from it."""

    def __init__(self, manager: ToolManager, ids: Sequence[str], anchor_id: str, press: QPointF) -> None:
        self._manager = manager
        document = manager.document
        self._start = [e for e in (document.element(i) for i in ids) if e is not None]
        anchor = document.element(anchor_id) or self._start[0]
        self._anchor = (anchor.x_mm, anchor.y_mm)
        self._press = (press.x(), press.y())
        self._key = object()

    def update(self, event: ToolEvent) -> None:
        dx, dy = snap.drag_delta(self._anchor, self._press, event.point, self._manager.snap_spacing())
        set_placements(self._manager.document, [moved(e, dx, dy) for e in self._start], self._key)

    def cancel(self) -> None:
        set_placements(self._manager.document, self._start, self._key)


class RotateGesture(Gesture):
    """Turn the selection about its pivot by the angle the pointer sweeps round it: 15° steps, free with Alt."""

    def __init__(self, manager: ToolManager, ids: Sequence[str], press: QPointF) -> None:
        self._manager = manager
        document = manager.document
        self._start = [e for e in (document.element(i) for i in ids) if e is not None]
        self._pivot = snap.centroid((e.x_mm, e.y_mm) for e in self._start)
        self._press = (press.x(), press.y())
        self._key = object()
        manager.overlay.begin_turning(QPointF(*self._pivot))

    @property
    def pivot(self) -> tuple[float, float]:
        return self._pivot

    def update(self, event: ToolEvent) -> None:
        if event.point == self._pivot:
            return  # no direction to measure from
        step = None if event.alt else snap.ANGLE_STEP_DEG
        degrees = snap.sweep(self._pivot, self._press, event.point, step)
        turned = snap.rotate_placements([(e.x_mm, e.y_mm, e.rotation_deg) for e in self._start], self._pivot, degrees)
        after = [placed(e, x, y, r) for e, (x, y, r) in zip(self._start, turned, strict=True)]
        set_placements(self._manager.document, after, self._key, text="Rotate")
        self._manager.overlay.turn(degrees)

    def finish(self, event: ToolEvent) -> None:
        self.update(event)
        self._manager.overlay.end_turning()

    def cancel(self) -> None:
        set_placements(self._manager.document, self._start, self._key, text="Rotate")
        self._manager.overlay.end_turning()


class RubberBand(Gesture):
    """Select by dragging a band over empty table: rightwards picks what lies wholly inside (a solid blue
    band), leftwards also what it touches (a dashed green one), as in CAD. Shift/Ctrl add to the selection."""

    def __init__(self, manager: ToolManager, press: QPointF, additive: bool) -> None:
        self._manager = manager
        self._press = (press.x(), press.y())
        self._additive = additive
        self._rect = QRectF()
        self.item = OutlineItem()
        self.item.setZValue(OVERLAY_Z)
        manager.scene.addItem(self.item)
        self.mode: snap.BandMode = "window"

    def rect(self) -> QRectF:
        return QRectF(self._rect)

    def update(self, event: ToolEvent) -> None:
        self.mode = snap.band_mode(self._press, event.point)
        self._rect = QRectF(*snap.band_rect(self._press, event.point))
        colour = ACCENT if self.mode == "window" else CROSSING
        fill = QColor(colour)
        fill.setAlpha(28)
        style = Qt.PenStyle.SolidLine if self.mode == "window" else Qt.PenStyle.DashLine
        self.item.setPen(cosmetic_pen(colour, 1.0, style))
        self.item.setBrush(fill)
        path = QPainterPath()
        path.addRect(self._rect)
        self.item.set_outline(path, self._manager.overlay.mm_per_px())

    def finish(self, event: ToolEvent) -> None:
        self.update(event)
        contained = self.mode == "window"
        ids = self._manager.element_ids_in(self.rect(), contained)
        self._remove()
        self._manager.select(ids, add=self._additive)

    def cancel(self) -> None:
        self._remove()

    def _remove(self) -> None:
        if self.item.scene() is not None:
            self.item.scene().removeItem(self.item)


class LinkGesture(Gesture):
    """Alt+drag from a warp pipe to another pipe pairs them; from a Bullet Bill plate to a pipe makes that
    pipe its launcher. A dashed line follows the pointer; releasing anywhere else changes nothing."""

    def __init__(self, manager: ToolManager, source_id: str) -> None:
        self._manager = manager
        self._source = manager.host.document.element(source_id)
        self.item = OutlineItem()
        self.item.setZValue(OVERLAY_Z)
        self.item.setPen(cosmetic_pen(ACCENT, 1.5, Qt.PenStyle.DashLine))
        manager.scene.addItem(self.item)

    def update(self, event: ToolEvent) -> None:
        path = QPainterPath(QPointF(self._source.x_mm, self._source.y_mm))
        path.lineTo(event.scene_pos)
        self.item.set_outline(path, self._manager.overlay.mm_per_px())

    def finish(self, event: ToolEvent) -> None:
        self._remove()
        target = self._manager.element_at(event.scene_pos)
        source = self._source
        if target is None or target.element_id == source.id or target.kind != "warp_pipe":
            return
        document = self._manager.host.document
        if source.kind == "warp_pipe":
            changed = link_pipes(document.elements, source.id, target.element_id)
            change_elements(document, changed, _("Pair warp pipes"))
        elif source.kind == "bullet_bill":
            change_elements(document, [source.model_copy(update={"launcher": target.element_id})],
                            _("Link Bullet Bill to its launcher"))

    def cancel(self) -> None:
        self._remove()

    def _remove(self) -> None:
        if self.item.scene() is not None:
            self.item.scene().removeItem(self.item)


class NudgeBurst:
    """The merge key for arrow-key nudges: kept while the same selection is nudged again within a second
    and nothing else reached the undo stack in between; anything else starts a new undo step."""

    def __init__(self) -> None:
        self._key: object | None = None
        self._ids: tuple[str, ...] = ()
        self._index = -1
        self._time = 0.0

    def key(self, ids: Sequence[str], stack_index: int, now: float | None = None) -> object:
        now = time.monotonic() if now is None else now
        if (self._key is None or tuple(ids) != self._ids or stack_index != self._index
                or now - self._time > NUDGE_BURST_SECONDS):
            self._key = object()
        self._ids = tuple(ids)
        self._time = now
        return self._key

    def pushed(self, stack_index: int) -> None:
        """Remember where the stack stood after the nudge, to notice any other edit."""
        self._index = stack_index

    def reset(self) -> None:
        self._key = None
