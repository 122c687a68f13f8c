"""Deck limits: cases found by mutation testing (`make mutation`, docs/development.md).

The variants here are changed definitions, compiled inside the test (a bundled variant's
compilation is cached before mutmut switches a mutant on).
"""

from __future__ import annotations

import copy
from typing import Any

from baohuang.engine.cards import TOP
from baohuang.engine.compiled import CompiledVariant, compile_definition
from baohuang.engine.deck import build_shoe_spec
from baohuang.engine.deck_counts import rank_limits
from baohuang.engine.deck_limits import deck_reason
from baohuang.rules import definition_of, load_bundled
from tests.engine.test_deck_limits import play


def _changed(variant_id: str, **deck: Any) -> CompiledVariant:
    definition = copy.deepcopy(definition_of(load_bundled(variant_id)))
    definition["deck"].update(deck)
    if "decks" in deck:  # 54 cards, less one removed king where there is one
        removed = len(deck.get("remove", []))
        definition["deal"]["hand_sizes"] = [11, 11, 11, 11 - removed, 10]
    return compile_definition(definition)


def test_reasons_in_a_one_deck_variant() -> None:
    one = _changed("baike-common", decks=1, remove=[{"rank": "K", "suits": ["s"]}])
    assert deck_reason(one, play("K*4")) == (
        "The deck holds only 3 kings (4 in 1 deck, K♠ removed); the play has 4"
    )
    assert deck_reason(one, play("9*5")) == (
        "The deck holds only 4 nines (4 per deck, 1 deck); the play has 5"
    )
    assert deck_reason(one, play("2*5")) == (
        "The deck holds only 4 twos (4 per deck, 1 deck); the play has 5"
    )
    assert deck_reason(one, play("BJ*2")) == (
        "The deck holds only one big joker (one per deck, 1 deck, the emperor card BJ* among "
        "them); the play has 2"
    )


def test_ranks_outside_the_deck_are_left_to_the_shape_check() -> None:
    one = _changed("baike-common", decks=1)
    assert deck_reason(one, [21]) is None
    assert deck_reason(one, [-1]) is None


def test_a_called_top_card_is_not_one_of_the_small_jokers() -> None:
    # hd: the card above the big joker is a copy of the called card; with a guard card
    # marked as well, four small jokers and the TOP card still fit in the deck.
    hd = _changed("hd", marks={"emperor_card": "BJ", "guard_card": "SJ"})
    assert deck_reason(hd, play("TOP SJ*4 8")) is None


def test_rank_limits_count_trims_marks_and_random_removals() -> None:
    spec = build_shoe_spec(2, [0], [(10, [0, 1]), (14, [0])], [(3, 3)], True, True, [19] * 5)
    assert rank_limits(spec, False) == (0, 8, 8, 5, 8, 8, 8, 8, 8, 8, 6, 8, 8, 2, 1, *[0] * 6)
    assert rank_limits(spec, True) == (0, 8, 8, 5, 8, 8, 8, 8, 8, 8, 6, 8, 8, 2, 1, 0, 1, *[0] * 4)
    # Two ordered marked cards: one above the big joker (TOP), one above that (TOP2).
    assert rank_limits(spec, True, (), 2, True)[TOP:] == (1, 0, 1, 0, 0)
    assert rank_limits(spec, True, (), 2, False)[TOP:] == (2, 0, 0, 0, 0)
    # More removed at random than the deck holds: none left, not a negative number.
    spec = build_shoe_spec(1, [], [], [(3, 5)], True, True, [10] * 5)
    assert rank_limits(spec, False)[3] == 0


def test_every_rank_of_an_unsorted_sequence_is_checked() -> None:
    one = _changed("baike-common", decks=1)
    assert deck_reason(one, [5, 16]) == "This variant has no card above the big joker (TOP)"


def test_the_guard_card_as_top_in_two_decks() -> None:
    definition = copy.deepcopy(definition_of(load_bundled("baike-common")))
    definition["deck"]["decks"] = 2
    definition["deal"]["hand_sizes"] = [22, 22, 22, 21, 21]
    definition["play"]["top_card"] = "guard_card"
    definition["play"]["attach"] = ["SJ", "BJ", "TOP"]
    two = compile_definition(definition)
    assert deck_reason(two, play("TOP SJ 8")) is None
    assert deck_reason(two, play("TOP SJ*2 8")) == (
        "The deck holds only one small joker (one per deck, 2 decks, the guard card SJ* plays "
        "as the card above the big joker, not as a small joker); the play has 2"
    )
