"""Exports from the editor: laid out off the GUI thread (the window keeps running), cancellable from a progress
dialog without leaving a file behind, and confirmed in the status bar ("Wrote luigi.pdf — 73 pages")."""

from __future__ import annotations

import contextlib
import io
import threading
import time

from pypdf import PdfReader
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QPushButton

from designer.app import export_worker, print_dialog
from designer.app.export_worker import ExportProgress, ExportWorker, export_to_file
from designer.app.print_dialog import PrintDialog
from designer.export import export_pdf, pdf
from designer.io.track_io import load_track
from designer.paths import DEFAULT_TRACK

from .test_campaign_window import cup, win  # noqa: F401 - the campaign window fixtures

BUILD_TIMEOUT_MS = 30000


def _luigi_bundle() -> tuple[bytes, int]:
    """The whole print kit of Luigi Circuit: 73 pages, a second or two of layout."""
    out = io.BytesIO()
    pages = export_pdf(out, load_track(DEFAULT_TRACK), "all")
    return out.getvalue(), pages


def _export_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("export-") and t.is_alive()]


def test_saving_from_the_print_dialog_says_what_was_written(window, qtbot, tmp_path, monkeypatch):
    dialog = PrintDialog(window.document.snapshot(), window)
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: not dialog.is_building(), timeout=BUILD_TIMEOUT_MS)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "luigi"), ""))
    dialog.save_dialog()
    pages = len(PdfReader(tmp_path / "luigi.pdf").pages)
    assert pages == dialog.page_count > 1
    assert window.statusBar().currentMessage() == f"Wrote luigi.pdf — {pages} pages"


def test_a_big_preview_is_laid_out_while_the_event_loop_runs(qtbot):
    dialog = PrintDialog(load_track(DEFAULT_TRACK))
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: not dialog.is_building(), timeout=BUILD_TIMEOUT_MS)
    for box in dialog.section_boxes.values():
        box.setChecked(True)
    ticks: list[float] = []
    timer = QTimer(interval=20)
    timer.timeout.connect(lambda: ticks.append(time.monotonic()))
    timer.start()
    started = time.monotonic()
    dialog.start_build()  # what the preview timer does after a pause
    assert dialog.is_building() and not dialog.save_button.isEnabled()  # returned at once
    qtbot.waitUntil(lambda: not dialog.is_building(), timeout=BUILD_TIMEOUT_MS)
    elapsed = time.monotonic() - started
    timer.stop()
    expected = io.BytesIO()
    pages = export_pdf(expected, dialog.document, dialog.sections(), dialog.options(), dialog.ruleset)
    assert dialog.page_count == pages > 70 and dialog.save_button.isEnabled()
    assert dialog.pdf_bytes[:8] == expected.getvalue()[:8] and dialog._pdf.pageCount() == pages
    # The GUI thread kept serving its timer all along: no gap longer than a fraction of the build.
    gaps = [b - a for a, b in zip([started, *ticks], [*ticks, started + elapsed], strict=True)]
    assert len(ticks) >= 5 and max(gaps) < max(0.5, elapsed / 3)


def test_cancelling_the_preview_stops_the_build(qtbot, monkeypatch):
    # The bar waits PROGRESS_DELAY_MS before it shows; since [10/10] the whole kit can be laid out in less,
    # so the test shortens the wait rather than count on a slow build.
    monkeypatch.setattr(export_worker, "PROGRESS_DELAY_MS", 50)
    dialog = PrintDialog(load_track(DEFAULT_TRACK))
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: not dialog.is_building(), timeout=BUILD_TIMEOUT_MS)
    for box in dialog.section_boxes.values():
        box.setChecked(True)
    dialog.start_build()
    qtbot.waitUntil(dialog.progress.isVisible, timeout=BUILD_TIMEOUT_MS)  # it shows once the build is slow
    assert dialog.progress.windowModality() == Qt.WindowModality.WindowModal
    assert dialog.progress.labelText() == "Laying out the pages…"
    dialog.progress.findChild(QPushButton).click()  # Cancel
    assert not dialog.is_building() and not dialog.progress.isVisible()
    assert dialog.pdf_bytes == b"" and not dialog.save_button.isEnabled()
    assert dialog.status_label.text().startswith("Preview cancelled")
    qtbot.waitUntil(lambda: not _export_threads(), timeout=2000)  # the thread itself stopped, long before 73 pages
    dialog.start_build()  # stopped midway, the next build is still exactly right
    qtbot.waitUntil(lambda: not dialog.is_building(), timeout=BUILD_TIMEOUT_MS)
    assert len(PdfReader(io.BytesIO(dialog.pdf_bytes)).pages) == dialog.page_count > 70


def test_no_progress_dialog_without_a_long_build(qtbot):
    dialog = PrintDialog(load_track(DEFAULT_TRACK))
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.section_boxes["track"].setChecked(False)
    dialog.refresh()  # nothing to print: nothing is built
    qtbot.wait(export_worker.PROGRESS_DELAY_MS + 4500)  # past QProgressDialog's own 4 s show-anyway timer
    assert not dialog.progress.isVisible() and not dialog.is_building()


def test_cancel_stops_a_build_that_swallows_exceptions_between_its_pages(qtbot):
    """Cancel used to raise an exception into the build's thread wherever it happened to be, so code that swallows
    exceptions there (a __del__, a gc callback; here the build's own `except BaseException`) could eat it, and the
    build ran on to the end. Now the build stops itself at its next page."""
    pages: list[int] = []

    def build() -> tuple[bytes, int]:
        c = pdf.new_canvas(io.BytesIO(), "Slow")
        for _ in range(400):
            with contextlib.suppress(BaseException):
                time.sleep(0.005)  # where the cancel used to land, and vanish
            c.showPage()
            pages.append(1)
        return b"", len(pages)

    worker = ExportWorker()
    cancelled: list[bool] = []
    worker.cancelled.connect(lambda: cancelled.append(True))
    worker.start(build)
    qtbot.waitUntil(lambda: len(pages) >= 5, timeout=5000)
    worker.cancel()
    qtbot.waitUntil(lambda: not _export_threads(), timeout=1000)  # 400 pages would take 2 s
    assert cancelled and len(pages) < 100


def test_a_cancelled_export_writes_no_file(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(export_worker, "PROGRESS_DELAY_MS", 50)  # the bar (and its Cancel) before the kit is done
    parent = QApplication.activeWindow()
    target = tmp_path / "luigi.pdf"
    finished = []

    def build() -> tuple[bytes, int]:
        result = _luigi_bundle()
        finished.append(True)
        return result

    def press_cancel() -> None:
        [progress] = [w for w in QApplication.topLevelWidgets() if isinstance(w, ExportProgress) and w.isVisible()]
        progress.canceled.emit()  # what its Cancel button does

    def when_shown() -> None:
        if any(isinstance(w, ExportProgress) and w.isVisible() for w in QApplication.topLevelWidgets()):
            press_cancel()
        else:
            QTimer.singleShot(50, when_shown)

    QTimer.singleShot(export_worker.PROGRESS_DELAY_MS, when_shown)
    assert export_to_file(parent, target, "Writing luigi.pdf…", build) is None
    qtbot.waitUntil(lambda: not _export_threads(), timeout=2000)
    assert not finished  # stopped midway
    assert list(tmp_path.iterdir()) == []  # no PDF, no temporary file


def test_campaign_print_runs_in_the_worker_and_says_what_was_written(qtbot, win, tmp_path, monkeypatch):  # noqa: F811
    from designer.export import campaign_print

    threads = []
    original = campaign_print.write_campaign_pdf

    def spy(*args, **kwargs):  # the real writer; notes which thread lays the PDF out
        threads.append(threading.current_thread().name)
        return original(*args, **kwargs)

    monkeypatch.setattr(campaign_print, "write_campaign_pdf", spy)
    from .test_campaign_preview import save_on

    save_on(qtbot, monkeypatch, "letter")  # File ▸ Print…'s preview: Save PDF… once the worker laid it out
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "cup"), ""))
    win.print_action.trigger()
    assert threads and threads[0].startswith("export-")
    assert len(PdfReader(tmp_path / "cup.pdf").pages) == 5
    assert win.statusBar().currentMessage() == "Wrote cup.pdf — 5 pages"


def test_the_status_line_is_plural_aware():
    assert export_worker.report_written(None, "/tmp/x/sheet.pdf", 1) == "Wrote sheet.pdf — 1 page"
    assert export_worker.report_written(None, "sheet.pdf", 73) == "Wrote sheet.pdf — 73 pages"
    assert print_dialog.report_written is export_worker.report_written
