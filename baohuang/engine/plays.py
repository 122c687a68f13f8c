"""Plays (sets with attached jokers) and the play rules a variant compiles to.

A play is a multiset of ranks (docs/rules.md §5.1): N cards of one rank, the *set*, plus any
number of *attachable* cards (jokers; in some variants also 2s or the ``TOP`` card).
Attachable cards alone, in any number, are a play too. There are no straights.

:class:`Play` keeps its ranks as a tuple sorted high to low; that tuple is what the
beat relation compares (:mod:`baohuang.engine.beats`). :class:`CompiledPlayRules` is the part
of a compiled variant that decides legality and beating; it precomputes its lookup
tables once (:class:`RuleTables`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Final

from baohuang.engine.cards import (
    BJ,
    JOKERS,
    NUM_RANKS,
    RANK_NAMES,
    SJ,
    STACK_SLOTS,
    TOP,
    TOP2,
    TWO,
)
from baohuang.engine.mypyc_attrs import mypyc_attr
from baohuang.engine.reasons import Reason, joined, reason

DEFAULT_ATTACHABLE: Final = frozenset({SJ, BJ})
"""Ranks that may be attached to a set unless a variant says otherwise: the jokers."""


def rank_counts(ranks: Iterable[int]) -> list[int]:
    """Return the count vector (length ``NUM_RANKS``, indexed by rank) of ``ranks``."""
    counts = [0] * NUM_RANKS
    for rank in ranks:
        counts[rank] = counts[rank] + 1
    return counts


def format_ranks(ranks: Iterable[int]) -> str:
    """Write ranks in play notation, high to low: ``BJ SJ 9 9 9 9`` (docs/rules.md §11)."""
    return " ".join(RANK_NAMES[r] for r in sorted(ranks, reverse=True))


@mypyc_attr(serializable=True)
@dataclass(frozen=True, slots=True)
class Play:
    """An immutable, hashable play: a multiset of ranks.

    ``ranks`` is always sorted high to low; the constructor sorts whatever it is given
    and rejects rank ints outside 0–20. Build one with :meth:`Play.of` or parse one with
    :func:`baohuang.engine.notation.parse_play`. A play may be empty as an object; the
    rules (:func:`is_legal_play`) say an empty play is not legal.
    """

    def __deepcopy__(self, memo: dict[int, object]) -> Play:
        """Immutable: a deep copy shares it (also in the native core, where a
        frozen class cannot be rebuilt attribute by attribute)."""
        return self

    ranks: tuple[int, ...]

    def __post_init__(self) -> None:
        ranks = tuple(sorted(self.ranks, reverse=True))
        for rank in ranks:
            if type(rank) is not int or not 0 <= rank < NUM_RANKS:
                raise ValueError(f"rank must be an int 0..{NUM_RANKS - 1}, got {rank!r}")
        object.__setattr__(self, "ranks", ranks)

    @classmethod
    def trusted(cls, ranks: tuple[int, ...]) -> Play:
        """Wrap ranks already sorted high to low and known valid.

        The same play as ``Play(ranks)`` (the engine's hot paths pass rank tuples instead,
        see :func:`~baohuang.engine.follows.follows_of`).
        """
        return cls(ranks)

    @classmethod
    def of(cls, ranks: Iterable[int]) -> Play:
        """Build a play from rank ints in any order."""
        return cls(tuple(ranks))

    @property
    def size(self) -> int:
        """Number of cards in the play."""
        return len(self.ranks)

    @property
    def base_rank(self) -> int | None:
        """Rank of the set part, or ``None`` when the play is jokers only.

        Defined without the rules as the lowest rank that is not a joker: attached 2s
        and ``TOP`` cards always rank above the set they are attached to, so in a legal
        play this is the set's rank. For ``2 2 2`` it is 2 even where 2s are attachable.
        """
        for rank in reversed(self.ranks):
            if rank not in JOKERS:
                return rank
        return None

    @property
    def counts(self) -> tuple[int, ...]:
        """Count vector of the play: ``counts[rank]`` cards of each rank (``NUM_RANKS`` long)."""
        return tuple(rank_counts(self.ranks))

    def count(self, rank: int) -> int:
        """Number of cards of ``rank`` in the play."""
        return self.ranks.count(rank)

    @property
    def joker_group(self) -> tuple[int, ...]:
        """The jokers (``SJ``/``BJ``) of the play, high to low; ``()`` when none."""
        return tuple(r for r in self.ranks if r in JOKERS)

    @property
    def non_jokers(self) -> tuple[int, ...]:
        """The play without its jokers, high to low (the part roasting compares)."""
        return tuple(r for r in self.ranks if r not in JOKERS)

    def __str__(self) -> str:
        return " ".join(RANK_NAMES[r] for r in self.ranks)

    def __len__(self) -> int:
        return len(self.ranks)


@mypyc_attr(serializable=True)
@dataclass(frozen=True, slots=True)
class CompiledSpecialBeat:
    """A variant's exception to the beat rule (docs/rules.md §6.5).

    A play of exactly ``count`` cards of ``rank`` and nothing else beats a previous
    play of exactly one card whose rank is in ``beats``. 憋三: three 2s beat one big
    joker (``CompiledSpecialBeat(TWO, 3, frozenset({BJ}))``); four 2s beat the guard card
    (``CompiledSpecialBeat(TWO, 4, frozenset({TOP}))``).
    """

    def __deepcopy__(self, memo: dict[int, object]) -> CompiledSpecialBeat:
        """Immutable: a deep copy shares it (also in the native core, where a
        frozen class cannot be rebuilt attribute by attribute)."""
        return self

    rank: int
    count: int
    beats: frozenset[int]

    def __post_init__(self) -> None:
        if not 0 <= self.rank < NUM_RANKS:
            raise ValueError(f"special beat rank must be 0..{NUM_RANKS - 1}, got {self.rank}")
        if self.count < 1:
            raise ValueError(f"special beat count must be at least 1, got {self.count}")
        if not self.beats or not all(0 <= r < NUM_RANKS for r in self.beats):
            raise ValueError(f"special beat must beat at least one rank, each 0..{NUM_RANKS - 1}")
        object.__setattr__(self, "beats", frozenset(self.beats))


@mypyc_attr(serializable=True)
@dataclass(frozen=True, slots=True)
class RoastRules:
    """Roasting (烤牌, docs/rules.md §5.5): joker groups ordered from LOW to HIGH.

    Each group is a tuple of joker ranks, e.g. ``(SJ,)``, ``(BJ,)``, ``(SJ, SJ)``; it is
    normalised to high-to-low order. When the previous play carries jokers (or, with
    ``plain_sets``, carries none), a candidate whose joker group stands strictly higher in
    ``joker_order`` — and, with ``more_jokers``, has more jokers — beats it if the non-joker
    parts have the same size and every non-joker card is strictly higher (both empty is
    fine). Groups missing from the order cannot roast.
    """

    def __deepcopy__(self, memo: dict[int, object]) -> RoastRules:
        """Immutable: a deep copy shares it (also in the native core, where a
        frozen class cannot be rebuilt attribute by attribute)."""
        return self

    joker_order: tuple[tuple[int, ...], ...]
    more_jokers: bool = True
    """A roast carries more jokers than the play it roasts (再加挂更多的王牌)."""
    plain_sets: bool = False
    """Jokers may roast a play without jokers too (below every group of the order)."""

    def __post_init__(self) -> None:
        groups = tuple(tuple(sorted(g, reverse=True)) for g in self.joker_order)
        for group in groups:
            if not group or any(r not in JOKERS for r in group):
                raise ValueError(f"a roasting group must be jokers only, got {group!r}")
        if len(set(groups)) != len(groups):
            raise ValueError("a roasting group appears twice in joker_order")
        object.__setattr__(self, "joker_order", groups)


@mypyc_attr(serializable=True)
@dataclass(frozen=True, slots=True)
class BombRules:
    """Bombs (炸弹, house rules): ``min_count`` or more cards of one plain rank, nothing
    attached, beat any play that is not a bomb (with ``more_cards``, only one with fewer
    cards; a play of as many cards or more is beaten as usual). Bombs rank by number of
    cards, then by rank, and only a bigger bomb beats a bomb.

    With ``identical`` (沂源 棍) a bomb must be identical cards (same suit and rank). The rank
    tuples this module judges cannot show suits: here such a set is taken to be identical
    cards (the rulebook's examples, explanations); the play phase, which knows the suits,
    decides (:class:`~baohuang.engine.trickplay.TrickPlay`)."""

    def __deepcopy__(self, memo: dict[int, object]) -> BombRules:
        """Immutable: a deep copy shares it (also in the native core, where a
        frozen class cannot be rebuilt attribute by attribute)."""
        return self

    min_count: int = 4
    more_cards: bool = False
    identical: bool = False

    def __post_init__(self) -> None:
        if self.min_count < 2:
            raise ValueError(f"a bomb has at least two cards, got {self.min_count}")


@mypyc_attr(serializable=True)
@dataclass(frozen=True, slots=True)
class StackRule:
    """A joker stack (叠加): the jokers ``cards`` played together as one card of rank
    ``rank`` (one of :data:`~baohuang.engine.cards.STACK_SLOTS`, so that it ranks where the
    variant puts it). With ``alone`` it may be played as a single card; with ``in_sets`` it
    may be attached to a set as one attached card. A play never holds two stacks."""

    def __deepcopy__(self, memo: dict[int, object]) -> StackRule:
        """Immutable: a deep copy shares it (also in the native core, where a
        frozen class cannot be rebuilt attribute by attribute)."""
        return self

    rank: int
    cards: tuple[int, ...]
    alone: bool = True
    in_sets: bool = True

    def __post_init__(self) -> None:
        if self.rank not in STACK_SLOTS:
            raise ValueError(f"a stack's rank is one of {STACK_SLOTS}, got {self.rank}")
        cards = tuple(sorted(self.cards, reverse=True))
        if len(cards) < 2 or any(r not in JOKERS for r in cards):
            raise ValueError(f"a stack is two jokers or more, got {cards!r}")
        object.__setattr__(self, "cards", cards)


def is_bomb(ranks: Sequence[int], min_count: int) -> bool:
    """Whether ``ranks`` (high to low) is a bomb of at least ``min_count`` cards (0: none):
    that many cards or more of one rank below the small joker, and nothing else."""
    return bool(min_count) and len(ranks) >= min_count and ranks[0] == ranks[-1] and ranks[0] < SJ


def bigger_bomb(prev: Sequence[int], cand: Sequence[int]) -> bool:
    """Whether bomb ``cand`` outranks bomb ``prev``: more cards, or as many of a higher rank."""
    return len(cand) > len(prev) or (len(cand) == len(prev) and cand[0] > prev[0])


_Repeats = tuple[tuple[tuple[int, ...], ...], ...]

#: The most cards of one rank a hand can hold (eight decks of four suits), plus one.
_MOST_OF_A_RANK: Final = 33

REPEATS: Final[_Repeats] = tuple(
    tuple((rank,) * n for n in range(_MOST_OF_A_RANK)) for rank in range(NUM_RANKS)
)
"""``REPEATS[rank][n]`` is the tuple ``(rank,) * n`` (n up to 32), shared rather than rebuilt."""


def whole_hand(row: list[int]) -> tuple[int, ...]:
    """A count vector as one play: every rank it holds, high to low.

    A hand of one rank is answered with the shared tuple of :data:`REPEATS`: "may I go out
    with my whole hand?" is asked at nearly every turn of a search's rollouts, and late in
    a game the hand is often one rank.
    """
    top = -1
    for r in range(NUM_RANKS - 1, -1, -1):
        if row[r]:
            if top >= 0:
                break  # a second rank: built below
            top = r
    else:
        return REPEATS[top][row[top]] if top >= 0 else ()
    out: list[int] = []
    for r in range(top, -1, -1):
        k = row[r]
        while k:
            out.append(r)
            k -= 1
    return tuple(out)


@mypyc_attr(serializable=True)
@dataclass(frozen=True, slots=True)
class RuleTables:
    """Lookup tables derived once from a :class:`CompiledPlayRules` (not part of its identity)."""

    def __deepcopy__(self, memo: dict[int, object]) -> RuleTables:
        """Immutable: a deep copy shares it (also in the native core, where a
        frozen class cannot be rebuilt attribute by attribute)."""
        return self

    attach: tuple[bool, ...]
    """``attach[rank]``: the rank may be attached (and exists in the variant)."""
    exists: tuple[bool, ...]
    """``exists[rank]``: the rank exists (``TOP`` only with ``has_top``, ``TOP2`` only with
    ``has_top2``)."""
    attach_desc: tuple[int, ...]
    """Existing attachable ranks, high to low."""
    split: bool
    """Set ranks (existing, not attachable) are ``0 .. low_bases - 1``, all below every
    attachable rank, so a sorted play is always its attached cards followed by its set."""
    low_bases: int
    """How many set ranks lie below every attachable rank (when ``low_split``)."""
    low_split: bool
    """The set ranks below every attachable rank are ``0 .. low_bases - 1``; then a hand
    with no card of a ``high_bases`` rank can use the attachments-then-set shortcut."""
    high_bases: tuple[int, ...]
    """Set ranks above some attachable rank (e.g. ``TOP`` when it exists but is not
    attachable)."""
    simple: bool
    """No special beats and no roasting: only the plain equal-size rule applies."""
    special: dict[tuple[int, ...], frozenset[int]]
    """Special-beat candidate (e.g. ``(2, 2, 2)``) → ranks of single cards it beats."""
    special_answers: tuple[tuple[tuple[int, ...], ...], ...]
    """``special_answers[rank]``: special-beat plays that beat a single card of rank."""
    roast_index: dict[tuple[int, ...], int]
    """Roasting joker group → its position in the low-to-high order."""
    roast_order: tuple[tuple[int, ...], ...]
    """Roasting joker groups, low to high (empty when roasting is off)."""
    bomb_min: int
    """Fewest cards of a bomb (0: the variant has no bombs)."""
    bomb_more_cards: bool
    """A bomb beats a play that is not a bomb only when the play has fewer cards."""
    bomb_identical: bool
    """A bomb must be identical cards (same suit and rank, 棍)."""
    bomb_ranks: tuple[int, ...]
    """Ranks a bomb can be made of, low to high (the plain ranks)."""
    wild: tuple[bool, ...]
    """``wild[rank]``: the rank is wild (百搭): with a set it stands for the set's rank."""
    wild_ranks: tuple[int, ...]
    """The wild ranks, high to low (empty: no wild cards)."""
    plain: CompiledPlayRules | None
    """With wild cards: the same rules without them, which judge a play once its wild cards
    stand for the set's rank (:func:`effective`)."""
    stacked: bool
    """The variant has joker stacks (叠加)."""
    stack_cards: tuple[tuple[int, ...], ...]
    """``stack_cards[rank]``: the jokers of the stack of that rank, high to low; ``()`` for a
    rank that is not a stack."""
    stack_alone: tuple[bool, ...]
    """``stack_alone[rank]``: a stack of that rank may be played alone."""
    stack_in_sets: tuple[bool, ...]
    """``stack_in_sets[rank]``: a stack of that rank may be attached to a set."""
    names: tuple[str, ...]
    """How each rank is written to a reader: :data:`~baohuang.engine.cards.RANK_NAMES`, with
    a stack written as its cards in brackets (``[SJ SJ SJ]``)."""


def _build_tables(rules: CompiledPlayRules) -> RuleTables:
    stacks = {st.rank: st for st in rules.stacks}
    exists = tuple(
        rules.has_top
        if r == TOP
        else rules.has_top2
        if r == TOP2
        else r in stacks
        if r in STACK_SLOTS
        else True
        for r in range(NUM_RANKS)
    )
    attach = tuple(
        exists[r] and (stacks[r].in_sets if r in stacks else r in rules.attachable)
        for r in range(NUM_RANKS)
    )
    attach_desc = tuple(r for r in reversed(range(NUM_RANKS)) if attach[r])
    bases = tuple(r for r in range(NUM_RANKS) if exists[r] and not attach[r])
    lowest_attach = attach_desc[-1] if attach_desc else NUM_RANKS
    low = tuple(r for r in bases if r < lowest_attach)
    high = tuple(r for r in bases if r > lowest_attach)
    low_split = low == tuple(range(len(low)))
    special: dict[tuple[int, ...], set[int]] = {}
    answers: list[list[tuple[int, ...]]] = [[] for _ in range(NUM_RANKS)]
    for sb in rules.special_beats:
        if not exists[sb.rank]:
            continue
        shape = REPEATS[sb.rank][sb.count] if sb.count <= NUM_RANKS else (sb.rank,) * sb.count
        special.setdefault(shape, set()).update(sb.beats)
        for beaten in sb.beats:
            if shape not in answers[beaten]:
                answers[beaten].append(shape)
    order = rules.roast.joker_order if rules.roast is not None else ()
    bombs = rules.bombs
    return RuleTables(
        attach=attach,
        exists=exists,
        attach_desc=attach_desc,
        # (with stacks a sorted play of attachable cards alone is not always legal)
        split=low_split and not high and not stacks,
        low_bases=len(low),
        low_split=low_split,
        high_bases=high,
        simple=not special and not order and bombs is None and not rules.wild,
        special={k: frozenset(v) for k, v in special.items()},
        special_answers=tuple(tuple(a) for a in answers),
        roast_index={group: i for i, group in enumerate(order)},
        roast_order=order,
        bomb_min=bombs.min_count if bombs is not None else 0,
        bomb_more_cards=bombs is not None and bombs.more_cards,
        bomb_identical=bombs is not None and bombs.identical,
        bomb_ranks=tuple(range(SJ)),
        wild=tuple(r in rules.wild for r in range(NUM_RANKS)),
        wild_ranks=tuple(sorted(rules.wild, reverse=True)),
        plain=(
            CompiledPlayRules(
                attachable=rules.attachable,
                has_top=rules.has_top,
                special_beats=rules.special_beats,
                roast=rules.roast,
                bombs=rules.bombs,
                has_top2=rules.has_top2,
                stacks=rules.stacks,
            )
            if rules.wild
            else None
        ),
        stacked=bool(stacks),
        stack_cards=tuple(stacks[r].cards if r in stacks else () for r in range(NUM_RANKS)),
        stack_alone=tuple(r in stacks and stacks[r].alone for r in range(NUM_RANKS)),
        stack_in_sets=tuple(r in stacks and stacks[r].in_sets for r in range(NUM_RANKS)),
        names=tuple(
            "[" + " ".join(RANK_NAMES[c] for c in stacks[r].cards) + "]"
            if r in stacks
            else RANK_NAMES[r]
            for r in range(NUM_RANKS)
        ),
    )


@mypyc_attr(serializable=True)
@dataclass(frozen=True, slots=True)
class CompiledPlayRules:
    """The play rules of a variant, as the engine reads them.

    - ``attachable``: ranks that may be attached to a set (default the jokers; 憋三
      adds ``TWO`` for 挂2, a variant may add ``TOP``).
    - ``has_top``: whether the rank ``TOP`` (a card above the big joker) exists.
    - ``special_beats``: exceptions such as three 2s beating one big joker.
    - ``roast``: the roasting order, or ``None`` when roasting is off.
    - ``bombs``: the bomb rules (炸弹), or ``None`` when the variant has no bombs.
    - ``wild``: wild ranks (百搭): played with a set they stand for its rank; alone (all of
      one rank) they are a set of their own rank.
    - ``has_top2``: whether the rank ``TOP2`` (the higher of two ordered marked cards, above
      ``TOP``) exists.
    - ``stacks``: joker stacks (叠加), each a rank of its own (:class:`StackRule`); a hand
      forms them from its jokers (:func:`~baohuang.engine.follows.follows_of`).

    ``tables`` holds derived lookup tables; it is computed here and excluded from
    equality and hashing.
    """

    def __deepcopy__(self, memo: dict[int, object]) -> CompiledPlayRules:
        """Immutable: a deep copy shares it (also in the native core, where a
        frozen class cannot be rebuilt attribute by attribute)."""
        return self

    attachable: frozenset[int] = DEFAULT_ATTACHABLE
    has_top: bool = False
    special_beats: tuple[CompiledSpecialBeat, ...] = ()
    roast: RoastRules | None = None
    bombs: BombRules | None = None
    wild: frozenset[int] = frozenset()
    has_top2: bool = False
    stacks: tuple[StackRule, ...] = ()
    tables: RuleTables = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        attachable = frozenset(self.attachable)
        if not all(0 <= r < NUM_RANKS for r in attachable):
            raise ValueError(f"attachable ranks must be 0..{NUM_RANKS - 1}")
        object.__setattr__(self, "attachable", attachable)
        wild = frozenset(self.wild)
        if wild & attachable or not all(0 <= r < NUM_RANKS for r in wild):
            raise ValueError(f"a wild rank is a rank 0..{NUM_RANKS - 1} that is not attachable")
        object.__setattr__(self, "wild", wild)
        object.__setattr__(self, "special_beats", tuple(self.special_beats))
        stacks = tuple(self.stacks)
        if len({st.rank for st in stacks}) != len(stacks):
            raise ValueError("two stacks share a rank")
        object.__setattr__(self, "stacks", stacks)
        object.__setattr__(self, "tables", _build_tables(self))


DEFAULT_RULES: Final = CompiledPlayRules()
"""Standard play rules: jokers attach, nothing above the big joker, no extras."""


def is_legal_fast(ranks: Sequence[int], rules: CompiledPlayRules) -> bool:
    """Return whether ``ranks`` (in any order) is a legal play; no reasons built."""
    if not ranks:
        return False
    tables = rules.tables
    attach = tables.attach
    base = -1
    if tables.stacked and not _stacks_ok(ranks, tables):
        return False
    if tables.wild_ranks:
        return _legal_wild(ranks, tables)
    for rank in ranks:
        if not attach[rank]:  # attachable ranks always exist
            if base < 0:
                if not tables.exists[rank]:
                    return False
                base = rank
            elif rank != base:
                return False
    return True


def _stacks_ok(ranks: Sequence[int], tables: RuleTables) -> bool:
    """The stack rule of a play (叠加): at most one stack; alone only where the stack may be
    played alone; otherwise attached to a set (a rank that is neither attachable nor a
    stack), where the stack may be attached."""
    return _stack_problem(ranks, tables) is None


def _stack_problem(ranks: Sequence[int], tables: RuleTables) -> str | None:
    """The code of what breaks the stack rule in ``ranks`` (see :func:`_stacks_ok`)."""
    stack = -1
    has_set = False
    cards = tables.stack_cards
    for rank in ranks:
        if cards[rank]:
            if stack >= 0:
                return "two_stacks"
            stack = rank
        elif not tables.attach[rank]:
            has_set = True
    if stack < 0:
        return None
    if len(ranks) == 1:
        return None if tables.stack_alone[stack] else "stack_not_alone"
    if not tables.stack_in_sets[stack]:
        return "stack_only_alone"
    return None if has_set else "stack_needs_set"


def unstack(ranks: Sequence[int], rules: CompiledPlayRules) -> tuple[int, ...]:
    """The cards a play is made of, high to low: each stack (叠加) as its jokers."""
    cards = rules.tables.stack_cards
    out: list[int] = []
    for rank in ranks:
        out.extend(cards[rank] or (rank,))
    out.sort(reverse=True)
    return tuple(out)


def show_ranks(ranks: Iterable[int], rules: CompiledPlayRules) -> str:
    """Write ranks high to low for a reader, a stack as its cards: ``[SJ SJ SJ] 9 9``."""
    names = rules.tables.names
    return " ".join(names[r] for r in sorted(ranks, reverse=True))


def _legal_wild(ranks: Sequence[int], tables: RuleTables) -> bool:
    """Legality with wild cards: at most one set rank among the cards that are not wild;
    without one, the wild cards must all be of one rank (a set of their own)."""
    base = -1
    wild_rank = -1
    for rank in ranks:
        if tables.wild[rank]:
            if wild_rank < 0:
                wild_rank = rank
            elif rank != wild_rank:
                wild_rank = NUM_RANKS  # wild cards of two ranks
        elif not tables.attach[rank]:
            if base < 0:
                if not tables.exists[rank]:
                    return False
                base = rank
            elif rank != base:
                return False
    return base >= 0 or wild_rank < NUM_RANKS


def effective(ranks: Sequence[int], rules: CompiledPlayRules) -> tuple[int, ...]:
    """A play as it counts (high to low): its wild cards standing for the set's rank, when
    it has a set rank that is not wild; otherwise the play itself (as a tuple)."""
    tables = rules.tables
    if not tables.wild_ranks:
        return tuple(ranks)
    wild, attach = tables.wild, tables.attach
    base = -1
    for rank in ranks:
        if not wild[rank] and not attach[rank]:
            base = rank
            break
    if base < 0:
        return tuple(ranks)
    return tuple(sorted((base if wild[r] else r for r in ranks), reverse=True))


def _names(ranks: Iterable[int]) -> Reason:
    names = [RANK_NAMES[r] for r in ranks]
    if len(names) <= 1:
        return joined("names", names, "".join(names))
    return joined("names", names, ", ".join(names[:-1]) + " and " + names[-1])


def is_legal_play(play: Play | Sequence[int], rules: CompiledPlayRules) -> Reason | None:
    """Return ``None`` when ``play`` is legal under ``rules``, else the reason why not.

    A legal play has at least one card, at most one rank that is not attachable (the
    set), any number of attachable cards, and ``TOP`` only where the variant has it.
    """
    ranks = play.ranks if isinstance(play, Play) else tuple(sorted(play, reverse=True))
    if not ranks:
        return reason("empty_play")
    for rank in ranks:
        if not 0 <= rank < NUM_RANKS:
            return reason("not_a_rank", rank=rank)
    tables = rules.tables
    text = " ".join(tables.names[r] for r in ranks)
    if not tables.exists[ranks[0]]:
        if ranks[0] == TOP2 and rules.has_top:
            return reason("no_higher_top_card", play=text)
        if ranks[0] in STACK_SLOTS:
            return reason("no_such_stack", play=text, rank=RANK_NAMES[ranks[0]])
        return reason("no_card_above_big_joker", play=text)
    for rank in ranks[1:]:
        if not tables.exists[rank] and rank in STACK_SLOTS:
            return reason("no_such_stack", play=text, rank=RANK_NAMES[rank])
    if tables.stacked:
        code = _stack_problem(ranks, tables)
        if code is not None:
            stack = next(tables.names[r] for r in ranks if tables.stack_cards[r])
            return reason(code, play=text, stack=stack)
    bases = sorted({r for r in ranks if not tables.attach[r]}, reverse=True)
    if tables.wild_ranks:
        if _legal_wild(ranks, tables):
            return None
        bases = [r for r in bases if not tables.wild[r]]
        if len(bases) <= 1:  # no set rank, and wild cards of more than one rank
            wilds = sorted({r for r in ranks if tables.wild[r]}, reverse=True)
            return reason("wild_ranks_mixed", play=text, ranks=_names(wilds))
    if len(bases) <= 1:
        return None
    can_attach = [r for r in reversed(range(NUM_RANKS)) if tables.attach[r]]
    attach_text = (
        reason("attach_only", ranks=_names(can_attach)) if can_attach else reason("attach_nothing")
    )
    if TWO in bases and TWO not in rules.attachable:
        return reason("two_not_attachable", play=text, attach=attach_text)
    if BJ in bases or SJ in bases:
        jokers = [r for r in (BJ, SJ) if r in bases]
        return reason("joker_not_attachable", play=text, jokers=_names(jokers), attach=attach_text)
    straight = (
        len(bases) >= 3 and len(bases) == len(ranks) and all(a - b == 1 for a, b in pairwise(bases))
    )
    if straight:
        return reason("no_straights", play=text)
    return reason("mixed_ranks", play=text, ranks=_names(bases), attach=attach_text)
