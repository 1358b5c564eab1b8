"""Rulers along the top and left of an editor's view, in the document's display units.

Origin is the table's top-left corner (scene 0, 0). The rulers follow the view live — scroll bars,
zoom and viewport resizes — and mark the cursor's position. The spacing maths lives in
`designer.geometry.units`; this module only maps scene millimetres to ruler pixels and paints.
`attach_rulers(editor)` puts a top ruler, a left ruler and a units corner into the editor's grid.
A right-click on a ruler, or a click on the corner, changes the display units (an undoable command).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QAction, QActionGroup, QColor, QFont, QFontMetricsF, QPainter, QPaintEvent, QPolygonF
from PySide6.QtWidgets import QMenu, QSizePolicy, QToolButton, QWidget

from designer.commands.document import ChangeProperties
from designer.document.document import Document
from designer.geometry.units import UNIT_NAMES, UNITS, Tick, TickSpacing, choose_ticks, ruler_ticks, tick_label
from designer.i18n import N_, _
from designer.model.track import MM_PER_UNIT

MIN_MINOR_PX = 5.0
LABEL_GAP_PX = 10.0   # free space after the widest label before the next major tick
LABEL_PAD_PX = 3.0    # from a major tick to its label


#: The unit names of `UNIT_NAMES`, marked for the catalogue (translated where shown, with `_()`).
_UNIT_WORDS = (N_("Millimetres"), N_("Centimetres"), N_("Inches"))


def unit_name(units: str) -> str:
    """"Millimetres" for "mm", in the current language."""
    return _(UNIT_NAMES[units])


@dataclass(frozen=True)
class RulerTick:
    pos: float        # pixels along the ruler, from its left or top edge
    tick: Tick
    label: str        # "" for minor ticks


def change_display_units(document: Document, units: str) -> None:
    """Switch the document's display units as one undoable step (nothing moves)."""
    if units != document.prop("display_units"):
        document.undo_stack.push(ChangeProperties(document, {"display_units": units}, _("Change display units")))


def units_menu(document: Document, parent: QWidget) -> QMenu:
    menu = QMenu(_("Display Units"), parent)
    group = QActionGroup(menu)
    for units in UNITS:
        action = QAction(f"{unit_name(units)} ({units})", menu)
        action.setCheckable(True)
        action.setChecked(units == document.prop("display_units"))
        action.triggered.connect(lambda _checked=False, u=units: change_display_units(document, u))
        group.addAction(action)
        menu.addAction(action)
    return menu


class Ruler(QWidget):
    """One ruler; `orientation` Horizontal runs along the top of the view, Vertical down its left."""

    def __init__(self, view, document: Document, orientation: Qt.Orientation, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._view = view
        self._document = document
        self._orientation = orientation
        self._cursor_mm: float | None = None
        font = QFont(self.font())
        font.setPointSizeF(max(7.0, font.pointSizeF() * 0.8))
        self.setFont(font)
        self._metrics = QFontMetricsF(font)
        thickness = round(self._metrics.height() + 9)
        if self.horizontal:
            self.setFixedHeight(thickness)
            self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        else:
            self.setFixedWidth(thickness)
            self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Expanding)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(self._show_menu)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        for bar in (view.horizontalScrollBar(), view.verticalScrollBar()):
            bar.valueChanged.connect(self.update)
            bar.rangeChanged.connect(self.update)
        view.zoom_changed.connect(self.update)
        view.cursor_moved.connect(self._on_cursor_moved)
        view.viewport().installEventFilter(self)
        document.properties_changed.connect(self._on_properties_changed)
        self._update_tooltip()

    @property
    def horizontal(self) -> bool:
        return self._orientation == Qt.Orientation.Horizontal

    @property
    def units(self) -> str:
        return self._document.prop("display_units")

    @property
    def cursor_mm(self) -> float | None:
        return self._cursor_mm

    # --- mapping ---------------------------------------------------------------------------------
    def _viewport_offset(self) -> float:
        """Where the viewport's origin lies in this ruler's coordinates, along the ruler."""
        top = self.window()
        origin = self._view.viewport().mapTo(top, QPoint(0, 0)) - self.mapTo(top, QPoint(0, 0))
        return float(origin.x() if self.horizontal else origin.y())

    def _scale(self) -> float:
        transform = self._view.viewportTransform()
        return transform.m11() if self.horizontal else transform.m22()

    def scene_to_ruler(self, mm: float) -> float:
        point = self._view.viewportTransform().map(QPointF(mm, mm))
        return (point.x() if self.horizontal else point.y()) + self._viewport_offset()

    def ruler_to_scene(self, pos: float) -> float:
        return (pos - self.scene_to_ruler(0.0)) / self._scale()

    def _length(self) -> int:
        return self.width() if self.horizontal else self.height()

    # --- ticks -----------------------------------------------------------------------------------
    def spacing(self) -> TickSpacing:
        """The tick spacing for the current zoom, wide enough for the widest label it shows."""
        units = self.units
        pixels_per_unit = abs(self._scale()) * MM_PER_UNIT[units]
        ends = (self.ruler_to_scene(0) / MM_PER_UNIT[units], self.ruler_to_scene(self._length()) / MM_PER_UNIT[units])
        spacing = choose_ticks(units, pixels_per_unit, 30.0, MIN_MINOR_PX)
        for _round in range(4):  # the labels' width depends on the spacing; settle in a few rounds
            # Labels at both ends, and a cycle after each (fractions of an inch differ in width).
            values = [(round(v / spacing.major) + k) * spacing.major for v in ends for k in range(16)]
            widest = max(self._metrics.horizontalAdvance(tick_label(v, spacing)) for v in values)
            required = widest + LABEL_PAD_PX + LABEL_GAP_PX
            if spacing.major * pixels_per_unit >= required:
                break
            spacing = choose_ticks(units, pixels_per_unit, required, MIN_MINOR_PX)
        return spacing

    def tick_marks(self) -> list[RulerTick]:
        """Every visible tick with its position in pixels along the ruler and its label."""
        spacing = self.spacing()
        start, end = self.ruler_to_scene(0), self.ruler_to_scene(self._length())
        origin, scale = self.scene_to_ruler(0.0), self._scale()
        return [RulerTick(origin + tick.mm * scale, tick, tick_label(tick.value, spacing) if tick.major else "")
                for tick in ruler_ticks(start, end, spacing)]

    # --- following the view and the document -----------------------------------------------------
    def _on_cursor_moved(self, point: QPointF) -> None:
        self._cursor_mm = point.x() if self.horizontal else point.y()
        self.update()

    def _on_properties_changed(self, fields: list) -> None:
        if "display_units" in fields or "table" in fields:
            self._update_tooltip()
            self.update()

    def _update_tooltip(self) -> None:
        self.setToolTip(_("{units} from the table's top-left corner — right-click to change units")
                        .format(units=unit_name(self.units)))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.Resize:
            self.update()
        elif kind == QEvent.Type.Leave:
            self._cursor_mm = None
            self.update()
        return False

    def _show_menu(self, pos: QPoint) -> None:
        menu = units_menu(self._document, self)
        menu.exec(self.mapToGlobal(pos))
        menu.deleteLater()

    # --- painting --------------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        palette = self.palette()
        length, thickness = self._length(), (self.height() if self.horizontal else self.width())
        painter.fillRect(self.rect(), palette.window().color().darker(104))
        table = self._document.prop("table")
        extent = table.width_mm if self.horizontal else table.height_mm
        a, b = sorted((self.scene_to_ruler(0.0), self.scene_to_ruler(extent)))
        painter.fillRect(self._band(a, b, thickness), palette.base().color())

        ink = QColor(palette.windowText().color())
        ink.setAlpha(150)
        painter.setPen(ink)
        for mark in self.tick_marks():
            size = thickness if mark.tick.major else thickness * (0.45 if mark.tick.half else 0.28)
            self._tick(painter, round(mark.pos) + 0.5, thickness - size, thickness)
            if mark.label:
                self._label(painter, mark.pos + LABEL_PAD_PX, mark.label)

        painter.setPen(palette.mid().color())
        inner = thickness - 0.5
        if self.horizontal:
            painter.drawLine(QPointF(0, inner), QPointF(length, inner))
        else:
            painter.drawLine(QPointF(inner, 0), QPointF(inner, length))
        if self._cursor_mm is not None:
            self._marker(painter, self.scene_to_ruler(self._cursor_mm), thickness)
        painter.end()

    def _band(self, a: float, b: float, thickness: int) -> QRectF:
        return QRectF(a, 0, b - a, thickness) if self.horizontal else QRectF(0, a, thickness, b - a)

    def _tick(self, painter: QPainter, at: float, start: float, stop: float) -> None:
        """A line across the ruler at `at` (along it), from `start` to `stop` (across it)."""
        if self.horizontal:
            painter.drawLine(QPointF(at, start), QPointF(at, stop))
        else:
            painter.drawLine(QPointF(start, at), QPointF(stop, at))

    def _label(self, painter: QPainter, at: float, text: str) -> None:
        ascent = self._metrics.ascent()
        if self.horizontal:
            painter.drawText(QPointF(at, ascent + 1), text)
            return
        # Read bottom to top, starting just after the tick, as in Inkscape and Illustrator.
        painter.save()
        painter.translate(ascent + 1, at + self._metrics.horizontalAdvance(text))
        painter.rotate(-90)
        painter.drawText(QPointF(0, 0), text)
        painter.restore()

    def _marker(self, painter: QPainter, at: float, thickness: int) -> None:
        color = self.palette().highlight().color()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(color)
        size = thickness * 0.3
        # A triangle pointing at the canvas, in (along, across) coordinates.
        corners = [(at - size, thickness - size), (at + size, thickness - size), (at, thickness)]
        points = [QPointF(a, c) if self.horizontal else QPointF(c, a) for a, c in corners]
        painter.drawPolygon(QPolygonF(points))
        painter.setPen(color)
        self._tick(painter, round(at) + 0.5, 0, thickness)


class RulerCorner(QToolButton):
    """The square where the rulers meet: shows the units and offers to change them."""

    def __init__(self, document: Document, thickness: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.setFixedSize(thickness, thickness)
        self.setAutoRaise(True)
        self.setFont(QFont(self.font().family(), max(7, round(self.font().pointSizeF() * 0.8))))
        self.setToolTip(_("Display units — click to change"))
        self.clicked.connect(self._show_menu)
        document.properties_changed.connect(self._refresh)
        self._refresh(["display_units"])

    def _show_menu(self) -> None:
        menu = units_menu(self._document, self)
        menu.exec(self.mapToGlobal(QPoint(0, self.height())))
        menu.deleteLater()

    def _refresh(self, fields: list) -> None:
        if "display_units" in fields:
            self.setText(self._document.prop("display_units"))


@dataclass(frozen=True)
class EditorRulers:
    top: Ruler
    left: Ruler
    corner: RulerCorner


def attach_rulers(editor) -> EditorRulers:
    """Give `editor` rulers in its grid around the view (once; later calls return the same rulers)."""
    existing = getattr(editor, "rulers", None)
    if isinstance(existing, EditorRulers):
        return existing
    top = Ruler(editor.view, editor.document, Qt.Orientation.Horizontal, editor)
    left = Ruler(editor.view, editor.document, Qt.Orientation.Vertical, editor)
    corner = RulerCorner(editor.document, top.height(), editor)
    editor.layout_grid.addWidget(corner, 0, 0)
    editor.layout_grid.addWidget(top, 0, 1)
    editor.layout_grid.addWidget(left, 1, 0)
    editor.rulers = EditorRulers(top, left, corner)
    return editor.rulers
