"""Legal-move generation on rank counts."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baohuang.engine.beats import beats_fast
from baohuang.engine.cards import BJ, NUM_RANKS, SIX, SJ, TOP, TWO
from baohuang.engine.follows import has_follow, legal_follows, legal_leads
from baohuang.engine.notation import format_play, parse_play, parse_ranks
from baohuang.engine.plays import DEFAULT_RULES, CompiledPlayRules, Play, is_legal_fast, rank_counts
from tests.engine.test_beats import BIE3, ROAST, legal_plays, play_rules, ref_follows


def hand_of(text: str) -> list[int]:
    """A count vector from notation."""
    return rank_counts(parse_ranks(text))


def follows_text(
    hand: str, previous: str | None, rules: CompiledPlayRules = DEFAULT_RULES
) -> list[str]:
    prev = parse_play(previous) if previous is not None else None
    return [format_play(p) for p in legal_follows(hand_of(hand), prev, rules)]


def test_follows_of_a_triple() -> None:
    assert follows_text("3 3 4 8 8 8 9 9 9 9 SJ BJ BJ", "7 7 7") == [
        "8 8 8",
        "9 9 9",
        "SJ 8 8",
        "SJ 9 9",
        "BJ 8 8",
        "BJ 9 9",
        "BJ SJ 8",
        "BJ SJ 9",
        "BJ BJ 8",
        "BJ BJ 9",
        "BJ BJ SJ",
    ]


def test_follows_of_a_single() -> None:
    assert follows_text("3 5 5 K 2 SJ", "Q") == ["K", "2", "SJ"]
    assert follows_text("3 5 5 K 2 SJ", "BJ") == []


def test_a_joker_set_needs_jokers() -> None:
    assert follows_text("9 9 9 9 10 10 10 10 SJ", "SJ 8 8 8") == []
    assert follows_text("9 9 9 9 10 10 10 10 SJ BJ", "SJ 8 8 8") == [
        "BJ 9 9 9",
        "BJ 10 10 10",
        "BJ SJ 9 9",
        "BJ SJ 10 10",
    ]


def test_nothing_follows_a_big_joker() -> None:
    assert follows_text("BJ BJ BJ BJ 2 2 2 2 2", "BJ 4 4 4 4") == []


def test_leads() -> None:
    assert follows_text("8 8 SJ", None) == ["8", "SJ", "8 8", "SJ 8", "SJ 8 8"]
    assert legal_leads(hand_of("8 8 SJ"), DEFAULT_RULES) == legal_follows(
        hand_of("8 8 SJ"), None, DEFAULT_RULES
    )
    assert follows_text("", None) == []


def test_forbidden_ranks_are_left_out() -> None:
    hand = hand_of("6 6 6 7 7 7 SJ")
    assert [
        format_play(p)
        for p in legal_follows(
            hand, parse_play("5 5 5"), DEFAULT_RULES, forbidden_ranks=frozenset({SIX})
        )
    ] == ["7 7 7", "SJ 7 7"]
    leads = legal_leads(hand, DEFAULT_RULES, forbidden_ranks=frozenset({SIX}))
    assert all(SIX not in p for p in leads)
    assert not has_follow(
        hand_of("6 6"), parse_play("5 5"), DEFAULT_RULES, forbidden_ranks=frozenset({SIX})
    )


def test_special_beats_and_attached_twos() -> None:
    assert follows_text("2 2 2 2 SJ", "BJ", BIE3) == ["2 2 2"]
    assert follows_text("2 2 2 2 SJ TOP", "TOP", BIE3) == ["2 2 2 2"]
    assert follows_text("2 2 9 9 SJ", "8 8 8", BIE3) == [
        "2 9 9",
        "2 2 9",
        "SJ 9 9",
        "SJ 2 9",
        "SJ 2 2",
    ]
    assert follows_text("2 2 2", "BJ") == []


def test_roasting_follows() -> None:
    assert follows_text("SJ SJ BJ 9 9 9", "SJ 8 8", ROAST) == [
        "BJ 9 9",
        "BJ SJ 9",
        "BJ SJ SJ",
        "SJ SJ 9 9",
    ]
    assert follows_text("SJ SJ SJ", "BJ", ROAST) == ["SJ SJ", "SJ SJ SJ"]


def test_top_as_a_set_rank() -> None:
    rules = CompiledPlayRules(has_top=True)
    assert follows_text("TOP TOP BJ 9 9", "SJ 8", rules) == ["BJ 9", "TOP BJ", "TOP TOP"]
    assert follows_text("TOP TOP BJ 9 9", "BJ BJ", rules) == ["TOP TOP"]
    assert follows_text("TOP TOP BJ 9 9", "TOP", rules) == []


def test_hand_must_be_a_count_vector() -> None:
    with pytest.raises(ValueError, match="length 21"):
        legal_follows([1, 2, 3], None, DEFAULT_RULES)


# --------------------------------------------------------------------------- properties


@st.composite
def small_hands(draw: st.DrawFn, rules: CompiledPlayRules) -> list[int]:
    """Small random hands (a few ranks, a few cards each, jokers likely)."""
    hand = [0] * NUM_RANKS
    ranks = draw(st.lists(st.sampled_from(range(NUM_RANKS)), max_size=6))
    for rank in ranks + draw(st.lists(st.sampled_from([SJ, BJ, TWO, TOP]), max_size=4)):
        if rank != TOP or rules.has_top or draw(st.booleans()):
            hand[rank] = min(hand[rank] + draw(st.integers(1, 3)), 4)
    return hand


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_follows_match_brute_force(data: st.DataObject) -> None:
    rules = data.draw(play_rules())
    hand = data.draw(small_hands(rules))
    prev = data.draw(st.one_of(st.none(), legal_plays(rules, size=data.draw(st.integers(1, 5)))))
    found = legal_follows(hand, prev, rules)
    assert len(found) == len(set(found))
    assert set(found) == ref_follows(hand, prev, rules)
    assert found == sorted(found, key=lambda p: (len(p), p))
    assert has_follow(hand, prev, rules) == bool(found)
    for play in found:
        assert list(play) == sorted(play, reverse=True)
        assert is_legal_fast(play, rules)
        assert all(play.count(r) <= hand[r] for r in set(play))
        if prev is not None:
            assert beats_fast(prev.ranks, play, rules)


@settings(max_examples=50, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 6))
def test_follows_from_full_hands(rnd: random.Random, size: int) -> None:
    deck = [r for r in range(13) for _ in range(16)] + [SJ] * 8 + [BJ] * 8
    rnd.shuffle(deck)
    hand, other = rank_counts(deck[:44]), rank_counts(deck[44:88])
    leads = [p for p in legal_leads(other, DEFAULT_RULES) if len(p) == size]
    if not leads:
        return
    prev = Play(rnd.choice(leads))
    found = legal_follows(hand, prev, DEFAULT_RULES)
    expected = [
        p for p in legal_leads(hand, DEFAULT_RULES) if beats_fast(prev.ranks, p, DEFAULT_RULES)
    ]
    assert found == expected
    assert has_follow(hand, prev, DEFAULT_RULES) == bool(found)


def test_benchmark_runs() -> None:
    from baohuang.engine.benchmarks import bench_rules, make_beat_pairs, make_follow_cases

    for prev, cand in make_beat_pairs(20):
        assert len(prev) == len(cand)
        assert 1 <= len(prev) <= 4
    for hand, previous in make_follow_cases(20):
        assert sum(hand) == 44
        assert 1 <= previous.size <= 4
    figures = bench_rules(0.01)
    assert figures["beat_checks_per_s"] > 0
    assert figures["follow_generations_per_s"] > 0


# --------------------------------------------------------------------------- wild cards (百搭)

WILD_TWOS = CompiledPlayRules(attachable=frozenset({SJ, BJ}), wild=frozenset({TWO}))
WILD_JOKERS = CompiledPlayRules(attachable=frozenset(), wild=frozenset({SJ, BJ}))


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_follows_with_wild_cards_match_brute_force(data: st.DataObject) -> None:
    rules = data.draw(st.sampled_from([WILD_TWOS, WILD_JOKERS]))
    hand = [0] * NUM_RANKS
    for rank in data.draw(st.lists(st.sampled_from([3, 6, 9, TWO, SJ, BJ]), max_size=7)):
        hand[rank] = min(hand[rank] + 1, 4)
    prev = data.draw(st.one_of(st.none(), legal_plays(rules, size=data.draw(st.integers(1, 4)))))
    found = legal_follows(hand, prev, rules)
    assert set(found) == ref_follows(hand, prev, rules)
    assert found == sorted(found, key=lambda p: (len(p), p))
    assert has_follow(hand, prev, rules) == bool(found)


def test_wild_twos_stand_for_the_set_rank() -> None:
    hand = rank_counts(parse_ranks("9 9 2"))
    found = [format_play(p) for p in legal_follows(hand, parse_play("8 8 8"), WILD_TWOS)]
    assert found == ["2 9 9"]  # 9 9 and a 2 standing for a 9
    assert [format_play(p) for p in legal_follows(hand, parse_play("9 9 9"), WILD_TWOS)] == []
    jokers = rank_counts(parse_ranks("BJ SJ 5"))
    found = [format_play(p) for p in legal_follows(jokers, parse_play("4 4"), WILD_JOKERS)]
    assert found == ["SJ 5", "BJ 5"]  # a joker stands for a 5, not above it
