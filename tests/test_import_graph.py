"""The project's modules import each other in no cycle, imports inside functions included.

import-linter's contracts (``pyproject.toml``) keep the layers; this keeps the graph
acyclic at module level, which the layers alone do not say within one layer.
"""

from __future__ import annotations

import grimp

PACKAGES = ("games", "accounts", "silkroad")


def _cycles(graph) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(module: str) -> None:
        nonlocal counter
        index[module] = low[module] = counter
        counter += 1
        stack.append(module)
        on_stack.add(module)
        for imported in graph.find_modules_directly_imported_by(module):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in on_stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return found


def test_no_import_cycle_among_the_projects_modules():
    graph = grimp.build_graph(*PACKAGES)
    assert len(graph.modules) > 100  # the whole project was read
    assert _cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle():
    graph = grimp.ImportGraph()
    for name in ("a", "b", "c"):
        graph.add_module(name)
    graph.add_import(importer="a", imported="b")
    graph.add_import(importer="b", imported="c")
    graph.add_import(importer="c", imported="a")
    assert _cycles(graph) == [["a", "b", "c"]]
