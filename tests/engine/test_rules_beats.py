"""The beat relation, pattern by pattern (docs/rules.md §5.2, §5.5, §6.5; issue 22).

For every kind of play — single, pair, n of a kind, jokers alone, a set with attached
jokers, attached 2s, the card above the big joker, a roast — a candidate one step higher
at every position beats, and the same play again does not, nor one that is equal at a
single position (first, middle or last) and higher elsewhere: 节节高, "each new card must
be strictly higher". Each verdict is checked on :func:`beats`, :func:`beats_fast` and the
reference of ``test_beats.py`` alike, so turning a strict ``>`` into ``>=`` anywhere in
:mod:`baohuang.engine.beats` fails here. Rules are those of bundled variants.
"""

from __future__ import annotations

import pytest

from baohuang.engine.cards import BJ, TWO
from baohuang.engine.plays import CompiledPlayRules, CompiledSpecialBeat, RoastRules
from tests.engine.rigging import bundled
from tests.engine.rule_coverage import covers
from tests.engine.test_beats import verdict

COMMON = bundled("baike-common").play  # jokers attach; nothing above the big joker
BIE3 = bundled("tcy-bie3").play  # 2s attach, TOP, 3×2 and 4×2 special beats
LIANZHONG = bundled("lianzhong-classic").play  # roasting

#: (kind, rules, previous, strictly higher candidate, candidates that are not higher).
PATTERNS = [
    ("single", COMMON, "8", "9", ["8", "7"]),
    ("single 2", COMMON, "A", "2", ["A"]),
    ("pair", COMMON, "8 8", "9 9", ["8 8"]),
    ("triple", COMMON, "8 8 8", "9 9 9", ["8 8 8"]),
    ("four", COMMON, "6 6 6 6", "7 7 7 7", ["6 6 6 6"]),
    ("five", COMMON, "5 5 5 5 5", "6 6 6 6 6", ["5 5 5 5 5"]),
    ("small joker", COMMON, "SJ", "BJ", ["SJ"]),
    ("big joker", COMMON, "2", "BJ", ["2"]),
    ("two small jokers", COMMON, "SJ SJ", "BJ BJ", ["SJ SJ", "BJ SJ"]),
    ("big and small joker", BIE3, "BJ SJ", "TOP BJ", ["BJ BJ", "TOP SJ", "BJ SJ"]),
    ("joker + single", COMMON, "SJ 8", "BJ 9", ["SJ 9", "BJ 8", "SJ 8"]),
    ("joker + pair", COMMON, "SJ 8 8", "BJ 9 9", ["SJ 9 9", "BJ 8 8", "SJ 8 8"]),
    (
        "two jokers + pair",
        COMMON,
        "SJ SJ 8 8",
        "BJ BJ 9 9",
        ["BJ SJ 9 9", "SJ SJ 9 9", "BJ BJ 8 8", "SJ SJ 8 8"],
    ),
    ("two jokers + single", COMMON, "SJ SJ 8", "BJ BJ 9", ["BJ SJ 9", "SJ SJ 9"]),
    ("jokers + four", COMMON, "SJ 5 5 5 5", "BJ 6 6 6 6", ["SJ 6 6 6 6", "BJ 5 5 5 5"]),
    ("plain against joker set", COMMON, "SJ 8 8 8", "BJ 9 9 9", ["9 9 9 9", "A A A A"]),
    ("attached 2 + pair", BIE3, "2 8 8", "SJ 9 9", ["2 9 9", "SJ 8 8", "2 8 8"]),
    ("TOP single", BIE3, "BJ", "TOP", ["BJ"]),
    ("TOP", BIE3, "TOP", "2 2 2 2", ["TOP", "2 2 2"]),
    ("TOP + pair", BIE3, "BJ 8 8", "TOP 9 9", ["TOP 8 8", "BJ 9 9"]),
]


def _rows():
    for kind, rules, previous, higher, not_higher in PATTERNS:
        yield pytest.param(rules, previous, higher, True, id=f"{kind}: {previous} < {higher}")
        for cand in not_higher:
            yield pytest.param(rules, previous, cand, False, id=f"{kind}: {previous} vs {cand}")


@covers("5.2-beat")
@pytest.mark.parametrize(("rules", "previous", "candidate", "beats"), list(_rows()))
def test_strictly_higher_beats_equal_does_not(rules, previous, candidate, beats):
    result = verdict(previous, candidate, rules)
    assert result.beats is beats, result.reason
    if not beats and sorted(previous.split()) == sorted(candidate.split()):
        assert "equal cards do not beat each other" in result.reason or "big joker" in (
            result.reason
        )


@pytest.mark.parametrize("rules", [COMMON, BIE3, LIANZHONG], ids=["common", "bie3", "lianzhong"])
@pytest.mark.parametrize(
    "same",
    ["3", "2", "SJ", "BJ", "9 9", "SJ 9", "BJ SJ", "SJ SJ 8 8", "BJ 7 7 7", "K K K K K K"],
)
def test_a_play_never_beats_itself(rules, same):
    assert not verdict(same, same, rules).beats


#: Roasting with groups compared by the order only (more_jokers off), to reach every
#: strict comparison of the roast: a higher group, and a strictly higher rest.
LOOSE = CompiledPlayRules(
    roast=RoastRules(((13,), (13, 13), (14,), (14, 13), (14, 14)), more_jokers=False)
)


@covers("5.5-roast")
@pytest.mark.parametrize(
    ("rules", "previous", "candidate", "beats"),
    [
        (LIANZHONG, "SJ 8 8", "SJ SJ 9 9", True),  # more jokers, higher group, higher rest
        (LIANZHONG, "SJ 8 8", "SJ SJ 8 8", False),  # the rest equal
        (LIANZHONG, "SJ SJ", "BJ SJ", False),  # plain rule: SJ against SJ
        (LIANZHONG, "BJ", "SJ SJ SJ", True),
        (LIANZHONG, "SJ SJ SJ", "BJ BJ", False),  # fewer jokers
        (LOOSE, "SJ SJ 8", "BJ 9", True),  # a higher group, fewer jokers allowed
        (LOOSE, "SJ SJ 8", "BJ 8", False),  # the rest equal
        (LOOSE, "BJ 8", "BJ 9", False),  # the same group is not higher
        (LOOSE, "BJ SJ 8", "BJ 9", False),  # a lower group
    ],
)
def test_roasting_needs_a_strictly_higher_group_and_rest(rules, previous, candidate, beats):
    assert verdict(previous, candidate, rules).beats is beats


@pytest.mark.parametrize(
    ("rules", "previous", "candidate", "phrase"),
    [
        (COMMON, "9", "8", "the 8 against 9 is not higher"),
        (COMMON, "9 9", "8 8", "the 8 set against 9 is not higher"),
        (COMMON, "A", "K", "only 2, SJ or BJ beat A"),
        (BIE3, "BJ 8 8", "SJ 9 9", "only TOP beats BJ"),  # a joker set, not a plain one
        (COMMON, "SJ 8 8 8", "9 9 9 9", "a plain set never beats a set with a joker"),
        (LIANZHONG, "SJ 8 8", "SJ 9 9", "equal cards do not beat each other"),
        (
            CompiledPlayRules(special_beats=(CompiledSpecialBeat(TWO, 1, frozenset({BJ})),)),
            "BJ",
            "2",
            "in this variant one 2 beats a single big joker",
        ),
    ],
)
def test_the_reason_names_the_position_that_is_not_higher(rules, previous, candidate, phrase):
    # What a refused player reads (docs/rules.md §5.2): the first card that is not higher.
    assert phrase in verdict(previous, candidate, rules).reason
