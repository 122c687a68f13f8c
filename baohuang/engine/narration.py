"""A game told step by step: one sentence per decision and per thing the table does.

:class:`Narrator` drives a :class:`~baohuang.engine.game.Game` and writes down what each
action did (``"Seat 2 abdicates and tips 2s."``), what the table did because of it (a
redeal, a seat going out, the rebellion made public, the settlement, why each seat got its
points (:mod:`~baohuang.engine.score_reasons`) and the tribute owed), and, for every such
:class:`Step`, what the *other* seats are told: a seat's own secrets (the card he tips, a
hidden guard's or hidden solo's choice, a bought card) are told to him in full and to the
others in a public form, or not at all. :meth:`Step.told_to` gives the sentence one seat may
read; the game viewer (who sees everything) reads ``Step.text``.

The sentences are :class:`~baohuang.engine.reasons.Reason` objects (English, a ``code`` and
``params``) whose templates are :data:`TEXTS`; :func:`tell` renders one in the active
language (the Chinese is in the engine's catalog). No Django is needed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from baohuang.engine import actions as A
from baohuang.engine.actions import Action, format_action, parse_action
from baohuang.engine.cards import NUM_RANKS, RANK_NAMES, SUIT_NAMES, SUIT_SYMBOLS, TOP
from baohuang.engine.deck import EMPEROR_CARD, GUARD_CARD, RANK_OF, card_from_text, card_text
from baohuang.engine.game import Game
from baohuang.engine.reasons import Reason, say
from baohuang.engine.score_reasons import explain
from baohuang.engine.scoring import GUARD_KNOWN_EVENTS
from baohuang.rules.texts import gettext, gettext_noop, pgettext

#: The sentence of each narration code, English with %(name)s params.
TEXTS: Final[dict[str, str]] = {
    # the deal
    "deal": gettext_noop("Seat %(dealer)s deals; seat %(holder)s holds the emperor card (BJ*)."),
    "buy": gettext_noop("Seat %(buyer)s buys %(card)s from seat %(seller)s."),
    "buy_paid": gettext_noop(
        "Seat %(buyer)s buys %(card)s from seat %(seller)s and pays %(paid)s."
    ),
    "buy_public": gettext_noop("Seat %(buyer)s buys a card from seat %(seller)s."),
    "pay": gettext_noop("Seat %(seat)s chooses to pay with a card of rank %(rank)s."),
    "pay_public": gettext_noop("Seat %(seat)s chooses which card to pay with."),
    "tribute_paid": gettext_noop("Seat %(giver)s pays %(card)s to seat %(receiver)s as tribute."),
    "tribute_paid_public": gettext_noop("Seat %(giver)s pays a tribute card to seat %(receiver)s."),
    "redeal": gettext_noop("Nobody took the throne: the cards are dealt again (redeal %(count)s)."),
    # bidding
    "grab": gettext_noop("Seat %(seat)s grabs the solo (抢独) and is emperor."),
    "no_grab": gettext_noop("Seat %(seat)s does not grab the solo."),
    "ascend": gettext_noop("Seat %(seat)s ascends the throne."),
    "call": gettext_noop("Seat %(seat)s ascends the throne and calls %(card)s as the guard card."),
    "declare_solo": gettext_noop("Seat %(seat)s ascends the throne and plays solo (独)."),
    "abdicate": gettext_noop("Seat %(seat)s abdicates (让位)."),
    "abdicate_tip": gettext_noop("Seat %(seat)s abdicates (让位) and tips %(card)s (贴牌)."),
    "abdicate_tip_public": gettext_noop("Seat %(seat)s abdicates (让位) and tips a card (贴牌)."),
    "abdicate_skip": gettext_noop(
        "Seat %(seat)s abdicates (让位) and passes the emperor card two seats on (隔一家)."
    ),
    # declarations
    "open_guard": gettext_noop("Seat %(seat)s shows himself as the guard (明保)."),
    "hidden_guard": gettext_noop("Seat %(seat)s stays a hidden guard (暗保)."),
    "open_solo": gettext_noop("The emperor, seat %(seat)s, plays an open solo (明独)."),
    "hidden_solo": gettext_noop("The emperor, seat %(seat)s, plays a hidden solo (暗独)."),
    "rebel": gettext_noop("Seat %(seat)s rebels (造反)."),
    "no_rebel": gettext_noop("Seat %(seat)s does not rebel."),
    "chose_together": gettext_noop("Seat %(seat)s has made his choice."),
    "rebels_chose": gettext_noop("Everyone has chosen; rebelling (造反): seat %(seats)s."),
    "nobody_rebelled": gettext_noop("Everyone has chosen; nobody rebels."),
    "declare_rebel": gettext_noop("Seat %(seat)s declares himself a rebel (亮反)."),
    "no_declare_rebel": gettext_noop("Seat %(seat)s does not declare himself."),
    "rebels_declared_together": gettext_noop(
        "Everyone has chosen; declared rebels (亮反): seat %(seats)s."
    ),
    "nobody_declared": gettext_noop("Everyone has chosen; nobody declares himself a rebel."),
    "kick": gettext_noop("Seat %(seat)s kicks (踢)."),
    "no_kick": gettext_noop("Seat %(seat)s does not kick."),
    # play
    "lead": gettext_noop("Seat %(seat)s leads %(cards)s."),
    "play": gettext_noop("Seat %(seat)s plays %(cards)s."),
    "pass": gettext_noop("Seat %(seat)s passes."),
    "defer": gettext_noop("Seat %(seat)s defers (让牌)."),
    "apply_wind": gettext_noop("Seat %(seat)s applies for the wind (要风)."),
    "auto": gettext_noop("On automatic play (托管): %(what)s"),
    "out": gettext_noop("Seat %(seat)s is out, in place %(place)s."),
    # what the table makes public
    "event_guard_known": gettext_noop("The guard is known: seat %(guard)s."),
    "event_guard_revealed": gettext_noop(
        "Seat %(guard)s played the guard's marked card: he is the guard, known to all."
    ),
    "event_bomb": gettext_noop(
        "A bomb (炸弹): seat %(seat)s's play beats anything but a bigger bomb."
    ),
    "event_open_guard": gettext_noop("The guard is seat %(guard)s, openly."),
    "event_rebellion": gettext_noop("The rebellion succeeds: the guard, seat %(guard)s, is known."),
    "event_rebellion_solo": gettext_noop("The rebellion succeeds: the emperor plays alone."),
    "event_kick": gettext_noop("The kick stands (踢): the stakes rise."),
    "event_solo_open": gettext_noop("The emperor, seat %(seat)s, plays alone, openly."),
    # the end
    "settled": gettext_noop(
        "Game over. Finish order: %(finish)s. Points: %(points)s (the emperor's side: "
        "%(outcome)s, ×%(multiplier)s)."
    ),
    "unscored": gettext_noop("Game over, not scored: %(reason)s"),
    "dissolved": gettext_noop(
        "A seat was on automatic play (托管) when the game ended: the table is dissolved (解散)."
    ),
    "forfeit": gettext_noop(
        "Game over: nobody took the throne, and seat %(seat)s, who first gave it up, loses "
        "(弃皇者负). Points: %(points)s."
    ),
    "void": gettext_noop(
        "Game over: nobody took the throne; the deal is void (本局作废), 0 points for everyone."
    ),
    "tribute_owed": gettext_noop("Tribute owed next game: %(give)s give; %(take)s take."),
    "outcome_win": gettext_noop("win"),
    "outcome_draw": gettext_noop("draw"),
    "outcome_lose": gettext_noop("loss"),
    "seat_count": gettext_noop("seat %(seat)s ×%(count)s"),
    "nobody": gettext_noop("nobody"),
}

_LIST_SEPARATOR: Final = ", "


def said_card(card: int) -> str:
    """A card as a sentence shows it: the suit as its symbol (``2♠``, ``10♥``, ``BJ*``)."""
    text = card_text(card)
    if card < 52:
        return text[:-1] + SUIT_SYMBOLS[SUIT_NAMES.index(text[-1])]
    return text


def _text(code: str, **params: Any) -> Reason:
    return Reason(code, TEXTS[code] % {k: _english(v) for k, v in params.items()}, params)


def _english(value: Any) -> str:
    if isinstance(value, list):
        return _LIST_SEPARATOR.join(_english(v) for v in value)
    return str(value)


#: The cards above a 2 by name, for sentences in a language that has the words (the
#: English sentences keep the notation: ``Seat 1 plays BJ 6.``).
CARD_WORDS: dict[str, str] = {
    "SJ": gettext_noop("small joker"),
    "BJ": gettext_noop("big joker"),
    "TOP": gettext_noop("the card above the big joker"),
    "TOP2": gettext_noop("the higher card above the big joker"),
}

#: Narration parameters that hold cards in notation (``BJ 6 6``, ``SJ``).
_CARD_PARAMS = frozenset({"cards", "rank"})


def said_cards(text: str) -> str:
    """Cards in notation as the active language names them: ``BJ 6`` is ``大王 6`` in
    Chinese (unchanged where the language has no words for them, as in English)."""
    words = []
    for token in text.split(" "):
        template = CARD_WORDS.get(token)
        word = token if template is None else gettext(template)
        words.append(token if word == template else word)
    return " ".join(words)


def tell(value: Any) -> str:
    """A narration sentence (or any engine reason) in the active language."""
    if isinstance(value, list):
        return pgettext("reason list of details", _LIST_SEPARATOR).join(tell(v) for v in value)
    if not isinstance(value, Reason):
        return str(value)
    template = TEXTS.get(value.code)
    if template is None:
        return say(value)
    text = gettext(template)
    if text == template and not value.params:
        return str(value)
    return (
        text
        % {
            k: said_cards(v) if k in _CARD_PARAMS and isinstance(v, str) else tell(v)
            for k, v in value.params.items()
        }
        if value.params
        else text
    )


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a game: an action (``index`` in the record) or something the table did.

    ``text`` is the whole truth (the viewer's); ``seen_by`` are the seats told it (all
    five when it is public); the others are told ``public`` (None: nothing).
    """

    index: int | None
    seat: int | None
    phase: str
    action: str | None
    text: Reason
    public: Reason | None
    seen_by: frozenset[int]

    def told_to(self, seat: int) -> Reason | None:
        """The sentence `seat` may read (None: this step is hidden from it)."""
        return self.text if seat in self.seen_by else self.public

    def as_json(self, seat: int | None = None) -> dict[str, Any] | None:
        """JSON-ready, in the active language: as `seat` is told it (None: everything)."""
        said = self.text if seat is None else self.told_to(seat)
        if said is None:
            return None
        shown_action = self.action if seat is None or seat in self.seen_by else None
        return {
            "index": self.index,
            "seat": self.seat,
            "phase": self.phase,
            "action": shown_action,
            "code": said.code,
            "params": _params(said),
            "text": tell(said),
        }


def _params(said: Reason) -> dict[str, Any]:
    def plain(value: Any) -> Any:
        if isinstance(value, Reason):
            return {"code": value.code, "params": {k: plain(v) for k, v in value.params.items()}}
        if isinstance(value, list):
            return [plain(v) for v in value]
        return value

    return {k: plain(v) for k, v in said.params.items()}


ALL_SEATS: Final = frozenset(range(5))


class Narrator:
    """A game and the steps told so far; :meth:`apply` takes the next action."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.steps: list[Step] = []
        self._told_deal()

    # ------------------------------------------------------------------ driving

    def apply(self, action: Action) -> None:
        """Take `action` for the seat to act (IllegalAction: nothing changes) and tell it."""
        g = self.game
        seat = g.to_act
        phase = g.phase
        index = len(g.history)
        chosen = g.default_action() if action == A.AUTO or g.locked(seat) else action
        trick_before = g.trick
        tips_before = list(g.tips)
        events_before = len(g.events)
        finish_before = len(g.finish)
        redeals_before = g.redeals
        guard_public_before = g.guard_public
        solo_before = g.solo
        buys_before = len(g.buys)
        together = g.phase == "declarations" and g._declarations.simultaneous
        g.apply(action)
        said, public, seen = self._said(seat, chosen, trick_before, tips_before)
        if together and chosen in (A.REBEL, A.NO_REBEL, A.DECLARE_REBEL, A.NO_DECLARE_REBEL):
            # Chosen at the same time as the others (憋六): nobody else learns it until the
            # round is over.
            public, seen = _text("chose_together", seat=seat), frozenset((seat,))
        if action == A.AUTO:
            said = _text("auto", what=said)
            public = _text("auto", what=public) if public is not None else None
        self._add(index, seat, phase, format_action(action), said, public, seen)
        if together and not g._declarations.simultaneous:
            d = g.cv.variant.declarations
            if d.rebellion is not None and d.rebellion.timing == "with_guard":
                rebels = list(g.rebels_declared)
                told = (
                    _text("rebels_chose", seats=[str(s) for s in rebels])
                    if rebels
                    else _text("nobody_rebelled")
                )
                self._add(None, None, phase, None, told)
            declare = d.rebel_declaration
            if declare is not None and declare.timing == "with_guard":
                declarers = list(g._declarations.rebel_declarers)
                told = (
                    _text("rebels_declared_together", seats=[str(s) for s in declarers])
                    if declarers
                    else _text("nobody_declared")
                )
                self._add(None, None, phase, None, told)
        if phase == "buying":
            # The sales this payment completed, and those it let go ahead; then the tribute.
            self._told_sales(g.buys[buys_before:])
            if g.phase != "buying":
                self._told_tribute()
        self._after(seat, events_before, finish_before, guard_public_before, solo_before)
        # After the last redeal allowed the game ends unscored instead: no deal to tell.
        if g.redeals > redeals_before and not g.finished:
            self._add(None, None, "bidding", None, _text("redeal", count=g.redeals))
            self._told_deal()
        if g.finished:
            self._told_end()

    def replay(self, actions: Iterable[str | Action]) -> None:
        """Apply recorded actions in order (IllegalAction or ActionError stop it)."""
        for raw in actions:
            self.apply(parse_action(raw) if isinstance(raw, str) else raw)

    # ------------------------------------------------------------------ telling

    def _add(
        self,
        index: int | None,
        seat: int | None,
        phase: str,
        action: str | None,
        text: Reason,
        public: Reason | None = None,
        seen_by: frozenset[int] = ALL_SEATS,
    ) -> None:
        if seen_by == ALL_SEATS:
            public = text
        self.steps.append(Step(index, seat, phase, action, text, public, seen_by))

    def _told_deal(self) -> None:
        g = self.game
        # While a buyer is asked the bidding has not begun: the holder is read from the hands.
        holder = (
            next(s for s in range(5) if EMPEROR_CARD in g.hands[s])
            if g.phase == "buying"
            else g.first_holder
        )
        self._add(None, None, "bidding", None, _text("deal", dealer=g.dealer, holder=holder))
        self._told_sales(g.buys)
        if g.phase != "buying":
            self._told_tribute()

    def _told_sales(self, sales: Sequence[tuple[int, int, int, int | None]]) -> None:
        for buyer, seller, card, paid in sales:
            full = (
                _text(
                    "buy_paid",
                    buyer=buyer,
                    seller=seller,
                    card=said_card(card),
                    paid=said_card(paid),
                )
                if paid is not None
                else _text("buy", buyer=buyer, seller=seller, card=said_card(card))
            )
            public = _text("buy_public", buyer=buyer, seller=seller)
            self._add(None, buyer, "bidding", None, full, public, frozenset((buyer, seller)))

    def _told_tribute(self) -> None:
        g = self.game
        for paid_card in g.tribute_paid:
            giver, receiver = paid_card.giver, paid_card.receiver
            full = _text(
                "tribute_paid", giver=giver, receiver=receiver, card=said_card(paid_card.card)
            )
            public = _text("tribute_paid_public", giver=giver, receiver=receiver)
            self._add(None, giver, "bidding", None, full, public, frozenset((giver, receiver)))

    def _said(
        self,
        seat: int,
        action: Action,
        trick_before: tuple[int, ...] | None,
        tips_before: list[int],
    ) -> tuple[Reason, Reason | None, frozenset[int]]:
        """What the action was, what the others are told, and who is told all of it."""
        g = self.game
        mine = frozenset((seat,))
        if isinstance(action, tuple):
            names = g.cv.play.tables.names  # a joker stack (叠加) as its cards: [SJ SJ SJ]
            cards = " ".join(names[r] for r in action)
            code = "lead" if trick_before is None else "play"
            return _text(code, seat=seat, cards=cards), None, ALL_SEATS
        if action.startswith(A.CALL_PREFIX):
            called = said_card(card_from_text(action[len(A.CALL_PREFIX) :]))
            return _text("call", seat=seat, card=called), None, ALL_SEATS
        if action.startswith(A.PAY_PREFIX):
            rank = RANK_NAMES.index(action[len(A.PAY_PREFIX) :])
            full = _text("pay", seat=seat, rank=RANK_NAMES[rank])
            return full, _text("pay_public", seat=seat), mine
        if action == A.ABDICATE_SKIP and len(g.tips) == len(tips_before):
            return _text("abdicate_skip", seat=seat), None, ALL_SEATS
        if action in (A.ABDICATE, A.ABDICATE_SKIP):
            if len(g.tips) > len(tips_before):
                full = _text("abdicate_tip", seat=seat, card=said_card(g.tips[-1]))
                return full, _text("abdicate_tip_public", seat=seat), mine
            return _text("abdicate", seat=seat), None, ALL_SEATS
        if action in (A.HIDDEN_GUARD, A.HIDDEN_SOLO):
            return _text(action, seat=seat), None, mine
        if action in (A.OPEN_GUARD, A.OPEN_SOLO):
            # Public at once, or (chosen with the rebels, 憋六) when their round ends.
            return _text(action, seat=seat), None, mine
        return _text(action, seat=seat), None, ALL_SEATS

    def _after(
        self,
        seat: int,
        events_before: int,
        finish_before: int,
        guard_public_before: bool,
        solo_before: str | None,
    ) -> None:
        g = self.game
        phase = g.phase
        for place in range(finish_before, len(g.finish)):
            out = g.finish[place]
            self._add(None, out, phase, None, _text("out", seat=out, place=place + 1))
        for event in g.events[events_before:]:
            if event == "rebellion":
                if g.guard is not None:
                    self._add(None, g.guard, phase, None, _text("event_rebellion", guard=g.guard))
                else:
                    self._add(None, g.emperor, phase, None, _text("event_rebellion_solo"))
            elif event == "kick":
                self._add(None, seat, phase, None, _text("event_kick"))
            elif event == "bomb":
                self._add(None, seat, phase, None, _text("event_bomb", seat=seat))
            elif event in ("guard_known", "open_guard") and g.guard is not None:
                self._add(None, g.guard, phase, None, _text(f"event_{event}", guard=g.guard))
        said = set(g.events[events_before:])
        if (
            phase == "play"
            and g.guard is not None
            and g.guard_public
            and not guard_public_before
            and not said & GUARD_KNOWN_EVENTS
        ):
            # reveal_by_card: his marked card was played.
            self._add(None, g.guard, phase, None, _text("event_guard_revealed", guard=g.guard))
        if (
            solo_before == "hidden"
            and g.solo == "open"
            and g.guard_public
            and not guard_public_before
        ):
            self._add(None, g.emperor, phase, None, _text("event_solo_open", seat=g.emperor))

    def _told_end(self) -> None:
        g = self.game
        out = g.outcome
        if out is None:
            return
        if out.dissolved and out.score is not None:
            self._add(None, None, "finished", None, _text("dissolved"))
        if out.score is None:
            why = out.unscored_reason or ""
            self._add(None, None, "finished", None, _text("unscored", reason=why))
            return
        score = out.score
        if out.ended == "forfeit":
            points = [str(p) for p in score.points]
            self._add(
                None, None, "finished", None, _text("forfeit", seat=out.forfeiter, points=points)
            )
            return
        if out.ended == "void":
            self._add(None, None, "finished", None, _text("void"))
            return
        self._add(
            None,
            None,
            "finished",
            None,
            _text(
                "settled",
                finish=[str(s) for s in out.finish],
                points=[str(p) for p in score.points],
                outcome=_text(f"outcome_{score.outcome}"),
                multiplier=score.multiplier,
            ),
        )
        result = g.result()
        if result is not None:
            for why in explain(g.cv, result, score, shut_in=out.shut_in):
                self._add(None, None, "finished", None, why)
        plan = out.tribute
        if plan.givers or plan.takers:
            self._add(
                None,
                None,
                "finished",
                None,
                _text(
                    "tribute_owed",
                    give=_seat_counts(plan.givers),
                    take=_seat_counts(plan.takers),
                ),
            )


def _seat_counts(pairs: Sequence[tuple[int, int]]) -> list[Reason]:
    if not pairs:
        return [_text("nobody")]
    return [_text("seat_count", seat=s, count=n) for s, n in pairs]


# --------------------------------------------------------------------------- hands


def hand_cards(game: Game, seat: int) -> list[str]:
    """`seat`'s cards as card notation with suits and marks (``10h``, ``BJ*``), high first.

    Before play these are the physical cards. In play the engine counts ranks only; the
    cards shown are those the seat held at the lead, as many of each rank as it still has
    (marked cards last to go, so BJ*/SJ* stay recognisable); the card ranked above the big
    joker is shown as ``TOP`` (``TOP2`` for the higher of two ordered marked cards).
    """
    if not game.counts:
        return physical_cards(game, seat)
    row = game.counts[seat]
    by_rank: dict[int, list[int]] = {}
    for c in sorted(game.hands[seat], key=card_order, reverse=True):
        by_rank.setdefault(RANK_OF[c], []).append(c)
    shown: list[str] = []
    for rank in range(NUM_RANKS - 1, -1, -1):
        count = row[rank]
        if not count:
            continue
        if rank >= TOP:
            shown.extend([RANK_NAMES[rank]] * count)
            continue
        held = by_rank.get(rank, [])
        picked = [card_text(c) for c in held[:count]]
        shown.extend(picked + [RANK_NAMES[rank]] * (count - len(picked)))
    return shown


def physical_cards(game: Game, seat: int) -> list[str]:
    """`seat`'s physical cards (as dealt, bought and passed; in play: as held at the lead)."""
    return [card_text(c) for c in sorted(game.hands[seat], key=card_order, reverse=True)]


def card_order(card: int) -> tuple[int, int, int]:
    """Rank first; among equal ranks the marked card first, then by suit."""
    marked = 1 if card in (EMPEROR_CARD, GUARD_CARD) else 0
    return (RANK_OF[card], marked, -card)


def narrate(game: Game, actions: Iterable[str | Action]) -> Narrator:
    """A narrator of `game` (fresh from :meth:`.Game.new`) after `actions`."""
    narrator = Narrator(game)
    narrator.replay(actions)
    return narrator


__all__ = [
    "TEXTS",
    "Narrator",
    "Step",
    "card_order",
    "hand_cards",
    "narrate",
    "physical_cards",
    "tell",
]
