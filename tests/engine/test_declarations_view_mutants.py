"""Declarations and what a seat sees: cases found by mutation testing (`make mutation`,
docs/development.md).

docs/rules.md §5 (open or hidden guard and solo, rebellion 造反, kicks 踢) and §7 (托管: what
automatic play answers), and what each seat is shown: the observation an API client
reads (``Game.observe``) and the view a bot decides from (``Game.view``).
"""

from __future__ import annotations

from typing import Any

from baohuang.engine import actions as A
from baohuang.engine.cards import RANK_NAMES
from baohuang.engine.game import Game
from baohuang.engine.narration import Narrator
from tests.engine.rigging import answer, bundled, play_until, rigged, variant
from tests.engine.rule_coverage import to_play

#: Fixed guard: seat 0 holds the emperor card, seat 1 the guard card.
HANDS = [["BJ*", "7s", "8s"], ["SJ*", "9s"], ["Js", "Jh"], ["Qs", "Qh"], ["Ks", "Kh"]]

#: Seat 0 holds both marked cards: a solo emperor, hidden unless he says so.
SOLO = [["BJ*", "SJ*", "8s"], ["9s", "9h"], ["Js", "Jh"], ["Qs", "Qh"], ["Ks", "Kh"]]


def _weihai(**changes: Any) -> Game:
    """baike-weihai (rebellion 2, kicks) after the grab window and the emperor's ascent."""
    cv = variant("baike-weihai", **changes) if changes else bundled("baike-weihai")
    game = rigged(cv, HANDS)
    answer(game, *[A.NO_GRAB] * 5, A.ASCEND)
    return game


def _told(narrator: Narrator) -> list[str]:
    return [step.text.code for step in narrator.steps]


# --------------------------------------------------------------------------- §7 托管


def test_automatic_play_keeps_every_declaration_hidden_and_quiet():
    # 托管: the guard stays hidden, the solo emperor stays hidden, nobody rebels or kicks.
    game = _weihai()
    assert game.view(1).question == "guard"
    assert game.default_action() == A.HIDDEN_GUARD
    answer(game, A.HIDDEN_GUARD)
    assert game.view(game.to_act).question == "rebel"
    assert game.default_action() == A.NO_REBEL
    answer(game, A.NO_REBEL, A.REBEL, A.REBEL, A.NO_REBEL)
    assert game.view(game.to_act).question == "royal_kick"
    assert game.default_action() == A.NO_KICK

    solo = rigged(variant("baike-weihai", **{"declarations.kick": None}), SOLO)
    answer(solo, *[A.NO_GRAB] * 5, A.ASCEND)
    assert solo.view(0).question == "solo"
    assert solo.default_action() == A.HIDDEN_SOLO


# --------------------------------------------------------------------------- §5 solo


def test_an_emperor_who_plays_alone_openly_is_told_as_such():
    cv = variant("baike-weihai", **{"declarations.kick": None})
    narrator = Narrator(rigged(cv, SOLO))
    for action in [*[A.NO_GRAB] * 5, A.ASCEND, A.OPEN_SOLO]:
        narrator.apply(action)
    game = narrator.game
    assert game.phase == "play"
    assert game.observe(3)["solo"] == "open"
    assert "event_solo_open" in _told(narrator)


def test_under_bie6_a_solo_who_chose_open_is_not_rebelled_against():
    # 憋六: the rebels choose while the solo emperor chooses, not knowing his choice. He
    # chose open, so the two rebels' declarations make no rebellion (nothing to reveal).
    narrator = Narrator(rigged(bundled("tcy-bie6"), SOLO))
    for action in (A.ASCEND, A.OPEN_SOLO, A.REBEL, A.REBEL, A.NO_REBEL, A.NO_REBEL):
        narrator.apply(action)
    game = narrator.game
    assert game.phase == "play"
    assert game.observe(3)["solo"] == "open"
    assert game.observe(3)["rebels_declared"] == [1, 2]
    assert "rebellion" not in game.observe(3)["events"]
    assert "event_solo_open" in _told(narrator)


# --------------------------------------------------------------------------- §5 rebellion, kick

#: Tribute by whether the guard was open (rule 0) or hidden (rule 1) at the end.
_BY_GUARD = [
    {
        "when": {"guard": guard},
        "give": [{"who": "rebels", "count": 1}],
        "take": [{"who": "emperor", "count": 2}, {"who": "guard", "count": 1}],
    }
    for guard in ("open", "hidden")
]


def test_a_rebellion_opens_the_guard_for_the_tribute_too():
    cv = variant(
        "baike-weihai",
        **{"declarations.kick": None, "tribute": {"card": "highest", "rules": _BY_GUARD}},
    )
    rules = []
    for rebels in ([2, 3], [3]):  # two rebels make a rebellion, one does not
        game = rigged(cv, HANDS)
        answer(game, *[A.NO_GRAB] * 5, A.ASCEND, A.HIDDEN_GUARD)
        answer(game, *[A.REBEL if s in rebels else A.NO_REBEL for s in (1, 2, 3, 4)])
        play_until(game, lambda g: False)
        assert game.outcome is not None
        rules.append(game.outcome.tribute.rule)
    assert rules == [0, 1]


def test_the_rebels_kick_when_enough_do_whoever_they_are():
    # Two of the three rebels kick an open guard: the last two asked count as well.
    game = _weihai()
    answer(game, A.OPEN_GUARD, A.NO_KICK, A.KICK, A.KICK)
    assert game.phase == "play"
    assert "kick" in game.observe(0)["events"]


def test_the_rebels_asked_to_kick_are_the_seats_after_the_emperor_but_the_guard():
    # The emperor (2) sits after his guard (0): the rebels are asked in turn from the
    # emperor's next seat, round the table, the open guard left out: 3, 4, then 1.
    hands = [["SJ*", "9s"], ["Qs", "Qh"], ["BJ*", "7s", "8s"], ["Js", "Jh"], ["Ks", "Kh"]]
    game = rigged(bundled("baike-weihai"), hands)
    answer(game, *[A.NO_GRAB] * 5, A.ASCEND)
    assert (game.emperor, game.guard) == (2, 0)
    answer(game, A.OPEN_GUARD)
    asked = []
    while game.phase == "declarations":
        asked.append((game.to_act, game.view(game.to_act).question))
        answer(game, A.NO_KICK)
    assert asked == [(3, "rebel_kick"), (4, "rebel_kick"), (1, "rebel_kick")]


# --------------------------------------------------------------------------- what a seat sees


def test_before_the_crowning_a_hand_reads_high_to_low_and_nobody_is_emperor():
    game = rigged(bundled("baike-weihai"), HANDS)
    seen = game.observe(0)
    assert seen["phase"] == "bidding"
    assert seen["hand"] == ["BJ*", "8s", "7s"]
    assert seen["emperor"] is None
    assert seen["emperor_card_holder"] == 0


def test_in_play_the_emperor_card_holder_is_no_longer_shown_and_a_bot_holds_counts():
    game = rigged(bundled("baike-common"), HANDS)
    to_play(game)
    assert game.observe(3)["emperor_card_holder"] is None
    view = game.view(0)
    assert view.hand == ()
    assert sum(view.counts) == 3


def test_after_the_game_a_hidden_guard_is_shown_and_the_cards_left_read_by_rank():
    game = _weihai(**{"declarations.kick": None})
    answer(game, A.HIDDEN_GUARD, *[A.NO_REBEL] * 4)
    assert game.observe(3)["guard"] is None
    play_until(game, lambda g: False)
    seen = game.observe(3)
    assert seen["phase"] == "finished"
    assert seen["guard"] == 1
    assert seen["hand"] == ["Q"]  # ranks, as in play (the game ends with one side out)


def test_a_bot_knows_the_rank_the_emperor_called():
    hands = [["4s", "7h"], ["9d", "Qs"], ["BJ*", "4s", "4s", "Ks"], ["4s", "Jh"], ["Kd", "Ac"]]
    game = rigged(variant("hd", **{"bidding.guard.min_identical": 2}), hands)
    to_play(game)
    called = game.view(0).called_rank
    assert called is not None
    assert RANK_NAMES[called] == "4"
