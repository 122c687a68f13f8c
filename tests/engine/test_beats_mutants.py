"""Beat-relation cases that mutation testing showed untested (`make mutation`, beats.py).

Each case is checked through ``verdict`` (test_beats.py): the explained ``beats``, the
fast ``beats_fast`` and the reference written from docs/rules.md must agree, and the answer
must be the one a player expects.
"""

from __future__ import annotations

import pytest

from baohuang.engine.beats import beats, beats_fast
from baohuang.engine.cards import ACE, BJ, SJ, TEN, TOP, TWO
from baohuang.engine.plays import (
    DEFAULT_RULES,
    CompiledPlayRules,
    CompiledSpecialBeat,
    Play,
    RoastRules,
)
from tests.engine.test_beats import BIE3, ROAST, verdict

# Jokers may roast plain sets too; a roast need not carry more jokers.
PLAIN_ROAST = CompiledPlayRules(
    roast=RoastRules(((SJ,), (BJ,), (SJ, SJ), (BJ, BJ)), more_jokers=False, plain_sets=True)
)
# Roasting with a TOP card that attaches like a joker (it sits above the jokers).
TOP_ROAST = CompiledPlayRules(
    attachable=frozenset({SJ, BJ, TOP}),
    has_top=True,
    roast=RoastRules(((SJ,), (BJ,), (SJ, SJ, SJ), (BJ, BJ))),
)
# Two-joker groups, where the plain rule fails on equal jokers.
PAIR_ROAST = CompiledPlayRules(roast=RoastRules(((SJ, SJ), (BJ, SJ), (BJ, BJ))))


@pytest.mark.parametrize(
    ("previous", "candidate"),
    [
        ("9 9", "SJ 10 10"),  # the lowest group roasts a plain set
        ("9 9", "BJ 10 10"),
        ("9", "SJ SJ 10"),
    ],
)
def test_any_roasting_group_roasts_a_plain_set_where_plain_sets_may_be_roasted(
    previous: str, candidate: str
) -> None:
    result = verdict(previous, candidate, PLAIN_ROAST)
    assert result.beats, result.reason


def test_a_roast_with_the_same_group_must_beat_by_the_plain_rule() -> None:
    # SJ against SJ is not higher; the same joker group is no roast either.
    result = verdict("SJ A", "SJ 2", PLAIN_ROAST)
    assert not result.beats


def test_a_roast_with_equal_joker_count_is_refused_when_more_jokers_are_needed() -> None:
    # BJ BJ stands above BJ SJ, but carries no more jokers: the plain rule decides, BJ vs BJ.
    result = verdict("BJ SJ 9", "BJ BJ 10", PAIR_ROAST)
    assert not result.beats
    assert "the BJ against BJ is not higher" in result.reason


def test_a_top_card_counts_with_the_other_cards_when_roasting() -> None:
    # BJ BJ roasts SJ; the other cards TOP 10 10 beat 9 9 9 one by one.
    result = verdict("SJ 9 9 9", "TOP BJ BJ 10 10", TOP_ROAST)
    assert result.beats, result.reason


def test_a_top_card_does_not_count_as_a_roasting_joker() -> None:
    # Two jokers do not roast three, even with a TOP card beside them.
    result = verdict("SJ SJ SJ 9 9 9", "TOP BJ BJ 10 10", TOP_ROAST)
    assert not result.beats


def test_a_play_with_a_top_card_cannot_be_roasted_by_jokers_alone() -> None:
    # TOP SJ 9: nothing is higher than the TOP card, so no roast beats it (and none crashes).
    assert not beats_fast((TOP, SJ, 6), (BJ, BJ), TOP_ROAST)
    assert not verdict("TOP SJ 9", "BJ BJ", TOP_ROAST).beats


# --------------------------------------------------------------------------- reasons


@pytest.mark.parametrize(
    ("previous", "candidate", "has_top", "reason"),
    [
        # a single card, three ranks above it: they are named
        ("A", "K", False, "the K against A is not higher (only 2, SJ or BJ beat A)"),
        # four ranks above: the general rule instead of a list
        (
            "K",
            "Q",
            False,
            "the Q against K is not higher "
            "(each card must be higher than the card it is set against, highest first)",
        ),
        # one rank above
        ("SJ SJ", "BJ 2", False, "the 2 against SJ is not higher (only BJ beats SJ)"),
        # a joker against a joker is not "a plain set against a joker"
        ("BJ 5", "SJ 6", True, "the SJ against BJ is not higher (only TOP beats BJ)"),
        # two attached jokers are not "the set"
        (
            "SJ SJ 4",
            "SJ SJ 5",
            False,
            "the SJ against SJ is not higher (equal cards do not beat each other)",
        ),
        # a pair is a set
        (
            "10 10",
            "9 9",
            False,
            "the 9 set against 10 is not higher "
            "(each card must be higher than the card it is set against, highest first)",
        ),
    ],
)
def test_the_reason_names_the_first_card_that_is_not_higher(
    previous: str, candidate: str, has_top: bool, reason: str
) -> None:
    result = verdict(previous, candidate, CompiledPlayRules(has_top=has_top))
    assert not result.beats
    assert result.reason == f"{candidate} does not beat {previous}: {reason}"


# Two special beats on the big joker, with and without a TOP card above it.
TWO_ANSWERS = (
    CompiledSpecialBeat(TWO, 3, frozenset({BJ})),
    CompiledSpecialBeat(ACE, 4, frozenset({BJ})),
)


@pytest.mark.parametrize(
    ("previous", "candidate", "rules", "reason"),
    [
        # the special beats are named only against a single card
        ("BJ 5 5", "SJ 6 6", BIE3, "the SJ against BJ is not higher (only TOP beats BJ)"),
        (
            "BJ",
            "SJ",
            BIE3,
            "the SJ against BJ is not higher "
            "(only TOP beats BJ; in this variant 2 2 2 also beats a single BJ)",
        ),
        (
            "BJ",
            "SJ",
            CompiledPlayRules(has_top=True, special_beats=TWO_ANSWERS),
            "the SJ against BJ is not higher "
            "(only TOP beats BJ; in this variant 2 2 2 or A A A A also beats a single BJ)",
        ),
        (
            "BJ",
            "2 2",
            CompiledPlayRules(special_beats=TWO_ANSWERS),
            "only 2 2 2 or A A A A beats a single big joker in this variant",
        ),
        # roasting a plain set that the other cards do not beat
        (
            "9 9",
            "SJ 8 8",
            PLAIN_ROAST,
            "SJ roasts a play without jokers, but besides the jokers the 8 against 9 is not higher",
        ),
        # an empty roasting order roasts nothing: the plain reason
        (
            "SJ 9",
            "BJ BJ 10",
            CompiledPlayRules(roast=RoastRules(())),
            "different number of cards: 3 against 2",
        ),
    ],
)
def test_special_beats_and_roasts_in_the_reason(
    previous: str, candidate: str, rules: CompiledPlayRules, reason: str
) -> None:
    result = verdict(previous, candidate, rules)
    assert not result.beats
    assert result.reason == f"{candidate} does not beat {previous}: {reason}"


def test_a_successful_roast_names_both_joker_groups() -> None:
    result = verdict("BJ 9", "SJ SJ 10", ROAST)
    assert result.beats
    assert result.reason == "SJ SJ 10 beats BJ 9 by roasting: SJ SJ is above BJ and 10 beats 9"


def test_nothing_beats_an_empty_previous_play() -> None:
    result = beats(Play(()), Play.of([5]), DEFAULT_RULES)
    assert not result.beats
    assert result.reason.endswith(": there is no previous play to beat")


ANSWERS_BY_COUNT = CompiledPlayRules(
    special_beats=(
        CompiledSpecialBeat(ACE, 1, frozenset({BJ})),
        CompiledSpecialBeat(TWO, 2, frozenset({BJ})),
        CompiledSpecialBeat(TEN, 3, frozenset({BJ})),
    )
)


@pytest.mark.parametrize(
    ("candidate", "how"),
    [("A", "one A beats"), ("2 2", "two 2s beat"), ("10 10 10", "three 10s beat")],
)
def test_a_special_beat_says_how_many_cards_beat(candidate: str, how: str) -> None:
    result = verdict("BJ", candidate, ANSWERS_BY_COUNT)
    assert result.beats
    assert result.reason == f"{candidate} beats BJ: in this variant {how} a single big joker"


def test_the_special_answers_to_a_big_joker_are_named_only_against_a_single_one() -> None:
    result = verdict("BJ 5 5", "SJ 6 6", CompiledPlayRules(special_beats=TWO_ANSWERS))
    # The reason stays true: the special answers beat a single big joker, not BJ 5 5.
    assert result.reason == (
        "SJ 6 6 does not beat BJ 5 5: nothing beats a big joker among several cards in this "
        "variant (2 2 2 or A A A A beats only a single big joker)"
    )


def test_a_pair_of_big_jokers_is_not_beaten_by_what_beats_a_single_one() -> None:
    # Issue #32: '2 2' after 'BJ BJ' where a single 2 beats a big joker said "nothing beats
    # a big joker in this variant", which the single 2 contradicts.
    rules = CompiledPlayRules(special_beats=(CompiledSpecialBeat(TWO, 1, frozenset({BJ})),))
    assert verdict("BJ", "2", rules).beats
    result = verdict("BJ BJ", "2 2", rules)
    assert not result.beats
    assert "2 beats only a single big joker" in result.reason
    assert "nothing beats a big joker in this variant" not in result.reason


def test_an_equal_joker_group_is_explained_by_the_plain_rule_not_as_a_roast() -> None:
    result = verdict("SJ 9", "SJ 8", ROAST)
    assert result.reason == (
        "SJ 8 does not beat SJ 9: the SJ against SJ is not higher "
        "(equal cards do not beat each other)"
    )


def test_the_middle_card_of_three_must_be_higher_too() -> None:
    # BJ > SJ and 6 > 5, but the 6 against SJ is not higher.
    result = verdict("SJ SJ 5", "BJ 6 6")
    assert not result.beats
    assert "the 6 set against SJ is not higher" in result.reason
