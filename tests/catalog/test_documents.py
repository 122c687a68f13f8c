"""Definitions as YAML in the admin: language key order, compact rows, safe parsing."""

from __future__ import annotations

import json
from typing import Any

import yaml

from baohuang.catalog.documents import MAX_TEXT_CHARS, from_yaml, in_language_order, to_yaml
from baohuang.rules import bundled_variant_paths


def test_every_bundled_variant_round_trips_through_the_admin_yaml() -> None:
    for path in bundled_variant_paths():
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        text = to_yaml(data)
        parsed, problem = from_yaml(text)
        assert problem is None, path.name
        assert parsed == data, path.name


def test_keys_come_back_in_the_language_order_after_a_jsonb_like_shuffle(
    definition: dict[str, Any],
) -> None:
    # PostgreSQL's jsonb keeps keys sorted by length, then bytes: simulate it.
    def shuffle(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: shuffle(value[k]) for k in sorted(value, key=lambda k: (len(k), k))}
        if isinstance(value, list):
            return [shuffle(v) for v in value]
        return value

    text = to_yaml(shuffle(definition))

    top = [line.split(":")[0] for line in text.splitlines() if line and line[0].isalpha()]
    assert top == list(definition)
    assert "name: {zh: 普通玩法, en: Common (baike)}" in text
    assert "  - {emperor_rank: 1, guard_rank: 2, emperor: 6, guard: 3, rebels: -3}" in text
    assert json.dumps(in_language_order(shuffle(definition))) == json.dumps(definition)


def test_ranks_that_look_like_numbers_stay_text() -> None:
    text = to_yaml({"play": {"hold_back": [{"rank": "6"}], "attach": ["2", "SJ"]}})

    assert yaml.safe_load(text) == {"play": {"hold_back": [{"rank": "6"}], "attach": ["2", "SJ"]}}


def test_bad_yaml_names_the_line() -> None:
    data, problem = from_yaml("deal:\n  hand_sizes: [1, 2\n")

    assert data is None
    assert problem is not None
    assert "not valid YAML (line" in problem.message


def test_oversized_text_and_alias_bombs_are_refused() -> None:
    _, problem = from_yaml("a" * (MAX_TEXT_CHARS + 1))
    assert problem is not None
    assert problem.code == "too_large"

    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
    for i in range(1, 8):
        bomb += f"{chr(97 + i)}: &{chr(97 + i)} [" + ", ".join([f"*{chr(96 + i)}"] * 10) + "]\n"
    _, problem = from_yaml(bomb)
    assert problem is not None
    assert "more than" in problem.message
