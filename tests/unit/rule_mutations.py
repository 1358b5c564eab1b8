"""Changed copies of a system's rule data, for tests that prove the program follows its rule data.

`mutated(system, board__laps=2)` applies named changes; `leaf_mutations(system)` walks every leaf field of
the rule data (through sub-models; for a list of sub-models, each field in the first item whose file sets it,
and the list itself shortened or extended) and yields each leaf's path with copies that differ in that leaf
only and still validate (a near change, and for a number far ones each way), or none when no such copy exists
(a die table that must cover 1–6, a value tied to another field).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from typing import Any

from pydantic import ValidationError

from designer.rules import load_ruleset
from designer.rules.loader import validate_ruleset
from designer.rules.schema import Ruleset

Path = tuple[str | int, ...]


def path_text(path: Path) -> str:
    """("board", "spaces", 0, "pips") → "board.spaces[0].pips"."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


def _set(data: Any, path: Path, value: Any) -> Any:
    data = copy.deepcopy(data)
    node = data
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    return data


def mutated(system: str, **changes: Any) -> Ruleset:
    """A copy of a system's rule data with `changes` applied: board__laps=2, board__spaces__4__pips=2."""
    data = load_ruleset(system).model_dump(mode="json")
    for key, value in changes.items():
        path = tuple(int(p) if p.isdigit() else p for p in key.split("__"))
        data = _set(data, path, value)
    return validate_ruleset(data)


def _validate(data: Any) -> tuple[Ruleset | None, list[str]]:
    """The ruleset, or None with the values a Literal error says are allowed (to try next)."""
    try:
        return validate_ruleset(data), []
    except ValidationError as exc:
        expected = [e.get("ctx", {}).get("expected", "") for e in exc.errors() if e["type"] == "literal_error"]
        return None, re.findall(r"'([^']*)'", " ".join(expected))


def _scalar_candidates(value: Any) -> list[Any]:
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1, value - 1, value + 2, value - 2, value * 2, 1, 0]
    if isinstance(value, float):
        return [round(value * 1.25, 3), round(value * 0.8, 3), value + 1, value - 1]
    if isinstance(value, str):
        swapped = value[:-1] + ("1" if value[-1:] == "0" else "0")  # keeps a pattern such as "#rrggbb"
        return [value + "x", value + "-x", value[:-1], "X" + value, swapped]
    return []


def _first_valid(data: Any, path: Path, candidates: list[Any]) -> Ruleset | None:
    """The first candidate value at `path` that validates (a Literal error's allowed values are tried too)."""
    tried: list[Any] = [_get(data, path)]  # the value it has is no change
    queue = list(candidates)
    while queue:
        value = queue.pop(0)
        if value in tried:
            continue
        tried.append(value)
        ruleset, allowed = _validate(_set(data, path, value))
        if ruleset is not None:
            return ruleset
        if isinstance(value, str):
            queue += [a for a in allowed if a != _get(data, path)]
    return None


def _copies(data: Any, path: Path, candidates: list[Any]) -> list[Ruleset]:
    """A near change first; for a number also far ones each way (a limit nudged by one may not reach any
    starter track, halved or tripled it does)."""
    near = _first_valid(data, path, candidates)
    value = _get(data, path)
    if near is None or isinstance(value, bool) or not isinstance(value, (int, float)):
        return [near] if near else []
    far = []
    for scale in (0.1, 0.5, 10):
        changed = type(value)(value * scale) if value else 1
        copy = _first_valid(data, path, [changed]) if changed != value else None
        if copy is not None:
            far.append(copy)
    return [near, *far]


def _get(data: Any, path: Path) -> Any:
    for part in path:
        data = data[part]
    return data


def _list_candidates(value: list[Any]) -> list[Any]:
    shorter = [value[:-1]] if value else []
    longer = [[*value, copy.deepcopy(value[-1])]] if value else []
    if value and isinstance(value[0], (int, float, str)) and not isinstance(value[0], bool):
        changed = [[c, *value[1:]] for c in _scalar_candidates(value[0])]
        return changed + shorter + longer
    return shorter + longer


def leaf_mutations(system: str) -> Iterator[tuple[str, list[Ruleset]]]:
    """Every leaf field of the system's rule data with valid copies changed in it (none: no valid change)."""
    data = load_ruleset(system).model_dump(mode="json")
    as_written = load_ruleset(system).model_dump(mode="json", exclude_unset=True)

    def walk(node: Any, path: Path) -> Iterator[tuple[str, list[Ruleset]]]:
        if isinstance(node, dict):
            for key, value in node.items():
                yield from walk(value, (*path, key))
        elif isinstance(node, list):
            if not node:  # an empty list holds no data to change
                return
            if isinstance(node[0], dict):
                yield path_text(path) + "[]", _copies(data, path, _list_candidates(node))
                # each field in the first item whose file sets it (a board's shortcut space has pips and
                # can_stop_on, its item space neither)
                try:
                    written = _get(as_written, path)
                except (KeyError, IndexError):  # a list the file leaves to its default
                    written = []
                for key in node[0]:
                    index = next((i for i, item in enumerate(written) if key in item), 0)
                    if node[index][key] is not None:
                        yield from walk(node[index][key], (*path, index, key))
            else:
                yield path_text(path), _copies(data, path, _list_candidates(node))
        elif node is not None:  # an unset optional field is no data
            yield path_text(path), _copies(data, path, _scalar_candidates(node))

    yield from walk(data, ())
