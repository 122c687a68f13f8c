"""The score calculator says why (``POST /api/v1/variants/{slug}/score/``): ``explanation``
is the settlement's sentences, each ``{code, params, text}``, the text in the request's
language.

The figures are docs/rules.md's, written out here: §8.1 (emperor 1st, guard 2nd → emperor 6,
guard 3, each rebel −3; emperor 4th, guard 5th → −6, −3, +3), §8.3 (JJ doubles an open
guard that wins) and §8.6 (JJ: base 100, fee 20, points 6 → 580).
"""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from baohuang.catalog import services
from tests.fixtures import load_variant

pytestmark = pytest.mark.django_db

ZH = "zh-Hans"
EN = "en"


def _publish(slug: str) -> None:
    rule_set = services.create_rule_set(slug, slug, slug, load_variant(slug), None)
    services.publish(rule_set, None)


def _explained(anon: APIClient, slug: str, lang: str, **payload: Any) -> dict[str, Any]:
    response = anon.post(
        f"/api/v1/variants/{slug}/score/", payload, format="json", HTTP_ACCEPT_LANGUAGE=lang
    )
    assert response.status_code == 200, response.content
    body: dict[str, Any] = response.json()
    return body


def _texts(body: dict[str, Any]) -> list[str]:
    return [item["text"] for item in body["explanation"]]


# --------------------------------------------------------------------------- baike-common


@pytest.mark.parametrize(
    ("lang", "row", "doubling", "rebels"),
    [
        (
            EN,
            "Emperor 1st out, guard 2nd out — scoring table, row 1: emperor 6, guard 3, "
            "each rebel -3.",
            "Nothing doubles the points: all points × 1.",
            "Each rebel (seat 2, seat 3 and seat 4): -3 × 1 = -3.",
        ),
        (
            ZH,
            "皇帝头客、侍卫二客——积分表第 1 行：皇帝 6，侍卫 3，每个平民 -3。",
            "没有翻倍：全部分数×1。",
            "每个平民（座位 2、座位 3、座位 4）：-3 × 1 = -3。",
        ),
    ],
)
def test_common_emperor_first_guard_second_says_the_row_and_the_multiplier(
    db: None, anon: APIClient, lang: str, row: str, doubling: str, rebels: str
) -> None:
    _publish("baike-common")

    body = _explained(anon, "baike-common", lang, emperor=0, guard=1, finish=[0, 1, 2, 3, 4])

    assert _texts(body)[:2] == [row, doubling]
    assert rebels in _texts(body)
    assert body["points"] == [6, 3, -3, -3, -3]  # unchanged beside it


@pytest.mark.parametrize(
    ("lang", "row", "emperor"),
    [
        (
            EN,
            "Emperor 4th out, guard 5th out — scoring table, row 16: emperor -6, guard -3, "
            "each rebel 3.",
            "The emperor (seat 3): -6 × 1 = -6.",
        ),
        (
            ZH,
            "皇帝二落、侍卫大落——积分表第 16 行：皇帝 -6，侍卫 -3，每个平民 3。",
            "皇帝（座位 3）：-6 × 1 = -6。",
        ),
    ],
)
def test_common_royals_last_says_their_row(
    db: None, anon: APIClient, lang: str, row: str, emperor: str
) -> None:
    _publish("baike-common")

    body = _explained(anon, "baike-common", lang, emperor=3, guard=4, finish=[0, 1, 2, 3, 4])

    assert body["explanation"][0]["code"] == "score_row"
    assert body["explanation"][0]["params"]["figures"]["params"] == {"e": -6, "g": -3, "r": 3}
    assert _texts(body)[0] == row
    assert emperor in _texts(body)


# --------------------------------------------------------------------------- jj-standard


@pytest.mark.parametrize(
    ("lang", "row", "doubling", "guard", "rate", "money"),
    [
        (
            EN,
            "Emperor 1st out, guard 2nd out — scoring table, row 1: emperor 6, guard 3, "
            "each rebel -3.",
            "Doublings: open guard: points × 2; all points × 2.",
            "The guard (seat 1): 3 × 2 = 6.",
            "Money = points × 100 − a table fee of 20 per player and game.",
            "Money per seat: 1180, 580, -620, -620, -620.",
        ),
        (
            ZH,
            "皇帝头客、侍卫二客——积分表第 1 行：皇帝 6，侍卫 3，每个平民 -3。",
            "翻倍：明保：分数×2；全部分数×2。",
            "侍卫（座位 1）：3 × 2 = 6。",
            "结算 = 分数 × 100 − 每人每局台费20。",
            "各座位结算：1180，580，-620，-620，-620。",
        ),
    ],
)
def test_jj_open_guard_says_the_doubling_and_the_money(
    db: None, anon: APIClient, lang: str, row: str, doubling: str, guard: str, rate: str, money: str
) -> None:
    _publish("jj-standard")
    payload = {"emperor": 0, "guard": 1, "finish": [0, 1, 2, 3, 4], "events": ["open_guard"]}

    body = _explained(anon, "jj-standard", lang, **payload)

    texts = _texts(body)
    assert texts[:2] == [row, doubling]
    assert guard in texts
    assert texts[-2:] == [rate, money]
    doublings = body["explanation"][1]
    assert (doublings["code"], doublings["params"]["multiplier"]) == ("score_doublings", 2)
    assert body["money"] == [1180, 580, -620, -620, -620]


def test_jj_without_a_doubling_says_the_rulebook_example(db: None, anon: APIClient) -> None:
    # §8.6: base 100, fee 20, points 6 → 580 (a hidden guard: nothing doubles).
    _publish("jj-standard")

    body = _explained(anon, "jj-standard", EN, emperor=0, guard=1, finish=[0, 1, 2, 3, 4])

    texts = _texts(body)
    assert texts[1] == "Nothing doubles the points: all points × 1."
    assert texts[-1] == "Money per seat: 580, 280, -320, -320, -320."


def test_the_request_base_and_fee_are_the_ones_explained(db: None, anon: APIClient) -> None:
    _publish("baike-common")
    payload = {"emperor": 0, "guard": 1, "finish": [0, 1, 2, 3, 4], "base": 100, "table_fee": 20}

    body = _explained(anon, "baike-common", EN, **payload)

    assert _texts(body)[-2:] == [
        "Money = points × 100 − a table fee of 20 per player and game.",
        "Money per seat: 580, 280, -320, -320, -320.",
    ]
