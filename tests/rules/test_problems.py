"""Structural errors become plain sentences with JSON paths (baohuang.rules.problems).

A card-room operator reads these messages: each names where the problem is, in the
document's own words (`scoring.two_person.rows[3].guard`), and says what to write instead.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from baohuang.rules import Problem, validate_definition, validate_text
from baohuang.rules.loader import VARIANTS_DIR, Report
from baohuang.rules.problems import join_path

BASE_TEXT = (VARIANTS_DIR / "baike-common.yaml").read_text(encoding="utf-8")


_BASE = yaml.safe_load(BASE_TEXT)


def base() -> dict[str, Any]:
    """The bundled baike-common variant as a plain dict (a fresh copy each call)."""
    assert isinstance(_BASE, dict)
    return copy.deepcopy(_BASE)


def only_problem(report: Report) -> Problem:
    """The single problem of a report (fails with the whole list otherwise)."""
    assert len(report.problems) == 1, report.problems
    assert not report.valid
    return report.problems[0]


# --------------------------------------------------------------------------- Problem and paths


def test_join_path_writes_json_paths() -> None:
    assert join_path(["scoring", "two_person", "rows", 3, "guard"]) == (
        "scoring.two_person.rows[3].guard"
    )
    assert join_path([]) == ""
    assert join_path([0, "rank"]) == "[0].rank"


def test_problem_text_and_api_shape() -> None:
    problem = Problem("deal.hand_sizes", "Bad.", code="x")

    assert str(problem) == "deal.hand_sizes: Bad."
    assert str(Problem("", "Bad.")) == "(document): Bad."
    assert problem.as_dict() == {
        "path": "deal.hand_sizes",
        "message": "Bad.",
        "code": "x",
        "params": {},
    }
    assert problem.severity == "error"


# --------------------------------------------------------------------------- unknown keys


def test_an_unknown_key_gets_a_did_you_mean_hint() -> None:
    doc = base()
    doc["scoring"]["two_person"]["rows"][3]["gaurd"] = doc["scoring"]["two_person"]["rows"][3].pop(
        "guard"
    )

    report = validate_definition(doc)

    paths = {p.path: p for p in report.problems}
    assert set(paths) == {"scoring.two_person.rows[3].gaurd", "scoring.two_person.rows[3].guard"}
    unknown = paths["scoring.two_person.rows[3].gaurd"]
    assert unknown.message == "Unknown field 'gaurd'. Did you mean 'guard'?"
    assert unknown.code == "unknown_field"
    assert paths["scoring.two_person.rows[3].guard"].message == "This field is required."


def test_an_unknown_top_level_key_is_matched_against_the_sections() -> None:
    doc = base()
    doc["tribut"] = {}

    problem = only_problem(validate_definition(doc))

    assert problem.path == "tribut"
    assert problem.message == "Unknown field 'tribut'. Did you mean 'tribute'?"


def test_an_unknown_key_without_a_close_match_lists_the_allowed_fields() -> None:
    doc = base()
    doc["deck"]["colour"] = "red"

    problem = only_problem(validate_definition(doc))

    assert problem.path == "deck.colour"
    assert problem.message == "Unknown field 'colour'. Allowed here: decks, marks, remove."


def test_an_unknown_key_in_a_flow_step_is_matched_against_that_kind_of_step() -> None:
    doc = base()
    doc["bidding"]["flow"] = [{"step": "grab_solo"}, {"step": "offer_throne", "tipp": "highest"}]

    problem = only_problem(validate_definition(doc))

    # the union's tag (offer_throne) is not part of the path the operator sees
    assert problem.path == "bidding.flow[1].tipp"
    assert problem.message == "Unknown field 'tipp'. Did you mean 'tip'?"


@pytest.mark.parametrize(
    ("section", "key", "suggested"),
    [
        ("play", "kinds", None),  # difflib's default suggested 'wind'
        ("flow", "tip_cont", "tip_count"),
        ("flow", "tipCount", "tip_count"),
        ("play", "hard-pass", "hard_pass"),
    ],
)
def test_only_a_likely_misspelling_is_suggested(
    section: str, key: str, suggested: str | None
) -> None:
    doc = base()
    where = doc["play"] if section == "play" else doc["bidding"]["flow"][0]
    where[key] = 1

    problem = only_problem(validate_definition(doc))

    assert problem.params["suggestion"] == suggested
    if suggested is None:
        assert "Allowed here:" in problem.message
    else:
        assert problem.message.endswith(f"Did you mean '{suggested}'?")


def test_an_unknown_key_in_a_called_guard_is_matched_against_the_called_guard() -> None:
    doc = base()
    doc["deck"]["marks"]["guard_card"] = None
    doc["bidding"]["guard"] = {"by": "called_card", "callable_ranks": ["3"], "min_identicle": 3}

    problem = only_problem(validate_definition(doc))

    assert problem.path == "bidding.guard.min_identicle"
    assert problem.message == "Unknown field 'min_identicle'. Did you mean 'min_identical'?"


def test_an_unknown_key_in_a_fixed_guard_lists_its_only_field() -> None:
    doc = base()
    doc["bidding"]["guard"]["card"] = "SJ"

    problem = only_problem(validate_definition(doc))

    assert problem.path == "bidding.guard.card"
    assert problem.message == "Unknown field 'card'. Allowed here: by."


def test_a_key_that_is_not_text_is_reported_at_its_section() -> None:
    doc = base()
    doc["deal"][3] = "x"

    problem = only_problem(validate_definition(doc))

    assert problem.path == "deal"
    assert problem.message == "Field names must be text, got 3."


# --------------------------------------------------------------------------- missing fields


def test_a_missing_section_is_required() -> None:
    doc = base()
    del doc["scoring"]

    problem = only_problem(validate_definition(doc))

    assert problem.path == "scoring"
    assert problem.message == "This field is required."
    assert problem.code == "missing"


def test_a_missing_nested_field_names_the_row() -> None:
    doc = base()
    del doc["scoring"]["solo"]["hidden"][2]["others"]

    problem = only_problem(validate_definition(doc))

    assert problem.path == "scoring.solo.hidden[2].others"
    assert problem.message == "This field is required."


# --------------------------------------------------------------------------- wrong literals


def test_a_wrong_word_lists_the_choices() -> None:
    doc = base()
    doc["deal"]["next_dealer"] = "winner"

    problem = only_problem(validate_definition(doc))

    assert problem.path == "deal.next_dealer"
    assert problem.message == (
        "'winner' is not allowed here; choose one of: "
        "'first_finisher', 'previous_emperor', 'next_seat' or 'fixed'."
    )
    assert problem.code == "literal_error"


def test_a_wrong_rank_lists_every_rank() -> None:
    doc = base()
    doc["deck"]["remove"] = [{"rank": "X"}]

    problem = only_problem(validate_definition(doc))

    assert problem.path == "deck.remove[0].rank"
    assert "'X' is not allowed here" in problem.message
    assert "'3', '4', '5'" in problem.message
    assert "'SJ' or 'BJ'" in problem.message


@pytest.mark.parametrize(("written", "read"), [(6, "6"), ("T", "10"), ("t", "10"), ("bj", "BJ")])
def test_ranks_accept_yaml_ints_and_t_for_ten(written: object, read: str) -> None:
    doc = base()
    doc["deck"]["remove"] = [{"rank": written, "count": 1}]
    doc["deal"]["hand_sizes"] = [43, 43, 43, 43, 43]

    report = validate_definition(doc)

    assert report.valid, report.problems
    assert report.variant is not None
    assert report.variant.deck.remove[0].rank == read


def test_a_wrong_suit_names_the_list_item() -> None:
    doc = base()
    doc["deck"]["remove"] = [{"rank": "6", "suits": ["s", "x"]}]

    problem = only_problem(validate_definition(doc))

    assert problem.path == "deck.remove[0].suits[1]"
    assert problem.message == "'x' is not allowed here; choose one of: 's', 'h', 'c' or 'd'."


# --------------------------------------------------------------------------- wrong types


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (
            ("scoring", "two_person", "rows", 3, "guard"),
            "three",
            "Expected a whole number, got 'three'.",
        ),
        (("deal", "hand_sizes", 0), 43.5, "Expected a whole number, got 43.5."),
        (("deal", "hand_sizes"), 216, "Expected a list, got 216."),
        (("play", "defer"), "maybe", "Expected true or false, got 'maybe'."),
        (("name", "zh"), 5, "Expected text, got 5."),
        (("name",), "Common", "Expected a section with named fields, got 'Common'."),
        (("deal",), None, "Expected a section with named fields, got null."),
        (("deck", "decks"), 9, "Must be at most 8, got 9."),
        (("deck", "decks"), 0, "Must be at least 1, got 0."),
        (("deal", "hand_sizes"), [54, 54, 54, 54], "Needs at least 5 items, got 4."),
        (("deal", "hand_sizes"), [36] * 6, "Allows at most 5 items, got 6."),
        (("name", "en"), "", "Must not be empty."),
        (
            ("id",),
            "Baike Common",
            "'Baike Common' is not a valid id: use lower-case letters, digits and dashes.",
        ),
    ],
    ids=lambda v: join_path(v) if isinstance(v, tuple) else None,
)
def test_a_wrong_value_is_explained_at_its_path(
    path: tuple[str | int, ...], value: object, message: str
) -> None:
    doc = base()
    node: Any = doc
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = copy.deepcopy(value)

    problem = only_problem(validate_definition(doc))

    assert problem.path == join_path(path)
    assert problem.message == message


def test_a_section_written_as_a_word_gets_a_hint() -> None:
    doc = base()
    doc["bidding"]["guard"] = "fixed_card"
    doc["bidding"]["flow"].append("redeal")

    report = validate_definition(doc)

    messages = {p.path: p.message for p in report.problems}
    assert messages == {
        "bidding.guard": "Expected a section with named fields, got 'fixed_card'. "
        "Write it as {by: fixed_card}.",
        "bidding.flow[2]": "Expected a section with named fields, got 'redeal'. "
        "Write it as {step: redeal}.",
    }


# --------------------------------------------------------------------------- flow step kinds


def test_an_unknown_flow_step_kind_lists_the_kinds() -> None:
    doc = base()
    doc["bidding"]["flow"][0]["step"] = "auction"

    problem = only_problem(validate_definition(doc))

    assert problem.path == "bidding.flow[0]"
    assert problem.message == (
        "Unknown kind 'auction'; choose one of: 'grab_solo', 'offer_throne', 'redeal', "
        "'forfeit', 'void'."
    )


def test_a_flow_step_without_a_kind_asks_for_one() -> None:
    doc = base()
    del doc["bidding"]["flow"][0]["step"]

    problem = only_problem(validate_definition(doc))

    assert problem.path == "bidding.flow[0]"
    assert problem.message == "Say which kind this is with 'step'."


def test_an_unknown_guard_kind_lists_the_kinds() -> None:
    doc = base()
    doc["bidding"]["guard"] = {"by": "auction"}

    problem = only_problem(validate_definition(doc))

    assert problem.path == "bidding.guard"
    assert "Unknown kind 'auction'" in problem.message
    assert "'fixed_card', 'called_card'" in problem.message


def test_an_error_inside_a_flow_step_hides_the_union_tag_in_the_path() -> None:
    doc = base()
    doc["bidding"]["flow"] = [{"step": "grab_solo"}, {"step": "offer_throne", "tip": "lowest"}]

    problem = only_problem(validate_definition(doc))

    assert problem.path == "bidding.flow[1].tip"
    assert "'lowest' is not allowed here" in problem.message


# --------------------------------------------------------------------------- whole documents


def test_a_yaml_syntax_error_gives_the_line() -> None:
    text = BASE_TEXT.replace("  decks: 4\n", "  decks: [4\n", 1)
    line = text.splitlines().index("  decks: [4") + 1

    problem = only_problem(validate_text(text))

    assert problem.path == ""
    assert problem.code == "yaml"
    # YAML notices the unclosed bracket where the next line's key begins
    assert problem.message == (
        f"The document is not valid YAML (line {line + 1}, column 9): "
        "expected ',' or ']', but got ':'."
    )


def test_a_yaml_indentation_error_gives_line_and_column() -> None:
    problem = only_problem(validate_text("id: x\n  name: y\n"))

    assert problem.message == (
        "The document is not valid YAML (line 2, column 7): mapping values are not allowed here."
    )


def test_a_list_instead_of_a_mapping_is_explained() -> None:
    problem = only_problem(validate_text("- schema_version: 1\n- id: x\n"))

    assert problem.path == ""
    assert "must be a set of named sections" in problem.message
    assert problem.message.endswith("this document is a list.")


@pytest.mark.parametrize("text", ["", "# only a comment\n", "42", "just words"])
def test_other_documents_that_are_not_mappings_are_explained(text: str) -> None:
    problem = only_problem(validate_text(text))

    assert problem.path == ""
    assert "must be a set of named sections" in problem.message


def test_schema_version_2_is_refused_before_anything_else() -> None:
    doc = base()
    doc["schema_version"] = 2
    doc["unknown"] = True

    problem = only_problem(validate_definition(doc))

    assert problem.path == "schema_version"
    assert problem.code == "schema_version"
    assert problem.message == "This tool reads schema_version 1; the document says 2."


def test_a_missing_schema_version_is_required() -> None:
    doc = base()
    del doc["schema_version"]

    problem = only_problem(validate_definition(doc))

    assert problem.path == "schema_version"
    assert problem.message == "This field is required."


def test_json_text_is_read_like_yaml() -> None:
    import json

    report = validate_text(json.dumps(base(), ensure_ascii=False))

    assert report.valid
    assert report.problems == ()


def test_every_structural_problem_is_reported_at_once() -> None:
    doc = base()
    doc["deal"]["next_dealer"] = "winner"
    doc["play"]["wnd"] = "apply"
    doc["scoring"]["solo"]["open"][0]["emperor"] = "many"

    report = validate_definition(doc)

    assert [p.path for p in report.problems] == [
        "deal.next_dealer",
        "play.wnd",
        "scoring.solo.open[0].emperor",
    ]
    assert all(p.severity == "error" for p in report.problems)


# --------------------------------------------------------------------------- one pass


def misspelt_and_miscounted() -> dict[str, Any]:
    """A misspelt key (`rebelion`) and hand sizes that do not add up, in different sections."""
    doc = base()
    doc["declarations"]["rebelion"] = {"threshold": 2}
    doc["deal"]["hand_sizes"] = [44, 43, 43, 43, 40]
    return doc


def test_one_pass_reports_a_misspelt_key_and_hand_sizes_that_do_not_add_up() -> None:
    report = validate_definition(misspelt_and_miscounted())

    assert not report.valid
    assert report.variant is None
    assert [(p.path, p.code) for p in report.errors] == [
        ("declarations.rebelion", "unknown_field"),
        ("deal.hand_sizes", "hand_sizes_sum"),
    ]
    assert report.summary() == {}


def test_structural_problems_of_every_section_are_reported_together() -> None:
    doc = base()
    doc["deck"]["decks"] = "two"
    doc["scoring"]["two_person"]["rows"][0]["guard"] = "three"
    doc["tribute"] = {"rulez": []}

    report = validate_definition(doc)

    assert {p.path for p in report.errors} == {
        "deck.decks",
        "scoring.two_person.rows[0].guard",
        "tribute.rulez",
    }


def test_a_check_that_reads_a_section_that_did_not_parse_is_skipped() -> None:
    # The deck did not parse: the hand sizes cannot be counted against it, so no sum
    # problem (it would be a guess); the removal checks are skipped too.
    doc = base()
    doc["deck"]["decks"] = "two"
    doc["deal"]["hand_sizes"] = [1, 1, 1, 1, 0]

    report = validate_definition(doc)

    codes = [p.code for p in report.errors]
    assert "hand_sizes_sum" not in codes
    assert codes == ["int_parsing", "hand_size_positive"]
    assert report.errors[1].path == "deal.hand_sizes[4]"


def test_a_missing_section_skips_the_checks_that_need_it() -> None:
    doc = base()
    del doc["deal"]
    doc["scoring"]["two_person"]["rows"].pop(3)

    report = validate_definition(doc)

    assert [(p.path, p.code) for p in report.errors] == [
        ("deal", "missing"),
        ("scoring.two_person.rows", "table_incomplete"),
    ]


def test_the_cross_field_problems_of_a_partly_read_document_are_those_of_the_whole() -> None:
    # Fixing the misspelt key leaves exactly the problems the first pass already showed.
    first = validate_definition(misspelt_and_miscounted())
    fixed = misspelt_and_miscounted()
    fixed["declarations"]["rebellion"] = fixed["declarations"].pop("rebelion")
    second = validate_definition(fixed)

    assert [p for p in first.errors if p.code != "unknown_field"] == second.errors


# --------------------------------------------------------------------------- never a crash


def _paths(node: Any, prefix: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """Every path inside a parsed document, sections and leaves alike."""
    found: list[tuple[str | int, ...]] = [prefix] if prefix else []
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += _paths(value, (*prefix, i))
    return found


_PATHS = _paths(base())
_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-300, max_value=300)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(["", "3", "T", "SJ", "BJ", "TOP", "s", "fixed_card", "redeal", "x"]),
    lambda inner: (
        st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(_PATHS), value=_JSON)
def test_any_single_change_gives_a_report_not_an_exception(
    path: tuple[str | int, ...], value: object
) -> None:
    doc = base()
    node: Any = doc
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value

    report = validate_definition(doc)

    for problem in report.problems:
        assert isinstance(problem.path, str)
        assert problem.message.endswith((".", "?"))
        assert problem.severity in ("error", "warning")
    if report.variant is None:
        assert report.errors


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=200))
def test_any_text_gives_a_report_not_an_exception(text: str) -> None:
    report = validate_text(text)

    assert report.variant is None or report.variant.id
    assert report.valid or report.problems
