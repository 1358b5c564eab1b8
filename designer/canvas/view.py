"""`TrackView`: the zoomable, pannable window onto a `TrackScene`.

Zoom is reported as a percentage of actual size: at 100 % a millimetre of table is a millimetre of
screen (from the screen's physical DPI). Ctrl+wheel (and pinch) zoom around the cursor, the plain wheel
scrolls, and the view pans with a middle-button drag or with Space held and the left button dragged.
Mouse and key events go to `tool_handler` (the editor's ToolManager) when one is set; panning always
takes precedence over it.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QContextMenuEvent,
    QKeyEvent,
    QMouseEvent,
    QNativeGestureEvent,
    QPainter,
    QPaintEvent,
    QPixmapCache,
    QResizeEvent,
    QTransform,
    QWheelEvent,
)
from PySide6.QtWidgets import QFrame, QGraphicsScene, QGraphicsView, QWidget

from designer.canvas.sharpen import Sharpener

MM_PER_INCH = 25.4
ZOOM_STEP = 1.25
MIN_ZOOM_PERCENT = 2.0
MAX_ZOOM_PERCENT = 4_000.0
FIT_MARGIN = 0.04  # share of the table added on every side by "Fit table"
FIT_INSET_PX = 2  # as QGraphicsView.fitInView
FALLBACK_DPI = 96.0
PIXMAP_CACHE_KB = 192 * 1024


class TrackView(QGraphicsView):
    zoom_changed = Signal(float)       # percent of actual size
    cursor_moved = Signal(QPointF)     # scene position under the cursor, mm

    def __init__(self, scene: QGraphicsScene | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        if scene is not None:
            self.setScene(scene)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform
                            | QPainter.RenderHint.TextAntialiasing)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing, True)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.viewport().grabGesture(Qt.GestureType.PinchGesture)
        # Items cache their pictures (DeviceCoordinateCache); Qt's default 10 MB would evict them
        # constantly on a crowded table.
        QPixmapCache.setCacheLimit(max(QPixmapCache.cacheLimit(), PIXMAP_CACHE_KB))
        # The table and its grid change only with zoom or document properties (the scene invalidates it).
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self._space_held = False
        self._pan_from: QPoint | None = None
        #: Gets mouse_press/move/release(event) and key_press(event) → bool (True: used) unless panning.
        self.tool_handler = None
        #: Called with a QContextMenuEvent that no scene item (a guide) took: the canvas menus.
        self.context_menu_handler = None
        self._last_zoom = self.zoom_percent()
        #: Zoom steps show the frame before scaled at once and sharpen it between events (canvas/sharpen.py).
        self.sharpener = Sharpener(self)
        self._in_paint_event = False

    # --- zoom --------------------------------------------------------------------------------------
    def pixels_per_mm(self) -> float:
        """Screen pixels per physical millimetre of this view's screen: the 100 % scale."""
        screen = self.screen()
        dpi = screen.physicalDotsPerInch() if screen is not None else 0.0
        if not math.isfinite(dpi) or dpi < 20.0:
            dpi = FALLBACK_DPI
        # Qt 6 derives physical DPI from the screen's device-independent size, the view's own units.
        return dpi / MM_PER_INCH

    def scale_factor(self) -> float:
        """The view's current pixels per scene mm."""
        return math.hypot(self.transform().m11(), self.transform().m12())

    def zoom_percent(self) -> float:
        return 100.0 * self.scale_factor() / self.pixels_per_mm()

    def set_zoom_percent(self, percent: float, anchor: QGraphicsView.ViewportAnchor | None = None) -> None:
        percent = min(max(percent, MIN_ZOOM_PERCENT), MAX_ZOOM_PERCENT)
        self._scale_by(percent / self.zoom_percent(), anchor)

    def zoom_by(self, factor: float, anchor: QGraphicsView.ViewportAnchor | None = None) -> None:
        self.set_zoom_percent(self.zoom_percent() * factor, anchor)

    def zoom_in(self) -> None:
        self.zoom_by(ZOOM_STEP, QGraphicsView.ViewportAnchor.AnchorViewCenter)

    def zoom_out(self) -> None:
        self.zoom_by(1.0 / ZOOM_STEP, QGraphicsView.ViewportAnchor.AnchorViewCenter)

    def actual_size(self) -> None:
        """1:1 — 100 mm of table is 100 mm on screen."""
        self.set_zoom_percent(100.0, QGraphicsView.ViewportAnchor.AnchorViewCenter)

    def fit_table(self) -> None:
        """Show the whole table with a small margin around it."""
        rect = self._table_rect()
        if rect.isEmpty():
            return
        margin = max(rect.width(), rect.height()) * FIT_MARGIN
        rect = rect.adjusted(-margin, -margin, margin, margin)
        # Not fitInView: it first resets the scale to 1:1 and then scales back, scrolling the cached
        # background away and back, which repaints all of it even when the view already fits the table.
        area = QRectF(self.viewport().rect()).adjusted(FIT_INSET_PX, FIT_INSET_PX, -FIT_INSET_PX, -FIT_INSET_PX)
        if area.isEmpty():
            return
        scale = min(area.width() / rect.width(), area.height() / rect.height())
        self.setTransform(QTransform.fromScale(scale, scale))  # a no-op when unchanged
        self.centerOn(rect.center())
        self._emit_zoom()

    def _table_rect(self) -> QRectF:
        scene = self.scene()
        if scene is None:
            return QRectF()
        table_rect = getattr(scene, "table_rect", None)
        return table_rect() if callable(table_rect) else scene.sceneRect()

    def _scale_by(self, factor: float, anchor: QGraphicsView.ViewportAnchor | None) -> None:
        if not math.isfinite(factor) or factor <= 0 or abs(factor - 1.0) < 1e-9:
            return
        previous = self.transformationAnchor()
        if anchor is not None:
            self.setTransformationAnchor(anchor)
        self.sharpener.zooming(factor)
        self.scale(factor, factor)
        self.setTransformationAnchor(previous)
        self._emit_zoom()

    def _emit_zoom(self) -> None:
        zoom = self.zoom_percent()
        if abs(zoom - self._last_zoom) > 1e-6:
            self._last_zoom = zoom
            self.zoom_changed.emit(zoom)

    def settle(self) -> None:
        """Paint the sharp background now if a zoom step left a scaled one (before grabbing the view)."""
        self.sharpener.settle()

    # --- painting ------------------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        self._in_paint_event = True  # the background painted now goes into Qt's cache of it
        try:
            super().paintEvent(event)
        finally:
            self._in_paint_event = False

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        self.sharpener.draw_background(painter, rect, self._in_paint_event)

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        super().scrollContentsBy(dx, dy)
        self.sharpener.scrolled(dx, dy)

    # --- wheel and gestures --------------------------------------------------------------------------
    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            delta = event.angleDelta().y() or event.angleDelta().x()
            if delta:
                # 120 units is one notch; smooth wheels send fractions of it.
                self.zoom_by(ZOOM_STEP ** (delta / 120.0), QGraphicsView.ViewportAnchor.AnchorUnderMouse)
            event.accept()
            return
        super().wheelEvent(event)

    def viewportEvent(self, event: QEvent) -> bool:
        if (event.type() == QEvent.Type.NativeGesture and isinstance(event, QNativeGestureEvent)
                and event.gestureType() == Qt.NativeGestureType.ZoomNativeGesture):
            self.zoom_by(1.0 + event.value(), QGraphicsView.ViewportAnchor.AnchorUnderMouse)
            return True
        return super().viewportEvent(event)

    # --- panning ----------------------------------------------------------------------------------
    def is_panning(self) -> bool:
        return self._pan_from is not None

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space_held = True
            if not self.is_panning():
                self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            event.accept()
            return
        if self.tool_handler is not None and self.tool_handler.key_press(event):
            event.accept()
            return
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space_held = False
            if not self.is_panning():
                self.viewport().unsetCursor()
            event.accept()
            return
        super().keyReleaseEvent(event)

    def focusOutEvent(self, event) -> None:
        self._space_held = False
        if not self.is_panning():
            self.viewport().unsetCursor()
        super().focusOutEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        button = event.button()
        if button == Qt.MouseButton.MiddleButton or (button == Qt.MouseButton.LeftButton and self._space_held):
            self._pan_from = event.position().toPoint()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        if self.tool_handler is not None and self.tool_handler.mouse_press(event):
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        # A double click's second press is a press to the tools (Qt's scene would select on its own).
        if not self.is_panning() and self.tool_handler is not None and self.tool_handler.mouse_press(event):
            event.accept()
            return
        super().mouseDoubleClickEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        if self._pan_from is not None:
            delta = pos - self._pan_from
            self._pan_from = pos
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - delta.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - delta.y())
            event.accept()
        else:
            if self.tool_handler is not None:
                self.tool_handler.mouse_move(event)
            # Always, even when a tool used the move: Qt keeps the scene point that Ctrl+wheel zooms about.
            super().mouseMoveEvent(event)
        self.cursor_moved.emit(self.mapToScene(pos))

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None and event.button() in (Qt.MouseButton.MiddleButton, Qt.MouseButton.LeftButton):
            self._pan_from = None
            if self._space_held:
                self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            else:
                self.viewport().unsetCursor()
            event.accept()
            return
        if self.tool_handler is not None and self.tool_handler.mouse_release(event):
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        super().contextMenuEvent(event)
        if not event.isAccepted() and self.context_menu_handler is not None:
            self.context_menu_handler(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._emit_zoom()
