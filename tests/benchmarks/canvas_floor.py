"""The editor rows' floor (issue #33): a bare `QGraphicsView` showing 2,000 `QGraphicsPathItem`s.

The floor holds each element's outline (its item's shape) as a plain path item, filled and outlined with
antialiasing, where the element stands, in a view of the editor's size, scroll position and zoom. It is what
Qt alone costs to draw as many shapes; the editor's figures are divided by it, measured in the same run and
interleaved (`interleaved`) so a busy moment of the shared machine hits both alike.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen, QWheelEvent
from PySide6.QtWidgets import QApplication, QGraphicsPathItem, QGraphicsScene, QGraphicsView

FILL = QColor("#8a8f98")
INK = QColor("#1d1f23")
NOTCH = 120  # one step of a mouse wheel


def floor_view(view: QGraphicsView) -> QGraphicsView:
    """A bare view of the same size, transform and centre as `view`, with one path item per element item."""
    scene = QGraphicsScene()
    for item in view.scene().element_items():
        path = QGraphicsPathItem(item.shape())
        path.setPos(item.pos())
        path.setBrush(QBrush(FILL))
        path.setPen(QPen(INK, 0.6))
        scene.addItem(path)
    scene.setSceneRect(view.scene().sceneRect())
    floor = QGraphicsView(scene)
    scene.setParent(floor)  # kept alive as long as its view
    floor.setRenderHints(QPainter.RenderHint.Antialiasing)
    floor.setFrameShape(view.frameShape())
    floor.setHorizontalScrollBarPolicy(view.horizontalScrollBarPolicy())
    floor.setVerticalScrollBarPolicy(view.verticalScrollBarPolicy())
    floor.resize(view.size())
    floor.show()
    QApplication.processEvents()
    match_view(floor, view)
    floor.viewport().grab()
    return floor


def match_view(floor: QGraphicsView, view: QGraphicsView) -> None:
    """Give the floor `view`'s zoom and centre."""
    floor.setTransform(view.transform())
    floor.centerOn(view.mapToScene(view.viewport().rect().center()))


def ctrl_wheel(view: QGraphicsView, notches: int) -> None:
    """Ctrl+wheel over the middle of the view, as a user zooms: `notches` > 0 zooms in."""
    viewport = view.viewport()
    at = QPointF(viewport.width() / 2, viewport.height() / 2)
    event = QWheelEvent(at, viewport.mapToGlobal(at), QPoint(), QPoint(0, NOTCH * notches), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.ControlModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(viewport, event)


def floor_wheel(floor: QGraphicsView, notches: int, step: float) -> None:
    """The floor's zoom step: the same scale about the same point, with no code of ours."""
    floor.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
    factor = step ** notches
    floor.scale(factor, factor)


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def interleaved(rounds: int, ours: Callable[[int], float], floor: Callable[[int], float]) -> tuple[float, float]:
    """Medians (s) of `rounds` of each, taken turn about; each callable gets the round and returns its time."""
    mine, theirs = [], []
    for n in range(rounds):
        mine.append(ours(n))
        theirs.append(floor(n))
    return statistics.median(mine), statistics.median(theirs)


def row(name: str, ours: float, floor: float, target: float) -> str:
    """A printed row: our median, the floor's, the ratio and whether it meets the target ratio."""
    ratio = ours / floor
    verdict = "met" if ratio <= target else "NOT met"
    return (f"{name}: {ours * 1000:.1f} ms, floor {floor * 1000:.1f} ms, {ratio:.2f}× "
            f"(target ≤ {target}×: {verdict})")
