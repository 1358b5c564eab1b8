"""The Track menu's section actions, for documents whose palette offers track sections (Super Mario PitchKart):

- Section Tool arms the tool that lays pieces end to end (`designer.canvas.tools.section`), with the piece
  last chosen; Section Piece ▸ lists the pieces of the document's set, and choosing one arms the tool with it.
- Renumber Sections Along Route numbers the sections 1, 2, … along the chain from the one selected (else from
  the one numbered lowest), as one undo step (`designer.systems.pitchkart.sections.renumbered`).

The actions are enabled only for such documents (the ruleset offers `track_section`, never a system id),
re-checked on tab switches and ruleset changes; the piece list follows the document's rule data.
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QActionGroup

from designer.app.kind_actions import KindActions
from designer.canvas.tools.section import SectionTool, document_inventory
from designer.document.operations import change_elements
from designer.i18n import _
from designer.rules.texts import piece_name
from designer.systems.pitchkart.elements import TRACK_SECTION
from designer.systems.pitchkart.sections import renumbered, track_sections


def install(window) -> PitchKartActions:
    """Add the section actions to `window`'s Track menu (kept as `window.pitchkart_controller`)."""
    controller = PitchKartActions(window)
    window.pitchkart_controller = controller
    return controller


class PitchKartActions(KindActions):
    KIND = TRACK_SECTION

    def __init__(self, window) -> None:
        super().__init__(window)
        w = window
        w.menus["Track"].addSeparator()
        self.section_action = w.action(_("&Section Tool"), self.section_tool, None,
                                       _("Lay track pieces end to end, snapped to the open connector nearest "
                                         "the pointer"), "Track")
        self.piece_menu = w.menus["Track"].addMenu(_("Section Pi&ece"))
        self.piece_group = QActionGroup(self)
        self.piece_group.setExclusive(True)
        self.renumber_action = w.action(_("Renumber Sections Along R&oute"), self.renumber_sections, None,
                                        _("Number the sections 1, 2, … along the chain from the selected one "
                                          "(else from the lowest numbered)"), "Track")
        self.actions = (self.section_action, self.renumber_action)
        #: The piece the tool is armed with next (None: the set's first).
        self.piece_id: str | None = None
        self.watch()

    def _update(self, *_args) -> None:
        super()._update()
        editor = self._editor()
        self._rebuild_pieces(editor.document if editor is not None else None)

    def _rebuild_pieces(self, document) -> None:
        for action in self.piece_group.actions():
            self.piece_group.removeAction(action)
        self.piece_menu.clear()
        inventory = document_inventory(document) if document is not None else None
        self.piece_menu.setEnabled(inventory is not None)
        if inventory is None:
            return
        if self.piece_id is None or inventory.piece(self.piece_id) is None:
            self.piece_id = inventory.pieces[0].id
        for piece in inventory.pieces:
            action = QAction(piece_name(document.ruleset, piece), self.piece_menu)
            action.setCheckable(True)
            action.setChecked(piece.id == self.piece_id)
            action.setData(piece.id)
            action.triggered.connect(lambda _checked=False, pid=piece.id: self.choose_piece(pid))
            self.piece_group.addAction(action)
            self.piece_menu.addAction(action)

    def piece_actions(self) -> list[QAction]:
        return list(self.piece_group.actions())

    # --- actions ---------------------------------------------------------------------------------
    def section_tool(self) -> SectionTool | None:
        editor = self._editor()
        if editor is None:
            return None
        inventory = document_inventory(editor.document)
        if inventory is None:
            self._status(_("The rule data holds no track pieces to lay"))
            return None
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
        for action in self.piece_group.actions():
            action.setChecked(action.data() == piece_id)
        return self.section_tool()

    def renumber_sections(self) -> bool:
        editor = self._editor()
        if editor is None:
            return False
        document = editor.document
        inventory = document_inventory(document)
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
