"""No import cycles inside `designer/`, counting every import — module level and inside functions — except
those under `if TYPE_CHECKING:`. Lazy imports are fine for speed as long as they point down the layers."""

from __future__ import annotations

import ast
from pathlib import Path

import designer

PACKAGE_DIR = Path(designer.__file__).resolve().parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE_DIR.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST, module: str, is_package: bool, known: set[str]) -> set[str]:
    """Every designer module `tree` imports, resolving relative imports and `from pkg import submodule`."""
    found: set[str] = set()

    def resolve(node: ast.ImportFrom) -> str:
        if not node.level:
            return node.module or ""
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        return ".".join([*base, node.module] if node.module else base)

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            target = resolve(node)
            # `from pkg import submodule` depends on the submodule, not on what pkg/__init__ holds
            names = [f"{target}.{alias.name}" for alias in node.names]
            found.update(names)
            if not all(name in known for name in names):
                found.add(target)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return {name for name in found if name in known and name != module}


def import_graph() -> dict[str, set[str]]:
    files = {_module_name(p): p for p in PACKAGE_DIR.rglob("*.py")}
    known = set(files)
    graph = {}
    for name, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        graph[name] = _imports(tree, name, path.name == "__init__.py", known)
    # Importing a.b.c runs a/__init__ and a/b/__init__ first, but that is a parent's doing, not an edge of
    # this module: a package that imports its own submodule is not a cycle.
    return graph


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan), each sorted, biggest first."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    counter = 0

    def strongconnect(node: str) -> None:
        nonlocal counter
        index[node] = low[node] = counter
        counter += 1
        stack.append(node)
        on_stack.add(node)
        for succ in sorted(graph.get(node, ())):
            if succ not in index:
                strongconnect(succ)
                low[node] = min(low[node], low[succ])
            elif succ in on_stack:
                low[node] = min(low[node], index[succ])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            strongconnect(node)
    return sorted(components, key=len, reverse=True)


def test_the_cycle_finder_sees_a_cycle_through_a_function_level_import():
    tree = ast.parse("def f():\n    from designer.b import x\n")
    other = ast.parse("from designer import a\n")
    known = {"designer", "designer.a", "designer.b"}
    graph = {"designer.a": _imports(tree, "designer.a", False, known),
             "designer.b": _imports(other, "designer.b", False, known)}
    assert find_cycles(graph) == [["designer.a", "designer.b"]]


def test_type_checking_imports_do_not_count():
    tree = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from designer.b import x\n")
    assert _imports(tree, "designer.a", False, {"designer.a", "designer.b"}) == set()


def test_relative_imports_resolve():
    tree = ast.parse("from . import b\nfrom ..c import d\n")
    known = {"designer.p", "designer.p.a", "designer.p.b", "designer.c", "designer.c.d"}
    assert _imports(tree, "designer.p.a", False, known) == {"designer.p.b", "designer.c.d"}


def test_designer_has_no_import_cycles():
    cycles = find_cycles(import_graph())
    assert not cycles, "import cycles:\n" + "\n".join(" ↔ ".join(c) for c in cycles)
