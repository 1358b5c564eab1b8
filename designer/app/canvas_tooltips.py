"""Tooltips on the canvas: hovering an element shows its kind (translated), its id and its key fields.

`install(window)` watches every tab's viewport for tooltip events. Over an element the tooltip lists the
kind and id, the position and heading in the document's units, then the kind's own fields as the
Inspector labels them (a gate's order and width, a pipe's partner …). Anything else under the pointer that
has a tooltip of its own (a guide, a problem marker) keeps it; an item with a `prepare_tooltip()` method
builds that tooltip only now.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QEvent, QObject, QPointF, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QToolTip

from designer.geometry.units import format_length, plain_number
from designer.i18n import _, pgettext
from designer.panes.inspector import kind_title
from designer.panes.inspector_fields import PLACEMENT_SPECS, FieldSpec, field_specs

ROTATION = next(spec for spec in PLACEMENT_SPECS if spec.name == "rotation_deg")


def install(window) -> CanvasTooltips:
    tips = CanvasTooltips(window)
    window.canvas_tooltips = tips
    return tips


def _value_text(spec: FieldSpec, value: object, units: str) -> str | None:
    """A field's value as shown in a tooltip, or None when there is nothing worth showing."""
    if value is None or value == "":
        return None
    if spec.kind == "count":
        return str(len(value)) if isinstance(value, (list, tuple)) else str(value)
    if spec.kind == "length" and isinstance(value, (int, float)):
        return format_length(float(value), units)
    if spec.kind == "bool" and not spec.choices:
        return pgettext("field value", "yes") if value else pgettext("field value", "no")
    if spec.kind == "choice":
        titles = dict((v, title) for title, v in spec.display_choices())
        return titles.get(value, str(value))
    if isinstance(value, float):
        return plain_number(value, 2)
    return str(value)


def element_tooltip(element, units: str) -> str:
    """The rich-text tooltip of one element (every value escaped)."""
    lines = [f"<b>{escape(kind_title(element.kind))}</b> · {escape(element.id)}"]
    where = _("Position: {x}, {y}").format(x=format_length(element.x_mm, units), y=format_length(element.y_mm, units))
    lines.append(escape(where))
    if element.rotation_deg:
        angle = f"{plain_number(element.rotation_deg, 2)}°"
        lines.append(escape(_("{field}: {value}").format(field=ROTATION.display_label, value=angle)))
    for spec in field_specs(element.kind):
        text = _value_text(spec, getattr(element, spec.name, None), units)
        if text is not None:
            lines.append(escape(_("{field}: {value}").format(field=spec.display_label, value=text)))
    return "<br>".join(lines)


class CanvasTooltips(QObject):
    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        window.editor_changed.connect(self._watch)
        self._watch(window.current_editor())

    def _watch(self, editor) -> None:
        if editor is not None:
            editor.view.viewport().installEventFilter(self)  # installing twice still filters once

    def tooltip_at(self, editor, view_pos: QPointF) -> str:
        """The tooltip for the element under `view_pos` (viewport pixels), or "" when there is none."""
        scene_pos = editor.view.mapToScene(view_pos.toPoint())
        # the view's transform: items drawn at a constant size on screen (problem markers) are hit as shown
        for item in editor.scene.items(scene_pos, Qt.ItemSelectionMode.IntersectsItemShape,
                                       Qt.SortOrder.DescendingOrder, editor.view.viewportTransform()):
            prepare = getattr(item, "prepare_tooltip", None)
            if prepare is not None:
                prepare()  # an item that builds its tooltip only when it is about to show (a problem marker)
            if item.toolTip():
                return ""  # e.g. a guide over the element: its own tooltip wins
            if editor.tools.is_element_item(item):
                break
        item = editor.tools.element_at(scene_pos)
        element = editor.document.element(item.element_id) if item is not None else None
        return element_tooltip(element, editor.scene.display_units()) if element is not None else ""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.ToolTip or not isinstance(event, QHelpEvent):
            return False
        editor = next((e for e in self.window.editors() if e.view.viewport() is watched), None)
        if editor is None:
            return False
        text = self.tooltip_at(editor, QPointF(event.pos()))
        if not text:
            return False
        QToolTip.showText(event.globalPos(), text, watched)
        return True
