"""Feature hook: the remaining authoring UI — the Gates dock, Draw Dash Panel, Coin Cluster and the
movement-template guides.

`install(window)` builds an `AuthoringActions` controller (kept as `window.authoring`):

- the Gates dock (`designer.panes.gates`) on the right, toggled from the Window menu; its buttons trigger
  the Track menu's "Renumber Gates Along Track" and "Fill Item Boxes" (`window.menu_actions`);
- Track ▸ Draw Dash Panel (D) arms the `DashPanelTool` (offered where the rule data has dash panels);
- Track ▸ Coin Cluster… (where it has coins) asks for a count (default 7) and puts a neat cluster of coins
  (`authoring.coin_cluster`) centred on the pointer, or on the view's centre, as one undo step;
- Track ▸ Movement Templates lists the current document's templates (`measure.template_shapes`); choosing
  one drops a guide (`designer.canvas.guides`) at the view's centre. Guides are a view aid: never in the
  document, never saved or printed. "Remove All Guides" clears the current tab's.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QPointF, Qt
from PySide6.QtWidgets import QInputDialog, QMenu

from designer.app.kind_actions import arm
from designer.app.menu_actions import menu_actions
from designer.canvas.guides import GuideItem, guides_for
from designer.canvas.tools.dash import DashPanelTool
from designer.document.operations import add_elements
from designer.geometry.authoring import coin_cluster
from designer.geometry.measure import template_shapes
from designer.i18n import N_, _, ngettext
from designer.model.edit import unique_id
from designer.panes.gates import GatesDock
from designer.paths import ICONS_DIR
from designer.rules.defaults import new_element
from designer.systems.api import ActionSet, MenuAction, offers

STATUS_MS = 5000
DEFAULT_CLUSTER = 7
MAX_CLUSTER = 61
#: Gap between neighbouring coins of a cluster, on top of a coin's width (mm).
CLUSTER_GAP_MM = 8.0


def install(window) -> AuthoringActions:
    """Add the Gates dock, the dash panel tool, Coin Cluster and the template guides to `window`."""
    controller = menu_actions(window).add(AUTHORING_ACTIONS)
    window.authoring = controller
    controller.add_templates_menu()
    return controller


class AuthoringActions(QObject):
    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        w = window
        self.gates_dock = GatesDock(w)
        w.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.gates_dock)
        panes = getattr(w, "panes", None)
        if panes is not None:
            w.tabifyDockWidget(panes.history_dock, self.gates_dock)   # a tab next to the Undo History
        toggle = self.gates_dock.toggleViewAction()
        toggle.setStatusTip(_("Show or hide the Gates list"))
        w.menus["Window"].addAction(toggle)
        pane = self.gates_dock.pane
        pane.renumber_requested.connect(self.renumber_gates)
        pane.fill_requested.connect(self.fill_item_boxes)
        w.editor_changed.connect(pane.set_editor)
        pane.set_editor(w.current_editor())

    def add_templates_menu(self) -> None:
        """Track ▸ Movement Templates, after the dash panel and coin cluster actions."""
        self.templates_menu = QMenu(_("Movement &Templates"), self.window)
        self.templates_menu.setStatusTip(_("Lay a movement template on the canvas as a guide (not saved or printed)"))
        self.templates_menu.aboutToShow.connect(self._fill_templates_menu)
        self.window.menus["Track"].addMenu(self.templates_menu)
        self._fill_templates_menu()

    @property
    def gates_pane(self):
        return self.gates_dock.pane

    def _editor(self):
        return self.window.current_editor()

    def _status(self, message: str) -> None:
        self.window.statusBar().showMessage(message, STATUS_MS)

    def _centre(self, editor) -> tuple[float, float]:
        """Where the pointer is over the view, or else the middle of what the view shows."""
        at = editor.tools.cursor_scene_pos()
        if at is None:
            at = editor.view.mapToScene(editor.view.viewport().rect().center())
        return at.x(), at.y()

    # --- gates -----------------------------------------------------------------------------------
    def renumber_gates(self) -> None:
        self.window.menu_actions.qaction("renumber_gates").trigger()

    def fill_item_boxes(self) -> None:
        self.window.menu_actions.qaction("fill_item_boxes").trigger()

    # --- dash panels -----------------------------------------------------------------------------
    def dash_panel(self) -> DashPanelTool | None:
        return arm(self._editor(), DashPanelTool)

    # --- coin clusters ---------------------------------------------------------------------------
    def coin_cluster(self, count: int | None = None, centre: tuple[float, float] | None = None) -> list[str]:
        """Add a cluster of `count` coins (asked for when None) at `centre`; returns the new ids."""
        editor = self._editor()
        if editor is None:
            return []
        if count is None:
            count, ok = QInputDialog.getInt(self.window, _("Coin Cluster"), _("Number of coins:"),
                                            DEFAULT_CLUSTER, 1, MAX_CLUSTER)
            if not ok:
                return []
        if count < 1:
            return []
        document = editor.document
        if centre is None:
            centre = editor.tools.snap_point(QPointF(*self._centre(editor)))
        size = document.ruleset.element_size("coin")
        spacing = (size.width_mm if size else 20.0) + CLUSTER_GAP_MM
        taken = set(document.ids())
        coins = []
        for x, y in coin_cluster(centre, count, spacing):
            coin_id = unique_id("coin", taken)
            taken.add(coin_id)
            coins.append(new_element(document.ruleset, "coin", coin_id, x, y))
        editor.tools.use_select()
        n = len(coins)
        add_elements(document, coins, ngettext("Coin cluster ({n} coin)", "Coin cluster ({n} coins)", n).format(n=n))
        ids = [c.id for c in coins]
        editor.select_ids(ids)
        return ids

    # --- movement template guides ----------------------------------------------------------------
    def template_names(self) -> list[str]:
        editor = self._editor()
        if editor is None:
            return []
        return [shape.name for shape in template_shapes(editor.document.ruleset)]

    def _fill_templates_menu(self) -> None:
        menu = self.templates_menu
        menu.clear()
        editor = self._editor()
        shapes = template_shapes(editor.document.ruleset) if editor is not None else []
        if not shapes:
            menu.addAction(_("(this ruleset has no movement templates)")).setEnabled(False)
        kind = None
        for shape in shapes:
            if kind is not None and shape.kind != kind:
                menu.addSeparator()
            kind = shape.kind
            action = menu.addAction(shape.name)
            action.setStatusTip(_("Lay the {name} template at the view's centre as a guide").format(name=shape.name))
            action.triggered.connect(lambda _checked=False, name=shape.name: self.add_guide(name))
        menu.addSeparator()
        clear = menu.addAction(_("Remove All Guides"))
        clear.setEnabled(editor is not None and bool(guides_for(editor).guides))
        clear.triggered.connect(self.clear_guides)

    def add_guide(self, name: str, at: tuple[float, float] | None = None,
                  rotation_deg: float = 0.0) -> GuideItem | None:
        """Drop the named template as a guide with its middle at `at` (default: the view's centre)."""
        editor = self._editor()
        if editor is None:
            return None
        shape = next((s for s in template_shapes(editor.document.ruleset) if s.name == name), None)
        if shape is None:
            self._status(_("There is no movement template called {name} in this ruleset").format(name=repr(name)))
            return None
        editor.tools.use_select()
        x, y = at if at is not None else self._centre_of_view(editor)
        # Centre the template's outline on the point (its start is the item's origin).
        box = shape.outline.bounds
        x -= (box[0] + box[2]) / 2.0
        y -= (box[1] + box[3]) / 2.0
        guide = guides_for(editor).add(shape, x, y, rotation_deg)
        self._status(_("{name} guide: drag to move, R / Shift+R to turn, Delete to remove").format(name=shape.name))
        return guide

    @staticmethod
    def _centre_of_view(editor) -> tuple[float, float]:
        at = editor.view.mapToScene(editor.view.viewport().rect().center())
        return at.x(), at.y()

    def guides(self) -> list[GuideItem]:
        editor = self._editor()
        return list(guides_for(editor).guides) if editor is not None else []

    def clear_guides(self) -> None:
        editor = self._editor()
        if editor is not None:
            guides_for(editor).clear()


AUTHORING_ACTIONS: ActionSet[AuthoringActions] = ActionSet(AuthoringActions, (
    MenuAction("dash_panel", N_("Draw Dash &Panel"), AuthoringActions.dash_panel, offers("dash_panel"), shortcut="D",
               tool="dash_panel", icon=ICONS_DIR / "dash_panel.svg", toolbar=True,
               tip=N_("Drag along the track to lay a dash panel, one pad per pad length"), separator=True),
    MenuAction("coin_cluster", N_("Coin C&luster…"), lambda c: c.coin_cluster(), offers("coin"),
               tip=N_("Put a neat cluster of coins at the pointer or the view's centre")),
))
