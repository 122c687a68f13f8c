"""Records and replays: cases found by mutation testing (`make mutation`, docs/development.md).
Where a replay stops, and what its error says (text, code and params), whether
the actions came as record text or as the engine's action values."""

from __future__ import annotations

from baohuang.engine import actions as A
from baohuang.engine.actions import format_action
from baohuang.engine.game import Game
from baohuang.engine.record import replay, summary
from baohuang.i18n import speaking
from tests.engine.rigging import bundled
from tests.engine.rule_coverage import legal, play, to_play


def _opening(cv) -> list[A.Action]:
    """The actions of seed 0 up to the emperor's first lead."""
    game = Game.new(cv, 0)
    to_play(game)
    return list(game.history)


def test_a_replay_of_action_values_names_the_refused_action_as_record_text():
    cv = bundled("jj-standard")
    actions = _opening(cv)
    game = Game.new(cv, 0)
    for action in actions:
        game.apply(action)
    refused = next(p for p in [play("BJ BJ BJ BJ"), play("3 3 3 3 3")] if p not in legal(game))
    result = replay(cv, 0, [*actions, refused, A.PASS])
    assert not result.ok
    error = result.error
    assert error is not None
    assert error.index == len(actions)
    assert error.action == format_action(refused)
    assert isinstance(error.action, str)
    # Given as text, the same action is reported as it was written.
    text = replay(cv, 0, [*map(format_action, actions), format_action(refused)])
    assert text.error is not None
    assert text.error.action == format_action(refused)
    assert text.error.as_dict()["code"] == error.as_dict()["code"]


def test_a_replay_error_as_json_has_reason_code_and_params():
    cv = bundled("jj-standard")
    result = replay(cv, 0, ["ascend", "nonsense"])
    assert result.error is not None
    with speaking("en"):
        data = result.error.as_dict()
    assert data == {
        "index": 1,
        "action": "nonsense",
        "reason": "'nonsense' is not an action: write a word such as pass, ascend or "
        "abdicate, 'call:4s', or 'play' followed by cards.",
        "code": "not_an_action",
        "params": {"action": "nonsense"},
    }
    with speaking("zh"):
        assert result.error.as_dict()["code"] == "not_an_action"


def test_the_summary_of_a_game_in_progress_has_no_score():
    game = Game.new(bundled("jj-standard"), 0)
    to_play(game)
    seen = summary(game)
    assert not seen["finished"]
    assert seen["phase"] == "play"
    for key in ("points", "money", "outcome", "multiplier", "tribute", "unscored_reason"):
        assert seen[key] is None, key
    assert seen["shut_in"] == []


def test_a_play_the_deck_cannot_hold_is_refused_for_the_deck_even_during_the_bidding():
    # tcy-bie3 keeps 5 of the 16 threes: six threes are no play of this variant, whoever
    # makes it and whenever; the record is refused for what the deck holds.
    cv = bundled("tcy-bie3")
    result = replay(cv, 0, ["play 3 3 3 3 3 3"])
    assert result.error is not None
    assert result.game.phase == "bidding"
    with speaking("en"):
        data = result.error.as_dict()
    assert data["index"] == 0
    assert data["code"] == "not_in_deck"
    assert data["reason"] == (
        "The deck holds only 5 threes (16 in 4 decks, 11 removed at random each deal); "
        "the play has 6."
    )
    assert data["params"]["reason"]["code"] == "rank_limited"


def test_the_summary_names_no_emperor_before_anyone_ascends():
    # jj-standard: the emperor is whoever ascends in the bidding; before that, nobody.
    game = Game.new(bundled("jj-standard"), 0)
    assert game.phase == "bidding"
    seen = summary(game)
    assert seen["emperor"] is None
    to_play(game)
    assert summary(game)["emperor"] == game.emperor >= 0
