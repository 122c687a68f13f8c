"""Deck and deal (docs/rules.md §2.1, §2.2): trims, marks, hand sizes, the seeded shuffle."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from baohuang.engine.compiled import compile_variant
from baohuang.engine.deck import (
    EMPEROR_CARD,
    GUARD_CARD,
    RANK_OF,
    card_from_text,
    card_text,
    deal,
    shuffle,
)
from baohuang.rules import bundled_variant_paths, load_bundled

variant_ids = [p.stem for p in bundled_variant_paths()]


@pytest.mark.parametrize("variant_id", variant_ids)
def test_deal_matches_the_variant(variant_id):
    variant = load_bundled(variant_id)
    c = compile_variant(variant)
    hands = deal(c.shoe, random.Random(11), variant.deal.first_dealer)
    assert sum(len(h) for h in hands) == c.shoe.size == sum(variant.deal.hand_sizes)
    for offset, size in enumerate(variant.deal.hand_sizes):
        assert len(hands[(variant.deal.first_dealer + offset) % 5]) == size
    cards = [card for hand in hands for card in hand]
    assert cards.count(EMPEROR_CARD) == 1
    assert cards.count(GUARD_CARD) == (1 if variant.deck.marks.guard_card else 0)


def test_same_seed_same_deal_other_seed_other_deal():
    c = compile_variant(load_bundled("baike-common"))
    assert deal(c.shoe, random.Random(42)) == deal(c.shoe, random.Random(42))
    assert deal(c.shoe, random.Random(42)) != deal(c.shoe, random.Random(43))


def test_weihai_removes_three_random_sixes():
    # docs/rules.md §2.1: all 3, 4, 5 and any three 6s: 165 cards, 13 sixes left.
    c = compile_variant(load_bundled("baike-weihai"))
    seen_suits = set()
    for seed in range(20):
        hands = deal(c.shoe, random.Random(seed))
        ranks = Counter(RANK_OF[card] for hand in hands for card in hand)
        assert ranks[0] == ranks[1] == ranks[2] == 0
        assert ranks[3] == 13
        sixes = Counter(card for hand in hands for card in hand if RANK_OF[card] == 3)
        seen_suits.add(tuple(sorted(sixes.items())))
    assert len(seen_suits) > 1  # the three sixes really are chosen at random


def test_dealer_gets_the_first_and_largest_hand():
    c = compile_variant(load_bundled("baike-common"))
    hands = deal(c.shoe, random.Random(1), dealer=3)
    assert len(hands[3]) == 44
    assert [len(h) for i, h in enumerate(hands) if i != 3] == [43, 43, 43, 43]


@pytest.mark.parametrize("text", ["4s", "10h", "Ad", "2c", "SJ", "BJ", "BJ*", "SJ*"])
def test_card_text_round_trip(text):
    assert card_text(card_from_text(text)) == text


def test_card_from_text_accepts_t_and_suit_symbols():
    assert card_text(card_from_text("T♥")) == "10h"
    with pytest.raises(ValueError, match="'11s'"):
        card_from_text("11s")


@pytest.mark.parametrize("size", [0, 1, 2, 3, 52, 165, 216])
def test_shuffle_draws_as_random_shuffle(size: int) -> None:
    # The deal's own shuffle (compiled in the native core) keeps random.shuffle's order.
    for seed in range(40):
        ours, theirs = list(range(size)), list(range(size))
        a, b = random.Random(seed), random.Random(seed)
        shuffle(ours, a)
        b.shuffle(theirs)
        assert ours == theirs
        assert a.random() == b.random()  # the same number of draws
