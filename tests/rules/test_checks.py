"""Cross-field checks (baohuang.rules.checks): one test per entry of CHECKS.

Every case starts from the valid bundled `baike-common`, changes a few fields so that one
check fires (and no other), and asserts the path, a key phrase of the message and the
severity of the problem it reports. `test_every_check_has_a_case` and
`test_every_problem_code_has_a_case` fail when a check or a problem code is added without a
case here.
"""

from __future__ import annotations

import ast
import copy
import inspect
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml

from baohuang.rules import checks as checks_module
from baohuang.rules import validate_definition
from baohuang.rules.checks import (
    CHECKS,
    Check,
    check_attachable_ranks_in_deck,
    check_bombs_possible,
    check_buy_card,
    check_callable_ranks,
    check_flow_ending,
    check_flow_needs_redeal,
    check_flow_shape,
    check_guard_card_matches_guard_rule,
    check_hand_sizes_positive,
    check_hand_sizes_sum,
    check_hold_back_ranks,
    check_house_notes,
    check_marked_cards_survive,
    check_multipliers,
    check_options_that_apply,
    check_outcome_agrees_with_points,
    check_outcome_table,
    check_rebellion_possible,
    check_removal_counts,
    check_removal_shape,
    check_roast_order,
    check_shut_in_needs_hold_back,
    check_side_out_consistency,
    check_skip_one_needs_both_cards,
    check_solo_tables,
    check_special_beats,
    check_stacks,
    check_tip_rank_in_deck,
    check_top_card,
    check_tribute_rules,
    check_two_person_tables,
    check_wild_ranks,
)
from baohuang.rules.loader import VARIANTS_DIR
from baohuang.rules.model import Variant
from baohuang.rules.problems import Problem, Severity

BASE_FILE = VARIANTS_DIR / "baike-common.yaml"

#: Remove the item at a path (see `edit`).
DELETE = object()

#: A called guard, as the classic variants write it (the base variant has a fixed guard).
CALLED = {"by": "called_card", "callable_ranks": ["3", "4", "5", "6", "7", "8", "9", "10"]}
#: Hand sizes dealing 200 cards (one rank of 16 trimmed from 216).
HANDS_200 = [40, 40, 40, 40, 40]
#: The ten (unordered) pairs of royals' finish ranks with an outcome each, following the
#: sign of the §8.1 formula 6 - (a + b) that baike-common scores by (docs/rules.md §8.5).
FULL_OUTCOME_TABLE = [
    {"ranks": [a, b], "outcome": "win" if a + b < 6 else "draw" if a + b == 6 else "lose"}
    for a in range(1, 6)
    for b in range(a + 1, 6)
]
#: Side-out points that agree with "the side all out first wins" (royals win unless one of
#: them is 5th): the winners score by the opponents still in hand (as tcy-bie6 does).
SIDE_OUT_ROWS = [
    {
        "emperor_rank": e,
        "guard_rank": g,
        "emperor": 2 * k,
        "guard": k,
        "rebels": -k,
    }
    for e in range(1, 6)
    for g in range(1, 6)
    if e != g
    for k in [
        (5 - max(e, g))
        if 5 not in (e, g)
        else -(5 - max(r for r in range(1, 6) if r not in (e, g)))
    ]
]


def base_document() -> dict[str, Any]:
    """The bundled baike-common variant as a plain dict, as YAML reads it."""
    data = yaml.safe_load(BASE_FILE.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    # Its house notes unconfirmed: a case that changes the scoring flags no note about it
    # (check_house_notes has cases of its own).
    for note in data.get("house_notes", []):
        note.pop("checked", None)
    return data


_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def _parts(path: str) -> list[str | int]:
    return [name if name else int(index) for name, index in _PART.findall(path)]


def edit(doc: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    """A copy of `doc` with each JSON path (`scoring.two_person.rows[3].rebels`) set.

    Missing sections on the way are created; the value DELETE removes the item instead.
    """
    out = copy.deepcopy(doc)
    for path, value in changes.items():
        *head, last = _parts(path)
        node: Any = out
        for part in head:
            if isinstance(part, str) and part not in node:
                node[part] = {}
            node = node[part]
        if value is DELETE:
            del node[last]
        else:
            node[last] = copy.deepcopy(value)
    return out


@dataclass(frozen=True)
class Case:
    """One way to make one check fire."""

    check: Check
    changes: dict[str, Any]
    path: str
    phrase: str
    severity: Severity
    code: str
    #: Other checks that necessarily fire with this one (none, for almost every case).
    also: tuple[Check, ...] = field(default=())

    @property
    def id(self) -> str:
        return f"{self.check.__name__.removeprefix('check_')}-{self.code}-{self.path}"


CASES: tuple[Case, ...] = (
    # ------------------------------------------------------------------ deck and deal
    Case(
        check_hand_sizes_positive,
        {"deal.hand_sizes": [0, 44, 43, 43, 86]},
        "deal.hand_sizes[0]",
        "at least one",
        "error",
        "hand_size_positive",
    ),
    Case(
        check_removal_shape,
        {"deck.remove": [{"rank": "7", "count": 1, "suits": ["s"]}], "deal.hand_sizes[0]": 43},
        "deck.remove[0]",
        "not both",
        "error",
        "removal_shape",
    ),
    Case(
        check_removal_shape,
        {"deck.remove": [{"rank": "SJ", "suits": ["s"]}], "deal.hand_sizes[0]": 43},
        "deck.remove[0].suits",
        "Jokers have no suit",
        "error",
        "joker_suit",
    ),
    Case(
        check_removal_shape,
        {
            "deck.remove": [{"rank": "7", "suits": ["s", "s", "s", "s", "s"]}],
            "deal.hand_sizes": [43, 42, 42, 42, 42],
        },
        "deck.remove[0].suits",
        "listed 5 times",
        "error",
        "removal_too_many",
    ),
    Case(
        check_removal_counts,
        {"deck.remove": [{"rank": "7", "count": 17}], "deal.hand_sizes": HANDS_200},
        "deck.remove[0].count",
        "Cannot remove 17 cards of rank 7",
        "error",
        "removal_too_many",
    ),
    Case(
        check_removal_counts,
        {
            "deck.remove": [{"rank": "7", "count": 1}, {"rank": "7", "count": 1}],
            "deal.hand_sizes": [43, 43, 43, 43, 42],
        },
        "deck.remove[1].rank",
        "already taken out by an earlier removal",
        "error",
        "removal_duplicate",
    ),
    Case(
        check_hand_sizes_sum,
        {"deal.hand_sizes": [44, 44, 43, 43, 43]},
        "deal.hand_sizes",
        "add up to 217 cards but the deck has 216",
        "error",
        "hand_sizes_sum",
    ),
    Case(
        check_hand_sizes_sum,
        {"deck.remove": [{"rank": "3"}]},
        "deal.hand_sizes",
        "the deck has 200 after the cards taken out",
        "error",
        "hand_sizes_sum",
    ),
    Case(
        check_marked_cards_survive,
        {"deck.remove": [{"rank": "BJ"}], "deal.hand_sizes": [43, 43, 42, 42, 42]},
        "deck.remove",
        "marked as the emperor card",
        "error",
        "marked_card_removed",
    ),
    Case(
        check_marked_cards_survive,
        {"deck.remove": [{"rank": "SJ"}], "deal.hand_sizes": [43, 43, 42, 42, 42]},
        "deck.remove",
        "marked as the guard card",
        "error",
        "marked_card_removed",
    ),
    Case(
        check_guard_card_matches_guard_rule,
        {"deck.marks.guard_card": None},
        "deck.marks.guard_card",
        "mark a small joker as the guard card",
        "error",
        "guard_card_missing",
    ),
    Case(
        check_guard_card_matches_guard_rule,
        {"bidding.guard": CALLED},
        "deck.marks.guard_card",
        "never used",
        "warning",
        "guard_card_unused",
    ),
    Case(
        check_callable_ranks,
        {
            "bidding.guard": CALLED,
            "deck.marks.guard_card": None,
            "deck.remove": [{"rank": "3"}],
            "deal.hand_sizes": HANDS_200,
        },
        "bidding.guard.callable_ranks[0]",
        "the cards taken out include every 3",
        "error",
        "callable_rank_removed",
    ),
    Case(
        check_callable_ranks,
        {
            "bidding.guard": {"by": "called_card", "callable_ranks": ["4", "K", "4"]},
            "deck.marks.guard_card": None,
        },
        "bidding.guard.callable_ranks[2]",
        "listed twice",
        "warning",
        "dup",
    ),
    Case(
        check_callable_ranks,
        {"bidding.guard": {**CALLED, "min_identical": 5}, "deck.marks.guard_card": None},
        "bidding.guard.min_identical",
        "Nobody can hold 5 identical cards with 4 decks",
        "error",
        "min_identical_impossible",
    ),
    Case(
        check_buy_card,
        {"deal.buy": {"rank": "3", "pay_with": "3"}},
        "deal.buy.pay_with",
        "cannot be bought with itself",
        "error",
        "buy_self",
    ),
    Case(
        check_buy_card,
        {
            "deal.buy": {"rank": "3", "pay_with": "2"},
            "deck.remove": [{"rank": "3"}],
            "deal.hand_sizes": HANDS_200,
        },
        "deal.buy.rank",
        "the cards taken out include every 3",
        "error",
        "buy_rank_removed",
    ),
    Case(
        check_buy_card,
        {
            "deal.buy": {"rank": "3", "pay_with": "2", "pay_with_also": ["SJ", "4"]},
            "deck.remove": [{"rank": "4"}],
            "deal.hand_sizes": HANDS_200,
        },
        "deal.buy.pay_with_also[1]",
        "may pay for the bought card with a 4",
        "error",
        "buy_rank_removed",
    ),
    Case(
        check_buy_card,
        {"deal.buy": {"rank": "3", "pay_with": "2", "pay_with_also": ["3"]}},
        "deal.buy.pay_with_also[0]",
        "cannot be bought with itself",
        "error",
        "buy_self",
    ),
    # ------------------------------------------------------------------ bidding flow
    Case(
        check_flow_shape,
        {"bidding.flow": [{"step": "redeal"}]},
        "bidding.flow",
        "never offers the throne",
        "error",
        "flow_no_offer",
    ),
    Case(
        check_flow_shape,
        {"bidding.flow": [{"step": "redeal"}, {"step": "offer_throne", "forced": True}]},
        "bidding.flow[0]",
        "Move it to the end",
        "error",
        "flow_redeal_not_last",
    ),
    Case(
        check_flow_shape,
        {
            "bidding.flow": [
                {"step": "grab_solo"},
                {"step": "grab_solo"},
                {"step": "offer_throne", "forced": True},
            ]
        },
        "bidding.flow[1]",
        "Only one chance to grab the solo",
        "error",
        "flow_two_grabs",
    ),
    Case(
        check_flow_needs_redeal,
        {"bidding.flow": [{"step": "offer_throne", "rounds": 2}]},
        "bidding.flow",
        "make that round forced or end the bidding with a redeal",
        "error",
        "flow_no_end",
    ),
    Case(
        check_skip_one_needs_both_cards,
        {
            "bidding.guard": CALLED,
            "deck.marks.guard_card": None,
            "bidding.flow": [
                {"step": "offer_throne", "when_holding_both": "skip_one"},
                {"step": "redeal"},
            ],
        },
        "bidding.flow[0].when_holding_both",
        "no guard card",
        "error",
        "skip_one_without_guard_card",
    ),
    Case(
        check_skip_one_needs_both_cards,
        {
            "bidding.flow": [
                {"step": "offer_throne", "skip_one_to": "downstream"},
                {"step": "redeal"},
            ],
        },
        "bidding.flow[0].skip_one_to",
        "only matters when a player holding both marked cards passes it two seats on",
        "warning",
        "skip_one_to_unused",
    ),
    Case(
        check_skip_one_needs_both_cards,
        {
            "bidding.flow": [
                {"step": "offer_throne", "skip_one_receiver": "may_decline"},
                {"step": "redeal"},
            ],
        },
        "bidding.flow[0].skip_one_receiver",
        "nobody passes two seats on in this round",
        "warning",
        "option_unused",
    ),
    Case(
        check_skip_one_needs_both_cards,
        {
            "bidding.guard": CALLED,
            "deck.marks.guard_card": None,
            "bidding.flow": [
                {"step": "offer_throne", "when_holding_both": "choice"},
                {"step": "redeal"},
            ],
        },
        "bidding.flow[0].when_holding_both",
        "no guard card",
        "error",
        "skip_one_without_guard_card",
    ),
    Case(
        check_flow_ending,
        {"bidding.flow": [{"step": "offer_throne"}, {"step": "void"}, {"step": "redeal"}]},
        "bidding.flow[1]",
        "Move it to the end",
        "error",
        "flow_end_not_last",
    ),
    Case(
        check_flow_ending,
        {"bidding.flow": [{"step": "offer_throne", "forced": True}, {"step": "void"}]},
        "bidding.flow[1]",
        "this step is never reached",
        "warning",
        "flow_end_unreachable",
    ),
    Case(
        check_flow_ending,
        {
            "bidding.flow": [
                {"step": "offer_throne"},
                {"step": "forfeit", "loser": -4, "others": 2},
            ]
        },
        "bidding.flow[1]",
        "A forfeit scores 4",
        "warning",
        "forfeit_not_zero_sum",
    ),
    # ------------------------------------------------------------------ declarations
    Case(
        check_rebellion_possible,
        {"declarations.guard_reveal": "open", "declarations.rebellion": {"threshold": 2}},
        "declarations.rebellion",
        "can never happen",
        "warning",
        "rebellion_unreachable",
    ),
    Case(
        check_rebellion_possible,
        {
            "declarations.guard_reveal": "open",
            "bidding.solo.hidden_allowed": False,
            "declarations.rebel_declaration": {},
        },
        "declarations.rebel_declaration",
        "can never happen",
        "warning",
        "rebel_declaration_unreachable",
    ),
    Case(
        check_rebellion_possible,
        {"declarations.kick": {"rebels_after_open_guard": None}},
        "declarations.kick",
        "the variant has no rebellion and rebels may not kick",
        "warning",
        "kick_unreachable",
    ),
    Case(
        check_rebellion_possible,
        {
            "declarations.rebellion": {"threshold": 2},
            "declarations.kick": {"royals_after_rebellion": False, "rebels_after_open_guard": None},
        },
        "declarations.kick",
        "the royals may not kick after a rebellion and rebels may not kick",
        "warning",
        "kick_unreachable",
    ),
    Case(
        check_rebellion_possible,
        {"declarations.guard_reveal": "hidden", "declarations.kick": {}},
        "declarations.kick",
        "the guard is never open",
        "warning",
        "kick_unreachable",
    ),
    # ------------------------------------------------------------------ play
    Case(
        check_hold_back_ranks,
        {
            "deck.remove": [{"rank": "6"}],
            "deal.hand_sizes": HANDS_200,
            "play.hold_back": [{"rank": "6"}],
        },
        "play.hold_back[0].rank",
        "the cards taken out include every 6",
        "error",
        "hold_back_rank_removed",
    ),
    Case(
        check_hold_back_ranks,
        {"play.hold_back": [{"rank": "6"}, {"rank": "6"}]},
        "play.hold_back[1].rank",
        "held back twice",
        "error",
        "dup",
    ),
    Case(
        check_hold_back_ranks,
        {"play.attach": ["SJ", "BJ", "2"], "play.hold_back": [{"rank": "2"}]},
        "play.hold_back[0].rank",
        "both held back and attachable",
        "error",
        "hold_back_attachable",
    ),
    Case(
        check_top_card,
        {"play.attach": ["SJ", "BJ", "TOP"]},
        "play.attach",
        "no card ranks above the big joker",
        "error",
        "top_unused",
    ),
    Case(
        check_top_card,
        {"play.special_beats": [{"rank": "2", "count": 3, "beats": ["TOP"]}]},
        "play.special_beats[0].beats",
        "no card ranks above the big joker",
        "error",
        "top_unused",
    ),
    Case(
        check_top_card,
        {"play.top_card": "guard_card", "deck.marks.guard_card": None},
        "play.top_card",
        "the deck has no guard card",
        "error",
        "top_card_missing",
        also=(check_guard_card_matches_guard_rule,),
    ),
    Case(
        check_special_beats,
        {"play.special_beats": [{"rank": "2", "count": 17, "beats": ["BJ"]}]},
        "play.special_beats[0].count",
        "needs 17 cards of rank 2, but the deck has 16",
        "error",
        "special_beat_impossible",
    ),
    Case(
        check_roast_order,
        {"play.roast": {"joker_order": ["SJ", "SJ XJ"]}},
        "play.roast.joker_order[1]",
        "is not a group of jokers",
        "error",
        "roast_group",
    ),
    Case(
        check_roast_order,
        {"play.roast": {"joker_order": ["SJ BJ", "BJ SJ"]}},
        "play.roast.joker_order[1]",
        "listed twice",
        "error",
        "dup",
    ),
    Case(
        check_roast_order,
        {"play.attach": ["2"], "play.roast": {"joker_order": ["SJ", "BJ"]}},
        "play.roast",
        "jokers are not attachable",
        "error",
        "roast_without_jokers",
    ),
    # ------------------------------------------------------------------ joker stacks (叠加)
    Case(
        check_stacks,
        {
            "play.stacks": [{"cards": "SJ SJ SJ", "above": "BJ"}],
            "play.roast": {"joker_order": ["SJ", "BJ"]},
        },
        "play.stacks",
        "not played together by the engine",
        "error",
        "stack_with_roast",
    ),
    Case(
        check_stacks,
        {"play.stacks": [{"cards": "SJ 2", "above": "BJ"}]},
        "play.stacks[0].cards",
        "is not a stack of jokers",
        "error",
        "stack_cards",
    ),
    Case(
        check_stacks,
        {
            "play.stacks": [
                {"cards": "BJ SJ", "above": "BJ"},
                {"cards": "SJ BJ", "above": "BJ SJ"},
            ]
        },
        "play.stacks[1].cards",
        "'BJ SJ' is stacked twice",
        "error",
        "stack_duplicate",
    ),
    Case(
        check_stacks,
        {"play.stacks": [{"cards": "SJ SJ SJ SJ SJ", "above": "BJ"}]},
        "play.stacks[0].cards",
        "it has only 4 small and 4 big jokers that play as jokers",
        "warning",
        "stack_impossible",
    ),
    Case(
        check_stacks,
        {
            "play.attach": ["BJ"],
            "play.wild": ["SJ"],
            "play.stacks": [{"cards": "SJ SJ", "above": "BJ"}],
        },
        "play.stacks[0].cards",
        "is wild, so it cannot also be stacked",
        "error",
        "stack_wild",
    ),
    Case(
        check_stacks,
        {"play.attach": ["BJ"], "play.stacks": [{"cards": "SJ SJ", "above": "BJ"}]},
        "play.stacks[0].in_sets",
        "is not attachable",
        "error",
        "stack_not_attachable",
    ),
    Case(
        check_stacks,
        {"play.stacks": [{"cards": "SJ SJ", "above": "BJ", "alone": False, "in_sets": False}]},
        "play.stacks[0]",
        "neither alone nor attached to a set",
        "warning",
        "stack_unplayable",
    ),
    Case(
        check_stacks,
        {"play.stacks": [{"cards": "SJ SJ", "above": "TOP"}]},
        "play.stacks[0].above",
        "which is neither the big joker (BJ)",
        "error",
        "stack_above_unknown",
    ),
    Case(
        check_stacks,
        {
            "play.stacks": [
                {"cards": "SJ SJ", "above": "BJ"},
                {"cards": "BJ BJ", "above": "BJ"},
            ]
        },
        "play.stacks[1].above",
        "Another stack already ranks directly above 'BJ'",
        "error",
        "stack_above_shared",
    ),
    Case(
        check_stacks,
        {
            "play.stacks": [
                {"cards": "SJ SJ", "above": "BJ BJ"},
                {"cards": "BJ BJ", "above": "SJ SJ"},
            ]
        },
        "play.stacks[0].above",
        "in a circle",
        "error",
        "stack_cycle",
    ),
    Case(
        check_stacks,
        {
            "play.stacks": [
                {"cards": "SJ SJ", "above": "BJ"},
                {"cards": "BJ SJ", "above": "SJ SJ"},
                {"cards": "SJ SJ SJ", "above": "BJ SJ"},
                {"cards": "BJ BJ", "above": "SJ SJ SJ"},
                {"cards": "BJ BJ SJ", "above": "BJ BJ"},
            ]
        },
        "play.stacks[4].above",
        "This stack does not fit",
        "error",
        "stacks_do_not_fit",
    ),
    # ------------------------------------------------------------------ scoring
    Case(
        check_two_person_tables,
        {"scoring.two_person.rows[3]": DELETE},
        "scoring.two_person.rows",
        "no row for (emperor rank, guard rank) (1,5)",
        "error",
        "table_incomplete",
    ),
    Case(
        check_two_person_tables,
        {"scoring.two_person.rows[3].rebels": 1},
        "scoring.two_person.rows[3]",
        "sums to 3",
        "warning",
        "row_not_zero_sum",
    ),
    Case(
        check_two_person_tables,
        {"scoring.two_person.rows[3].guard_rank": 1},
        "scoring.two_person.rows[3].guard_rank",
        "cannot finish in the same place",
        "error",
        "rank_clash",
    ),
    Case(
        check_two_person_tables,
        {"scoring.two_person.rows[3].guard_rank": 2},
        "scoring.two_person.rows[3]",
        "already scored by row 0",
        "error",
        "row_duplicate",
    ),
    Case(
        check_two_person_tables,
        {
            "scoring.two_person_guard_known": {
                "rows": [
                    {"emperor_rank": 1, "guard_rank": 2, "emperor": 2, "guard": 1, "rebels": -1}
                ]
            }
        },
        "scoring.two_person_guard_known.rows",
        "and 13 more",
        "error",
        "table_incomplete",
    ),
    Case(
        check_solo_tables,
        {"scoring.solo.open[4]": DELETE},
        "scoring.solo.open",
        "No row for emperor rank 5",
        "error",
        "table_incomplete",
    ),
    Case(
        check_solo_tables,
        {"scoring.solo.hidden[0].others": -4},
        "scoring.solo.hidden[0]",
        "sums to -4",
        "warning",
        "row_not_zero_sum",
    ),
    Case(
        check_solo_tables,
        {"scoring.solo.hidden[4].emperor_rank": 4},
        "scoring.solo.hidden[4]",
        "scored twice",
        "error",
        "dup",
    ),
    Case(
        check_multipliers,
        {"scoring.multipliers": [{"event": "rebellion", "factor": 2}]},
        "scoring.multipliers[0].event",
        "cannot happen",
        "warning",
        "event_unreachable",
    ),
    Case(
        check_multipliers,
        {"scoring.multipliers": [{"event": "open_guard"}, {"event": "open_guard"}]},
        "scoring.multipliers[1]",
        "they would stack",
        "warning",
        "dup",
    ),
    Case(
        check_outcome_table,
        {"scoring.outcome": {"method": "rank_table", "table": FULL_OUTCOME_TABLE[1:]}},
        "scoring.outcome.table",
        "No outcome for the royals' ranks 1+2.",
        "error",
        "table_incomplete",
    ),
    Case(
        check_outcome_table,
        {
            "scoring.outcome": {
                "method": "rank_table",
                "table": [*FULL_OUTCOME_TABLE, {"ranks": [3, 3], "outcome": "draw"}],
            }
        },
        "scoring.outcome.table[10].ranks",
        "cannot finish in the same place",
        "error",
        "rank_clash",
    ),
    Case(
        check_outcome_table,
        {
            "scoring.outcome": {
                "method": "rank_table",
                "table": [*FULL_OUTCOME_TABLE, {"ranks": [2, 1], "outcome": "win"}],
            }
        },
        "scoring.outcome.table[10]",
        "already in row 0",
        "error",
        "row_duplicate",
    ),
    Case(
        check_outcome_table,
        {
            "scoring.outcome": {
                "method": "rank_table",
                "table": FULL_OUTCOME_TABLE,
                "solo": [{"emperor_rank": r, "outcome": "lose"} for r in (3, 4, 5)],
            }
        },
        "scoring.outcome.solo",
        "one row for each emperor rank 1 to 5",
        "error",
        "table_incomplete",
    ),
    Case(
        check_outcome_table,
        {"scoring.outcome": {"method": "points", "table": FULL_OUTCOME_TABLE}},
        "scoring.outcome",
        "The outcome is decided by the points, so the table of outcomes by rank is never used.",
        "warning",
        "table_unused",
    ),
    Case(
        check_side_out_consistency,
        {"scoring.outcome.method": "side_out", "scoring.two_person.rows": SIDE_OUT_ROWS},
        "scoring.outcome.method",
        "make it end when one side is out",
        "error",
        "side_out_mismatch",
    ),
    Case(
        check_side_out_consistency,
        {"end.side_out_draw_if_first_other_side": True},
        "end.side_out_draw_if_first_other_side",
        "only applies when the game ends as soon as one side is out",
        "warning",
        "side_out_mismatch",
    ),
    # ------------------------------------------------------------------ outcome vs points
    # baike-common's row 0 is emperor 1st, guard 2nd: 6 / 3 / -3.
    Case(
        check_outcome_agrees_with_points,
        {"scoring.two_person.rows[0].guard": -3, "scoring.two_person.rows[0].rebels": -1},
        "scoring.two_person.rows[0]",
        "do not score above 0",
        "error",
        "outcome_points_disagree",
        also=(),
    ),
    Case(
        # The side all out first wins: royals 3rd and 4th won, yet §8.1 scores them -2 / -1.
        check_outcome_agrees_with_points,
        {"end.when": "one_side_out", "scoring.outcome.method": "side_out"},
        "scoring.two_person.rows[10]",
        "the royals win here, yet one of them scores below 0 or the rebels gain",
        "error",
        "outcome_points_disagree",
    ),
    Case(
        check_outcome_agrees_with_points,
        {
            "scoring.outcome.method": "rank_table",
            "scoring.outcome.table": [
                {"ranks": [a, b], "outcome": "draw" if (a, b) == (2, 3) else "win"}
                for a in range(1, 6)
                for b in range(a + 1, 6)
            ],
        },
        "scoring.two_person.rows[5]",
        "this is a draw but somebody scores points",
        "error",
        "outcome_points_disagree",
    ),
    Case(
        check_outcome_agrees_with_points,
        {
            "scoring.outcome.solo": [
                {"emperor_rank": r, "outcome": "win" if r <= 2 else "lose"} for r in range(1, 6)
            ]
        },
        "scoring.solo.open[1]",
        "yet one of them scores below 0",
        "error",
        "outcome_points_disagree",
    ),
    Case(
        check_attachable_ranks_in_deck,
        {
            "bidding.guard": {"by": "called_card", "callable_ranks": ["A", "K", "Q"]},
            "deck.marks.guard_card": None,
            "deck.remove": [{"rank": "SJ"}],
            "deal.hand_sizes": [43, 43, 42, 42, 42],
        },
        "play.attach",
        "include the small joker, but the cards taken out include every small joker",
        "warning",
        "attach_rank_removed",
    ),
    Case(
        check_wild_ranks,
        {"play.wild": ["SJ"]},
        "play.wild[0]",
        "both wild and attachable",
        "error",
        "wild_attachable",
    ),
    Case(
        check_wild_ranks,
        {"play.wild": ["6"], "play.hold_back": [{"rank": "6"}]},
        "play.wild[0]",
        "both wild and held back",
        "error",
        "wild_held_back",
    ),
    Case(
        check_wild_ranks,
        {"play.wild": ["3"], "deck.remove": [{"rank": "3"}], "deal.hand_sizes": [40] * 5},
        "play.wild[0]",
        "the cards taken out include every 3",
        "warning",
        "wild_rank_removed",
    ),
    Case(
        check_bombs_possible,
        {"play.bombs": {"min_count": 17}},
        "play.bombs.min_count",
        "no hand can hold more than 16 cards of one rank",
        "warning",
        "bomb_impossible",
    ),
    Case(
        check_bombs_possible,
        {"play.bombs": {"min_count": 5, "identical": True}},
        "play.bombs.identical",
        "4 decks hold only 4 copies of each card",
        "warning",
        "identical_bomb_impossible",
    ),
    Case(
        check_multipliers,
        {"scoring.multipliers": [{"event": "rebel_declared", "factor": 2}]},
        "scoring.multipliers[0].event",
        "cannot happen under this variant's declarations",
        "warning",
        "event_unreachable",
    ),
    Case(
        check_options_that_apply,
        {
            "declarations.guard_reveal": "hidden",
            "declarations.rebel_declaration": {"timing": "with_guard"},
        },
        "declarations.rebel_declaration.timing",
        "only when the guard may choose",
        "warning",
        "option_unused",
    ),
    Case(
        check_multipliers,
        {"scoring.multipliers": [{"event": "bomb", "factor": 2}]},
        "scoring.multipliers[0].event",
        "this variant has no bombs",
        "warning",
        "event_unreachable",
    ),
    Case(
        check_options_that_apply,
        {"bidding.flow[0].forces": "first_decliner"},
        "bidding.flow[0].forces",
        "only applies to a forced round",
        "warning",
        "option_unused",
    ),
    Case(
        check_options_that_apply,
        {"bidding.flow[0].forced_exempt_four_identical": True},
        "bidding.flow[0].forced_exempt_four_identical",
        "only applies to a forced round",
        "warning",
        "option_unused",
    ),
    Case(
        check_options_that_apply,
        {
            "declarations.rebellion": {"threshold": 2, "timing": "with_guard"},
            "declarations.guard_reveal": "hidden",
        },
        "declarations.rebellion.timing",
        "only when the guard may choose to stay hidden or go open",
        "warning",
        "option_unused",
    ),
    Case(
        check_options_that_apply,
        {"play.marked_order": "guard_higher"},
        "play.marked_order",
        "only when both of them rank above the big joker",
        "warning",
        "option_unused",
    ),
    Case(
        check_top_card,
        {
            "play.top_card": "both_marked",
            "play.marked_order": "guard_higher",
            "play.top_card_in_set": True,
        },
        "play.top_card_in_set",
        "cannot also join a set of their own rank",
        "error",
        "top_in_set_ordered",
    ),
    Case(
        check_options_that_apply,
        {"play.top_card_in_set": True},
        "play.top_card_in_set",
        "so none can join a set of its rank",
        "warning",
        "option_unused",
    ),
    Case(
        check_options_that_apply,
        {"declarations.open_during_play": True, "declarations.guard_reveal": "hidden"},
        "declarations.open_during_play",
        "only go open during play where he may choose",
        "warning",
        "option_unused",
    ),
    Case(
        check_options_that_apply,
        {"declarations.reveal_by_card": True, "declarations.guard_reveal": "open"},
        "declarations.reveal_by_card",
        "no card reveals him",
        "warning",
        "option_unused",
    ),
    Case(
        check_options_that_apply,
        {"play.wind_unclaimed": "skip_next"},
        "play.wind_unclaimed",
        "unless the wind is taken by application",
        "warning",
        "option_unused",
    ),
    Case(
        check_options_that_apply,
        {"scoring.money.quit_penalty_to": "others"},
        "scoring.money.quit_penalty_to",
        "no quit penalty to share",
        "warning",
        "option_unused",
    ),
    Case(
        check_options_that_apply,
        {"bidding.flow[0].tip": "none", "bidding.flow[0].tip_count": 2},
        "bidding.flow[0].tip_count",
        "Nobody tips in this round",
        "warning",
        "option_unused",
    ),
    Case(
        check_tip_rank_in_deck,
        {
            "deck.remove": [{"rank": "2"}],
            "deal.hand_sizes": HANDS_200,
            "bidding.flow[0].tip": "two_or_nothing",
        },
        "bidding.flow[0].tip",
        "nobody ever tips",
        "warning",
        "tip_rank_removed",
    ),
    Case(
        check_tip_rank_in_deck,
        {"deck.remove": [{"rank": "2"}], "deal.hand_sizes": HANDS_200},
        "bidding.flow[0].tip",
        "always the highest card that is not a joker",
        "warning",
        "tip_rank_removed",
    ),
    Case(
        check_options_that_apply,
        {"scoring.money.shut_in_penalty": 2},
        "scoring.money.shut_in_penalty",
        "nobody pays this",
        "warning",
        "option_unused",
    ),
    Case(
        check_options_that_apply,
        {"end.shut_in_last": True},
        "end.shut_in_last",
        "Nobody can be shut in",
        "warning",
        "option_unused",
    ),
    Case(
        check_options_that_apply,
        {"scoring.multipliers": [], "scoring.max_multiplier": 8},
        "scoring.max_multiplier",
        "the stake cap never applies",
        "warning",
        "option_unused",
    ),
    Case(
        check_options_that_apply,
        {"bidding.solo.declared_requires": "four_identical"},
        "bidding.solo.declared_requires",
        "only applies when the emperor may declare a solo",
        "warning",
        "option_unused",
    ),
    # ------------------------------------------------------------------ tribute
    Case(
        check_tribute_rules,
        {"tribute.rules": [{"when": {"ranks": [1, 2]}, "give": [{"who": "rebels"}]}]},
        "tribute.rules[0]",
        "gives 3 cards but takes 0",
        "error",
        "tribute_unbalanced",
    ),
    Case(
        check_tribute_rules,
        {
            "tribute.rules": [
                {
                    "when": {"solo": "any", "ranks": [1, 2]},
                    "give": [{"who": "fifth"}],
                    "take": [{"who": "first"}],
                }
            ]
        },
        "tribute.rules[0].when.ranks",
        "A solo game has no guard",
        "error",
        "tribute_when",
    ),
    Case(
        check_tribute_rules,
        {
            "tribute.rules": [
                {
                    "when": {"ranks": [2, 2]},
                    "give": [{"who": "fifth"}],
                    "take": [{"who": "first"}],
                }
            ]
        },
        "tribute.rules[0].when.ranks",
        "cannot finish in the same place",
        "error",
        "rank_clash",
    ),
    Case(
        check_tribute_rules,
        {
            "tribute.rules": [
                {
                    "when": {"solo": "open"},
                    "give": [{"who": "guard"}],
                    "take": [{"who": "emperor"}],
                }
            ]
        },
        "tribute.rules[0].give[0].who",
        "A solo game has no guard",
        "error",
        "tribute_party",
    ),
    Case(
        check_tribute_rules,
        {
            "tribute.paid_in": "2",
            "deck.remove": [{"rank": "2"}],
            "deal.hand_sizes": HANDS_200,
            "bidding.flow[0].tip": "highest_non_joker",
        },
        "tribute.paid_in",
        "the cards taken out include every 2",
        "error",
        "paid_in_removed",
    ),
    Case(
        check_shut_in_needs_hold_back,
        {"tribute.shut_in": {"count": 1}},
        "tribute.shut_in",
        "no held-back rank can shut a player in",
        "error",
        "shut_in_unreachable",
    ),
    Case(
        check_shut_in_needs_hold_back,
        {"play.hold_back": [{"rank": "6", "shut_in": True}]},
        "play.hold_back",
        "names no shut-in tribute",
        "warning",
        "shut_in_without_tribute",
    ),
    # ------------------------------------------------------------------ house notes (issue 34 §3)
    Case(
        check_house_notes,
        {"house_notes[0].about": ["name"]},
        "house_notes[0].about[0]",
        "not a part of the rules a house note can be about",
        "error",
        "note_about_unknown",
    ),
    Case(
        check_house_notes,
        {"house_notes[0].checked": "abcdef"},
        "house_notes[0].checked",
        "names no rule it is about",
        "error",
        "note_checked_without_about",
    ),
    Case(
        check_house_notes,
        {"house_notes[0].about": ["scoring.multipliers"], "house_notes[0].checked": "aaaaaa"},
        "house_notes[0]",
        "changed after the note was last confirmed",
        "warning",
        "note_stale",
    ),
)


def _variant(doc: dict[str, Any]) -> Variant:
    """The document as a Variant (it must pass the structural validation)."""
    return Variant.model_validate(doc)


def _fired(variant: Variant) -> dict[str, list[Problem]]:
    """Problems of each check that reports any, by check name."""
    fired = {check.__name__: list(check(variant)) for check in CHECKS}
    return {name: problems for name, problems in fired.items() if problems}


# --------------------------------------------------------------------------- the base document


def test_the_base_document_has_no_problems() -> None:
    report = validate_definition(base_document())

    assert report.valid
    assert report.problems == ()
    assert _fired(_variant(base_document())) == {}


def test_edit_changes_only_the_copy() -> None:
    doc = base_document()
    changed = edit(doc, {"deal.hand_sizes[0]": 1, "scoring.solo.open[4]": DELETE})

    assert changed["deal"]["hand_sizes"][0] == 1
    assert len(changed["scoring"]["solo"]["open"]) == 4
    assert doc == base_document()


# --------------------------------------------------------------------------- one case per check


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_check_reports_its_problem(case: Case) -> None:
    doc = edit(base_document(), case.changes)
    variant = _variant(doc)

    fired = _fired(variant)

    expected_checks = {case.check.__name__, *(c.__name__ for c in case.also)}
    assert set(fired) == expected_checks, f"other checks fired: {fired}"
    matching = [p for p in fired[case.check.__name__] if p.code == case.code]
    assert matching, f"no {case.code} problem in {fired[case.check.__name__]}"
    problem = next((p for p in matching if p.path == case.path), None)
    assert problem is not None, f"no problem at {case.path}: {matching}"
    assert case.phrase in problem.message
    assert problem.severity == case.severity
    # The report of the whole document carries the same problem, so an operator sees it.
    assert problem in validate_definition(doc).problems


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_problem_validity_follows_severity(case: Case) -> None:
    report = validate_definition(edit(base_document(), case.changes))

    assert report.variant is not None
    assert report.valid == (report.errors == [])
    assert report.valid == all(p.severity == "warning" for p in report.problems)
    if case.severity == "error":
        assert not report.valid


def test_every_check_has_a_case() -> None:
    covered = {case.check for case in CASES}

    missing = [check.__name__ for check in CHECKS if check not in covered]

    assert missing == [], f"checks without a test case: {missing}"
    assert len(CHECKS) == 32


def _codes_in_checks_module() -> set[str]:
    """Every `code="..."` literal in the checks module: each problem a check can report."""
    tree = ast.parse(Path(inspect.getfile(checks_module)).read_text(encoding="utf-8"))
    return {
        node.value.value
        for node in ast.walk(tree)
        if isinstance(node, ast.keyword)
        and node.arg == "code"
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    }


def test_every_problem_code_has_a_case() -> None:
    codes = _codes_in_checks_module()

    missing = sorted(codes - {case.code for case in CASES})

    assert len(codes) > 30
    assert missing == [], f"problem codes without a test case: {missing}"


# --------------------------------------------------------------------------- variations that pass


@pytest.mark.parametrize(
    "changes",
    [
        # The kick is reachable by the rebels once the guard went open.
        {"declarations.kick": {}},
        # ... or by the royals after a rebellion, even when rebels may not kick.
        {
            "declarations.rebellion": {"threshold": 2},
            "declarations.kick": {"rebels_after_open_guard": None},
        },
        # A called guard without a guard card, as the classic variants have.
        {"bidding.guard": CALLED, "deck.marks.guard_card": None},
        # Weihai's trim: all 3, 4, 5 and three random 6s; 165 cards, 33 each; hold back 6.
        {
            "deck.remove": [{"rank": "3"}, {"rank": "4"}, {"rank": "5"}, {"rank": 6, "count": 3}],
            "deal.hand_sizes": [33, 33, 33, 33, 33],
            "play.hold_back": [{"rank": 6}],
            "bidding.flow": [
                {"step": "grab_solo"},
                {
                    "step": "offer_throne",
                    "when_holding_both": "skip_one",
                    "skip_one_to": "downstream",
                },
                {"step": "redeal"},
            ],
        },
        # A full outcome table in any order of the two ranks, with a full solo table.
        {
            "scoring.outcome": {
                "method": "rank_table",
                "table": [{**row, "ranks": row["ranks"][::-1]} for row in FULL_OUTCOME_TABLE],
                # Open 2nd scores -24 but hidden 2nd 0: one solo table cannot fit both.
            }
        },
        # A forced last offer round needs no redeal.
        {"bidding.flow": [{"step": "offer_throne"}, {"step": "offer_throne", "forced": True}]},
        # A one-side-out end decided by sides, with points that agree.
        {
            "end.when": "one_side_out",
            "scoring.outcome.method": "side_out",
            "scoring.two_person.rows": SIDE_OUT_ROWS,
        },
        # A balanced tribute rule: three rebels give one card each, the first takes three.
        {
            "tribute.rules": [
                {
                    "when": {"ranks": [4, 5]},
                    "give": [{"who": "rebels"}],
                    "take": [{"who": "first", "count": 3}],
                }
            ]
        },
    ],
)
def test_valid_variations_have_no_problems(changes: dict[str, Any]) -> None:
    doc = edit(base_document(), changes)

    report = validate_definition(doc)

    assert report.problems == ()


# --------------------------------------------------------------------------- the cases


def _only(report_problems: tuple[Problem, ...], path: str) -> Problem:
    found = [p for p in report_problems if p.path == path]
    assert len(found) == 1, f"expected one problem at {path}: {report_problems}"
    return found[0]


def test_a_misspelt_key_names_its_path_and_the_right_spelling() -> None:
    doc = edit(base_document(), {"deal.hand_size": [44, 43, 43, 43, 43], "deal.hand_sizes": DELETE})

    report = validate_definition(doc)

    assert not report.valid
    problem = _only(report.problems, "deal.hand_size")
    assert "Unknown field 'hand_size'" in problem.message
    assert "Did you mean 'hand_sizes'?" in problem.message
    assert "required" in _only(report.problems, "deal.hand_sizes").message


def test_a_wrong_type_names_its_path() -> None:
    doc = edit(base_document(), {"scoring.two_person.rows[3].guard": "three"})

    report = validate_definition(doc)

    assert not report.valid
    problem = _only(report.problems, "scoring.two_person.rows[3].guard")
    assert problem.message == "Expected a whole number, got 'three'."


def test_hand_sizes_that_do_not_add_up_name_the_path_and_both_totals() -> None:
    doc = edit(base_document(), {"deck.remove": [{"rank": "3"}, {"rank": "4"}, {"rank": "5"}]})

    report = validate_definition(doc)

    assert not report.valid
    problem = _only(report.problems, "deal.hand_sizes")
    assert "add up to 216 cards" in problem.message
    assert "the deck has 168" in problem.message
    assert "after the cards taken out" in problem.message
    assert problem.params == {"sum": 216, "deck": 168}


def test_a_hold_back_rank_that_was_trimmed_away_names_both_fields() -> None:
    doc = edit(
        base_document(),
        {
            "deck.remove": [{"rank": "3"}, {"rank": "4"}, {"rank": "5"}, {"rank": "6"}],
            "deal.hand_sizes": [32, 32, 32, 32, 24],
            "play.hold_back": [{"rank": "6", "shut_in": False}],
        },
    )

    report = validate_definition(doc)

    assert [p.code for p in report.problems] == ["hold_back_rank_removed"]
    problem = report.problems[0]
    assert problem.path == "play.hold_back[0].rank"
    assert problem.severity == "error"
    # Both fields are named: the held-back rank in words, the trims in words and in params.
    assert "held back" in problem.message
    assert "the cards taken out include every 6" in problem.message
    assert problem.params == {"rank": "6", "field": "deck.remove"}


def test_every_problem_of_a_document_is_reported_at_once() -> None:
    doc = edit(
        base_document(),
        {
            "deal.hand_sizes": [44, 44, 43, 43, 43],
            "scoring.two_person.rows[3]": DELETE,
            "scoring.solo.open[0].others": -5,
        },
    )

    report = validate_definition(doc)

    assert {p.path for p in report.errors} == {"deal.hand_sizes", "scoring.two_person.rows"}
    assert [p.path for p in report.warnings] == ["scoring.solo.open[0]"]


def test_deduction_only_scoring_with_an_outcome_table_is_accepted() -> None:
    # Issue #33: the winners score 0 and the losers pay (no zero sum); the outcome comes from
    # a table of the royals' places, and 0 for a winner contradicts nothing.
    rows = [
        {
            "emperor_rank": e,
            "guard_rank": g,
            "emperor": 0 if min(e, g) == 1 else -2,
            "guard": 0 if min(e, g) == 1 else -1,
            "rebels": -1 if min(e, g) == 1 else 0,
        }
        for e in range(1, 6)
        for g in range(1, 6)
        if e != g
    ]
    table = [
        {"ranks": [a, b], "outcome": "win" if a == 1 else "lose"}
        for a in range(1, 6)
        for b in range(a + 1, 6)
    ]
    doc = edit(
        base_document(),
        {
            "scoring.two_person": {"zero_sum": False, "rows": rows},
            "scoring.outcome.method": "rank_table",
            "scoring.outcome.table": table,
        },
    )
    fired = _fired(_variant(doc))
    assert "check_outcome_agrees_with_points" not in fired
    # A winner who pays still contradicts the table.
    rows[0]["emperor"] = -1
    fired = _fired(_variant(edit(doc, {"scoring.two_person.rows": rows})))
    assert [p.code for p in fired["check_outcome_agrees_with_points"]] == [
        "outcome_points_disagree"
    ]
