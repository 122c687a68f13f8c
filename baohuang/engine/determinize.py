"""Worlds a seat cannot tell apart from the real game, built from its view alone (for search).

A search player (:mod:`baohuang.bots.mc`) sees only a :class:`~baohuang.engine.seatview.SeatView`.
:class:`Worlds` turns such a view, taken in the play phase, into complete games that agree
with everything the seat knows and fill in what it does not know at random:

- the other hands: the cards nobody has seen (the deck's cards by rank, less the seat's own,
  less every card played) dealt at random to the other seats in their known sizes;
- a hidden guard: one of the seats that may still be him (not the seat itself, not the
  emperor, not a declared rebel, and — where a card ranks above the big joker and is still
  unseen — not a seat that has gone out, since the guard holds that card);
- the card above the big joker (特画 / 老花), when unseen: in the guard's hand.

Everything public is copied from the view: roles as far as they are known, events,
declared rebels, the trick and its owner, passes, who is out and in which order, the cards
played. What the view does not carry (a deferral's second circle, an application for the
wind) starts empty, so in variants with those rules a world may offer a seat a slightly
different choice than the real game; the search only ever returns an action the real game
listed.

A world is a :class:`~baohuang.engine.game.Game` in the play phase with the view's seat to
act: :meth:`Worlds.sample` clones a template built once per decision and deals the unseen
cards into it, so each world costs one :meth:`.Game.clone` and a shuffle.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from baohuang.engine.cards import BJ, NUM_RANKS, TOP, TOP2
from baohuang.engine.compiled import CompiledVariant
from baohuang.engine.deck import EMPEROR_CARD, GUARD_CARD, RANK_OF, shuffle
from baohuang.engine.game import Game
from baohuang.engine.seatview import SeatView


class NotInPlay(ValueError):
    """Worlds are built for the play phase only (the view is from another phase)."""


class Worlds:
    """Complete games consistent with one seat's view in the play phase (see module doc).

    Build once per decision; :meth:`sample` gives a fresh world each call.
    """

    __slots__ = ("_guards", "_own_tops", "_pool", "_template", "_top_holders", "view")

    def __init__(self, cv: CompiledVariant, view: SeatView, seed: int) -> None:
        if view.phase != "play":
            raise NotInPlay(f"a world needs a view from the play phase, not '{view.phase}'")
        self.view = view
        seat = view.seat
        template = Game.new(cv, seed)
        total = [0] * NUM_RANKS
        for hand in template.hands:
            for card in hand:
                total[RANK_OF[card]] += 1
        for card in template.tips:
            total[RANK_OF[card]] += 1
        finish = list(view.finish)
        out = [s in finish for s in range(5)]
        emperor = view.emperor if view.emperor is not None else seat
        # Who may be the guard, and is he known?
        known_guard: int | None
        guards: list[int] = []
        if view.public_guard is not None:
            known_guard = view.public_guard
        elif view.i_am_guard:
            known_guard = seat
        elif view.solo is not None:
            known_guard = None  # a solo the seat knows of: no guard
        else:
            known_guard = -1  # hidden: sampled
        # Each card above the big joker is one of its rank's; who holds those the seat has
        # not seen: the emperor (his card), the guard (-1: sampled with him), anyone (-2).
        # Level by level (TOP, and TOP2 where the two marked cards are ordered):
        tops = self._top_bases(cv, view, emperor)
        own = emperor if seat == emperor else -1 if view.i_am_guard else -3
        own_tops: list[int] = []
        unseen: list[list[tuple[int, int]]] = []
        for level in (TOP, TOP2):
            holders: list[tuple[int, int]] = []
            for base, holder, at in tops:
                if at == level:
                    total[base] -= 1
                    total[level] += 1
                    holders.append((holder, base))
            # Seen ones first: his own (the emperor's card if he is the emperor, the
            # guard's if he is the guard), in his hand or played; then a played one of a
            # holder who is out, then the guard's (the emperor card's holder is known).
            holders.sort(
                key=lambda hb: (
                    0 if hb[0] == own else 1 if hb[0] >= 0 and out[hb[0]] else 2 + (hb[0] >= 0)
                )
            )
            if level == TOP:  # (a TOP2 card is only ever played as itself)
                own_tops = [base for _, base in holders[: view.counts[level]]]
            unseen.append(holders[view.counts[level] + view.played[level] :])
        top_unseen = any(h == -1 for holders in unseen for h, _ in holders)
        if known_guard == -1:
            guards = [
                s
                for s in range(5)
                if s not in (seat, emperor)
                and s not in view.rebels_declared
                and not (top_unseen and out[s])
            ]
            if not guards:  # nothing fits (an unusual rule shape): any other seat
                guards = [s for s in range(5) if s not in (seat, emperor)]
        pool = [total[r] - view.counts[r] - view.played[r] for r in range(NUM_RANKS)]
        # Never negative (a view the deck cannot explain, which a rule shape not foreseen
        # here might give: then a world's hand sizes follow the cards dealt).
        pool = [max(0, n) for n in pool]
        self._pool = pool
        self._guards = guards
        self._top_holders = unseen
        """The unseen cards above the big joker: (likely holder, own rank) each, for TOP
        and for TOP2."""
        self._own_tops = own_tops
        # The template: the real game's public state with the seat's own hand.
        t = template
        t.emperor = emperor
        t.guard = known_guard if known_guard is not None and known_guard >= 0 else None
        t.solo = view.solo
        t.guard_public = view.public_guard is not None
        t.guard_open = t.guard_public
        t.events = list(view.events)
        t.grabbed = "grabbed_solo" in view.events
        t.history = []
        by_spells = t._lock_counts is t.auto_spells
        t.auto_spells = [0] * 5
        t.auto_turns = [0] * 5
        t.in_spell = [False] * 5
        t._lock_counts = t.auto_spells if by_spells else t.auto_turns
        t._declarations.rebels_declared = list(view.rebels_declared)
        p = t._play
        counts = [[0] * NUM_RANKS for _ in range(5)]
        counts[seat] = list(view.counts)
        p.counts = counts
        p.sizes = list(view.hand_sizes)
        p.dealt_ranks = [frozenset() for _ in range(5)]
        p.finish = finish
        p.out = out
        p.played_counts = list(view.played)
        # Bombs of identical cards (棍): the seat's own suits; the others' are dealt in sample.
        p.trick_bomb = view.trick_bomb
        p.bombs = view.events.count("bomb")
        if cv.bomb_limit and p.bombs >= cv.bomb_limit:
            p.rules = cv.play_after_bomb_limit
            p.identical = 0
        if p.identical:
            p.suits = [list(view.suits) if s == seat and view.suits else [0] * 52 for s in range(5)]
        p.tricks = []
        p.plays = 0
        p.uneven_beats = 0
        p.passes = view.passes
        p.deferred = []
        p.second_circle = []
        p.forget_view_rows()
        p.deferred_this_trick = set()
        # Who is barred by a hard pass is not in the seat view: the world lets them play.
        p.barred = set()
        p.barred_at_play = 0
        p.wind_applicant = None
        owner = view.trick_owner
        p.trick = view.trick
        p.trick_owner = owner if owner is not None else -1
        p.wind_from = owner if owner is not None and out[owner] else None
        if hasattr(p, "trick_play"):
            from baohuang.engine.plays import Play

            p.trick_play = Play.trusted(view.trick) if view.trick is not None else None
        t.outcome = None
        t._legal_cache = None
        t._enter("play", p)
        t.to_act = seat
        self._template = t

    @staticmethod
    def _top_bases(cv: CompiledVariant, view: SeatView, emperor: int) -> list[tuple[int, int, int]]:
        """The cards that play above the big joker in this game: (rank, likely holder, rank
        played at: ``TOP`` or ``TOP2``) each.

        The emperor card (a big joker, held by the emperor) where it is a top card. The
        guard's card (holder -1: the guard) where that is one: with a called guard the called
        card (none in a solo or after a grab: no guard); otherwise the marked guard card. A
        grab may void the marks: then a top card is only counted if the seat has seen one.
        """
        if cv.variant.play.top_card == "none":
            return []
        grabbed = "grabbed_solo" in view.events
        seen = view.counts[TOP] or view.played[TOP] or view.counts[TOP2] or view.played[TOP2]
        if grabbed and not seen:
            return []  # the marks may be void: nothing seen says otherwise
        found: list[tuple[int, int, int]] = []
        if cv.emperor_top >= 0:
            found.append((RANK_OF[EMPEROR_CARD], emperor, cv.emperor_top))
        if cv.guard_top < 0:
            return found
        if view.called_rank is not None:
            if view.solo is None and not grabbed:
                found.append((view.called_rank, -1, cv.guard_top))
            return found
        found.append((RANK_OF[GUARD_CARD], -1, cv.guard_top))
        return found

    def sample(self, rng: random.Random) -> Game:
        """A new world: the unseen cards dealt at random, a hidden guard chosen at random."""
        world = self._template.clone()
        view = self.view
        seat = view.seat
        if self._guards:
            world.guard = rng.choice(self._guards)
        pool = self._pool
        cards = [r for r in range(BJ + 1) for _ in range(pool[r])]
        shuffle(cards, rng)  # the compiled shuffle: the same order as rng.shuffle
        counts = world._play.counts
        sizes = view.hand_sizes
        room = [0 if s == seat else sizes[s] for s in range(5)]
        # Who holds which card above the big joker (its own rank, for top_card_in_set): his
        # own as in the real game, the others as dealt here.
        top_ranks: list[list[int]] = [[], [], [], [], []]
        top_ranks[seat] = list(self._own_tops)
        while len(top_ranks[seat]) < view.counts[TOP]:
            top_ranks[seat].append(TOP)  # a card of no known rank: only ever played as itself
        for level, hints in zip((TOP, TOP2), self._top_holders, strict=True):
            for i in range(pool[level]):
                hint, base = hints[i] if i < len(hints) else (-2, -1)
                holder: int | None = world.guard if hint == -1 else hint if hint >= 0 else None
                if holder is None or holder == seat or room[holder] == 0:
                    holder = _any_with_room(room, rng)
                if holder is not None:
                    counts[holder][level] += 1
                    room[holder] -= 1
                    if base >= 0 and level == TOP:
                        top_ranks[holder].append(base)
        world._play.top_ranks = top_ranks
        i = 0
        for s in range(5):
            need = room[s]
            if need <= 0:
                continue
            row = counts[s]
            for r in cards[i : i + need]:
                row[r] = row[r] + 1  # apart: ``+=`` on a list item is generic, compiled
            i += need
        play = world._play
        if play.identical:
            # Unseen suits: each card of another seat gets a suit at random.
            for s in range(5):
                if s != seat:
                    srow = play.suits[s]
                    for r in range(13):
                        for _ in range(counts[s][r]):
                            srow[r * 4 + rng.randrange(4)] += 1
        play.sizes = [sum(row) for row in counts]  # equal to the view's unless it was odd
        # From a list (a compiled loop), not a generator (resumed once per rank).
        play.dealt_ranks = [frozenset([r for r in range(NUM_RANKS) if row[r]]) for row in counts]
        play.forget_view_rows()
        return world


def _any_with_room(room: Sequence[int], rng: random.Random) -> int | None:
    seats = [s for s in range(5) if room[s] > 0]
    return rng.choice(seats) if seats else None
