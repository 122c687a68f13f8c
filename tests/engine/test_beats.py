"""The beat relation (docs/rules.md §5.2, §5.5, §6.5).

The first part of this file is a slow, obviously-correct reference of the rules and the
hypothesis strategies that ``test_follows.py`` also uses.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from baohuang.engine.beats import Verdict, beats, beats_fast
from baohuang.engine.cards import BJ, NUM_RANKS, SJ, TOP, TOP2, TWO
from baohuang.engine.notation import parse_play
from baohuang.engine.plays import (
    DEFAULT_RULES,
    BombRules,
    CompiledPlayRules,
    CompiledSpecialBeat,
    Play,
    RoastRules,
    is_legal_play,
)


def ref_legal(ranks: Sequence[int], rules: CompiledPlayRules) -> bool:
    """A play is legal: non-empty, ranks exist, at most one rank that is neither attachable
    nor wild; without one, wild cards of one rank at most."""
    if not ranks:
        return False
    if TOP in ranks and not rules.has_top:
        return False
    if TOP2 in ranks and not rules.has_top2:
        return False
    bases = {r for r in ranks if r not in rules.attachable and r not in rules.wild}
    if not bases:
        return len({r for r in ranks if r in rules.wild}) <= 1
    return len(bases) <= 1


def ref_counted(ranks: Sequence[int], rules: CompiledPlayRules) -> list[int]:
    """A play as it counts: wild cards stand for the set's rank (when it has one)."""
    bases = [r for r in ranks if r not in rules.attachable and r not in rules.wild]
    if not bases:
        return sorted(ranks, reverse=True)
    return sorted((bases[0] if r in rules.wild else r for r in ranks), reverse=True)


def ref_beats(prev: Sequence[int], cand: Sequence[int], rules: CompiledPlayRules) -> bool:
    """The beat relation written straight from docs/rules.md §5.2, §5.5 and §6.5 (and bombs)."""
    if not ref_legal(cand, rules):
        return False
    p = ref_counted(prev, rules)
    c = ref_counted(cand, rules)
    if rules.bombs is not None:
        least = rules.bombs.min_count

        def bomb(play: list[int]) -> bool:
            return len(play) >= least and len(set(play)) == 1 and play[0] not in (SJ, BJ, TOP)

        if bomb(p):
            return bomb(c) and (len(c), c[0]) > (len(p), p[0])
        if bomb(c) and (not rules.bombs.more_cards or len(c) > len(p)):
            return True
    if len(p) == len(c) and all(x > y for x, y in zip(c, p, strict=True)):
        return True
    for sb in rules.special_beats:
        if len(p) == 1 and p[0] in sb.beats and c == [sb.rank] * sb.count:
            return True
    if rules.roast is not None:
        order = list(rules.roast.joker_order)
        pj = tuple(r for r in p if r in (SJ, BJ))
        cj = tuple(r for r in c if r in (SJ, BJ))
        pr = [r for r in p if r not in (SJ, BJ)]
        cr = [r for r in c if r not in (SJ, BJ)]
        roast = rules.roast
        if (
            (pj in order or (not pj and roast.plain_sets))
            and cj in order
            and order.index(cj) > (order.index(pj) if pj else -1)
            and (len(cj) > len(pj) or not roast.more_jokers)
            and len(pr) == len(cr)
            and all(x > y for x, y in zip(cr, pr, strict=True))
        ):
            return True
    return False


def ref_plays(hand: Sequence[int]) -> list[tuple[int, ...]]:
    """Every non-empty sub-multiset of a hand (count vector), as high-to-low tuples."""
    ranks = [r for r in range(NUM_RANKS) if hand[r]]
    out = []
    for counts in product(*(range(hand[r] + 1) for r in ranks)):
        play = tuple(
            sorted((r for r, k in zip(ranks, counts, strict=True) for _ in range(k)), reverse=True)
        )
        if play:
            out.append(play)
    return out


def ref_follows(
    hand: Sequence[int], prev: Play | None, rules: CompiledPlayRules
) -> set[tuple[int, ...]]:
    """Legal follows (or leads) by enumerating every sub-multiset of the hand."""
    return {
        play
        for play in ref_plays(hand)
        if is_legal_play(play, rules) is None
        and (prev is None or ref_beats(prev.ranks, play, rules))
    }


GROUPS = [(SJ,), (BJ,), (SJ, SJ), (BJ, SJ), (BJ, BJ), (SJ, SJ, SJ), (BJ, BJ, BJ), (BJ, BJ, SJ)]


@st.composite
def play_rules(draw: st.DrawFn, *, extras: bool = True) -> CompiledPlayRules:
    """Random play rules: attachable sets (even odd ones), TOP, special beats, roasting."""
    attach = draw(st.frozensets(st.sampled_from([TWO, SJ, BJ, TOP, 11, 5]), max_size=4))
    if draw(st.booleans()):
        attach = attach | {SJ, BJ}
    has_top = draw(st.booleans())
    has_top2 = has_top and draw(st.booleans())  # two ordered marked cards
    if has_top2 and TOP in attach:
        attach = attach | {TOP2}
    special: tuple[CompiledSpecialBeat, ...] = ()
    roast = None
    if extras:
        special = tuple(
            draw(
                st.lists(
                    st.builds(
                        CompiledSpecialBeat,
                        st.sampled_from([TWO, 11, SJ]),
                        st.integers(1, 4),
                        st.frozensets(st.sampled_from([BJ, TOP, SJ, TWO]), min_size=1),
                    ),
                    max_size=2,
                )
            )
        )
        if draw(st.booleans()):
            roast = RoastRules(
                tuple(draw(st.permutations(GROUPS))[: draw(st.integers(1, 8))]),
                more_jokers=draw(st.booleans()),
                plain_sets=draw(st.booleans()),
            )
    bombs = None
    if extras and draw(st.booleans()):
        bombs = BombRules(draw(st.integers(2, 5)), more_cards=draw(st.booleans()))
    wild: frozenset[int] = frozenset()
    if extras and draw(st.booleans()):
        wild = draw(st.frozensets(st.sampled_from([TWO, 11, SJ, BJ, 4]), max_size=2)) - attach
    return CompiledPlayRules(
        attachable=attach,
        has_top=has_top,
        special_beats=special,
        roast=roast,
        bombs=bombs,
        wild=wild,
        has_top2=has_top2,
    )


@st.composite
def legal_plays(draw: st.DrawFn, rules: CompiledPlayRules, *, size: int | None = None) -> Play:
    """A random legal play under ``rules`` (optionally of a given size)."""
    ranks = [r for r in range(NUM_RANKS) if rules.tables.exists[r]]
    atts = [r for r in ranks if r in rules.attachable]
    bases = [r for r in ranks if r not in rules.attachable]
    n = size if size is not None else draw(st.integers(1, 6))
    base: int | None = None
    if bases and (not atts or draw(st.booleans())):
        base = draw(st.sampled_from(bases))
    if base is None:
        return Play.of(draw(st.sampled_from(atts)) for _ in range(n))
    k = n if not atts else draw(st.integers(1, n))
    wild = sorted(rules.wild)
    j = 0  # wild cards standing for the base (at least one real card stays)
    if wild and base not in rules.wild and k > 1 and draw(st.booleans()):
        j = draw(st.integers(1, k - 1))
    return Play.of(
        [base] * (k - j)
        + [draw(st.sampled_from(wild)) for _ in range(j)]
        + [draw(st.sampled_from(atts)) for _ in range(n - k)]
    )


# --------------------------------------------------------------------------- examples

BIE3 = CompiledPlayRules(
    attachable=frozenset({SJ, BJ, TWO}),
    has_top=True,
    special_beats=(
        CompiledSpecialBeat(TWO, 3, frozenset({BJ})),
        CompiledSpecialBeat(TWO, 4, frozenset({TOP})),
    ),
)
ROAST = CompiledPlayRules(roast=RoastRules(((SJ,), (BJ,), (SJ, SJ), (BJ, BJ), (SJ, SJ, SJ))))
# An order where two small jokers stand below one: more jokers, but not higher.
LOOSE_ROAST_LOW = CompiledPlayRules(roast=RoastRules(((SJ, SJ), (SJ,), (BJ,))))


def verdict(previous: str, candidate: str, rules: CompiledPlayRules = DEFAULT_RULES) -> Verdict:
    """Check ``beats`` against ``beats_fast`` and the reference, then return it."""
    prev, cand = parse_play(previous), parse_play(candidate)
    result = beats(prev, cand, rules)
    assert beats_fast(prev.ranks, cand.ranks, rules) == result.beats
    assert ref_beats(prev.ranks, cand.ranks, rules) == result.beats
    assert bool(result) == result.beats
    return result


@pytest.mark.parametrize(
    ("previous", "candidate"),
    [
        ("7 7 7 7", "8 8 8 8"),
        ("A A A A", "BJ SJ SJ SJ"),
        ("6 6 6 6", "SJ 7 7 7"),
        ("SJ 5 5 5 5", "BJ 6 6 6 6"),
        ("SJ SJ 9 9 9", "BJ BJ J J J"),
        ("SJ SJ 9 9 9", "BJ BJ BJ J J"),
        ("6 6 6 6", "7 7 7 7"),
        ("6 6 6 6", "2 2 2 2"),
        ("5 5 5 5 5", "6 6 6 6 6"),
        ("5 5 5 5 5", "K K K K K"),
    ],
)
def test_rules_examples_that_beat(previous: str, candidate: str) -> None:
    result = verdict(previous, candidate)
    assert result.beats, result.reason
    assert result.reason == (
        f"{candidate} beats {previous}: every card is higher than the card it is set against"
    )


@pytest.mark.parametrize(
    ("previous", "candidate"),
    [
        ("SJ 8 8 8", "9 9 9 9"),
        ("BJ 4 4 4 4", "5 5 5 5 5"),
        ("BJ 4 4 4 4", "BJ 5 5 5 5"),
        ("BJ 4 4 4 4", "SJ 2 2 2 2"),
        ("6 6 6 6", "6 6 6 6"),
        ("6 6 6 6", "5 5 5 5"),
        ("5 5 5 5 5", "6 6 6 6"),
        ("6 6 6 6", "7 7 7 7 7"),
        ("BJ", "BJ"),
        ("BJ", "SJ SJ SJ"),
    ],
)
def test_rules_examples_that_do_not_beat(previous: str, candidate: str) -> None:
    assert not verdict(previous, candidate).beats


def test_plain_set_never_beats_a_set_with_a_joker() -> None:
    result = verdict("SJ 8 8 8", "9 9 9 9")
    assert result.reason == (
        "9 9 9 9 does not beat SJ 8 8 8: the 9 set against SJ is not "
        "higher (a plain set never beats a set with a joker)"
    )


def test_nothing_beats_a_big_joker() -> None:
    result = verdict("BJ 4 4 4 4", "BJ BJ 5 5 5")
    assert result.reason == (
        "BJ BJ 5 5 5 does not beat BJ 4 4 4 4: nothing beats a big joker in this variant"
    )
    assert not verdict("BJ", "BJ BJ").beats


def test_different_number_of_cards() -> None:
    result = verdict("7 7 7 7", "8 8 8")
    assert result.reason == "8 8 8 does not beat 7 7 7 7: different number of cards: 3 against 4"


def test_equal_cards_do_not_beat() -> None:
    assert "equal cards do not beat each other" in verdict("8 8", "8 8").reason
    assert "only SJ or BJ beat 2" in verdict("2", "A").reason


def test_illegal_candidate_gives_legality_reason() -> None:
    result = verdict("8 8 8", "2 9 9")
    assert not result.beats
    assert result.reason == is_legal_play(parse_play("2 9 9"), DEFAULT_RULES)
    assert "2s cannot be attached" in result.reason
    assert not verdict("8 8", "A 9").beats


def test_attached_twos_beat_where_allowed() -> None:
    assert verdict("8 8 8 8", "2 9 9 9", BIE3).beats
    assert verdict("SJ 8 8 8", "BJ 2 9 9", BIE3).beats
    assert not verdict("8 8 8 8", "2 9 9 9").beats


def test_top_beats_a_big_joker_only_where_it_exists() -> None:
    assert verdict("BJ", "TOP", BIE3).beats
    assert verdict(
        "BJ 4 4 4 4",
        "TOP 5 5 5 5",
        CompiledPlayRules(attachable=frozenset({SJ, BJ, TOP}), has_top=True),
    ).beats
    assert not verdict("BJ", "TOP").beats
    assert "no card above the big joker" in verdict("BJ", "TOP").reason
    assert "nothing ranks above TOP" in verdict("TOP", "BJ", BIE3).reason
    assert "equal cards do not beat each other" in verdict("TOP", "TOP", BIE3).reason


def test_three_twos_beat_one_big_joker_when_configured() -> None:
    result = verdict("BJ", "2 2 2", BIE3)
    assert result.beats
    assert result.reason == "2 2 2 beats BJ: in this variant three 2s beat a single big joker"
    assert not verdict("BJ", "2 2 2").beats
    assert not verdict("BJ", "2 2 2 2", BIE3).beats  # exactly three
    assert not verdict("BJ BJ", "2 2 2", BIE3).beats  # exactly one big joker
    assert not verdict("SJ", "2 2 2", BIE3).beats  # not configured for SJ
    assert not verdict("BJ", "2 2", BIE3).beats


def test_four_twos_beat_the_top_card() -> None:
    assert verdict("TOP", "2 2 2 2", BIE3).beats
    assert not verdict("TOP", "2 2 2", BIE3).beats
    assert "2 2 2 2 also beats a single TOP" in verdict("TOP", "BJ", BIE3).reason


def test_special_beat_reason_names_the_alternative() -> None:
    rules = CompiledPlayRules(special_beats=(CompiledSpecialBeat(TWO, 3, frozenset({BJ})),))
    result = verdict("BJ", "SJ", rules)
    assert result.reason == (
        "SJ does not beat BJ: only 2 2 2 beats a single big joker in this variant"
    )


def test_roasting_examples() -> None:
    assert verdict("SJ", "BJ", ROAST).beats  # plain rule anyway
    assert verdict("SJ", "SJ SJ", ROAST).beats  # 2 SJ > 1 SJ
    assert verdict("BJ", "SJ SJ", ROAST).beats  # this order puts 2 SJ above 1 BJ
    assert verdict("BJ", "BJ BJ", ROAST).beats  # 2 BJ > 1 BJ
    assert verdict("BJ", "SJ SJ SJ", ROAST).beats  # three small jokers beat one big joker
    assert verdict("SJ 8 8 8", "SJ SJ 9 9 9", ROAST).beats
    assert verdict("BJ 8 8", "BJ BJ 9 9", ROAST).beats
    result = verdict("SJ 8 8", "BJ BJ 9 9", ROAST)
    assert result.reason.startswith("BJ BJ 9 9 beats SJ 8 8 by roasting")


def test_roasting_failures() -> None:
    assert not verdict("SJ 8 8 8", "SJ SJ 8 8 8", ROAST).beats  # 8s not higher
    assert not verdict("SJ 8 8 8", "SJ SJ 9 9", ROAST).beats  # other cards differ in number
    assert not verdict("BJ BJ", "BJ", ROAST).beats  # lower group
    assert not verdict("BJ", "BJ BJ BJ", ROAST).beats  # group missing from the order
    assert not verdict("8 8", "SJ 9 9", ROAST).beats  # nothing to roast
    assert not verdict("BJ SJ", "BJ BJ", ROAST).beats  # BJ SJ is not in the order
    assert "not a roasting group" in verdict("BJ", "BJ BJ BJ", ROAST).reason
    assert "must carry more jokers" in verdict("BJ BJ", "BJ", ROAST).reason
    assert "not higher in the roasting order" in verdict("SJ", "SJ SJ", LOOSE_ROAST_LOW).reason
    assert "differ in number" in verdict("SJ 8 8 8", "SJ SJ 9 9", ROAST).reason
    assert not verdict("BJ", "SJ SJ").beats  # roasting off


def test_empty_previous() -> None:
    assert not beats(Play(()), parse_play("8"), DEFAULT_RULES)
    assert not beats_fast((), (5,), DEFAULT_RULES)


# --------------------------------------------------------------------------- properties


def plain_plays(size: int) -> st.SearchStrategy[Play]:
    """Legal plays of one size under the default rules."""
    return legal_plays(DEFAULT_RULES, size=size)


@given(
    st.integers(1, 6).flatmap(lambda n: st.tuples(plain_plays(n), plain_plays(n), plain_plays(n)))
)
def test_plain_beating_is_a_strict_order(plays: tuple[Play, Play, Play]) -> None:
    a, b, c = plays
    rules = DEFAULT_RULES
    assert not beats(a, a, rules)
    if beats(a, b, rules):
        assert not beats(b, a, rules)
        if beats(b, c, rules):
            assert beats(a, c, rules)


@given(st.data())
def test_strict_order_with_any_attachable_set(data: st.DataObject) -> None:
    rules = data.draw(play_rules(extras=False))
    n = data.draw(st.integers(1, 5))
    a, b, c = (data.draw(legal_plays(rules, size=n)) for _ in range(3))
    assert not beats_fast(a.ranks, a.ranks, rules)
    if beats_fast(a.ranks, b.ranks, rules):
        assert not beats_fast(b.ranks, a.ranks, rules)
        if beats_fast(b.ranks, c.ranks, rules):
            assert beats_fast(a.ranks, c.ranks, rules)


@given(st.data())
def test_a_big_joker_is_never_beaten_without_top(data: st.DataObject) -> None:
    rules = data.draw(play_rules(extras=False).filter(lambda r: not r.has_top))
    prev = data.draw(legal_plays(rules))
    assume(BJ in prev.ranks)
    cand = data.draw(st.one_of(legal_plays(rules), legal_plays(rules, size=prev.size)))
    assert not beats(prev, cand, rules)


@given(st.data())
def test_fast_explained_and_reference_agree(data: st.DataObject) -> None:
    rules = data.draw(play_rules())
    prev = data.draw(legal_plays(rules))
    cand = data.draw(
        st.one_of(
            legal_plays(rules),
            legal_plays(rules, size=prev.size),
            st.lists(st.integers(0, TOP2), max_size=6).map(Play.of),
        )
    )
    result = beats(prev, cand, rules)
    assert beats_fast(prev.ranks, cand.ranks, rules) == result.beats
    assert ref_beats(prev.ranks, cand.ranks, rules) == result.beats
    assert result.reason
    if result.beats:
        assert result.reason.startswith(f"{cand} beats {prev}")


# --------------------------------------------------------------------------- bombs (炸弹)

BOMBS = CompiledPlayRules(bombs=BombRules(4))
BOMBS_MORE_CARDS = CompiledPlayRules(bombs=BombRules(4, more_cards=True))


@pytest.mark.parametrize(
    ("previous", "candidate", "rules", "beaten"),
    [
        # A bomb beats a bigger plain play, jokers and all, and a single big joker.
        ("BJ BJ A A A", "5 5 5 5", BOMBS, True),
        ("BJ", "3 3 3 3", BOMBS, True),
        ("SJ 9 9 9 9 9 9", "3 3 3 3", BOMBS, True),
        # Among bombs: more cards first, then the rank.
        ("5 5 5 5", "6 6 6 6", BOMBS, True),
        ("6 6 6 6", "5 5 5 5 5", BOMBS, True),
        ("6 6 6 6", "6 6 6 6", BOMBS, False),
        ("7 7 7 7 7", "K K K K", BOMBS, False),
        # Only a bigger bomb beats a bomb: not a higher set with a joker attached.
        ("5 5 5 5", "SJ 6 6 6", BOMBS, False),
        ("5 5 5 5", "BJ BJ BJ BJ", BOMBS, False),
        # Fewer than four of a rank is no bomb; jokers are never a bomb.
        ("9 9 9", "5 5 5", BOMBS, False),
        ("9", "SJ SJ SJ SJ", BOMBS, False),
        # With more_cards a bomb beats only a plain play with fewer cards.
        ("9 9 9", "5 5 5 5", BOMBS_MORE_CARDS, True),
        ("SJ 9 9 9", "5 5 5 5", BOMBS_MORE_CARDS, False),
        ("SJ 9 9 9", "5 5 5 5 5", BOMBS_MORE_CARDS, True),
        ("8 8 8 8", "9 9 9 9", BOMBS_MORE_CARDS, True),
    ],
)
def test_bombs(previous: str, candidate: str, rules: CompiledPlayRules, beaten: bool) -> None:
    assert verdict(previous, candidate, rules).beats is beaten


def test_bomb_reasons_say_what_a_bomb_is() -> None:
    assert verdict("BJ BJ A A A", "5 5 5 5", BOMBS).reason == (
        "5 5 5 5 beats BJ BJ A A A: 5 5 5 5 is a bomb (4 or more cards of one rank) and beats "
        "any play that is not a bomb"
    )
    assert verdict("5 5 5 5", "SJ 6 6 6", BOMBS).reason == (
        "SJ 6 6 6 does not beat 5 5 5 5: 5 5 5 5 is a bomb: only a bigger bomb (4 or more "
        "cards of one rank, nothing attached) beats it"
    )
    assert verdict("7 7 7 7 7", "K K K K", BOMBS).reason.code == "does_not_beat"


def test_without_bombs_four_of_a_rank_is_a_set() -> None:
    assert not verdict("BJ BJ A A A", "5 5 5 5").beats
    assert verdict("5 5 5 5", "SJ 6 6 6").beats
