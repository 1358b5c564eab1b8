"""The place tool: armed with one element kind from the palette, it shows a translucent ghost of that kind
under the pointer (on the grid when snapping is on) and a click puts a real element there.

On the track, a directional kind takes the direction of travel where it is dropped, and a start/finish
line or a gate moves onto the centerline and spans the track, as Place Gate (G) puts it
(`geometry.track_pose`); R / Shift+R then turn a ramp or pad away from the travel. Alt places freely: no
grid, no track, the tool's own rotation. The ghost always shows the pose a click gives.

A plain click places one element and hands back to the select tool with the new element selected;
Shift+click keeps the tool armed for the next one. Enter places from the keyboard, as a click would, at the
last pointer position over the canvas, or the view centre when the pointer never was there.
R / Shift+R turn the ghost; Esc or a right click disarms.

New elements get a fresh id (`kind-N`) and the ruleset's defaults; a new gate takes the next
free `order` number; a new warp pipe pairs with the most recent unpaired pipe (`authoring.auto_pair`); a kind
a game system defines takes what its `new_defaults` gives (a board's space: the next free number).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QKeyEvent

from designer.canvas.items import ElementItem, create_element_item
from designer.canvas.selection import OVERLAY_Z
from designer.canvas.tools.base import Tool, ToolEvent
from designer.commands.elements import kind_phrase
from designer.document.operations import add_elements, change_elements, macro
from designer.geometry.authoring import auto_pair
from designer.geometry.track_pose import ACROSS_KINDS, TrackPose, pose_on_track
from designer.i18n import _
from designer.model.edit import normalize_angle, placed, unique_id
from designer.model.elements import Element
from designer.rules.defaults import new_element as default_element
from designer.systems import registry

GHOST_OPACITY = 0.55
MAX_GATE_ORDER = 999
ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


def kind_label(kind: str) -> str:
    """"boost pad" for `boost_pad`, in the current language (see `kind_phrase`)."""
    return kind_phrase(kind)


def next_gate_order(elements) -> int:
    """One more than the highest gate number so far (1 for the first gate)."""
    return min(max((e.order for e in elements if e.kind == "gate"), default=0) + 1, MAX_GATE_ORDER)



def add_ghost(manager, element: Element) -> ElementItem:
    """A see-through, unclickable item of `element` above the table that follows the pointer (hidden until
    the first move): what a placing tool shows before the click."""
    ghost = create_element_item(element, manager.scene.metrics_for(element.kind))
    ghost.setFlag(ElementItem.GraphicsItemFlag.ItemIsSelectable, False)
    ghost.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
    ghost.setOpacity(GHOST_OPACITY)
    ghost.setZValue(OVERLAY_Z - 2)
    ghost.setVisible(False)
    manager.scene.addItem(ghost)
    return ghost

class PlaceTool(Tool):
    name = "place"
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, manager, kind: str) -> None:
        super().__init__(manager)
        self.kind = kind
        #: the palette entry this tool stands for (see `ToolManager.palette_kind`)
        self.draws = kind
        self.rotation_deg = 0.0
        self.ghost: ElementItem | None = None
        self._free = False                       # Alt held at the last pointer move
        self._pointer: QPointF | None = None     # the scene point of the last pointer move

    @property
    def hint(self) -> str:
        return _("Click or press Enter to place a {kind} — Shift to place several, Alt to place freely, "
                 "R / Shift+R to turn it, Esc to stop").format(kind=kind_label(self.kind))

    # --- lifecycle -------------------------------------------------------------------------------
    def activate(self) -> None:
        super().activate()
        self.ghost = add_ghost(self.manager, self.new_element("ghost", 0.0, 0.0))
        # Off the canvas (armed from the palette, or by a keyboard user) the ghost shows where Enter places.
        at = self.manager.cursor_scene_pos()
        if at is None:
            at = self.enter_point()
        self._pointer = at
        self._follow(at)

    def deactivate(self) -> None:
        self.discard(self.ghost)
        self.ghost = None

    def cancel(self) -> bool:
        self.manager.use_select()
        return True

    # --- events ----------------------------------------------------------------------------------
    def mouse_move(self, event: ToolEvent) -> bool:
        self._free, self._pointer = event.alt, event.scene_pos
        self._follow(event.scene_pos)
        return True

    def mouse_press(self, event: ToolEvent) -> bool:
        if self.quit_on_right_click(event):
            return True
        if not event.left:
            return True
        pose = self.pose_at(event.scene_pos, free=event.alt)
        element_id = self.place(pose.x_mm, pose.y_mm, pose.rotation_deg, pose.width_mm)
        if not event.shift:
            self.manager.use_select()
        self.manager.select([element_id])
        return True

    def mouse_release(self, event: ToolEvent) -> bool:
        return True

    def key_press(self, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_Escape:
            self.manager.use_select()
            return True
        if event.key() in ENTER_KEYS:
            if event.isAutoRepeat():   # a held Enter places one, not a row
                return True
            # A click where the keyboard user points: a subclass's own click rules (a gate only on the
            # track) apply as well.
            at = self.enter_point()
            self.mouse_press(ToolEvent(at, QPointF(self.manager.view.mapFromScene(at)), Qt.MouseButton.LeftButton,
                                       event.modifiers()))
            return True
        return False

    def enter_point(self) -> QPointF:
        """Where Enter places: the last pointer position over the canvas if still in view, else the view centre."""
        view = self.manager.view
        area = view.viewport().rect()
        last = self.manager.last_view_pos()
        at = last.toPoint() if last is not None and QRectF(area).contains(last) else area.center()
        return view.mapToScene(at)

    def leave(self) -> None:
        if self.ghost is not None:
            self.ghost.setVisible(False)

    def rotate(self, degrees: float) -> bool:
        self.rotation_deg = normalize_angle(self.rotation_deg + degrees)
        if self.ghost is not None:
            if self._pointer is not None and self.ghost.isVisible():
                self._follow(self._pointer)   # on the track the turn is relative to the travel there
            else:
                e = self.ghost.element
                self.ghost.set_element(placed(e, e.x_mm, e.y_mm, self.rotation_deg))
        return True

    # --- placing ---------------------------------------------------------------------------------
    def pose_at(self, scene_pos: QPointF, free: bool = False) -> TrackPose:
        """The pose a click at `scene_pos` gives: on the track, along it; else (or `free`) as dropped, on the
        grid unless `free`."""
        if free:
            return TrackPose(scene_pos.x(), scene_pos.y(), self.rotation_deg, None)
        x, y = self.manager.snap_point(scene_pos)
        # A line across the track lands on the centerline anyway: the grid would only shift it along.
        drop = (scene_pos.x(), scene_pos.y()) if self.kind in ACROSS_KINDS else (x, y)
        pose = pose_on_track(self.manager.document.track, self.kind, drop, self.rotation_deg)
        return pose if pose is not None else TrackPose(x, y, self.rotation_deg, None)

    def place(self, x_mm: float, y_mm: float, rotation_deg: float | None = None,
              width_mm: float | None = None) -> str:
        """Add one element of this kind at (x, y) as one undo step; returns its id. `rotation_deg` defaults
        to the tool's, `width_mm` (a line across the track) to the ruleset's."""
        document = self.manager.document
        element = self.new_element(unique_id(self.kind, document.ids()), x_mm, y_mm, rotation_deg, width_mm)
        partner_id = auto_pair(element.id, document.elements) if self.kind == "warp_pipe" else None
        if partner_id is None:
            add_elements(document, [element], _("Place {kind}").format(kind=kind_label(self.kind)))
        else:
            # A new warp pipe pairs with the last unpaired one: both links in the same undo step.
            element = element.model_copy(update={"pair": partner_id})
            partner = document.element(partner_id).model_copy(update={"pair": element.id})
            with macro(document, _("Place {kind}").format(kind=kind_label(self.kind))):
                add_elements(document, [element])
                change_elements(document, [partner], _("Pair warp pipes"))
        if self.ghost is not None:
            self._refresh_ghost()  # show the next gate's (or a system's next element's) number
        return element.id

    def new_element(self, element_id: str, x_mm: float, y_mm: float, rotation_deg: float | None = None,
                     width_mm: float | None = None) -> Element:
        document = self.manager.document
        extra = {"order": next_gate_order(document.elements)} if self.kind == "gate" else {}
        if width_mm is not None:
            extra["width_mm"] = width_mm
        system = registry.find(document.prop("ruleset"))
        if system is not None and system.new_defaults is not None:
            extra.update(system.new_defaults(document.elements, self.kind))
        rotation = self.rotation_deg if rotation_deg is None else rotation_deg
        return default_element(document.ruleset, self.kind, element_id, x_mm, y_mm, rotation, **extra)

    def _refresh_ghost(self) -> None:
        e = self.ghost.element
        width = e.width_mm if self.kind in ACROSS_KINDS else None
        self.ghost.set_element(self.new_element("ghost", e.x_mm, e.y_mm, e.rotation_deg, width))

    def _follow(self, scene_pos: QPointF) -> None:
        if self.ghost is None:
            return
        pose = self.pose_at(scene_pos, free=self._free)
        if self.kind in ACROSS_KINDS:   # its width changes on and off the track
            self.ghost.set_element(self.new_element("ghost", pose.x_mm, pose.y_mm, pose.rotation_deg, pose.width_mm))
        else:
            self.ghost.set_element(placed(self.ghost.element, pose.x_mm, pose.y_mm, pose.rotation_deg))
        self.ghost.setVisible(True)
