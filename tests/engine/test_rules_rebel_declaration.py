"""A rebel's own declaration (亮反) and the table dissolved after automatic play (解散), issue #33.

Deals are rigged (:mod:`tests.engine.rigging`). A rebel's declaration shows only himself as
a rebel (the guard stays hidden), is the event ``rebel_declared`` that the multipliers may
double, stacking under the cap; made at the same moment as the guard's choice, nobody sees
another's choice before all are in. A game that ends with a seat on automatic play
dissolves the table where ``play.automatic.dissolve_if_any`` says so: scored or not, and a
match ends with it.
"""

from __future__ import annotations

from typing import Any

import pytest

from baohuang.engine import actions as A
from baohuang.engine.game import Game
from baohuang.engine.match import Match
from baohuang.engine.narration import Narrator
from tests.engine.rigging import answer, rigged, variant
from tests.engine.rule_coverage import covers, legal, words

#: Fixed guard: seat 0 holds the emperor card, seat 1 the guard card.
HANDS = [["BJ*", "7s", "8s"], ["SJ*", "9s"], ["Js", "Jh"], ["Qs", "Qh"], ["Ks", "Kh"]]


def declaring(**rule: Any) -> dict[str, Any]:
    """baike-common changes: the rebel declaration `rule`, each declaration ×2."""
    return {
        "declarations.rebel_declaration": rule,
        "scoring.multipliers": [{"event": "rebel_declared", "factor": 2}],
    }


def common(**changes: Any) -> Game:
    game = rigged(variant("baike-common", **changes), HANDS)
    answer(game, A.ASCEND)
    return game


def finish(game: Game) -> None:
    """Play to the end, everyone making the first legal play."""
    while not game.finished:
        game.apply(legal(game)[0])


# --------------------------------------------------------------------------- 亮反


@covers("declarations.rebel_declaration")
@pytest.mark.parametrize("has_rule", [True, False])
def test_a_rebel_declares_himself_and_only_he_is_shown(has_rule):
    game = common(**(declaring() if has_rule else {}))
    answer(game, A.HIDDEN_GUARD)
    if not has_rule:
        assert game.phase == "play"
        assert game.observe(2)["rebels_declared"] == []
        return
    order = []
    while game.phase == "declarations":
        seat = game.to_act
        order.append(seat)
        assert game.view(seat).question == "declare_rebel"
        if seat == 1:  # the hidden guard is asked too, but cannot declare himself a rebel
            assert words(game) == {A.NO_DECLARE_REBEL}
            answer(game, A.NO_DECLARE_REBEL)
        else:
            assert words(game) == {A.DECLARE_REBEL, A.NO_DECLARE_REBEL}
            answer(game, A.DECLARE_REBEL if seat == 3 else A.NO_DECLARE_REBEL)
    assert order == [1, 2, 3, 4]
    for seat in range(5):
        seen = game.observe(seat)
        assert seen["rebels_declared"] == [3]
        assert game.view(seat).rebels_declared == (3,)
        assert seen["events"] == ["rebel_declared"]
        if seat != 1:
            assert seen["guard"] is None  # the guard stays hidden
    finish(game)
    assert game.outcome is not None
    assert game.outcome.score is not None
    assert game.outcome.score.multiplier == 2


def test_no_declaration_against_an_open_guard():
    game = common(**declaring())
    answer(game, A.OPEN_GUARD)
    assert game.phase == "play"


@covers("declarations.rebel_declaration.max_declarers")
@pytest.mark.parametrize(("most", "declared", "multiplier"), [(1, [2], 2), (4, [2, 3, 4], 8)])
def test_at_most_the_data_number_of_declarations_count_and_each_doubles(most, declared, multiplier):
    game = common(**declaring(max_declarers=most))
    answer(game, A.HIDDEN_GUARD, A.NO_DECLARE_REBEL)  # seat 1, the hidden guard
    while game.phase == "declarations":
        answer(game, A.DECLARE_REBEL)
    assert game.observe(0)["rebels_declared"] == declared
    assert game.public_events().count("rebel_declared") == len(declared)
    finish(game)
    assert game.outcome is not None
    assert game.outcome.score is not None
    assert game.outcome.score.multiplier == multiplier


def test_the_doublings_stack_under_the_cap():
    changes = declaring()
    changes["scoring.max_multiplier"] = 4
    game = common(**changes)
    answer(game, A.HIDDEN_GUARD, A.NO_DECLARE_REBEL, *[A.DECLARE_REBEL] * 3)
    finish(game)
    assert game.outcome is not None
    assert game.outcome.score is not None
    assert game.outcome.score.multiplier == 4  # ×8, capped


@covers("declarations.rebel_declaration.timing")
@pytest.mark.parametrize("timing", ["after_guard", "with_guard"])
def test_declarations_with_the_guards_choice_stay_hidden_until_all_are_in(timing):
    narrator = Narrator(rigged(variant("baike-common", **declaring(timing=timing)), HANDS))
    game = narrator.game
    narrator.apply(A.ASCEND)
    if timing == "after_guard":
        assert game.view(1).question == "guard"
        narrator.apply(A.HIDDEN_GUARD)
        assert [game.view(s).question for s in (game.to_act,)] == ["declare_rebel"]
        assert game.to_act == 1
        narrator.apply(A.NO_DECLARE_REBEL)
        narrator.apply(A.DECLARE_REBEL)  # seat 2: shown at once
        assert game.observe(4)["rebels_declared"] == [2]
        return
    # At the same moment: seat 1 answers the declaration (no) and his guard's choice.
    assert (game.to_act, game.view(1).question) == (1, "declare_rebel")
    narrator.apply(A.NO_DECLARE_REBEL)
    assert (game.to_act, game.view(1).question) == (1, "guard")
    narrator.apply(A.OPEN_GUARD)
    narrator.apply(A.DECLARE_REBEL)  # seat 2
    narrator.apply(A.NO_DECLARE_REBEL)  # seat 3
    assert game.to_act == 4
    for seat in range(5):
        seen = game.observe(seat)
        assert seen["rebels_declared"] == ([2] if seat == 2 else [])
        assert seen["guard"] is None  # his open choice is shown when all are in
        assert "rebel_declared" not in seen["events"]
        assert game.view(seat).rebels_declared == ((2,) if seat == 2 else ())
        for step in narrator.steps:
            told = step.as_json(seat)
            if told is not None and step.seat is not None and step.seat != seat:
                assert told["code"] not in ("declare_rebel", "no_declare_rebel", "open_guard")
    narrator.apply(A.DECLARE_REBEL)  # seat 4, the last: everything is shown
    assert game.phase == "play"
    for seat in range(5):
        seen = game.observe(seat)
        assert seen["rebels_declared"] == [2, 4]
        assert seen["guard"] == 1
        assert seen["events"].count("rebel_declared") == 2  # made beside an open guard: counted
    told = [s.as_json(0) for s in narrator.steps]
    assert any(t is not None and t["code"] == "rebels_declared_together" for t in told)


def test_a_hidden_solo_emperor_faces_four_possible_declarers():
    hands = [["BJ*", "SJ*", "8s"], ["9s", "9h"], ["Js", "Jh"], ["Qs", "Qh"], ["Ks", "Kh"]]
    game = rigged(variant("baike-common", **declaring()), hands)
    answer(game, A.ASCEND, A.HIDDEN_SOLO)
    assert words(game) == {A.DECLARE_REBEL, A.NO_DECLARE_REBEL}
    answer(game, A.DECLARE_REBEL, A.NO_DECLARE_REBEL, A.NO_DECLARE_REBEL, A.DECLARE_REBEL)
    assert game.observe(2)["rebels_declared"] == [1, 4]
    assert game.observe(2)["solo"] is None  # still hidden


def test_automatic_play_and_the_bot_decide_it():
    from baohuang.bots.heuristic import HeuristicPolicy

    game = common(**declaring())
    answer(game, A.HIDDEN_GUARD)
    assert game.default_action() == A.NO_DECLARE_REBEL
    cv = game.cv
    bot = HeuristicPolicy(cv)
    import random

    rng = random.Random(0)
    while game.phase == "declarations":
        choice = bot.act(game.view(game.to_act), game.legal_actions(), rng)
        assert choice in (A.DECLARE_REBEL, A.NO_DECLARE_REBEL)
        game.apply(choice)


# --------------------------------------------------------------------------- 解散

#: Long enough hands that the game lasts several turns.
LONG = [
    ["BJ*", "7s", "8s", "9s", "10s"],
    ["SJ*", "7h", "8h", "9h"],
    ["Js", "Jh", "6s", "6h"],
    ["Qs", "Qh", "5s", "5h"],
    ["Ks", "Kh", "4s", "4h"],
]


def played_with_seat_0_on_automatic(on_automatic: bool, **changes: Any) -> Game:
    game = rigged(variant("baike-common", **changes), LONG)
    answer(game, A.ASCEND, A.HIDDEN_GUARD)
    while not game.finished:
        if game.to_act == 0 and on_automatic:
            game.apply(A.AUTO)  # one spell, to the end
        else:
            game.apply(legal(game)[0])
    return game


@covers("play.automatic.dissolve_if_any", "7-dissolved")
@pytest.mark.parametrize("rule", ["no", "scored", "unscored"])
@pytest.mark.parametrize("on_automatic", [True, False])
def test_a_seat_on_automatic_at_the_end_dissolves_the_table(rule, on_automatic):
    game = played_with_seat_0_on_automatic(on_automatic, **{"play.automatic.dissolve_if_any": rule})
    out = game.outcome
    assert out is not None
    dissolved = on_automatic and rule != "no"
    assert out.dissolved is dissolved
    unscored = dissolved and rule == "unscored"
    assert (out.score is None) is unscored
    assert (out.unscored_reason is not None) is unscored
    if unscored:
        assert out.unscored_reason is not None
        assert out.unscored_reason.code == "unscored_dissolved"


@pytest.mark.parametrize("rule", ["no", "scored"])
def test_a_dissolved_table_ends_the_match(rule):
    cv = variant("baike-common", **{"play.automatic.dissolve_if_any": rule})
    match = Match(cv, 7)
    game = match.next_game()
    while not game.finished:
        game.apply(A.AUTO if game.to_act == 0 else legal(game)[0])
    match.record_result(game)
    assert match.dissolved is (rule != "no")
    if rule == "no":
        match.next_game()
    else:
        assert game.outcome is not None
        assert game.outcome.score is not None
        assert match.totals == list(game.outcome.score.points)  # scored, then dissolved
        with pytest.raises(ValueError, match="dissolved"):
            match.next_game()
