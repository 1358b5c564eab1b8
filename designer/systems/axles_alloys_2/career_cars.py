"""What an Axles and Alloys II career reports about its drivers' linked cars (the career mode's `notices`):
a vehicle file that cannot be read, a car of another ruleset or of a class the driver no longer drives, and
every build rule the car breaks (`builder.problems`: capacity, turrets, droppers to the rear, no Heavy
weapons…). Reported, not refused: the car is the player's file, edited outside the campaign, and the
campaign's record stays good. Shown when a car is linked and whenever the campaign is loaded. No Qt.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from designer.i18n import _
from designer.io.errors import DocumentError
from designer.systems.axles_alloys_2 import builder
from designer.systems.axles_alloys_2.driver_fields import DriverVehicle
from designer.systems.axles_alloys_2.rule_data import axles_rules, weight_class_name
from designer.systems.axles_alloys_2.vehicle_io import driver_vehicle

if TYPE_CHECKING:
    from designer.systems.axles_alloys_2.vehicle import VehicleDocument


def vehicle_notices(ctx: Any, driver: str, class_id: str | None, vehicle: VehicleDocument, file: str) -> list[str]:
    """What is wrong with `driver`'s car in `file` (empty: a legal car of the driver's class)."""
    ruleset = ctx.ruleset
    rules = axles_rules(ruleset)
    if rules is None:
        return []
    if vehicle.ruleset != ruleset.id:
        return [_("{driver}: {file} is a {vehicle} car; the campaign plays {campaign}").format(
            driver=driver, file=file, vehicle=vehicle.ruleset, campaign=ruleset.id)]
    out = []
    theirs = rules.weight_class_by_id(vehicle.weight_class)
    mine = rules.weight_class_by_id(class_id) if class_id else None
    if theirs is not None and mine is not None and theirs.id != mine.id:
        out.append(_("{driver} drives a {mine} car, but {file} is now a {theirs} one").format(
            driver=driver, mine=weight_class_name(ruleset.id, mine), file=file,
            theirs=weight_class_name(ruleset.id, theirs)))
    for problem in builder.problems(vehicle, rules, ruleset.id):
        out.append(_("{driver}: {file} breaks a build rule: {problem}").format(
            driver=driver, file=file, problem=problem.line()))
    return out


def car_notices(doc: Any, ctx: Any, source: str | Path | None) -> list[str]:
    """The notices of every driver's linked car, in driver order."""
    out = []
    for driver in doc.drivers:
        own = DriverVehicle.of(driver)
        if not own.vehicle_file:
            continue
        file = Path(own.vehicle_file).name
        try:
            vehicle = driver_vehicle(source, own.vehicle_file)
        except DocumentError as exc:
            out.append(_("{driver}: {reason}").format(driver=driver.name, reason=str(exc)))
            continue
        out += vehicle_notices(ctx, driver.name, own.vehicle, vehicle, file)
    return out
