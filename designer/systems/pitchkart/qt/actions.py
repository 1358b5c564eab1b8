"""Super Mario PitchKart's Track menu actions (`ACTIONS`), for documents whose palette offers track sections:

- Section Tool arms the tool that lays pieces end to end (`section_tool`), with the piece
  last chosen; Section Piece ▸ lists the pieces of the document's set, and choosing one arms the tool with it.
- Renumber Sections Along Route numbers the sections 1, 2, … along the chain from the one selected (else from
  the one numbered lowest), as one undo step (`designer.systems.pitchkart.sections.renumbered`).
- Move Chain With Section (a toggle): dragging, nudging or turning a section moves the sections chained after
  it rigidly with it, in the same undo step (`designer.systems.pitchkart.chain`); without it only a drag
  begun with Alt held does.
- Deleting a section from a closed loop closes nothing and moves nothing: the status bar says the loop is open
  now and where (after which section, at which point); undo brings the section back.

The main window shows the actions, enabled, only for such documents (the ruleset offers `track_section`,
never a system id; `designer.app.menu_actions`), re-checked on tab switches and ruleset changes; the piece
list follows the document's rule data.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING

from designer.app.kind_actions import KindActions
from designer.document.operations import change_elements
from designer.i18n import N_, _, ngettext, plain_decimal
from designer.systems.api import ActionSet, MenuAction, MenuChoice, move_attached, offers, set_move_attached
from designer.systems.pitchkart.elements import TRACK_SECTION

if TYPE_CHECKING:
    from designer.systems.pitchkart.qt.section_tool import SectionTool
    from designer.systems.pitchkart.rule_data import PieceInventory
    from designer.systems.pitchkart.sections import Joint

#: The system's toolbar icons.
ICONS = Path(__file__).parent.parent / "icons"


def _inventory(document) -> PieceInventory | None:
    """The piece set of `document`'s rule data; None without a document or PitchKart rules."""
    if document is None:
        return None
    from designer.systems.pitchkart.qt.section_tool import document_inventory

    return document_inventory(document)


class PitchKartActions(KindActions):
    KIND = TRACK_SECTION

    def __init__(self, window) -> None:
        super().__init__(window)
        #: The piece the tool is armed with next (None: the set's first).
        self.piece_id: str | None = None
        self._elements_watched = None
        self._loop_closed = False   # whether the watched document's sections closed the loop at the last edit
        self.watch()

    def _on_editor_changed(self, editor) -> None:
        document = editor.document if editor is not None else None
        old = self._elements_watched
        if old is not None and old is not document:
            with contextlib.suppress(RuntimeError, TypeError):
                old.elements_removed.disconnect(self._on_removed)
                old.elements_inserted.disconnect(self._remember_loop)
                old.elements_changed.disconnect(self._remember_loop)
        if document is not None and document is not old:
            document.elements_removed.connect(self._on_removed)
            document.elements_inserted.connect(self._remember_loop)
            document.elements_changed.connect(self._remember_loop)
        self._elements_watched = document
        self._remember_loop()

    # --- the loop, watched -----------------------------------------------------------------------
    def _gaps(self) -> tuple[list[Joint], PieceInventory] | None:
        """The joints of the current document's sections that do not meet, in lap order (None: no sections)."""
        editor = self._editor()
        inventory = _inventory(editor.document if editor is not None else None)
        if inventory is None:
            return None
        from designer.systems.pitchkart.sections import joints, known_sections, track_sections

        route = known_sections(track_sections(editor.document.elements), inventory)
        if not route:
            return None
        return [j for j in joints(route, inventory) if not j.joined], inventory

    def _remember_loop(self, *_args) -> None:
        found = self._gaps()
        self._loop_closed = found is not None and not found[0]

    def _on_removed(self, _ids) -> None:
        was_closed = self._loop_closed
        self._remember_loop()
        found = self._gaps()
        if not was_closed or found is None or not found[0]:
            if was_closed and found is None:
                self._status(_("The last track sections are gone: there is no loop any more"))
            return
        from designer.systems.pitchkart.sections import track_sections

        gaps = found[0]
        editor = self._editor()
        number = {s.id: s.number for s in track_sections(editor.document.elements)}
        first = gaps[0]
        values = {"after": number.get(first.from_id, 0), "before": number.get(first.to_id, 0),
                  "x": plain_decimal(first.at.x_mm, 0), "y": plain_decimal(first.at.y_mm, 0),
                  "gap": plain_decimal(first.gap_mm, 0), "count": len(gaps)}
        if len(gaps) == 1:
            message = _("The loop is open now: section {after} ends at {x} mm, {y} mm, {gap} mm short of "
                        "section {before}").format(**values)
        else:
            message = ngettext("The loop is open now in {count} place, the first after section {after} at {x} mm, "
                               "{y} mm", "The loop is open now in {count} places, the first after section {after} "
                               "at {x} mm, {y} mm", len(gaps)).format(**values)
        self._status(message)

    def piece_choices(self, document) -> list[MenuChoice]:
        """Section Piece ▸: the pieces of `document`'s set, the one the tool lays next checked."""
        from designer.systems.pitchkart.rule_data import piece_name

        inventory = _inventory(document)
        if inventory is None or not inventory.pieces:
            return []
        if self.piece_id is None or inventory.piece(self.piece_id) is None:
            self.piece_id = inventory.pieces[0].id
        return [MenuChoice(piece.id, piece_name(document.ruleset, piece), piece.id == self.piece_id)
                for piece in inventory.pieces]

    # --- actions ---------------------------------------------------------------------------------
    def section_tool(self) -> SectionTool | None:
        editor = self._editor()
        if editor is None:
            return None
        inventory = _inventory(editor.document)
        if inventory is None:
            self._status(_("The rule data holds no track pieces to lay"))
            return None
        from designer.systems.pitchkart.qt.section_tool import SectionTool

        active = editor.tools.active
        if isinstance(active, SectionTool) and active.inventory is inventory:
            if self.piece_id is not None:
                active.set_piece(self.piece_id)
            return active
        tool = SectionTool(editor.tools, inventory, self.piece_id)
        editor.tools.set_tool(tool)
        return tool

    def choose_piece(self, piece_id: str) -> SectionTool | None:
        """Lay `piece_id` from now on, arming the section tool with it."""
        self.piece_id = piece_id
        return self.section_tool()

    def set_chain_moves(self, on: bool) -> None:
        """Move Chain With Section: every move of a section carries the chain after it (True) or not."""
        set_move_attached(on)

    def renumber_sections(self) -> bool:
        editor = self._editor()
        if editor is None:
            return False
        from designer.systems.pitchkart.sections import renumbered, track_sections

        document = editor.document
        inventory = _inventory(document)
        sections = track_sections(document.elements)
        if inventory is None or not sections:
            self._status(_("There are no track sections to number"))
            return False
        chosen = set(editor.selected_ids())
        picked = [s.id for s in sections if s.id in chosen]
        start_id = picked[0] if len(picked) == 1 else None
        changed = renumbered(sections, inventory, start_id)
        if not changed:
            self._status(_("The sections are already numbered along the route"))
            return False
        change_elements(document, changed, _("Renumber sections"))
        return True


ACTIONS: ActionSet[PitchKartActions] = ActionSet(PitchKartActions, (
    MenuAction("section_tool", N_("&Section Tool"), PitchKartActions.section_tool, offers(TRACK_SECTION),
               tool="section", icon=ICONS / "tools" / "section.svg",
               tip=N_("Lay track pieces end to end, snapped to the open connector nearest the pointer"),
               separator=True),
    MenuAction("section_piece", N_("Section Pi&ece"), lambda c: None, offers(TRACK_SECTION),
               icon=ICONS / "tools" / "section-piece.svg",
               tip=N_("Choose the piece the section tool lays"),
               choices=PitchKartActions.piece_choices, choose=PitchKartActions.choose_piece),
    MenuAction("renumber_sections", N_("Renumber Sections Along R&oute"), PitchKartActions.renumber_sections,
               offers(TRACK_SECTION), icon=ICONS / "tools" / "renumber.svg",
               tip=N_("Number the sections 1, 2, … along the chain from the selected one "
                      "(else from the lowest numbered)")),
    MenuAction("chain_moves", N_("Move &Chain With Section"), lambda c: c.set_chain_moves(not move_attached()),
               offers(TRACK_SECTION), checkable=True, checked=lambda c: move_attached(),
               icon=ICONS / "tools" / "chain.svg",
               tip=N_("Dragging, nudging or turning a section moves the sections chained after it with it "
                      "(without this: hold Alt as you begin dragging a section)")),
))
