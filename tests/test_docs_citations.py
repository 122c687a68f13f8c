"""The spec belongs to the project (issue 36): every cited section of the game and the design
exists in the repository's docs/, and nothing cites a document outside the repository.

The code, tests, frontend, variants and pages cite ``docs/rules.md §5.2`` or
``docs/design.md §7`` (also ranges and lists: ``docs/rules.md §4–§7``,
``docs/rules.md §5.2, §5.5``). Each section number must be a heading of that document
(``## 5. Play`` is §5, ``### 5.2 Beating a play`` is §5.2).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = {"rules": ROOT / "docs" / "rules.md", "design": ROOT / "docs" / "design.md"}
SCANNED = {".py", ".ts", ".tsx", ".md", ".yaml", ".yml", ".po", ".mjs", ".html", ".txt"}
#: Folders that hold no project text: tools' caches, builds, installed packages.
SKIPPED = {
    ".git",
    ".venv",
    "node_modules",
    "dist",
    "build",
    "mutants",
    "var",
    "_build",
    "test-artifacts",
    "__pycache__",
    ".mypy_cache",
    ".ruff_cache",
    ".hypothesis",
    ".pytest_cache",
}
_HEADING = re.compile(r"^#{2,3} (\d+(?:\.\d+)?)[.\s]", re.MULTILINE)
_CITATION = re.compile(r"docs/(rules|design)\.md((?:\s*(?:,|;|–|-|and|or)?\s*§\s?\d+(?:\.\d+)?)*)")
_SECTION = re.compile(r"§\s?(\d+(?:\.\d+)?)")
# Spelled in parts so that this file does not cite them itself.
_OUTSIDE = re.compile(
    r"\.\./" + "shared" + r"|/work/" + "shared"
    r"|(?<![\w./-])(?:" + "RULES" + "|" + "DESIGN" + r")\.md"
)
_DOCS_PATH = re.compile(r"docs/(?:rules|design)\.md")


def sections(document: Path) -> set[str]:
    """The section numbers of a document: ``{"1", "2", "2.1", …}``."""
    return set(_HEADING.findall(document.read_text(encoding="utf-8")))


def project_files() -> Iterator[Path]:
    """Every text file of the project that may cite the documents."""
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED and not d.startswith(".venv"))
        for name in sorted(files):
            path = Path(folder) / name
            if path.suffix in SCANNED and path != Path(__file__).resolve():
                yield path


def citations() -> list[tuple[str, str, str]]:
    """``(file:line, document, section)`` for every section cited anywhere."""
    found = []
    for path in project_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        for match in _CITATION.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            where = f"{path.relative_to(ROOT)}:{line}"
            for section in _SECTION.findall(match[2]):
                found.append((where, match[1], section))
    return found


def test_the_documents_are_in_the_repository_with_their_sections() -> None:
    rules, design = sections(DOCUMENTS["rules"]), sections(DOCUMENTS["design"])
    assert {str(n) for n in range(1, 12)} <= rules
    assert {"2.1", "2.2", "4.3", "5.2", "8.5", "9.1"} <= rules
    assert {str(n) for n in range(1, 12)} <= design


def test_the_code_cites_the_documents_often() -> None:
    # The scan itself works: it finds the citations the code is known to make.
    found = citations()
    assert len(found) > 200
    assert any(w.startswith("baohuang/engine/beats.py") and s == "5.2" for w, _, s in found)
    assert any(w.startswith("baohuang/api/errors.py") and d == "design" for w, d, _ in found)


def test_every_cited_section_exists() -> None:
    known = {name: sections(path) for name, path in DOCUMENTS.items()}
    missing = [
        f"{where}: docs/{doc}.md §{section}"
        for where, doc, section in citations()
        if section not in known[doc]
    ]
    assert missing == [], "cited sections that the document does not have:\n" + "\n".join(missing)


def test_nothing_cites_a_document_outside_the_repository() -> None:
    outside = []
    for path in project_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        stripped = _DOCS_PATH.sub("", text)
        for match in _OUTSIDE.finditer(stripped):
            line = stripped.count("\n", 0, match.start()) + 1
            outside.append(f"{path.relative_to(ROOT)}:{line}: {match[0]}")
    assert outside == [], "references to documents outside the repository:\n" + "\n".join(outside)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("(docs/rules.md §5.2)", [("rules", "5.2")]),
        ("docs/rules.md §5.2, §5.5", [("rules", "5.2"), ("rules", "5.5")]),
        ("docs/rules.md §4–§7 and", [("rules", "4"), ("rules", "7")]),
        ("see docs/design.md §7, **", [("design", "7")]),
        ("docs/rules.md.", []),
    ],
)
def test_the_citation_reader(text: str, expected: list[tuple[str, str]]) -> None:
    got = [(m[1], s) for m in _CITATION.finditer(text) for s in _SECTION.findall(m[2])]
    assert got == expected


def test_the_outside_reader() -> None:
    bare = "RULES" + ".md"
    assert _OUTSIDE.search(f"see {bare} §3")
    assert _OUTSIDE.search("../" + "shared/x")
    assert not _OUTSIDE.search(_DOCS_PATH.sub("", "see docs/rules.md §3"))
