"""Shared machinery names no game system: no string in code outside `designer/systems/` spells a built-in
system's id or package name (docstrings may use a system as an example; import-linter guards the imports)."""

from __future__ import annotations

import ast
from pathlib import Path

import designer
from designer.systems import registry

PACKAGE = Path(designer.__file__).parent


def _docstrings(tree: ast.AST) -> set[int]:
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def literals_naming(names: set[str], source: str) -> list[tuple[int, str]]:
    """(line, text) of each string literal in `source` (not a docstring) that contains one of `names`."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
            and any(name in node.value for name in names)]


def _system_names() -> set[str]:
    ids = set(registry.ids())
    return ids | {i.replace("-", "_") for i in ids}


def test_no_shared_module_spells_a_systems_id():
    names = _system_names()
    assert {"mk-gaslands", "pitchkart", "axles_alloys_2"} <= names
    shared = [p for p in PACKAGE.rglob("*.py") if "systems" not in p.relative_to(PACKAGE).parts[:1]]
    assert len(shared) > 100
    found = [f"{p.relative_to(PACKAGE)}:{line}: {text!r}" for p in shared
             for line, text in literals_naming(names, p.read_text(encoding="utf-8"))]
    assert found == []


def test_the_scan_sees_a_literal_but_not_a_docstring():
    source = '"""About mk-gaslands."""\ndef f():\n    """pitchkart"""\n    return "mk-gaslands"\n'
    assert literals_naming({"mk-gaslands", "pitchkart"}, source) == [(4, "mk-gaslands")]
