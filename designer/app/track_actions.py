"""The Track menu: draw a track, edit its layout as a whole, the gate authoring actions — and every game
system's own actions, from the registry.

`install(window)` adds `TRACK_ACTIONS` through the window's `MenuActions` (`designer.app.menu_actions`; its
controller, a `TrackActions`, is kept as `window.track_controller`), then each registered system's Qt half's
`ACTIONS` (`designer.systems.api.ActionSet`), in registry order: at once those of the systems already
registered (the open documents'), the others once the window is painted (`window.deferred`) or when asked for,
in the place `MenuActions.keep_place` kept. Each action is offered only for the documents its `when` accepts:
the gate and coin tools by the kinds of the document's rule data, a system's own by its own.

- Select (S) puts every tool down (the select tool); Pan (H) arms the hand (`PanTool`): a drag moves the view.
- Draw Track (T) arms the `TrackTool`; Place Gate (G) the `GateTool`; Coin Trail (C) the `CoinTrailTool`;
  Measure (M) the `MeasureTool`.
- Reverse Direction, Mirror Horizontally/Vertically and Rotate Layout 90° CW/CCW (about the table's
  centre) transform the track and every element with `designer.geometry.layout`, as ONE undo step
  (a macro of a `SetTrack` and one element change).
- Renumber Gates Along Track orders the gates by distance along the route from the start/finish line.
- Fill Item Boxes puts a line of `karts` item boxes after each selected gate (every gate when no gate is
  selected), replacing each gate's old line, all in one undo step.

Every action works on the current tab; problems are reported on the status bar.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from designer.app.kind_actions import arm
from designer.app.menu_actions import MenuActions, menu_actions
from designer.canvas.items import system_qt_half
from designer.canvas.tools.coins import CoinTrailTool
from designer.canvas.tools.gate import GateTool
from designer.canvas.tools.measure import MeasureTool
from designer.canvas.tools.pan import PanTool
from designer.canvas.tools.track import TrackTool
from designer.commands.document import SetTrack
from designer.document.operations import add_elements, change_elements, delete_elements, macro
from designer.geometry.authoring import fill_item_boxes
from designer.geometry.layout import mirror_layout, reverse_layout, rotate_layout
from designer.geometry.route import apply_gate_orders, renumber_gates
from designer.i18n import N_, _, ngettext
from designer.paths import ICONS_DIR
from designer.systems import registry
from designer.systems.api import ActionSet, MenuAction, offers

STATUS_MS = 5000


def install(window) -> TrackActions:
    """Add the Track menu's shared actions, then every registered system's, to `window`."""
    host = menu_actions(window)
    controller = host.add(TRACK_ACTIONS)
    window.track_controller = controller
    host.keep_place()
    # Now the systems the open documents brought; the rest once the window is painted, or when needed sooner.
    add_system_actions(host, registry.registered())
    window.editor_changed.connect(lambda _editor: add_system_actions(host, registry.registered()))
    host.complete = lambda: add_system_actions(host, registry.systems())
    window.deferred.append(host.complete)
    return controller


def add_system_actions(host: MenuActions, systems) -> None:
    """Add the `ACTIONS` of each of `systems`' Qt halves that `host` has not had yet, at the place it kept."""
    for system in systems:
        if system.id in host.added_systems:
            continue
        host.added_systems.add(system.id)
        action_set = getattr(system_qt_half(system), "ACTIONS", None)
        if isinstance(action_set, ActionSet):
            host.add(action_set, system, placed=True)


class TrackActions(QObject):
    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window

    def _editor(self):
        return self.window.current_editor()

    def _status(self, message: str) -> None:
        self.window.statusBar().showMessage(message, STATUS_MS)

    # --- tools -----------------------------------------------------------------------------------
    def select(self) -> None:
        editor = self._editor()
        if editor is not None:
            editor.tools.active.cancel()
            editor.tools.use_select()

    def pan(self) -> PanTool | None:
        return arm(self._editor(), PanTool)

    def draw_track(self) -> TrackTool | None:
        return arm(self._editor(), TrackTool)

    def coin_trail(self) -> CoinTrailTool | None:
        return arm(self._editor(), CoinTrailTool)

    def measure(self) -> MeasureTool | None:
        return arm(self._editor(), MeasureTool)

    def gate_tool(self) -> GateTool | None:
        editor = self._editor()
        if editor is None:
            return None
        if editor.document.track is None:
            self._status(_("Draw a track first: gates are placed across it"))
            return None
        return arm(editor, GateTool)

    # --- whole-layout transforms -----------------------------------------------------------------
    def _transform(self, text: str, failure: str, compute) -> bool:
        """Apply `compute` as one undo step named `text`; `failure` ("Cannot …: {error}") reports a refusal."""
        editor = self._editor()
        if editor is None:
            return False
        document = editor.document
        editor.tools.use_select()
        editor.tools.active.cancel()
        try:
            track, elements = compute(document.track, document.elements)
        except ValueError as exc:
            self._status(failure.format(error=exc))
            return False
        old = {e.id: e for e in document.elements}
        changed = [e for e in elements if old.get(e.id) != e]
        if track == document.track and not changed:
            return False
        with macro(document, text):
            if track != document.track:
                document.undo_stack.push(SetTrack(document, track, text))
            change_elements(document, changed, text)
        return True

    def reverse(self) -> bool:
        return self._transform(_("Reverse direction"), _("Cannot reverse direction: {error}"), reverse_layout)

    def mirror(self, axis: str) -> bool:
        editor = self._editor()
        if editor is None:
            return False
        table = editor.document.prop("table")
        if axis == "horizontal":
            text, failure = _("Mirror horizontally"), _("Cannot mirror horizontally: {error}")
        else:
            text, failure = _("Mirror vertically"), _("Cannot mirror vertically: {error}")
        return self._transform(text, failure, lambda t, es: mirror_layout(t, es, axis, table))

    def rotate(self, degrees: float) -> bool:
        editor = self._editor()
        if editor is None:
            return False
        table = editor.document.prop("table")
        centre = (table.width_mm / 2.0, table.height_mm / 2.0)
        if degrees > 0:
            text, failure = _("Rotate layout 90° clockwise"), _("Cannot rotate layout 90° clockwise: {error}")
        else:
            text = _("Rotate layout 90° counterclockwise")
            failure = _("Cannot rotate layout 90° counterclockwise: {error}")
        return self._transform(text, failure, lambda t, es: rotate_layout(t, es, degrees, centre))

    # --- gates -----------------------------------------------------------------------------------
    def renumber_gates(self) -> bool:
        editor = self._editor()
        if editor is None:
            return False
        document = editor.document
        if document.track is None:
            self._status(_("There is no track to number the gates along"))
            return False
        elements = document.elements
        gates = [e for e in elements if e.kind == "gate"]
        start = next((e for e in elements if e.kind == "start_finish"), None)
        changed = apply_gate_orders(elements, renumber_gates(document.track, gates, start))
        if not changed:
            self._status(_("The gates are already numbered along the track"))
            return False
        change_elements(document, changed, _("Renumber gates"))
        return True

    def fill_item_boxes(self) -> list[str]:
        """Fill the selected gates (or all gates); returns the new item box ids."""
        editor = self._editor()
        if editor is None:
            return []
        document = editor.document
        selected = set(editor.selected_ids())
        gates = [e for e in document.elements if e.kind == "gate" and e.id in selected]
        if not gates:
            gates = [e for e in document.elements if e.kind == "gate"]
        if not gates:
            self._status(_("There are no gates to put item boxes after"))
            return []
        karts = document.prop("karts")
        ruleset = document.ruleset
        elements = document.elements
        new, removed = [], []
        try:
            for gate in gates:
                boxes, old = fill_item_boxes(gate, karts, ruleset, elements)
                new.extend(boxes)
                removed.extend(old)
        except ValueError as exc:
            self._status(_("Cannot fill item boxes: {error}").format(error=exc))
            return []
        editor.tools.use_select()
        text = ngettext("Fill item boxes ({n} gate)", "Fill item boxes ({n} gates)", len(gates)).format(n=len(gates))
        with macro(document, text):
            delete_elements(document, removed)
            add_elements(document, new, _("Add item boxes"))
        return [e.id for e in new]


TRACK_ACTIONS: ActionSet[TrackActions] = ActionSet(TrackActions, (
    MenuAction("select", N_("Se&lect"), TrackActions.select, shortcut="S", tool="select", icon="select",
               toolbar=True, tip=N_("Pick, move and turn elements; puts any other tool down")),
    MenuAction("pan", N_("P&an"), TrackActions.pan, shortcut="H", tool="pan", icon="pan", toolbar=True,
               tip=N_("Drag to move the view over the table")),
    MenuAction("draw_track", N_("&Draw Track"), TrackActions.draw_track, shortcut="T", tool="track",
               icon="draw_track", toolbar=True, tip=N_("Click centerline points to lay a new track"),
               separator=True),
    MenuAction("place_gate", N_("Place &Gate"), TrackActions.gate_tool, offers("gate"), shortcut="G", tool="gate",
               icon=ICONS_DIR / "gate.svg", toolbar=True, tip=N_("Click on the track to put a gate across it")),
    MenuAction("coin_trail", N_("&Coin Trail"), TrackActions.coin_trail, offers("coin"), shortcut="C",
               tool="coin_trail", icon="coin_trail", toolbar=True, tip=N_("Drag to lay a line of coins every 50 mm")),
    MenuAction("measure", N_("&Measure"), TrackActions.measure, shortcut="M", tool="measure", icon="measure",
               toolbar=True, tip=N_("Drag to measure a distance in mm and in straights")),
    MenuAction("reverse", N_("&Reverse Direction"), TrackActions.reverse,
               tip=N_("Drive the track the other way round"), separator=True),
    MenuAction("mirror_h", N_("Mirror &Horizontally"), lambda c: c.mirror("horizontal"),
               tip=N_("Flip the whole layout left to right")),
    MenuAction("mirror_v", N_("Mirror &Vertically"), lambda c: c.mirror("vertical"),
               tip=N_("Flip the whole layout top to bottom")),
    MenuAction("rotate_cw", N_("Rotate Layout 90° &CW"), lambda c: c.rotate(90.0),
               tip=N_("Turn the whole layout clockwise about the table centre")),
    MenuAction("rotate_ccw", N_("Rotate Layout 90° CC&W"), lambda c: c.rotate(-90.0),
               tip=N_("Turn the whole layout counterclockwise about the table centre")),
    MenuAction("renumber_gates", N_("Re&number Gates Along Track"), TrackActions.renumber_gates, offers("gate"),
               tip=N_("Number the gates in the order the track passes them"), separator=True),
    MenuAction("fill_item_boxes", N_("&Fill Item Boxes"), TrackActions.fill_item_boxes, offers("gate", "item_box"),
               tip=N_("Put a line of item boxes (one per kart) after the selected gates")),
))
