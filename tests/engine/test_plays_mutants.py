"""Plays: cases found by mutation testing (`make mutation`, docs/development.md).

Each test builds its rules inside the test: rules built at import time are built before
mutmut switches a mutant on, so their lookup tables would never see the mutant.
"""

from __future__ import annotations

import pytest

from baohuang.engine.beats import beats_fast
from baohuang.engine.cards import BJ, NUM_RANKS, SJ, THREE, TOP, TWO
from baohuang.engine.follows import legal_follows, legal_leads
from baohuang.engine.notation import format_play, parse_play, parse_ranks
from baohuang.engine.plays import (
    CompiledPlayRules,
    CompiledSpecialBeat,
    Play,
    RoastRules,
    format_ranks,
    is_legal_fast,
    is_legal_play,
    rank_counts,
)


def leads(hand: str, rules: CompiledPlayRules) -> list[str]:
    return [format_play(p) for p in legal_leads(rank_counts(parse_ranks(hand)), rules)]


def follows(hand: str, previous: str, rules: CompiledPlayRules) -> list[str]:
    counts = rank_counts(parse_ranks(hand))
    return [format_play(p) for p in legal_follows(counts, parse_play(previous), rules)]


# ------------------------------------------------------------------ the rules' lookup tables


def test_leads_with_jokers_to_attach() -> None:
    assert leads("SJ 8 8", CompiledPlayRules()) == ["8", "SJ", "8 8", "SJ 8", "SJ 8 8"]


def test_leads_where_a_top_card_exists_but_is_not_attachable() -> None:
    rules = CompiledPlayRules(has_top=True)
    assert leads("TOP SJ 8 8", rules) == ["8", "SJ", "TOP", "8 8", "SJ 8", "TOP SJ", "SJ 8 8"]
    assert follows("TOP SJ 8 8", "7", rules) == ["8", "SJ", "TOP"]


def test_leads_where_twos_attach() -> None:
    rules = CompiledPlayRules(attachable=frozenset({SJ, BJ, TWO}))
    assert leads("2 K K", rules) == ["K", "2", "K K", "2 K", "2 K K"]


def test_roasting_answers() -> None:
    rules = CompiledPlayRules(roast=RoastRules(((SJ,), (BJ,), (BJ, SJ))))
    assert follows("BJ SJ 9 9 K K", "SJ 8 8", rules) == [
        "BJ 9 9",
        "BJ K K",
        "BJ SJ 9",
        "BJ SJ K",
        "BJ SJ 9 9",
        "BJ SJ K K",
    ]
    assert beats_fast(parse_ranks("SJ 8 8"), parse_ranks("BJ SJ 9 9"), rules)


def test_a_special_beat_after_one_for_a_rank_the_variant_lacks() -> None:
    # The first special beat names TOP, which this variant does not have: it is skipped,
    # the next one still counts.
    rules = CompiledPlayRules(
        special_beats=(
            CompiledSpecialBeat(TOP, 1, frozenset({BJ})),
            CompiledSpecialBeat(TWO, 3, frozenset({BJ})),
        )
    )
    assert follows("2 2 2", "BJ", rules) == ["2 2 2"]
    assert beats_fast((BJ,), (TWO, TWO, TWO), rules)


def test_a_special_beat_of_more_cards_than_four_decks_hold() -> None:
    rules = CompiledPlayRules(special_beats=(CompiledSpecialBeat(TWO, 17, frozenset({BJ})),))
    hand = [0] * NUM_RANKS
    hand[TWO] = 17
    assert legal_follows(hand, Play.of([BJ]), rules) == [(TWO,) * 17]
    assert beats_fast((BJ,), (TWO,) * 17, rules)


# ------------------------------------------------------------------ plays and their texts


def test_trusted_play_is_the_same_play() -> None:
    play = Play.trusted((BJ, 5, 5))
    assert play == Play.of([5, BJ, 5])
    assert str(play) == "BJ 8 8"


def test_format_ranks_writes_high_to_low() -> None:
    assert format_ranks([5, BJ, 6]) == "BJ 9 8"


def test_is_legal_fast_with_the_three_first() -> None:
    # Rank 0 (the 3) as the set, read first: a card of another rank still makes it illegal.
    assert not is_legal_fast((THREE, 5), CompiledPlayRules())
    assert is_legal_fast((THREE, THREE, SJ), CompiledPlayRules())


def test_reasons_in_full() -> None:
    rules = CompiledPlayRules()
    assert is_legal_play(parse_play("8 9"), rules) == (
        "9 8 is not a set: cards of different ranks (9 and 8) cannot be played together; "
        "only BJ and SJ can be attached"
    )
    # A sequence is read high to low, like a play.
    assert is_legal_play([5, 6, 5], rules) == (
        "9 8 8 is not a set: cards of different ranks (9 and 8) cannot be played together; "
        "only BJ and SJ can be attached"
    )
    assert is_legal_play([NUM_RANKS], rules) == "21 is not a rank"
    assert is_legal_play([-1], rules) == "-1 is not a rank"


def test_reasons_name_what_can_be_attached() -> None:
    assert is_legal_play(parse_play("SJ 8"), CompiledPlayRules(attachable=frozenset())) == (
        "SJ 8 is not a set: SJ cannot be attached in this variant (nothing can be attached)"
    )
    assert is_legal_play(parse_play("SJ 8 9"), CompiledPlayRules(attachable=frozenset({BJ}))) == (
        "SJ 9 8 is not a set: SJ cannot be attached in this variant (only BJ can be attached)"
    )
    guo2 = CompiledPlayRules(attachable=frozenset({SJ, BJ, TWO}))
    assert is_legal_play(parse_play("SJ 8 9"), guo2) == (
        "SJ 9 8 is not a set: cards of different ranks (9 and 8) cannot be played together; "
        "only BJ, SJ and 2 can be attached"
    )


# ------------------------------------------------------------------ validation


def test_bad_ranks_are_named() -> None:
    with pytest.raises(ValueError, match=r"^rank must be an int 0\.\.20, got 21$"):
        Play.of([21])
    with pytest.raises(ValueError, match=r"^attachable ranks must be 0\.\.20$"):
        CompiledPlayRules(attachable=frozenset({21}))
    with pytest.raises(ValueError, match=r"^special beat rank must be 0\.\.20, got 21$"):
        CompiledSpecialBeat(21, 3, frozenset({BJ}))
    with pytest.raises(ValueError, match=r"^special beat count must be at least 1, got 0$"):
        CompiledSpecialBeat(TWO, 0, frozenset({BJ}))
    with pytest.raises(ValueError, match=r"^special beat must beat at least one rank, each"):
        CompiledSpecialBeat(TWO, 3, frozenset({21}))
    with pytest.raises(ValueError, match=r"^a roasting group must be jokers only, got \(5,\)$"):
        RoastRules(((SJ,), (5,)))
    with pytest.raises(ValueError, match=r"^a roasting group appears twice in joker_order$"):
        RoastRules(((SJ,), (SJ,)))


def test_the_three_is_a_rank_like_any_other() -> None:
    # Rank 0 is valid wherever a rank is: as the special-beat rank, as a beaten rank, as
    # an attachable rank.
    assert CompiledSpecialBeat(THREE, 4, frozenset({THREE})).rank == THREE
    assert CompiledSpecialBeat(TWO, 3, frozenset({THREE, BJ})).beats == {THREE, BJ}
    assert THREE in CompiledPlayRules(attachable=frozenset({THREE, SJ, BJ})).attachable
    # TOP (16) is a rank a special beat may name or beat.
    assert CompiledSpecialBeat(TOP, 1, frozenset({TOP})).rank == TOP
