"""Reads, validates and caches the rule data of the registered game systems (`System.ruleset_path`: the
built-ins' are `resources/rulesets/<id>.json`, an outside system brings its own file).

No Qt. Every failure surfaces as `RulesetError` with a one-line message naming the file and the place
in it that is wrong, so the app can show it as is.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from pydantic import ValidationError, create_model

from designer.i18n import _
from designer.io.display import clip
from designer.io.errors import DocumentError
from designer.io.jsonfile import read_json_file
from designer.io.validation import describe_validation_error
from designer.paths import RULESETS_DIR  # noqa: F401  (where the built-ins' rule data lies; tests read it)
from designer.rules.schema import Ruleset
from designer.systems import registry
from designer.systems.api import RuleSection


class RulesetError(ValueError):
    """An unknown ruleset id, or a rule file that cannot be read or is invalid."""


def load_ruleset_file(path: str | Path) -> Ruleset:
    """Read and validate one rule file; its `id` must equal the file name without `.json`."""
    path = Path(path)
    try:
        data = read_json_file(path)
        _load_systems(path.stem, data)  # the systems whose kinds and sections it may hold
        try:
            ruleset = ruleset_model(path.stem, data).model_validate(data)
        except ValidationError as exc:
            location, reason = describe_validation_error(exc, data)
            raise DocumentError(path, reason, location) from None
        if ruleset.id != path.stem:
            raise DocumentError(path, _("is {id} but the file name says {name}").format(
                id=repr(ruleset.id), name=repr(path.stem)), "id")
    except DocumentError as exc:
        raise RulesetError(str(exc)) from None
    return ruleset


def _load_systems(system_id: str, data: object) -> None:
    """Register the game system `system_id` alone when the rule data holds only its kinds and sections (a
    command reading one system's rules imports no other system), else every one."""
    if not isinstance(data, dict):
        registry.load()
        return
    kinds, sizes = data.get("element_kinds", []), data.get("element_sizes", {})
    kinds = [*(kinds if isinstance(kinds, list) else [None]), *(sizes if isinstance(sizes, dict) else [None])]
    registry.load_only(system_id, kinds, set(data) - set(Ruleset.model_fields))


def ruleset_model(system_id: str | None = None, data: object = None) -> type[Ruleset]:
    """The model rule data is validated as: the shared `Ruleset` plus one optional field per rule-data section
    (`System.rule_sections`) of the registered system `system_id`, and one for each other registered system's
    section `data` (a parsed rule file) carries. Only those sections' models are imported and built, so a
    process that loads one system's rule data builds no other system's. An id no registered system has (or
    None) takes every registered system's sections. Built once per registry, id and sections (again after
    another system registers); a key no registered system contributes stays refused."""
    current = registry.current()
    if system_id is None or not isinstance(data, dict) or not current.load_only(
            system_id, (), set(data) - set(Ruleset.model_fields)):
        current.load()
    sections = current.rule_sections()
    system = current.find(system_id) if system_id is not None else None
    if system is None:
        return _build_model(sections)
    own = {s.key for s in system.rule_sections}
    present = set(data) & {s.key for s in sections} if isinstance(data, dict) else set()
    wanted = tuple(s for s in sections if s.key in own | present)
    taken = tuple(s.key for s in sections)  # no registered section may take a shared section's key
    return _build_model(wanted, taken)


#: The models built, by the sections they hold: the same sections give the same model, whichever other systems
#: registered meanwhile (one system's rules may be read before the rest register), so rulesets compare equal.
_MODELS: dict[tuple[RuleSection, ...], type[Ruleset]] = {}


def _build_model(sections: tuple[RuleSection, ...], taken: tuple[str, ...] = ()) -> type[Ruleset]:
    for key in (*taken, *(s.key for s in sections)):
        if key in Ruleset.model_fields:
            raise registry.GameSystemError(_("rule-data section {key} is already defined").format(key=repr(key)))
    if sections not in _MODELS:
        _MODELS[sections] = _make_model(sections)
    return _MODELS[sections]


def _make_model(sections: tuple[RuleSection, ...]) -> type[Ruleset]:
    sections = tuple(s.resolved() for s in sections)  # imports the sections' models only now
    fields: dict[str, Any] = {s.key: (s.model | None, None) for s in sections}  # type: ignore[operator]
    model = create_model("Ruleset", __base__=Ruleset, __module__=Ruleset.__module__, **fields)
    model.section_checks = {s.key: s.check for s in sections if s.check is not None}
    return model


def validate_ruleset(data: object) -> Ruleset:
    """Validate parsed rule data as `ruleset_model` of the system its `id` names; raises pydantic's
    ValidationError."""
    system_id = data.get("id") if isinstance(data, dict) else None
    return ruleset_model(system_id if isinstance(system_id, str) else None, data).model_validate(data)


def ruleset_ids() -> tuple[str, ...]:
    """Ids of the registered game systems' rulesets, sorted."""
    return registry.ids()


@cache
def _load_file(path: Path) -> Ruleset:
    return load_ruleset_file(path)


def load_ruleset(ruleset_id: str) -> Ruleset:
    """The rule data of the registered game system with this id (validated once, then cached)."""
    system = registry.find(ruleset_id)
    if system is None:
        raise RulesetError(_("unknown ruleset {id} (known: {known})").format(
            id=repr(clip(ruleset_id)), known=", ".join(ruleset_ids()) or _("none")))
    ruleset = _load_file(Path(system.ruleset_path))
    if ruleset.id != system.id:
        raise RulesetError(_("{path}: id: is {id} but its game system is {system}").format(
            path=system.ruleset_path, id=repr(ruleset.id), system=repr(system.id)))
    return ruleset


def list_rulesets() -> list[Ruleset]:
    """The rule data of every registered game system, sorted by id."""
    return [load_ruleset(ruleset_id) for ruleset_id in ruleset_ids()]


def clear_cache() -> None:
    """Forget cached rulesets (after the files on disk changed)."""
    _load_file.cache_clear()
