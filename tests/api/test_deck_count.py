"""``POST /api/v1/deck/``: a deck section counted as the language's checks count it (the web
editor's live card count, docs/rules.md §2.1)."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from baohuang.rules import deck_size, load_bundled
from tests.fixtures import assert_error, load_variant

pytestmark = pytest.mark.django_db

URL = "/api/v1/deck/"


def _count(client: APIClient, deck: dict[str, Any]) -> dict[str, Any]:
    response = client.post(URL, deck, format="json")
    assert response.status_code == 200, response.content
    return dict(response.json())


def _left(body: dict[str, Any]) -> dict[str, tuple[int, int]]:
    return {r["rank"]: (r["left"], r["full"]) for r in body["ranks"]}


@pytest.mark.parametrize(
    ("deck", "size"),
    [
        ({"decks": 4}, 216),
        ({}, 216),  # four decks by default
        # docs/rules.md §2.1: Weihai takes out the 3s, 4s, 5s and three 6s at random: 165.
        (
            {
                "decks": 4,
                "remove": [{"rank": 3}, {"rank": 4}, {"rank": 5}, {"rank": 6, "count": 3}],
            },
            165,
        ),
        ({"decks": 4, "remove": [{"rank": "3"}, {"rank": "4"}, {"rank": "5"}]}, 168),
        ({"decks": 4, "remove": [{"rank": "3", "count": 11}]}, 205),  # 憋三
        ({"decks": 4, "remove": [{"rank": "7", "suits": ["s", "s", "h"]}]}, 213),
        ({"decks": 3, "remove": [{"rank": "SJ", "count": 2}]}, 160),
    ],
)
def test_the_cards_in_play(anon: APIClient, deck: dict[str, Any], size: int) -> None:
    body = _count(anon, deck)

    assert body["size"] == size
    assert sum(left for left, _ in _left(body).values()) == size


def test_every_rank_low_to_high_with_its_full_count(anon: APIClient) -> None:
    body = _count(anon, {"decks": 4, "remove": [{"rank": "6", "count": 3}, {"rank": "3"}]})

    assert [r["rank"] for r in body["ranks"]] == [
        *["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"],
        "SJ",
        "BJ",
    ]
    left = _left(body)
    assert left["3"] == (0, 16)
    assert left["6"] == (13, 16)
    assert left["7"] == (16, 16)
    assert left["BJ"] == (4, 4)


@pytest.mark.parametrize("slug", ["baike-weihai", "baike-common", "baike-qingdao"])
def test_the_same_count_as_validation(anon: APIClient, slug: str) -> None:
    definition = load_variant(slug)

    body = _count(anon, definition["deck"])

    assert body["size"] == deck_size(load_bundled(slug))
    assert body["size"] == sum(definition["deal"]["hand_sizes"])


def test_a_bad_section_is_a_400_at_its_path(anon: APIClient) -> None:
    response = anon.post(URL, {"decks": 4, "remove": [{"rank": "X"}], "extra": 1}, format="json")

    body = assert_error(response, 400, "invalid")
    paths = {e["path"] for e in body["errors"]}
    assert "deck.remove[0].rank" in paths
    assert "deck.extra" in paths


@pytest.mark.parametrize(("data", "code"), [(b"", "empty_body"), (b"[1, 2]", "not_an_object")])
def test_a_body_that_is_not_a_section(anon: APIClient, data: bytes, code: str) -> None:
    response = anon.generic("POST", URL, data, content_type="application/json")

    body = assert_error(response, 400, "invalid")
    assert body["errors"][0]["code"] == code
    assert body["errors"][0]["path"] == "deck"


def test_the_answer_speaks_the_request_language(anon: APIClient) -> None:
    zh = anon.post(URL, {"remove": [{"rank": "X"}]}, format="json", HTTP_ACCEPT_LANGUAGE="zh-Hans")

    assert zh.json()["detail"].startswith("牌组（deck）部分不合规则")
