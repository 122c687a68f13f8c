"""Compiling a variant: cases found by mutation testing (`make mutation`, docs/development.md).

Compiled variants are cached by the checksum of their definition, and most tests compile
the bundled variants at import time: a mutant of the compiler would never run for them.
Each test here compiles, inside the test, a bundled variant under a name of its own (a
checksum no other test has compiled) and checks what the document says the compiled rules
do: who beats whom, what the shoe holds, what automatic play costs.
"""

from __future__ import annotations

import copy

import pytest

from baohuang.engine.beats import beats
from baohuang.engine.compiled import CompiledVariant, compile_definition
from baohuang.engine.deck import RANK_OF
from baohuang.engine.deck_limits import play_reason
from baohuang.engine.game import Game
from baohuang.engine.notation import parse_play
from baohuang.engine.record import make_record
from baohuang.engine.scoring import score
from baohuang.rules import checksum, definition_of, load_bundled, validate_definition
from tests.engine.rigging import variant
from tests.engine.test_scoring import make_result


def fresh(base: str, tag: str) -> CompiledVariant:
    """Bundled variant `base`, renamed for test `tag`: compiled afresh by this test."""
    return variant(base, name={"zh": f"{base}（{tag}）", "en": f"{base} ({tag})"})


def beaten(cv: CompiledVariant, previous: str, candidate: str) -> bool:
    return beats(parse_play(previous), parse_play(candidate), cv.play).beats


def test_roasting_follows_the_joker_groups_of_the_document():
    cv = fresh("lianzhong-classic", "roasting")
    assert beaten(cv, "SJ 8 8", "SJ SJ 9 9")  # a higher group, more jokers, a higher rest
    assert beaten(cv, "BJ", "SJ SJ SJ")  # three small jokers above one big
    assert not beaten(cv, "SJ SJ SJ", "BJ BJ")  # fewer jokers
    assert not beaten(cv, "SJ 8 8", "SJ SJ 8 8")  # the rest equal


def test_the_card_above_the_big_joker_and_the_special_beats():
    cv = fresh("tcy-bie3", "top card")
    assert beaten(cv, "BJ", "TOP")
    assert not beaten(cv, "TOP", "BJ")
    assert beaten(cv, "BJ SJ", "TOP BJ")
    assert beaten(cv, "BJ", "2 2 2")  # 3 × 2 beats a single big joker
    assert not beaten(cv, "TOP", "2 2 2")  # … but only 4 × 2 beats the top card
    assert beaten(cv, "TOP", "2 2 2 2")


def test_the_shoe_leaves_out_the_removed_cards():
    cv = fresh("baike-weihai", "shoe")
    ranks = [RANK_OF[c] for c in cv.shoe.fixed]
    three, four, five, seven = (parse_play(r).ranks[0] for r in ("3", "4", "5", "7"))
    assert ranks.count(three) == ranks.count(four) == ranks.count(five) == 0  # remove: 3, 4, 5
    assert ranks.count(seven) == 4 * cv.variant.deck.decks
    assert cv.shoe.size == sum(cv.variant.deal.hand_sizes)


def test_automatic_play_costs_what_the_document_says():
    cv = fresh("jj-standard", "automatic penalty")
    s = score(cv, make_result(0, 1, [0, 1, 2, 3, 4], automatic=[2]), base=100, table_fee=0)
    assert s.money[2] == -300 - 600  # automatic_penalty 6 × base, split among his teammates
    assert s.money[3] == s.money[4] == -300 + 300


def test_an_invalid_definition_is_refused_with_every_error_separated_by_semicolons():
    definition = copy.deepcopy(definition_of(load_bundled("jj-standard")))
    definition["players"] = 4
    definition["deal"]["first_dealer"] = 9
    errors = [str(p) for p in validate_definition(definition).errors]
    assert len(errors) >= 2
    with pytest.raises(ValueError, match="first_dealer") as caught:
        compile_definition(definition)
    assert str(caught.value) == "; ".join(errors)


def test_an_open_guard_scores_from_the_equal_shares_table():
    # baike-weihai (§8.4): with the guard known, emperor and guard score the same
    # (scoring.two_person_guard_known); a hidden guard scores from the usual table.
    cv = fresh("baike-weihai", "equal shares")
    hidden = score(cv, make_result(0, 1, [0, 1, 2, 3, 4]))
    assert hidden.points == (6, 3, -3, -3, -3)
    known = score(cv, make_result(0, 1, [0, 1, 2, 3, 4], events=["open_guard"]))
    assert known.points == (9, 9, -6, -6, -6)


def test_winnings_and_losses_stop_at_the_beans_carried():
    # hd (cap_to_carried): a seat wins at most, and loses at most, what it brought.
    cv = fresh("hd", "carried")
    result = make_result(0, 1, [0, 1, 2, 3, 4], carried=[1, 2, 1, 10, 10])
    s = score(cv, result)
    assert s.points == (6, 3, -3, -3, -3)
    assert s.money == (1, 2, -1, -3, -3)


def test_each_doubling_multiplies_the_points_by_its_factor():
    # tcy-bie3: a known guard doubles the points (guard_known × 2).
    cv = fresh("tcy-bie3", "doubling")
    plain = score(cv, make_result(0, 1, [0, 1, 2, 3, 4]))
    assert plain.points == (6, 3, -3, -3, -3)
    known = score(cv, make_result(0, 1, [0, 1, 2, 3, 4], events=["guard_known"]))
    assert known.multiplier == 2
    assert known.points == (12, 6, -6, -6, -6)


def test_two_doublings_of_one_event_stack():
    # Two rows for one event are allowed (a warning: "they would stack"): × 2 × 3 = × 6.
    multipliers = [
        {"event": "guard_known", "factor": 2},
        {"event": "guard_known", "factor": 3},
        {"event": "solo", "factor": 2},
    ]
    cv = variant("tcy-bie3", **{"scoring.multipliers": multipliers})
    known = score(cv, make_result(0, 1, [0, 1, 2, 3, 4], events=["guard_known"]))
    assert known.multiplier == 6
    assert known.points == (36, 18, -18, -18, -18)


def test_the_side_out_first_is_a_draw_when_a_rebel_went_out_first():
    # tcy-bie3 (side_out_draw_if_first_other_side): the royals (2nd and 3rd) are all out
    # before the last rebel, but a rebel went out first: a draw, not a win.
    cv = fresh("tcy-bie3", "side out draw")
    s = score(cv, make_result(1, 2, [0, 1, 2, 3, 4]))
    assert s.outcome == "draw"
    assert s.points == (0, 0, 0, 0, 0)


def test_a_top_card_in_a_variant_without_one_is_refused_for_the_deck():
    # baike-common has no card above the big joker: the deck says so, not the play's shape.
    cv = fresh("baike-common", "no top card")
    refused = play_reason(cv, parse_play("TOP"))
    assert refused is not None
    assert refused.code == "no_top_card"
    assert str(refused) == "This variant has no card above the big joker (TOP)"


def test_a_game_record_names_the_checksum_of_its_definition():
    # A record says which exact rules it was played under (docs/design.md §4).
    cv = fresh("jj-standard", "record checksum")
    record = make_record(Game.new(cv, 0))
    assert record["checksum"] == checksum(definition_of(cv.variant))
    assert len(record["checksum"]) == 64
