"""The heuristic player (issue 5): sensible bidding and play, and it beats random play."""

from __future__ import annotations

import random

from baohuang.bots import HeuristicPolicy
from baohuang.engine import actions as A
from baohuang.engine.cards import BJ, NUM_RANKS, SJ, STK1, TOP, TWO
from baohuang.engine.compiled import compile_variant
from baohuang.engine.game import SeatView
from baohuang.rules import load_bundled
from baohuang.simulation import tournament

CV = compile_variant(load_bundled("baike-common"))
RNG = random.Random(0)


def counts(**by_rank: int) -> tuple[int, ...]:
    row = [0] * NUM_RANKS
    for rank, n in by_rank.items():
        row[int(rank[1:])] = n
    return tuple(row)


def play_view(c: tuple[int, ...], trick: tuple[int, ...] | None, **kw: object) -> SeatView:
    """A play-phase view of seat 1 (a rebel; emperor 0) with hand counts `c`."""
    sizes = kw.pop("hand_sizes", (20, sum(c), 20, 20, 20))
    fields: dict[str, object] = {
        "seat": 1,
        "phase": "play",
        "question": "lead" if trick is None else "follow",
        "hand": (),
        "counts": c,
        "hand_sizes": sizes,
        "emperor": 0,
        "known_partner": None,
        "i_am_guard": False,
        "public_guard": None,
        "solo": None,
        "trick": trick,
        "trick_owner": None if trick is None else 0,
        "finish": (),
        "played": (0,) * NUM_RANKS,
        "rebels_declared": (),
        "events": (),
        "hold_back": (),
    }
    fields.update(kw)
    return SeatView(**fields)  # type: ignore[arg-type]


def test_leads_its_lowest_group_whole() -> None:
    policy = HeuristicPolicy(CV)
    c = counts(r2=3, r5=1, r9=2, r14=1)  # three 5s, one 8, two Qs, one big joker
    assert policy.act(play_view(c, None), [(2, 2, 2), (5,), (14,), A.AUTO], RNG) == (2, 2, 2)


def test_goes_out_when_the_whole_hand_is_one_play() -> None:
    policy = HeuristicPolicy(CV)
    c = counts(r7=3, r13=1)
    whole = (13, 7, 7, 7)
    assert policy.act(play_view(c, None), [(7,), whole, A.AUTO], RNG) == whole


def test_follows_with_a_whole_small_set_and_keeps_jokers() -> None:
    policy = HeuristicPolicy(CV)
    c = counts(r0=5, r1=5, r3=4, r5=2, r6=3, r8=1, r10=3, r13=2, r14=2)  # 27 cards
    legal = [(5, 5), (6, 6), (13, 5), (13, 13), (14, 14), A.PASS, A.AUTO]
    assert policy.act(play_view(c, (4, 4)), legal, RNG) == (5, 5)
    # Against a pair of 2s only jokers answer; far from the end it passes.
    legal = [(13, 13), (14, 13), (14, 14), A.PASS, A.AUTO]
    assert policy.act(play_view(c, (TWO, TWO)), legal, RNG) == A.PASS


def test_spends_jokers_when_an_opponent_is_about_to_go_out() -> None:
    policy = HeuristicPolicy(CV)
    c = counts(r3=4, r5=2, r8=1, r13=2, r14=2)
    legal = [(SJ,), (BJ,), A.PASS, A.AUTO]
    view = play_view(c, (TWO,), hand_sizes=(2, 11, 20, 20, 20))
    assert policy.act(view, legal, RNG) == (SJ,)


def test_never_beats_a_known_partner() -> None:
    policy = HeuristicPolicy(CV)
    c = counts(r3=4, r5=2, r8=1, r13=2, r14=2)
    # Seat 1 is the guard: the emperor (seat 0) owns the trick.
    view = play_view(c, (4, 4), i_am_guard=True, known_partner=0)
    assert policy.act(view, [(5, 5), (13, 13), A.PASS, A.AUTO], RNG) == A.PASS


def test_bids_on_hand_strength() -> None:
    policy = HeuristicPolicy(CV)
    strong = [c for c in range(52, 54) for _ in range(3)] + [48, 49, 50, 51] * 2 + list(range(30))
    weak = list(range(0, 40))
    for hand, expected in ((strong, A.ASCEND), (weak, A.ABDICATE)):
        c = [0] * NUM_RANKS
        for card in hand:
            c[min(card // 4, 13) if card < 52 else 13 + (card - 52)] += 1
        view = play_view(
            tuple(c),
            None,
            phase="bidding",
            question="offer",
            hand=tuple(hand),
            hand_sizes=(43, len(hand), 43, 43, 43),
            emperor=None,
        )
        assert policy.act(view, [A.ASCEND, A.ABDICATE, A.AUTO], RNG) == expected


def test_heuristic_plays_a_whole_game_quickly_without_listing_most_moves() -> None:
    # Smoke test of the lazy path: the heuristic answers most plays from its counts.
    from baohuang.simulation.runner import play_game

    game = play_game(CV, 5, [HeuristicPolicy(CV)] * 5, random.Random(5))
    assert game.finished


def test_heuristic_beats_random_by_a_clear_margin() -> None:
    duel = tournament(CV, deals=60, seed=2024, a="heuristic", b="random")
    points, lo, _hi = duel.margin()
    wins, wlo, _whi = duel.win_margin()
    assert duel.deals == 60
    assert lo > 0.5, f"points per seat-game: {points:+.2f}, 95% CI from {lo:+.2f}"
    assert wlo > 0.08, f"win rate: {wins:+.3f}, 95% CI from {wlo:+.3f}"
    summary = duel.summary()
    assert summary["heuristic"]["n"] == summary["random"]["n"] == 60 * 5


def test_spends_a_joker_stack_only_as_a_very_high_card() -> None:
    # wh-baohuang stacks three small jokers into one card above the big joker (叠加, STK1)
    # and ranks the emperor card (TOP) above that. Against a single big joker far from the
    # end it passes; when an opponent is about to go out it answers with what costs least:
    # the emperor card before the stack (which spends three jokers), the stack when it is
    # the only answer.
    policy = HeuristicPolicy(compile_variant(load_bundled("wh-baohuang")))
    stack = (STK1,)
    c = counts(r1=4, r3=4, r4=4, r5=2, r6=4, r8=1, r13=3, r16=1)  # 23 cards
    legal = [stack, (TOP,), A.PASS, A.AUTO]
    assert policy.act(play_view(c, (BJ,)), legal, RNG) == A.PASS
    urgent = {"hand_sizes": (2, 11, 20, 20, 20)}
    assert policy.act(play_view(c, (BJ,), **urgent), legal, RNG) == (TOP,)
    c = counts(r1=4, r3=4, r4=4, r5=2, r6=4, r8=1, r13=3)
    assert policy.act(play_view(c, (BJ,), **urgent), [stack, A.PASS, A.AUTO], RNG) == stack
