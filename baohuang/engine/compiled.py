"""A validated variant compiled once into the frozen, fast form the engine reads.

Ranks become ints, tables become dicts and tuples keyed by ints. This module holds the
process's one cache of compiled variants, keyed by the definition's checksum (a least
recently used cache of :data:`CACHE_SIZE` entries): every game of a simulation, every API
request and every job chunk on one version share one compiled variant.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from baohuang.engine import deck_counts
from baohuang.engine.cards import RANK_NAMES, TOP, TOP2
from baohuang.engine.deck import ShoeSpec, build_shoe_spec
from baohuang.engine.plays import (
    BombRules,
    CompiledPlayRules,
    CompiledSpecialBeat,
    RoastRules,
    StackRule,
)
from baohuang.rules import Variant, checksum, definition_of
from baohuang.rules.model import TributeRule, TwoPersonTable
from baohuang.rules.stacking import stack_key, stack_slots

#: Rank ints by the names variant files use (TOP is the card above the big joker; a variant
#: file's TOP covers TOP2 too, see ``_tops()``).
RANK_INDEX: dict[str, int] = {name: i for i, name in enumerate(RANK_NAMES)}
SUIT_INDEX: dict[str, int] = {"s": 0, "h": 1, "c": 2, "d": 3}

TwoPersonLookup = dict[tuple[int, int], tuple[int, int, int]]
SoloLookup = dict[int, tuple[int, int]]


@dataclass(frozen=True, slots=True)
class HoldBackRule:
    """A compiled hold-back rank (憋牌)."""

    rank: int
    only_when_leading: bool
    shut_in: bool
    shut_in_when: Literal["lost_down_to_them", "down_to_them", "still_holding"] = (
        "lost_down_to_them"
    )
    last_play_attach: bool = True


@dataclass(frozen=True)
class CompiledVariant:
    """Everything the engine needs from a variant, as ints and tuples.

    `variant` keeps the source model for the parts read once per game (bidding flow,
    declarations); hot paths read the flat fields.
    """

    variant: Variant
    checksum: str
    shoe: ShoeSpec
    play: CompiledPlayRules
    play_after_bomb_limit: CompiledPlayRules
    """The play rules once ``bomb_limit`` bombs have been played: ``play`` without bombs
    (also with ``identical_bombs``: the play phase then adds the bombs itself)."""
    bomb_limit: int
    """Most bombs one game may hold (0: no limit, or no bombs)."""
    identical_bombs: int
    """With bombs of identical cards (棍): the fewest cards of one; 0 otherwise. The play
    phase tracks suits only then."""
    hold_back: tuple[HoldBackRule, ...]
    two_person: TwoPersonLookup
    two_person_guard_known: TwoPersonLookup | None
    solo_open: SoloLookup
    solo_hidden: SoloLookup
    multipliers: dict[str, int]
    max_multiplier: int | None
    """封顶: the most a game's stake multiplier may reach (None: no cap)."""
    outcome_method: Literal["points", "rank_table", "side_out"]
    outcome_table: dict[tuple[int, ...], Literal["win", "draw", "lose"]]
    solo_outcome: dict[int, Literal["win", "draw", "lose"]]
    side_out_draw_if_first_other_side: bool
    money_base: int
    table_fee: int
    cap_to_carried: bool
    automatic_penalty: int
    quit_penalty: int
    shut_in_penalty: int
    tribute_rules: tuple[TributeRule, ...]
    rank_limits: tuple[int, ...]
    """Most cards of each rank (``NUM_RANKS`` ints) one deal can hold
    (:mod:`~baohuang.engine.deck_limits`)."""
    emperor_top: int = -1
    """The rank the emperor card plays at when it ranks above the big joker (``TOP``, or
    ``TOP2`` when it is the higher of two ordered marked cards); -1 when it does not."""
    guard_top: int = -1
    """The rank the guard's card (fixed or called) plays at when it ranks above the big
    joker; -1 when it does not."""

    @property
    def id(self) -> str:
        """The variant's id."""
        return self.variant.id


def _two_person(table: TwoPersonTable) -> TwoPersonLookup:
    return {(r.emperor_rank, r.guard_rank): (r.emperor, r.guard, r.rebels) for r in table.rows}


def _tops(ranks: frozenset[int], ordered: bool) -> frozenset[int]:
    """A variant file's ``TOP`` names the cards above the big joker: with two ordered marked
    cards (``ordered``, ``marked_order``) both of them, ``TOP`` and ``TOP2``."""
    return ranks | {TOP2} if ordered and TOP in ranks else ranks


def _stacks(variant: Variant) -> tuple[StackRule, ...]:
    """The variant's joker stacks (叠加), each at the slot its ``above`` chain gives it
    (:func:`~baohuang.rules.stacking.stack_slots`); a stack without one (a variant the checks
    refuse) is left out, as is a second stack of the same cards."""
    placement = stack_slots(variant.play)
    found: list[StackRule] = []
    seen: set[tuple[str, ...]] = set()
    for stack, slot in zip(variant.play.stacks, placement.slots, strict=True):
        key = stack_key(stack.cards)
        if slot is None or key in seen:
            continue
        seen.add(key)
        found.append(
            StackRule(
                rank=RANK_INDEX[slot],
                cards=tuple(RANK_INDEX[c] for c in key),
                alone=stack.alone,
                in_sets=stack.in_sets,
            )
        )
    return tuple(found)


def _play_rules(variant: Variant, *, bombs: bool = True) -> CompiledPlayRules:
    play = variant.play
    ordered = play.top_card == "both_marked" and play.marked_order != "level"
    roast = None
    if play.roast is not None:
        groups = tuple(
            tuple(sorted((RANK_INDEX[c] for c in group.split()), reverse=True))
            for group in play.roast.joker_order
        )
        roast = RoastRules(
            joker_order=groups,
            more_jokers=play.roast.more_jokers,
            plain_sets=play.roast.plain_sets,
        )
    return CompiledPlayRules(
        attachable=_tops(frozenset(RANK_INDEX[r] for r in play.attach), ordered),
        wild=frozenset(RANK_INDEX[r] for r in play.wild),
        has_top=play.top_card != "none",
        has_top2=ordered,
        special_beats=tuple(
            CompiledSpecialBeat(
                rank=RANK_INDEX[b.rank],
                count=b.count,
                beats=_tops(frozenset(RANK_INDEX[x] for x in b.beats), ordered),
            )
            for b in play.special_beats
        ),
        roast=roast,
        stacks=_stacks(variant),
        bombs=(
            BombRules(
                min_count=play.bombs.min_count,
                more_cards=play.bombs.beats == "more_cards",
                identical=play.bombs.identical,
            )
            if bombs and play.bombs is not None
            else None
        ),
    )


def _shoe(variant: Variant) -> ShoeSpec:
    whole: list[int] = []
    suits: list[tuple[int, list[int]]] = []
    random_: list[tuple[int, int]] = []
    for removal in variant.deck.remove:
        rank = RANK_INDEX[removal.rank]
        if removal.count is not None:
            random_.append((rank, removal.count))
        elif removal.suits is not None:
            suits.append((rank, [SUIT_INDEX[s] for s in removal.suits]))
        else:
            whole.append(rank)
    return build_shoe_spec(
        decks=variant.deck.decks,
        remove_whole=whole,
        remove_suits=suits,
        remove_random=random_,
        emperor_card=True,
        guard_card=variant.deck.marks.guard_card is not None,
        hand_sizes=variant.deal.hand_sizes,
    )


#: Compiled variants one process keeps (the least recently used goes first).
CACHE_SIZE = 256


class _CompiledCache:
    """A thread-safe least-recently-used map from a definition's checksum to its compiled
    variant (Celery's thread pool and the web server's threads share it)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: OrderedDict[str, CompiledVariant] = OrderedDict()
        self._lock = threading.Lock()

    def get_or_build(self, key: str, build: Callable[[], CompiledVariant]) -> CompiledVariant:
        """The entry of ``key``, built (outside the lock) and kept when it is missing."""
        with self._lock:
            found = self._entries.get(key)
            if found is not None:
                self._entries.move_to_end(key)
                return found
        built = build()
        with self._lock:
            self._entries[key] = built
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)
        return built

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        """Forget every compiled variant."""
        with self._lock:
            self._entries.clear()


_CACHE = _CompiledCache(CACHE_SIZE)


def compile_variant(variant: Variant) -> CompiledVariant:
    """Compile a valid variant (cached by the checksum of its definition)."""
    key = checksum(definition_of(variant))
    return _CACHE.get_or_build(key, lambda: _compile(variant, key))


def compile_definition(
    definition: dict[str, Any], known_checksum: str | None = None
) -> CompiledVariant:
    """Validate and compile a plain definition (a stored version's, a file's), cached by its
    checksum so that it is validated once per process; ValueError lists the errors.

    ``known_checksum`` is the definition's checksum when the caller has it stored (a
    published version's), which saves hashing the definition on every call."""
    key = known_checksum or checksum(definition)
    return _CACHE.get_or_build(key, lambda: _validated(definition))


def _validated(definition: dict[str, Any]) -> CompiledVariant:
    from baohuang.rules import validate_definition

    report = validate_definition(definition)
    if not report.valid or report.variant is None:
        raise ValueError("; ".join(str(p) for p in report.errors))
    return compile_variant(report.variant)


def _compile(variant: Variant, key: str) -> CompiledVariant:
    s = variant.scoring
    multipliers: dict[str, int] = {}
    for m in s.multipliers:
        multipliers[m.event] = multipliers.get(m.event, 1) * m.factor
    shoe = _shoe(variant)
    play = _play_rules(variant)
    bombs = variant.play.bombs
    limit = bombs.max_per_game if bombs is not None and bombs.max_per_game else 0
    identical = bombs.min_count if bombs is not None and bombs.identical else 0
    return CompiledVariant(
        variant=variant,
        checksum=key,
        shoe=shoe,
        play=play,
        play_after_bomb_limit=_play_rules(variant, bombs=False) if limit or identical else play,
        bomb_limit=limit,
        identical_bombs=identical,
        hold_back=tuple(
            HoldBackRule(
                RANK_INDEX[h.rank],
                h.only_when_leading,
                h.shut_in,
                h.shut_in_when,
                h.last_play_attach,
            )
            for h in variant.play.hold_back
        ),
        two_person=_two_person(s.two_person),
        two_person_guard_known=(
            _two_person(s.two_person_guard_known) if s.two_person_guard_known else None
        ),
        solo_open={r.emperor_rank: (r.emperor, r.others) for r in s.solo.open},
        solo_hidden={r.emperor_rank: (r.emperor, r.others) for r in s.solo.hidden},
        multipliers=multipliers,
        max_multiplier=s.max_multiplier,
        outcome_method=s.outcome.method,
        outcome_table={tuple(sorted(r.ranks)): r.outcome for r in s.outcome.table},
        solo_outcome={r.emperor_rank: r.outcome for r in s.outcome.solo},
        side_out_draw_if_first_other_side=variant.end.side_out_draw_if_first_other_side,
        money_base=s.money.base,
        table_fee=s.money.table_fee,
        cap_to_carried=s.money.cap_to_carried,
        automatic_penalty=s.money.automatic_penalty,
        quit_penalty=s.money.quit_penalty,
        shut_in_penalty=s.money.shut_in_penalty,
        tribute_rules=tuple(variant.tribute.rules),
        rank_limits=deck_counts.rank_limits(
            shoe,
            variant.play.top_card != "none",
            deck_counts.top_always_from(variant),
            deck_counts.top_count(variant),
            variant.play.top_card == "both_marked" and variant.play.marked_order != "level",
            play.stacks,
        ),
        emperor_top=deck_counts.marked_tops(variant)[0],
        guard_top=deck_counts.marked_tops(variant)[1],
    )
