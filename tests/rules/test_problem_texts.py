"""Problems in both languages: a stable code, JSON params, and a sentence in the active language.

Every case of ``test_checks.CASES`` (one per problem a bundled check can report) is made
again while speaking Chinese: the sentence must be Chinese (no English words left, only card
ranks, quoted document values and figures), and the code, path and params must not change
with the language.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from baohuang.i18n import speaking
from baohuang.rules import Problem, validate_definition, validate_text
from tests.rules.test_checks import CASES, Case, _fired, _variant, base_document, edit

PACKAGE = Path(__file__).resolve().parents[2] / "baohuang"

#: A problem's params are plain JSON values.
JSON_SCALARS = (str, int, float, bool, type(None))

_QUOTED = re.compile(r"'[^']*'")
_CARD_TOKENS = re.compile(r"\b(?:SJ|BJ|10|[2-9JQKA])\b")
_ENGLISH = re.compile(r"[A-Za-z]{3,}")


def english_words(message: str) -> list[str]:
    """Runs of three or more Latin letters outside quoted document values ('fixed_card')."""
    return _ENGLISH.findall(_CARD_TOKENS.sub(" ", _QUOTED.sub(" ", message)))


def _problem_of(case: Case) -> Problem:
    fired = _fired(_variant(edit(base_document(), case.changes)))
    return next(
        p for p in fired[case.check.__name__] if p.code == case.code and p.path == case.path
    )


def _is_json(value: object) -> bool:
    if isinstance(value, list):
        return all(_is_json(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _is_json(v) for k, v in value.items())
    return isinstance(value, JSON_SCALARS)


def test_the_english_detector_finds_english_and_spares_card_ranks() -> None:
    assert english_words("各家手牌合计 216 张") == []
    assert english_words("'SJ SJ' 不是一组王牌：小王写作 SJ，大王写作 BJ，10 J Q K A") == []
    assert english_words("规则 'fixed_card' 不对") == []
    assert english_words("The hands add up") == ["The", "hands", "add"]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_every_check_problem_has_its_code_and_json_params(case: Case) -> None:
    problem = _problem_of(case)

    shape = problem.as_dict()
    assert set(shape) == {"path", "message", "code", "params"}
    assert shape["code"] == case.code
    assert re.fullmatch(r"[a-z][a-z0-9_]*", shape["code"])
    assert _is_json(shape["params"]), shape["params"]
    json.dumps(shape)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_every_check_problem_speaks_chinese(case: Case) -> None:
    english = _problem_of(case)
    with speaking("zh"):
        chinese = _problem_of(case)

    assert english_words(chinese.message) == [], chinese.message
    assert re.search(r"[\u4e00-\u9fff]", chinese.message)
    assert chinese.message != english.message
    # Only the sentence follows the language.
    assert (chinese.code, chinese.path, chinese.severity, chinese.params) == (
        english.code,
        english.path,
        english.severity,
        english.params,
    )


def test_english_is_spoken_when_no_language_is_active() -> None:
    case = next(c for c in CASES if c.code == "hand_sizes_sum")
    problem = _problem_of(case)

    assert problem.message.startswith("The hands add up to 217 cards")
    assert problem.params == {"sum": 217, "deck": 216}
    with speaking("en"):
        assert _problem_of(case).message == problem.message


def test_the_issue_example_in_both_languages() -> None:
    doc = edit(base_document(), {"deal.hand_sizes": [33, 33, 33, 33, 32]})
    doc["deck"]["remove"] = [{"rank": "3"}, {"rank": "4"}, {"rank": "5"}, {"rank": 6, "count": 3}]

    english = validate_definition(doc).errors[0].as_dict()
    with speaking("zh"):
        chinese = validate_definition(doc).errors[0].as_dict()

    assert english == {
        "path": "deal.hand_sizes",
        "message": "The hands add up to 164 cards but the deck has 165 after the cards taken "
        "out; they must be equal.",
        "code": "hand_sizes_sum",
        "params": {"sum": 164, "deck": 165},
    }
    assert chinese == {
        **english,
        "message": "各家手牌合计 164 张，但去掉指定的牌后牌堆只有 165 张；两者必须相等。",
    }


@pytest.mark.parametrize(
    ("changes", "code", "params"),
    [
        (
            {"deal.hand_size": [44, 43, 43, 43, 43]},
            "unknown_field",
            {"field": "hand_size", "suggestion": "hand_sizes"},
        ),
        ({"deal.next_dealer": "winner"}, "literal_error", {"value": "winner"}),
        ({"scoring.two_person.rows[3].guard": "three"}, "int_parsing", {"value": "three"}),
        ({"deal.hand_sizes": [54, 54, 54, 54]}, "too_short", {"min": 5, "actual": 4}),
        ({"deck.decks": 9}, "less_than_equal", {"max": 8, "value": 9}),
        ({"bidding.guard.by": "auction"}, "union_tag_invalid", {"value": "auction"}),
    ],
    ids=lambda v: v if isinstance(v, str) else None,
)
def test_structural_problems_have_codes_params_and_chinese(
    changes: dict[str, object], code: str, params: dict[str, object]
) -> None:
    doc = edit(base_document(), changes)

    english = [p for p in validate_definition(doc).errors if p.code == code]
    with speaking("zh"):
        chinese = [p for p in validate_definition(doc).errors if p.code == code]

    assert len(english) == 1
    assert len(chinese) == 1
    assert params.items() <= english[0].params.items()
    assert _is_json(english[0].params)
    assert english_words(chinese[0].message) == [], chinese[0].message
    assert chinese[0].params == english[0].params
    assert chinese[0].path == english[0].path


@pytest.mark.parametrize(
    ("text", "code", "kind"),
    [
        ("", "not_a_mapping", "empty"),
        ("- 1\n- 2\n", "not_a_mapping", "list"),
        ("schema_version: 2\n", "schema_version", None),
        ("deal: [1, 2\n", "yaml", None),
    ],
)
def test_document_problems_have_codes_and_params(text: str, code: str, kind: str | None) -> None:
    report = validate_text(text)
    with speaking("zh"):
        chinese = validate_text(text)

    (problem,) = report.problems
    assert problem.code == code
    assert _is_json(problem.params)
    if kind is not None:
        assert problem.params == {"kind": kind}
    assert re.search(r"[\u4e00-\u9fff]", chinese.problems[0].message)
    assert chinese.problems[0].params == problem.params


# --------------------------------------------------------------------------- the API guide's list


def _codes_in(path: Path) -> set[str]:
    """Every `code="..."` literal in a module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.value.value
        for node in ast.walk(tree)
        if isinstance(node, ast.keyword)
        and node.arg == "code"
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    }


def _pydantic_codes() -> set[str]:
    """The pydantic error types problems.py words itself (`kind == ...`, `kind in (...)`)."""
    tree = ast.parse((PACKAGE / "rules" / "problems.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and isinstance(node.left, ast.Name):
            if node.left.id != "kind":
                continue
            for comparator in node.comparators:
                found |= {
                    c.value
                    for c in ast.walk(comparator)
                    if isinstance(c, ast.Constant) and isinstance(c.value, str)
                }
    return found - {"extra_forbidden"}  # reported as unknown_field


def test_the_api_guide_lists_every_problem_code() -> None:
    # The API guide (docs/api.md, "Validation problems") lists every code a client may see.
    guide = (PACKAGE.parent / "docs" / "api.md").read_text(encoding="utf-8")
    codes = (
        _codes_in(PACKAGE / "rules" / "checks.py")
        | _codes_in(PACKAGE / "rules" / "loader.py")
        | _codes_in(PACKAGE / "rules" / "problems.py")
        | _codes_in(PACKAGE / "cli" / "variants.py")
        | _pydantic_codes()
    )

    missing = sorted(code for code in codes if f"`{code}`" not in guide)

    assert len(codes) > 70
    assert missing == []
