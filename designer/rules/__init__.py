"""Rule data for the supported game systems: pydantic models plus a cached loader (no Qt)."""

from designer.rules.loader import (
    RulesetError,
    clear_cache,
    list_rulesets,
    load_ruleset,
    load_ruleset_file,
    ruleset_ids,
)
from designer.rules.schema import ELEMENT_KINDS, Ruleset

__all__ = [
    "ELEMENT_KINDS",
    "Ruleset",
    "RulesetError",
    "clear_cache",
    "list_rulesets",
    "load_ruleset",
    "load_ruleset_file",
    "ruleset_ids",
]
