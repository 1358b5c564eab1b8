"""The inspector's fields: which fields an element kind has (read from the model) and one editor per field.

`field_specs(kind)` turns the pydantic model of a kind into `FieldSpec`s — type, bounds, choices and
lengths straight from the model's annotations — so a new field or a changed bound needs no UI code. An id
field a game system marks with `designer.systems.api.RefTo` is a combo of the elements it may name.
Each `FieldEditor` shows the values of the selected elements (or "—" when they disagree) and emits
`edited(field, value, scrub)` with a model value (millimetres, never display units). Spin boxes emit
`scrub=True`, and `session_ended` when their editing session ends, so a scrub is one undo step.

Labels, tips and check-box texts are English in the (cached) specs — a built-in field's label from the
`FIELD_LABELS` table, an outside system's field's label derived from its name — and translated when an
editor is built (`FieldSpec.display_label` …), so the language can be set after the specs were made.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass, replace
from functools import cache

import annotated_types as at
from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QColor, QPalette, QWheelEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from designer.canvas.scene import warp_pipe_labels
from designer.geometry.units import from_mm, spin_decimals, spin_range, spin_step, to_mm
from designer.i18n import N_, _, pgettext
from designer.model.base import COORD_LIMIT_MM
from designer.model.edit import normalize_angle
from designer.model.elements import ElementBase, kind_classes
from designer.systems.api import RefTo

MIXED = "\u2014"


@dataclass(frozen=True)
class FieldSpec:
    name: str
    label: str
    kind: str                     # coord, angle, length, int, bool, choice, text, ref, count (read-only)
    low: float | None = None
    high: float | None = None
    low_open: bool = False        # the model says "greater than", not "at least"
    choices: tuple[tuple[str, object], ...] = ()
    text: str = ""                # a check box's own text
    max_length: int | None = None
    ref_kind: str = ""            # kind of element a ref field points at
    ref_label: str = ""           # a field of those elements shown before their id, in whose order they come
    required: bool = False        # a ref that must name an element (no "None" choice)
    single_only: bool = False     # only offered when one element is selected
    tip: str = ""

    @property
    def display_label(self) -> str:
        """`label` in the current language (an outside system's field keeps its English label)."""
        if self.name == "move" and self.label == FIELD_LABELS["move"]:
            return pgettext("inspector field", "Move")  # how far a threat wanders, not the verb
        return _(self.label) if self.label else ""

    @property
    def display_tip(self) -> str:
        return _(self.tip) if self.tip else ""

    @property
    def display_text(self) -> str:
        return _(self.text) if self.text else ""

    def display_choices(self) -> list[tuple[str, object]]:
        """The fixed choices with their titles in the current language."""
        return [(_(title) if title else title, value) for title, value in self.choices]


PLACEMENT_SPECS = (
    FieldSpec("x_mm", "X", "coord", -COORD_LIMIT_MM, COORD_LIMIT_MM, tip=N_("From the table's left edge")),
    FieldSpec("y_mm", "Y", "coord", -COORD_LIMIT_MM, COORD_LIMIT_MM, tip=N_("From the table's top edge")),
    FieldSpec("rotation_deg", N_("Rotation"), "angle", -180.0, 180.0, tip=N_("Degrees clockwise; 0 faces right")),
)
_SKIPPED = {"id", "kind", "x_mm", "y_mm", "rotation_deg"}
#: What each display unit is called, with its symbol (the units combo, the document summary).
UNIT_TITLES = {"mm": N_("Millimetres (mm)"), "cm": N_("Centimetres (cm)"), "in": N_("Inches (in)")}
#: The labels of the built-in kinds' fields, by field name; any other field is labelled from its name
#: ("fuel_mm" → "Fuel").
FIELD_LABELS: dict[str, str] = {
    "width_mm": N_("Width"), "order": N_("Order"), "stack": N_("Stack"), "pads": N_("Pads"), "hoop": N_("Hoop"),
    "pair": N_("Paired with"), "launcher": N_("Launcher"), "range_mm": N_("Range"), "reach_mm": N_("Reach"),
    "name": N_("Name"), "move": "Move", "polygon": N_("Vertices"), "solid": N_("Solid"), "label": N_("Label"),
    "number": N_("Number"), "field": N_("Field"), "from_space": N_("From space"), "to_space": N_("To space"),
}  # "move" is translated with a context (`FieldSpec.display_label`): the distance, not the verb
#: The titles of the built-in choices, by value; any other value is titled from itself ("far" → "Far").
CHOICE_LABELS: dict[str, str] = {
    "short": N_("Short"), "medium": N_("Medium"), "long": N_("Long"),
    "plain": N_("Plain space"), "item": N_("Item space (?)"), "booster": N_("Booster"),
    "mushroom": N_("Mushroom space"), "thwomp": N_("Thwomp space"), "start": N_("Start/finish"),
}
#: What the model's types cannot say: check-box texts, tips, links between elements.
_OVERRIDES: dict[str, dict] = {
    "order": {"tip": N_("Karts pass the gates in this order")},
    "number": {"tip": N_("The space's place in the lap, 1 at the start")},
    "field": {"tip": N_("What landing on the space does")},
    "stack": {"kind": "bool", "text": N_("Double stack"), "choices": (("single", 1), ("double", 2))},
    "pads": {"tip": N_("Boost pads in the line, along the direction of travel")},
    "hoop": {"text": N_("Flaming hoop"),
             "tip": N_("A hoop a Short beyond the back edge; passing through it draws 1 item")},
    "pair": {"kind": "ref", "ref_kind": "warp_pipe", "single_only": True,
             "tip": N_("The pipe this one leads to (the link is set on both pipes)")},
    "launcher": {"kind": "ref", "ref_kind": "warp_pipe", "tip": N_("The warp pipe Bill fires from")},
    "range_mm": {"tip": N_("The plant strikes karts passing within this range")},
    "reach_mm": {"tip": N_("How far the chomp strikes from its centre")},
    "move": {"tip": N_("How far it wanders at the end of each gear phase")},
    "name": {"tip": N_("The threat's name, printed on its token")},
    "solid": {"text": N_("Blocks karts"), "tip": N_("Karts collide with solid scenery; the rest can be driven over")},
    "label": {"tip": N_("Text printed on the scenery piece")},
    "polygon": {"kind": "count",
                "tip": N_("Corners of the outline: drag one on the canvas, double-click an edge to add one, "
                          "click one and press Delete to remove it")},
}


def unit_title(units: str) -> str:
    """"Inches (in)" in the current language."""
    return _(UNIT_TITLES[units]) if units in UNIT_TITLES else units


def _spec_from_field(name: str, info) -> FieldSpec | None:
    annotation = info.annotation
    label = FIELD_LABELS.get(name) or name.removesuffix("_mm").replace("_", " ").capitalize()
    spec = FieldSpec(name, label, "")
    for rule in info.metadata:
        if isinstance(rule, at.Ge):
            spec = replace(spec, low=float(rule.ge))
        elif isinstance(rule, at.Gt):
            spec = replace(spec, low=float(rule.gt), low_open=True)
        elif isinstance(rule, at.Le):
            spec = replace(spec, high=float(rule.le))
        elif isinstance(rule, at.MaxLen):
            spec = replace(spec, max_length=rule.max_length)
        elif isinstance(rule, RefTo):
            spec = replace(spec, kind="ref", ref_kind=rule.kind, ref_label=rule.label, required=info.is_required())
    if annotation is bool:
        spec = replace(spec, kind="bool")
    elif annotation is int:
        spec = replace(spec, kind="int")
    elif annotation is float and name.endswith("_mm"):
        spec = replace(spec, kind="length")
    elif spec.kind == "ref":
        pass  # a game system's link (`RefTo`): a combo of the document's elements of that kind
    elif annotation is str:
        spec = replace(spec, kind="text")
    elif typing.get_origin(annotation) is typing.Literal:
        choices = tuple((CHOICE_LABELS.get(str(v)) or str(v).capitalize(), v) for v in typing.get_args(annotation))
        spec = replace(spec, kind="choice", choices=choices)
    spec = replace(spec, **_OVERRIDES.get(name, {}))
    return spec if spec.kind else None


def field_specs(kind: str) -> tuple[FieldSpec, ...]:
    """The editable fields of one element kind (a game system's own kinds too), beyond placement, in model
    order."""
    return _field_specs(kind_classes()[kind])


@cache
def _field_specs(cls: type[ElementBase]) -> tuple[FieldSpec, ...]:
    fields = cls.model_fields
    specs = (_spec_from_field(name, info) for name, info in fields.items() if name not in _SKIPPED)
    return tuple(spec for spec in specs if spec is not None)


def shared_specs(kinds: typing.Iterable[str], count: int) -> tuple[FieldSpec, ...]:
    """Fields every selected kind has, with the same meaning (a one-to-one link only for one element)."""
    kinds = list(dict.fromkeys(kinds))
    if not kinds:
        return ()
    common = [s for s in field_specs(kinds[0]) if all(s in field_specs(k) for k in kinds[1:])]
    return tuple(s for s in common if count == 1 or not s.single_only)


# --- spin boxes ----------------------------------------------------------------------------------
class _MixedSpin:
    """Shows "—" when the selection disagrees: the value sits on a sentinel one step below the real minimum.

    Typing any value leaves the sentinel (so valueChanged fires even for the minimum); stepping from
    "—" starts at the first selected element's value. Wheel events scrub only a focused box.
    """

    def _setup(self, low: float, high: float, sentinel_step: float, period: float = 0.0) -> None:
        self._low, self._high, self._sentinel_step, self._period = low, high, sentinel_step, period
        self._mixed = False
        self._base = low
        self.setRange(low, high)
        self.setKeyboardTracking(False)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.setAccelerated(True)

    def is_mixed(self) -> bool:
        return self._mixed

    def show_value(self, value: float | None, base: float | None = None) -> None:
        """Show `value` (None: "—", stepping from `base`) without emitting valueChanged."""
        blocked = self.blockSignals(True)
        try:
            if value is None:
                self._mixed, self._base = True, self._low if base is None else base
                self.setSpecialValueText(MIXED)
                self.setMinimum(self._low - self._sentinel_step)
                self.setValue(self.minimum())
            else:
                if self._mixed:
                    self._mixed = False
                    self.setSpecialValueText("")
                    self.setMinimum(self._low)
                if self.value() != value:
                    self.setValue(value)
        finally:
            self.blockSignals(blocked)

    def stepBy(self, steps: int) -> None:
        start = self._base if self._mixed else self.value()
        target = start + steps * self.singleStep()
        if self._period:
            target = normalize_angle(target)
        target = min(max(target, self._low), self._high)
        was_mixed = self._mixed
        self.show_value(target)
        if was_mixed or target != start:
            self.valueChanged.emit(self.value())

    def stepEnabled(self) -> QAbstractSpinBox.StepEnabledFlag:
        if self._mixed or self._period:  # "—" steps from the base value; angles wrap around
            return QAbstractSpinBox.StepEnabledFlag.StepUpEnabled | QAbstractSpinBox.StepEnabledFlag.StepDownEnabled
        return super().stepEnabled()

    def wheelEvent(self, event: QWheelEvent) -> None:
        if self.hasFocus():
            super().wheelEvent(event)
        else:
            event.ignore()  # let the dock scroll instead of changing a value under the pointer


class TrimmedDoubleSpinBox(QDoubleSpinBox):
    """Shows "48 in" rather than "48.000 in": the decimals are there when needed, not as padding."""

    def textFromValue(self, value: float) -> str:
        text = super().textFromValue(value)
        point = self.locale().decimalPoint()
        if point in text:
            text = text.rstrip("0").rstrip(point)
        return text


def mute(label: QLabel) -> QLabel:
    """Secondary text: the label's colour halfway between the text and the background."""
    palette = label.palette()
    text, window = palette.color(QPalette.ColorRole.WindowText), palette.color(QPalette.ColorRole.Window)
    blend = QColor(*((a * 55 + b * 45) // 100 for a, b in zip(text.getRgb()[:3], window.getRgb()[:3], strict=True)))
    palette.setColor(QPalette.ColorRole.WindowText, blend)
    label.setPalette(palette)
    return label


class MixedDoubleSpinBox(_MixedSpin, TrimmedDoubleSpinBox):
    def __init__(self, low: float, high: float, decimals: int, step: float, period: float = 0.0,
                 parent: QWidget | None = None) -> None:
        TrimmedDoubleSpinBox.__init__(self, parent)
        self.setDecimals(decimals)
        self.setSingleStep(step)
        self._setup(low, high, 10.0 ** -decimals, period)


class MixedSpinBox(_MixedSpin, QSpinBox):
    def __init__(self, low: int, high: int, parent: QWidget | None = None) -> None:
        QSpinBox.__init__(self, parent)
        self._setup(low, high, 1)


# --- field editors -------------------------------------------------------------------------------
class FieldEditor(QObject):
    edited = Signal(str, object, bool)  # field, model value, scrub (merge into the running step)
    session_ended = Signal()

    def __init__(self, spec: FieldSpec, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.spec = spec
        self.widget: QWidget

    def show_values(self, values: list, document, ids: list[str]) -> None:
        """Show the selected elements' values of this field (`ids` are the selected elements)."""
        raise NotImplementedError

    def _emit(self, value: object, scrub: bool = False) -> None:
        self.edited.emit(self.spec.name, value, scrub)


class NumberEditor(FieldEditor):
    """Coordinates and lengths in display units, angles in degrees, whole numbers as they are."""

    def __init__(self, spec: FieldSpec, units: str, parent: QObject | None = None) -> None:
        super().__init__(spec, parent)
        self._units = units if spec.kind in ("coord", "length") else ""
        if spec.kind == "int":
            box = MixedSpinBox(int(spec.low if spec.low is not None else 0), int(spec.high or 999_999))
        elif spec.kind == "angle":
            box = MixedDoubleSpinBox(spec.low, spec.high, 1, 1.0, period=360.0)
            box.setSuffix("°")
        else:
            decimals = spin_decimals(units)
            low, high = spin_range(spec.low or 0.0, spec.high or COORD_LIMIT_MM, units)
            if spec.low_open and low <= from_mm(spec.low or 0.0, units):
                low += 10.0 ** -decimals
            box = MixedDoubleSpinBox(low, high, decimals, spin_step(units))
            box.setSuffix(f" {units}")
        box.setToolTip(spec.display_tip)
        box.valueChanged.connect(self._on_value_changed)
        box.editingFinished.connect(self.session_ended)
        self.widget = self.box = box

    def _display(self, value: float) -> float:
        if self.spec.kind == "angle":
            value = normalize_angle(value)
        elif self._units:
            value = from_mm(value, self._units)
        return round(value, self.box.decimals()) if isinstance(self.box, QDoubleSpinBox) else int(value)

    def show_values(self, values: list, document, ids: list[str]) -> None:
        first = self._display(values[0]) if values else None
        # The first disagreement settles it: a drag of many elements shows "—" without converting every value.
        agreed = first if all(self._display(v) == first for v in values[1:]) else None
        self.box.show_value(agreed, first)

    def _on_value_changed(self, value: float) -> None:
        if self.box.is_mixed():
            if value <= self.box.minimum():
                return  # still on the "—" sentinel
            self.box.show_value(value)  # the user typed a value: leave the mixed state
        if self._units:
            value = to_mm(value, self._units)
            # Display bounds are rounded inwards, but keep float noise from stepping outside the model's.
            if self.spec.high is not None:
                value = min(value, self.spec.high)
            if self.spec.low is not None and not self.spec.low_open:
                value = max(value, self.spec.low)
        self._emit(value, scrub=True)


class BoolEditor(FieldEditor):
    """A check box; partly checked when the selection disagrees. `choices` map off/on to model values."""

    def __init__(self, spec: FieldSpec, parent: QObject | None = None) -> None:
        super().__init__(spec, parent)
        self.widget = self.box = QCheckBox(spec.display_text)
        self.box.setToolTip(spec.display_tip)
        self.box.clicked.connect(self._on_clicked)
        self._off, self._on = (spec.choices[0][1], spec.choices[1][1]) if spec.choices else (False, True)

    def show_values(self, values: list, document, ids: list[str]) -> None:
        states = {v == self._on for v in values}
        blocked = self.box.blockSignals(True)
        self.box.setTristate(len(states) > 1)
        if len(states) > 1:
            self.box.setCheckState(Qt.CheckState.PartiallyChecked)
        else:
            self.box.setChecked(states == {True})
        self.box.blockSignals(blocked)

    def _on_clicked(self) -> None:
        checked = self.box.checkState() != Qt.CheckState.Unchecked
        self._emit(self._on if checked else self._off)


class ChoiceEditor(FieldEditor):
    """A combo box of fixed choices; for `ref` fields, "None" and the elements of `ref_kind`."""

    def __init__(self, spec: FieldSpec, parent: QObject | None = None) -> None:
        super().__init__(spec, parent)
        self.widget = self.box = QComboBox()
        self.box.setToolTip(spec.display_tip)
        self.box.setPlaceholderText(MIXED)
        self.box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.box.setMinimumContentsLength(8)
        self.box.activated.connect(lambda index: self._emit(self.box.itemData(index)))
        self._options: list[tuple[str, object]] = []

    def options(self, values: list, document, ids: list[str]) -> list[tuple[str, object]]:
        if self.spec.kind != "ref":
            return self.spec.display_choices()
        elements = document.elements
        labels = warp_pipe_labels(elements) if self.spec.ref_kind == "warp_pipe" else {}
        own = set(ids)  # an element cannot link to itself
        options: list[tuple[str, object]] = [] if self.spec.required else [(pgettext("no element", "None"), None)]
        targets = [e for e in elements if e.kind == self.spec.ref_kind and e.id not in own]
        if self.spec.ref_label:
            by = self.spec.ref_label
            targets.sort(key=lambda e: (getattr(e, by, None) is None, getattr(e, by, 0) or 0))
            options += [(_("{label} — {id}").format(label=getattr(e, by, ""), id=e.id), e.id) for e in targets]
        else:
            options += [(f"{e.id}  ({labels[e.id]})" if e.id in labels else e.id, e.id) for e in targets]
        known = {value for _, value in options}
        options += [(_("{id} (missing)").format(id=v), v) for v in dict.fromkeys(values) if v not in known]
        return options

    def show_values(self, values: list, document, ids: list[str]) -> None:
        options = self.options(values, document, ids)
        blocked = self.box.blockSignals(True)
        if options != self._options:
            self._options = options
            self.box.clear()
            for title, value in options:
                self.box.addItem(title, value)
        agreed = values[0] if values and all(v == values[0] for v in values) else MIXED
        index = next((i for i, (_, value) in enumerate(options) if value == agreed and agreed is not MIXED), -1)
        self.box.setCurrentIndex(index)
        self.box.blockSignals(blocked)


class TextEditor(FieldEditor):
    """A line edit applied on Enter or focus-out, only when the user changed it."""

    def __init__(self, spec: FieldSpec, parent: QObject | None = None) -> None:
        super().__init__(spec, parent)
        self.widget = self.box = QLineEdit()
        self.box.setToolTip(spec.display_tip)
        self.box.setClearButtonEnabled(True)
        if spec.max_length:
            self.box.setMaxLength(spec.max_length)
        self.box.editingFinished.connect(self._on_finished)

    def show_values(self, values: list, document, ids: list[str]) -> None:
        agreed = values[0] if values and all(v == values[0] for v in values) else None
        if self.box.hasFocus() and self.box.isModified():
            return  # the user is typing; their text wins until they finish
        self.box.setPlaceholderText(MIXED if agreed is None else "")
        if self.box.text() != (agreed or ""):
            self.box.setText(agreed or "")
        self.box.setModified(False)

    def _on_finished(self) -> None:
        if self.box.isModified():
            self.box.setModified(False)
            self._emit(self.box.text().strip())


class CountEditor(FieldEditor):
    """How many items a list field holds (a scenery outline's vertices); they are edited on the canvas."""

    def __init__(self, spec: FieldSpec, parent: QObject | None = None) -> None:
        super().__init__(spec, parent)
        self.widget = self.box = QLabel()
        self.box.setToolTip(spec.display_tip)

    def show_values(self, values: list, document, ids: list[str]) -> None:
        counts = {len(v) for v in values}
        self.box.setText(str(counts.pop()) if len(counts) == 1 else MIXED)


def create_editor(spec: FieldSpec, units: str, parent: QObject | None = None) -> FieldEditor:
    if spec.kind == "count":
        return CountEditor(spec, parent)
    if spec.kind in ("coord", "angle", "length", "int"):
        return NumberEditor(spec, units, parent)
    if spec.kind == "bool":
        return BoolEditor(spec, parent)
    if spec.kind in ("choice", "ref"):
        return ChoiceEditor(spec, parent)
    return TextEditor(spec, parent)
