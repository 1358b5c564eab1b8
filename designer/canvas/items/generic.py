"""The canvas look of a kind that has no art of its own (a kind a game system from outside the repo defines):
its footprint as a rounded tile with the initial of its name, so it shows, selects and drags like any other.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath

from designer.canvas import style
from designer.canvas.items.base import ElementItem, rounded_rect
from designer.model.elements import ElementBase
from designer.model.kind_names import kind_name

TILE = QColor("#c9ccd3")


class GenericItem(ElementItem[ElementBase]):
    simple_colour = TILE

    def _corner(self) -> float:
        return min(self.metrics.length_mm, self.metrics.width_mm) * 0.2

    def body_path(self) -> QPainterPath:
        return rounded_rect(self._rect(), self._corner())

    def draw(self, painter: QPainter) -> None:
        painter.setPen(style.pen(style.INK, style.stroke(painter, 0.8)))
        painter.setBrush(TILE)
        painter.drawPath(self.body())
        height = min(self.metrics.length_mm, self.metrics.width_mm) * 0.5
        with self.upright(painter):
            style.draw_text(painter, kind_name(self.kind)[:1].upper(), QPointF(), height,
                            color=Qt.GlobalColor.white, halo=style.with_alpha(style.INK, 200))


@cache
def generic_item_class(kind: str) -> type[ElementItem]:
    """A GenericItem subclass for one kind (an item checks the kind of each element it is given)."""
    return type(f"GenericItem_{kind}", (GenericItem,), {"kind": kind})
