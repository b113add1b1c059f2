"""The package's layout as ARCHITECTURE.md draws it: no import cycle, a small root, small modules,
and the rules between packages.

The import graph is read from the source with `ast` (nothing is imported): every `import` and
`from ... import` of an `arxref` module, at any depth (function-level imports count: they are
imports all the same), except those under `if TYPE_CHECKING:`, which never run.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "arxref"
ROOT_MODULES_AT_MOST = 15  # with __init__.py: the shared vocabulary and the process entry points
LINES_AT_MOST = 500

PURE = ("source", "pdf", "extract", "parse", "resolve", "catalog", "evaluate")
"""Packages of plain functions over plain data: tested without a database, a network or a broker."""
NEVER_IN_PURE = (
    "arxref.store",
    "arxref.stages",
    "arxref.fetch",
    "arxref.tasks",
    "arxref.pool",
    "arxref.web",
    "arxref.cli",
    "celery",
    "httpx",
    "sqlalchemy",
)
ALLOWED = {("arxref.catalog.oai", "arxref.fetch")}
"""The one exception: the OAI-PMH harvest pages through arXiv with fetch's client."""


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = ["arxref", *path.relative_to(PACKAGE).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _import_nodes(body: list[ast.stmt]) -> list[ast.Import | ast.ImportFrom]:
    found: list[ast.Import | ast.ImportFrom] = []
    for node in body:
        if isinstance(node, ast.If) and _is_type_checking(node):
            found += _import_nodes(node.orelse)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        for field in ("body", "orelse", "finalbody", "handlers"):
            inner = getattr(node, field, None)
            if isinstance(inner, list):
                found += _import_nodes([n for n in inner if isinstance(n, ast.stmt | ast.excepthandler)])
    return found


def _imported_names(module: str) -> set[str]:
    """Every module name this module imports (arxref's and others'), resolved to the module."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names: set[str] = set()
    for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8")).body):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
            continue
        base = node.module or ""
        if node.level:
            parts = package.split(".")
            parts = parts[: len(parts) - (node.level - 1)]
            base = ".".join([*parts, *([node.module] if node.module else [])])
        for alias in node.names:
            full = f"{base}.{alias.name}"
            names.add(full if full in MODULES else base)
    return names


def _owner(name: str) -> str | None:
    """The arxref module a dotted name is, or is in."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def import_graph() -> dict[str, set[str]]:
    """arxref module -> the arxref modules it imports."""
    graph = {}
    for module in MODULES:
        targets = {_owner(name) for name in _imported_names(module) if name.startswith("arxref")}
        graph[module] = {t for t in targets if t and t != module}
    return graph


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for target in edges:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        cycles.append(sorted(component))
    return cycles


def test_no_import_cycle_among_the_packages_modules() -> None:
    assert import_cycles(import_graph()) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert import_cycles(graph) == [["a", "b", "c"]]


def test_the_package_root_holds_only_the_shared_vocabulary_and_the_entry_points() -> None:
    root = sorted(path.name for path in PACKAGE.glob("*.py"))
    assert len(root) <= ROOT_MODULES_AT_MOST, root


def test_no_module_is_over_500_lines() -> None:
    long = {
        str(path.relative_to(PACKAGE)): n
        for path in PACKAGE.rglob("*.py")
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > LINES_AT_MOST
    }
    assert long == {}


@pytest.mark.parametrize("package", PURE)
def test_a_pure_package_never_imports_the_store_fetch_or_celery(package: str) -> None:
    wrong = set()
    for module in MODULES:
        if module != f"arxref.{package}" and not module.startswith(f"arxref.{package}."):
            continue
        for name in _imported_names(module):
            for banned in NEVER_IN_PURE:
                if (name == banned or name.startswith(banned + ".")) and (module, banned) not in ALLOWED:
                    wrong.add((module, name))
    assert wrong == set()


@pytest.mark.parametrize("package", ["web", "cli", "record"])
def test_readers_read_through_the_store_and_never_query_its_tables(package: str) -> None:
    wrong = {
        (module, name)
        for module in MODULES
        if module.startswith(f"arxref.{package}")
        for name in _imported_names(module)
        if name.startswith("arxref.store.tables") or name.startswith("arxref.store.migrations")
    }
    assert wrong == set()


def test_the_web_service_never_runs_a_stage() -> None:
    wrong = {
        (module, name)
        for module in MODULES
        if module.startswith("arxref.web")
        for name in _imported_names(module)
        if name.split(".")[:2] in (["arxref", "stages"], ["arxref", "fetch"], ["arxref", "tasks"])
        or name.startswith("celery")
    }
    assert wrong == set()
