"""Card notation (docs/rules.md §11)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from baohuang.engine.cards import (
    BJ,
    CLUBS,
    DIAMONDS,
    EMPEROR_CARD,
    GUARD_CARD,
    HEARTS,
    RANK_NAMES,
    SJ,
    SPADES,
    TEN,
    TOP,
    TOP2,
    TWO,
    Card,
)
from baohuang.engine.notation import (
    NotationError,
    format_card,
    format_cards,
    format_play,
    parse_card,
    parse_cards,
    parse_play,
    parse_ranks,
)
from baohuang.engine.plays import Play


def test_rank_ints_are_the_contract() -> None:
    assert RANK_NAMES == (
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "9",
        "10",
        "J",
        "Q",
        "K",
        "A",
        "2",
        "SJ",
        "BJ",
        "STK1",
        "TOP",
        "STK2",
        "TOP2",
        "STK3",
        "STK4",
    )
    assert (TWO, SJ, BJ, TOP, TOP2) == (12, 13, 14, 16, 18)


@pytest.mark.parametrize(
    ("token", "card"),
    [
        ("3", Card(0)),
        ("10", Card(TEN)),
        ("T", Card(TEN)),
        ("t", Card(TEN)),
        ("J", Card(8)),
        ("q", Card(9)),
        ("K", Card(10)),
        ("A", Card(11)),
        ("2", Card(TWO)),
        ("SJ", Card(SJ)),
        ("sj", Card(SJ)),
        ("Bj", Card(BJ)),
        ("TOP", Card(TOP)),
        ("4s", Card(1, SPADES)),
        ("10h", Card(TEN, HEARTS)),
        ("Th", Card(TEN, HEARTS)),
        ("Ac", Card(11, CLUBS)),
        ("2d", Card(TWO, DIAMONDS)),
        ("K♠", Card(10, SPADES)),
        ("9♥", Card(6, HEARTS)),
        ("9♣", Card(6, CLUBS)),
        ("9♦", Card(6, DIAMONDS)),
        ("BJ*", Card(BJ, None, EMPEROR_CARD)),
        ("SJ*", Card(SJ, None, GUARD_CARD)),
        ("  7  ", Card(4)),
    ],
)
def test_parse_card(token: str, card: Card) -> None:
    assert parse_card(token) == card


@pytest.mark.parametrize(
    ("card", "text"),
    [
        (Card(TEN), "10"),
        (Card(TEN, HEARTS), "10h"),
        (Card(11, DIAMONDS), "Ad"),
        (Card(BJ, None, EMPEROR_CARD), "BJ*"),
        (Card(SJ, None, GUARD_CARD), "SJ*"),
        (Card(SJ), "SJ"),
        (Card(TOP), "TOP"),
    ],
)
def test_format_card(card: Card, text: str) -> None:
    assert format_card(card) == text
    assert parse_card(text) == card


def test_play_in_any_order_is_written_jokers_first_high_to_low() -> None:
    play = parse_play("9 SJ 9 BJ 9 9")
    assert play.ranks == (BJ, SJ, 6, 6, 6, 6)
    assert format_play(play) == "BJ SJ 9 9 9 9"
    assert str(play) == "BJ SJ 9 9 9 9"
    assert format_play(parse_play("T 10h t 10")) == "10 10 10 10"


def test_play_drops_suits_and_marks() -> None:
    assert parse_play("BJ* 8s 8h") == Play.of([BJ, 5, 5])


def test_parse_cards_keeps_order_and_marks() -> None:
    cards = parse_cards("8s BJ* 8")
    assert cards == (Card(5, SPADES), Card(BJ, None, EMPEROR_CARD), Card(5))
    assert format_cards(cards) == "8s BJ* 8"
    assert parse_cards("  ") == ()


def test_parse_ranks_sorted_high_to_low() -> None:
    assert parse_ranks("8 SJ 8 2") == (SJ, TWO, 5, 5)
    assert parse_ranks("") == ()


def test_format_play_accepts_rank_sequences() -> None:
    assert format_play([5, BJ, 5, SJ]) == "BJ SJ 8 8"


@pytest.mark.parametrize(
    ("text", "token", "position"),
    [
        ("8 8 X", "X", 2),
        ("11", "11", 0),
        ("8 8 1", "1", 2),
        ("SJ 8* 8", "8*", 1),
        ("BJs", "BJs", 0),
        ("8x", "8x", 0),
        ("Q Q Q Q Z", "Z", 4),
    ],
)
def test_bad_token_is_named(text: str, token: str, position: int) -> None:
    with pytest.raises(NotationError) as info:
        parse_play(text)
    assert info.value.token == token
    assert info.value.position == position
    assert repr(token) in str(info.value)
    assert f"(card {position + 1})" in str(info.value)


def test_bad_token_message_is_plain_english() -> None:
    with pytest.raises(NotationError) as info:
        parse_play("8 8 X")
    assert str(info.value) == "'X' is not a card: use 3-10, J, Q, K, A, 2, SJ or BJ (card 3)"


@pytest.mark.parametrize("text", ["", "   ", "\n"])
def test_empty_play_is_an_error(text: str) -> None:
    with pytest.raises(NotationError, match="at least one card") as info:
        parse_play(text)
    assert info.value.token == ""


def test_notation_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="'X' is not a card"):
        parse_card("X")


@pytest.mark.parametrize("token", ["", "8 8", "X", "1", "J*", "TOP*"])
def test_parse_card_rejects(token: str) -> None:
    with pytest.raises(NotationError):
        parse_card(token)


def test_card_rejects_impossible_cards() -> None:
    with pytest.raises(ValueError, match=r"rank must be 0\.\.20"):
        Card(21)
    with pytest.raises(ValueError, match="SJ has no suit"):
        Card(SJ, SPADES)
    with pytest.raises(ValueError, match="mark belongs on BJ"):
        Card(SJ, None, EMPEROR_CARD)
    with pytest.raises(ValueError, match="unknown mark 'sword'"):
        Card(5, None, "sword")


ranks_st = st.lists(st.integers(0, TOP), min_size=1, max_size=20)


@given(ranks_st, st.randoms(use_true_random=False))
def test_play_round_trip(ranks: list[int], rnd: object) -> None:
    play = Play.of(ranks)
    text = format_play(play)
    assert parse_play(text) == play
    tokens = text.split()
    rnd.shuffle(tokens)  # type: ignore[attr-defined]
    assert parse_play(" ".join(tokens)) == play
    assert "T" not in text.replace("TOP", "").replace("STK", "")


@given(st.sampled_from(range(TOP + 1)), st.one_of(st.none(), st.integers(0, 3)))
def test_card_round_trip(rank: int, suit: int | None) -> None:
    card = Card(rank, suit if rank <= TWO else None)
    assert parse_card(format_card(card)) == card
