"""Editor benchmarks ([2/6]): open a 2,000-element 6'×4' table, repaint 1920×1080, drag 200 elements, memory.

Targets: open to a drawn window < 1 s; full repaint < 16 ms median; one drag step of a 200-element
selection < 16 ms median; resident memory < 300 MB. Figures are printed; the asserts guard only the
order of magnitude so a slow CI machine does not turn a benchmark into a flaky test.
"""

from __future__ import annotations

import resource

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
        window.view.viewport().repaint()
        QApplication.processEvents()
        return window

    window = benchmark.pedantic(open_and_draw, rounds=3, iterations=1)
    qtbot.addWidget(window)
    assert len(window.scene.items_by_id) == 2000
    assert benchmark.stats.stats.median < 5.0


def test_full_repaint_1920x1080(qtbot, crowded, benchmark):
    window = MainWindow(crowded, install_features=False)
    qtbot.addWidget(window)
    scene = window.scene
    image = QImage(1920, 1080, QImage.Format.Format_ARGB32_Premultiplied)
    source = scene.table_rect().adjusted(-40, -40, 40, 40)

    def repaint():
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        scene.render(painter, QRectF(0, 0, 1920, 1080), source)
        painter.end()

    benchmark.pedantic(repaint, rounds=15, iterations=1, warmup_rounds=2)
    assert benchmark.stats.stats.median < 0.5


def test_drag_step_of_200_elements(qtbot, crowded, benchmark):
    window = MainWindow(crowded, install_features=False)
    qtbot.addWidget(window)
    document = window.document
    ids = [e.id for e in document.elements[:200]]
    steps = iter(range(10**6))

    def drag_step():
        move_elements(document, ids, 0.5, 0.25, merge_key="bench-drag")
        next(steps)

    benchmark.pedantic(drag_step, rounds=50, iterations=1, warmup_rounds=3)
    assert document.undo_stack.count() == 1  # a whole drag is one undo step
    assert benchmark.stats.stats.median < 0.5


def test_resident_memory(qtbot, crowded_file, benchmark):
    window = MainWindow(load_track(crowded_file), crowded_file, install_features=False)
    qtbot.addWidget(window)
    window.show()
    QApplication.processEvents()
    benchmark.pedantic(window.view.viewport().repaint, rounds=3, iterations=1)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    benchmark.extra_info["peak_rss_mb"] = round(peak_mb)
    print(f"\npeak resident memory of the whole benchmark process: {peak_mb:.0f} MB")
    assert peak_mb < 1000
