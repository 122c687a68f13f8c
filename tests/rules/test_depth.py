"""Documents nested too deeply are a ``too_deep`` problem, never a RecursionError, wherever a
document is read: YAML and JSON text, parsed data, files (the CLI) — issue #16, item 8."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from baohuang.i18n import speaking
from baohuang.rules.loader import (
    MAX_DEPTH,
    nesting_depth,
    parse_text,
    validate_definition,
    validate_file,
    validate_text,
)

DEEP = 600  # more than Python's recursion limit allows PyYAML's composer (~500)


def flow(levels: int) -> str:
    return "[" * levels + "]" * levels


def block(levels: int) -> str:
    return "".join("  " * i + "a:\n" for i in range(levels)) + "  " * levels + "b: 1\n"


def json_object(levels: int) -> str:
    return '{"a": ' * levels + "1" + "}" * levels


@pytest.mark.parametrize("text", [flow(DEEP), block(DEEP), json_object(DEEP), flow(MAX_DEPTH + 1)])
def test_deep_text_is_a_too_deep_problem(text: str) -> None:
    report = validate_text(text)

    assert not report.valid
    (problem,) = report.problems
    assert problem.code == "too_deep"
    assert problem.params == {"limit": MAX_DEPTH}
    assert problem.path == ""
    assert f"more than {MAX_DEPTH} levels deep" in problem.message


def test_the_limit_itself_is_accepted() -> None:
    data, problem = parse_text(flow(MAX_DEPTH))

    assert problem is None
    assert nesting_depth(data) == MAX_DEPTH


def test_aliases_cannot_nest_past_the_limit() -> None:
    """Each alias adds the depth of what it names: 20 lines can nest 20 × 10 levels."""
    lines = ["l0: &l0 " + flow(10)]
    lines += [f"l{i}: &l{i} " + "[" * 10 + f"*l{i - 1}" + "]" * 10 for i in range(1, 20)]
    data, problem = parse_text("\n".join(lines))

    assert data is None
    assert problem is not None
    assert problem.code == "too_deep"


def test_a_document_that_contains_itself_is_too_deep() -> None:
    _, problem = parse_text("a: &a [*a]")

    assert problem is not None
    assert problem.code == "too_deep"


def test_repeated_aliases_are_measured_once() -> None:
    """Nine aliases of nine aliases of …: 9**8 paths, but only 9 distinct lists."""
    lines = ['a0: &a0 ["x"]'] + [
        f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 9)
    ]
    data, problem = parse_text("\n".join(lines))

    assert problem is None
    assert nesting_depth(data) == 10


def test_parsed_data_is_checked_too() -> None:
    """The API and the admin hand parsed documents to validate_definition."""
    deep: dict[str, object] = {}
    node = deep
    for _ in range(sys.getrecursionlimit() + 10):
        node["a"] = {}
        node = node["a"]  # type: ignore[assignment]

    (problem,) = validate_definition(deep).problems

    assert problem.code == "too_deep"
    assert nesting_depth(json.loads(json_object(5))) == 5


def test_a_deep_file_is_a_problem_not_an_internal_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text(block(DEEP), encoding="utf-8")

    (problem,) = validate_file(path).problems

    assert problem.code == "too_deep"


def test_the_sentence_is_translated() -> None:
    with speaking("zh"):
        (problem,) = validate_text(flow(DEEP)).problems

    assert "64" in problem.message
    assert "层" in problem.message


def test_the_cli_reports_a_deep_file_not_an_internal_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from baohuang.cli import main

    path = tmp_path / "deep.yaml"
    path.write_text(block(DEEP), encoding="utf-8")

    status = main(["variants", "check", str(path), "--json"])

    out = capsys.readouterr().out
    assert status == 1
    assert '"too_deep"' in out
    assert "internal" not in out.lower()
