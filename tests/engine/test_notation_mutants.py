"""Notation: cases found by mutation testing (`make mutation`, docs/development.md)."""

from __future__ import annotations

import pytest

from baohuang.engine.cards import Card
from baohuang.engine.notation import NotationError, parse_card, parse_play

_USE = "use 3-10, J, Q, K, A, 2, SJ or BJ"


def test_upper_case_suit_letters() -> None:
    assert parse_card("4S") == Card(1, 0)
    assert parse_card("10H") == Card(7, 1)
    assert parse_card("AD") == Card(11, 3)


def test_a_suit_symbol_with_the_emoji_selector() -> None:
    assert parse_card("4\u2660\ufe0f") == Card(1, 0)


def _error(text: str, parse=parse_card) -> NotationError:  # type: ignore[no-untyped-def]
    with pytest.raises(NotationError) as caught:
        parse(text)
    return caught.value


def test_single_card_errors_in_full() -> None:
    error = _error("X")
    assert (str(error), error.token, error.position) == (f"'X' is not a card: {_USE}", "X", 0)
    error = _error("4X")
    assert str(error) == f"'4X' is not a card: {_USE}"
    error = _error("5*")
    assert str(error) == (
        "'5*' is not a card: only BJ* (the emperor card) and SJ* (the guard card) carry a mark"
    )
    error = _error("  ")
    assert (str(error), error.token, error.position) == (f"no card given: {_USE}", "", 0)
    error = _error("4 5")
    assert (str(error), error.token, error.position) == ("'4 5' is more than one card", "4 5", 0)


def test_empty_play_error_in_full() -> None:
    error = _error(" ", parse_play)
    assert (str(error), error.token, error.position) == (
        "a play needs at least one card; the play is empty",
        "",
        0,
    )
