"""Mario Kart Board Game's Track menu actions (`ACTIONS`), offered for documents whose palette offers spaces:

- Lay Spaces Along Track fills the centerline with spaces at the rule data's pitch, numbered from the start;
  run again, it keeps the fields of the spaces that stay (`designer.systems.mk_board.board.lay_spaces`).
- Insert Space After puts a plain space after the selected one; the later spaces move up by one, and the run
  is laid again along the line with one more space so that no tile lands on another.
- Change Field moves each selected space's field on one step.
- Shortcut Tool arms the tool that drags a shortcut arrow from one space to another (`shortcut_tool`).

Each is one undo step (`commands`). Deleting a space (Edit ▸ Delete) renumbers the rest and takes the
shortcuts ending on it in the same step, through the system's `delete_cascade`. The main window shows the
actions, enabled, only for such documents (`designer.app.menu_actions`), re-checked on tab switches and ruleset
changes. The board's edits and the tool are imported inside the actions: the menus are built at start-up.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from designer.app.kind_actions import KindActions, arm
from designer.i18n import N_, _
from designer.systems.api import ActionSet, MenuAction, offers
from designer.systems.mk_board.elements import SPACE

if TYPE_CHECKING:
    from designer.systems.mk_board.qt.shortcut_tool import ShortcutTool

#: The system's icons: its palette's, and its toolbar buttons' in tools/.
ICONS = Path(__file__).parent.parent / "icons"


class BoardActions(KindActions):
    KIND = SPACE

    # --- actions ---------------------------------------------------------------------------------
    def lay_spaces(self) -> bool:
        from designer.systems.mk_board.board import lay_spaces
        from designer.systems.mk_board.qt.commands import lay_text, push

        editor = self._editor()
        if editor is None:
            return False
        document = editor.document
        editor.tools.use_select()
        editor.tools.active.cancel()
        try:
            edit = lay_spaces(document.track, document.elements, document.ruleset)
        except ValueError as exc:
            self._status(_("Cannot lay spaces: {error}").format(error=exc))
            return False
        count = len(edit.added) + sum(1 for e in document.elements if e.kind == self.KIND and e.id not in edit.removed)
        if not push(document, edit, lay_text(count)):
            self._status(_("The spaces already lie along the track"))
            return False
        return True

    def _selected_spaces(self, editor) -> list:
        chosen = set(editor.selected_ids())
        return [e for e in editor.document.elements if e.kind == self.KIND and e.id in chosen]

    def insert_space(self) -> str | None:
        """Insert after the one selected space; returns the new space's id."""
        from designer.systems.mk_board.board import insert_space_after
        from designer.systems.mk_board.qt.commands import insert_text, push

        editor = self._editor()
        if editor is None:
            return None
        spaces = self._selected_spaces(editor)
        if len(spaces) != 1:
            self._status(_("Select one space to insert a new one after it"))
            return None
        try:
            edit = insert_space_after(editor.document.elements, spaces[0].id, editor.document.track,
                                      editor.document.ruleset)
        except ValueError as exc:
            self._status(str(exc))
            return None
        push(editor.document, edit, insert_text())
        editor.select_ids([edit.added[0].id])
        return edit.added[0].id

    def cycle_fields(self) -> bool:
        from designer.systems.mk_board.board import BoardEdit, cycled
        from designer.systems.mk_board.qt.commands import cycle_text, push

        editor = self._editor()
        if editor is None:
            return False
        spaces = self._selected_spaces(editor)
        if not spaces:
            self._status(_("Select the spaces whose field should change"))
            return False
        return push(editor.document, BoardEdit(changed=tuple(cycled(spaces))), cycle_text(len(spaces)))

    def shortcut_tool(self) -> ShortcutTool | None:
        from designer.systems.mk_board.qt.shortcut_tool import ShortcutTool

        return arm(self._editor(), ShortcutTool)


ACTIONS: ActionSet[BoardActions] = ActionSet(BoardActions, (
    MenuAction("lay_spaces", N_("&Lay Spaces Along Track"), BoardActions.lay_spaces, offers(SPACE),
               icon=ICONS / "tools" / "lay-spaces.svg",
               tip=N_("Fill the track with numbered spaces, keeping the fields of those that stay"), separator=True),
    MenuAction("insert_space", N_("&Insert Space After"), BoardActions.insert_space, offers(SPACE),
               icon=ICONS / "tools" / "insert-space.svg",
               tip=N_("Put a new space after the selected one and renumber the later ones")),
    MenuAction("cycle_fields", N_("Change Space &Field"), BoardActions.cycle_fields, offers(SPACE),
               icon=ICONS / "tools" / "cycle-field.svg",
               tip=N_("Turn each selected space into the next kind of field")),
    MenuAction("shortcut_tool", N_("S&hortcut Tool"), BoardActions.shortcut_tool, offers(SPACE),
               tool="shortcut", icon=ICONS / "shortcut.svg",
               tip=N_("Drag from one space to another to draw a shortcut")),
))
