"""The place tool: armed with one element kind from the palette, it shows a translucent ghost of that kind
under the pointer (on the grid when snapping is on) and a click puts a real element there.

A plain click places one element and hands back to the select tool with the new element selected;
Shift+click keeps the tool armed for the next one. R / Shift+R turn the ghost; Esc or a right click
disarms. New elements get a fresh id (`kind-N`) and the ruleset's defaults; a new gate takes the next
free `order` number; a new warp pipe pairs with the most recent unpaired pipe (`authoring.auto_pair`); a kind
a game system defines takes what its `new_defaults` gives (a board's space: the next free number).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent

from designer.canvas.items import ElementItem, create_element_item
from designer.canvas.selection import OVERLAY_Z
from designer.canvas.tools.base import Tool, ToolEvent
from designer.commands.elements import kind_phrase
from designer.document.operations import add_elements, change_elements, macro
from designer.geometry.authoring import auto_pair
from designer.i18n import _
from designer.model.edit import normalize_angle, placed, unique_id
from designer.model.elements import Element
from designer.rules.defaults import new_element
from designer.systems import registry

GHOST_OPACITY = 0.55
MAX_GATE_ORDER = 999


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
        self.rotation_deg = 0.0
        self.ghost: ElementItem | None = None

    @property
    def hint(self) -> str:
        return _("Click to place a {kind} — Shift+click to place several, R / Shift+R to turn it, "
                 "Esc to stop").format(kind=kind_label(self.kind))

    # --- lifecycle -------------------------------------------------------------------------------
    def activate(self) -> None:
        super().activate()
        self.ghost = add_ghost(self.manager, self._new_element("ghost", 0.0, 0.0))
        at = self.manager.cursor_scene_pos()
        if at is not None:
            self._follow(at)

    def deactivate(self) -> None:
        self.discard(self.ghost)
        self.ghost = None

    def cancel(self) -> bool:
        self.manager.use_select()
        return True

    # --- events ----------------------------------------------------------------------------------
    def mouse_move(self, event: ToolEvent) -> bool:
        self._follow(event.scene_pos)
        return True

    def mouse_press(self, event: ToolEvent) -> bool:
        if self.quit_on_right_click(event):
            return True
        if not event.left:
            return True
        x, y = self.manager.snap_point(event.scene_pos)
        element_id = self.place(x, y)
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
        return False

    def leave(self) -> None:
        if self.ghost is not None:
            self.ghost.setVisible(False)

    def rotate(self, degrees: float) -> bool:
        self.rotation_deg = normalize_angle(self.rotation_deg + degrees)
        if self.ghost is not None:
            e = self.ghost.element
            self.ghost.set_element(placed(e, e.x_mm, e.y_mm, self.rotation_deg))
        return True

    # --- placing ---------------------------------------------------------------------------------
    def place(self, x_mm: float, y_mm: float) -> str:
        """Add one element of this kind at (x, y) as one undo step; returns its id."""
        document = self.manager.document
        element = self._new_element(unique_id(self.kind, document.ids()), x_mm, y_mm)
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

    def _new_element(self, element_id: str, x_mm: float, y_mm: float) -> Element:
        document = self.manager.document
        extra = {"order": next_gate_order(document.elements)} if self.kind == "gate" else {}
        system = registry.find(document.prop("ruleset"))
        if system is not None and system.new_defaults is not None:
            extra.update(system.new_defaults(document.elements, self.kind))
        return new_element(document.ruleset, self.kind, element_id, x_mm, y_mm, self.rotation_deg, **extra)

    def _refresh_ghost(self) -> None:
        e = self.ghost.element
        self.ghost.set_element(self._new_element("ghost", e.x_mm, e.y_mm))

    def _follow(self, scene_pos: QPointF) -> None:
        if self.ghost is None:
            return
        x, y = self.manager.snap_point(scene_pos)
        self.ghost.set_element(placed(self.ghost.element, x, y, self.rotation_deg))
        self.ghost.setVisible(True)
