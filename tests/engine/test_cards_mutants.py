"""Cards: cases found by mutation testing (`make mutation`, docs/development.md)."""

from __future__ import annotations

import pytest

from baohuang.engine.cards import BJ, SJ, TWO, Card, is_joker


def test_is_joker() -> None:
    assert is_joker(SJ)
    assert is_joker(BJ)
    assert not is_joker(TWO)
    assert not is_joker(0)


def test_bad_cards_are_named() -> None:
    with pytest.raises(ValueError, match=r"^rank must be 0\.\.20, got 21$"):
        Card(21)
    with pytest.raises(ValueError, match=r"^suit must be 0\.\.3 or None, got 4$"):
        Card(0, 4)
    with pytest.raises(ValueError, match=r"^SJ has no suit$"):
        Card(SJ, 0)
    with pytest.raises(ValueError, match=r"^unknown mark 'x': use 'emperor_card' or 'guard_card'$"):
        Card(BJ, None, "x")
    with pytest.raises(ValueError, match=r"^the guard_card mark belongs on SJ, not on BJ$"):
        Card(BJ, None, "guard_card")


def test_the_four_suits() -> None:
    assert [Card(TWO, suit).suit for suit in range(4)] == [0, 1, 2, 3]
