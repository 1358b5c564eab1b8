"""Editor benchmarks ([2/6]): open a 2,000-element 6'×4' table, repaint 1920×1080, drag 200 elements, memory.

Targets: open to a drawn window < 1 s; full repaint < 16 ms median; one drag step of a 200-element
selection < 16 ms median; resident memory < 300 MB. Figures are printed; the asserts guard only the
order of magnitude so a slow CI machine does not turn a benchmark into a flaky test.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication

from designer.app.window import MainWindow
from designer.document.operations import move_elements
from designer.io.track_io import load_track


def test_open_to_drawn_window(qtbot, crowded_file, benchmark):
    def open_and_draw():
        window = MainWindow(load_track(crowded_file), crowded_file, install_features=False)
        window.resize(1920, 1080)
        window.show()
        window.view.fit_table()
        window.view.viewport().grab()
        QApplication.processEvents()
        return window

    window = benchmark.pedantic(open_and_draw, rounds=3, iterations=1)
    qtbot.addWidget(window)
    assert len(window.scene.items_by_id) == 2000
    assert benchmark.stats.stats.median < 5.0


def test_open_to_drawn_window_with_every_dock(qtbot, crowded_file, benchmark, tmp_path, monkeypatch):
    """The real window: palette, inspector, gates, history and Problems docks, menus and autosave."""
    from designer.app.settings import use_settings_folder

    use_settings_folder(tmp_path / "settings")
    monkeypatch.setenv("KARTOGRAPHER_RECOVERY_DIR", str(tmp_path / "recovery"))
    windows = []

    def open_and_draw():
        window = MainWindow(load_track(crowded_file), crowded_file)
        windows.append(window)
        window.resize(1920, 1080)
        window.show()
        window.view.fit_table()
        window.grab()  # drawn: every dock, the menu bar and the canvas painted (the checks come after)
        return window

    window = benchmark.pedantic(open_and_draw, rounds=3, iterations=1)
    for w in windows:
        qtbot.addWidget(w)
    QApplication.processEvents()
    assert len(window.scene.items_by_id) == 2000
    assert benchmark.stats.stats.median < 5.0


def test_full_repaint_with_problem_markers(checked_window, benchmark):
    """Every element of the crowded table has a problem, so ~2,000 markers sit on the canvas."""
    window = checked_window
    viewport = window.view.viewport()
    viewport.grab()
    benchmark.pedantic(viewport.repaint, rounds=20, iterations=1)
    assert len(window.current_editor().checks.markers) > 1000
    assert benchmark.stats.stats.median < 1.0


def _fitted_window(qtbot, document) -> MainWindow:
    window = MainWindow(document, install_features=False)
    qtbot.addWidget(window)
    window.resize(1960, 1200)
    window.show()
    qtbot.waitExposed(window)
    window.view.fit_table()
    window.view.viewport().grab()  # fills the item caches
    return window


def test_full_repaint_1920x1080(qtbot, crowded, benchmark):
    """A full repaint of the view (scrolling, a tool overlay, a drag elsewhere), item caches warm."""
    window = _fitted_window(qtbot, crowded)
    viewport = window.view.viewport()
    assert viewport.width() >= 1920 and viewport.height() >= 1080
    # grab() runs the real paint event into a pixmap; repaint() may skip a window the platform hides.
    benchmark.pedantic(viewport.grab, rounds=30, iterations=1, warmup_rounds=2)
    assert benchmark.stats.stats.median < 0.5


def test_repaint_after_zoom_step(qtbot, crowded, benchmark):
    """The first repaint after a zoom step, when every item redraws its picture."""
    window = _fitted_window(qtbot, crowded)
    view = window.view
    factors = iter([1.25, 0.8] * 100)

    def zoom_and_repaint():
        view.zoom_by(next(factors))
        view.viewport().grab()

    benchmark.pedantic(zoom_and_repaint, rounds=6, iterations=1)
    assert benchmark.stats.stats.median < 10.0


def test_cold_render_of_the_whole_table(qtbot, crowded, benchmark):
    """scene.render into an image bypasses the item caches: every item draws (the export path)."""
    window = MainWindow(crowded, install_features=False)
    qtbot.addWidget(window)
    scene = window.scene
    image = QImage(1920, 1080, QImage.Format.Format_ARGB32_Premultiplied)
    source = scene.table_rect().adjusted(-40, -40, 40, 40)

    def render():
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        scene.render(painter, QRectF(0, 0, 1920, 1080), source)
        painter.end()

    benchmark.pedantic(render, rounds=3, iterations=1, warmup_rounds=1)
    assert benchmark.stats.stats.median < 10.0


def test_drag_step_of_200_elements(qtbot, crowded, benchmark):
    """One mouse-move of a 200-element drag: the command merges, the items move, the view updates.

    The view's own update (processEvents) repaints only what changed, as it does under the mouse.
    """
    window = _fitted_window(qtbot, crowded)
    document = window.document
    ids = [e.id for e in document.elements[:200]]
    window.current_editor().select_ids(ids)  # a drag moves the selection: those items are painted live
    QApplication.processEvents()
    step_mm = 2.0 / window.view.scale_factor()  # the mouse moves whole pixels: 2 px right, 1 px down
    steps = iter(range(10**6))

    def drag_step():
        move_elements(document, ids, step_mm, step_mm / 2, merge_key="bench-drag")
        QApplication.processEvents()
        next(steps)

    benchmark.pedantic(drag_step, rounds=50, iterations=1, warmup_rounds=3)
    assert document.undo_stack.count() == 1  # a whole drag is one undo step
    assert benchmark.stats.stats.median < 0.5


def test_resident_memory(crowded_file, benchmark):
    """Peak resident memory of a fresh process that opens the 2,000-element file and draws it."""
    code = (
        "import os, sys; os.environ.setdefault('QT_QPA_PLATFORM', 'offscreen');"
        "import designer; from PySide6.QtWidgets import QApplication; app = QApplication([]);"
        "from designer.app.window import MainWindow; from designer.io.track_io import load_track;"
        f"w = MainWindow(load_track({str(crowded_file)!r}), install_features=False); w.resize(1960, 1200); w.show();"
        "[app.processEvents() for _ in range(5)]; w.view.fit_table(); w.view.viewport().repaint();"
        # VmHWM, not ru_maxrss: Linux carries ru_maxrss over from the parent through exec.
        "print([int(l.split()[1]) // 1024 for l in open('/proc/self/status') if l.startswith('VmHWM')][0])"
    )
    result = benchmark.pedantic(
        lambda: subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True),
        rounds=1, iterations=1,
    )
    peak_mb = int(result.stdout.strip().splitlines()[-1])
    benchmark.extra_info["peak_rss_mb"] = peak_mb
    print(f"\npeak resident memory, 2,000 elements drawn: {peak_mb} MB")
    assert peak_mb < 1000


# --- issue #33's editor rows, each against its floor measured in the same run -----------------------
# The guards catch a slide back, not the targets: they sit well above the ratios measured when written
# (before → after the markers became one picture and rings and labels shared pictures: zoom step
# 7–8× → 7× at fit, 8–11× → 3.8–4× three steps in; undo 6–9× both; drag with markers 1.6–1.8× → 1.06–1.25×
# the same drag with them hidden; then, with pictures of each element kept while the zoom holds and outlines
# wider than a pixel painted as fills: undo 6–9× → 1.7–1.9×, three steps in 4.6–6.3× → 4–5.3×, at fit
# 5.9–6.2× → 5.6–5.7× on a busy machine; then, with one sprite per look and zoom shared by every element
# that looks the same (canvas/sprites.py): at fit 5.5× → 3.0–3.4×, three steps in 3.9–4.6× → 1.7–1.9×,
# undo 1.5–1.6× → 1.5–1.7×; then, with progressive zoom (canvas/sharpen.py: the frame before scaled at once,
# the sharp frame painted between events) and scenery hatching as a gradient, the zoom rows in two: the
# first frame 2.96–3.06× → 0.20–0.21× at fit and 3.22–3.26× → 0.15–0.16× three steps in, the sharp frame
# 3.10–3.29× → 3.33–3.50× and 3.32–3.43× → 3.25–3.53× (it lands a little later: painted in slices); undo
# 1.45–1.55×, two runs on a quiet machine, the code before measured in the same runs. Those are from this
# harness, which lets the event loop run (untimed) before each step, ours and the floor's alike: the floor then
# takes 38–45 ms three steps in rather than 62–70 ms, so the same old code measured 2.2–2.4× there before).
# The sharp frame's ratio also moves with the machine more than with the code: on a later machine whose floor
# drew in 36–39 ms, the same sharp frames (154–181 ms) came to 4.1–4.2× at fit and 4.4–4.8× three steps in,
# the code of the session before measured alike in the same runs; its guard sits above that (5.5).

ZOOM_ROUNDS = 6
SHARP_GUARD = 5.5  # the sharp frame against the floor's, both rows (see above)
BLOCK = 8  # drag steps in a row with the markers shown, then hidden


def _zoom_row(qtbot, document, benchmark, notches_in: int) -> tuple[float, float, float]:
    """Medians of interleaved zoom steps (in and back out, every step a new scale): our first frame, our sharp
    frame (canvas/sharpen.py: the frame before scaled, then the sharp one painted between events) and the
    floor's frame, each from the wheel notch to the frame grabbed."""
    from designer.canvas.view import ZOOM_STEP

    from .canvas_floor import ctrl_wheel, floor_view, floor_wheel, timed

    window = _fitted_window(qtbot, document)
    view = window.view
    floor = floor_view(view)
    qtbot.addWidget(floor)
    for _ in range(notches_in):
        ctrl_wheel(view, 1)
        floor_wheel(floor, 1, ZOOM_STEP)
    view.viewport().grab()
    view.settle()
    floor.viewport().grab()
    assert abs(floor.transform().m11() - view.transform().m11()) < 1e-9  # the same zoom, step for step

    def first_frame(notches: int) -> float:
        """The wheel notch and the first frame grabbed, as the floor's; the sharp one then settles, untimed."""
        QApplication.processEvents()  # (untimed) nothing of the floor's left for our event loop, and back
        took = timed(lambda: (ctrl_wheel(view, notches), view.viewport().grab()))
        view.settle()
        view.viewport().grab()
        return took

    def sharp_frame(notches: int) -> float:
        """The wheel notch, then the event loop as it runs: the first frame painted, the slices between other
        events, and the sharp frame painted where it lands."""
        QApplication.processEvents()
        start = time.perf_counter()
        ctrl_wheel(view, notches)
        while view.sharpener.busy():
            QApplication.processEvents()
        QApplication.processEvents()
        return time.perf_counter() - start

    def bare(notches: int) -> float:
        QApplication.processEvents()
        return timed(lambda: (floor_wheel(floor, notches, ZOOM_STEP), floor.viewport().grab()))

    firsts: list[float] = []
    sharps: list[float] = []
    floors: list[float] = []

    def rounds() -> None:
        for n in range(ZOOM_ROUNDS):  # in and back out: every step a new scale, a full repaint
            notches = 1 if n % 2 == 0 else -1
            firsts.append(first_frame(notches))
            floors.append(bare(notches))
            sharps.append(sharp_frame(-notches))
            floors.append(bare(-notches))

    benchmark.pedantic(rounds, rounds=1, iterations=1)
    return statistics.median(firsts), statistics.median(sharps), statistics.median(floors)


def _zoom_rows(benchmark, name: str, first: float, sharp: float, floor: float) -> None:
    from .canvas_floor import row

    print("\n" + row(f"{name}, first frame", first, floor, 1.5))
    print(row(f"{name}, sharp frame", sharp, floor, 1.5))
    benchmark.extra_info.update(first_ms=round(first * 1000, 1), sharp_ms=round(sharp * 1000, 1),
                                floor_ms=round(floor * 1000, 1))


def test_zoom_step_at_fit_against_the_floor(qtbot, crowded, benchmark):
    """Ctrl+wheel on the fitted 2,000-element table (1920×1080 view), with its repaint (target ≤ 1.5×)."""
    first, sharp, floor = _zoom_row(qtbot, crowded, benchmark, 0)
    _zoom_rows(benchmark, "zoom step at fit", first, sharp, floor)
    assert first / floor < 0.5  # 2.96–3.06× when every step was painted sharp at once
    assert sharp / floor < SHARP_GUARD


def test_zoom_step_three_steps_in_against_the_floor(qtbot, crowded, benchmark):
    """The same three wheel notches zoomed in, where reach rings and labels are drawn in full (target ≤ 1.5×)."""
    first, sharp, floor = _zoom_row(qtbot, crowded, benchmark, 3)
    _zoom_rows(benchmark, "zoom step three steps in", first, sharp, floor)
    assert first / floor < 0.5  # 3.22–3.26× when every step was painted sharp at once
    assert sharp / floor < SHARP_GUARD


def test_undo_of_moving_everything_against_a_full_repaint_of_the_floor(qtbot, crowded, benchmark):
    """Undo of a move of all 2,000 elements (none selected) with its repaint, against a full repaint of the
    floor (target ≤ 2×)."""
    from .canvas_floor import floor_view, interleaved, row, timed

    window = _fitted_window(qtbot, crowded)
    document = window.document
    viewport = window.view.viewport()
    floor = floor_view(window.view)
    qtbot.addWidget(floor)
    every = [e.id for e in document.elements]

    def ours(_n: int) -> float:
        move_elements(document, every, 10.0, 0.0)
        QApplication.processEvents()
        viewport.grab()
        return timed(lambda: (document.undo_stack.undo(), QApplication.processEvents(), viewport.grab()))

    result: list[tuple[float, float]] = []
    benchmark.pedantic(lambda: result.append(interleaved(7, ours, lambda _n: timed(floor.viewport().grab))),
                       rounds=1, iterations=1)
    undo, repaint = result[0]
    print("\n" + row("undo of moving all 2,000", undo, repaint, 2.0))
    benchmark.extra_info.update(ours_ms=round(undo * 1000, 1), floor_ms=round(repaint * 1000, 1))
    assert document.elements[0] == crowded.elements[0]  # undone
    assert undo / repaint < 2.5  # 6–9× when every element was painted afresh


def test_drag_step_with_problem_markers(checked_window, crowded, benchmark):
    """A drag step of 200 selected elements with ~1,500 problem markers shown, against the same step with
    them hidden, taken turn about (targets: ≤ 16 ms, markers ≤ 10 % more)."""
    from .canvas_floor import timed

    window = checked_window
    checks = window.current_editor().checks
    document = window.document
    ids = [e.id for e in document.elements[:200]]
    window.current_editor().select_ids(ids)
    QApplication.processEvents()
    step_mm = 2.0 / window.view.scale_factor()

    def steps(markers: bool) -> list[float]:
        """A few drag steps with the markers shown or hidden (showing them repaints the canvas: not timed)."""
        checks.set_markers_visible(markers)
        QApplication.processEvents()
        viewport.grab()
        QApplication.processEvents()
        took = [timed(lambda: (move_elements(document, ids, step_mm, step_mm / 2, merge_key="bench-drag"),
                               QApplication.processEvents())) for _ in range(BLOCK)]
        checks.timer.stop()  # the checks' re-run after the drag is its own row (test_markers_speed.py)
        return took

    shown_steps: list[float] = []
    hidden_steps: list[float] = []

    def blocks() -> None:
        for _ in range(4):  # taken turn about, a block at a time
            shown_steps.extend(steps(True))
            hidden_steps.extend(steps(False))

    viewport = window.view.viewport()
    benchmark.pedantic(blocks, rounds=1, iterations=1)
    result = [(statistics.median(shown_steps), statistics.median(hidden_steps))]
    shown, hidden = result[0]
    checks.set_markers_visible(True)
    cost = shown / hidden - 1.0
    print(f"\ndrag step of 200 with markers: {shown * 1000:.1f} ms (target ≤ 16 ms: "
          f"{'met' if shown <= 0.016 else 'NOT met'}), without {hidden * 1000:.1f} ms, markers cost "
          f"{cost:.0%} (target ≤ 10 %: {'met' if cost <= 0.10 else 'NOT met'}), {len(checks.markers)} markers")
    benchmark.extra_info.update(markers_ms=round(shown * 1000, 1), without_ms=round(hidden * 1000, 1))
    assert len(checks.markers) > 1000
    assert document.undo_stack.count() == 1
    # 1.07–1.13 → 0.99–1.05 once the static rings went into the view's background and the live ones one item
    assert shown / hidden < 1.3


def test_a_selection_passing_across_the_crowded_table(checked_window, benchmark, monkeypatch):
    """Clicks passing from an element at one end of the crowded table (its ~2,000 markers shown) to one at the
    other: the static layer repaints the two places, not the box round them (canvas/layer.py `exposed_pieces`,
    `invalidate_each`). Measured before → after, three runs each, interleaved: the click 41–47 → 19–23 ms
    (median of 40); the elements meeting what the layer painted ~1,700 → about a hundred a click. Guarded by
    that count (a slide back to the box paints most of the table), the time only printed."""
    from designer.canvas import layer

    window = checked_window
    editor, scene = window.current_editor(), window.scene
    window.view.viewport().grab()
    by_x = sorted(window.document.elements, key=lambda e: e.x_mm)
    ends = [by_x[:20], by_x[::-1][:20]]
    painted: list[QRectF] = []
    steps = layer.paint_layer_steps
    monkeypatch.setattr(layer, "paint_layer_steps", lambda scene, painter, rect, *a: (
        painted.append(QRectF(rect)), (yield from steps(scene, painter, rect, *a)))[1])
    clicks: list[float] = []
    met: list[int] = []

    def rounds() -> None:
        for n in range(40):
            painted.clear()
            start = time.perf_counter()
            editor.select_ids([ends[n % 2][n // 2].id])
            QApplication.processEvents()
            clicks.append(time.perf_counter() - start)
            met.append(sum(len(scene.items(r)) for r in painted))

    benchmark.pedantic(rounds, rounds=1, iterations=1)
    click, count = statistics.median(clicks), statistics.median(met)
    print(f"\nselection across the table: {click * 1000:.1f} ms a click, {count:.0f} items met by what was painted")
    benchmark.extra_info.update(click_ms=round(click * 1000, 1), items_met=count)
    assert count < 400
