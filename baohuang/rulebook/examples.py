"""Examples picked from a variant's own rules and checked by the engine.

Nothing here is written by hand for a variant: the ranks come from the variant's deck, the
plays are judged with :func:`baohuang.engine.deck_limits.judge` (and the legality checks),
the hold-back example with the engine's lead generator, the settlements with
:func:`baohuang.engine.scoring.score`. An example the engine does not confirm is dropped,
so a rulebook never shows a wrong one. The wording is :mod:`.build`'s job: each example
carries a ``why`` code that names the rule it shows.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from baohuang.engine.cards import BJ, SJ, TOP, TOP2, TWO
from baohuang.engine.compiled import RANK_INDEX, CompiledVariant
from baohuang.engine.deck_limits import judge, play_reason
from baohuang.engine.follows import legal_leads
from baohuang.engine.plays import Play, rank_counts
from baohuang.engine.scoring import Score, make_result, score
from baohuang.rules.vocabulary import Event

Why = Literal[
    "higher_each",
    "count_differs",
    "plain_vs_joker",
    "joker_higher_each",
    "not_higher_at",
    "big_joker",
    "top_card",
    "marked_order",
    "stack",
    "stack_plain",
    "special",
    "attach_two",
    "roast",
    "roast_fewer",
    "wild",
    "bomb_beats",
    "bomb_bigger",
    "bomb_only_bigger",
]

#: Seats of the worked settlements: emperor 0, guard 1, rebels 2, 3, 4.
EMPEROR, GUARD = 0, 1


@dataclass(frozen=True)
class BeatExample:
    """``candidate`` played on ``previous``: the engine's verdict and the rule it shows."""

    previous: tuple[int, ...]
    candidate: tuple[int, ...]
    beats: bool
    why: Why


@dataclass(frozen=True)
class HoldBackExample:
    """A hand with held-back cards: a lead it may make, one it may not, its last play."""

    rank: int
    hand: tuple[int, ...]
    allowed: tuple[int, ...]
    forbidden: tuple[int, ...]
    last: tuple[int, ...]


@dataclass(frozen=True)
class ScoreExample:
    """A finish order and what the variant scores for it."""

    emperor_place: int
    guard_place: int | None
    solo: Literal["open", "hidden"] | None
    events: tuple[Event, ...]
    score: Score


def _desc(ranks: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(ranks, reverse=True))


def plain_ranks(cv: CompiledVariant, at_least: int = 4) -> list[int]:
    """Plain ranks (3 … A, no 2s) the deck holds ``at_least`` of, leaving out held-back ranks."""
    held = {h.rank for h in cv.hold_back}
    return [r for r in range(TWO) if cv.rank_limits[r] >= at_least and r not in held]


def _checked(cv: CompiledVariant, previous: tuple[int, ...], candidate: tuple[int, ...]) -> bool:
    """Both plays legal in the variant, and the engine's verdict."""
    prev, cand = Play.of(previous), Play.of(candidate)
    if play_reason(cv, prev) is not None:
        raise ValueError("illegal")
    return judge(cv, prev, cand).beats


def _example(
    cv: CompiledVariant,
    previous: tuple[int, ...],
    candidate: tuple[int, ...],
    expect: bool,
    why: Why,
) -> BeatExample | None:
    previous, candidate = _desc(previous), _desc(candidate)
    try:
        if play_reason(cv, Play.of(candidate)) is not None:
            return None
        verdict = _checked(cv, previous, candidate)
    except ValueError:
        return None
    if verdict != expect:
        return None
    return BeatExample(previous, candidate, verdict, why)


def play_examples(cv: CompiledVariant) -> list[BeatExample]:
    """A play and one that beats it, some that do not and why; the variant's extras."""
    ranks = plain_ranks(cv)
    rules = cv.play
    if len(ranks) < 4:
        return []
    a, b, c, d = ranks[1], ranks[2], ranks[3], ranks[min(4, len(ranks) - 1)]
    found: list[BeatExample | None] = [
        _example(cv, (a, a, a), (b, b, b), True, "higher_each"),
        _example(cv, (b, b, b), (c, c, c, c), False, "count_differs"),
    ]
    if SJ in rules.attachable and BJ in rules.attachable:
        found += [
            _example(cv, (SJ, a, a, a), (d, d, d, d), False, "plain_vs_joker"),
            _example(cv, (SJ, a, a, a), (BJ, b, b, b), True, "joker_higher_each"),
            _example(cv, (SJ, b, b), (SJ, c, c), False, "not_higher_at"),
        ]
        if not any(rules.tables.exists[BJ + 1 :]):  # no card (nor stack) above the big joker
            found.append(_example(cv, (BJ, a, a, a, a), (BJ, d, d, d, d), False, "big_joker"))
    if rules.has_top:
        found.append(_example(cv, (BJ,), (TOP,), True, "top_card"))
    if rules.has_top2:
        found.append(_example(cv, (TOP,), (TOP2,), True, "marked_order"))
    for stack in sorted(rules.stacks, key=lambda st: st.rank)[:1]:
        # The lowest stack (叠加) beats what it ranks directly above, as one card; its jokers
        # as a plain set are that many cards and do not.
        below = max(r for r in range(stack.rank) if rules.tables.exists[r])
        found.append(_example(cv, (below,), (stack.rank,), True, "stack"))
        found.append(_example(cv, (below,), stack.cards, False, "stack_plain"))
    for special in cv.variant.play.special_beats:
        rank = RANK_INDEX[special.rank]
        target = {"SJ": SJ, "BJ": BJ, "TOP": TOP}[special.beats[-1]]
        found.append(_example(cv, (target,), (rank,) * special.count, True, "special"))
    if TWO in rules.attachable:
        found.append(_example(cv, (a, a, a, a), (TWO, b, b, b), True, "attach_two"))
    for wild in sorted(rules.wild, reverse=True)[:1]:
        found.append(_example(cv, (a, a, a), (wild, b, b), True, "wild"))
    return [e for e in found if e is not None]


def _roast_candidates(cv: CompiledVariant) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    roast = cv.play.roast
    if roast is None:
        return
    order = roast.joker_order
    for low_index, low in enumerate(order):
        for high in order[low_index + 1 :]:
            yield low, high


def roast_examples(cv: CompiledVariant) -> list[BeatExample]:
    """A roast the engine accepts, and (where there is one) a higher group that may not roast."""
    if cv.play.roast is None:
        return []
    ranks = plain_ranks(cv)
    if len(ranks) < 3:
        return []
    a, b = ranks[1], ranks[2]
    out: list[BeatExample] = []
    for low, high in _roast_candidates(cv):
        if len(high) > len(low):
            found = _example(cv, (*low, a, a, a), (*high, b, b, b), True, "roast")
            if found is not None:
                out.append(found)
                break
    for low, high in _roast_candidates(cv):
        if len(high) < len(low):
            found = _example(cv, (*low, a, a, a), (*high, b, b, b), False, "roast_fewer")
            if found is not None:
                out.append(found)
                break
    return out


def bomb_examples(cv: CompiledVariant) -> list[BeatExample]:
    """A bomb beating a bigger plain play, a bigger bomb, and a play refused against a bomb."""
    bombs = cv.play.bombs
    if bombs is None:
        return []
    m = bombs.min_count
    ranks = plain_ranks(cv, at_least=m)
    if len(ranks) < 3:
        return []
    a, b, c = ranks[0], ranks[1], ranks[-1]
    attach = next((r for r in (BJ, SJ) if r in cv.play.attachable), None)
    # The plain play the bomb beats: as big as it may be (fewer cards with more_cards).
    if bombs.more_cards:
        plain: tuple[int, ...] = (c,) * (m - 1)
    elif attach is not None:
        plain = (attach,) + (c,) * m
    else:
        plain = (c,) * (m - 1)
    found: list[BeatExample | None] = [
        _example(cv, plain, (a,) * m, True, "bomb_beats"),
        _example(cv, (a,) * m, (b,) * m, True, "bomb_bigger"),
    ]
    if cv.rank_limits[a] > m and (not bombs.identical or cv.variant.deck.decks > m):
        found.append(_example(cv, (b,) * m, (a,) * (m + 1), True, "bomb_bigger"))
    if attach is not None:
        found.append(_example(cv, (a,) * m, (attach,) + (b,) * (m - 1), False, "bomb_only_bigger"))
    return [e for e in found if e is not None]


def hold_back_example(cv: CompiledVariant) -> HoldBackExample | None:
    """A hand of two held-back cards and a pair: what it may lead, what not, the last play."""
    if not cv.hold_back:
        return None
    held = cv.hold_back[0].rank
    ranks = plain_ranks(cv)
    if not ranks or cv.rank_limits[held] < 2:
        return None
    other = next((r for r in ranks if r > held), ranks[0])
    hand = _desc((other, other, held, held))
    forbidden_ranks = frozenset(h.rank for h in cv.hold_back)
    leads = legal_leads(rank_counts(hand), cv.play, forbidden_ranks=forbidden_ranks)
    allowed, forbidden, last = (other, other), (held, held), (held, held)
    if allowed not in leads or forbidden in leads:
        return None
    if play_reason(cv, Play.of(last)) is not None:
        return None
    return HoldBackExample(held, hand, allowed, forbidden, last)


def _finish(emperor_place: int, guard_place: int | None) -> list[int]:
    order: list[int | None] = [None] * 5
    order[emperor_place - 1] = EMPEROR
    if guard_place is not None:
        order[guard_place - 1] = GUARD
    rebels = iter(s for s in range(5) if s not in order)
    return [s if s is not None else next(rebels) for s in order]


def settle(
    cv: CompiledVariant,
    emperor_place: int,
    guard_place: int | None,
    solo: Literal["open", "hidden"] | None = None,
    events: tuple[Event, ...] = (),
) -> ScoreExample:
    """Score one finish order with the engine (emperor seat 0, guard seat 1)."""
    result = make_result(
        EMPEROR,
        None if solo else GUARD,
        _finish(emperor_place, guard_place),
        solo=solo,
        events=events,
    )
    return ScoreExample(emperor_place, guard_place, solo, events, score(cv, result))


#: Events a worked example may pass to show a multiplier (solo ones go with a solo game).
_SHOWABLE: tuple[Event, ...] = ("open_guard", "rebellion", "guard_known", "kick", "open_guard_win")


def scoring_examples(cv: CompiledVariant) -> list[ScoreExample]:
    """A few finish orders: a royal win, a mixed one, a loss, one doubled, one solo."""
    out = [settle(cv, 1, 2), settle(cv, 1, 5), settle(cv, 4, 5)]
    for multiplier in cv.variant.scoring.multipliers:
        if multiplier.event not in _SHOWABLE:
            continue
        doubled = settle(cv, 1, 2, events=(multiplier.event,))
        if doubled.score.multiplier > 1:
            out.append(doubled)
            break
    out.append(settle(cv, 1, None, solo="open"))
    return out
