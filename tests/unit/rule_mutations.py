"""Changed copies of a system's rule data, for tests that prove the program follows its rule data.

`mutated(system, board__laps=2)` applies named changes; `leaf_mutations(system)` walks every leaf field of
the rule data (through sub-models; for a list of sub-models, each field in the first item that sets it, and
the list itself shortened or extended) and yields each leaf's path with a copy that differs in that leaf only and still validates, or
with None when no such copy exists (a die table that must cover 1–6, a value tied to another field).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from typing import Any

from pydantic import ValidationError

from designer.rules import load_ruleset
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
    return Ruleset.model_validate(data)


def _validate(data: Any) -> tuple[Ruleset | None, list[str]]:
    """The ruleset, or None with the values a Literal error says are allowed (to try next)."""
    try:
        return Ruleset.model_validate(data), []
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
        return [value + "x", value + "-x", value[:-1], "X" + value]
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


def _get(data: Any, path: Path) -> Any:
    for part in path:
        data = data[part]
    return data


def _list_candidates(value: list[Any]) -> list[Any]:
    shorter = [value[:-1]] if value else []
    longer = [value + [copy.deepcopy(value[-1])]] if value else []
    if value and isinstance(value[0], (int, float, str)) and not isinstance(value[0], bool):
        changed = [[c, *value[1:]] for c in _scalar_candidates(value[0])]
        return changed + shorter + longer
    return shorter + longer


def leaf_mutations(system: str) -> Iterator[tuple[str, Ruleset | None]]:
    """Every leaf field of the system's rule data with a valid copy changed in it (None: no valid change)."""
    data = load_ruleset(system).model_dump(mode="json")

    def walk(node: Any, path: Path) -> Iterator[tuple[str, Ruleset | None]]:
        if isinstance(node, dict):
            for key, value in node.items():
                yield from walk(value, (*path, key))
        elif isinstance(node, list):
            if not node:  # an empty list holds no data to change
                return
            if isinstance(node[0], dict):
                yield path_text(path) + "[]", _first_valid(data, path, _list_candidates(node))
                # each field in the first item that sets it (a board's shortcut space has pips, its item
                # space none)
                seen: set[str] = set()
                for i, item in enumerate(node):
                    for key, value in item.items():
                        if key not in seen and value is not None:
                            seen.add(key)
                            yield from walk(value, (*path, i, key))
            else:
                yield path_text(path), _first_valid(data, path, _list_candidates(node))
        elif node is not None:  # an unset optional field is no data
            yield path_text(path), _first_valid(data, path, _scalar_candidates(node))

    yield from walk(data, ())
