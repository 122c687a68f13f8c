"""Every field and every enum value of the variant language has a name in both languages."""

from __future__ import annotations

import re
import types
from collections.abc import Iterator
from typing import Annotated, Any, Literal, Union, get_args, get_origin

import pytest
from pydantic import BaseModel

from baohuang.i18n import speaking
from baohuang.rulebook import labels
from baohuang.rules.model import Variant

#: Latin letters a Chinese text may contain: card faces.
_CARD_FACES = re.compile(r"(?<![A-Za-z])[JQKA](?![A-Za-z])")


def _literals(annotation: Any) -> list[Any]:
    origin = get_origin(annotation)
    if origin is Literal:
        return list(get_args(annotation))
    if origin in (Annotated,):
        return _literals(get_args(annotation)[0])
    if origin in (Union, types.UnionType, list):
        return [v for arg in get_args(annotation) for v in _literals(arg)]
    return []


def _models(annotation: Any) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in get_args(annotation) for m in _models(arg)]


def _walk(model: type[BaseModel], prefix: str = "") -> Iterator[tuple[str, list[Any]]]:
    for name, info in model.model_fields.items():
        path = f"{prefix}{name}"
        yield path, _literals(info.annotation)
        for sub in _models(info.annotation):
            yield from _walk(sub, f"{path}.")


FIELDS = sorted({path for path, _ in _walk(Variant)})
ENUMS = sorted({(path, value) for path, values in _walk(Variant) for value in values}, key=str)


def _latin_free(text: str) -> bool:
    return not re.search(r"[A-Za-z]", _CARD_FACES.sub("", text))


def test_the_walk_sees_the_whole_language() -> None:
    assert "bidding.flow.tip" in FIELDS
    assert ("scoring.multipliers.event", "kick_succeeded") in ENUMS
    assert len(FIELDS) > 120


@pytest.mark.parametrize("path", FIELDS)
def test_every_field_has_a_name_in_both_languages(path: str) -> None:
    assert labels.normalize_path(path) in labels.FIELD_LABELS, path
    with speaking("en"):
        en = labels.field_label(path)
    with speaking("zh"):
        zh = labels.field_label(path)
    assert en
    assert zh
    assert zh != en
    assert _latin_free(zh), zh
    assert "_" not in en


@pytest.mark.parametrize(("path", "value"), ENUMS)
def test_every_enum_value_has_words_in_both_languages(path: str, value: Any) -> None:
    with speaking("en"):
        en = labels.value_text(path, value)
    with speaking("zh"):
        zh = labels.value_text(path, value)
    assert _latin_free(zh), (path, value, zh)
    if isinstance(value, str) and not re.fullmatch(r"\d+|[JQKA]", value):
        # English words may be the value itself ("redeal", "win"), never an identifier.
        assert zh != value, (path, value)
        assert zh != en
        assert "_" not in en


def test_paths_are_read_as_the_diff_writes_them() -> None:
    with speaking("zh"):
        assert labels.field_label("scoring.two_person.rows[3].guard") == "侍卫得分"
        assert labels.field_label("play.hold_back[0].rank") == "憋的点数"
        assert labels.field_label("bidding.flow[1].tip") == "贴牌"
        assert labels.field_label("bidding.flow[].offer_throne.tip") == "贴牌"
        assert labels.field_label("bidding.flow[1].tip", kind="offer_throne") == "贴牌"
        assert labels.field_label("bidding.guard.called_card.choice") == "有几种牌可叫时"
        assert labels.field_label("") == "整套规则"
    with speaking("en"):
        assert labels.field_label("scoring.two_person.rows[3].guard") == "Guard's points"


def test_values_read_as_words() -> None:
    with speaking("zh"):
        assert labels.value_text("bidding.flow[1].pass_to", "upstream") == "上家"
        assert labels.value_text("play.defer", True) == "是"
        assert labels.value_text("play.attach", ["SJ", "BJ"]) == "小王、大王"
        assert labels.value_text("scoring.two_person.rows[0].emperor_rank", 1) == "头客"
        assert labels.value_text("tribute.rules[2].when.ranks", [1, 2]) == "头客、二客"
        assert labels.value_text("declarations.kick.rebels_after_open_guard", None) == "不能"
        assert labels.value_text("play.roast", None) == "不能烤牌"
        assert labels.value_text("deck.remove[3]", {"rank": "6", "count": 3}) == (
            "去掉的点数：6；去掉几张：3"
        )
        assert labels.value_text("scoring.multipliers[0].event", "kick_succeeded") == "踢成功"
    with speaking("en"):
        assert labels.value_text("play.attach", ["SJ", "BJ"]) == "small joker, big joker"
        assert labels.value_text("play.defer", False) == "no"
        assert labels.value_text("play.roast.joker_order[0]", "SJ SJ") == (
            "small joker small joker"
        )
