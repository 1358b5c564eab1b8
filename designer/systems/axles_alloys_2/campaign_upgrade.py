"""Axles and Alloys' part of the campaign file's upgrade 1 → 2 (`System.campaign_upgrades`): each driver names
their vehicle by weight class id instead of its name (matched case-insensitively). Raw JSON, before validation;
a name that matches no class is refused in one line. No Qt.
"""

from __future__ import annotations

from typing import Any

from designer.i18n import _
from designer.io.migrations import MigrationError, to_ids
from designer.rules import RulesetError, load_ruleset


def vehicle_ids(data: dict[str, Any]) -> dict[str, Any]:
    """Replace each driver's weight class name by its id (in copies of the drivers)."""
    from designer.systems.axles_alloys_2.rule_data import axles_rules

    drivers = data.get("drivers")
    if not isinstance(drivers, list):
        return data
    try:
        ruleset = load_ruleset(str(data.get("ruleset")))
    except RulesetError as exc:
        raise MigrationError(str(exc), "ruleset") from None
    axles = axles_rules(ruleset)
    if axles is None:
        return data

    def vehicle_id(name: str) -> str | None:
        found = axles.weight_class(name)
        return found.id if found else None

    data["drivers"] = to_ids(drivers, "vehicle", "drivers", lambda n: _("driver {n}").format(n=n), vehicle_id,
                             lambda who, name: _("{who} drives a {name} vehicle, which is no {ruleset} weight "
                                                 "class").format(who=who, name=repr(name), ruleset=ruleset.name))
    return data
