"""The inspector's "Track" group: the track surface's width (editable, one undo step per scrub) and facts.

Shown when nothing is selected, under the document summary. The width is in the document's display
units; every change goes through a mergeable `SetTrack` command.
"""

from __future__ import annotations

from PySide6.QtWidgets import QDoubleSpinBox, QFormLayout, QGroupBox, QLabel, QWidget

from designer.commands.document import SetTrack
from designer.geometry.route import lap_length
from designer.geometry.units import format_length, from_mm, spin_decimals, spin_step, to_mm
from designer.model.track import TrackSurface

# The model's own bounds, so the spin box can never produce an invalid track.
_BOUNDS = {type(m).__name__: m for m in TrackSurface.model_fields["width_mm"].metadata}
MIN_WIDTH_MM, MAX_WIDTH_MM = _BOUNDS["Ge"].ge, _BOUNDS["Le"].le


class TrackBox(QGroupBox):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Track", parent)
        form = QFormLayout(self)
        self.width_spin = QDoubleSpinBox()
        self.width_spin.setKeyboardTracking(False)
        self.width_spin.valueChanged.connect(self._on_width)
        self.width_spin.editingFinished.connect(self._end_session)
        self.shape_label = QLabel()
        self.lap_label = QLabel()
        form.addRow("Width", self.width_spin)
        form.addRow("Shape", self.shape_label)
        form.addRow("Centerline", self.lap_label)
        self._document = None
        self._session = 0
        self._refreshing = False

    def set_document(self, document) -> None:
        if self._document is not None:
            try:
                self._document.track_changed.disconnect(self.refresh)
                self._document.properties_changed.disconnect(self.refresh)
            except (RuntimeError, TypeError):
                pass
        self._document = document
        if document is not None:
            document.track_changed.connect(self.refresh)
            document.properties_changed.connect(self.refresh)
        self._end_session()
        self.refresh()

    def refresh(self, *_args) -> None:
        track = self._document.track if self._document is not None else None
        self.setVisible(track is not None)
        if track is None:
            return
        units = self._document.prop("display_units")
        self._refreshing = True
        try:
            self.width_spin.setDecimals(spin_decimals(units))
            self.width_spin.setSingleStep(spin_step(units) * 10)
            self.width_spin.setSuffix(f" {units}")
            self.width_spin.setRange(from_mm(MIN_WIDTH_MM, units), from_mm(MAX_WIDTH_MM, units))
            self.width_spin.setValue(from_mm(track.width_mm, units))
        finally:
            self._refreshing = False
        points = len(track.centerline)
        self.shape_label.setText(f"{'closed circuit' if track.closed else 'open course'}, {points} points")
        self.lap_label.setText(format_length(lap_length(track), units))

    def _on_width(self, value: float) -> None:
        if self._refreshing or self._document is None or self._document.track is None:
            return
        width = min(max(to_mm(value, self._document.prop("display_units")), MIN_WIDTH_MM), MAX_WIDTH_MM)
        track = self._document.track
        if abs(width - track.width_mm) < 1e-6:
            return
        new = track.model_copy(update={"width_mm": width})
        self._document.undo_stack.push(SetTrack(self._document, new, "Change track width",
                                                merge_key=("track-width", id(self), self._session)))

    def _end_session(self) -> None:
        self._session += 1
