"""Axles and Alloys II's document type in the main window (`DOCUMENT_TYPES`): cars (`*.vehicle.json`), each in a
vehicle editor window (`vehicle_windows`, `vehicle_editor`)."""

from __future__ import annotations

from designer.app.document_windows import DocumentType
from designer.i18n import N_
from designer.systems.axles_alloys_2.documents import VEHICLE_SUFFIX
from designer.systems.axles_alloys_2.qt.vehicle_windows import VehicleWindows, link_careers

DOCUMENT_TYPES = (
    DocumentType("vehicle", VEHICLE_SUFFIX, lambda window, settings: VehicleWindows(window, settings),
                 lambda windows: windows.new_vehicle(),
                 N_("New &Vehicle"), N_("Build an Axles and Alloys II car in the vehicle editor"),
                 N_("Open V&ehicle…"), N_("Open vehicle files in the vehicle editor"), link_careers, N_("cars")),
)
