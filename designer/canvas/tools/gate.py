"""The gate tool: a click on the track puts a gate straight across it.

A place tool for gates whose ghost snaps to the centerline point nearest the pointer (`route.gate_across`):
it faces the direction of travel there and spans the full track width. Off the track surface the ghost
hides and a click does nothing. A new gate takes the next free order number (max + 1). A plain click
places one gate and hands back to the select tool; Shift+click keeps the tool armed; Esc stops.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF

from designer.canvas.tools.base import ToolEvent
from designer.canvas.tools.place import PlaceTool, next_gate_order
from designer.document.operations import add_elements
from designer.geometry.route import GatePlacement, gate_across
from designer.i18n import _
from designer.model.edit import unique_id
from designer.model.elements import Element
from designer.rules.defaults import new_element


class GateTool(PlaceTool):
    name = "gate"

    def __init__(self, manager) -> None:
        super().__init__(manager, "gate")

    @property
    def hint(self) -> str:
        return _("Click on the track to put a gate across it — Shift+click to place several, Esc to stop")

    def placement(self, scene_pos: QPointF) -> GatePlacement | None:
        """Where a click at `scene_pos` puts the gate (None off the track, or without a track)."""
        track = self.manager.document.track
        if track is None:
            return None
        return gate_across(track, (scene_pos.x(), scene_pos.y()))

    # --- events ----------------------------------------------------------------------------------
    def mouse_press(self, event: ToolEvent) -> bool:
        if self.quit_on_right_click(event):
            return True
        if not event.left:
            return True
        at = self.placement(event.scene_pos)
        if at is None:
            return True
        element_id = self.place_gate(at)
        if not event.shift:
            self.manager.use_select()
        self.manager.select([element_id])
        return True

    def rotate(self, degrees: float) -> bool:
        return True  # the track decides which way a gate faces

    # --- placing ---------------------------------------------------------------------------------
    def place_gate(self, at: GatePlacement) -> str:
        """Add one gate across the track as one undo step; returns its id."""
        document = self.manager.document
        gate = self._gate(unique_id("gate", document.ids()), at)
        add_elements(document, [gate], _("Place gate"))
        if self.ghost is not None:
            self.ghost.set_element(self._gate("ghost", at))
        return gate.id

    def _gate(self, element_id: str, at: GatePlacement) -> Element:
        document = self.manager.document
        return new_element(document.ruleset, "gate", element_id, at.x_mm, at.y_mm, at.rotation_deg,
                           order=next_gate_order(document.elements), width_mm=at.width_mm)

    def _follow(self, scene_pos: QPointF) -> None:
        if self.ghost is None:
            return
        at = self.placement(scene_pos)
        if at is None:
            self.ghost.setVisible(False)
            return
        self.ghost.set_element(self._gate("ghost", at))
        self.ghost.setVisible(True)
