"""Progressive zoom: a zoom step shows the frame before it scaled at once, then paints the sharp one between events.

On a crowded table, painting the static layer (canvas/layer.py) afresh at a new zoom costs a few times what Qt
alone costs to draw as many shapes, and a user would wait for it on every wheel notch. Map and vector editors
answer a zoom with the picture they have, scaled, and sharpen it while the user goes on; so does `Sharpener`,
which a `TrackView` hands its zoom steps and background painting to:

* `zooming`, just before the view's scale changes, keeps the view's cached background (Qt's `CacheBackground`
  picture) as it stands; the first paint after the step draws it scaled to the new zoom (a few milliseconds).
* A job then paints the sharp background (`background_steps` of the scene) into a picture of its own, a slice
  of a few milliseconds at a time from zero-timer callbacks, so input is served between slices. When it is
  done the picture takes the scaled frame's place in the view's cache at once: painting the cache itself slice
  by slice would show the bare table first. Slicing by the elements' order rather than by tiles of the view
  paints each element once, so the sharp frame is exactly what a direct paint gives.
* A new zoom step drops the job and starts again from the frame on screen. Whatever Qt paints sharp itself
  meanwhile (an edit's repaint, a strip scrolled into view) is newer than the job's picture and is kept: the
  picture fills only the rest, moved by any scrolling since the job began.
* `settle` finishes at once: tests and anything else that grabs the view call it first.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from PySide6.QtCore import QPoint, QPointF, QRectF, QTimer
from PySide6.QtGui import QImage, QPainter, QPixmap, QRegion, QTransform
from PySide6.QtWidgets import QGraphicsView

#: A job paints for about this long (seconds) before it lets the event loop serve input.
SLICE_S = 0.008
#: How many elements a job paints between looks at the clock.
ELEMENTS_PER_LOOK = 24
#: Zoom steps by more than this factor (either way) are painted sharp at once: scaled so far, the frame
#: before would be a blur or a postage stamp.
MAX_SCALED = 4.0


class _Job:
    """The sharp background at one zoom, painted into `image` by `steps` (canvas/scene.py `background_steps`)."""

    def __init__(self, view: QGraphicsView, cache: QPixmap, hints: QPainter.RenderHint) -> None:
        # In the cache's own format: blending into another rounds differently here and there.
        formats = QImage.Format.Format_RGB32, QImage.Format.Format_ARGB32_Premultiplied
        self.image = QImage(cache.size(), formats[cache.hasAlphaChannel()])
        self.image.setDevicePixelRatio(cache.devicePixelRatio())
        self.painter = QPainter(self.image)
        self.painter.setRenderHints(hints)
        # As Qt's own paint of its cache: clipped to the view (unclipped, Qt draws the grid's lines 20× slower).
        self.painter.setClipRect(view.viewport().rect())
        self.painter.setTransform(view.viewportTransform())
        rect = view.mapToScene(view.viewport().rect()).boundingRect()
        scene = view.scene()
        steps = getattr(scene, "background_steps", None)
        self.steps: Iterator[None] = (steps(self.painter, rect, ELEMENTS_PER_LOOK) if steps is not None
                                      else self._in_one(view, rect))
        #: Where the picture's top-left now is in the view (it scrolls with the view).
        self.offset = QPoint()
        #: What Qt has painted sharp itself since the job began (viewport pixels): kept as it is.
        self.kept = QRegion()

    def _in_one(self, view: QGraphicsView, rect: QRectF) -> Iterator[None]:
        QGraphicsView.drawBackground(view, self.painter, rect)
        yield

    def run(self, budget_s: float | None) -> bool:
        """Paint for about `budget_s` seconds (None: to the end); True when the picture is done."""
        until = None if budget_s is None else time.perf_counter() + budget_s
        for _ in self.steps:
            if until is not None and time.perf_counter() >= until:
                return False
        self.painter.end()
        return True

    def drop(self) -> None:
        self.steps.close()  # type: ignore[attr-defined]
        if self.painter.isActive():
            self.painter.end()


class Sharpener:
    """Scaled frames at once and sharp ones between events for one view (see the module docstring)."""

    def __init__(self, view: QGraphicsView) -> None:
        self._view = view
        #: The view's own background cache, as Qt's paint event hands it to `drawBackground` (not a copy).
        self._cache: QPixmap | None = None
        self._hints = QPainter.RenderHint.TextAntialiasing
        #: The frame before a zoom step and the view's transform then, until the first paint after it.
        self._scaled_from: tuple[QPixmap, QTransform] | None = None
        self._job: _Job | None = None
        self._timer = QTimer(view)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.step)
        #: Off: every zoom step is painted sharp at once.
        self.enabled = True

    # --- what the view calls -----------------------------------------------------------------------------
    def zooming(self, factor: float) -> None:
        """The view's scale is about to change by `factor`."""
        if not self.enabled or self._cache is None or not 1.0 / MAX_SCALED <= factor <= MAX_SCALED:
            self._drop_scaled()
            return
        self._drop_job()
        if self._scaled_from is None:  # several steps before one paint scale the frame before the first
            self._scaled_from = (QPixmap(self._cache), self._view.viewportTransform())

    def draw_background(self, painter: QPainter, rect: QRectF, in_paint_event: bool) -> None:
        """Paint the view's background for `rect`: the frame before a zoom step scaled, or sharp."""
        device = painter.device()
        caching = in_paint_event and isinstance(device, QPixmap)
        if caching:
            self._cache = device
            self._hints = painter.renderHints()
            if self._scaled_from is not None:
                self._paint_scaled(painter, rect)
                self._timer.start()
                return
        QGraphicsView.drawBackground(self._view, painter, rect)
        if caching and self._job is not None:
            painter.save()
            painter.resetTransform()
            self._job.kept += painter.clipRegion()  # what Qt exposed, in viewport pixels
            painter.restore()
            if (QRegion(self._view.viewport().rect()) - self._job.kept).isEmpty():
                self._drop_job()  # Qt painted it all

    def scrolled(self, dx: int, dy: int) -> None:
        """The view scrolled by (`dx`, `dy`) pixels (Qt moved its cache by as much)."""
        if self._job is not None:
            self._job.offset += QPoint(dx, dy)
            self._job.kept.translate(dx, dy)

    def step(self) -> None:
        """Paint one slice of the sharp frame now (what the zero timer does), and finish it if that was the last."""
        if self._scaled_from is not None:
            return  # another step: its first paint starts again
        if self._job is None and not self._start_job():
            return
        assert self._job is not None
        if self._job.run(SLICE_S):
            self._finish(True)
        else:
            self._timer.start()

    def settle(self) -> None:
        """Finish now: the view's cache holds the sharp background (a scaled frame not yet shown is dropped)."""
        self._scaled_from = None
        if self._job is None and self._timer.isActive():
            self._start_job()
        if self._job is not None:
            self._timer.stop()
            self._finish(self._job.run(None))

    def busy(self) -> bool:
        """True while a scaled frame waits to be shown or sharpened."""
        return self._scaled_from is not None or self._job is not None or self._timer.isActive()

    # --- inside ------------------------------------------------------------------------------------------
    def _paint_scaled(self, painter: QPainter, rect: QRectF) -> None:
        snapshot, before = self._scaled_from  # type: ignore[misc]
        self._scaled_from = None
        inverse, invertible = before.inverted()
        to_now = inverse * painter.worldTransform()  # the view then to the scene, the scene to the view now
        reach = to_now.mapRect(QRectF(QPointF(), snapshot.deviceIndependentSize()))
        paint_table = getattr(self._view.scene(), "paint_table", None)
        if paint_table is not None and not (invertible and reach.contains(painter.worldTransform().mapRect(rect))):
            paint_table(painter, rect)  # where the frame before does not reach (a step out)
        if not invertible:
            return
        painter.save()
        painter.setWorldTransform(to_now)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.drawPixmap(QPointF(), snapshot)
        painter.restore()

    def _start_job(self) -> bool:
        view = self._view
        if self._cache is None or view.scene() is None or self._cache.size() != _device_size(view):
            return False
        self._job = _Job(view, self._cache, self._hints)
        return True

    def _finish(self, done: bool) -> None:
        job, self._job = self._job, None
        if job is None or not done or self._cache is None or self._cache.size() != job.image.size():
            return
        update = QRegion(self._view.viewport().rect()) - job.kept
        painter = QPainter(self._cache)
        painter.setClipRegion(update)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
        painter.drawImage(job.offset, job.image)
        painter.end()
        self._view.viewport().update(update)

    def _drop_job(self) -> None:
        self._timer.stop()
        if self._job is not None:
            self._job.drop()
            self._job = None

    def _drop_scaled(self) -> None:
        self._scaled_from = None
        self._drop_job()


def _device_size(view: QGraphicsView):
    """The size of the view's background cache: its viewport in device pixels."""
    viewport = view.viewport()
    return viewport.size() * viewport.devicePixelRatio()
