"""Paying tribute from rigged hands (docs/rules.md §9): which card each giver hands over, who
picks which card, and where the cards end up. Written to kill the mutants of
``baohuang/engine/tribute.py`` that the table tests leave alive (issue 22).
"""

from __future__ import annotations

from typing import Any

from baohuang.engine.deck import card_from_text, card_text
from baohuang.engine.scoring import GameResult, make_result
from baohuang.engine.tribute import TributeCard, TributePlan, plan_tribute, resolve_tribute
from tests.engine.rigging import bundled, variant


def hands_of(*seats: str) -> list[list[int]]:
    return [[card_from_text(c) for c in seat.split()] for seat in seats]


def texts(hand: list[int]) -> list[str]:
    return [card_text(c) for c in hand]


def moved_texts(moved: list[TributeCard]) -> list[tuple[int, int, str]]:
    return [(m.giver, m.receiver, card_text(m.card)) for m in moved]


def give_one(cv_hand: str, **changes: object) -> str:
    """The card seat 3 hands seat 0 under a one-card tribute, with ``changes`` to the rules."""
    cv = variant("baike-common", **changes) if changes else bundled("baike-common")
    hands = hands_of("4s", "4h", "4c", cv_hand, "4d")
    moved = resolve_tribute(cv, TributePlan(givers=((3, 1),), takers=((0, 1),)), hands)
    assert len(moved) == 1
    return card_text(moved[0].card)


def test_the_highest_card_is_given() -> None:
    assert give_one("5s As 2d 9h") == "2d"
    assert give_one("5s As SJ 9h") == "SJ"
    assert give_one("5s BJ SJ 2s") == "BJ"


def test_among_equal_cards_the_highest_suit_id_goes() -> None:
    assert give_one("2s 2d 2h") == "2d"


def test_an_unmarked_joker_goes_before_the_emperor_card() -> None:
    assert give_one("5s BJ* BJ") == "BJ"
    assert give_one("5s SJ* SJ") == "SJ"
    assert give_one("5s BJ*") == "BJ*", "with no other big joker the marked one goes"


def test_marked_cards_are_handed_over_where_the_variant_says() -> None:
    assert give_one("5s BJ* BJ", **{"tribute.hand_over_marked": True}) == "BJ*"
    assert give_one("5s SJ* SJ", **{"tribute.hand_over_marked": True}) == "SJ*"


def test_highest_non_joker() -> None:
    rule = {"tribute.card": "highest_non_joker"}
    assert give_one("5s As BJ SJ 9h", **rule) == "As"
    assert give_one("5s 2h BJ", **rule) == "2h"
    assert give_one("BJ SJ", **rule) == "BJ", "only jokers left: the highest joker"


def test_paid_in_a_rank_while_the_giver_holds_it() -> None:
    rule = {"tribute.paid_in": "2"}
    assert give_one("5s 2s 2h BJ As", **rule) == "2h"
    assert give_one("5s BJ As", **rule) == "BJ", "no 2 left: the highest card"
    both = {"tribute.paid_in": "A", "tribute.card": "highest_non_joker"}
    assert give_one("5s As BJ 2s", **both) == "As"
    assert give_one("5s BJ 2s", **both) == "2s"


def test_takers_pick_the_best_cards_in_turn_and_extra_cards_go_back() -> None:
    cv = bundled("baike-common")
    hands = hands_of("3s", "3h", "3c", "5s 9h Kd", "6s As 8c")
    plan = TributePlan(givers=((3, 2), (4, 2)), takers=((1, 1), (0, 2)))
    moved = resolve_tribute(cv, plan, hands)
    # pool: Kd 9h from seat 3, As 8c from seat 4; seat 1 picks first
    assert moved_texts(moved) == [(4, 1, "As"), (3, 0, "Kd"), (3, 0, "9h")]
    assert texts(hands[0]) == ["3s", "9h", "Kd"], "hands are sorted after tribute"
    assert texts(hands[1]) == ["3h", "As"]
    assert texts(hands[3]) == ["5s"]
    assert texts(hands[4]) == ["6s", "8c"], "the card nobody took goes back to its giver"


def test_a_giver_with_no_cards_gives_nothing_and_takers_find_the_pool_shorter() -> None:
    cv = bundled("baike-common")
    hands = hands_of("3s", "3h", "3c", "Kd", "")
    plan = TributePlan(givers=((3, 2), (4, 1)), takers=((0, 2), (1, 1)))
    moved = resolve_tribute(cv, plan, hands)
    assert moved_texts(moved) == [(3, 0, "Kd")]
    assert texts(hands[0]) == ["3s", "Kd"]
    assert hands[3] == []
    assert hands[4] == []


def test_shut_in_tribute_is_paid_first_straight_to_the_receiver() -> None:
    cv = bundled("tcy-bie3")  # 科贡 paid in 2s; 闷贡 the highest card
    hands = hands_of("3s", "3h", "3c", "5s 2s BJ", "6s 2h 9c")
    plan = TributePlan(shut_in=((3, 0, 1),), givers=((4, 1),), takers=((1, 1),))
    moved = resolve_tribute(cv, plan, hands)
    assert moved_texts(moved) == [(3, 0, "BJ"), (4, 1, "2h")]
    assert texts(hands[3]) == ["5s", "2s"]


def test_shut_in_tribute_paid_as_the_other_tribute() -> None:
    cv = variant("tcy-bie3", **{"tribute.shut_in.card": "as_tribute"})
    hands = hands_of("3s", "3h", "3c", "5s 2s BJ", "4s")
    moved = resolve_tribute(cv, TributePlan(shut_in=((3, 0, 2),)), hands)
    assert moved_texts(moved) == [(3, 0, "2s"), (3, 0, "BJ")]
    assert texts(hands[0]) == ["3s", "2s", "BJ"]


def test_shut_in_stops_when_the_hand_is_empty() -> None:
    cv = bundled("tcy-bie3")
    hands = hands_of("3s", "3h", "3c", "5s", "4s")
    moved = resolve_tribute(cv, TributePlan(shut_in=((3, 1, 3), (4, 1, 1))), hands)
    assert moved_texts(moved) == [(3, 1, "5s"), (4, 1, "4s")]
    assert texts(hands[1]) == ["3h", "4s", "5s"]


def test_paid_in_jokers_an_unmarked_one_goes_first() -> None:
    # 科贡 paid in big jokers: the giver holding the emperor card and a plain big joker
    # hands over the plain one, unless the variant hands marked cards over.
    rule = {"tribute.paid_in": "BJ"}
    assert give_one("5s 2s BJ* BJ", **rule) == "BJ"
    assert give_one("5s 2s BJ*", **rule) == "BJ*"
    assert give_one("5s 2s BJ* BJ", **rule, **{"tribute.hand_over_marked": True}) == "BJ*"


def test_shut_in_tribute_of_the_highest_card_keeps_the_marked_one_back() -> None:
    cv = bundled("tcy-bie3")  # 闷贡: the highest card, not as the other tribute
    hands = hands_of("3s", "3h", "3c", "5s SJ BJ* BJ", "4s")
    moved = resolve_tribute(cv, TributePlan(shut_in=((3, 0, 2),)), hands)
    assert moved_texts(moved) == [(3, 0, "BJ"), (3, 0, "BJ*")]
    assert texts(hands[3]) == ["5s", "SJ"]


def test_of_equal_cards_from_two_givers_the_taker_gets_the_higher_suit() -> None:
    cv = bundled("baike-common")
    hands = hands_of("3s", "3h", "2d", "2s", "4s")
    plan = TributePlan(givers=((2, 1), (3, 1)), takers=((0, 1),))
    moved = resolve_tribute(cv, plan, hands)
    assert moved_texts(moved) == [(2, 0, "2d")]
    assert texts(hands[0]) == ["3s", "2d"]
    assert texts(hands[3]) == ["2s"], "the card nobody took goes back to its giver"


# --------------------------------------------------------------------------- table rows
# Which row of the tribute table a game matches (plan_tribute), for rows keyed by the kind
# of solo, the royals' ranks and the guard's openness.

GIVE_TAKE = {"give": [{"who": "fifth", "count": 1}], "take": [{"who": "first", "count": 1}]}
PAIR = make_result(0, 1, [0, 1, 2, 3, 4])
OPEN_SOLO = make_result(0, None, [0, 1, 2, 3, 4], solo="open")
HIDDEN_SOLO = make_result(0, None, [0, 1, 2, 3, 4], solo="hidden")


def rule_index(rows: list[dict[str, Any]], result: GameResult, **kwargs: Any) -> int | None:
    """The index of the table row ``result`` matches (None: no row)."""
    cv = variant("baike-common", tribute={"rules": rows})
    plan = plan_tribute(cv, result, "win", **kwargs)
    return plan.rule


def test_a_row_without_solo_is_for_games_with_a_guard_only() -> None:
    rows = [{"when": {"outcome": "win"}, **GIVE_TAKE}]
    assert rule_index(rows, PAIR) == 0
    assert rule_index(rows, OPEN_SOLO) is None
    assert rule_index(rows, HIDDEN_SOLO) is None


def test_rows_for_an_open_and_a_hidden_solo() -> None:
    rows = [{"when": {"solo": "hidden"}, **GIVE_TAKE}, {"when": {"solo": "open"}, **GIVE_TAKE}]
    assert rule_index(rows, HIDDEN_SOLO) == 0
    assert rule_index(rows, OPEN_SOLO) == 1
    assert rule_index(rows, PAIR) is None
    any_solo = [{"when": {"solo": "any"}, **GIVE_TAKE}]
    assert rule_index(any_solo, OPEN_SOLO) == rule_index(any_solo, HIDDEN_SOLO) == 0
    assert rule_index(any_solo, PAIR) is None


def test_without_being_told_the_guard_counts_as_hidden() -> None:
    rows = [
        {"when": {"guard": "open"}, **GIVE_TAKE},
        {"when": {"guard": "hidden"}, **GIVE_TAKE},
    ]
    assert rule_index(rows, PAIR) == 1
    assert rule_index(rows, PAIR, guard_open=True) == 0


def test_a_game_no_row_matches_owes_no_tribute() -> None:
    cv = variant("baike-common", tribute={"rules": [{"when": {"outcome": "win"}, **GIVE_TAKE}]})
    plan = plan_tribute(cv, OPEN_SOLO, "win")
    assert plan.empty
    assert plan.as_dict() == {"rule": None, "shut_in": [], "give": [], "take": []}
