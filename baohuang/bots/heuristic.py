"""A cheap rule-based player whose statistics mean something (docs/design.md §5).

Bidding and declarations compare a hand-strength score with quantiles of that score over
hands dealt by the same variant (computed once per variant, from a fixed seed), so "a strong
hand" means the same thing in a 216-card and in a 165-card deck:

- ascend (or call a guard) with a hand in the top half, counting the tips that go with the
  throne; play solo, grab a solo or declare one only with an exceptional hand; otherwise
  abdicate (when allowed);
- open the guard, rebel or kick when strong.

In play it sheds its lowest sets first, whole (a group is never split to lead), keeps jokers,
2s and held-back cards for when they matter, never beats a known partner, and takes a trick
with jokers only when the game is close: an opponent is about to go out, the trick's owner
has few cards left, or winning the trick lets it go out. Against an opponent close to going
out it leads sets bigger than his hand.

Hot path: it works on the view's count vector and, for the usual follows, builds its answer
from the counts (a pure set of one rank) rather than scanning the legal list; it scans the
list only for plays with attached cards and for unusual rule shapes. Per-variant tables are
built once (:func:`tables_for`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from baohuang.engine import actions as A
from baohuang.engine.actions import Action
from baohuang.engine.cards import ACE, BJ, NUM_RANKS, SJ, TOP, TOP2, TWO
from baohuang.engine.compiled import CompiledVariant
from baohuang.engine.deck import EMPEROR_CARD, GUARD_CARD, card_from_text, deal, rank_counts
from baohuang.engine.game import SeatView
from baohuang.engine.mypyc_attrs import mypyc_attr
from baohuang.engine.plays import REPEATS, is_bomb, whole_hand
from baohuang.engine.seatview import PlayTurn
from baohuang.rules.model import CalledGuard

KING: Final = ACE - 1
"""Rank int of the king."""

#: Seed of the sample deals the strength quantiles are computed from (fixed: policies stay
#: deterministic and identical in every process).
CALIBRATION_SEED = 20240517
#: Sample deals per variant (five hands each).
CALIBRATION_DEALS = 300


@mypyc_attr(serializable=True)
@dataclass(frozen=True, slots=True)
class HeuristicParams:
    """The knobs of the heuristic; quantiles are of the variant's dealt-hand strength."""

    ascend_q: float = 0.3
    """Ascend (or call) with a hand at least this strong (tips count)."""
    solo_q: float = 0.93
    """Ascend as a solo emperor (holding both marked cards, or all four called cards)."""
    declare_solo_q: float = 0.985
    """Declare a solo without the cards for it."""
    grab_q: float = 0.99
    """Grab the solo."""
    open_solo_q: float = 0.98
    """Declare a hidden solo open."""
    open_guard_q: float = 0.70
    """Reveal oneself as the guard."""
    rebel_q: float = 0.70
    """Declare rebellion."""
    declare_rebel_q: float = 0.80
    """Declare oneself a rebel (亮反): alone it doubles the stake (where the variant doubles
    it), so a stronger hand than for a rebellion, which needs a second rebel."""
    kick_q: float = 0.75
    """Kick (either side)."""
    cap: int = TWO
    """Highest rank of a pure set used to beat an opponent when nothing is urgent."""
    cap_unknown: int = 9
    """The same against a seat that may be a partner (a rebel facing a hidden guard)."""
    cap_big: int = TWO
    """The same for tricks of three or more cards."""
    break_cost: int = 3
    """Rank steps a follow that splits a group costs more than one that uses it whole."""
    owner_danger: int = 5
    """An opponent owning the trick with at most this many cards makes it urgent."""
    danger: int = 3
    """Any opponent with at most this many cards makes it urgent (and changes leads)."""
    short_hand: int = 16
    """Holding at most this many cards after the play makes it urgent."""
    feed_partner: int = 3
    """Lead a set of exactly his size to a known partner holding at most this many cards."""


#: Card values used to rank plays that carry attached cards (cheapest first), by rank:
#: 3 … 2, SJ, BJ, STK1, TOP, STK2, TOP2, STK3, STK4. A joker stack (叠加) is valued per
#: variant at what its jokers are worth (:attr:`VariantTables.value`): a very high card,
#: spent like a card above the big joker, when nothing cheaper answers.
_VALUE: Final[tuple[int, ...]] = (*range(TWO + 1), 18, 22, 24, 26, 28, 30, 32, 34)
#: What spending a bomb (炸弹) costs on top of its cards: more than any single card, so that
#: a bomb answers only when the trick is urgent and nothing else beats it.
_BOMB_COST: Final = 40


@mypyc_attr(serializable=True)
@dataclass(frozen=True, slots=True)
class VariantTables:
    """Per-variant tables of the heuristic, built once by :func:`tables_for`."""

    base: tuple[bool, ...]
    """``base[rank]``: the rank exists and forms sets (it is not attachable)."""
    base_ranks: tuple[int, ...]
    """Base ranks, low to high."""
    plain_hi: int
    """Ranks ``0 .. plain_hi - 1`` are all base ranks; a set of one of them is always legal."""
    hold: tuple[bool, ...]
    """``hold[rank]``: a held-back rank (憋牌)."""
    lead_ranks: tuple[int, ...]
    """Base ranks that are not held back, low to high: what a lead is made of."""
    high_ranks: tuple[int, ...]
    """Ranks from ``plain_hi`` up: attachable cards and base ranks above them (``TOP``)."""
    extra_plays: bool
    """Special beats or roasting: answers that are not a set with attached cards."""
    deck_size: int
    """Cards dealt per game (tips are what is missing from the hands during bidding)."""
    called: bool
    """The guard is called by a card (else it is the fixed guard card)."""
    wind_apply: bool
    """Passing may be replaced by applying for the wind (HD)."""
    bomb_min: int
    """Fewest cards of a bomb (0: the variant has none)."""
    value: tuple[int, ...]
    """What a card of each rank costs to spend: ``_VALUE``, a joker stack (叠加) the
    sum of its jokers' values."""
    quantiles: tuple[float, ...]
    """Sorted hand strengths of the calibration sample."""

    def quantile(self, q: float) -> float:
        """The strength at quantile ``q`` (0–1) of the variant's dealt hands."""
        qs = self.quantiles
        return qs[min(len(qs) - 1, max(0, round(q * (len(qs) - 1))))]


def strength(counts: Sequence[int]) -> float:
    """Hand strength from a count vector: high cards, big sets, minus loose low cards."""
    s = (
        4.5 * counts[TOP2]
        + 4.0 * counts[TOP]
        + 3.0 * counts[BJ]
        + 2.0 * counts[SJ]
        + 1.0 * counts[TWO]
        + 0.5 * counts[ACE]
        + 0.2 * counts[KING]
    )
    for r in range(ACE):
        k = counts[r]
        if k > 4:
            s += 0.4 * (k - 4)
        elif 0 < k <= 2 and r < 8:
            s -= 0.35
    return s


def _calibrate(cv: CompiledVariant) -> tuple[float, ...]:
    rng = random.Random(CALIBRATION_SEED)  # noqa: S311 (seeded game randomness (reproducible deals), not security)
    found: list[float] = []
    for i in range(CALIBRATION_DEALS):
        for hand in deal(cv.shoe, rng, i % 5):
            found.append(strength(rank_counts(hand)))
    found.sort()
    return tuple(found)


_TABLES: dict[str, VariantTables] = {}


def tables_for(cv: CompiledVariant) -> VariantTables:
    """The heuristic's tables for a compiled variant (cached by checksum)."""
    cached = _TABLES.get(cv.checksum)
    if cached is not None:
        return cached
    tables = cv.play.tables
    base = tuple(
        tables.exists[r] and not tables.attach[r] and not tables.stack_cards[r]
        for r in range(NUM_RANKS)
    )
    plain_hi = 0
    while plain_hi < NUM_RANKS and base[plain_hi]:
        plain_hi += 1
    held = {h.rank for h in cv.hold_back}
    hold = tuple(r in held for r in range(NUM_RANKS))
    base_ranks = tuple(r for r in range(NUM_RANKS) if base[r])
    built = VariantTables(
        base=base,
        base_ranks=base_ranks,
        plain_hi=plain_hi,
        hold=hold,
        lead_ranks=tuple(r for r in base_ranks if not hold[r]),
        high_ranks=tuple(range(plain_hi, NUM_RANKS)),
        extra_plays=not tables.simple,
        deck_size=cv.shoe.size,
        called=isinstance(cv.variant.bidding.guard, CalledGuard),
        wind_apply=cv.variant.play.wind == "apply",
        bomb_min=tables.bomb_min,
        value=tuple(
            max(_VALUE[r], sum(_VALUE[j] for j in tables.stack_cards[r])) for r in range(NUM_RANKS)
        ),
        quantiles=_calibrate(cv),
    )
    if len(_TABLES) > 64:
        _TABLES.clear()
    _TABLES[cv.checksum] = built
    return built


def _identical(suits: list[int], play: tuple[int, ...]) -> bool:
    """Whether ``play`` (one plain rank) can be identical cards of ``suits`` (52 counts)."""
    at = play[0] * 4
    return play[0] < 13 and max(suits[at : at + 4]) >= len(play)


@mypyc_attr(serializable=True)
@dataclass
class HeuristicPolicy:
    """The rule-based player for one compiled variant (see the module docstring)."""

    cv: CompiledVariant
    params: HeuristicParams = field(default_factory=HeuristicParams)
    name: str = "heuristic"
    tables: VariantTables = field(init=False, repr=False)
    _limits: dict[str, float] = field(init=False, repr=False)
    _break_cost: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.tables = tables_for(self.cv)
        p = self.params
        self._break_cost = p.break_cost
        q = self.tables.quantile
        self._limits = {
            "ascend": q(p.ascend_q),
            "solo": q(p.solo_q),
            "declare_solo": q(p.declare_solo_q),
            "grab": q(p.grab_q),
            "open_solo": q(p.open_solo_q),
            "open_guard": q(p.open_guard_q),
            "rebel": q(p.rebel_q),
            "declare_rebel": q(p.declare_rebel_q),
            "kick": q(p.kick_q),
        }

    # ------------------------------------------------------------------ entry point

    def act(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        """Choose an action; never ``auto`` unless it is the only one.

        ``legal`` is looked at only when needed, so a lazily listed sequence stays unlisted
        for most plays. A seat on automatic play is offered one action: a list or tuple of
        one is answered with it (a driver that passes a lazy sequence must not ask a
        locked seat).
        """
        kind = type(legal)
        # Identity tests: ``in`` on a tuple of classes compares them richly, one by one.
        if (kind is list or kind is tuple) and len(legal) == 1:
            return legal[0]
        phase = view.phase
        if phase == "play":
            return self.play(PlayTurn.of_view(view), legal)
        if phase == "bidding":
            return self._bid(view, legal)
        if phase == "buying":
            # 买3: pay with the lowest rank offered (a 2 before a joker).
            return next(a for a in legal if a != A.AUTO)
        return self._declare(view, legal)

    def play(self, turn: PlayTurn, legal: Sequence[Action]) -> Action:
        """The move at a turn in the play (what :meth:`act` answers there): a search's
        rollout asks this directly, with the turn filled from the game
        (:func:`~baohuang.engine.seatview.fill_play`), building no view."""
        if turn.trick is None:
            return self._lead(turn, legal)
        return self._follow(turn, legal)

    # ------------------------------------------------------------------ bidding

    def _bid(self, view: SeatView, legal: Sequence[Action]) -> Action:
        s = strength(view.counts)
        if view.question == "grab":
            return A.GRAB if A.GRAB in legal and s >= self._limits["grab"] else A.NO_GRAB
        tips = max(0, self.tables.deck_size - sum(view.hand_sizes))
        s += 1.0 * tips
        with_guard: list[Action] = []
        solo: list[Action] = []
        for a in legal:
            if a == A.ASCEND:
                both = EMPEROR_CARD in view.hand and GUARD_CARD in view.hand
                (solo if both else with_guard).append(a)
            elif isinstance(a, str) and a.startswith(A.CALL_PREFIX):
                card = card_from_text(a[len(A.CALL_PREFIX) :])
                (solo if view.hand.count(card) >= 4 else with_guard).append(a)
        can_abdicate = A.ABDICATE in legal
        if with_guard and s >= self._limits["ascend"]:
            return with_guard[0]
        if solo and s >= self._limits["solo"]:
            return solo[0]
        if A.DECLARE_SOLO in legal and s >= self._limits["declare_solo"]:
            return A.DECLARE_SOLO
        if can_abdicate:
            return A.ABDICATE
        # Forced to take the throne: rather with a guard than alone.
        for group in (with_guard, solo):
            if group:
                return group[0]
        return next(a for a in legal if a != A.AUTO)

    # ------------------------------------------------------------------ declarations

    def _declare(self, view: SeatView, legal: Sequence[Action]) -> Action:
        s = strength(view.counts)
        question = view.question
        lim = self._limits
        if question == "solo":
            return A.OPEN_SOLO if s >= lim["open_solo"] else A.HIDDEN_SOLO
        if question == "guard":
            return A.OPEN_GUARD if s >= lim["open_guard"] else A.HIDDEN_GUARD
        if question == "rebel":
            return A.REBEL if A.REBEL in legal and s >= lim["rebel"] else A.NO_REBEL
        if question == "declare_rebel":
            if A.DECLARE_REBEL in legal and s >= lim["declare_rebel"]:
                return A.DECLARE_REBEL
            return A.NO_DECLARE_REBEL
        if question in ("royal_kick", "rebel_kick"):
            return A.KICK if s >= lim["kick"] else A.NO_KICK
        return next(a for a in legal if a != A.AUTO)

    # ------------------------------------------------------------------ who is who

    @staticmethod
    def _mates(turn: PlayTurn) -> tuple[int, int]:
        """Bit masks of the seats known to be partners, and of those known to be opponents.

        A seat in neither mask may be either (a rebel facing a hidden guard). The emperor
        with a hidden guard counts every other seat as an opponent (three in four are).
        """
        me = turn.seat
        emperor = turn.emperor
        everyone = 0b11111 & ~(1 << me)
        if emperor < 0:
            return 0, everyone
        if me == emperor:
            partner = turn.known_partner
            mates = 0 if partner < 0 else 1 << partner
            return mates, everyone & ~mates
        if turn.i_am_guard:
            mates = 1 << emperor
            return mates, everyone & ~mates
        guard = turn.public_guard
        if guard >= 0 or turn.open_solo:
            royals = 1 << emperor
            if guard >= 0:
                royals |= 1 << guard
            return everyone & ~royals, royals
        return 0, 1 << emperor

    # ------------------------------------------------------------------ play

    def _danger(self, turn: PlayTurn, mates: int) -> int:
        """Fewest cards held by a seat still playing that is not a known partner (0: none)."""
        sizes = turn.hand_sizes
        low = 0
        for s in range(5):
            k = sizes[s]
            if k and s != turn.seat and not (mates >> s) & 1 and (low == 0 or k < low):
                low = k
        return low

    def _lead(self, turn: PlayTurn, legal: Sequence[Action]) -> Action:
        c = turn.counts
        t = self.tables
        groups = 0
        for r in t.base_ranks:
            if c[r]:
                groups += 1
                if groups > 1:
                    break
        if groups <= 1:
            whole = whole_hand(c)
            if whole in legal:
                return whole
        mates, _ = self._mates(turn)
        lead_ranks = t.lead_ranks
        if mates and self.params.feed_partner:
            sizes = turn.hand_sizes
            for s in range(5):
                k = sizes[s]
                if (mates >> s) & 1 and 0 < k <= self.params.feed_partner:
                    for r in lead_ranks:
                        if c[r] == k:
                            return REPEATS[r][k]
        danger = self._danger(turn, mates)
        best = -1
        if 0 < danger <= self.params.danger:
            # A set bigger than his hand cannot be answered by him.
            for r in lead_ranks:
                if c[r] > danger:
                    return REPEATS[r][c[r]]
            size = 0
            for r in lead_ranks:
                k = c[r]
                if k and k >= size:
                    best, size = r, k
        else:
            for r in lead_ranks:
                if c[r]:
                    best = r
                    break
        if best >= 0:
            return REPEATS[best][c[best]]
        return self._cheapest(legal)

    def _cheapest(self, legal: Sequence[Action]) -> Action:
        """The legal play with the lowest top card (then the most cards), else the first."""
        best: Action | None = None
        key = (99, 0)
        value = self.tables.value
        for a in legal:
            if isinstance(a, tuple):
                k = (value[a[0]], -len(a))
                if k < key:
                    best, key = a, k
        if best is not None:
            return best
        return next((a for a in legal if a != A.AUTO), legal[0])

    def _pass(self, legal: Sequence[Action]) -> Action:
        if self.tables.wind_apply and A.APPLY_WIND in legal:
            return A.APPLY_WIND
        return A.PASS

    def _follow(self, turn: PlayTurn, legal: Sequence[Action]) -> Action:
        c = turn.counts
        trick = turn.trick
        if trick is None:
            raise ValueError("Following needs a trick to beat; the turn has none.")
        n = len(trick)
        if n == turn.hand_sizes[turn.seat]:
            whole = whole_hand(c)
            if whole in legal:
                return whole
        # Who owns the trick: a partner (pass), a known opponent, or either.
        owner = turn.trick_owner
        emperor = turn.emperor
        if turn.seat == emperor:
            if owner == turn.known_partner:
                return self._pass(legal)
            known_foe = True
        elif turn.i_am_guard:
            if owner == emperor:
                return self._pass(legal)
            known_foe = True
        elif owner == emperor:
            known_foe = True
        elif turn.public_guard >= 0:
            if owner != turn.public_guard:
                return self._pass(legal)
            known_foe = True
        elif turn.open_solo:
            return self._pass(legal)
        else:
            known_foe = False
        t = self.tables
        # The cheapest pure set (one rank, no attached cards) that beats the trick.
        hold = t.hold
        break_cost = self._break_cost
        best = -1
        best_cost = 99
        # After a bomb of identical cards (棍) a higher pure set is no answer unless it is one.
        for b in range(trick[0] + 1, t.plain_hi if not turn.trick_bomb else 0):
            k = c[b]
            if k >= n and not hold[b]:
                if k == n:
                    if b < best_cost:
                        best = best_cost = b
                    break
                if b + break_cost < best_cost:
                    best, best_cost = b, b + break_cost
        if best >= 0:
            p = self.params
            cap = p.cap_big if n >= 3 else p.cap if known_foe else p.cap_unknown
            if best_cost <= cap:
                return REPEATS[best][n]
        elif not t.extra_plays:
            for r in t.high_ranks:
                if c[r]:
                    break
            else:
                return self._pass(legal)  # nothing but pure sets, and none beats
        mates, _ = self._mates(turn)
        if not self._urgent(turn, mates, known_foe, n):
            return self._pass(legal)
        if best >= 0:
            return REPEATS[best][n]
        found = self._cheapest_follow(legal, c, turn.suits)
        return self._pass(legal) if found is None else found

    def _urgent(self, turn: PlayTurn, mates: int, known_foe: bool, n: int) -> bool:
        """The game is close, or taking this trick lets us go out: spend what it takes."""
        p = self.params
        sizes = turn.hand_sizes
        if sizes[turn.seat] - n <= p.short_hand:
            return True
        owner = turn.trick_owner
        if known_foe and owner >= 0 and 0 < sizes[owner] <= p.owner_danger:
            return True
        if 0 < self._danger(turn, mates) <= p.danger:
            return True
        c = turn.counts
        groups = 0
        for r in self.tables.base_ranks:
            if c[r]:
                groups += 1
                if groups > 2:
                    return False
        return True

    def _cheapest_follow(
        self, legal: Sequence[Action], c: list[int], suits: list[int]
    ) -> Action | None:
        """The legal play of least total card value (splitting a group costs extra)."""
        best: Action | None = None
        best_cost = 1 << 30
        penalty = self.params.break_cost
        bomb_min = self.tables.bomb_min
        value = self.tables.value
        for a in legal:
            if isinstance(a, tuple):
                cost = 0
                for r in a:
                    cost += value[r]
                low = a[-1]
                if c[low] > a.count(low):
                    cost += penalty
                if bomb_min and is_bomb(a, bomb_min) and (not suits or _identical(suits, a)):
                    cost += _BOMB_COST
                if cost < best_cost:
                    best, best_cost = a, cost
        return best
