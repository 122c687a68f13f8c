"""Plays and their legality (docs/rules.md §5.1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from baohuang.engine.cards import BJ, NUM_RANKS, SJ, TOP, TWO
from baohuang.engine.notation import parse_play
from baohuang.engine.plays import (
    DEFAULT_RULES,
    CompiledPlayRules,
    CompiledSpecialBeat,
    Play,
    RoastRules,
    is_legal_fast,
    is_legal_play,
    rank_counts,
    whole_hand,
)

GUA2 = CompiledPlayRules(attachable=frozenset({SJ, BJ, TWO}))
WITH_TOP = CompiledPlayRules(has_top=True)


def test_play_sorts_high_to_low_and_is_hashable() -> None:
    play = Play.of([5, BJ, 5, SJ, 5])
    assert play.ranks == (BJ, SJ, 5, 5, 5)
    assert play == Play((5, 5, 5, SJ, BJ))
    assert hash(play) == hash(Play.of([BJ, SJ, 5, 5, 5]))
    assert len({play, Play((5, 5, 5, SJ, BJ))}) == 1
    assert play.size == 5
    assert len(play) == 5


def test_play_is_immutable() -> None:
    play = Play.of([5])
    with pytest.raises(AttributeError):
        play.ranks = (6,)  # type: ignore[misc]


def test_play_rejects_bad_ranks() -> None:
    with pytest.raises(ValueError, match="got 21"):
        Play.of([21])
    with pytest.raises(ValueError, match="got -1"):
        Play.of([-1])


@pytest.mark.parametrize(
    ("text", "base"),
    [
        ("SJ 8 8 8", 5),
        ("BJ SJ", None),
        ("SJ", None),
        ("2 2 2", TWO),
        ("2 8 8 8", 5),
        ("TOP 9 9", 6),
        ("TOP", TOP),
        ("A", 11),
    ],
)
def test_base_rank(text: str, base: int | None) -> None:
    assert parse_play(text).base_rank == base


def test_counts_and_parts() -> None:
    play = parse_play("BJ SJ SJ 9 9")
    counts = play.counts
    assert len(counts) == NUM_RANKS
    assert counts[BJ] == 1
    assert counts[SJ] == 2
    assert counts[6] == 2
    assert sum(counts) == 5
    assert play.count(SJ) == 2
    assert play.joker_group == (BJ, SJ, SJ)
    assert play.non_jokers == (6, 6)
    assert rank_counts([3, 3, BJ]) == [0, 0, 0, 2] + [0] * 10 + [1] + [0] * 6


@pytest.mark.parametrize(
    "text",
    [
        "6",
        "7 7",
        "8 8 8",
        "9 9 9 9",
        "SJ 8 8 8",
        "BJ SJ 9 9 9 9",
        "SJ",
        "BJ BJ SJ SJ",
        "2 2 2",
        "Q Q Q Q Q Q Q Q Q Q Q Q Q Q Q Q",
    ],
)
def test_legal_plays(text: str) -> None:
    play = parse_play(text)
    assert is_legal_play(play, DEFAULT_RULES) is None
    assert is_legal_fast(play.ranks, DEFAULT_RULES)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("8 9", "cards of different ranks (9 and 8) cannot be played together"),
        ("SJ 8 9 9", "only BJ and SJ can be attached"),
        ("3 4 5", "no straights"),
        ("2 8 8 8", "2s cannot be attached in this variant"),
        ("TOP", "no card above the big joker"),
        ("TOP 8 8", "no card above the big joker"),
    ],
)
def test_illegal_plays_say_why(text: str, words: str) -> None:
    play = parse_play(text)
    reason = is_legal_play(play, DEFAULT_RULES)
    assert reason is not None
    assert words in reason
    assert not is_legal_fast(play.ranks, DEFAULT_RULES)


def test_empty_play_is_illegal() -> None:
    assert is_legal_play(Play(()), DEFAULT_RULES) == "a play needs at least one card"
    assert not is_legal_fast((), DEFAULT_RULES)


def test_attaching_twos_where_the_variant_allows_it() -> None:
    assert is_legal_play(parse_play("2 8 8 8"), GUA2) is None
    assert is_legal_play(parse_play("SJ 2 2 8"), GUA2) is None
    assert is_legal_play(parse_play("2 2"), GUA2) is None
    assert is_legal_play(parse_play("2 8 9"), GUA2) is not None


def test_top_only_where_the_variant_has_it() -> None:
    assert is_legal_play(parse_play("TOP"), WITH_TOP) is None
    assert is_legal_play(parse_play("TOP TOP"), WITH_TOP) is None
    reason = is_legal_play(parse_play("TOP 8 8"), WITH_TOP)
    assert reason is not None
    assert "different ranks" in reason
    with_top_attached = CompiledPlayRules(attachable=frozenset({SJ, BJ, TOP}), has_top=True)
    assert is_legal_play(parse_play("TOP BJ 8 8"), with_top_attached) is None


def test_sequences_accepted() -> None:
    assert is_legal_play([5, 5, SJ], DEFAULT_RULES) is None


def test_rules_equality_ignores_tables() -> None:
    assert CompiledPlayRules() == DEFAULT_RULES
    assert hash(CompiledPlayRules()) == hash(DEFAULT_RULES)
    assert CompiledPlayRules(attachable=frozenset({SJ, BJ, TWO})) != DEFAULT_RULES
    assert DEFAULT_RULES.tables.split
    assert DEFAULT_RULES.tables.simple
    assert not CompiledPlayRules(has_top=True).tables.split


def test_rules_validation() -> None:
    with pytest.raises(ValueError, match="count must be at least 1"):
        CompiledSpecialBeat(TWO, 0, frozenset({BJ}))
    with pytest.raises(ValueError, match="must beat at least one rank"):
        CompiledSpecialBeat(TWO, 3, frozenset())
    with pytest.raises(ValueError, match="jokers only"):
        RoastRules(((SJ,), (5,)))
    with pytest.raises(ValueError, match="appears twice"):
        RoastRules(((SJ,), (SJ,)))
    with pytest.raises(ValueError, match="attachable ranks must be"):
        CompiledPlayRules(attachable=frozenset({21}))
    assert RoastRules(((SJ, BJ),)).joker_order == ((BJ, SJ),)


@given(
    st.lists(st.integers(0, TOP), max_size=12),
    st.frozensets(st.sampled_from([TWO, SJ, BJ, TOP, 3])),
    st.booleans(),
)
def test_fast_and_explained_legality_agree(
    ranks: list[int], attach: frozenset[int], has_top: bool
) -> None:
    rules = CompiledPlayRules(attachable=attach, has_top=has_top)
    play = Play.of(ranks)
    assert is_legal_fast(play.ranks, rules) == (is_legal_play(play, rules) is None)


@given(st.lists(st.integers(min_value=0, max_value=32), min_size=NUM_RANKS, max_size=NUM_RANKS))
def test_the_whole_hand_is_every_card_held_high_to_low(row: list[int]) -> None:
    whole = whole_hand(row)
    assert whole == tuple(r for r in range(NUM_RANKS - 1, -1, -1) for _ in range(row[r]))
    assert row == [whole.count(r) for r in range(NUM_RANKS)]  # each card once
