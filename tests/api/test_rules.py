"""The language and engine over the API: validate, the variant schema, compare, score,
deal and replay, each on a published version."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from rest_framework.test import APIClient

from baohuang.catalog import services
from baohuang.catalog.models import RuleSet
from baohuang.engine import deck
from baohuang.engine.compiled import compile_definition
from baohuang.rules import json_schema, validate_definition
from tests.api.conftest import golden_record
from tests.fixtures import assert_error, load_variant

pytestmark = pytest.mark.django_db

COMMON = "/api/v1/variants/baike-common/"
COMPARE = COMMON + "compare/"
SCORE = COMMON + "score/"
DEAL = COMMON + "deal/"
REPLAY = COMMON + "replay/"


# --------------------------------------------------------------------------- validate


@pytest.mark.parametrize("content_type", ["application/json", None])
def test_validate_an_empty_body_is_the_documented_400(
    db: None, anon: APIClient, content_type: str | None
) -> None:
    """Issue #16, item 9: no body is no definition (DRF reads it as ``{}``: it was a 200
    listing six missing fields)."""
    kwargs = {"content_type": content_type} if content_type else {}
    response = anon.generic("POST", "/api/v1/validate/", b"", **kwargs)

    body = assert_error(response, 400, "invalid")
    assert body["errors"][0]["code"] == "empty_body"
    assert "empty" in body["detail"]


def test_validate_a_valid_definition(db: None, anon: APIClient) -> None:
    response = anon.post("/api/v1/validate/", load_variant("baike-weihai"))

    assert response.status_code == 200
    body = response.json()
    assert body["valid"] is True
    assert body["errors"] == []
    assert body["summary"]["id"] == "baike-weihai"
    assert body["summary"]["deck_size"] > 0


def test_validate_an_invalid_definition_is_200_with_every_problem(
    db: None, anon: APIClient, definition: dict[str, Any]
) -> None:
    definition["deck"]["decks"] = 0
    definition["colour"] = "red"
    expected = validate_definition(definition)

    response = anon.post("/api/v1/validate/", definition)

    assert response.status_code == 200
    body = response.json()
    assert body["valid"] is False
    # Each problem as Problem.as_dict(): path, message, code and params.
    assert body["errors"] == [p.as_dict() for p in expected.errors]
    assert {"deck.decks", "colour"} <= {e["path"] for e in body["errors"]}
    assert body["summary"] == {}


def test_validate_reports_a_misspelt_key_and_bad_hand_sizes_together(
    db: None, anon: APIClient, definition: dict[str, Any]
) -> None:
    definition["declarations"]["rebelion"] = {"threshold": 2}
    definition["deal"]["hand_sizes"] = [44, 43, 43, 43, 40]

    body = anon.post("/api/v1/validate/", definition).json()

    assert body["valid"] is False
    assert [e["path"] for e in body["errors"]] == ["declarations.rebelion", "deal.hand_sizes"]
    assert body["errors"][0]["message"] == ("Unknown field 'rebelion'. Did you mean 'rebellion'?")
    assert body["errors"][1]["message"].startswith("The hands add up to 213 cards")


def test_validate_accepts_the_bare_and_the_wrapped_definition(
    db: None, anon: APIClient, definition: dict[str, Any]
) -> None:
    definition["deal"]["hand_sizes"] = [44, 43, 43, 43, 40]

    bare = anon.post("/api/v1/validate/", definition)
    wrapped = anon.post("/api/v1/validate/", {"definition": definition})

    assert bare.status_code == wrapped.status_code == 200
    assert wrapped.json() == bare.json()
    assert [e["path"] for e in wrapped.json()["errors"]] == ["deal.hand_sizes"]
    valid = anon.post("/api/v1/validate/", {"definition": load_variant("baike-weihai")}).json()
    assert valid["valid"] is True
    assert valid["summary"]["id"] == "baike-weihai"


@pytest.mark.parametrize(
    ("body", "path", "says"),
    [
        ({"definition": "id: x"}, "definition", "Must be a JSON object"),
        ({"definition": {}, "revision": 3}, "", "this body also has revision"),
    ],
)
def test_validate_refuses_a_wrapped_body_it_cannot_read_and_says_what_to_send(
    db: None, anon: APIClient, body: dict[str, Any], path: str, says: str
) -> None:
    response = anon.post("/api/v1/validate/", body)

    assert_error(response, 400)
    errors = response.json()["errors"]
    assert errors[0]["path"] == path
    assert says in errors[0]["message"]


def test_validate_reports_warnings(db: None, anon: APIClient) -> None:
    for slug in ("baike-common", "baike-weihai", "tcy-bie3", "jj-standard", "hd"):
        report = validate_definition(load_variant(slug))
        body = anon.post("/api/v1/validate/", load_variant(slug)).json()
        assert body["warnings"] == [{"path": p.path, "message": p.message} for p in report.warnings]


def test_validate_an_empty_object_is_200_and_invalid(db: None, anon: APIClient) -> None:
    body = anon.post("/api/v1/validate/", {}).json()

    assert body["valid"] is False
    assert body["errors"]


@pytest.mark.parametrize("payload", [[1, 2], "text", 5, None])
def test_validate_a_body_that_is_not_an_object_is_400(
    db: None, anon: APIClient, payload: Any
) -> None:
    import json

    response = anon.generic(
        "POST", "/api/v1/validate/", json.dumps(payload), content_type="application/json"
    )

    assert_error(response, 400)


def test_variant_schema_is_the_language_schema(db: None, anon: APIClient) -> None:
    response = anon.get("/api/v1/schema/variant/")

    assert response.status_code == 200
    assert response.json() == json_schema()


# --------------------------------------------------------------------------- compare


def test_a_plain_set_never_beats_a_joker_set(common: RuleSet, anon: APIClient) -> None:
    response = anon.post(COMPARE, {"previous": "SJ 8 8 8", "candidate": "9 9 9 9"})

    assert response.status_code == 200
    body = response.json()
    assert body["legal"] is True
    assert body["beats"] is False
    assert "joker" in body["reason"]
    assert body["version"] == 1


def test_a_higher_set_beats(common: RuleSet, anon: APIClient) -> None:
    body = anon.post(COMPARE, {"previous": "7 7 7 7", "candidate": "8 8 8 8"}).json()

    assert body == {
        "legal": True,
        "beats": True,
        "reason": body["reason"],
        "reason_code": "beats_because",
        "reason_params": {
            "candidate": "8 8 8 8",
            "previous": "7 7 7 7",
            "why": {"code": "every_card_higher", "params": {}},
        },
        "previous": "7 7 7 7",
        "candidate": "8 8 8 8",
        "version": 1,
    }


def test_compare_writes_plays_in_output_notation(common: RuleSet, anon: APIClient) -> None:
    body = anon.post(COMPARE, {"previous": "6 sj 6 6 6", "candidate": "T t 10 10h"}).json()

    assert body["previous"] == "SJ 6 6 6 6"
    assert body["candidate"] == "10 10 10 10"


def test_an_illegal_candidate_is_not_legal_and_does_not_beat(
    common: RuleSet, anon: APIClient
) -> None:
    body = anon.post(COMPARE, {"previous": "3 3", "candidate": "9 8"}).json()

    assert body["legal"] is False
    assert body["beats"] is False
    assert body["reason"]


def test_a_candidate_without_previous_leads(common: RuleSet, anon: APIClient) -> None:
    legal = anon.post(COMPARE, {"candidate": "BJ 5 5"}).json()
    illegal = anon.post(COMPARE, {"previous": None, "candidate": "5 6"}).json()

    assert (legal["legal"], legal["beats"], legal["previous"]) == (True, True, None)
    assert (illegal["legal"], illegal["beats"]) == (False, False)


@pytest.mark.parametrize(
    ("payload", "path", "token"),
    [
        ({"previous": "SJ 8 8 8", "candidate": "9 9 X 9"}, "candidate", "'X'"),
        ({"previous": "8 8 11", "candidate": "9 9 9"}, "previous", "'11'"),
        ({"previous": "8 8", "candidate": ""}, "candidate", "empty"),
        ({"previous": "8 8", "candidate": "   "}, "candidate", "empty"),
    ],
)
def test_bad_notation_is_400_naming_the_token_and_its_path(
    common: RuleSet, anon: APIClient, payload: dict[str, str], path: str, token: str
) -> None:
    body = assert_error(anon.post(COMPARE, payload), 400, "bad_notation")

    assert body["errors"][0]["path"] == path
    assert token in body["errors"][0]["message"]
    assert token in body["detail"]


def test_an_illegal_previous_play_is_400(common: RuleSet, anon: APIClient) -> None:
    body = assert_error(anon.post(COMPARE, {"previous": "9 8", "candidate": "10 9"}), 400)

    assert body["errors"][0]["path"] == "previous"


def _publish(slug: str) -> str:
    """Publish a bundled variant as version 1; its compare URL."""
    rule_set = services.create_rule_set(slug, "zh", "en", load_variant(slug), None)
    services.publish(rule_set, None)
    return f"/api/v1/variants/{slug}/compare/"


NO_THREES = "This variant's deck has no threes (all threes, fours and fives are removed)"


#: The removed ranks of Weihai's deck, as a reason param.
NAMES_345 = {"code": "names", "params": {"items": ["3", "4", "5"]}}


def test_a_candidate_the_deck_cannot_hold_is_not_legal(db: None, anon: APIClient) -> None:
    weihai = _publish("baike-weihai")

    lead = anon.post(weihai, {"candidate": "3 3 3"})
    after = anon.post(weihai, {"previous": "7 7 7", "candidate": "3 3 3"})

    assert lead.status_code == after.status_code == 200
    assert lead.json() == {
        "legal": False,
        "beats": False,
        "reason": NO_THREES,
        "reason_code": "rank_removed",
        "reason_params": {"rank": "3", "removed": NAMES_345},
        "previous": None,
        "candidate": "3 3 3",
        "version": 1,
    }
    assert (after.json()["legal"], after.json()["beats"]) == (False, False)
    assert after.json()["reason"] == NO_THREES


def test_more_copies_than_the_deck_holds_are_not_legal(db: None, anon: APIClient) -> None:
    weihai, hd = _publish("baike-weihai"), _publish("hd")

    thirteen = anon.post(weihai, {"candidate": "6 " * 13}).json()
    fourteen = anon.post(weihai, {"previous": "7 " * 14, "candidate": "BJ " + "6 " * 14}).json()
    two_tops = anon.post(hd, {"previous": "BJ BJ", "candidate": "TOP TOP"}).json()

    assert (thirteen["legal"], thirteen["beats"]) == (True, True)
    assert (fourteen["legal"], fourteen["beats"]) == (False, False)
    assert fourteen["reason"] == (
        "The deck holds only 13 sixes (16 in 4 decks, 3 removed at random each deal); "
        "the play has 14"
    )
    assert (two_tops["legal"], two_tops["beats"]) == (False, False)
    assert two_tops["reason"] == (
        "There is only one card above the big joker (TOP) in this variant; the play has 2"
    )


def test_top_and_extra_jokers_in_the_common_deck_are_not_legal(
    common: RuleSet, anon: APIClient
) -> None:
    top = anon.post(COMPARE, {"candidate": "TOP"}).json()
    jokers = anon.post(COMPARE, {"previous": "SJ SJ SJ SJ SJ", "candidate": "BJ " * 5})

    assert (top["legal"], top["reason"]) == (
        False,
        "This variant has no card above the big joker (TOP)",
    )
    body = assert_error(jokers, 400, "not_in_deck")
    assert body["errors"] == [
        {
            "path": "previous",
            "message": "The deck holds only 4 small jokers (one per deck, 4 decks, the guard "
            "card SJ* among them); the play has 5.",
            "code": "not_in_deck",
            "params": {
                "play": "SJ SJ SJ SJ SJ",
                "reason": "The deck holds only 4 small jokers (one per deck, 4 decks, the guard "
                "card SJ* among them); the play has 5",
                "reason_code": "rank_limited",
                "reason_params": {
                    "limit": 4,
                    "rank": "SJ",
                    "detail": {
                        "code": "parts",
                        "params": {
                            "items": [
                                {"code": "deck_per_deck", "params": {"per_deck": 1, "decks": 4}},
                                {"code": "deck_guard_card", "params": {}},
                            ]
                        },
                    },
                    "count": 5,
                },
            },
        }
    ]


def test_a_previous_play_the_deck_cannot_hold_is_400_at_previous(db: None, anon: APIClient) -> None:
    weihai = _publish("baike-weihai")

    body = assert_error(anon.post(weihai, {"previous": "4 4", "candidate": "7 7"}), 400)

    assert body["error"] == "not_in_deck"
    assert body["errors"] == [
        {
            "path": "previous",
            "message": "This variant's deck has no fours (all threes, fours and fives are "
            "removed).",
            "code": "not_in_deck",
            "params": {
                "play": "4 4",
                "reason": "This variant's deck has no fours (all threes, fours and fives are "
                "removed)",
                "reason_code": "rank_removed",
                "reason_params": {"rank": "4", "removed": NAMES_345},
            },
        }
    ]
    assert body["detail"].startswith("previous: This variant's deck has no fours")


def test_a_replayed_play_the_deck_cannot_hold_is_the_first_bad_action(
    db: None, anon: APIClient
) -> None:
    _publish("baike-weihai")
    record = golden_record("baike-weihai")
    first_play = next(i for i, a in enumerate(record["actions"]) if a.startswith("play "))
    record["actions"][first_play] = "play 3 3"

    body = anon.post("/api/v1/variants/baike-weihai/replay/", record).json()

    assert body["valid"] is False
    assert body["error"] == {
        "index": first_play,
        "action": "play 3 3",
        "reason": NO_THREES + ".",
        "code": "not_in_deck",
        "params": {
            "reason": {"code": "rank_removed", "params": {"rank": "3", "removed": NAMES_345}}
        },
    }


@pytest.mark.parametrize(
    ("payload", "path"),
    [
        ({"previous": "3"}, "candidate"),
        ({"previous": 5, "candidate": "6"}, "previous"),
        ({"previous": "5", "candidate": ["6"]}, "candidate"),
        ({"candidate": "6", "version": "one"}, "version"),
        ({"candidate": "6", "version": 0}, "version"),
        ({"candidate": "6 " * 300}, "candidate"),
    ],
)
def test_compare_wrong_types_are_400_with_paths(
    common: RuleSet, anon: APIClient, payload: dict[str, Any], path: str
) -> None:
    body = assert_error(anon.post(COMPARE, payload), 400, "invalid")

    assert [e["path"] for e in body["errors"]] == [path]


def test_compare_on_an_older_version(common_v2: RuleSet, anon: APIClient) -> None:
    payload = {"previous": "3", "candidate": "4"}

    assert anon.post(COMPARE, payload).json()["version"] == 2
    assert anon.post(COMPARE, {**payload, "version": 1}).json()["version"] == 1
    assert anon.post(COMPARE + "?version=1", payload).json()["version"] == 1


def test_rules_endpoints_404_on_unknown_variant_or_version(
    common: RuleSet, anon: APIClient
) -> None:
    payload = {"previous": "3", "candidate": "4"}

    assert_error(anon.post("/api/v1/variants/nope/compare/", payload), 404, "not_found")
    assert_error(anon.post(COMPARE, {**payload, "version": 9}), 404, "not_found")
    assert_error(anon.post(COMPARE + "?version=9", payload), 404, "not_found")
    assert_error(anon.post(SCORE + "?version=9", {"emperor": 0, "finish": []}), 400)
    assert_error(anon.post(DEAL, {"seed": 1, "version": 3}), 404, "not_found")


def test_body_and_query_versions_must_agree(common_v2: RuleSet, anon: APIClient) -> None:
    body = assert_error(
        anon.post(COMPARE + "?version=1", {"candidate": "4", "version": 2}), 400, "invalid"
    )

    assert body["errors"][0]["path"] == "version"


def test_a_variant_with_nothing_published_has_no_rules(
    db: None, anon: APIClient, staff_client: APIClient
) -> None:
    staff_client.post("/api/v1/variants/", {"definition": load_variant("baike-weihai")})

    body = assert_error(
        anon.post("/api/v1/variants/baike-weihai/compare/", {"candidate": "3"}), 404
    )

    assert "no published version" in body["detail"]


# --------------------------------------------------------------------------- score


def test_score_emperor_first_guard_second(common: RuleSet, anon: APIClient) -> None:
    response = anon.post(SCORE, {"emperor": 0, "guard": 1, "finish": [0, 1, 2, 3, 4]})

    assert response.status_code == 200, response.content
    body = response.json()
    assert body["points"] == [6, 3, -3, -3, -3]
    assert body["outcome"] == "win"
    assert body["multiplier"] == 1
    assert body["money"] == [6, 3, -3, -3, -3]
    assert set(body["tribute"]) == {"rule", "shut_in", "give", "take"}


def test_score_royals_last_is_the_mirror(common: RuleSet, anon: APIClient) -> None:
    body = anon.post(SCORE, {"emperor": 3, "guard": 4, "finish": [0, 1, 2, 3, 4]}).json()

    assert body["points"] == [3, 3, 3, -6, -3]
    assert body["outcome"] == "lose"


def test_score_money_with_base_and_table_fee(common: RuleSet, anon: APIClient) -> None:
    payload = {"emperor": 0, "guard": 1, "finish": [0, 1, 2, 3, 4], "base": 100, "table_fee": 20}

    body = anon.post(SCORE, payload).json()

    assert body["money"] == [580, 280, -320, -320, -320]


def test_score_quit_costs_the_quitter_where_the_variant_says_so(db: None, anon: APIClient) -> None:
    changed = load_variant("baike-common")
    changed["scoring"]["money"] = {"quit_penalty": 40}
    rule_set = services.create_rule_set("baike-common", "普通玩法", "Common", changed, None)
    services.publish(rule_set, None)
    payload = {"emperor": 0, "guard": 1, "finish": [0, 1, 2, 3, 4], "quit": [4]}

    body = anon.post(SCORE, payload).json()

    assert body["points"] == [6, 3, -3, -3, -3]
    assert body["money"] == [6, 3, -3, -3, -43]  # deducted only (强行退出…将被扣去40分)


def test_score_quit_names_a_bad_seat(common: RuleSet, anon: APIClient) -> None:
    payload = {"emperor": 0, "guard": 1, "finish": [0, 1, 2, 3, 4], "quit": [7]}

    response = anon.post(SCORE, payload)

    assert response.status_code == 400
    assert any(e["path"].startswith("quit") for e in response.json()["errors"])


def test_score_open_solo(common: RuleSet, anon: APIClient) -> None:
    payload = {"emperor": 2, "guard": None, "solo": "open", "finish": [2, 0, 1, 3, 4]}

    body = anon.post(SCORE, payload).json()

    assert body["points"] == [-6, -6, 24, -6, -6]
    assert "open_solo" in body["events"]


def test_score_multipliers_stack_from_events(common_v2: RuleSet, anon: APIClient) -> None:
    payload = {"emperor": 0, "guard": 1, "finish": [0, 1, 2, 3, 4], "events": ["open_guard"]}

    body = anon.post(SCORE, payload).json()

    assert body["multiplier"] == 2
    assert body["points"] == [p * 2 for p in body["base_points"]]


def test_score_tribute_follows_the_variant(db: None, anon: APIClient) -> None:
    from baohuang.catalog import services

    rule_set = services.create_rule_set(
        "baike-qingdao", "青岛", "Qingdao", load_variant("baike-qingdao"), None
    )
    services.publish(rule_set, None)

    body = anon.post(
        "/api/v1/variants/baike-qingdao/score/",
        {"emperor": 0, "guard": 1, "finish": [0, 1, 2, 3, 4]},
    ).json()

    # docs/rules.md §9.1: royals 1st and 2nd: the 3 rebels give one each; emperor picks 2, guard 1.
    assert body["tribute"]["give"] == [
        {"seat": 2, "count": 1},
        {"seat": 3, "count": 1},
        {"seat": 4, "count": 1},
    ]
    assert body["tribute"]["take"] == [{"seat": 0, "count": 2}, {"seat": 1, "count": 1}]


@pytest.mark.parametrize(
    ("payload", "path"),
    [
        ({"emperor": 0, "guard": 1, "finish": [0, 1, 2, 3, 3]}, "finish"),
        ({"emperor": 0, "guard": 1, "finish": [0, 1, 2, 3]}, "finish"),
        ({"emperor": 0, "guard": 1, "finish": [0, 1, 2, 3, 4, 4]}, "finish"),
        # Six seats: too long, whatever they are (the length is checked before the elements).
        ({"emperor": 0, "guard": 1, "finish": [0, 1, 2, 3, 4, 5]}, "finish"),
        ({"emperor": 0, "guard": 1, "finish": [0, 1, 2, 3, 7]}, "finish[4]"),
        ({"emperor": 5, "guard": 1, "finish": [0, 1, 2, 3, 4]}, "emperor"),
        ({"emperor": -1, "guard": 1, "finish": [0, 1, 2, 3, 4]}, "emperor"),
        ({"emperor": 0, "guard": 9, "finish": [0, 1, 2, 3, 4]}, "guard"),
        ({"emperor": "0", "guard": 1, "finish": [0, 1, 2, 3, 4]}, "emperor"),
        ({"emperor": 0.5, "guard": 1, "finish": [0, 1, 2, 3, 4]}, "emperor"),
        ({"emperor": True, "guard": 1, "finish": [0, 1, 2, 3, 4]}, "emperor"),
        ({"emperor": 0, "guard": 1, "finish": "01234"}, "finish"),
        ({"emperor": 0, "guard": 1, "finish": [0, 1, 2, 3, 4], "solo": "loud"}, "solo"),
        ({"emperor": 0, "guard": 1, "finish": [0, 1, 2, 3, 4], "events": ["kcik"]}, "events[0]"),
        ({"emperor": 0, "guard": 1, "finish": [0, 1, 2, 3, 4], "base": -1}, "base"),
        ({"emperor": 0, "guard": 1, "finish": [0, 1, 2, 3, 4], "carried": [1]}, "carried"),
        ({"guard": 1, "finish": [0, 1, 2, 3, 4]}, "emperor"),
        # The engine's own checks, with their paths:
        ({"emperor": 0, "guard": 0, "finish": [0, 1, 2, 3, 4]}, "guard"),
        ({"emperor": 0, "finish": [0, 1, 2, 3, 4]}, "guard"),
        ({"emperor": 0, "guard": 1, "solo": "open", "finish": [0, 1, 2, 3, 4]}, "guard"),
    ],
)
def test_score_bad_input_is_400_at_its_path(
    common: RuleSet, anon: APIClient, payload: dict[str, Any], path: str
) -> None:
    body = assert_error(anon.post(SCORE, payload), 400, "invalid")

    assert path in [e["path"] for e in body["errors"]], body


def test_score_a_finish_that_is_not_a_permutation_says_so(common: RuleSet, anon: APIClient) -> None:
    body = assert_error(
        anon.post(SCORE, {"emperor": 0, "guard": 1, "finish": [0, 0, 1, 2, 3]}), 400
    )

    assert "exactly once" in body["errors"][0]["message"]


# --------------------------------------------------------------------------- deal


def test_deal_gives_five_hands_in_notation(common: RuleSet, anon: APIClient) -> None:
    response = anon.post(DEAL, {"seed": 7})

    assert response.status_code == 200
    body = response.json()
    cv = compile_definition(common.versions.get().definition)
    expected = deck.deal(cv.shoe, random.Random(7), cv.variant.deal.first_dealer)
    assert body["deck_size"] == cv.shoe.size == sum(len(h) for h in body["hands"])
    assert [len(h) for h in body["hands"]] == [len(h) for h in expected]
    assert [sorted(h) for h in body["hands"]] == [
        sorted(deck.card_text(c) for c in h) for h in expected
    ]
    assert sum(h.count("BJ*") for h in body["hands"]) == 1
    assert (body["seed"], body["dealer"], body["version"]) == (7, 0, 1)


def test_deal_is_reproducible_and_seeds_differ(common: RuleSet, anon: APIClient) -> None:
    first = anon.post(DEAL, {"seed": 42}).json()["hands"]

    assert anon.post(DEAL, {"seed": 42}).json()["hands"] == first
    assert anon.post(DEAL, {"seed": 43}).json()["hands"] != first


def test_deal_hands_list_high_cards_first(common: RuleSet, anon: APIClient) -> None:
    hand = anon.post(DEAL, {"seed": 3}).json()["hands"][0]
    order = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "SJ", "BJ"]
    ranks = [order.index(card.rstrip("*").rstrip("shcd") or card) for card in hand]

    assert ranks == sorted(ranks, reverse=True)


def test_deal_with_another_dealer(common: RuleSet, anon: APIClient) -> None:
    body = anon.post(DEAL, {"seed": 7, "dealer": 3}).json()

    assert body["dealer"] == 3


@pytest.mark.parametrize(
    ("payload", "path"),
    [
        ({}, "seed"),
        ({"seed": "7"}, "seed"),
        ({"seed": 2**70}, "seed"),
        ({"seed": 1, "dealer": 5}, "dealer"),
    ],
)
def test_deal_bad_input_is_400(
    common: RuleSet, anon: APIClient, payload: dict[str, Any], path: str
) -> None:
    body = assert_error(anon.post(DEAL, payload), 400, "invalid")

    assert body["errors"][0]["path"] == path


# --------------------------------------------------------------------------- replay


def test_replay_a_valid_record_gives_the_result_with_scores(
    common: RuleSet, anon: APIClient
) -> None:
    import json
    from pathlib import Path

    golden = json.loads(
        (Path(__file__).resolve().parents[1] / "engine/goldens/baike-common.json").read_text()
    )

    response = anon.post(REPLAY, golden["record"])

    assert response.status_code == 200, response.content
    body = response.json()
    assert body["valid"] is True
    assert body["finished"] is True
    assert body["error"] is None
    assert body["version"] == 1
    result = body["result"]
    assert result["points"] == golden["summary"]["points"]
    assert result["finish"] == golden["summary"]["finish"]
    assert sum(result["points"]) == 0


def test_replay_every_bundled_golden_record(db: None, anon: APIClient) -> None:
    from baohuang.catalog import services
    from baohuang.rules import bundled_variant_paths

    for path in bundled_variant_paths():
        rule_set = services.create_rule_set(path.stem, "zh", "en", load_variant(path.stem), None)
        services.publish(rule_set, None)
        record = golden_record(path.stem)
        body = anon.post(f"/api/v1/variants/{path.stem}/replay/", record).json()
        assert body["valid"] is True, (path.stem, body.get("error"))


def test_replay_stops_at_the_first_bad_action(common: RuleSet, anon: APIClient) -> None:
    record = golden_record("baike-common")
    record["actions"] = [*record["actions"][:6], "play 5 5 5 5 5 5 5 5 5", *record["actions"][6:]]

    response = anon.post(REPLAY, record)

    assert response.status_code == 200
    body = response.json()
    assert body["valid"] is False
    assert body["error"]["index"] == 6
    assert body["error"]["action"] == "play 5 5 5 5 5 5 5 5 5"
    assert body["error"]["reason"]
    assert body["result"]["finished"] is False


def test_replay_reports_an_unreadable_action(common: RuleSet, anon: APIClient) -> None:
    record = golden_record("baike-common")
    record["actions"] = ["dance"]

    body = anon.post(REPLAY, record).json()

    assert body["valid"] is False
    assert body["error"]["index"] == 0
    assert body["error"]["action"] == "dance"


def test_replay_an_incomplete_record_is_valid_but_unfinished(
    common: RuleSet, anon: APIClient
) -> None:
    record = golden_record("baike-common")
    record["actions"] = record["actions"][:10]

    body = anon.post(REPLAY, record).json()

    assert (body["valid"], body["finished"]) == (True, False)
    assert body["result"]["points"] is None


def test_replay_with_the_wrong_checksum_is_a_clear_400(common: RuleSet, anon: APIClient) -> None:
    record = golden_record("baike-common")
    record["checksum"] = "0" * 64

    body = assert_error(anon.post(REPLAY, record), 400, "checksum_mismatch")

    assert body["errors"][0]["path"] == "checksum"
    assert "version 1" in body["detail"]


def test_replay_finds_the_version_by_checksum(common_v2: RuleSet, anon: APIClient) -> None:
    record = golden_record("baike-common")  # played under version 1
    assert record["version"] is None

    body = anon.post(REPLAY, record).json()

    assert body["version"] == 1
    assert body["valid"] is True
    mismatch = assert_error(anon.post(REPLAY, {**record, "version": 2}), 400, "checksum_mismatch")
    assert "version 1" in mismatch["detail"]


def test_replay_a_record_of_another_variant_is_400(common: RuleSet, anon: APIClient) -> None:
    record = golden_record("baike-common")
    record["variant"] = "baike-weihai"

    body = assert_error(anon.post(REPLAY, record), 400, "invalid")

    assert body["errors"][0]["path"] == "variant"


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"seed": "five"}, "seed"),
        ({"actions": "pass"}, "actions"),
        ({"actions": ["pass", 3]}, "actions[1]"),
        ({"dealer": 7}, "dealer"),
        ({"checksum": None}, "checksum"),
    ],
)
def test_replay_malformed_records_are_400(
    common: RuleSet, anon: APIClient, change: dict[str, Any], path: str
) -> None:
    record = {**golden_record("baike-common"), **change}

    body = assert_error(anon.post(REPLAY, record), 400, "invalid")

    assert body["errors"][0]["path"] == path


def test_replay_unknown_version_is_404(common: RuleSet, anon: APIClient) -> None:
    record = copy.deepcopy(golden_record("baike-common"))
    record["version"] = 4

    assert_error(anon.post(REPLAY, record), 404, "not_found")
