"""The beat relation: does a candidate play beat the previous play (docs/rules.md §5.2)?

The plain rule (节节高): the candidate has the same number of cards, and after sorting
both plays high to low every candidate card is strictly higher than the card at the
same position. So ``8 8 8 8`` beats ``7 7 7 7`` and ``SJ 7 7 7`` beats ``6 6 6 6``, but
``9 9 9 9`` never beats ``SJ 8 8 8``, and without a card above the big joker nothing
beats a play that contains one. On top of that a variant may have special beats and
roasting (:class:`~baohuang.engine.plays.CompiledPlayRules`).

:func:`beats` explains its answer in a sentence; :func:`beats_fast` is the allocation-
free test for simulations. The previous play is taken as given (it was legal when it
was played); the candidate must be legal to beat anything.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from baohuang.engine.cards import BJ, JOKERS, NUM_RANKS, RANK_NAMES, RANK_WORDS, SJ
from baohuang.engine.mypyc_attrs import mypyc_attr
from baohuang.engine.plays import (
    CompiledPlayRules,
    Play,
    bigger_bomb,
    effective,
    format_ranks,
    is_bomb,
    is_legal_fast,
    is_legal_play,
)
from baohuang.engine.reasons import Reason, joined, reason

_COUNT_WORDS: Final = (
    *("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
    *("eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen"),
)

_GT: Final = operator.gt


@mypyc_attr(serializable=True)
@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer of :func:`beats`: whether the candidate beats, and why in one sentence.

    A verdict is truthy exactly when ``beats`` is true, so ``if beats(p, c, rules):``
    reads naturally.
    """

    beats: bool
    reason: Reason

    def __bool__(self) -> bool:
        return self.beats


def _joker_bounds(ranks: Sequence[int]) -> tuple[int, int]:
    """Where the jokers sit in a high-to-low play: ``ranks[i:j]`` (after any TOP cards)."""
    n = len(ranks)
    i = 0
    while i < n and ranks[i] > BJ:
        i += 1
    j = i
    while j < n and ranks[j] >= SJ:
        j += 1
    return i, j


def _joker_split(ranks: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    ranks = tuple(ranks)
    i, j = _joker_bounds(ranks)
    return ranks[i:j], ranks[:i] + ranks[j:]


def beats_fast(
    prev_ranks: Sequence[int], cand_ranks: Sequence[int], rules: CompiledPlayRules
) -> bool:
    """Return whether ``cand_ranks`` beats ``prev_ranks`` (both sorted high to low).

    Same answer as ``beats(...).beats`` without building a reason. Pass tuples (as in
    ``Play.ranks``); ranks must be 0–20.
    """
    plain = rules.tables.plain
    if plain is not None:
        # Wild cards (百搭) stand for the set's rank: judge both plays as they count.
        return is_legal_fast(cand_ranks, rules) and beats_fast(
            effective(prev_ranks, rules), effective(cand_ranks, rules), plain
        )
    bomb_min = rules.tables.bomb_min
    if bomb_min and is_bomb(prev_ranks, bomb_min):
        return is_bomb(cand_ranks, bomb_min) and bigger_bomb(prev_ranks, cand_ranks)
    n = len(cand_ranks)
    if (
        n == len(prev_ranks)
        and n
        and cand_ranks[0] > prev_ranks[0]
        and cand_ranks[-1] > prev_ranks[-1]
        and (n < 3 or all(map(_GT, cand_ranks, prev_ranks)))
    ):
        # Every card is higher; the candidate must still be a legal play.
        tables = rules.tables
        attach = tables.attach
        if tables.split:
            # Attached cards come first; the first other card starts the set, which must
            # run to the end (and be a rank that exists).
            for rank in cand_ranks:
                if not attach[rank]:
                    return rank == cand_ranks[-1] and tables.exists[rank]
            return True
        return is_legal_fast(cand_ranks, rules)
    if rules.tables.simple:
        return False
    return _beats_extra(prev_ranks, cand_ranks, rules)


def _beats_extra(prev: Sequence[int], cand: Sequence[int], rules: CompiledPlayRules) -> bool:
    """Bombs, special beats and roasting; called only when the plain rule failed (and the
    previous play is not a bomb)."""
    tables = rules.tables
    if (
        tables.bomb_min
        and is_bomb(cand, tables.bomb_min)
        and (not tables.bomb_more_cards or len(cand) > len(prev))
    ):
        return True
    if len(prev) == 1 and tables.special:
        beaten = tables.special.get(tuple(cand))
        if beaten is not None and prev[0] in beaten:
            return True
    if not tables.roast_order:
        return False
    roast = rules.roast
    if roast is None:
        raise ValueError("A roast order without roast rules.")
    pi, pj = _joker_bounds(prev)
    index = tables.roast_index
    if pi == pj:
        if not roast.plain_sets:
            return False  # nothing to roast
        prev_at = -1
    else:
        found = index.get(tuple(prev[pi:pj]))
        if found is None:
            return False
        prev_at = found
    ci, cj = _joker_bounds(cand)
    if len(cand) - (cj - ci) != len(prev) - (pj - pi):
        return False
    if roast.more_jokers and cj - ci <= pj - pi:
        return False
    cand_at = index.get(tuple(cand[ci:cj]))
    if cand_at is None or cand_at <= prev_at:
        return False
    cand_rest = tuple(cand[:ci]) + tuple(cand[cj:])
    prev_rest = tuple(prev[:pi]) + tuple(prev[pj:])
    for c, p in zip(cand_rest, prev_rest, strict=True):
        if c <= p:
            return False
    return is_legal_fast(cand, rules)


def _higher_ranks(rank: int, rules: CompiledPlayRules) -> list[int]:
    exists = rules.tables.exists
    return [r for r in range(rank + 1, NUM_RANKS) if exists[r]]


def _either(ranks: Sequence[int], shown: Sequence[str] = RANK_NAMES) -> Reason:
    names = [shown[r] for r in ranks]
    if len(names) <= 2:
        return joined("either", names, " or ".join(names))
    return joined("either", names, ", ".join(names[:-1]) + " or " + names[-1])


def _answers(answers: Sequence[tuple[int, ...]]) -> Reason:
    texts = [format_ranks(a) for a in answers]
    return joined("either", texts, " or ".join(texts))


def _position_reason(prev: Play, cand: Play, at: int, rules: CompiledPlayRules) -> Reason:
    cr, pr = cand.ranks[at], prev.ranks[at]
    shown = rules.tables.names  # a joker stack (叠加) as its cards
    rank, against = shown[cr], shown[pr]
    code = "position_set" if cr == cand.base_rank and cand.count(cr) > 1 else "position_card"
    higher = _higher_ranks(pr, rules)
    if cr == pr:
        hint = reason("hint_equal")
    elif pr in JOKERS and not any(r >= SJ for r in cand.ranks):
        hint = reason("hint_plain_against_joker")
    elif not higher:
        hint = reason("hint_nothing_above", rank=against)
    elif len(higher) <= 3:
        verb = "beats" if len(higher) == 1 else "beat"
        either = _either(higher, shown)
        hint = reason(
            "hint_only_higher", f"only {either} {verb} {against}", ranks=either, rank=against
        )
    else:
        hint = reason("hint_each_higher")
    answers = rules.tables.special_answers[pr] if len(prev.ranks) == 1 else ()
    if answers:
        hint = reason("hint_special_answer", hint=hint, answers=_answers(answers), rank=against)
    return reason(code, rank=rank, against=against, hint=hint)


def _roast(prev: Play, cand: Play, rules: CompiledPlayRules) -> tuple[bool, Reason] | None:
    """Roasting verdict, or ``None`` when roasting does not apply to ``prev``."""
    tables = rules.tables
    roast = rules.roast
    prev_jokers, prev_rest = _joker_split(prev.ranks)
    if not tables.roast_order or roast is None or not (prev_jokers or roast.plain_sets):
        return None
    cand_jokers, cand_rest = _joker_split(cand.ranks)
    pj: str = format_ranks(prev_jokers) if prev_jokers else reason("play_without_jokers")
    cj = format_ranks(cand_jokers)
    prev_at = tables.roast_index.get(prev_jokers) if prev_jokers else -1
    cand_at = tables.roast_index.get(cand_jokers)
    if prev_at is None:
        return False, reason("cannot_be_roasted", previous=pj)
    if not cand_jokers:
        return False, reason("roast_needs_jokers", previous=pj)
    if roast.more_jokers and len(cand_jokers) <= len(prev_jokers):
        return False, reason("roast_needs_more_jokers", candidate=cj, previous=pj)
    if cand_at is None:
        return False, reason("not_a_roasting_group", candidate=cj)
    if cand_at <= prev_at:
        return False, reason("roast_not_higher", candidate=cj, previous=pj)
    if len(cand_rest) != len(prev_rest):
        return False, reason(
            "roast_rest_count",
            candidate=cj,
            previous=pj,
            candidate_count=len(cand_rest),
            previous_count=len(prev_rest),
        )
    for c, p in zip(cand_rest, prev_rest, strict=True):
        if c <= p:
            return False, reason(
                "roast_rest_lower",
                candidate=cj,
                previous=pj,
                rank=RANK_NAMES[c],
                against=RANK_NAMES[p],
            )
    if cand_rest:
        return True, reason(
            "roasting_with_rest",
            candidate=cj,
            previous=pj,
            rest=format_ranks(cand_rest),
            previous_rest=format_ranks(prev_rest),
        )
    return True, reason("roasting", candidate=cj, previous=pj)


def _bomb_verdict(
    p: tuple[int, ...], c: tuple[int, ...], rules: CompiledPlayRules
) -> tuple[bool, Reason] | None:
    """The verdict of the bomb rules, or ``None`` when they do not decide."""
    tables = rules.tables
    least = tables.bomb_min
    if not least:
        return None
    cand_text, prev_text = format_ranks(c), format_ranks(p)
    same = "identical_" if tables.bomb_identical else ""  # 棍: identical cards
    if is_bomb(p, least):
        if not is_bomb(c, least):
            return False, reason(f"only_{same}bombs_beat_bomb", previous=prev_text, min_count=least)
        if bigger_bomb(p, c):
            return True, reason("bigger_bomb", candidate=cand_text)
        return False, reason("bomb_not_bigger", candidate=cand_text)
    if not is_bomb(c, least):
        return None
    if not tables.bomb_more_cards:
        return True, reason(f"{same}bomb_beats_plain", candidate=cand_text, min_count=least)
    if len(c) > len(p):
        return True, reason(f"{same}bomb_beats_fewer", candidate=cand_text, min_count=least)
    return None  # as many cards or more: the usual rule decides


def _beats_wild(
    previous: Play, candidate: Play, rules: CompiledPlayRules, plain: CompiledPlayRules
) -> Verdict:
    """The verdict with wild cards: both plays as they count, explained as such."""
    prev = Play(effective(previous.ranks, rules))
    cand = Play(effective(candidate.ranks, rules))
    verdict = beats(prev, cand, plain)
    for original, counted in ((candidate, cand), (previous, prev)):
        if counted != original:
            why = reason(
                "wild_counts_as", play=str(original), reading=str(counted), verdict=verdict.reason
            )
            verdict = Verdict(verdict.beats, why)
    return verdict


def beats(previous: Play, candidate: Play, rules: CompiledPlayRules) -> Verdict:
    """Decide whether ``candidate`` beats ``previous`` and explain why in one sentence.

    An illegal candidate never beats; its reason is the legality reason.
    """
    illegal = is_legal_play(candidate, rules)
    if illegal is not None:
        return Verdict(False, illegal)
    tables = rules.tables
    if tables.plain is not None:
        return _beats_wild(previous, candidate, rules, tables.plain)
    p, c = previous.ranks, candidate.ranks
    shown = tables.names  # a joker stack (叠加) as its cards: [SJ SJ SJ]
    cand_text, prev_text = " ".join(shown[r] for r in c), " ".join(shown[r] for r in p)

    def fails(why: Reason) -> Verdict:
        return Verdict(
            False, reason("does_not_beat", candidate=cand_text, previous=prev_text, why=why)
        )

    if not p:
        return fails(reason("no_previous_play"))
    if len(p) == 1:
        beaten = tables.special.get(c)
        if beaten is not None and p[0] in beaten:
            count = len(c)
            many = (
                f"{_COUNT_WORDS[count]} {RANK_NAMES[c[0]]}s beat"
                if count > 1
                else (f"one {RANK_NAMES[c[0]]} beats")
            )
            why = reason(
                "special_beat",
                f"in this variant {many} a single {RANK_WORDS[p[0]]}",
                count=count,
                rank=RANK_NAMES[c[0]],
                beaten=RANK_NAMES[p[0]],
            )
            return Verdict(
                True, reason("beats_because", candidate=cand_text, previous=prev_text, why=why)
            )
    bombs = _bomb_verdict(p, c, rules)
    if bombs is not None:
        bomb_beats, bomb_why = bombs
        code = "beats_because" if bomb_beats else "does_not_beat"
        return Verdict(
            bomb_beats, reason(code, candidate=cand_text, previous=prev_text, why=bomb_why)
        )
    at = -1
    if len(c) == len(p):
        at = next((i for i, (x, y) in enumerate(zip(c, p, strict=True)) if x <= y), -1)
        if at < 0:
            why = reason("every_card_higher")
            return Verdict(
                True, reason("beats_because", candidate=cand_text, previous=prev_text, why=why)
            )
    roast = _roast(previous, candidate, rules)
    if roast is not None and roast[0]:
        return Verdict(
            True, reason("beats_by", candidate=cand_text, previous=prev_text, why=roast[1])
        )
    if BJ in p and not _higher_ranks(BJ, rules) and rules.roast is None:
        answers = tables.special_answers[BJ]
        if answers and len(p) == 1:
            return fails(reason("only_answers_beat_big_joker", answers=_answers(answers)))
        if answers:
            # Something does beat a big joker here, but only a single one.
            return fails(reason("nothing_beats_big_joker_set", answers=_answers(answers)))
        return fails(reason("nothing_beats_big_joker"))
    if roast is not None and (at < 0 or len(candidate.joker_group) != len(previous.joker_group)):
        # The candidate tried to roast (or could only have beaten by roasting).
        return fails(roast[1])
    if at < 0:
        return fails(reason("different_count", candidate_count=len(c), previous_count=len(p)))
    return fails(_position_reason(previous, candidate, at, rules))
