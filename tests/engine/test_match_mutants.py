"""Matches: cases found by mutation testing (`make mutation`, docs/development.md).

Who deals the next game (``deal.next_dealer``), which seed each game of a match is dealt
from (stable everywhere: a match replays from its seed), the refusal to deal while a
game is still being played, and the match totals (the scored games' points, added up).
"""

from __future__ import annotations

import random

import pytest

from baohuang.engine import actions as A
from baohuang.engine.game import Game
from baohuang.engine.match import Match, derive_seed
from baohuang.engine.record import make_record, replay_record
from tests.engine.rigging import variant

#: Games of the first deal looked at per variant: enough to meet every kind of ending.
SEEDS = range(40)


def _play_out(game: Game) -> None:
    """Random legal answers (seeded by the game's seed), never automatic play."""
    rng = random.Random(game.seed)
    while not game.finished:
        game.apply(rng.choice([a for a in game.legal_actions() if a != A.AUTO]))


def _first_two(cv, seed: int) -> tuple[Game, Game]:
    match = Match(cv, seed)
    first = match.next_game()
    _play_out(first)
    return first, match.next_game()


def test_derive_seed_is_pinned() -> None:
    # A match's games (and a simulation's chunks) are dealt from these numbers: a change
    # would deal different cards from the same seed on another version.
    assert derive_seed(0, 0) == 15378838894278201442
    assert derive_seed(7, 1, 2) == 2559918337822112641
    assert derive_seed(2**40, 3) == 15567855169570730234
    assert derive_seed(7, 1, 2) != derive_seed(7, 12)


def test_each_game_of_a_match_is_dealt_from_its_own_seed() -> None:
    cv = variant("jj-standard")
    match = Match(cv, seed=5)
    seeds = []
    for number in range(3):
        game = match.next_game()
        assert game.seed == derive_seed(5, number)
        record = make_record(game)
        assert record["seed"] == derive_seed(5, number)
        seeds.append(game.seed)
        _play_out(game)
        again = replay_record(cv, make_record(game))
        assert again.ok
        assert again.game.outcome == game.outcome
    assert len(set(seeds)) == 3


@pytest.mark.parametrize("first_dealer", [0, 2])
def test_the_previous_emperor_deals_the_next_game_whatever_his_seat(first_dealer: int) -> None:
    cv = variant(
        "lianzhong-simple",
        **{"deal.first_dealer": first_dealer, "deal.next_dealer": "previous_emperor"},
    )
    emperors = set()
    for seed in SEEDS:
        first, second = _first_two(cv, seed)
        assert first.dealer == first_dealer
        if first.emperor >= 0:
            emperors.add(first.emperor)
            assert second.dealer == first.emperor, seed
        else:
            assert second.dealer == first_dealer, seed
    # Seat 0 is among them: an emperor in seat 0 deals too (not the first dealer).
    assert emperors == {0, 1, 2, 3, 4}


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        ("first_finisher", lambda game, first_dealer: game.outcome.finish[0]),
        ("fixed", lambda game, first_dealer: first_dealer),
    ],
)
def test_the_other_next_dealer_rules(rule, expected) -> None:
    cv = variant("lianzhong-simple", **{"deal.first_dealer": 3, "deal.next_dealer": rule})
    dealers = set()
    for seed in range(10):
        first, second = _first_two(cv, seed)
        assert second.dealer == expected(first, 3), seed
        dealers.add(second.dealer)
    assert (len(dealers) > 1) is (rule == "first_finisher")


def test_no_next_game_while_the_current_one_is_played() -> None:
    match = Match(variant("jj-standard"), seed=1)
    game = match.next_game()
    game.apply(game.default_action())
    with pytest.raises(ValueError, match=r"^The current game is not finished yet\.$"):
        match.next_game()
    assert match.games == [game]


def _declined(game: Game) -> None:
    """Nobody ascends: the game ends unscored after the last redeal."""
    while not game.finished:
        options = game.legal_actions()
        declines = [a for a in options if a in (A.ABDICATE, A.PASS, A.NO_GRAB)]
        game.apply(declines[0] if declines else options[0])


def test_the_match_totals_add_up_each_scored_game_and_skip_the_others() -> None:
    match = Match(variant("jj-standard"), seed=3)
    expected = [0] * 5
    unfinished = match.next_game()
    match.record_result(unfinished)  # a game in progress adds nothing
    assert match.totals == [0] * 5
    _play_out(unfinished)
    scored = 0
    for number in range(4):
        game = unfinished if number == 0 else match.next_game()
        if number == 2:
            _declined(game)
        else:
            _play_out(game)
        assert game.outcome is not None
        if game.outcome.score is not None:
            scored += 1
            expected = [t + p for t, p in zip(expected, game.outcome.score.points, strict=True)]
        else:
            assert game.outcome.unscored_reason is not None
        match.record_result(game)
        assert match.totals == expected, number
    assert scored == 3
    assert any(expected)
