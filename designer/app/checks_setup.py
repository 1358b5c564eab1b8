"""Feature hook: the playability checks in the editor — Problems dock, canvas markers, status bar, report.

`install(window)` adds:

- the "Problems" dock (bottom; toggle in the Window menu) listing the current tab's problems; clicking a
  row selects the problem's elements and centres the view on them;
- View ▸ Show Problem Markers (on by default): a ring per problem element on the canvas;
- View ▸ Show Racing Line: the estimated racing line as a dashed overlay;
- Track ▸ Track Report… (`report_dialog`);
- a permanent status-bar button with the counts ("2 errors · 3 warnings · 1 info") that raises the dock.

Each editor gets an `EditorChecks` (`editor.checks`) that owns the editor's `CheckContext`
(`editor.check_context`, so re-runs are incremental) and re-runs the checks a short delay (the preference
`checks_delay_ms`, DEBOUNCE_MS at first) after the last document change. Markers and the racing line are
overlay items (not in `scene.items_by_id`), so image export hides them.

The markers are items of the scene (found under the pointer for their tooltips) that Qt never paints: the
rings of unselected elements are painted into the view's cached background over every element there, and
those of selected elements by one item above everything, which a drag moves whole
(`designer.app.problem_markers`). Each marker follows its element at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QObject, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtWidgets import QDockWidget, QToolButton

from designer.app import help_menu
from designer.app.problem_markers import LiveMarkers, ProblemMarker, StaticRings, ring_reach
from designer.app.settings import Preferences, Settings
from designer.canvas import layer
from designer.geometry.checks import CheckContext, Problem, run_checks
from designer.geometry.checks.base import SEVERITY_RANK
from designer.i18n import _
from designer.panes.problems import ProblemsPane, counts_text, severity_icon

if TYPE_CHECKING:
    from designer.app.report_dialog import RacingLineItem

DEBOUNCE_MS = Preferences().checks_delay_ms
PROBLEMS_HEIGHT = 170


class EditorChecks(QObject):
    """The checks of one editor: debounced re-runs, its problems, markers and racing line."""

    updated = Signal(object)   # self, after every run

    def __init__(self, editor) -> None:
        super().__init__(editor)
        self.editor = editor
        self.context = CheckContext()
        editor.check_context = self.context
        editor.checks = self
        self.problems: list[Problem] = []
        self.error = ""
        self.has_run = False
        self.markers: dict[str, ProblemMarker] = {}
        #: The elements live (selected) at the last selection change: their rings are live too.
        self._live_ids: set = set()
        self.markers_visible = True
        self.racing_line_item: RacingLineItem | None = None
        self.racing_line_visible = False
        self._racing_key = None
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(Settings().preferences().checks_delay_ms)
        self.timer.timeout.connect(self.run)
        doc = editor.document
        for signal in (doc.elements_inserted, doc.elements_removed, doc.elements_changed, doc.order_changed,
                       doc.track_changed, doc.properties_changed):
            signal.connect(self.schedule)
        doc.elements_changed.connect(self._follow_moves)     # markers keep up with drags at once
        doc.elements_removed.connect(self._drop_markers)
        # After the scene's own handler: its items are live or layered by then.
        editor.scene.selectionChanged.connect(self._follow_selection)
        self.static_rings = StaticRings(self.markers)
        editor.scene.background_overlays.append(self.static_rings)
        self.live_markers = LiveMarkers(self.markers, editor.view.scale_factor)
        editor.scene.addItem(self.live_markers)
        editor.view.zoom_changed.connect(self._refresh_live)  # how far a ring reaches in the scene changed
        # The first run waits for the event loop, so a newly opened window is drawn before it is checked.
        QTimer.singleShot(0, self, self.schedule)

    def schedule(self, *_args) -> None:
        """(Re)start the debounce: the checks run once the document has been quiet for the timer's interval."""
        self.timer.start()

    def run(self) -> None:
        """Run the checks now (and refresh the racing line if it is shown)."""
        self.timer.stop()
        document = self.editor.document
        try:
            ruleset = document.ruleset
            model = document.snapshot()
            self.problems = run_checks(model, ruleset, self.context)
            self.error = ""
        except Exception as exc:
            model = ruleset = None
            self.problems = []
            self.error = _("The checks could not run: {error}").format(error=exc)
        self.has_run = True
        self._sync_markers()
        self._sync_racing_line(model, ruleset)
        self.updated.emit(self)

    # --- markers ---------------------------------------------------------------------------------
    def set_markers_visible(self, visible: bool) -> None:
        self.markers_visible = visible
        area = QRectF()
        live = False
        for marker in self.markers.values():
            if marker.isVisible() != visible:
                marker.setVisible(visible)
                area = area.united(self._layered_area(marker))
                live = live or not marker.layered
        self._repaint(area, live)

    def _ring_area(self, marker: ProblemMarker) -> QRectF:
        """The scene area a marker's ring covers at the view's zoom."""
        r = ring_reach(self.editor.view.scale_factor())
        return QRectF(marker.x() - r, marker.y() - r, 2 * r, 2 * r)

    def _layered_area(self, marker: ProblemMarker) -> QRectF:
        """The scene area of a ring painted in the background (empty for a live one)."""
        return self._ring_area(marker) if marker.layered else QRectF()

    def _repaint(self, area: QRectF, live: bool = False) -> None:
        """Repaint `area` of the static rings (in the views' cached background), and the live rings when `live`."""
        layer.invalidate(self.editor.scene, area)
        if live:
            self.live_markers.refresh()

    def _refresh_live(self, *_args) -> None:
        self.live_markers.refresh()

    def _is_layered(self, element_id: str) -> bool:
        item = self.editor.scene.item_for(element_id)
        return item is None or not item.live

    def _follow_selection(self) -> None:
        """The rings of the elements that became live or left the live layer follow them (only those)."""
        live = {getattr(item, "element_id", None) for item in self.editor.scene.live_layer.items}
        changed, self._live_ids = live ^ self._live_ids, live
        areas = []
        for element_id in changed:
            marker = self.markers.get(element_id)
            if marker is None:
                continue
            if not shiboken6.isValid(marker):
                return  # the scene is being torn down (its items go first, then the selection)
            layered = self._is_layered(element_id)
            if marker.layered != layered:
                marker.layered = layered
                areas.append(self._ring_area(marker))
        layer.invalidate_each(self.editor.scene, areas)  # the rings left and the rings taken: apart
        if areas:
            self.live_markers.refresh()

    def _follow_moves(self, ids: list) -> None:
        area = QRectF()
        live = False
        markers, element = self.markers, self.editor.document.element
        for element_id in ids:
            marker = markers.get(element_id)
            if marker is None or (moved := element(element_id)) is None:
                continue
            if marker.layered:
                area = area.united(self._ring_area(marker))
                marker.setPos(moved.x_mm, moved.y_mm)
                area = area.united(self._ring_area(marker))
            else:
                marker.setPos(moved.x_mm, moved.y_mm)
                live = True
        self._repaint(area)
        if live:
            self.live_markers.follow()  # a drag: the picture of the live rings moves as one

    def _drop_markers(self, ids: list) -> None:
        area = QRectF()
        live = False
        for element_id in ids:
            marker = self.markers.pop(element_id, None)
            if marker is not None and marker.scene() is not None:
                area = area.united(self._layered_area(marker))
                live = live or not marker.layered
                marker.scene().removeItem(marker)
        self._repaint(area, live)

    def _sync_markers(self) -> None:
        scene = self.editor.scene
        by_id: dict[str, list[Problem]] = {}
        for problem in self.problems:
            for element_id in problem.ids:
                by_id.setdefault(element_id, []).append(problem)
        self._drop_markers([i for i in self.markers if i not in by_id or self.editor.document.element(i) is None])
        area = QRectF()
        live = False
        for element_id, problems in by_id.items():
            element = self.editor.document.element(element_id)
            if element is None:
                continue
            marker = self.markers.get(element_id)
            changed = marker is None
            if marker is None:
                marker = self.markers[element_id] = ProblemMarker(element_id)
                marker.setVisible(self.markers_visible)
                marker.layered = self._is_layered(element_id)
                marker.setPos(element.x_mm, element.y_mm)
                scene.addItem(marker)
            elif marker.x() != element.x_mm or marker.y() != element.y_mm:
                area = area.united(self._layered_area(marker))
                marker.setPos(element.x_mm, element.y_mm)
                changed = True
            if marker.set_problems(problems) or changed:
                area = area.united(self._layered_area(marker))
                live = live or not marker.layered
        self._repaint(area, live)

    # --- racing line -----------------------------------------------------------------------------
    def set_racing_line_visible(self, visible: bool) -> None:
        self.racing_line_visible = visible
        if visible:
            self.run()   # computed lazily: only while shown
        else:
            self._remove_racing_line()

    def _sync_racing_line(self, model, ruleset) -> None:
        if not self.racing_line_visible or model is None or model.track is None:
            self._remove_racing_line()
            return
        # the line depends only on the track, the gates and the kart's width: skip it for other edits
        key = (model.track, [e for e in model.elements if e.kind == "gate"], ruleset)
        if self.racing_line_item is not None and self._racing_key == key:
            return
        # The report's modules load once the line is first shown, not with the window.
        from designer.app.report_dialog import RacingLineItem
        from designer.geometry.figures import racing_line

        try:
            points = racing_line(model, ruleset)["points"]
        except Exception:
            self._remove_racing_line()
            return
        self._racing_key = key
        if self.racing_line_item is None:
            self.racing_line_item = RacingLineItem(points)
            self.editor.scene.addItem(self.racing_line_item)
        else:
            self.racing_line_item.set_points(points)

    def _remove_racing_line(self) -> None:
        item, self.racing_line_item = self.racing_line_item, None
        self._racing_key = None
        if item is not None and item.scene() is not None:
            item.scene().removeItem(item)


def checks_for(editor) -> EditorChecks:
    existing = getattr(editor, "checks", None)
    return existing if isinstance(existing, EditorChecks) else EditorChecks(editor)


class ChecksFeature(QObject):
    """The window-wide half: dock, actions and status button, following the current tab."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.pane = ProblemsPane()
        self.dock = QDockWidget(_("Problems"), window)
        self.dock.setObjectName("ProblemsDock")
        self.dock.setWidget(self.pane)
        self.dock.setAllowedAreas(Qt.DockWidgetArea.BottomDockWidgetArea | Qt.DockWidgetArea.TopDockWidgetArea)
        window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.dock)
        window.resizeDocks([self.dock], [PROBLEMS_HEIGHT], Qt.Orientation.Vertical)
        toggle = self.dock.toggleViewAction()
        toggle.setStatusTip(_("Show or hide the Problems"))
        window.menus["Window"].addAction(toggle)
        self.pane.problem_activated.connect(self.show_problem)
        self.pane.help_requested.connect(lambda code: help_menu.show_manual(window, code))

        window.menus["View"].addSeparator()
        self.markers_action = window.action(
            _("Show Problem &Markers"), self._set_markers_visible, tip=_("Ring the elements that have problems"),
            menu="View", checkable=True)
        self.markers_action.setChecked(True)
        self.racing_line_action = window.action(
            _("Show &Racing Line"), self._set_racing_line_visible, tip=_("Draw the estimated racing line"),
            menu="View", checkable=True)
        self.report_action = window.action(
            _("Track &Report…"), lambda: _show_track_report(window), "Ctrl+Shift+R",
            _("Lap length, racing line, activations per lap and element counts"), menu="Track")

        self.status_button = QToolButton(window)
        self.status_button.setObjectName("ProblemCounts")
        self.status_button.setAutoRaise(True)
        self.status_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.status_button.setToolTip(_("Show the Problems"))
        self.status_button.clicked.connect(self.raise_dock)
        window.statusBar().addPermanentWidget(self.status_button)

        window.editor_changed.connect(self.follow)
        for editor in window.editors():
            checks_for(editor)
        self.follow(window.current_editor())

    # --- following the current tab ---------------------------------------------------------------
    def attach(self, editor) -> EditorChecks:
        checks = checks_for(editor)
        if not getattr(checks, "_feature_attached", False):
            checks._feature_attached = True
            checks.set_markers_visible(self.markers_action.isChecked())
            if self.racing_line_action.isChecked():
                checks.racing_line_visible = True
            checks.updated.connect(self.refresh)
        return checks

    def follow(self, editor) -> None:
        if editor is None:
            self.show_checks(None)
            return
        self.show_checks(self.attach(editor))

    def refresh(self, checks: EditorChecks) -> None:
        if checks.editor is self.window.current_editor():
            self.show_checks(checks)

    def show_checks(self, checks: EditorChecks | None) -> None:
        problems = checks.problems if checks is not None else []
        self.pane.set_problems(problems)
        self.pane.set_message(checks.error if checks is not None else "")
        self.status_button.setText(counts_text(problems) if checks is None or checks.has_run else _("Checking…"))
        worst = min((p.severity for p in problems), key=SEVERITY_RANK.__getitem__, default=None)
        self.status_button.setIcon(severity_icon(worst) if worst else severity_icon("info"))

    def counts_text(self) -> str:
        return self.status_button.text()

    # --- actions ---------------------------------------------------------------------------------
    def raise_dock(self) -> None:
        self.dock.show()
        self.dock.raise_()

    def show_problem(self, problem: Problem) -> None:
        """Select the problem's elements and centre the view on the place it names (`Problem.at`), else on them."""
        editor = self.window.current_editor()
        if editor is None:
            return
        items = [editor.scene.item_for(i) for i in problem.ids]
        items = [item for item in items if item is not None]
        if items:
            editor.select_ids([item.element_id for item in items])
        if problem.at is not None:
            editor.view.centerOn(QPointF(*problem.at))
        elif items:
            area = QRectF()
            for item in items:
                area = area.united(item.sceneBoundingRect())
            editor.view.centerOn(area.center())

    def _set_markers_visible(self, visible: bool) -> None:
        for editor in self.window.editors():
            self.attach(editor).set_markers_visible(visible)

    def _set_racing_line_visible(self, visible: bool) -> None:
        for editor in self.window.editors():
            self.attach(editor).set_racing_line_visible(visible)


def _show_track_report(window) -> None:
    from designer.app.report_dialog import show_track_report

    show_track_report(window)


def install(window) -> ChecksFeature:
    """Add the checks' dock, markers, racing line, report and status counts to `window`."""
    window.checks = ChecksFeature(window)
    return window.checks
