"""Legal-move generation: every distinct play a hand can lead, or beat a play with.

A hand is a count vector of length ``NUM_RANKS`` indexed by rank (``hand[rank]`` cards of each
rank; suits do not matter). Plays come back as rank tuples sorted high to low, the form
:func:`~baohuang.engine.beats.beats_fast` reads, in a fixed order: by number of cards,
then by the rank tuple (so the weakest answers come first).

Generation works on counts, never on subsets of cards. Under the usual rules (every set
rank below every attachable rank) a sorted play is its attached cards followed by its
set, so a follow is "an attachment that fits the top positions" plus "a set rank above
the previous card at the first remaining position": both are enumerated directly, with
the rank comparisons pruning as early as possible. Other rule shapes fall back to a
depth-first search over ranks, high to low, that stops as soon as a rank no longer beats
the position it would fill.

Joker stacks (叠加) are never in a hand as dealt: where a variant has them, the plays are
those of the hand itself plus, for each stack the hand's jokers can form, the plays of the
hand with those jokers taken out and the stack's rank put in that contain the stack
(``_with_stacks()``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from baohuang.engine.cards import BJ, JOKERS, NUM_RANKS, SJ
from baohuang.engine.plays import (
    REPEATS,
    CompiledPlayRules,
    Play,
    RuleTables,
    bigger_bomb,
    effective,
    is_bomb,
    is_legal_fast,
)

_NO_RANKS: Final[frozenset[int]] = frozenset()


def _mask(hand: Sequence[int], forbidden: frozenset[int]) -> list[int]:
    """The hand as a list (indexed natively in the compiled core), ``forbidden`` ranks at 0."""
    if len(hand) != NUM_RANKS:
        raise ValueError(f"a hand is a count vector of length {NUM_RANKS}, got {len(hand)}")
    if not forbidden and type(hand) is list:
        return hand
    masked = list(hand)
    for rank in forbidden:
        masked[rank] = 0
    return masked


def _split_attachments(
    h: list[int], p: tuple[int, ...], n: int, attach_desc: tuple[int, ...]
) -> list[tuple[tuple[int, ...], int]]:
    """Attached parts that fit the top positions of a follow: (cards, how many)."""
    parts: list[tuple[tuple[int, ...], int]] = [((), 0)]
    for a in attach_desc:
        have = h[a]
        if not have or a <= p[-1]:
            continue  # p[-1] is the lowest card: a rank not above it fits nowhere
        rep = REPEATS[a]
        new = []
        for part, t in parts:
            if t < n and a > p[t]:
                room = n - t
                for m in range(1, (have if have < room else room) + 1):
                    new.append((part + rep[m], t + m))
        parts += new
    return parts


def _may_attach(h: list[int], p: tuple[int, ...], attach_desc: tuple[int, ...]) -> bool:
    """Whether ``h`` holds a card that could be attached in a follow of ``p`` (one ranked
    above ``p``'s lowest card); without one, the only follows are pure sets."""
    low = p[-1]
    for a in attach_desc:  # noqa: SIM110 (a loop compiles; any() of a generator resumes it per item)
        if h[a] and a > low:
            return True
    return False


def _plain_split(
    h: list[int], p: tuple[int, ...], tables: RuleTables, out: list[tuple[int, ...]]
) -> None:
    n = len(p)
    base_hi = tables.low_bases
    if not _may_attach(h, p, tables.attach_desc):
        # Pure sets only: no attached parts to list (most follows in a game's last tricks).
        for b in range(p[0] + 1, base_hi):
            if h[b] >= n:
                out.append(REPEATS[b][n])
        return
    for part, t in _split_attachments(h, p, n, tables.attach_desc):
        if t == n:
            out.append(part)
            continue
        k = n - t
        for b in range(p[t] + 1, base_hi):
            if h[b] >= k:
                out.append(part + REPEATS[b][k])


def _has_plain_split(h: list[int], p: tuple[int, ...], tables: RuleTables) -> bool:
    n = len(p)
    base_hi = tables.low_bases
    for _part, t in _split_attachments(h, p, n, tables.attach_desc):
        if t == n:
            return True
        k = n - t
        for b in range(p[t] + 1, base_hi):
            if h[b] >= k:
                return True
    return False


def _plain_generic(
    h: list[int], p: tuple[int, ...], tables: RuleTables, out: list[tuple[int, ...]]
) -> None:
    n = len(p)
    attach = tables.attach
    exists = tables.exists
    ranks = [r for r in range(NUM_RANKS - 1, p[-1], -1) if h[r] and exists[r]]

    def search(start: int, pos: int, base_used: bool, acc: tuple[int, ...]) -> None:
        floor = p[pos]
        for j in range(start, len(ranks)):
            r = ranks[j]
            if r <= floor:
                return  # later ranks are lower still
            is_base = not attach[r]
            if is_base and base_used:
                continue
            rep = REPEATS[r]
            room = n - pos
            for m in range(1, min(h[r], room) + 1):
                if m == room:
                    out.append(acc + rep[m])
                else:
                    search(j + 1, pos + m, base_used or is_base, acc + rep[m])

    search(0, 0, False, ())


def _splits(h: list[int], tables: RuleTables) -> bool:
    """Whether plays from ``h`` are always attached cards followed by a set."""
    if tables.split:
        return True
    if not tables.low_split:
        return False
    return all(not h[rank] for rank in tables.high_bases)


def _plain(
    h: list[int], p: tuple[int, ...], tables: RuleTables, out: list[tuple[int, ...]]
) -> None:
    """Append every legal play that beats ``p`` by the plain equal-size rule."""
    if not p:
        return
    if _splits(h, tables):
        _plain_split(h, p, tables, out)
    else:
        _plain_generic(h, p, tables, out)


def _bombs(
    h: list[int], tables: RuleTables, fewest: int, above: Sequence[int] | None
) -> list[tuple[int, ...]]:
    """Every bomb of ``fewest`` cards or more in ``h``, or only those bigger than bomb
    ``above``."""
    found: list[tuple[int, ...]] = []
    for rank in tables.bomb_ranks:
        for k in range(fewest, h[rank] + 1):
            bomb = REPEATS[rank][k] if k <= NUM_RANKS else (rank,) * k
            if above is None or bigger_bomb(above, bomb):
                found.append(bomb)
    return found


def _answers_to_bomb(h: list[int], p: tuple[int, ...], tables: RuleTables) -> list[tuple[int, ...]]:
    """Only a bigger bomb beats a bomb: those in ``h``, sorted by size, then ranks."""
    out = _bombs(h, tables, tables.bomb_min, p)
    out.sort()
    out.sort(key=len)
    return out


def _extra(h: list[int], p: tuple[int, ...], rules: CompiledPlayRules) -> list[tuple[int, ...]]:
    """Plays that beat ``p`` only as a bomb, by a special beat or by roasting."""
    tables = rules.tables
    found: list[tuple[int, ...]] = []
    if tables.bomb_min:
        fewest = tables.bomb_min
        if tables.bomb_more_cards and fewest <= len(p):
            fewest = len(p) + 1
        found = _bombs(h, tables, fewest, None)
    if len(p) == 1:
        for shape in tables.special_answers[p[0]]:
            if h[shape[0]] >= len(shape):
                found.append(shape)
    order = tables.roast_order
    if not order:
        return found
    roast = rules.roast
    if roast is None:
        raise ValueError("A roast order without roast rules.")
    prev_jokers = tuple(r for r in p if r in JOKERS)
    if prev_jokers:
        prev_at = tables.roast_index.get(prev_jokers)
    else:
        prev_at = -1 if roast.plain_sets else None
    if prev_at is None:
        return found
    fewest = len(prev_jokers) + 1 if roast.more_jokers else 0
    prev_rest = tuple(r for r in p if r not in JOKERS)
    rests: list[tuple[int, ...]] = [()]
    if prev_rest:
        no_jokers = list(h)
        no_jokers[SJ] = no_jokers[BJ] = 0
        rests = []
        _plain(no_jokers, prev_rest, tables, rests)
    for group in order[prev_at + 1 :]:
        if len(group) < fewest or group.count(SJ) > h[SJ] or group.count(BJ) > h[BJ]:
            continue
        for rest in rests:
            cand = tuple(sorted(group + rest, reverse=True))
            if is_legal_fast(cand, rules):
                found.append(cand)
    return found


def _leads(h: list[int], tables: RuleTables) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []
    if _splits(h, tables):
        parts: list[tuple[int, ...]] = [()]
        for a in tables.attach_desc:
            have = h[a]
            if have:
                rep = REPEATS[a]
                parts += [part + rep[m] for part in parts for m in range(1, have + 1)]
        sets = [REPEATS[b][k] for b in range(tables.low_bases) for k in range(1, h[b] + 1)]
        for part in parts:
            if part:
                out.append(part)
            out += [part + s for s in sets]
    else:
        attach = tables.attach
        exists = tables.exists
        ranks = [r for r in range(NUM_RANKS - 1, -1, -1) if h[r] and exists[r]]

        def search(start: int, base_used: bool, acc: tuple[int, ...]) -> None:
            for j in range(start, len(ranks)):
                r = ranks[j]
                is_base = not attach[r]
                if is_base and base_used:
                    continue
                rep = REPEATS[r]
                for m in range(1, h[r] + 1):
                    out.append(acc + rep[m])
                    search(j + 1, base_used or is_base, acc + rep[m])

        search(0, False, ())
    out.sort()
    out.sort(key=len)
    return out


def legal_leads(
    hand: Sequence[int], rules: CompiledPlayRules, *, forbidden_ranks: frozenset[int] = _NO_RANKS
) -> list[tuple[int, ...]]:
    """Every distinct legal play ``hand`` can lead, sorted by size, then ranks.

    Plays using a rank in ``forbidden_ranks`` are left out.
    """
    return _leads(_mask(hand, forbidden_ranks), rules.tables)


def legal_follows(
    hand: Sequence[int],
    previous: Play | None,
    rules: CompiledPlayRules,
    *,
    forbidden_ranks: frozenset[int] = _NO_RANKS,
) -> list[tuple[int, ...]]:
    """Every distinct legal play from ``hand`` that beats ``previous``.

    With ``previous`` ``None`` this is every legal lead (:func:`legal_leads`). Plays come
    as high-to-low rank tuples, sorted by size, then by the tuple. Plays using a rank in
    ``forbidden_ranks`` are left out. Special beats and roasting count as beating.
    """
    return follows_of(
        hand, None if previous is None else previous.ranks, rules, forbidden_ranks=forbidden_ranks
    )


def _with_wild(
    h: list[int], p: tuple[int, ...] | None, rules: CompiledPlayRules, plain: CompiledPlayRules
) -> list[tuple[int, ...]]:
    """Every legal play (beating ``p`` as it counts) where wild cards (百搭) may stand for
    the set's rank: the plays of the hand as it is, and for each set rank the plays of the
    hand with the wild cards added to that rank, written back with every mix of real and
    wild cards that the hand holds."""
    tables = rules.tables
    wilds = tables.wild_ranks
    target = None if p is None else effective(p, rules)
    found: set[tuple[int, ...]] = set()
    for play in _follows(h, target, plain):
        if is_legal_fast(play, rules) and (p is None or effective(play, rules) == play):
            found.add(play)
    spare = sum(h[w] for w in wilds)
    if spare:
        for base in range(NUM_RANKS):
            if not h[base] or tables.wild[base] or tables.attach[base] or not tables.exists[base]:
                continue
            virtual = list(h)
            for w in wilds:
                virtual[w] = 0
            virtual[base] += spare
            for play in _follows(virtual, target, plain):
                m = play.count(base)
                rest = tuple(r for r in play if r != base)
                # At least one real card of the rank (all wild is a set of the wild rank),
                # at least one wild card (none was found above).
                for mix in _wild_mixes(h, wilds, max(1, m - h[base]), m - 1):
                    ranks = rest + REPEATS[base][m - sum(mix.values())]
                    ranks += tuple(w for w in wilds for _ in range(mix[w]))
                    found.add(tuple(sorted(ranks, reverse=True)))
    out = sorted(found)
    out.sort(key=len)
    return out


def _wild_mixes(
    h: list[int], wilds: tuple[int, ...], least: int, most: int
) -> list[dict[int, int]]:
    """Ways to take between ``least`` and ``most`` wild cards from ``h`` (counts by rank)."""
    mixes: list[dict[int, int]] = [{}]
    for w in wilds:
        mixes = [{**m, w: k} for m in mixes for k in range(h[w] + 1)]
    return [m for m in mixes if least <= sum(m.values()) <= most]


def follows_of(
    hand: Sequence[int],
    p: tuple[int, ...] | None,
    rules: CompiledPlayRules,
    *,
    forbidden_ranks: frozenset[int] = _NO_RANKS,
) -> list[tuple[int, ...]]:
    """:func:`legal_follows` with the previous play as its rank tuple (high to low), or None."""
    h = _mask(hand, forbidden_ranks)
    if rules.tables.stacked:
        return _with_stacks(h, p, rules)
    return _follows(h, p, rules)


def _with_stacks(
    h: list[int], p: tuple[int, ...] | None, rules: CompiledPlayRules
) -> list[tuple[int, ...]]:
    """Every legal play (beating ``p``) where the hand's jokers may form a stack (叠加):
    the plays of the hand as it is, and for each stack it can form, the plays that contain
    that stack of the hand with the stack's jokers replaced by the stack (a play holds at
    most one stack, so one stack a hand is enough)."""
    out = _follows(h, p, rules)
    extra: list[tuple[int, ...]] = []
    for stack in rules.stacks:
        rank = stack.rank
        if p is not None and rank <= p[-1]:
            continue  # the stack sits against a card at least as high as p's lowest
        small = stack.cards.count(SJ)
        big = len(stack.cards) - small
        if h[SJ] < small or h[BJ] < big:
            continue
        virtual = list(h)
        virtual[SJ] -= small
        virtual[BJ] -= big
        virtual[rank] = 1
        for play in _follows(virtual, p, rules):
            if rank in play and is_legal_fast(play, rules):
                extra.append(play)
    if not extra:
        return out
    out = sorted(set(out).union(extra))
    out.sort(key=len)
    return out


def _follows(
    h: list[int], p: tuple[int, ...] | None, rules: CompiledPlayRules
) -> list[tuple[int, ...]]:
    """:func:`follows_of` of a masked hand, without forming stacks."""
    tables = rules.tables
    if tables.plain is not None:
        return _with_wild(h, p, rules, tables.plain)
    if p is None:
        return _leads(h, tables)
    if tables.bomb_min and is_bomb(p, tables.bomb_min):
        return _answers_to_bomb(h, p, tables)
    out: list[tuple[int, ...]] = []
    _plain(h, p, tables, out)
    if not tables.simple:
        extra = _extra(h, p, rules)
        if extra:
            out = list(set(out).union(extra))
            out.sort()
            out.sort(key=len)
            return out
    out.sort()
    return out


def has_follow(
    hand: Sequence[int],
    previous: Play | None,
    rules: CompiledPlayRules,
    *,
    forbidden_ranks: frozenset[int] = _NO_RANKS,
) -> bool:
    """Whether ``hand`` has any legal play that beats ``previous`` (or any lead at all).

    Same answer as ``bool(legal_follows(...))``, but stops at the first play found.
    """
    h = _mask(hand, forbidden_ranks)
    tables = rules.tables
    if tables.stacked:
        return bool(_with_stacks(h, None if previous is None else previous.ranks, rules))
    if tables.plain is not None:
        return bool(
            _with_wild(h, None if previous is None else previous.ranks, rules, tables.plain)
        )
    if previous is None:
        exists = tables.exists
        return any(h[r] and exists[r] for r in range(NUM_RANKS))
    p = previous.ranks
    if tables.bomb_min and is_bomb(p, tables.bomb_min):
        return bool(_answers_to_bomb(h, p, tables))
    if p:
        if _splits(h, tables):
            if _has_plain_split(h, p, tables):
                return True
        else:
            out: list[tuple[int, ...]] = []
            _plain_generic(h, p, tables, out)
            if out:
                return True
    return not tables.simple and bool(_extra(h, p, rules))
