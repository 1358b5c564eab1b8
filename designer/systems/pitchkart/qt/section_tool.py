"""Super Mario PitchKart's section tool: lay track sections end to end, the way pieces are laid on a table.

Armed with one piece of the rule data's inventory, the tool shows a translucent ghost of it. Near an open
connector (one no other section meets) the ghost snaps on exactly — starting there after a section's end,
ending there before a section's start — with position and heading from `sections.snapped_start`; away from
every open connector (or on an empty table) it follows the pointer, on the grid when snapping is on, and
R / Shift+R turn it by the piece's angle. F flips the piece (a curve turns right instead of left), P picks
the next piece of the set. A click lays the piece as ONE undo step: the new section, numbered after the
chain, and every number that `sections.renumbered` changes along the route from the start section. The tool
stays armed for the next piece; Esc or a right click puts it down.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent

from designer.canvas.items import ElementItem
from designer.canvas.tools.base import Tool, ToolEvent
from designer.canvas.tools.place import add_ghost
from designer.document.operations import add_elements, change_elements, macro
from designer.i18n import _
from designer.model.edit import normalize_angle, unique_id
from designer.rules.defaults import new_element
from designer.systems.pitchkart.elements import TRACK_SECTION, TrackSection
from designer.systems.pitchkart.rule_data import PieceInventory, TrackPiece, piece_name, pitchkart_rules
from designer.systems.pitchkart.sections import (
    Connector,
    OpenConnector,
    nearest_open_connector,
    renumbered,
    snapped_start,
    track_sections,
)

#: The ghost snaps to an open connector within this many track widths of the pointer.
SNAP_REACH_WIDTHS = 1.5
MAX_NUMBER = 9999


def document_inventory(document) -> PieceInventory | None:
    """The piece inventory of the document's rule data, or None (no PitchKart rules, or a broken file)."""
    try:
        rules = pitchkart_rules(document.ruleset)
    except Exception:
        return None
    return rules.inventory if rules is not None else None


def lay_text(piece_label: str) -> str:
    return _("Lay {piece}").format(piece=piece_label)


class SectionTool(Tool):
    name = "section"
    draws = TRACK_SECTION
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, manager, inventory: PieceInventory, piece_id: str | None = None) -> None:
        super().__init__(manager)
        self.inventory = inventory
        known = piece_id is not None and inventory.piece(piece_id) is not None
        self.piece_id = piece_id if known and piece_id is not None else inventory.pieces[0].id
        self.flipped = False
        self.rotation_deg = 0.0
        self.ghost: ElementItem | None = None
        #: Where the pointer last was over the table (scene mm), for refreshing the ghost after a key.
        self._pointer: QPointF | None = None
        #: The open connector the ghost is snapped to, or None while it follows the pointer.
        self.target: OpenConnector | None = None

    @property
    def piece(self) -> TrackPiece:
        piece = self.inventory.piece(self.piece_id)
        return piece if piece is not None else self.inventory.pieces[0]

    def piece_label(self) -> str:
        return piece_name(self.manager.document.ruleset, self.piece)

    @property
    def hint(self) -> str:
        return _("Click to lay a {piece} at the open connector nearest the pointer — F flips it, P picks the "
                 "next piece, R / Shift+R turn a free one, Esc to stop").format(piece=self.piece_label())

    # --- lifecycle -------------------------------------------------------------------------------
    def activate(self) -> None:
        super().activate()
        self.ghost = add_ghost(self.manager, self._new_section("ghost", Connector(0.0, 0.0, 0.0)))
        at = self.manager.cursor_scene_pos()
        if at is not None:
            self.follow(at)

    def deactivate(self) -> None:
        self.discard(self.ghost)
        self.ghost = None

    # --- choosing the piece ----------------------------------------------------------------------
    def set_piece(self, piece_id: str) -> bool:
        """Lay `piece_id` from now on (False, nothing changed, when the set has no such piece)."""
        if self.inventory.piece(piece_id) is None:
            return False
        self.piece_id = piece_id
        self._refollow()
        return True

    def next_piece(self) -> str:
        ids = [p.id for p in self.inventory.pieces]
        self.set_piece(ids[(ids.index(self.piece.id) + 1) % len(ids)])
        return self.piece_id

    def flip(self) -> bool:
        self.flipped = not self.flipped
        self._refollow()
        return self.flipped

    def rotate(self, degrees: float) -> bool:
        """R / Shift+R turn the free ghost by the piece's angle (the set's first curve's for a straight)."""
        curve = self.piece if self.piece.kind == "curve" else next(
            (p for p in self.inventory.pieces if p.kind == "curve"), None)
        step = curve.angle_deg if curve is not None and curve.angle_deg else abs(degrees)
        self.rotation_deg = normalize_angle(self.rotation_deg + math.copysign(step, degrees))
        self._refollow()
        return True

    # --- where the piece goes --------------------------------------------------------------------
    def placement(self, scene_pos: QPointF) -> tuple[Connector, OpenConnector | None]:
        """The start connector the piece would take for a pointer at `scene_pos`, and the open connector it
        snaps to (None when it lies free at the pointer)."""
        sections = track_sections(self.manager.document.elements)
        reach = SNAP_REACH_WIDTHS * self.inventory.width_mm
        target = nearest_open_connector(sections, self.inventory, scene_pos.x(), scene_pos.y(), reach)
        if target is not None:
            return snapped_start(self.piece, target, self.flipped), target
        x, y = self.manager.snap_point(scene_pos)
        return Connector(x, y, self.rotation_deg), None

    def follow(self, scene_pos: QPointF) -> None:
        self._pointer = QPointF(scene_pos)
        start, self.target = self.placement(scene_pos)
        if self.ghost is None:
            return
        self.ghost.set_element(self._new_section("ghost", start))
        self.ghost.setVisible(True)

    def _refollow(self) -> None:
        """Redraw the ghost for the pointer's last place and show the hint (its piece may have changed)."""
        if self._pointer is not None:
            self.follow(self._pointer)
        window = self.manager.view.window()
        if hasattr(window, "statusBar"):
            window.statusBar().showMessage(self.hint)

    def _new_section(self, element_id: str, start: Connector) -> TrackSection:
        document = self.manager.document
        highest = max((s.number for s in track_sections(document.elements)), default=0)
        section = new_element(document.ruleset, TRACK_SECTION, element_id, start.x_mm, start.y_mm,
                              normalize_angle(start.heading_deg), piece=self.piece.id, flipped=self.flipped,
                              number=min(highest + 1, MAX_NUMBER))
        assert isinstance(section, TrackSection)
        return section

    # --- placing ---------------------------------------------------------------------------------
    def place(self, scene_pos: QPointF) -> str:
        """Lay the piece where the pointer at `scene_pos` puts it, as one undo step; returns the new id."""
        document = self.manager.document
        start, _target = self.placement(scene_pos)
        before = track_sections(document.elements)
        section = self._new_section(unique_id(TRACK_SECTION, document.ids()), start)
        first = before[0].id if before else None
        changes = {s.id: s for s in renumbered([*before, section], self.inventory, first)}
        section = changes.pop(section.id, section)
        text = lay_text(self.piece_label())
        if not changes:
            add_elements(document, [section], text)
        else:
            with macro(document, text):
                add_elements(document, [section], text)
                change_elements(document, list(changes.values()), _("Renumber sections"))
        self.follow(scene_pos)  # the ghost moves on to the connector the new piece left open
        return section.id

    # --- events ----------------------------------------------------------------------------------
    def mouse_move(self, event: ToolEvent) -> bool:
        self.follow(event.scene_pos)
        return True

    def mouse_press(self, event: ToolEvent) -> bool:
        if self.quit_on_right_click(event):
            return True
        if not event.left:
            return True
        self.place(event.scene_pos)
        return True

    def mouse_release(self, event: ToolEvent) -> bool:
        return True

    def key_press(self, event: QKeyEvent) -> bool:
        key = event.key()
        if key == Qt.Key.Key_Escape:
            self.manager.use_select()
            return True
        if key == Qt.Key.Key_F and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            self.flip()
            return True
        if key == Qt.Key.Key_P and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            self.next_piece()
            return True
        return False

    def leave(self) -> None:
        if self.ghost is not None:
            self.ghost.setVisible(False)
