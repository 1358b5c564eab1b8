"""Axles and Alloys' own fields on a shared campaign driver (`System.campaign_fields`): `vehicle`, the stable
id of a weight class in the rule data ("heavy"; schema version 2), and `vehicle_file` (schema version 3,
written only when set), the driver's `*.vehicle.json`, relative to the campaign file."""

from __future__ import annotations

from designer.model.campaign import CharacterId, TrackPath
from designer.model.record_fields import RecordFields

#: A weight class's stable id in the rule data ("light").
WeightClassId = CharacterId


class DriverVehicle(RecordFields):
    """On a driver: the weight class they drive and their vehicle document."""

    OMIT_UNUSED = (("vehicle_file", None),)
    PATHS = ("vehicle_file",)

    vehicle: WeightClassId | None = None
    vehicle_file: TrackPath | None = None

