"""No module of baohuang imports itself back, through any chain (docs/architecture.md "Layers").

import-linter's ``acyclic`` contract (``make lint``) forbids cycles between the packages and
modules of one package at every depth, but not between a package and its own modules
(``baohuang.bots`` importing ``bots.mc``, which imports ``baohuang.bots`` back). This test
checks every module against every other, imports under ``TYPE_CHECKING`` included, and
prints the cycle it finds. The imports the contract lists in ``ignore_imports`` are left out
here too (pyproject.toml), so the two agree on what is still allowed.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import grimp

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def _ignored() -> list[tuple[re.Pattern[str], re.Pattern[str]]]:
    """The acyclic contract's ``ignore_imports``, as (importer, imported) patterns."""
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["importlinter"]
    contract = next(c for c in config["contracts"] if c["id"] == "acyclic")

    def pattern(expression: str) -> re.Pattern[str]:
        parts = [
            r"[\w.]+" if p == "**" else r"\w+" if p == "*" else re.escape(p)
            for p in expression.strip().split(".")
        ]
        return re.compile(r"\.".join(parts) + r"\Z")

    return [
        (pattern(line.split("->")[0]), pattern(line.split("->")[1]))
        for line in contract.get("ignore_imports", [])
    ]


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each as a cycle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(start: str) -> None:
        # Iterative: the package's import graph is deep enough to trouble recursion.
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return groups


def _cycle_in(group: list[str], edges: dict[str, set[str]]) -> list[str]:
    """One cycle through the group's first module, by the shortest way back."""
    first = group[0]
    members = set(group)
    paths = {first: [first]}
    queue = [first]
    while queue:
        node = queue.pop(0)
        for child in sorted(edges[node] & members):
            if child == first:
                return [*paths[node], first]
            if child not in paths:
                paths[child] = [*paths[node], child]
                queue.append(child)
    return group


def test_no_module_imports_itself_back() -> None:
    graph = grimp.build_graph("baohuang", exclude_type_checking_imports=False)
    ignored = _ignored()
    edges: dict[str, set[str]] = {}
    for module in graph.modules:
        edges[module] = {
            imported
            for imported in graph.find_modules_directly_imported_by(module)
            if not any(a.match(module) and b.match(imported) for a, b in ignored)
        }
    cycles = [" -> ".join(_cycle_in(group, edges)) for group in _cycles(edges)]
    assert not cycles, "Import cycles (break each; docs/architecture.md):\n" + "\n".join(cycles)
