"""Scoring (docs/rules.md §8): the worked examples, the tables, multipliers and money."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from baohuang.engine.compiled import compile_variant
from baohuang.engine.scoring import ScoringError, make_result, score
from baohuang.rules import bundled_variant_paths, load_bundled
from tests.engine.rigging import variant


def cv(variant_id: str):
    return compile_variant(load_bundled(variant_id))


def test_lianzhong_emperor_first_guard_second():
    # docs/rules.md §8.1: emperor 1st, guard 2nd -> guard 3, emperor 6, rebels -3.
    s = score(cv("baike-common"), make_result(0, 1, [0, 1, 2, 3, 4]))
    assert s.points == (6, 3, -3, -3, -3)
    assert s.outcome == "win"


def test_lianzhong_emperor_fourth_guard_fifth():
    # docs/rules.md §8.1: emperor 4th, guard 5th -> guard -3, emperor -6, rebels +3.
    s = score(cv("baike-common"), make_result(2, 4, [0, 1, 3, 2, 4]))
    assert s.points[2] == -6
    assert s.points[4] == -3
    assert [s.points[i] for i in (0, 1, 3)] == [3, 3, 3]
    assert s.outcome == "lose"


@pytest.mark.parametrize(
    ("finish", "expected_emperor", "expected_other"),
    [([0, 1, 2, 3, 4], 24, -6), ([1, 0, 2, 3, 4], -24, 6), ([4, 3, 2, 1, 0], -24, 6)],
)
def test_open_solo(finish, expected_emperor, expected_other):
    # docs/rules.md §8.2: open solo, emperor 1st -> +24 / -6 each; anyone else 1st -> -24 / +6.
    s = score(cv("baike-common"), make_result(0, None, finish, solo="open"))
    assert s.points[0] == expected_emperor
    assert all(p == expected_other for p in s.points[1:])


@pytest.mark.parametrize(
    ("emperor_rank", "expected_emperor", "expected_other"),
    [(1, 12, -3), (2, 0, 0), (3, -12, 3), (4, -12, 3), (5, -12, 3)],
)
def test_hidden_solo(emperor_rank, expected_emperor, expected_other):
    # docs/rules.md §8.2: hidden solo 1st +12/-3, 2nd 0/0, 3rd or later -12/+3.
    finish = [1, 2, 3, 4]
    finish.insert(emperor_rank - 1, 0)
    s = score(cv("baike-common"), make_result(0, None, finish, solo="hidden"))
    assert s.points[0] == expected_emperor
    assert all(p == expected_other for p in s.points[1:])


def test_rebellion_doubles_hidden_solo_where_the_variant_says_so():
    # docs/rules.md §8.2: a successful rebellion reveals a hidden solo and doubles the result.
    base = score(cv("lianzhong-simple"), make_result(0, None, [0, 1, 2, 3, 4], solo="hidden"))
    doubled = score(
        cv("lianzhong-simple"),
        make_result(0, None, [0, 1, 2, 3, 4], solo="hidden", events=["rebellion"]),
    )
    assert doubled.points == tuple(2 * p for p in base.points)


def test_multipliers_stack():
    # docs/rules.md §8.3: open guard and rebellion and each kick double, and they stack.
    plain = score(cv("baike-weihai"), make_result(0, 1, [0, 1, 2, 3, 4]))
    kicked = score(
        cv("baike-weihai"),
        make_result(0, 1, [0, 1, 2, 3, 4], events=["rebellion", "kick", "kick"]),
    )
    assert kicked.multiplier == plain.multiplier * 2 * 2 * 2


@pytest.mark.parametrize(
    ("finish", "outcome"), [([0, 1, 2, 3, 4], "win"), ([3, 4, 2, 0, 1], "lose")]
)
def test_jj_doubles_an_open_guard_won_or_lost(finish, outcome):
    # 明保成功时，积分在此基础上翻倍: 明保成功 is the open guard that took effect (as 造反成功
    # is a rebellion that did), so a lost open guard doubles too; a hidden guard does not.
    jj = cv("jj-standard")
    opened = score(jj, make_result(0, 1, finish, events=["open_guard"]))
    hidden = score(jj, make_result(0, 1, finish))
    assert opened.outcome == hidden.outcome == outcome
    assert (opened.multiplier, hidden.multiplier) == (2, 1)


@pytest.mark.parametrize(
    ("finish", "outcome"), [([0, 1, 2, 3, 4], "win"), ([1, 0, 2, 3, 4], "draw")]
)
def test_a_hidden_solo_out_second_in_a_side_out_variant_is_a_draw(finish, outcome):
    # Seed reading (issue 33 §5): in 憋六 the side all out first wins, and a lone emperor 2nd
    # is all out first; but 明独时，皇帝必须走头科才能获胜 is taken for every solo, and the
    # hidden-solo table scores 2nd 0 / 0: a draw. Only 1st wins.
    scored = score(cv("tcy-bie6"), make_result(0, None, finish, solo="hidden"))
    assert scored.outcome == outcome
    assert (scored.points[0] > 0) is (outcome == "win")


@pytest.mark.parametrize(
    ("emperor_rank", "guard_rank", "same_as_jj"),
    [
        (1, 2, True),  # out 1st and 2nd: both rules agree (+6 / +3 / −3)
        (2, 5, True),  # guard caught last: a loss under both (−2 / −1 / +1)
        (3, 4, False),  # a rebel caught: Weihai's side out first wins, JJ's table loses
        (1, 5, False),  # the guard caught: Weihai loses, JJ's table is a draw
        (2, 4, False),  # a rebel caught: Weihai wins, JJ's table is a draw
    ],
)
def test_weihai_normal_scoring_follows_the_side_out_rule_where_jj_contradicts_it(
    emperor_rank, guard_rank, same_as_jj
):
    # Seed reading (issue 33 §1): 普通情况下…得分方法同JJ标准规则 against the same seed's
    # 先出完牌的一方获胜. The JJ table's figures are lost from the seed; where JJ's (docs/rules.md
    # §8.1) points contradict the side-out outcome the side-out rule governs, elsewhere the
    # two tables are the same.
    finish = [None] * 5
    finish[emperor_rank - 1], finish[guard_rank - 1] = 0, 1
    rest = iter([2, 3, 4])
    order = [s if s is not None else next(rest) for s in finish]
    weihai = score(cv("baike-weihai"), make_result(0, 1, order))
    jj = score(cv("jj-standard"), make_result(0, 1, order))
    side_out_first = "royals" if {order.index(0), order.index(1)} <= {0, 1, 2, 3} else "rebels"
    assert weihai.outcome == ("win" if side_out_first == "royals" else "lose")
    assert (weihai.points == jj.points) is same_as_jj
    assert (weihai.outcome == jj.outcome) is same_as_jj


@pytest.mark.parametrize(("solo", "multiplier"), [("open", 4), ("hidden", 2)])
def test_bie3_doubles_an_open_solo_as_open_and_as_solo(solo, multiplier):
    # 根据明打和独打翻倍 (seed 001): an open solo is 明打 and 独打 at once (the seed calls a
    # grabbed solo 明打，1打4), so it doubles twice; a hidden solo is only 独打.
    scored = score(cv("tcy-bie3"), make_result(0, None, [0, 1, 2, 3, 4], solo=solo))
    assert scored.multiplier == multiplier
    assert scored.points[0] == multiplier * scored.base_points[0]


def test_a_stake_cap_stops_the_stacking():
    # 封顶: rebellion and two kicks make ×8 in Weihai; capped at ×4 every seat pays ×4.
    capped = variant("baike-weihai", **{"scoring.max_multiplier": 4})
    result = make_result(0, 1, [0, 1, 2, 3, 4], events=["rebellion", "kick", "kick"])
    free = score(cv("baike-weihai"), result)
    held = score(capped, result)
    assert free.multiplier == 8
    assert held.multiplier == 4
    assert held.points == tuple(4 * p for p in held.base_points)
    assert sum(held.points) == 0
    # Below the cap nothing changes.
    once = make_result(0, 1, [0, 1, 2, 3, 4], events=["rebellion"])
    assert score(capped, once) == score(cv("baike-weihai"), once)


def test_weihai_equal_shares_when_guard_known():
    # docs/rules.md §8.4: with an open guard or a successful rebellion, emperor and guard score
    # the same points, and the table stays zero-sum.
    for finish in ([0, 1, 2, 3, 4], [2, 0, 3, 1, 4], [3, 4, 2, 0, 1]):
        s = score(cv("baike-weihai"), make_result(0, 1, finish, events=["open_guard"]))
        assert s.points[0] == s.points[1]
        assert sum(s.points) == 0


def test_jj_money_example():
    # docs/rules.md §8.6: base 100, fee 20, points 6 -> 580 (guard 280, rebels -320).
    s = score(cv("jj-standard"), make_result(0, 1, [0, 1, 2, 3, 4]), base=100, table_fee=20)
    assert s.points == (6, 3, -3, -3, -3)
    assert s.money == (580, 280, -320, -320, -320)


def test_jj_open_guard_doubles():
    s = score(cv("jj-standard"), make_result(0, 1, [0, 1, 2, 3, 4], events=["open_guard"]))
    assert s.points == (12, 6, -6, -6, -6)
    lost = score(cv("jj-standard"), make_result(0, 1, [2, 3, 4, 0, 1], events=["open_guard"]))
    assert lost.multiplier == 2  # 明保成功: declared, whoever wins


def test_automatic_penalty_is_split_among_teammates():
    # docs/rules.md §8.6: a player who went automatic pays 6 x base, split among his teammates.
    s = score(
        cv("jj-standard"), make_result(0, 1, [0, 1, 2, 3, 4], automatic=[2]), base=100, table_fee=0
    )
    assert s.money[2] == -300 - 600
    assert s.money[3] == -300 + 300
    assert s.money[4] == -300 + 300
    assert sum(s.money) == 0


def test_an_automatic_royal_pays_his_penalty_to_his_partner():
    # The emperor's teammate is the guard, not the rebels (docs/rules.md §8.6).
    s = score(
        cv("jj-standard"), make_result(0, 1, [0, 1, 2, 3, 4], automatic=[0]), base=100, table_fee=0
    )
    base = score(cv("jj-standard"), make_result(0, 1, [0, 1, 2, 3, 4]), base=100, table_fee=0)
    assert s.money[0] == base.money[0] - 600
    assert s.money[1] == base.money[1] + 600
    assert s.money[2:] == base.money[2:]


def test_qingdao_outcome_table():
    # docs/rules.md §9.1: the outcome column, keyed by the royals' two ranks in any order.
    c = cv("baike-qingdao")
    expected = {
        (1, 2): "win",
        (1, 3): "win",
        (1, 4): "win",
        (1, 5): "draw",
        (2, 3): "win",
        (2, 5): "lose",
        (3, 4): "lose",
        (3, 5): "lose",
        (4, 5): "lose",
    }
    for (a, b), outcome in expected.items():
        finish = [s for s in (2, 3, 4)]
        finish.insert(a - 1, 0)
        finish.insert(b - 1, 1)
        assert score(c, make_result(0, 1, finish)).outcome == outcome, (a, b)
        swapped = [1 if s == 0 else 0 if s == 1 else s for s in finish]
        assert score(c, make_result(0, 1, swapped)).outcome == outcome, (b, a)


def test_side_out_outcome_first_finisher_rule():
    # docs/rules.md §6.4 (憋三): the side out first wins if it also had the first finisher,
    # otherwise it is a draw.
    c = cv("tcy-bie3")
    assert score(c, make_result(0, 1, [0, 1, 2, 3, 4])).outcome == "win"
    assert score(c, make_result(0, 1, [2, 0, 1, 3, 4])).outcome == "draw"
    assert score(c, make_result(0, 1, [2, 3, 4, 0, 1])).outcome == "lose"
    # Rebels all out first, but the first finisher was the emperor: a draw.
    assert score(c, make_result(0, 1, [0, 2, 3, 4, 1])).outcome == "draw"
    assert score(c, make_result(0, 1, [2, 0, 3, 4, 1])).outcome == "lose"


@pytest.mark.parametrize(
    ("kwargs", "path"),
    [
        ({"emperor": 0, "guard": 1, "finish": [0, 1, 2, 3]}, "finish"),
        ({"emperor": 0, "guard": 1, "finish": [0, 1, 2, 3, 3]}, "finish"),
        ({"emperor": 7, "guard": 1, "finish": [0, 1, 2, 3, 4]}, "emperor"),
        ({"emperor": 0, "guard": 0, "finish": [0, 1, 2, 3, 4]}, "guard"),
        ({"emperor": 0, "guard": None, "finish": [0, 1, 2, 3, 4]}, "guard"),
        ({"emperor": 0, "guard": 2, "finish": [0, 1, 2, 3, 4], "solo": "open"}, "guard"),
    ],
)
def test_bad_results_name_the_field(kwargs, path):
    with pytest.raises(ScoringError) as err:
        make_result(**kwargs)
    assert err.value.path == path


variant_ids = [p.stem for p in bundled_variant_paths()]


@given(
    variant=st.sampled_from(variant_ids),
    finish=st.permutations(range(5)),
    emperor=st.integers(0, 4),
    guard_offset=st.integers(1, 4),
    events=st.lists(st.sampled_from(["open_guard", "rebellion", "kick"]), max_size=3),
)
def test_zero_sum_tables_always_sum_to_zero(variant, finish, emperor, guard_offset, events):
    c = cv(variant)
    guard = (emperor + guard_offset) % 5
    s = score(c, make_result(emperor, guard, finish, events=events))
    if c.variant.scoring.two_person.zero_sum:
        assert sum(s.points) == 0
    assert s.points == tuple(p * s.multiplier for p in s.base_points)


def test_quitting_is_deducted_from_the_quitter_only():
    # docs/rules.md §8.6: 强行退出…将被扣去40分 names no receiver: a plain deduction.
    plain = score(cv("lianzhong-simple"), make_result(0, 1, [0, 1, 2, 3, 4]))
    quit_ = score(cv("lianzhong-simple"), make_result(0, 1, [0, 1, 2, 3, 4], quit=[3]))
    assert quit_.points == plain.points
    assert quit_.money[3] == plain.money[3] - 40
    assert [quit_.money[s] - plain.money[s] for s in (0, 1, 2, 4)] == [0, 0, 0, 0]
    assert sum(quit_.money) == sum(plain.money) - 40


def test_a_shared_quit_penalty_goes_to_the_other_four():
    variant = load_bundled("lianzhong-simple")
    money = variant.scoring.money.model_copy(update={"quit_penalty_to": "others"})
    shared = compile_variant(
        variant.model_copy(update={"scoring": variant.scoring.model_copy(update={"money": money})})
    )
    plain = score(shared, make_result(0, 1, [0, 1, 2, 3, 4]))
    quit_ = score(shared, make_result(0, 1, [0, 1, 2, 3, 4], quit=[3]))
    assert quit_.money[3] == plain.money[3] - 40
    assert [quit_.money[s] - plain.money[s] for s in (0, 1, 2, 4)] == [10, 10, 10, 10]
    assert sum(quit_.money) == sum(plain.money)
