"""A play the variant's deck cannot contain is not a legal play there (docs/rules.md §2.1, §5.1).

The limits are the trimmed deck's: 165-card Weihai has no 3s and at most 13 sixes in a
deal, four decks hold 16 of a plain rank and 4 of each joker, and ``TOP`` exists once and
only where the variant ranks a card above the big joker.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from baohuang.engine.beats import beats
from baohuang.engine.cards import BJ, NUM_RANKS, TOP
from baohuang.engine.compiled import CompiledVariant, compile_definition, compile_variant
from baohuang.engine.deck import EMPEROR_CARD, GUARD_CARD, RANK_OF, deal
from baohuang.engine.deck_counts import top_always_from
from baohuang.engine.deck_limits import deck_reason, judge, play_reason
from baohuang.engine.notation import parse_play
from baohuang.engine.plays import Play
from baohuang.engine.record import replay
from baohuang.rules import bundled_variant_paths, definition_of, load_bundled

GOLDENS = Path(__file__).resolve().parent / "goldens"


def cv(variant_id: str) -> CompiledVariant:
    """A bundled variant, compiled."""
    return compile_variant(load_bundled(variant_id))


def play(text: str) -> Play:
    """A play from notation; ``"6*14"`` is fourteen 6s."""
    cards: list[str] = []
    for token in text.split():
        name, _, times = token.partition("*")
        cards.extend([name] * int(times or 1))
    return parse_play(" ".join(cards))


# --------------------------------------------------------------------------- limits


def test_limits_of_the_bundled_decks() -> None:
    plain = (16,) * 13
    # above the jokers: STK1, TOP, STK2, TOP2, STK3, STK4
    none = (0, 0, 0, 0, 0, 0)
    assert cv("baike-common").rank_limits == (*plain, 4, 4, *none)
    assert cv("baike-weihai").rank_limits == (0, 0, 0, 13, *(16,) * 9, 4, 4, *none)
    assert cv("tcy-weihai").rank_limits == (0, 0, 0, *(16,) * 10, 4, 4, *none)
    assert cv("tcy-bie3").rank_limits == (5, *(16,) * 12, 4, 4, 0, 1, 0, 0, 0, 0)
    assert cv("hd").rank_limits == (*plain, 4, 4, 0, 1, 0, 0, 0, 0)
    # wh-baohuang: 侍卫 > 皇帝 > 大王, one card each above the big joker (TOP2, TOP), and
    # one stack a play of each of its three (叠加: SJ SJ SJ in STK1, BJ SJ SJ in STK3, BJ BJ
    # in STK4), which the three plain small and big jokers can form
    assert cv("wh-baohuang").rank_limits == (0, 0, 0, *(16,) * 10, 3, 3, 1, 1, 0, 1, 1, 1)


@pytest.mark.parametrize("variant_id", [p.stem for p in bundled_variant_paths()])
def test_every_deal_holds_exactly_the_limits(variant_id: str) -> None:
    """The limits are neither looser nor stricter than what the shoe deals."""
    compiled = cv(variant_id)
    # a marked card ranked above the big joker in every game (the fixed guard card of
    # wh-baohuang) is always played as TOP
    on_top = top_always_from(load_bundled(variant_id))
    marked = {card for card in (GUARD_CARD, EMPEROR_CARD) if RANK_OF[card] in on_top}
    for seed in range(5):
        counts = [0] * NUM_RANKS
        for hand in deal(compiled.shoe, random.Random(seed)):
            for card in hand:
                counts[TOP if card in marked else RANK_OF[card]] += 1
        assert tuple(counts[: BJ + 1]) == compiled.rank_limits[: BJ + 1]


# --------------------------------------------------------------------------- the reasons


def test_a_3_in_the_165_card_weihai_deck() -> None:
    assert deck_reason(cv("baike-weihai"), play("3 3 3")) == (
        "This variant's deck has no threes (all threes, fours and fives are removed)"
    )
    assert deck_reason(cv("baike-weihai"), play("BJ 4")) == (
        "This variant's deck has no fours (all threes, fours and fives are removed)"
    )
    assert deck_reason(cv("baike-common"), play("3 3 3")) is None


def test_fourteen_sixes_where_three_are_removed_at_random() -> None:
    weihai = cv("baike-weihai")

    assert deck_reason(weihai, play("6*13")) is None
    assert deck_reason(weihai, play("6*14")) == (
        "The deck holds only 13 sixes (16 in 4 decks, 3 removed at random each deal); "
        "the play has 14"
    )
    assert deck_reason(cv("tcy-weihai"), play("6*14")) is None  # no sixes removed there


def test_six_threes_where_five_stay() -> None:
    assert deck_reason(cv("tcy-bie3"), play("3*6")) == (
        "The deck holds only 5 threes (16 in 4 decks, 11 removed at random each deal); "
        "the play has 6"
    )


def test_seventeen_of_a_rank_in_four_decks() -> None:
    common = cv("baike-common")

    assert deck_reason(common, play("K*16")) is None
    assert deck_reason(common, play("K*17")) == (
        "The deck holds only 16 kings (4 per deck, 4 decks); the play has 17"
    )
    assert deck_reason(common, play("BJ SJ 10*17")) == (
        "The deck holds only 16 tens (4 per deck, 4 decks); the play has 17"
    )


def test_jokers_beyond_the_decks() -> None:
    common = cv("baike-common")

    assert deck_reason(common, play("BJ*4 SJ*4 7*16")) is None
    assert deck_reason(common, play("BJ*5")) == (
        "The deck holds only 4 big jokers (one per deck, 4 decks, the emperor card BJ* "
        "among them); the play has 5"
    )
    assert deck_reason(common, play("SJ*5 9")) == (
        "The deck holds only 4 small jokers (one per deck, 4 decks, the guard card SJ* "
        "among them); the play has 5"
    )
    assert deck_reason(common, play("BJ*9 SJ*8")) is not None  # 17 jokers
    assert "4 small jokers (one per deck, 4 decks)" in (
        deck_reason(cv("hd"), play("SJ*5")) or ""
    )  # no guard card in a called-guard variant


def test_top_in_a_variant_without_a_top_card() -> None:
    assert deck_reason(cv("baike-common"), play("TOP")) == (
        "This variant has no card above the big joker (TOP)"
    )


def test_two_tops_where_there_is_one() -> None:
    for variant_id in ("hd", "tcy-bie3"):
        assert deck_reason(cv(variant_id), play("TOP")) is None
        assert deck_reason(cv(variant_id), play("TOP TOP")) == (
            "There is only one card above the big joker (TOP) in this variant; the play has 2"
        )


def test_a_top_that_is_the_fixed_guard_card_is_one_of_the_small_jokers() -> None:
    definition = definition_of(load_bundled("baike-common"))
    definition["play"]["top_card"] = "guard_card"
    definition["play"]["attach"] = ["SJ", "BJ", "TOP"]
    compiled = compile_definition(definition)

    # The guard card is the top card in every game: three plain small jokers are left.
    only_three = (
        "The deck holds only 3 small jokers (one per deck, 4 decks, the guard card SJ* plays "
        "as the card above the big joker, not as a small joker); the play has 4"
    )
    assert deck_reason(compiled, play("TOP SJ*3 8")) is None
    assert deck_reason(compiled, play("TOP SJ*4 8")) == only_three
    assert deck_reason(compiled, play("SJ*4 8")) == only_three
    assert deck_reason(compiled, play("SJ*3 8")) is None


def test_where_a_grabbed_solo_voids_the_marks_four_small_jokers_can_meet() -> None:
    # Weihai's grabbed solo with marks_void: in that game SJ* is a plain small joker, so
    # four small jokers are a possible play, but never beside the top card.
    definition = definition_of(load_bundled("baike-weihai"))
    definition["play"]["top_card"] = "guard_card"
    definition["play"]["attach"] = ["SJ", "BJ", "TOP"]
    definition["bidding"]["flow"][0]["marks_void"] = True
    compiled = compile_definition(definition)

    assert deck_reason(compiled, play("SJ*4 8")) is None
    assert deck_reason(compiled, play("TOP SJ*4 8")) == (
        "The card above the big joker (TOP) is the guard card SJ*, one of the deck's 4 small "
        "jokers, so a play with it has at most 3 other small jokers; the play has 4"
    )


def test_cards_removed_by_suit() -> None:
    definition = copy.deepcopy(definition_of(load_bundled("baike-common")))
    definition["deck"]["remove"] = [{"rank": "K", "suits": ["s", "h"]}]
    definition["deal"]["hand_sizes"] = [43, 43, 43, 43, 42]
    compiled = compile_definition(definition)

    assert compiled.rank_limits[10] == 14
    assert deck_reason(compiled, play("K*15")) == (
        "The deck holds only 14 kings (16 in 4 decks, K♠ and K♥ removed); the play has 15"
    )


def test_rank_ints_in_any_order_give_the_same_answer() -> None:
    weihai = cv("baike-weihai")
    sixes = [3] * 14

    assert deck_reason(weihai, [*sixes, 14]) == deck_reason(weihai, play("BJ 6*14"))
    assert deck_reason(weihai, (3, 14, 3)) is None
    assert deck_reason(weihai, ()) is None


# --------------------------------------------------------------------------- legality, beats


def test_the_legality_explanation_puts_the_deck_first() -> None:
    weihai = cv("baike-weihai")

    assert play_reason(weihai, play("3 3 3")) == deck_reason(weihai, play("3 3 3"))
    assert play_reason(weihai, play("6*13")) is None
    assert play_reason(weihai, play("9 8")) == (
        "9 8 is not a set: cards of different ranks (9 and 8) cannot be played together; "
        "only BJ and SJ can be attached"
    )


def test_a_candidate_the_deck_cannot_hold_never_beats() -> None:
    weihai, hd = cv("baike-weihai"), cv("hd")

    verdict = judge(weihai, play("3"), play("4"))
    assert not verdict
    assert verdict.reason == (
        "This variant's deck has no fours (all threes, fours and fives are removed)"
    )
    assert beats(play("3"), play("4"), weihai.play)  # the plain rules alone would say yes
    assert judge(hd, play("TOP"), play("TOP TOP")).reason == (
        "There is only one card above the big joker (TOP) in this variant; the play has 2"
    )
    assert not judge(hd, play("Q*17"), play("K*17"))


def test_a_candidate_the_deck_can_hold_is_judged_as_before() -> None:
    common = cv("baike-common")
    previous, candidate = play("SJ 8 8 8"), play("9 9 9 9")

    assert judge(common, previous, candidate) == beats(previous, candidate, common.play)
    assert judge(common, play("7*16"), play("8*16"))


# --------------------------------------------------------------------------- game records


def test_a_recorded_play_the_deck_cannot_hold_is_refused_with_the_deck_reason() -> None:
    record = json.loads((GOLDENS / "baike-weihai.json").read_text(encoding="utf-8"))["record"]
    actions = list(record["actions"])
    first_play = next(i for i, a in enumerate(actions) if a.startswith("play "))
    actions[first_play] = "play 3 3"

    replayed = replay(cv("baike-weihai"), record["seed"], actions, dealer=record.get("dealer"))

    assert replayed.error is not None
    assert replayed.error.index == first_play
    assert replayed.error.action == "play 3 3"
    assert replayed.error.reason == (
        "This variant's deck has no threes (all threes, fours and fives are removed)."
    )
