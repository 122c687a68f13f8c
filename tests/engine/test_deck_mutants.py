"""The shoe: cases found by mutation testing (`make mutation`, docs/development.md).

These call :func:`build_shoe_spec` and :func:`rank_limits` directly: compiled variants are
cached, and a bundled one compiled before mutmut switches a mutant on never sees it.
"""

from __future__ import annotations

import random
from collections import Counter

from baohuang.engine.cards import TOP
from baohuang.engine.deck import (
    BIG_JOKER,
    EMPEROR_CARD,
    GUARD_CARD,
    RANK_OF,
    SMALL_JOKER,
    build_shoe_spec,
    card_from_text,
    deal,
    rank_counts,
)
from baohuang.engine.deck_counts import rank_limits

THREE, SIX, KING, TWO, SJ, BJ = 0, 3, 10, 12, 13, 14


def test_a_trimmed_two_deck_shoe() -> None:
    spec = build_shoe_spec(
        decks=2,
        remove_whole=[THREE],
        remove_suits=[(KING, [0, 1]), (BJ, [0]), (SJ, [2])],
        remove_random=[(SIX, 3)],
        emperor_card=True,
        guard_card=True,
        hand_sizes=[19, 19, 19, 18, 18],
    )
    assert list(spec.fixed) == sorted(spec.fixed)
    counts = Counter(spec.fixed)
    assert counts[EMPEROR_CARD] == 1
    assert counts[BIG_JOKER] == 0
    assert counts[GUARD_CARD] == 1
    assert counts[SMALL_JOKER] == 0
    assert counts[KING * 4 + 0] == counts[KING * 4 + 1] == 1  # K♠ and K♥: one of two each left
    assert counts[KING * 4 + 2] == counts[KING * 4 + 3] == 2
    assert len(spec.fixed) == 96
    assert spec.size == 93
    assert spec.random_removals == ((SIX, 3),)
    assert spec.hand_sizes == (19, 19, 19, 18, 18)
    assert rank_counts(spec.fixed) == [0, 8, 8, 8, 8, 8, 8, 8, 8, 8, 6, 8, 8, 1, 1, *[0] * 6]
    assert rank_limits(spec, False) == (0, 8, 8, 5, 8, 8, 8, 8, 8, 8, 6, 8, 8, 1, 1, *[0] * 6)
    assert rank_limits(spec, True)[TOP] == 1


def test_an_untrimmed_deck_without_marks() -> None:
    spec = build_shoe_spec(1, [], [], [], False, False, [11, 11, 11, 11, 10])
    assert spec.fixed == tuple(range(54))
    assert spec.size == 54
    assert rank_limits(spec, False) == (4,) * 13 + (1, 1) + (0,) * 6


def test_rank_counts_of_physical_cards() -> None:
    cards = [EMPEROR_CARD, GUARD_CARD, BIG_JOKER, 0, 1, 4]
    assert rank_counts(cards) == [2, 1] + [0] * 11 + [1, 2] + [0] * 6
    assert [RANK_OF[c] for c in (EMPEROR_CARD, GUARD_CARD)] == [BJ, SJ]


def test_card_from_text_with_each_suit_symbol() -> None:
    assert card_from_text("3\u2660") == 0
    assert card_from_text("10\u2660") == 28
    assert card_from_text("K\u2663") == 42
    assert card_from_text("A\u2666") == 47
    assert card_from_text("2\u2665") == 49


def test_the_first_hand_goes_to_seat_0_by_default() -> None:
    spec = build_shoe_spec(1, [], [], [], True, True, [12, 11, 11, 10, 10])
    assert [len(hand) for hand in deal(spec, random.Random(3))] == [12, 11, 11, 10, 10]


def test_random_removals_never_take_the_emperor_card() -> None:
    # Four decks, three big jokers removed at random each deal: the three plain ones go,
    # the emperor card BJ* always stays.
    spec = build_shoe_spec(4, [], [], [(BJ, 3)], True, True, [43, 43, 43, 43, 41])
    for seed in range(20):
        cards = [card for hand in deal(spec, random.Random(seed)) for card in hand]
        assert cards.count(EMPEROR_CARD) == 1
        assert cards.count(BIG_JOKER) == 0
