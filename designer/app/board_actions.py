"""The Track menu's board actions, for documents whose palette offers spaces (Mario Kart Board Game):

- Lay Spaces Along Track fills the centerline with spaces at the rule data's pitch, numbered from the start;
  run again, it keeps the fields of the spaces that stay (`designer.systems.mk_board.board.lay_spaces`).
- Insert Space After puts a plain space after the selected one; the later spaces move up by one.
- Change Field moves each selected space's field on one step.
- Shortcut Tool arms the tool that drags a shortcut arrow from one space to another.

Each is one undo step (`designer.commands.board`). Deleting a space (Edit ▸ Delete) renumbers the rest and
takes the shortcuts ending on it in the same step, through the system's `delete_cascade`. The actions are
enabled only for such documents, re-checked on tab switches and ruleset changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from designer.app.kind_actions import KindActions
from designer.i18n import _

if TYPE_CHECKING:
    from designer.canvas.tools.shortcut import ShortcutTool


def install(window) -> BoardActions:
    """Add the board actions to `window`'s Track menu (kept as `window.board_controller`)."""
    controller = BoardActions(window)
    window.board_controller = controller
    return controller


class BoardActions(KindActions):
    KIND = "space"  # designer.systems.mk_board.elements.SPACE

    def __init__(self, window) -> None:
        super().__init__(window)
        w = window
        w.menus["Track"].addSeparator()
        self.lay_action = w.action(_("&Lay Spaces Along Track"), self.lay_spaces, None,
                                   _("Fill the track with numbered spaces, keeping the fields of those that stay"),
                                   "Track")
        self.insert_action = w.action(_("&Insert Space After"), self.insert_space, None,
                                      _("Put a new space after the selected one and renumber the later ones"),
                                      "Track")
        self.cycle_action = w.action(_("Change Space &Field"), self.cycle_fields, None,
                                     _("Turn each selected space into the next kind of field"), "Track")
        self.shortcut_action = w.action(_("S&hortcut Tool"), self.shortcut_tool, None,
                                        _("Drag from one space to another to draw a shortcut"), "Track")
        self.actions = (self.lay_action, self.insert_action, self.cycle_action, self.shortcut_action)
        self.watch()

    # --- actions ---------------------------------------------------------------------------------
    def lay_spaces(self) -> bool:
        from designer.commands.board import lay_text, push
        from designer.systems.mk_board.board import lay_spaces

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
        from designer.commands.board import insert_text, push
        from designer.systems.mk_board.board import insert_space_after

        editor = self._editor()
        if editor is None:
            return None
        spaces = self._selected_spaces(editor)
        if len(spaces) != 1:
            self._status(_("Select one space to insert a new one after it"))
            return None
        try:
            edit = insert_space_after(editor.document.elements, spaces[0].id)
        except ValueError as exc:
            self._status(str(exc))
            return None
        push(editor.document, edit, insert_text())
        editor.select_ids([edit.added[0].id])
        return edit.added[0].id

    def cycle_fields(self) -> bool:
        from designer.commands.board import cycle_text, push
        from designer.systems.mk_board.board import BoardEdit, cycled

        editor = self._editor()
        if editor is None:
            return False
        spaces = self._selected_spaces(editor)
        if not spaces:
            self._status(_("Select the spaces whose field should change"))
            return False
        return push(editor.document, BoardEdit(changed=tuple(cycled(spaces))), cycle_text(len(spaces)))

    def shortcut_tool(self) -> ShortcutTool | None:
        from designer.canvas.tools.shortcut import ShortcutTool

        editor = self._editor()
        if editor is None:
            return None
        tool = ShortcutTool(editor.tools)
        editor.tools.set_tool(tool)
        return tool
