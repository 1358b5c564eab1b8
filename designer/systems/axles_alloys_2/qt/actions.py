"""Axles and Alloys II's Track menu actions (`ACTIONS`), for documents whose palette offers barriers:

- Draw Barrier arms the barrier tool (`barrier_tool`): click points, Enter or a double click
  ends, Esc cancels; the barrier is one undo step. A selected barrier's points can then be dragged with the
  select tool (`designer.systems.axles_alloys_2.qt.barrier_points`, one per editor of such a document).
- Barriers Along Track lays a barrier along both edges of the drawn track (and round a crossover:
  `designer.systems.axles_alloys_2.barriers`), replacing the barriers it laid before and keeping those drawn
  by hand, in ONE undo step.
- Scatter Race Hazards… rolls the rule data's dice and throws dropped-weapon templates, ramps and wrecks on
  the track (`designer.systems.axles_alloys_2.scatter`), replacing the previous scatter (only the elements
  it put down) in ONE undo step, and shows what was rolled and placed. Its Re-roll button throws again with
  a new seed, replacing that scatter the same way (one more undo step).

The main window shows the actions, enabled, only for such documents (the ruleset offers `barrier`, never a
system id; `designer.app.menu_actions`), re-checked on tab switches and ruleset changes.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout

from designer.app.kind_actions import KindActions
from designer.app.menu_actions import menu_actions
from designer.document.operations import add_elements, delete_elements, macro
from designer.i18n import N_, _, ngettext, pgettext
from designer.systems.api import ActionSet, MenuAction, offers
from designer.systems.axles_alloys_2.elements import BARRIER
from designer.systems.axles_alloys_2.qt.barrier_points import BarrierPointsEditor
from designer.systems.axles_alloys_2.qt.barrier_tool import BarrierTool

if TYPE_CHECKING:
    from designer.systems.axles_alloys_2.scatter import Scatter

#: The system's icons: its palette's, and its toolbar buttons' in tools/.
ICONS = Path(__file__).parent.parent / "icons"
#: What each line of the scatter's report is about, by kind (the system's TEMPLATE, RAMP and WRECK).
WHAT = {"dropped_template": N_("Dropped-weapon templates"), "ramp": N_("Ramps"), "wreck": N_("Wrecks")}


def dice_text(count: int) -> str:
    """How many six-sided dice, as players write it ("d6", "2d6")."""
    if count == 1:
        return pgettext("one six-sided die", "d6")
    return pgettext("several six-sided dice", "{count}d6").format(count=count)


def report_lines(result: Scatter) -> list[str]:
    """What the scatter's dialog says: per kind the dice, what they showed and how many were placed."""
    lines = []
    for kind, faces in result.rolls.items():
        values = {"what": _(WHAT.get(kind, kind)), "dice": dice_text(len(faces)), "total": sum(faces),
                  "placed": result.placed(kind), "faces": " + ".join(str(f) for f in faces)}
        if len(faces) > 1:
            lines.append(_("{what}: {dice} rolled {faces} = {total}, {placed} placed").format(**values))
        else:
            lines.append(_("{what}: {dice} rolled {total}, {placed} placed").format(**values))
    if result.missing:
        lines.append(ngettext("{n} piece found no room on the track and was left out",
                              "{n} pieces found no room on the track and were left out",
                              result.missing).format(n=result.missing))
    lines.append(_("Seed {seed}").format(seed=result.seed))
    return lines


class ScatterDialog(QDialog):
    """What the last scatter rolled and placed, with Re-roll (throw again) and Close."""

    def __init__(self, controller: AxlesActions) -> None:
        super().__init__(controller.window)
        self.controller = controller
        self.setWindowTitle(_("Scatter Race Hazards"))
        layout = QVBoxLayout(self)
        self.label = QLabel()
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(self.label)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.reroll_button = self.buttons.addButton(_("&Re-roll"), QDialogButtonBox.ButtonRole.ActionRole)
        self.reroll_button.clicked.connect(lambda: controller.scatter_hazards())
        self.buttons.rejected.connect(self.close)
        layout.addWidget(self.buttons)

    def show_result(self, result: Scatter) -> None:
        self.label.setText("\n".join(report_lines(result)))
        self.adjustSize()


class AxlesActions(KindActions):
    KIND = BARRIER

    def __init__(self, window) -> None:
        super().__init__(window)
        self.dialog: ScatterDialog | None = None
        self.last: Scatter | None = None
        menu_actions(window).offers_changed.connect(self._add_point_handles)  # a tab switch, a ruleset change
        self._add_point_handles()

    def _add_point_handles(self) -> None:
        """The current document, when it offers barriers, gets their point handles (once per editor): a Gaslands
        tab carries no handles, event filters or selection watch of ours."""
        editor = self._editor()
        if editor is not None and getattr(editor, "barrier_points", None) is None:
            editor.barrier_points = BarrierPointsEditor(editor)

    # --- actions ---------------------------------------------------------------------------------
    def draw_barrier(self) -> BarrierTool | None:
        editor = self._editor()
        if editor is None:
            return None
        tool = editor.tools.active
        if isinstance(tool, BarrierTool):
            return tool
        tool = BarrierTool(editor.tools)
        editor.tools.set_tool(tool)
        return tool

    def barriers_along_track(self) -> int:
        """Lay barriers along both edges of the track, replacing those laid before, as one undo step; how many."""
        from designer.systems.axles_alloys_2.barriers import barriers_along

        editor = self._editor()
        if editor is None:
            return 0
        document = editor.document
        if document.track is None:
            self._status(_("Draw a track first: the barriers are laid along its edges"))
            return 0
        old, new = barriers_along(document.track, document.elements)
        editor.tools.use_select()
        editor.tools.active.cancel()
        text = ngettext("Lay {n} barrier along the track", "Lay {n} barriers along the track", len(new)).format(
            n=len(new))
        with macro(document, text):
            if old:
                delete_elements(document, old)
            add_elements(document, new, text)
        self._status(text)
        return len(new)

    def scatter_hazards(self, seed: int | None = None, show: bool = True) -> Scatter | None:
        """Throw the race hazards with `seed` (a new random one without), replacing the last scatter, as one
        undo step; shows the dialog (`show`). None when there is nothing to scatter on."""
        from designer.systems.axles_alloys_2.scatter import is_scattered, roll_scatter

        editor = self._editor()
        if editor is None:
            return None
        document = editor.document
        if document.track is None:
            self._status(_("Draw a track first: race hazards are scattered on it"))
            return None
        if seed is None:
            seed = random.SystemRandom().randrange(1, 1_000_000)
        result = roll_scatter(document.snapshot(), document.ruleset, seed)
        old = [e.id for e in document.elements if is_scattered(e)]
        editor.tools.use_select()
        editor.tools.active.cancel()
        if old or result.elements:
            count = len(result.elements)
            text = ngettext("Scatter {n} race hazard", "Scatter {n} race hazards", count).format(n=count)
            with macro(document, text):
                if old:
                    delete_elements(document, old)
                if result.elements:
                    add_elements(document, result.elements)
        self.last = result
        if result.missing:
            self._status(ngettext("{n} piece found no room on the track and was left out",
                                  "{n} pieces found no room on the track and were left out",
                                  result.missing).format(n=result.missing))
        if show:
            if self.dialog is None:
                self.dialog = ScatterDialog(self)
            self.dialog.show_result(result)
            self.dialog.show()
            self.dialog.raise_()
        return result


ACTIONS: ActionSet[AxlesActions] = ActionSet(AxlesActions, (
    MenuAction("draw_barrier", N_("Draw &Barrier"), lambda c: c.draw_barrier(), offers(BARRIER),
               tool="barrier", icon=ICONS / "barrier.svg",
               tip=N_("Click a barrier's points; Enter or double-click ends it"), separator=True),
    MenuAction("barriers_along_track", N_("Barriers A&long Track"), lambda c: c.barriers_along_track(),
               offers(BARRIER), icon=ICONS / "tools" / "barriers-along.svg",
               tip=N_("Lay a barrier along both edges of the track, replacing those laid before")),
    MenuAction("scatter_hazards", N_("Scatter Race Ha&zards…"), lambda c: c.scatter_hazards(), offers(BARRIER),
               icon=ICONS / "tools" / "scatter.svg",
               tip=N_("Roll for dropped-weapon templates, ramps and wrecks and throw them on the track, replacing "
                      "the last scatter")),
))
