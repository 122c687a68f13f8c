"""Why each seat got its points: the settlement's explanation (docs/rules.md §8).

The figures asserted here are docs/rules.md's (§8.1 formula, §8.2 solo, §8.3 doublings, §8.4
Weihai equal shares, §8.6 money), written out in the test; the property test checks that
what the explanation adds up to is the score, for random results of every bundled variant
and for seeded games told by the narrator.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from baohuang.bots import make_policy
from baohuang.engine.compiled import CompiledVariant, compile_variant
from baohuang.engine.game import Game
from baohuang.engine.narration import Narrator, tell
from baohuang.engine.reasons import Reason, say
from baohuang.engine.score_reasons import explain
from baohuang.engine.scoring import GameResult, Score, make_result, score
from baohuang.i18n import speaking
from baohuang.rules import bundled_variant_paths, load_bundled
from tests.api.test_i18n import english_in
from tests.engine.rigging import variant as changed_variant

_HAN = re.compile(r"[\u4e00-\u9fff]")
VARIANTS = [path.stem for path in bundled_variant_paths()]


def _cv(variant: str) -> CompiledVariant:
    return compile_variant(load_bundled(variant))


def _explained(
    variant: str, shut_in: tuple[int, ...] = (), **result: Any
) -> tuple[Score, list[Reason]]:
    cv = _cv(variant)
    game = make_result(**result)
    scored = score(cv, game)
    return scored, explain(cv, game, scored, shut_in=shut_in)


def _by_code(said: list[Reason], code: str) -> list[Reason]:
    return [r for r in said if r.code == code]


# --------------------------------------------------------------------------- the right row


def test_baike_common_emperor_first_guard_second_is_the_first_row() -> None:
    # §8.1: emperor 1st, guard 2nd → guard 3, emperor 6, each rebel −3.
    scored, said = _explained("baike-common", emperor=2, guard=4, finish=[2, 4, 0, 1, 3])

    assert said[0] == (
        "Emperor 1st out, guard 2nd out — scoring table, row 1: emperor 6, guard 3, each rebel -3."
    )
    assert said[1] == "Nothing doubles the points: all points × 1."
    assert said[2:] == [
        "The emperor (seat 2): 6 × 1 = 6.",
        "The guard (seat 4): 3 × 1 = 3.",
        "Each rebel (seat 0, seat 1 and seat 3): -3 × 1 = -3.",
    ]
    assert scored.points == (-3, -3, 6, -3, 3)


def test_baike_common_emperor_fourth_guard_fifth() -> None:
    # §8.1: emperor 4th, guard 5th → guard −3, emperor −6, rebels +3 (row 16 of the file).
    _, said = _explained("baike-common", emperor=0, guard=1, finish=[2, 3, 4, 0, 1])

    row = said[0]
    assert row.params["row"] == 16
    assert row.params["figures"].params == {"e": -6, "g": -3, "r": 3}
    assert "Emperor 4th out, guard 5th out" in row


def test_open_and_hidden_solo_name_the_emperors_place() -> None:
    # §8.2: open solo, emperor 1st → +24 / −6 each; hidden solo, emperor 2nd → 0 / 0.
    _, said = _explained("baike-common", emperor=3, guard=None, finish=[3, 0, 1, 2, 4], solo="open")
    assert said[0] == (
        "Open solo, emperor 1st out — open solo table, row 1: emperor 24, each other player -6."
    )
    assert said[-1] == "Each of the other four (seat 0, seat 1, seat 2 and seat 4): -6 × 1 = -6."

    _, said = _explained(
        "baike-common", emperor=3, guard=None, finish=[0, 3, 1, 2, 4], solo="hidden"
    )
    assert said[0] == (
        "Hidden solo, emperor 2nd out — hidden solo table, row 2: emperor 0, each other player 0."
    )


def test_a_capped_stake_says_what_it_would_have_been() -> None:
    cv = changed_variant("baike-weihai", **{"scoring.max_multiplier": 2})
    game = make_result(emperor=0, guard=1, finish=[0, 1, 2, 3, 4], events=["rebellion", "kick"])
    said = explain(cv, game, score(cv, game))
    assert said[1] == (
        "Doublings: rebellion: points × 2, successful kick: points × 2; × 4, capped (封顶) at "
        "× 2: all points × 2."
    )
    assert said[2] == "The emperor (seat 0): 9 × 2 = 18."
    with speaking("zh"):
        assert "封顶×2" in say(explain(cv, game, score(cv, game))[1])


def test_a_solo_that_doubles_says_so() -> None:
    # 憋三 doubles a solo (独打翻倍, §8.3), and an open solo is 明打 too: emperor 1st →
    # 24 × 4 = 96.
    scored, said = _explained(
        "tcy-bie3", emperor=1, guard=None, finish=[1, 0, 2, 3, 4], solo="open"
    )
    assert said[1] == "Doublings: solo: points × 2, open solo: points × 2; all points × 4."
    assert "The emperor (seat 1): 24 × 4 = 96." in said
    assert scored.points[1] == 96


def test_weihai_rebellion_uses_the_known_guard_table_and_doubles() -> None:
    # §8.4: with a successful rebellion emperor and guard share equally, (1, 2) → 9/9/−6;
    # §8.3 Weihai: a rebellion doubles, and a successful kick (the royals kicked, won) too.
    _, said = _explained(
        "baike-weihai",
        emperor=0,
        guard=1,
        finish=[0, 1, 2, 3, 4],
        events=["rebellion", "kick"],
    )
    assert said[0] == (
        "Emperor 1st out, guard 2nd out — scoring table when the guard is known, row 1: "
        "emperor 9, guard 9, each rebel -6."
    )
    assert said[1] == (
        "Doublings: rebellion: points × 2, successful kick: points × 2; all points × 4."
    )
    assert said[2:] == [
        "The emperor (seat 0): 9 × 4 = 36.",
        "The guard (seat 1): 9 × 4 = 36.",
        "Each rebel (seat 2, seat 3 and seat 4): -6 × 4 = -24.",
    ]


def test_a_kick_that_fails_does_not_double() -> None:
    # The royals kicked after the rebellion but lost: only the rebellion doubles.
    _, said = _explained(
        "baike-weihai",
        emperor=0,
        guard=1,
        finish=[2, 3, 4, 0, 1],
        events=["rebellion", "kick"],
    )
    assert said[1] == "Doublings: rebellion: points × 2; all points × 2."


# --------------------------------------------------------------------------- money


def test_jj_money_stake_fee_and_automatic_penalty() -> None:
    # §8.6 JJ: base 100, fee 20, 6 points → 580; an automatic player also pays 6 × base,
    # split among his teammates. The guard (seat 1) went automatic: 300 − 600 − 20.
    scored, said = _explained(
        "jj-standard", emperor=0, guard=1, finish=[0, 1, 2, 3, 4], automatic=[1]
    )
    assert "Money = points × 100 − a table fee of 20 per player and game." in said
    assert "Seat 1 went automatic (托管): he pays 600 (6 × the stake), shared by seat 0." in said
    assert said[-1] == "Money per seat: 1180, -320, -320, -320, -320."
    assert scored.money == (1180, -320, -320, -320, -320)


def test_hd_cap_to_what_each_carried() -> None:
    # §8.6: a winner wins at most what he carried; a loser stops at what he has.
    scored, said = _explained(
        "hd", emperor=0, guard=1, finish=[0, 1, 2, 3, 4], carried=[4, 50, 50, 2, 50]
    )
    caps = _by_code(said, "score_cap")
    assert caps == [
        "Seat 0 carried 4: his 6 is capped at 4.",
        "Seat 3 carried 2: his -3 is capped at -2.",
    ]
    assert said[-1] == "Money per seat: 4, 3, -3, -2, -3."
    assert scored.money == (4, 3, -3, -2, -3)


def test_hd_game_without_carried_amounts_says_nothing_is_capped() -> None:
    scored, said = _explained("hd", emperor=0, guard=1, finish=[0, 1, 2, 3, 4])
    assert _by_code(said, "score_cap_unknown")
    assert not _by_code(said, "score_money")  # the money is the points
    assert scored.money == scored.points


def test_lianzhong_quit_penalty_is_only_deducted() -> None:
    # Lianzhong: 强行退出…将被扣去40分, nobody receives it.
    scored, said = _explained(
        "lianzhong-classic", emperor=0, guard=1, finish=[0, 1, 2, 3, 4], quit=[4]
    )
    assert (
        "Seat 4 quit the game in progress: he pays 40 (40 × the stake); it is only deducted."
        in said
    )
    assert said[-1] == "Money per seat: 6, 3, -3, -3, -43."
    assert scored.money == (6, 3, -3, -3, -43)


# --------------------------------------------------------------------------- shut in (闷)


def test_shut_in_seat_is_named_and_owes_the_shut_in_tribute() -> None:
    _, said = _explained("tcy-bie3", shut_in=(3,), emperor=0, guard=1, finish=[2, 4, 0, 1, 3])
    assert said[-1] == (
        "Seat 3 is shut in (闷) with held-back cards: that does not change the points; "
        "he owes a shut-in tribute (闷贡) next game."
    )


def _played(variant: str, seed: int) -> Narrator:
    cv = _cv(variant)
    narrator = Narrator(Game.new(cv, seed))
    policy = make_policy("heuristic", cv)
    rng = random.Random(seed)
    game = narrator.game
    while not game.finished:
        narrator.apply(policy.act(game.view(game.to_act), game.legal_actions(), rng))
    return narrator


def test_a_played_bie3_game_with_a_shut_in_seat_tells_it_after_the_settlement() -> None:
    for seed in range(40):
        narrator = _played("tcy-bie3", seed)
        outcome = narrator.game.outcome
        assert outcome is not None
        if outcome.score is not None and outcome.shut_in:
            break
    else:
        pytest.fail("no shut-in game in 40 seeds")
    codes = [s.text.code for s in narrator.steps]
    settled = codes.index("settled")
    told = [s.text for s in narrator.steps[settled + 1 :] if s.text.code.startswith("score_")]
    assert told[0].code == "score_row"
    assert [r.params["seat"] for r in told if r.code == "score_shut_in_tribute"] == list(
        outcome.shut_in
    )


# --------------------------------------------------------------------------- it adds up


def _check_adds_up(result: GameResult, scored: Score, said: list[Reason]) -> None:
    """The explanation's row, doublings and role lines give exactly the score."""
    row = said[0]
    assert row.code == "score_row"
    figures = row.params["figures"].params
    if result.solo is None:
        by_role = {"emperor": figures["e"], "guard": figures["g"], "rebel": figures["r"]}
    else:
        by_role = {"emperor": figures["e"], "other": figures["o"]}
    doublings = said[1]
    if doublings.code == "score_no_doubling":
        multiplier = 1
    else:
        multiplier = 1
        for item in doublings.params["items"].params["items"]:
            multiplier *= item.params["factor"] ** item.params.get("times", 1)
        if doublings.code == "score_doublings_capped":
            assert doublings.params["product"] == multiplier
            assert doublings.params["multiplier"] < multiplier
            multiplier = doublings.params["multiplier"]  # 封顶
        assert doublings.params["multiplier"] == multiplier
    points: dict[int, int] = {}
    for line in _by_code(said, "score_role"):
        role = line.params["role"].code.removeprefix("score_role_")
        assert line.params["base"] == by_role[role]
        assert line.params["multiplier"] == multiplier
        assert line.params["points"] == by_role[role] * multiplier
        for seat_word in line.params["seats"].params["items"]:
            assert seat_word.params["seat"] not in points
            points[seat_word.params["seat"]] = line.params["points"]
    assert tuple(points[s] for s in range(5)) == scored.points
    money = _by_code(said, "score_money")
    if money:
        figures_told = [int(m) for m in money[0].params["money"].params["items"]]
        assert tuple(figures_told) == scored.money
    else:
        assert scored.money == scored.points


def _random_result(cv: CompiledVariant, rng: random.Random) -> GameResult:
    finish = rng.sample(range(5), 5)
    emperor = rng.randrange(5)
    solo = rng.choice([None, None, None, "open", "hidden"])
    events: list[str] = []
    if solo is None:
        guard = rng.choice([s for s in range(5) if s != emperor])
        events += rng.sample(["open_guard", "rebellion", "guard_known"], rng.randrange(3))
        if {"open_guard", "rebellion"} & set(events):
            events += ["kick"] * rng.randrange(3)
    else:
        guard = None
        if solo == "hidden" and rng.random() < 0.3:
            events.append("rebellion")
        if rng.random() < 0.3:
            events.append("grabbed_solo")
    automatic = rng.sample(range(5), rng.choice([0, 0, 1, 2]))
    quit_ = rng.sample(range(5), rng.choice([0, 0, 0, 1]))
    carried = [rng.randrange(0, 30) for _ in range(5)] if rng.random() < 0.4 else None
    return make_result(emperor, guard, finish, solo, events, automatic, carried, quit_)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_explanation_adds_up_to_the_score_for_random_results(variant: str) -> None:
    cv = _cv(variant)
    rng = random.Random(variant)
    for _ in range(300):
        result = _random_result(cv, rng)
        base = rng.choice([None, None, 3])
        fee = rng.choice([None, None, 2])
        scored = score(cv, result, base=base, table_fee=fee)
        said = explain(cv, result, scored, base=base, table_fee=fee)
        _check_adds_up(result, scored, said)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_narrated_game_tells_why_right_after_the_settlement(variant: str) -> None:
    scored_games = 0
    for seed in range(3):
        narrator = _played(variant, seed)
        game = narrator.game
        result = game.result()
        if result is None:
            continue
        assert game.outcome is not None
        assert game.outcome.score is not None
        scored_games += 1
        codes = [s.text.code for s in narrator.steps]
        settled = codes.index("settled")
        told = [s.text for s in narrator.steps[settled + 1 :] if s.text.code != "tribute_owed"]
        assert told == explain(game.cv, result, game.outcome.score, game.outcome.shut_in)
        _check_adds_up(result, game.outcome.score, told)
    assert scored_games


# --------------------------------------------------------------------------- in Chinese


def test_every_sentence_of_the_explanation_is_chinese() -> None:
    seen: set[str] = set()
    for variant in VARIANTS:
        cv = _cv(variant)
        rng = random.Random(f"zh {variant}")
        for _ in range(60):
            result = _random_result(cv, rng)
            scored = score(cv, result)
            said = explain(cv, result, scored, shut_in=rng.sample(range(5), rng.randrange(2)))
            with speaking("zh"):
                for why in said:
                    seen.add(why.code)
                    for text in (say(why), tell(why)):
                        assert _HAN.search(text), (why.code, text)
                        assert english_in(text) == [], (why.code, str(why), text)
    assert {
        "score_row",
        "score_doublings",
        "score_no_doubling",
        "score_role",
        "score_money_rate",
        "score_automatic_fine",
        "score_quit_fine",
        "score_cap",
        "score_cap_unknown",
        "score_money",
        "score_shut_in",
        "score_shut_in_tribute",
    } <= seen


def test_the_chinese_names_places_and_events_in_the_games_words() -> None:
    _, said = _explained(
        "baike-weihai", emperor=0, guard=1, finish=[0, 1, 2, 3, 4], events=["rebellion"]
    )
    with speaking("zh"):
        assert (
            say(said[0])
            == "皇帝头客、侍卫二客——侍卫身份公开时的积分表第 1 行：皇帝 9，侍卫 9，每个平民 -6。"
        )
        assert say(said[1]) == "翻倍：造反：分数×2；全部分数×2。"
        assert say(said[4]) == "每个平民（座位 2、座位 3、座位 4）：-6 × 2 = -12。"
