"""The inspector's "Track" group: the track surface's width (editable, one undo step per scrub) and facts.

Shown when nothing is selected, under the document summary. The width is in the document's display
units; every change goes through a mergeable `ReshapeTrack` (the gates keep spanning the track, the pieces on
it keep their share of the width: `operations.reshape_track`). Read-outs follow the language ("87,3 in").
"""

from __future__ import annotations

from PySide6.QtWidgets import QDoubleSpinBox, QFormLayout, QGroupBox, QLabel, QWidget

from designer.document.operations import reshape_track
from designer.geometry.route import lap_length
from designer.geometry.units import from_mm, spin_decimals, spin_step, to_mm
from designer.i18n import _, ngettext
from designer.model.track import TrackSurface
from designer.panes.markup import number_text

# The model's own bounds, so the spin box can never produce an invalid track.
_BOUNDS = {type(m).__name__: m for m in TrackSurface.model_fields["width_mm"].metadata}
MIN_WIDTH_MM, MAX_WIDTH_MM = _BOUNDS["Ge"].ge, _BOUNDS["Le"].le


class TrackBox(QGroupBox):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Track"), parent)
        form = QFormLayout(self)
        self.width_spin = QDoubleSpinBox()
        self.width_spin.setKeyboardTracking(False)
        self.width_spin.valueChanged.connect(self._on_width)
        self.width_spin.editingFinished.connect(self._end_session)
        self.shape_label = QLabel()
        self.lap_label = QLabel()
        form.addRow(_("Width"), self.width_spin)
        form.addRow(_("Shape"), self.shape_label)
        form.addRow(_("Centerline"), self.lap_label)
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
        if track.closed:
            shape = ngettext("closed circuit, {n} point", "closed circuit, {n} points", points)
        else:
            shape = ngettext("open course, {n} point", "open course, {n} points", points)
        self.shape_label.setText(shape.format(n=points))
        length = number_text(from_mm(lap_length(track), units), spin_decimals(units), trim=True)
        self.lap_label.setText(f"{length} {units}")

    def _on_width(self, value: float) -> None:
        if self._refreshing or self._document is None or self._document.track is None:
            return
        width = min(max(to_mm(value, self._document.prop("display_units")), MIN_WIDTH_MM), MAX_WIDTH_MM)
        track = self._document.track
        if abs(width - track.width_mm) < 1e-6:
            return
        new = track.model_copy(update={"width_mm": width})
        reshape_track(self._document, new, _("Change track width"), ("track-width", id(self), self._session))

    def _end_session(self) -> None:
        self._session += 1
