"""Play (docs/rules.md §6): tricks from the emperor's lead until the game ends.

Hands become count vectors by rank (the one card ranked above the big joker, 特画,
counted as TOP); the current trick is a sorted rank tuple. A trick is led, followed with
higher plays of the variant's kinds or passed; deferring (让牌) gives a second circle; a
player who goes out hands the lead on (接风, or by applying for the wind). Held-back ranks
may only go in the last play. :class:`TrickPlay` keeps this state; the end of the game is
:mod:`~baohuang.engine.settlement`'s.
"""

from __future__ import annotations

from typing import Final

from baohuang.engine import actions as A
from baohuang.engine.actions import Action, format_action
from baohuang.engine.beats import beats_fast
from baohuang.engine.cards import BJ, NUM_RANKS, RANK_NAMES, SJ, TOP
from baohuang.engine.deck import EMPEROR_CARD, GUARD_CARD, RANK_OF
from baohuang.engine.deck_limits import deck_reason
from baohuang.engine.follows import follows_of
from baohuang.engine.mypyc_attrs import mypyc_attr
from baohuang.engine.plays import (
    Play,
    bigger_bomb,
    effective,
    is_bomb,
    is_legal_fast,
    unstack,
    whole_hand,
)
from baohuang.engine.reasons import Reason, joined, reason
from baohuang.engine.table import Table, downstream

#: What the checks behind :meth:`TrickPlay.reject` answer for a refused play when no
#: reason is wanted (:meth:`TrickPlay.allows`).
REFUSED: Final = "refused"
#: The quick check's verdicts (``TrickPlay._quick``): allowed, refused, or look closer.
QUICK_YES: Final = 1
QUICK_NO: Final = 0
QUICK_UNSURE: Final = -1


@mypyc_attr(serializable=True)
class TrickPlay:
    """The play of one game: hands by rank, the trick, who is out, what was played.

    Empty until :meth:`start`. :meth:`apply` returns the next seat to act, or -1 when the
    game has ended (then :mod:`~baohuang.engine.settlement` scores it).
    """

    __slots__ = (
        "barred",
        "barred_at_play",
        "bombs",
        "counts",
        "cv",
        "dealt_ranks",
        "defer_allowed",
        "defer_stay_passed",
        "deferred",
        "deferred_this_trick",
        "ends_one_side_out",
        "finish",
        "hard_pass",
        "has_hold_back",
        "identical",
        "open_during_play",
        "open_solo_ends_early",
        "out",
        "passes",
        "played_counts",
        "plays",
        "reveal_by_card",
        "rules",
        "second_circle",
        "sizes",
        "suits",
        "table",
        "top_in_set",
        "top_ranks",
        "trick",
        "trick_bomb",
        "trick_owner",
        "tricks",
        "uneven_beats",
        "view_rows",
        "wind_applicant",
        "wind_by_applying",
        "wind_from",
        "wind_skip_next",
    )
    # Game.release() deletes it to break the cycle with the game (a search's copies).
    __deletable__ = ("table",)

    def __init__(self, table: Table, copying: bool = False) -> None:
        self.table = table
        self.cv = table.cv
        if copying:
            return  # copy_for sets every other field (and reads no variant model)
        self.counts: list[list[int]] = []
        """Each seat's hand by rank (``NUM_RANKS`` ints); empty before play."""
        self.sizes: list[int] = []
        """Cards left per seat."""
        self.dealt_ranks: list[frozenset[int]] = []
        """The ranks each seat held when play began."""
        self.trick: tuple[int, ...] | None = None
        """The play to beat (ranks high to low), or None when the next play leads."""
        self.trick_owner = -1
        """Who made the play to beat."""
        self.passes = 0
        """Passes since the last play of the current trick."""
        variant_play = table.cv.variant.play
        self.hard_pass = variant_play.hard_pass
        # The variant's rules read at every decision, copied here once: a compiled field
        # read instead of attribute lookups through the (interpreted) variant model.
        self.defer_allowed: bool = variant_play.defer
        """Deferring (让牌) is allowed."""
        self.wind_by_applying: bool = variant_play.wind == "apply"
        """The wind is taken by applying for it (HD)."""
        self.has_hold_back: bool = bool(table.cv.hold_back)
        """The variant holds back ranks for the last play."""
        declarations = table.cv.variant.declarations
        self.open_during_play = declarations.open_during_play
        """A hidden guard may go open (明保) at his turns during play."""
        self.reveal_by_card = declarations.reveal_by_card
        """A hidden guard is known once his marked card is played."""
        self.defer_stay_passed: bool = variant_play.defer_passers == "stay_passed"
        """A deferrer's play in the second circle leaves the first circle's passers passed."""
        self.wind_skip_next: bool = (
            variant_play.wind == "apply" and variant_play.wind_unclaimed == "skip_next"
        )
        """Unclaimed, the wind passes over the next player (``play.wind_unclaimed``)."""
        end = table.cv.variant.end
        self.open_solo_ends_early: bool = end.open_solo_ends_on_other_first
        """An open solo ends when another seat goes out first."""
        self.ends_one_side_out: bool = end.when == "one_side_out"
        """The game ends once one side is all out."""
        self.barred: set[int] = set()
        """With hard_pass (过牌不准上): seats that passed in this trick and may not play in it."""
        self.barred_at_play = 0
        """How many seats were barred when the play to beat was made (they count as passed)."""
        self.deferred: list[int] = []
        self.second_circle: list[int] = []
        """Seats that deferred (让牌), still to answer in the trick's second circle."""
        self.deferred_this_trick: set[int] = set()
        self.wind_applicant: int | None = None
        self.wind_from: int | None = None
        self.out = [False] * 5
        """Whether each seat has gone out."""
        self.finish: list[int] = []
        """Seats in the order they went out."""
        self.plays = 0
        """Plays made (passes not counted)."""
        self.uneven_beats = 0
        """Beats with a different number of cards: roasting (烤牌), a special beat (3×2 > BJ) or a
        bomb."""
        self.tricks: list[tuple[int, tuple[int, ...]]] = []
        """Every play as (seat, ranks), in order."""
        self.played_counts = [0] * NUM_RANKS
        """Cards played so far, by rank."""
        self.rules = self.cv.play
        """The play rules in force: the variant's, without bombs once its limit is played."""
        self.bombs = 0
        """Bombs played so far (炸弹)."""
        self.top_ranks: list[list[int]] = [[], [], [], [], []]
        """The own rank of each card above the big joker a seat holds (a called 7: 4)."""
        self.top_in_set = table.cv.variant.play.top_card_in_set
        """Such a card may also be played as a card of its own rank (top_card_in_set)."""
        self.identical = self.cv.identical_bombs
        """Bombs of identical cards (棍): their fewest cards; 0 without them (or past the
        limit). Then ``rules`` has no bombs and this phase adds them from the suits."""
        if self.identical:
            self.rules = self.cv.play_after_bomb_limit
        self.suits: list[list[int]] = []
        """With identical bombs: each seat's suited cards by card id (52 ints, rank * 4 +
        suit); a plain play takes the cards of the rank's smallest suit groups first."""
        self.trick_bomb = False
        """With identical bombs: the play to beat is one."""
        self.view_rows: list[tuple[int, ...] | None] = [None] * 7
        """The policy view's tuples, kept until the lists they copy change: each seat's
        counts (0–4), the hand sizes (5) and the cards played (6); None when not built.
        Built once per play instead of once per decision (a pass changes none of them).
        Whoever changes ``counts``, ``sizes`` or ``played_counts`` other than by a play
        calls :meth:`forget_view_rows`."""

    def copy_for(self, table: Table) -> TrickPlay:
        """A copy of this phase's state for ``table`` (a copy of its game: Game.clone).

        Every slot is copied (``tests/engine/test_clone.py`` checks that none is missed);
        lists and sets are new, their items immutable (ints, tuples, frozensets) except
        the rows of ``counts``, ``suits`` and ``top_ranks``, which are copied too.
        """
        new = TrickPlay(table, copying=True)
        new.barred = set(self.barred)
        new.barred_at_play = self.barred_at_play
        new.bombs = self.bombs
        new.counts = [row[:] for row in self.counts]
        new.cv = self.cv
        new.dealt_ranks = self.dealt_ranks[:]
        new.deferred = self.deferred[:]
        new.deferred_this_trick = set(self.deferred_this_trick)
        new.defer_allowed = self.defer_allowed
        new.defer_stay_passed = self.defer_stay_passed
        new.ends_one_side_out = self.ends_one_side_out
        new.open_solo_ends_early = self.open_solo_ends_early
        new.wind_skip_next = self.wind_skip_next
        new.finish = self.finish[:]
        new.hard_pass = self.hard_pass
        new.has_hold_back = self.has_hold_back
        new.identical = self.identical
        new.open_during_play = self.open_during_play
        new.out = self.out[:]
        new.passes = self.passes
        new.played_counts = self.played_counts[:]
        new.plays = self.plays
        new.reveal_by_card = self.reveal_by_card
        new.rules = self.rules
        new.second_circle = self.second_circle[:]
        new.sizes = self.sizes[:]
        new.suits = [row[:] for row in self.suits]
        new.table = table
        new.top_in_set = self.top_in_set
        new.top_ranks = [row[:] for row in self.top_ranks]
        new.trick = self.trick
        new.trick_bomb = self.trick_bomb
        new.trick_owner = self.trick_owner
        new.tricks = self.tricks[:]
        new.uneven_beats = self.uneven_beats
        new.view_rows = self.view_rows[:]  # immutable tuples of the same state
        new.wind_applicant = self.wind_applicant
        new.wind_by_applying = self.wind_by_applying
        new.wind_from = self.wind_from
        return new

    # ------------------------------------------------------------------ the phase

    def start(self) -> int:
        """Turn the hands into counts by rank; the emperor leads (his seat is returned)."""
        t = self.table
        counts: list[list[int]] = []
        for hand in t.hands:
            row = [0] * NUM_RANKS
            # Read and written apart: mypyc compiles ``row[i] += 1`` through the generic
            # number protocol (boxed ints), the explicit form with int arithmetic.
            for c in hand:
                rank = RANK_OF[c]
                row[rank] = row[rank] + 1
            counts.append(row)
        self.top_ranks = [[], [], [], [], []]
        for top_seat, top_card, level in self._top_cards():
            counts[top_seat][RANK_OF[top_card]] -= 1
            counts[top_seat][level] += 1
            if level == TOP:  # (a TOP2 card is only ever played as itself)
                self.top_ranks[top_seat].append(RANK_OF[top_card])
        self.counts = counts
        if self.identical:
            self.suits = [[0] * 52 for _ in range(5)]
            for seat, hand in enumerate(t.hands):
                for c in hand:
                    if c < 52:
                        self.suits[seat][c] += 1
            for top_seat, top_card, _level in self._top_cards():
                if top_card < 52:
                    self.suits[top_seat][top_card] -= 1
        self.sizes = [sum(row) for row in counts]
        # From a list (a compiled loop), not a generator (resumed once per rank).
        self.dealt_ranks = [frozenset([r for r in range(NUM_RANKS) if row[r]]) for row in counts]
        self.trick = None
        self.forget_view_rows()
        return t.emperor

    def forget_view_rows(self) -> None:
        """Drop the view's tuples (``counts``, ``sizes`` or ``played_counts`` were changed
        from outside a play: a new deal, a sampled world)."""
        self.view_rows = [None] * 7

    def view_counts(self, seat: int) -> tuple[int, ...]:
        """``counts[seat]`` as a tuple (the policy view's ``counts``)."""
        rows = self.view_rows
        row = rows[seat]
        if row is None:
            row = tuple(self.counts[seat])
            rows[seat] = row
        return row

    def view_sizes(self) -> tuple[int, ...]:
        """``sizes`` as a tuple (the policy view's ``hand_sizes``)."""
        rows = self.view_rows
        row = rows[5]
        if row is None:
            row = tuple(self.sizes)
            rows[5] = row
        return row

    def view_played(self) -> tuple[int, ...]:
        """``played_counts`` as a tuple (the policy view's ``played``)."""
        rows = self.view_rows
        row = rows[6]
        if row is None:
            row = tuple(self.played_counts)
            rows[6] = row
        return row

    def _top_cards(self) -> list[tuple[int, int, int]]:
        """The cards ranked above the big joker (特画 / 老花, the emperor card) with their
        holders and the rank they play at, as (seat, card, rank) triples: none, one or
        (both_marked) two; ``TOP``, or ``TOP2`` for the higher of two ordered ones."""
        t = self.table
        if not self.cv.play.has_top or t.marks_void:
            return []
        cv = self.cv
        found: list[tuple[int, int, int]] = []
        if cv.emperor_top >= 0:
            found += [
                (s, EMPEROR_CARD, cv.emperor_top)
                for s, hand in enumerate(t.hands)
                if EMPEROR_CARD in hand
            ]
        if cv.guard_top < 0:
            return found
        if t.called_card is not None:
            if t.guard is not None:
                found.append((t.guard, t.called_card, cv.guard_top))
            return found
        found += [
            (s, GUARD_CARD, cv.guard_top) for s, hand in enumerate(t.hands) if GUARD_CARD in hand
        ]
        return found

    def question(self) -> str:
        """What the seat to act is asked: 'lead' or 'follow'."""
        return "lead" if self.trick is None else "follow"

    def actions(self, seat: int) -> list[Action]:
        """Every play `seat` may make now, then pass, defer and apply for the wind if allowed."""
        row = self.counts[seat]
        leading = self.trick is None
        held_back = self.held_back(seat)
        rules = self.rules
        found: list[Action]
        if held_back:
            found = list(follows_of(row, self.trick, rules, forbidden_ranks=frozenset(held_back)))
            for whole in self._whole_hands(row):
                if self._whole_hand_ok(whole, leading, seat):
                    found.append(whole)
        else:
            found = list(follows_of(row, self.trick, rules))
        if self.top_in_set and self.top_ranks[seat]:
            found = self._with_top_in_set(seat, found, frozenset(held_back))
        if self.identical and self.suits:
            found = self._with_identical_bombs(seat, found, held_back)
        if self._may_open(seat):
            found.append(A.OPEN_GUARD)
        if not leading:
            found.append(A.PASS)
            if self._may_defer(seat):
                found.append(A.DEFER)
            if self._may_apply_wind(seat):
                found.append(A.APPLY_WIND)
        return found

    def _whole_hands(self, row: list[int]) -> list[tuple[int, ...]]:
        """The whole hand as one play (held-back cards go in the last play): as it is, and
        with each joker stack (叠加) it can form."""
        wholes = [whole_hand(row)]
        for stack in self.rules.stacks:
            small = stack.cards.count(SJ)
            if row[SJ] >= small and row[BJ] >= len(stack.cards) - small:
                virtual = list(row)
                virtual[SJ] -= small
                virtual[BJ] -= len(stack.cards) - small
                virtual[stack.rank] += 1
                wholes.append(whole_hand(virtual))
        return wholes

    def _with_top_in_set(
        self, seat: int, found: list[Action], held_back: frozenset[int]
    ) -> list[Action]:
        """``found`` plus the plays that use a card above the big joker as a card of its own
        rank (top_card_in_set), in the usual order (by size, then ranks)."""
        row = self.counts[seat]
        plays = {a for a in found if isinstance(a, tuple)}
        natural = self.top_ranks[seat]
        for mask in range(1, 1 << len(natural)):
            alt = list(row)
            for i, rank in enumerate(natural):
                if mask >> i & 1:
                    alt[TOP] -= 1
                    alt[rank] += 1
            plays.update(follows_of(alt, self.trick, self.rules, forbidden_ranks=held_back))
        words = [a for a in found if not isinstance(a, tuple)]
        ordered: list[Action] = sorted(plays)
        ordered.sort(key=len)
        return ordered + words

    def identical_most(self, seat: int, rank: int) -> int:
        """The most identical cards (one suit) of a plain ``rank`` that ``seat`` holds."""
        row = self.suits[seat]
        at = rank * 4
        return max(row[at], row[at + 1], row[at + 2], row[at + 3])

    def is_identical_bomb(self, seat: int, ranks: tuple[int, ...]) -> bool:
        """Whether ``seat`` playing ``ranks`` plays a bomb of identical cards (棍): that many
        cards of one plain rank, nothing else, and he holds that many identical ones."""
        least = self.identical
        if not least or not self.suits or len(ranks) < least:
            return False
        rank = ranks[0]
        return rank < 13 and ranks[-1] == rank and self.identical_most(seat, rank) >= len(ranks)

    def _with_identical_bombs(
        self, seat: int, found: list[Action], held_back: list[int]
    ) -> list[Action]:
        """``found`` (plays judged without bombs) with the seat's bombs of identical cards:
        after a bomb, only bigger ones; otherwise every bomb that beats the trick."""
        trick = self.trick
        more_cards = self.cv.play.tables.bomb_more_cards
        bombs: list[tuple[int, ...]] = []
        for rank in range(13):
            if rank in held_back:
                continue  # held-back cards go only in the last play (found has it)
            most = self.identical_most(seat, rank)
            for k in range(self.identical, most + 1):
                bomb = (rank,) * k
                if trick is None:
                    bombs.append(bomb)
                elif self.trick_bomb:
                    if bigger_bomb(trick, bomb):
                        bombs.append(bomb)
                elif not more_cards or k > len(trick):
                    bombs.append(bomb)
        if not bombs and not self.trick_bomb:
            return found
        plays = {a for a in found if isinstance(a, tuple)}
        if trick is not None and self.trick_bomb:
            plays = {a for a in plays if self.is_identical_bomb(seat, a) and bigger_bomb(trick, a)}
        plays.update(bombs)
        words = [a for a in found if not isinstance(a, tuple)]
        ordered: list[Action] = sorted(plays)
        ordered.sort(key=len)
        return ordered + words

    def default(self, seat: int) -> Action:
        """托管 (docs/rules.md §7): lead the smallest play (fewest cards, lowest); else pass."""
        if self.trick is None:
            plays = [a for a in self.actions(seat) if isinstance(a, tuple)]  # not 明保
            return min(plays, key=lambda a: (len(a), a))
        return A.PASS

    def held_back(self, seat: int) -> list[int]:
        """The variant's held-back ranks that `seat` still holds."""
        if not self.has_hold_back:
            return []
        hold_back = self.cv.hold_back
        row = self.counts[seat]
        return [h.rank for h in hold_back if row[h.rank]]

    def _whole_hand_ok(self, whole: tuple[int, ...], leading: bool, seat: int = -1) -> bool:
        """Held-back cards go in the last play: the whole hand, as one legal play."""
        cv = self.cv
        if not is_legal_fast(whole, self.rules):
            return False
        ranks = set(whole)
        for h in cv.hold_back:
            if h.rank in ranks and h.only_when_leading and not leading:
                return False
            if h.rank in ranks and not h.last_play_attach and len(ranks) > 1:
                return False
        if not leading and self.identical and self.suits and seat >= 0:
            bomb = self.is_identical_bomb(seat, whole)
            if self.trick_bomb:
                return bomb and bigger_bomb(self.trick or (), whole)
            if bomb and (
                not self.cv.play.tables.bomb_more_cards or len(whole) > len(self.trick or ())
            ):
                return True
        return leading or beats_fast(self.trick or (), whole, self.rules)

    def _may_open(self, seat: int) -> bool:
        """明保 during play: the hidden guard may go open at any of his turns."""
        if not self.open_during_play:
            return False
        t = self.table
        return seat == t.guard and not t.guard_public and t.solo is None

    def _reveal_by_card(self, seat: int, ranks: tuple[int, ...], converted: bool) -> None:
        """A hidden guard who plays his marked card is known to all (reveal_by_card): the card
        above the big joker when it is his, else the last card of his marked card's rank."""
        t = self.table
        if seat != t.guard or t.guard_public or t.marks_void or t.solo is not None:
            return
        guard_top = self.cv.guard_top
        if guard_top >= 0:
            shown = converted or guard_top in ranks
        else:
            marked = RANK_OF[t.called_card if t.called_card is not None else GUARD_CARD]
            shown = marked in ranks and not self.counts[seat][marked]
        if shown:
            t.guard_public = True  # known, but not 明保: no event, tribute as for a hidden guard

    def _may_defer(self, seat: int) -> bool:
        return (
            self.defer_allowed and not self.second_circle and seat not in self.deferred_this_trick
        )

    def _may_apply_wind(self, seat: int) -> bool:
        return (
            self.wind_by_applying
            and self.wind_from is not None
            and self.wind_applicant is None
            and seat == self._next_active(self.wind_from)
        )

    def reject(self, seat: int, action: Action) -> str | None:
        """Why `action` is not allowed for `seat` now, or None (checked without listing)."""
        if isinstance(action, str):
            if action == A.PASS:
                return None if self.trick is not None else reason("leader_cannot_pass")
            if action == A.DEFER:
                if self.trick is not None and self._may_defer(seat):
                    return None
                return reason("defer_not_allowed")
            if action == A.APPLY_WIND:
                return (
                    None
                    if self.trick is not None and self._may_apply_wind(seat)
                    else reason("wind_not_allowed")
                )
            if action == A.OPEN_GUARD:
                return None if self._may_open(seat) else reason("open_not_allowed")
            return reason("not_a_play_action", action=action)
        ranks = action
        if self.identical and self.suits:
            return self._reject_with_identical_bombs(seat, ranks, True)
        return self._reject_play(seat, ranks, True)

    def allows(self, seat: int, play: tuple[int, ...]) -> bool:
        """Whether ``seat`` may make ``play`` now: :meth:`reject` gives None, judged the same
        way without building the reason (a search asks "may I go out with my whole hand?"
        at nearly every decision; listing every play or explaining a refusal to answer it
        cost more than the rest of the decision)."""
        if self.identical and self.suits:
            return self._reject_with_identical_bombs(seat, play, False) is None
        return self._reject_play(seat, play, False) is None

    def _reject_with_identical_bombs(
        self, seat: int, ranks: tuple[int, ...], explain: bool
    ) -> str | None:
        """:meth:`reject` with bombs of identical cards (棍): ``rules`` judges the play as a
        plain one; the bombs are checked here. Without ``explain`` a refusal is
        ``REFUSED``, not a reason."""
        why = None if self.trick_bomb else self._reject_play(seat, ranks, explain)
        if why is None and not self.trick_bomb:
            return None
        if self._bomb_allowed(seat, ranks):
            return None
        if not explain:
            return REFUSED
        if self.trick_bomb:
            basic = self._reject_play(seat, ranks, True)
            if basic is not None and not (
                isinstance(basic, Reason) and basic.code == "does_not_beat"
            ):
                return basic  # not held, not a play, held-back cards
            return reason(
                "only_identical_bombs_beat_bomb",
                previous=format_action(self.trick or ())[5:],
                min_count=self.identical,
            )
        shaped = len(ranks) >= self.identical and ranks[0] == ranks[-1] and ranks[0] < 13
        if shaped and isinstance(why, Reason) and why.code == "does_not_beat":
            return reason(
                "not_identical_bomb", play=format_action(ranks)[5:], seat=seat, count=len(ranks)
            )
        return why

    def _bomb_allowed(self, seat: int, ranks: tuple[int, ...]) -> bool:
        """Whether ``ranks`` is a bomb of identical cards ``seat`` may play now (as
        :meth:`_with_identical_bombs` lists them)."""
        if not self.is_identical_bomb(seat, ranks):
            return False
        trick = self.trick
        if ranks[0] in self.held_back(seat):
            return len(ranks) == self.sizes[seat] and self._whole_hand_ok(
                ranks, trick is None, seat
            )
        if trick is None:
            return True
        if self.trick_bomb:
            return bigger_bomb(trick, ranks)
        return not self.cv.play.tables.bomb_more_cards or len(ranks) > len(trick)

    def _reject_play(self, seat: int, ranks: tuple[int, ...], explain: bool) -> str | None:
        """Why a play is not allowed, judged by ``rules`` (see :meth:`reject`); without
        ``explain`` a refusal is ``REFUSED``, not a reason (:meth:`allows`)."""
        cv = self.cv
        quick = self._quick(seat, ranks)
        if quick == QUICK_YES:
            return None
        if quick == QUICK_NO and not explain:
            return REFUSED
        if self.top_in_set and self.top_ranks[seat] and ranks in self.actions(seat):
            return None  # a card above the big joker played as its own rank
        if not ranks:
            return reason("play_without_cards") if explain else REFUSED
        items: tuple[object, ...] = ranks  # from outside: not known to be ints
        for item in items:
            if type(item) is not int or not 0 <= item < NUM_RANKS:
                return reason("ranks_out_of_range") if explain else REFUSED
        # Cards the seat holds are cards the deck holds: the deck's limits only explain.
        not_in_deck = deck_reason(cv, ranks) if explain else None
        if not_in_deck is not None:
            return reason("not_in_deck", reason=not_in_deck)
        row = self.counts[seat]
        need = [0] * NUM_RANKS
        for r in unstack(ranks, self.rules) if self.rules.tables.stacked else ranks:
            wanted = need[r] + 1  # apart: ``+=`` on a list item is generic, compiled
            need[r] = wanted
            if wanted > row[r]:
                if not explain:
                    return REFUSED
                return reason("not_held", seat=seat, play=format_action(ranks)[5:])
        if not is_legal_fast(ranks, self.rules):
            if not explain:
                return REFUSED
            from baohuang.engine.plays import is_legal_play

            return is_legal_play(ranks, self.rules) or reason("not_a_legal_play")
        held_back = self.held_back(seat)
        leading = self.trick is None
        if held_back and any(need[r] for r in held_back):
            if sum(need) != sum(row):
                if not explain:
                    return REFUSED
                names = [RANK_NAMES[r] for r in held_back]
                return reason("held_back_last", ranks=joined("commas", names, ", ".join(names)))
            if not self._whole_hand_ok(ranks, leading, seat):
                if not explain:
                    return REFUSED
                return reason("held_back_leading") if not leading else reason("last_play_not_a_set")
            return None
        if not leading and not beats_fast(self.trick or (), ranks, self.rules):
            if not explain:
                return REFUSED
            from baohuang.engine.beats import beats as judge

            return judge(Play(self.trick or ()), Play(ranks), self.rules).reason
        return None

    def _quick(self, seat: int, play: tuple[int, ...]) -> int:
        """The usual play judged without building any reason: ``QUICK_YES`` (allowed),
        ``QUICK_NO`` (refused) or ``QUICK_UNSURE`` (look closer: :meth:`reject` then says
        why, or allows it).

        Sure only in the usual case: cards held as plain ranks, high to low, no held-back
        ranks in the variant, no joker stacks, no card above the big joker the seat could
        play as its own rank. Then the play is allowed exactly when it is a legal play
        (leading) or beats the trick (following). Cards held are cards the deck holds.
        """
        if not play or self.has_hold_back:
            return QUICK_UNSURE
        items: tuple[object, ...] = play  # checked one by one: the action comes from outside
        row = self.counts[seat]
        last = NUM_RANKS - 1
        run = 0
        for item in items:
            if type(item) is not int:
                return QUICK_UNSURE
            r: int = item
            if r > last or r < 0:
                return QUICK_UNSURE  # not high to low, or not a rank
            if r == last:
                run += 1
            else:
                last, run = r, 1
            if run > row[r]:
                return QUICK_UNSURE
        rules = self.rules
        trick = self.trick
        # Only a legal play beats.
        if beats_fast(trick, play, rules) if trick is not None else is_legal_fast(play, rules):
            return QUICK_YES
        if rules.tables.stacked or (self.top_in_set and self.top_ranks[seat]):
            return QUICK_UNSURE
        return QUICK_NO

    def apply(self, seat: int, action: Action) -> int:
        """Take a legal action of `seat`; the next seat to act, or -1 when the game ended."""
        if isinstance(action, tuple):
            return self._play_cards(seat, action)
        if action == A.OPEN_GUARD:
            self.table.reveal_guard(by_choice=True)
            return seat  # going open is not his play: he still plays or passes
        if action == A.APPLY_WIND:
            self.wind_applicant = seat
        elif action == A.DEFER:
            self.deferred.append(seat)
            self.deferred_this_trick.add(seat)
        if self.hard_pass and action != A.DEFER and not self.second_circle:
            self.barred.add(seat)
        return self._after_pass(seat)

    # ------------------------------------------------------------------ tricks

    def _next_active(self, seat: int) -> int:
        s = downstream(seat)
        while self.out[s]:
            s = downstream(s)
        return s

    def _play_cards(self, seat: int, ranks: tuple[int, ...]) -> int:
        if self.second_circle and self.defer_stay_passed:
            # A deferrer plays in the second circle: the first circle's passers stay passed.
            owner = self.trick_owner
            for s in range(5):
                if not self.out[s] and s not in (seat, owner) and s not in self.deferred_this_trick:
                    self.barred.add(s)
        row = self.counts[seat]
        played = self.played_counts
        tops = self.top_ranks[seat]
        converted = False
        bomb = False
        if self.identical and self.suits:
            bomb = self.is_identical_bomb(seat, ranks)
            self._take_suits(seat, ranks, bomb)
        stacked = self.rules.tables.stack_cards
        cards = len(ranks)
        for r in ranks:
            # Read and written apart (int arithmetic; ``+=`` on a list item is generic).
            held = row[r]
            if held:
                row[r] = held - 1
                played[r] = played[r] + 1
            elif stacked[r]:
                # A joker stack (叠加): its jokers leave the hand (marked ones last, as the
                # hand is counted by rank); the cards played are counted as jokers.
                for joker in stacked[r]:
                    row[joker] -= 1
                    played[joker] += 1
                cards += len(stacked[r]) - 1
            else:
                # A card above the big joker played as its own rank: it is that card.
                tops.remove(r)
                row[TOP] -= 1
                played[TOP] += 1
                converted = True
        if tops and len(tops) > row[TOP]:
            del tops[: len(tops) - row[TOP]]  # played as the card above the big joker
        self.sizes[seat] = self.sizes[seat] - cards
        rows = self.view_rows
        rows[seat] = rows[5] = rows[6] = None
        if self.reveal_by_card:
            shown = ranks if cards == len(ranks) else unstack(ranks, self.rules)
            self._reveal_by_card(seat, shown, converted)
        self.plays += 1
        if self.trick is not None and len(ranks) != len(self.trick):
            self.uneven_beats += 1
        self.tricks.append((seat, ranks))
        bomb_min = self.rules.tables.bomb_min
        if bomb_min and is_bomb(effective(ranks, self.rules), bomb_min):
            self._bomb()
        self.trick_bomb = bomb
        if bomb:
            self._bomb()
        self.trick = ranks
        self.trick_owner = seat
        self.passes = 0
        self.barred_at_play = len(self.barred)
        # Emptied only when not empty: a play is made at every other decision, and a new
        # list each time cost more than the rest of the bookkeeping.
        if self.deferred:
            self.deferred = []
        if self.second_circle:
            self.second_circle = []
        if self.wind_applicant is not None and self.wind_applicant != seat:
            self.wind_applicant = None  # someone played: the application fails
        if not self.sizes[seat]:
            if self._go_out(seat):
                return -1
            self.wind_from = seat
            self.wind_applicant = None
        elif self.wind_from is not None and seat != self.wind_from:
            self.wind_from = None
        if self.barred:
            active = 5 - len(self.finish)
            needed = active - 1 if not self.out[seat] else active
            if self.barred_at_play >= needed:
                return self._close_trick()  # everyone else has passed for good
            return self._next_unbarred(seat)
        return self._next_active(seat)

    def _bomb(self) -> None:
        """A bomb was played: an event for scoring; past the limit, bombs are sets again."""
        self.table.events.append("bomb")
        self.bombs += 1
        if self.bombs == self.cv.bomb_limit:
            self.rules = self.cv.play_after_bomb_limit
            self.identical = 0  # identical cards are ordinary sets from now on
            self.trick_bomb = False

    def _take_suits(self, seat: int, ranks: tuple[int, ...], bomb: bool) -> None:
        """Take the played cards' suits from ``seat``'s (identical bombs): a bomb's from one
        suit; a plain play's from the smallest groups, keeping identical cards together.
        A card above the big joker played as its own rank left the suits at the start."""
        row = self.suits[seat]
        counts = self.counts[seat]
        if bomb:
            at = ranks[0] * 4
            most = self.identical_most(seat, ranks[0])
            suit = next(s for s in range(4) if row[at + s] == most)
            row[at + suit] -= len(ranks)
            return
        taken = [0] * 13
        for r in ranks:
            if r >= 13 or taken[r] >= counts[r]:
                continue  # a joker, or a card above the big joker played as its own rank
            taken[r] += 1
            at = r * 4
            best = -1
            for s in range(4):
                if row[at + s] and (best < 0 or row[at + s] < row[at + best]):
                    best = s
            if best >= 0:
                row[at + best] -= 1

    def _go_out(self, seat: int) -> bool:
        """`seat` has played his last card; True when that ends the game."""
        self.out[seat] = True
        self.finish.append(seat)
        t = self.table
        royals = {t.emperor} if t.guard is None else {t.emperor, t.guard}
        if (
            self.open_solo_ends_early
            and t.solo == "open"
            and len(self.finish) == 1
            and seat != t.emperor
        ):
            return True
        if self.ends_one_side_out:
            royals_out = all(self.out[s] for s in royals)
            rebels_out = all(self.out[s] for s in range(5) if s not in royals)
            if royals_out or rebels_out:
                return True
        return 5 - len(self.finish) == 1

    def _after_pass(self, seat: int) -> int:
        self.passes += 1
        if self.second_circle:
            self.second_circle.pop(0)
            if self.second_circle:
                return self.second_circle[0]
            return self._close_trick()
        active = 5 - len(self.finish)
        needed = active - 1 if not self.out[self.trick_owner] else active
        # A seat barred before the last play never gets the turn again: it has passed.
        if self.passes + self.barred_at_play >= needed:
            if self.deferred:
                self.second_circle = list(self.deferred)
                self.deferred = []
                return self.second_circle[0]
            return self._close_trick()
        return self._next_unbarred(seat) if self.barred else self._next_active(seat)

    def _next_unbarred(self, seat: int) -> int:
        """The next seat still in the game and not barred by a hard pass (one exists: the
        callers close the trick when every other seat has passed)."""
        following = self._next_active(seat)
        while following in self.barred:
            following = self._next_active(following)
        return following

    def _close_trick(self) -> int:
        """The trick is over: the next leader (the owner, or who takes the wind)."""
        owner = self.trick_owner
        self.trick = None
        self.trick_bomb = False
        self.passes = 0
        # deferred and second_circle are empty here: a second circle starts by emptying
        # deferred (nobody defers in it) and ends when its last deferrer has answered.
        self.deferred_this_trick = set()
        if self.barred:
            self.barred = set()
            self.barred_at_play = 0
        if not self.out[owner]:
            leader = owner
        elif self.wind_applicant is not None and not self.out[self.wind_applicant]:
            leader = self.wind_applicant
        elif self.wind_skip_next:
            # Nobody applied, and the variant passes the wind over the next player.
            leader = self._next_active(self._next_active(owner))
        else:
            leader = self._next_active(owner)  # 接风: the next player still holding cards
        self.wind_from = None
        self.wind_applicant = None
        return leader
