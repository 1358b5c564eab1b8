"""Reads, validates and caches the bundled rule data in `resources/rulesets/<id>.json`.

No Qt. Every failure surfaces as `RulesetError` with a one-line message naming the file and the place
in it that is wrong, so the app can show it as is.
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path

from pydantic import ValidationError

from designer.io.errors import DocumentError
from designer.io.jsonfile import read_json_file
from designer.io.validation import describe_validation_error
from designer.paths import RULESETS_DIR
from designer.rules.schema import Ruleset


class RulesetError(ValueError):
    """An unknown ruleset id, or a rule file that cannot be read or is invalid."""


def load_ruleset_file(path: str | Path) -> Ruleset:
    """Read and validate one rule file; its `id` must equal the file name without `.json`."""
    path = Path(path)
    try:
        data = read_json_file(path)
        try:
            ruleset = Ruleset.model_validate(data)
        except ValidationError as exc:
            location, reason = describe_validation_error(exc, data)
            raise DocumentError(path, reason, location) from None
        if ruleset.id != path.stem:
            raise DocumentError(path, f"is {ruleset.id!r} but the file name says {path.stem!r}", "id")
    except DocumentError as exc:
        raise RulesetError(str(exc)) from None
    return ruleset


@lru_cache(maxsize=1)
def ruleset_ids() -> tuple[str, ...]:
    """Ids of the bundled rulesets, sorted."""
    if not RULESETS_DIR.is_dir():
        return ()
    return tuple(sorted(p.stem for p in RULESETS_DIR.glob("*.json") if p.is_file()))


@cache
def _load_bundled(ruleset_id: str) -> Ruleset:
    return load_ruleset_file(RULESETS_DIR / f"{ruleset_id}.json")


def load_ruleset(ruleset_id: str) -> Ruleset:
    """The bundled ruleset with this id (validated once, then cached)."""
    known = ruleset_ids()
    if ruleset_id not in known:
        raise RulesetError(f"unknown ruleset {ruleset_id!r} (known: {', '.join(known) or 'none'})")
    return _load_bundled(ruleset_id)


def list_rulesets() -> list[Ruleset]:
    """Every bundled ruleset, sorted by id."""
    return [load_ruleset(ruleset_id) for ruleset_id in ruleset_ids()]


def clear_cache() -> None:
    """Forget cached ids and rulesets (after the files on disk changed)."""
    ruleset_ids.cache_clear()
    _load_bundled.cache_clear()
