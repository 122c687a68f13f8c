"""Legal moves: cases found by mutation testing (`make mutation`, docs/development.md).

Each test builds its rules inside the test: rules built at import time get their lookup
tables before mutmut switches a mutant on.
"""

from __future__ import annotations

from baohuang.engine.cards import BJ, SJ, TWO
from baohuang.engine.follows import has_follow, legal_follows
from baohuang.engine.notation import format_play, parse_play, parse_ranks
from baohuang.engine.plays import CompiledPlayRules, CompiledSpecialBeat, RoastRules, rank_counts


def _has(hand: str, previous: str, rules: CompiledPlayRules) -> bool:
    return has_follow(rank_counts(parse_ranks(hand)), parse_play(previous), rules)


def test_a_roast_is_the_only_answer() -> None:
    rules = CompiledPlayRules(roast=RoastRules(((SJ,), (BJ,), (BJ, SJ))))
    assert _has("BJ SJ 9 9 3", "BJ 8 8", rules)
    assert not _has("BJ SJ 9 9 3", "BJ 8 8", CompiledPlayRules())


def test_a_special_beat_is_the_only_answer() -> None:
    rules = CompiledPlayRules(special_beats=(CompiledSpecialBeat(TWO, 3, frozenset({BJ})),))
    assert _has("2 2 2 3", "BJ", rules)
    assert not _has("2 2 3", "BJ", rules)


def _follows(hand: str, previous: str, rules: CompiledPlayRules) -> list[str]:
    counts = rank_counts(parse_ranks(hand))
    return [format_play(p) for p in legal_follows(counts, parse_play(previous), rules)]


def test_roasting_a_play_without_jokers_only_with_plain_sets() -> None:
    order = ((SJ,), (BJ,))
    assert _follows("SJ 9 9", "8 8", CompiledPlayRules(roast=RoastRules(order))) == ["9 9", "SJ 9"]
    plain = CompiledPlayRules(roast=RoastRules(order, plain_sets=True))
    assert _follows("SJ 9 9", "8 8", plain) == ["9 9", "SJ 9", "SJ 9 9"]


def test_roasting_with_fewer_jokers_only_where_the_variant_allows_it() -> None:
    order = ((SJ, SJ), (SJ,), (BJ,))  # one big joker stands above two small ones
    assert _follows("BJ 9 9", "SJ SJ 8 8", CompiledPlayRules(roast=RoastRules(order))) == []
    loose = CompiledPlayRules(roast=RoastRules(order, more_jokers=False))
    assert _follows("BJ 9 9", "SJ SJ 8 8", loose) == ["BJ 9 9"]


def test_a_special_beat_of_one_card() -> None:
    rules = CompiledPlayRules(special_beats=(CompiledSpecialBeat(TWO, 1, frozenset({BJ})),))
    assert _follows("2 3", "BJ", rules) == ["2"]


def test_a_set_then_an_attached_rank_below_another_set_rank() -> None:
    # Where 8s attach, K 8 is a set of one king with an 8 attached; the 9 between them
    # (another set rank) is skipped, not the end of the search.
    rules = CompiledPlayRules(attachable=frozenset({SJ, BJ, 5}))
    assert "K 8" in _follows("K 9 8", "7 7", rules)
