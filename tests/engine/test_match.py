"""Matches (issue 4): the dealer rotates, tribute is paid before bidding, records replay."""

from __future__ import annotations

import random
from collections import Counter

from baohuang.engine import actions as A
from baohuang.engine.compiled import compile_variant
from baohuang.engine.match import Match
from baohuang.engine.record import make_record, replay_record
from baohuang.rules import load_bundled
from tests.engine.rigging import variant


def play_out(game, rng):
    while not game.finished:
        legal = [a for a in game.legal_actions() if a != A.AUTO]
        game.apply(rng.choice(legal))


def test_qingdao_match_rotates_dealer_and_pays_tribute():
    cv = compile_variant(load_bundled("baike-qingdao"))
    match = Match(cv, seed=9)
    rng = random.Random(9)
    paid_games = 0
    previous = None
    for _ in range(6):
        game = match.next_game()
        if previous is not None:
            assert game.dealer == previous.outcome.finish[0]  # next_dealer: first_finisher
            plan = previous.outcome.tribute
            if not plan.empty:
                paid_games += 1
                assert game.tribute_plan == plan
                moved = Counter(m.receiver for m in game.tribute_paid)
                wanted = Counter()
                for seat, count in plan.takers:
                    wanted[seat] += count
                assert moved == wanted
        play_out(game, rng)
        match.record_result(game)
        again = replay_record(cv, make_record(game))
        assert again.ok
        assert again.game.outcome == game.outcome
        previous = game
    assert paid_games >= 1
    assert sum(match.totals) == 0


def test_the_deal_moves_one_seat_each_game():
    cv = variant("baike-common", **{"deal.next_dealer": "next_seat", "deal.first_dealer": 3})
    match = Match(cv, seed=9)
    rng = random.Random(9)
    dealers = []
    for _ in range(7):
        game = match.next_game()
        dealers.append(game.dealer)
        play_out(game, rng)
    assert dealers == [3, 4, 0, 1, 2, 3, 4]


def test_lianzhong_simple_next_dealer_is_previous_emperor():
    cv = compile_variant(load_bundled("lianzhong-simple"))
    match = Match(cv, seed=4)
    rng = random.Random(4)
    first = match.next_game()
    play_out(first, rng)
    second = match.next_game()
    assert second.dealer == first.emperor
