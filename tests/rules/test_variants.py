"""The bundled variants (variants/*.yaml): each loads cleanly and states docs/rules.md's facts."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from baohuang.rules import (
    VARIANTS_DIR,
    Variant,
    bundled_variant_paths,
    deck_composition,
    deck_size,
    validate_file,
)
from baohuang.rules.model import (
    CalledGuard,
    FixedGuard,
    GrabSoloStep,
    OfferThroneStep,
    RedealStep,
    TwoPersonTable,
)
from baohuang.rules.vocabulary import ORDERED_RANK_PAIRS, RANK_PAIRS

#: docs/rules.md §10: the eleven seed variants, and the public house rules of issue #32.
BUNDLED_IDS = {
    "baike-common",
    "baike-classic",
    "baike-weihai",
    "baike-qingdao",
    "tcy-bie6",
    "tcy-bie3",
    "tcy-weihai",
    "lianzhong-classic",
    "lianzhong-simple",
    "hd",
    "jj-standard",
    "pagat-rizhao",
    "gamerules-com",
    "how234",
    "quzhizhan",
    "youxi-tehua",
    "qpsj-weihai",
    "novel-tudou",
    "wh-baohuang",
    "buzi-bie3",
}

#: docs/rules.md §2.1: cards in play and the deal, first seat dealt first.
DECKS: dict[str, tuple[int, list[int]]] = {
    "baike-common": (216, [44, 43, 43, 43, 43]),
    "baike-classic": (216, [44, 43, 43, 43, 43]),
    "baike-qingdao": (216, [44, 43, 43, 43, 43]),
    "lianzhong-classic": (216, [44, 43, 43, 43, 43]),
    "lianzhong-simple": (216, [44, 43, 43, 43, 43]),
    "hd": (216, [44, 43, 43, 43, 43]),
    "jj-standard": (216, [44, 43, 43, 43, 43]),
    "baike-weihai": (165, [33, 33, 33, 33, 33]),
    "tcy-bie6": (165, [33, 33, 33, 33, 33]),
    "tcy-weihai": (168, [34, 34, 34, 33, 33]),
    "tcy-bie3": (205, [41, 41, 41, 41, 41]),
    "pagat-rizhao": (168, [34, 34, 34, 33, 33]),
    "gamerules-com": (168, [34, 34, 34, 33, 33]),
    "how234": (216, [44, 43, 43, 43, 43]),
    "quzhizhan": (216, [44, 43, 43, 43, 43]),
    "youxi-tehua": (216, [44, 43, 43, 43, 43]),
    "qpsj-weihai": (165, [33, 33, 33, 33, 33]),
    "novel-tudou": (168, [34, 34, 34, 33, 33]),
    "wh-baohuang": (168, [34, 34, 34, 33, 33]),
    "buzi-bie3": (205, [41, 41, 41, 41, 41]),
}

#: Warning codes a variant is meant to have (each explained in its notes).
INTENDED_WARNINGS: dict[str, set[str]] = {
    # deduction-only solo tables (只扣分、无加分) and 逼死 without a tribute
    "wh-baohuang": {"row_not_zero_sum", "shut_in_without_tribute"},
}

PATHS = bundled_variant_paths()
IDS = [p.stem for p in PATHS]


def load(variant_id: str) -> Variant:
    report = validate_file(VARIANTS_DIR / f"{variant_id}.yaml")
    assert report.variant is not None, [str(p) for p in report.problems]
    return report.variant


def offers(v: Variant) -> list[OfferThroneStep]:
    return [s for s in v.bidding.flow if isinstance(s, OfferThroneStep)]


def grab(v: Variant) -> GrabSoloStep | None:
    steps = [s for s in v.bidding.flow if isinstance(s, GrabSoloStep)]
    return steps[0] if steps else None


def multipliers(v: Variant) -> dict[str, int]:
    return {m.event: m.factor for m in v.scoring.multipliers}


def lianzhong_formula(emperor_rank: int, guard_rank: int) -> tuple[int, int, int]:
    """docs/rules.md §8.1: guard = 6 − (emperor rank + guard rank), emperor twice, rebels −guard."""
    guard = 6 - (emperor_rank + guard_rank)
    return 2 * guard, guard, -guard


def table_of(table: TwoPersonTable) -> dict[tuple[int, int], tuple[int, int, int]]:
    return {(r.emperor_rank, r.guard_rank): (r.emperor, r.guard, r.rebels) for r in table.rows}


# --------------------------------------------------------------------------- every file


def test_exactly_the_listed_variants_are_bundled() -> None:
    assert set(IDS) == BUNDLED_IDS
    assert len(IDS) == len(BUNDLED_IDS)


@pytest.mark.parametrize("path", PATHS, ids=IDS)
def test_variant_is_valid_without_unintended_warnings(path: Path) -> None:
    report = validate_file(path)

    assert report.valid, [str(p) for p in report.errors]
    unexpected = [
        str(w) for w in report.warnings if w.code not in INTENDED_WARNINGS.get(path.stem, set())
    ]
    assert unexpected == []


def test_no_two_bundled_variants_share_a_name() -> None:
    """Issue 34 §4: two 威海 in the list say which is which (a name of its own in each
    language, not only a different id)."""
    names = [load(i).name for i in IDS]
    assert len({n.zh for n in names}) == len(names)
    assert len({n.en.casefold() for n in names}) == len(names)
    weihai = [n.zh for n in names if "威海" in n.zh]
    assert len(weihai) >= 2
    # At most one goes by the bare town name; the others say whose or which.
    assert sum("（" not in w for w in weihai) <= 1, weihai


@pytest.mark.parametrize("path", PATHS, ids=IDS)
def test_id_is_the_file_name(path: Path) -> None:
    assert load(path.stem).id == path.stem


@pytest.mark.parametrize("variant_id", sorted(DECKS))
def test_deck_size_and_deal_follow_rules_section_2_1(variant_id: str) -> None:
    v = load(variant_id)
    size, hands = DECKS[variant_id]

    assert deck_size(v) == size
    assert list(v.deal.hand_sizes) == hands
    assert sum(deck_composition(v).values()) == size


@pytest.mark.parametrize("variant_id", ["baike-weihai", "tcy-bie6"])
def test_165_card_decks_lose_every_3_4_5_and_three_random_6s(variant_id: str) -> None:
    v = load(variant_id)
    counts = deck_composition(v)

    assert counts["3"] == counts["4"] == counts["5"] == 0
    assert counts["6"] == 13
    six = next(r for r in v.deck.remove if r.rank == "6")
    assert six.count == 3
    assert six.suits is None


def test_tcy_weihai_keeps_all_sixes_and_bie3_keeps_five_threes() -> None:
    weihai = deck_composition(load("tcy-weihai"))
    bie3 = deck_composition(load("tcy-bie3"))

    assert weihai["3"] == weihai["4"] == weihai["5"] == 0
    assert weihai["6"] == 16
    assert bie3["3"] == 5
    assert bie3["4"] == 16


@pytest.mark.parametrize("path", PATHS, ids=IDS)
def test_every_variant_names_its_source_and_its_assumptions(path: Path) -> None:
    v = load(path.stem)

    assert v.source.strip()
    assert len(v.notes) >= 1
    assert all(note.strip() for note in v.notes)


@pytest.mark.parametrize("path", PATHS, ids=IDS)
def test_two_person_tables_marked_zero_sum_sum_to_zero_in_every_row(path: Path) -> None:
    v = load(path.stem)
    tables = [v.scoring.two_person, v.scoring.two_person_guard_known]

    for table in [t for t in tables if t is not None and t.zero_sum]:
        assert sorted(table_of(table)) == sorted(ORDERED_RANK_PAIRS)
        for row in table.rows:
            assert row.emperor + row.guard + 3 * row.rebels == 0, row
    if path.stem in DEDUCTION_ONLY:  # 只扣分、无加分: the solo rows do not sum to 0
        return
    for row in [*v.scoring.solo.open, *v.scoring.solo.hidden]:
        assert row.emperor + 4 * row.others == 0, row


#: Variants whose source scores by deductions only (the winners score 0).
DEDUCTION_ONLY = {"wh-baohuang"}


def by_pair(points: dict[tuple[int, int], tuple[int, int, int]]) -> dict:
    """A table stated per unordered pair of royal ranks, for both orders."""
    return {(e, g): points[tuple(sorted((e, g)))] for e, g in ORDERED_RANK_PAIRS}


#: Two-person tables stated by hand from a public source's outcome rule (issue #32):
#: emperor / guard / each rebel, per unordered pair of the royals' ranks.
OWN_TABLES: dict[str, dict[tuple[int, int], tuple[int, int, int]]] = {
    # (07) win (1,2), (1,3); draw (2,3); lose the rest, graded by how far behind
    "quzhizhan": by_pair(
        {
            (1, 2): (6, 3, -3),
            (1, 3): (4, 2, -2),
            (2, 3): (0, 0, 0),
            (1, 4): (-2, -1, 1),
            (1, 5): (-2, -1, 1),
            (2, 4): (-2, -1, 1),
            (2, 5): (-4, -2, 2),
            (3, 4): (-4, -2, 2),
            (3, 5): (-6, -3, 3),
            (4, 5): (-6, -3, 3),
        }
    ),
    # win (1,2); a royal 1st otherwise a draw; a rebel 1st a loss
    "novel-tudou": by_pair(
        {
            (1, 2): (6, 3, -3),
            **{(1, g): (0, 0, 0) for g in (3, 4, 5)},
            **{p: (-6, -3, 3) for p in [(2, 3), (2, 4), (2, 5), (3, 4), (3, 5), (4, 5)]},
        }
    ),
    # 十二、计分 (只扣分、无加分)
    "wh-baohuang": by_pair(
        {
            (1, 2): (0, 0, -6),
            (1, 3): (0, 0, -4),
            (1, 4): (0, 0, -2),
            (2, 3): (0, 0, -4),
            (2, 4): (0, 0, -2),
            (1, 5): (0, 0, 0),
            (2, 5): (-6, -4, 0),
            (3, 4): (-9, -6, 0),
            (3, 5): (-9, -6, 0),
            (4, 5): (-9, -6, 0),
        }
    ),
}


#: Side-out variants (先出完牌的一方获胜, docs/rules.md §8.5): their points follow the outcome rule.
SIDE_OUT = {"baike-weihai", "tcy-bie6", "tcy-weihai", "tcy-bie3"}


def caught(e: int, g: int) -> tuple[int, int]:
    """(sign, opponents still in hand) when one side is all out first, royals at (e, g)."""
    if 5 not in (e, g):
        return 1, 5 - max(e, g)
    rebels = [r for r in range(1, 6) if r not in (e, g)]
    return -1, 5 - max(rebels)


@pytest.mark.parametrize("path", PATHS, ids=IDS)
def test_two_person_points_are_the_lianzhong_formula_or_the_side_out_count(path: Path) -> None:
    table = table_of(load(path.stem).scoring.two_person)

    if path.stem in OWN_TABLES:
        assert table == OWN_TABLES[path.stem]
        return
    if path.stem not in SIDE_OUT:
        assert table == {pair: lianzhong_formula(*pair) for pair in ORDERED_RANK_PAIRS}
        return
    draw_rule = path.stem == "tcy-bie3"  # a draw when the first finisher is on the other side
    for (e, g), points in table.items():
        sign, k = caught(e, g)
        if draw_rule and (sign > 0) != (1 in (e, g)):
            k = 0
        assert points == (2 * k * sign, k * sign, -k * sign), (e, g)


@pytest.mark.parametrize("path", PATHS, ids=IDS)
def test_solo_points_are_rules_section_8_2(path: Path) -> None:
    solo = load(path.stem).scoring.solo
    open_ = {r.emperor_rank: (r.emperor, r.others) for r in solo.open}
    hidden = {r.emperor_rank: (r.emperor, r.others) for r in solo.hidden}

    if path.stem == "wh-baohuang":  # 独皇: 皇帝 −21 / −12, or 平民各 −12 / −6
        assert open_ == {1: (0, -12), **{r: (-21, 0) for r in (2, 3, 4, 5)}}
        assert hidden == {1: (0, -6), **{r: (-12, 0) for r in (2, 3, 4, 5)}}
        return
    if path.stem == "tcy-bie3":  # 2nd to 4th is a draw (docs/rules.md §8.5): 0
        assert open_ == {1: (24, -6), 2: (0, 0), 3: (0, 0), 4: (0, 0), 5: (-24, 6)}
        assert hidden == {1: (12, -3), 2: (0, 0), 3: (0, 0), 4: (0, 0), 5: (-12, 3)}
        return
    assert open_ == {1: (24, -6), 2: (-24, 6), 3: (-24, 6), 4: (-24, 6), 5: (-24, 6)}
    if path.stem == "baike-qingdao":  # the seed: a solo emperor not 1st loses
        assert hidden == {1: (12, -3), 2: (-12, 3), 3: (-12, 3), 4: (-12, 3), 5: (-12, 3)}
        return
    assert hidden == {1: (12, -3), 2: (0, 0), 3: (-12, 3), 4: (-12, 3), 5: (-12, 3)}


@pytest.mark.parametrize("path", PATHS, ids=IDS)
def test_called_guards_have_no_marked_guard_card_and_fixed_guards_do(path: Path) -> None:
    v = load(path.stem)

    if isinstance(v.bidding.guard, FixedGuard):
        assert v.deck.marks.guard_card == "SJ"
    else:
        assert v.deck.marks.guard_card is None


# --------------------------------------------------------------------------- per variant


def check_baike_classic(v: Variant) -> None:
    guard = v.bidding.guard
    assert isinstance(guard, CalledGuard)
    assert "2" not in guard.callable_ranks
    assert len(guard.callable_ranks) == 12
    assert guard.choice == "highest"
    assert v.bidding.solo.declared
    assert grab(v) is not None
    free, forced = offers(v)
    assert not free.forced
    assert forced.forced
    assert forced.forced_exempt_four_identical
    assert not forced.forced_exempt_own_guard
    assert forced.forces == "everyone"
    assert {free.tip, forced.tip} == {"none"}
    assert isinstance(v.bidding.flow[-1], RedealStep)
    assert v.scoring.multipliers == []


def check_baike_weihai(v: Variant) -> None:
    assert isinstance(v.bidding.guard, FixedGuard)
    assert offers(v)[0].when_holding_both == "skip_one"
    assert grab(v) is not None
    assert v.declarations.rebellion is not None
    assert v.declarations.rebellion.threshold == 2
    assert v.declarations.kick is not None
    assert [h.rank for h in v.play.hold_back] == ["6"]
    assert v.end.when == "one_side_out"
    # No Weihai source doubles an open guard; JJ doubles a successful kick (docs/rules.md §8.3).
    assert multipliers(v) == {"rebellion": 2, "kick_succeeded": 2}
    known = v.scoring.two_person_guard_known
    assert known is not None
    assert known.zero_sum
    for (e, g), (emperor, guard, rebels) in table_of(known).items():
        assert emperor == guard  # equal shares (§8.4)
        sign, k = caught(e, g)
        assert emperor == 3 * k * sign
        assert rebels == -2 * k * sign


def check_baike_qingdao(v: Variant) -> None:
    guard = v.bidding.guard
    assert isinstance(guard, CalledGuard)
    assert guard.choice == "free"
    assert all(step.tip == "highest" and step.tip_from_pass == 1 for step in offers(v))
    assert offers(v)[-1].forced
    step = grab(v)
    assert step is not None
    assert step.takes_emperor_card
    assert v.play.defer
    assert v.bidding.solo.declared
    assert v.bidding.solo.declared_requires == "four_identical"
    assert not v.tribute.hand_over_marked
    rules = v.tribute.rules
    assert len(rules) == 12
    pairs = [tuple(sorted(r.when.ranks)) for r in rules if r.when.ranks is not None]
    assert sorted(pairs) == sorted(RANK_PAIRS)
    assert [r.when.solo for r in rules].count("any") == 2
    by_pair = {tuple(sorted(r.when.ranks)): r for r in rules if r.when.ranks is not None}
    assert by_pair[(2, 4)].give == []
    assert by_pair[(1, 5)].give == []
    three_five = by_pair[(3, 5)]
    assert [(s.who, s.count) for s in three_five.give] == [("emperor", 2), ("guard", 1)]
    assert [(s.who, s.count) for s in three_five.take] == [("rebels", 1)]
    assert [(s.who, s.count) for s in by_pair[(4, 5)].take] == [("rebels", 2)]
    outcome = {tuple(sorted(r.ranks)): r.outcome for r in v.scoring.outcome.table}
    assert v.scoring.outcome.method == "rank_table"
    assert len(outcome) == 10
    assert outcome[(1, 5)] == "draw"
    assert outcome[(2, 3)] == "win"
    assert outcome[(2, 5)] == "lose"
    assert any("(2,4)" in note for note in v.notes)


def check_tcy_bie6(v: Variant) -> None:
    assert isinstance(v.bidding.guard, FixedGuard)
    assert [h.rank for h in v.play.hold_back] == ["6"]
    assert v.declarations.rebellion is not None
    assert v.declarations.kick is None
    assert v.declarations.rebellion.timing == "with_guard"  # 明保暗保的同时…造反
    assert multipliers(v) == {"guard_known": 2}
    assert v.end.when == "one_side_out"


def check_tcy_bie3(v: Variant) -> None:
    guard = v.bidding.guard
    assert isinstance(guard, CalledGuard)
    assert not {"2", "3"} & set(guard.callable_ranks)
    (hold,) = v.play.hold_back
    assert hold.rank == "3"
    assert not hold.only_when_leading
    assert hold.shut_in
    assert hold.shut_in_when == "lost_down_to_them"
    solo_outcome = {r.emperor_rank: r.outcome for r in v.scoring.outcome.solo}
    assert solo_outcome == {1: "win", 2: "draw", 3: "draw", 4: "draw", 5: "lose"}
    assert "2" in v.play.attach
    buy = v.deal.buy
    assert buy is not None
    assert (buy.rank, buy.pay_with) == ("3", "2")
    assert v.play.top_card == "guard_card"
    beats = {b.count: set(b.beats) for b in v.play.special_beats if b.rank == "2"}
    assert "BJ" in beats[3]
    assert "TOP" in beats[4]
    assert v.end.when == "one_side_out"
    assert v.end.side_out_draw_if_first_other_side
    assert v.scoring.outcome.method == "side_out"
    assert v.tribute.paid_in == "2"
    assert v.tribute.shut_in is not None
    assert multipliers(v) == {
        "guard_known": 2,
        "solo": 2,
        "open_solo": 2,
    }  # an open solo: 明打 and 独打
    hidden_loss = next(
        r for r in v.tribute.rules if r.when.guard == "hidden" and r.when.outcome == "lose"
    )
    assert [(s.who, s.count) for s in hidden_loss.give] == [("emperor", 2), ("guard", 1)]


def check_tcy_weihai(v: Variant) -> None:
    step = grab(v)
    assert step is not None
    assert step.marks_void
    assert not step.takes_emperor_card
    (offer,) = offers(v)
    assert offer.forced
    assert offer.forced_exempt_own_guard
    assert offer.when_holding_both == "skip_one"
    assert v.end.when == "one_side_out"
    assert v.end.open_solo_ends_on_other_first
    assert [h.rank for h in v.play.hold_back] == ["6"]
    assert v.declarations.rebellion is not None
    assert multipliers(v) == {"guard_known": 2}


def check_lianzhong_classic(v: Variant) -> None:
    assert isinstance(v.bidding.guard, CalledGuard)
    assert v.deal.next_dealer == "previous_emperor"
    assert all(step.tip == "none" for step in offers(v))
    assert v.bidding.solo.declared
    step = grab(v)
    assert step is not None
    assert step.priority == "emperor_then_upstream"
    assert v.play.roast is not None
    order = v.play.roast.joker_order
    assert order.index("SJ") < order.index("BJ") < order.index("SJ SJ SJ")
    assert order.index("BJ") < order.index("BJ SJ") < order.index("BJ BJ")
    assert v.play.roast.more_jokers
    assert not v.play.roast.plain_sets
    assert v.play.hold_back == []
    assert v.end.open_solo_ends_on_other_first
    assert multipliers(v) == {"open_guard": 2}
    assert v.scoring.outcome.method == "points"  # the formula's sign (docs/rules.md §8.5)
    forced = offers(v)[-1]
    assert forced.forced
    assert forced.forced_exempt_four_identical
    money = v.scoring.money
    assert money.quit_penalty == 40
    assert money.quit_penalty_to == "nobody"
    assert v.play.automatic.counted == "spells"
    assert v.play.automatic.lock_after == 3


def check_lianzhong_simple(v: Variant) -> None:
    assert isinstance(v.bidding.guard, FixedGuard)
    assert v.deal.next_dealer == "previous_emperor"
    assert all(s.tip == "two_or_highest" and s.tip_from_pass == 2 for s in offers(v))
    assert grab(v) is None
    assert v.declarations.rebellion is not None
    assert v.declarations.rebellion.threshold == 2
    assert multipliers(v) == {"open_guard": 2, "rebellion": 2}
    assert v.end.open_solo_ends_on_other_first
    assert v.scoring.outcome.method == "points"
    assert v.scoring.outcome.table == []
    assert v.scoring.money.quit_penalty_to == "nobody"


def check_hd(v: Variant) -> None:
    guard = v.bidding.guard
    assert isinstance(guard, CalledGuard)
    assert guard.choice == "free"
    assert isinstance(v.bidding.flow[0], GrabSoloStep)
    # HD plays counterclockwise and abdicates clockwise: upstream in play order (§3).
    assert all(
        s.tip == "highest_non_joker" and s.tip_from_pass == 2 and s.pass_to == "upstream"
        for s in offers(v)
    )
    free, forced = offers(v)
    assert not free.forced
    assert forced.forced
    assert forced.forces == "first_decliner"
    assert v.play.top_card == "guard_card"
    assert v.play.wind == "apply"
    assert v.play.wind_unclaimed == "next_player"
    assert v.scoring.money.cap_to_carried


def check_jj_standard(v: Variant) -> None:
    assert isinstance(v.bidding.guard, FixedGuard)
    assert multipliers(v) == {"open_guard": 2}  # 明保成功: the open guard took effect
    money = v.scoring.money
    assert (money.base, money.table_fee, money.automatic_penalty) == (100, 20, 6)
    # The JJ page's example: emperor 1st, guard 2nd → 580, 280, −320 each rebel.
    emperor, guard, rebels = table_of(v.scoring.two_person)[(1, 2)]
    assert [money.base * p - money.table_fee for p in (emperor, guard, rebels)] == [580, 280, -320]
    common = load("baike-common")
    assert [s.tip for s in offers(v)] == [s.tip for s in offers(common)]


def check_baike_common(v: Variant) -> None:
    assert isinstance(v.bidding.guard, FixedGuard)
    assert all(s.tip == "two_or_highest" and s.tip_from_pass == 2 for s in offers(v))


DISTINCTIVE: dict[str, Callable[[Variant], None]] = {
    "baike-common": check_baike_common,
    "baike-classic": check_baike_classic,
    "baike-weihai": check_baike_weihai,
    "baike-qingdao": check_baike_qingdao,
    "tcy-bie6": check_tcy_bie6,
    "tcy-bie3": check_tcy_bie3,
    "tcy-weihai": check_tcy_weihai,
    "lianzhong-classic": check_lianzhong_classic,
    "lianzhong-simple": check_lianzhong_simple,
    "hd": check_hd,
    "jj-standard": check_jj_standard,
}


@pytest.mark.parametrize("variant_id", sorted(DISTINCTIVE))
def test_distinctive_facts_of_each_variant(variant_id: str) -> None:
    DISTINCTIVE[variant_id](load(variant_id))
