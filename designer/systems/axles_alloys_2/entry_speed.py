"""The speed an Axles and Alloys II entry point starts with when its file gives none: the rule data's Badlands
Ambush speed for its side. Apart from `defaults.py` so the element model can read it without an import cycle."""

from __future__ import annotations

#: An entry point's speed when the rule data cannot be read: the seed's (defender 10", attackers 15").
FALLBACK_SPEED_MM = {"defender": 254.0, "attacker": 381.0}


def entry_speed_mm(role: str) -> float:
    """The speed a side's entry point starts with: the rule data's Badlands Ambush speed for `role`."""
    from designer.rules.loader import load_ruleset  # here: the loader loads the systems, this one included
    from designer.systems.axles_alloys_2.rule_data import axles_rules

    try:
        ambush = axles_rules(load_ruleset("axles-alloys-2")).ambush  # type: ignore[union-attr]
    except Exception:  # a broken rules file costs the default speed, never the document
        ambush = None
    if ambush is None:
        return FALLBACK_SPEED_MM.get(role, FALLBACK_SPEED_MM["attacker"])
    return float(ambush.defender_speed_mm if role == "defender" else ambush.attackers_speed_mm)
