"""Play / settlement / descriptive kinds of the language's fields (issue 15)."""

from __future__ import annotations

import copy

import pytest

from baohuang.rules import Variant, load_bundled
from baohuang.rules.field_kinds import (
    FIELD_KINDS,
    KINDS,
    differing_paths,
    generic_path,
    kind_of,
    leaf_paths,
    play_fields_differ,
    settlement_fields_differ,
)


def test_every_leaf_field_of_the_language_is_classified() -> None:
    leaves = leaf_paths()
    unclassified = sorted(set(leaves) - set(FIELD_KINDS))
    assert not unclassified, (
        f"give these fields a kind (FieldMeta in baohuang/rules/model.py): {unclassified}"
    )
    stale = sorted(set(FIELD_KINDS) - set(leaves))
    assert not stale, f"no longer fields of the language: {stale}"
    assert set(FIELD_KINDS.values()) <= set(KINDS)


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        ("scoring.two_person.rows[3].guard", "settlement"),
        ("scoring.multipliers", "settlement"),
        ("tribute.rules", "settlement"),
        ("deck.remove[0].rank", "play"),
        ("bidding.flow", "play"),
        ("play.roast", "play"),
        ("play.hold_back", "play"),  # a section holding play and settlement fields
        ("notes", "descriptive"),
        ("name", "descriptive"),
        ("no.such.field", "play"),  # unknown: play, the safe side
    ],
)
def test_kinds_of_fields_and_sections(path: str, kind: str) -> None:
    assert kind_of(path) == kind


def test_generic_paths_drop_indices() -> None:
    assert generic_path("a.b[12].c[0]") == "a.b[].c[]"


def _weihai_doubled() -> tuple[Variant, Variant]:
    a = load_bundled("baike-weihai")
    data = copy.deepcopy(a.model_dump(mode="json"))
    for m in data["scoring"]["multipliers"]:
        if m["event"] == "rebellion":
            m["factor"] *= 2
    data["scoring"]["two_person"]["rows"][0]["emperor"] += 2
    data["scoring"]["two_person"]["rows"][0]["rebels"] -= 1
    data["notes"] = [*data["notes"], "doubled"]
    return a, Variant.model_validate(data)


def test_a_scoring_only_change_leaves_play_unchanged() -> None:
    a, b = _weihai_doubled()
    assert play_fields_differ(a, b) == []
    assert "scoring.multipliers[0].factor" in settlement_fields_differ(a, b)
    assert "notes" in differing_paths(a, b)


def test_other_variants_differ_in_play() -> None:
    common, weihai = load_bundled("baike-common"), load_bundled("baike-weihai")
    found = play_fields_differ(common, weihai)
    assert "deck.remove" in found
    assert "end.when" in found
    assert play_fields_differ(common, common) == []
