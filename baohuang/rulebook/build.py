"""A variant definition → a :class:`~.document.Rulebook` in the active language.

Sections come in the order a player learns the game (docs/rules.md): cards and the deal;
choosing the emperor and the guard; declarations; play and what beats what; special cards
and hold-back; the end; scoring with its tables; money; tribute; automatic play; and the
rule set's house notes, in a marked box. Every sentence is English source text
translated through the rulebook's catalog; values come from :mod:`.labels`; examples come
from :mod:`.examples` (computed and checked by the engine).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext as _

from baohuang.engine.cards import BJ, RANK_NAMES, SJ
from baohuang.engine.compiled import RANK_INDEX, CompiledVariant, compile_variant
from baohuang.errors import DomainError
from baohuang.i18n import short_lang, speaking
from baohuang.rulebook import examples as ex
from baohuang.rulebook.document import (
    Bullets,
    Card,
    CardsExample,
    Hand,
    Note,
    Paragraph,
    Rulebook,
    Section,
    Table,
)
from baohuang.rulebook.labels import (
    event_name,
    outcome_name,
    party_name,
    place_name,
    rank_name,
    suit_name,
    value_text,
)
from baohuang.rules import Variant, deck_size, validate_definition
from baohuang.rules.checks import deck_composition
from baohuang.rules.model import Bombs, OfferThroneStep, SoloRow, TwoPersonTable
from baohuang.rules.notes import stale_notes
from baohuang.rules.stacking import anchors, stack_slots

_SUITS = (("♠", "black"), ("♥", "red"), ("♣", "black"), ("♦", "red"))


class RulebookError(DomainError, ValueError):
    """The definition is not a valid variant; the rulebook needs a valid one (400
    ``invalid``, the problems as one sentence at ``definition``, code ``draft_invalid``)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, path="definition", code="draft_invalid")

    @property
    def detail(self) -> str:
        """The response's sentence: the draft must be fixed first."""
        return _("The draft has errors; fix them to see its rulebook.")


# --------------------------------------------------------------------------- small helpers


def _signed(n: int) -> str:
    if n > 0:
        return f"+{n}"
    if n < 0:
        return f"−{-n}"
    return "0"


def _space() -> str:
    """What separates two sentences: a space in English, nothing after a Chinese full stop."""
    return "" if get_language().startswith("zh") else " "


def _sentences(parts: Sequence[str]) -> str:
    return _space().join(parts)


def _join(items: Sequence[str]) -> str:
    return pgettext("list separator", ", ").join(items)


def _or(items: Sequence[str]) -> str:
    """``a, b or c`` (``a、b或c``): alternatives, as a reader says them."""
    if len(items) <= 1:
        return "".join(items)
    return pgettext("alternatives", "%(items)s or %(last)s") % {
        "items": _join(items[:-1]),
        "last": items[-1],
    }


def _ranks_text(ranks: Sequence[str]) -> str:
    return _join([rank_name(r) for r in ranks])


def stack_name(cards: Sequence[int]) -> str:
    """A joker stack (叠加) as a reader names it: 叠加的3张小王 / a stack of 3 small jokers."""
    parts = []
    big, small = cards.count(BJ), cards.count(SJ)
    if big:
        parts.append(ngettext("%(count)s big joker", "%(count)s big jokers", big) % {"count": big})
    if small:
        parts.append(
            ngettext("%(count)s small joker", "%(count)s small jokers", small) % {"count": small}
        )
    return _("a stack of %(cards)s") % {"cards": pgettext("stacked cards", " and ").join(parts)}


def _cards(
    ranks: Sequence[int], identical: int = 0, stacks: Sequence[tuple[int, ...]] = ()
) -> list[Card]:
    """Cards of a play, high to low; plain cards get suits in turn (suits do not matter),
    except a bomb of identical cards (``identical`` or more of one rank): one suit. A joker
    stack (叠加, its jokers by rank in ``stacks``) is one card named by its jokers."""
    out: list[Card] = []
    seen: dict[int, int] = {}
    one_suit = bool(identical) and len(ranks) >= identical and len(set(ranks)) == 1
    for rank in sorted(ranks, reverse=True):
        i = seen[rank] = 0 if one_suit else seen.get(rank, -1) + 1
        name = RANK_NAMES[rank]
        if stacks and stacks[rank]:
            out.append(Card(stack_name(stacks[rank]), "", "red", True))
        elif rank >= SJ:  # jokers and the cards above them (TOP, TOP2)
            color = "red" if rank != SJ else "black"
            out.append(Card(rank_name(name), "", color, True))  # type: ignore[arg-type]
        else:
            symbol, color = _SUITS[i % 4]
            out.append(Card(name, symbol, color))  # type: ignore[arg-type]
    return out


def _play_words(ranks: Sequence[int], stacks: Sequence[tuple[int, ...]] = ()) -> str:
    return " ".join(
        stack_name(stacks[r]) if stacks and stacks[r] else rank_name(RANK_NAMES[r])
        for r in sorted(ranks, reverse=True)
    )


# --------------------------------------------------------------------------- sections


def _identical_cards_matter(v: Variant) -> bool:
    """Whether any rule looks at identical cards (same suit and rank)."""
    b = v.bidding
    return (
        (v.play.bombs is not None and v.play.bombs.identical)
        or b.guard.by == "called_card"
        or b.solo.declared_requires == "four_identical"
        or any(
            getattr(step, "requires", "nothing") == "four_identical"
            or getattr(step, "forced_exempt_four_identical", False)
            for step in b.flow
        )
    )


def _cards_section(v: Variant) -> Section:
    s = Section("cards", _("Cards and the deal"))
    total = deck_size(v)
    s.add(
        Paragraph(
            ngettext(
                "The game is played by five players with %(decks)s deck of 54 cards "
                "(52 cards and two jokers).",
                "The game is played by five players with %(decks)s decks of 54 cards "
                "(52 cards and two jokers each), shuffled together.",
                v.deck.decks,
            )
            % {"decks": v.deck.decks}
        )
    )
    removed: list[str] = []
    for r in v.deck.remove:
        if r.suits and len(set(r.suits)) < len(r.suits):
            # Several cards of one suit (four decks): "3 of spades", not "spades, spades …".
            per_suit = Counter(r.suits)
            removed.append(
                _("cards of rank %(rank)s by suit: %(suits)s")
                % {
                    "rank": rank_name(r.rank),
                    "suits": _join(
                        [
                            pgettext("suit count", "%(count)s of %(suit)s")
                            % {"count": n, "suit": suit_name(suit)}
                            for suit, n in per_suit.items()
                        ]
                    ),
                }
            )
        elif r.suits:
            removed.append(
                _("one %(rank)s of each of these suits: %(suits)s")
                % {"rank": rank_name(r.rank), "suits": value_text("deck.remove.suits", r.suits)}
            )
        elif r.count:
            removed.append(
                ngettext(
                    "%(count)s card of rank %(rank)s, chosen at random each deal",
                    "%(count)s cards of rank %(rank)s, chosen at random each deal",
                    r.count,
                )
                % {"count": r.count, "rank": rank_name(r.rank)}
            )
        else:
            removed.append(_("every %(rank)s") % {"rank": rank_name(r.rank)})
    if removed:
        s.add(Paragraph(_("Taken out before the deal: %(cards)s.") % {"cards": _join(removed)}))
    s.add(
        Paragraph(
            _("%(total)s cards are played. Ranks from high to low: %(order)s.")
            % {"total": total, "order": _rank_order(v)}
        )
    )
    if _identical_cards_matter(v):
        s.add(Paragraph(_("Suits do not matter in play; they matter only for identical cards.")))
    else:
        s.add(Paragraph(_("Suits do not matter.")))
    marks = [
        _(
            "The emperor card (皇牌) is one %(card)s marked with a sceptre; whoever holds it "
            "may ascend the throne."
        )
        % {"card": rank_name(v.deck.marks.emperor_card)}
    ]
    if v.deck.marks.guard_card:
        marks.append(
            _("The guard card is one %(card)s marked with a sword.")
            % {"card": rank_name(v.deck.marks.guard_card)}
        )
    s.add(Paragraph(_sentences(marks)))
    sizes = v.deal.hand_sizes
    if len(set(sizes)) == 1:
        deal = _("Each player is dealt %(n)s cards.") % {"n": sizes[0]}
    else:
        deal = _("Cards are dealt in seat order: %(sizes)s.") % {
            "sizes": _join([str(n) for n in sizes])
        }
    s.add(
        Paragraph(
            deal
            + _space()
            + _("In the next game the deal starts with %(who)s.")
            % {"who": value_text("deal.next_dealer", v.deal.next_dealer)}
        )
    )
    if v.deal.buy:
        b = v.deal.buy
        text = _(
            "Buying a card: after the deal a player with no %(rank)s buys one from %(seller)s, "
            "paying with a %(pay)s, in play order."
        ) % {
            "rank": rank_name(b.rank),
            "seller": value_text("deal.buy.seller", b.seller),
            "pay": rank_name(b.pay_with),
        }
        also = [r for r in b.pay_with_also if r != b.pay_with]
        if also:
            text += _space() + _(
                "He may pay with %(others)s instead; holding more than one of these, he "
                "chooses which one pays (never a marked card)."
            ) % {"others": _or([rank_name(r) for r in dict.fromkeys(also)])}
        payable = _or([rank_name(r) for r in dict.fromkeys([b.pay_with, *also])])
        if b.if_unable == "gift":
            text += _space() + _("A player with no %(pay)s to pay is given one anyway.") % {
                "pay": payable
            }
        else:
            text += _space() + _("A player with no %(pay)s to pay goes without.") % {"pay": payable}
        s.add(Paragraph(text))
    return s


def _rank_order(v: Variant) -> str:
    from baohuang.rules import deck_composition

    present = deck_composition(v)
    order = ["BJ", "SJ", "2", "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3"]
    names = [rank_name(r) for r in order if present.get(r, 0) > 0]
    top = {
        "none": None,
        "guard_card": lambda: _("the guard card (above the big joker)"),
        "emperor_card": lambda: _("the emperor card (above the big joker)"),
        "both_marked": lambda: _(
            "the emperor card and the guard card (level, above the big joker)"
        ),
    }[v.play.top_card]
    if v.play.top_card == "both_marked" and v.play.marked_order == "guard_higher":
        top = lambda: _("the guard card > the emperor card (above the big joker)")  # noqa: E731
    elif v.play.top_card == "both_marked" and v.play.marked_order == "emperor_higher":
        top = lambda: _("the emperor card > the guard card (above the big joker)")  # noqa: E731
    if v.play.stacks:
        return " > ".join([*_above_big_joker(v), *names])
    if top is not None:
        names.insert(0, top())
    return " > ".join(names)


def _above_big_joker(v: Variant) -> list[str]:
    """The cards above the big joker, high to low, with the joker stacks (叠加) among them."""
    found: list[tuple[int, str]] = []
    for rank in anchors(v.play)[1:]:
        found.append((RANK_INDEX[rank], _top_card_name(v, rank)))
    for stack, slot in zip(v.play.stacks, stack_slots(v.play).slots, strict=True):
        if slot is not None:
            cards = tuple(BJ if c == "BJ" else SJ for c in stack.cards.split())
            found.append((RANK_INDEX[slot], stack_name(cards)))
    return [name for _rank, name in sorted(found, reverse=True)]


def _step_text(step: Any, v: Variant) -> str:
    if step.step == "grab_solo":
        text = _(
            "Grabbing the solo (抢独): %(who)s may declare to fight the other four alone; "
            "he becomes the emperor and there is no guard."
        ) % {"who": value_text("bidding.flow.requires", step.requires)}
        text += _space() + _("Several claimants: %(rule)s.") % {
            "rule": value_text("bidding.flow.priority", step.priority)
        }
        if step.takes_emperor_card:
            text += _space() + _("The grabber takes the emperor card and gives nothing back.")
        if step.marks_void:
            text += _space() + _("After a grab the marked cards count as plain jokers.")
        return text
    if step.step == "redeal":
        return _("If nobody has ascended, the cards are dealt again (流局).")
    if step.step == "forfeit":
        return _(
            "If nobody has ascended, the game ends without play: the player who first gave up "
            "the throne loses (弃皇者负) and scores %(loser)s, each other player %(others)s; no "
            "multiplier, no tribute."
        ) % {"loser": step.loser, "others": step.others}
    if step.step == "void":
        return _(
            "If nobody has ascended, the deal is void (本局作废): every player scores 0 and "
            "the cards are not dealt again; no tribute."
        )
    return _offer_text(step)


def _offer_text(step: OfferThroneStep) -> str:
    parts = [
        ngettext(
            "Ascending or abdicating, %(rounds)s round: the holder of the emperor card "
            "ascends (登基) or abdicates (让位), passing the card to %(to)s.",
            "Ascending or abdicating, up to %(rounds)s rounds: the holder of the emperor card "
            "ascends (登基) or abdicates (让位), passing the card to %(to)s.",
            step.rounds,
        )
        % {"rounds": step.rounds, "to": value_text("bidding.flow.pass_to", step.pass_to)}
    ]
    if step.pass_seats == 2:
        parts.append(
            _(
                "Whoever abdicates passes the card two seats on in that direction (隔一家), "
                "not to his neighbour."
            )
        )
    if step.forced:
        if step.forces == "everyone":
            parts.append(_("This round is forced (逼庄): whoever can ascend must."))
        else:
            parts.append(
                _(
                    "Forced (逼位): the card goes back to the first who abdicated, who must "
                    "ascend if he can; otherwise the round goes on as usual."
                )
            )
        if step.forced_exempt_own_guard:
            parts.append(_("A player who would be his own guard may still pass."))
        if step.forced_exempt_four_identical:
            parts.append(_("A player holding four identical cards may still pass."))
    if step.tip != "none":
        # The tip's words sit between dashes: "adds a 2, or the highest card … and passes"
        # read as one run-on phrase.
        if step.tip_from_pass > 1:
            parts.append(
                _(
                    "Tip (贴牌): from abdication number %(n)s on, each player who abdicates adds "
                    "a card to the tips — %(tip)s — and passes them on with the emperor card; "
                    "whoever ascends keeps them."
                )
                % {"n": step.tip_from_pass, "tip": value_text("bidding.flow.tip", step.tip)}
            )
        else:
            parts.append(
                _(
                    "Tip (贴牌): each player who abdicates adds a card to the tips — %(tip)s — "
                    "and passes them on with the emperor card; whoever ascends keeps them."
                )
                % {"tip": value_text("bidding.flow.tip", step.tip)}
            )
        if step.tip_count > 1:
            parts.append(
                _(
                    "Each of them adds up to %(count)s such cards, each chosen by the same rule "
                    "from what he has left."
                )
                % {"count": step.tip_count}
            )
    else:
        parts.append(_("No tip is paid."))
    if step.when_holding_both != "pass_on":
        direction = step.skip_one_to if step.skip_one_to != "pass_direction" else step.pass_to
        if step.skip_one_receiver == "must_ascend":
            parts.append(
                _(
                    "A player holding both marked cards may instead pass the emperor card two "
                    "seats on, towards %(to)s; that player must ascend, and every role is known "
                    "to all."
                )
                % {"to": value_text("bidding.flow.pass_to", direction)}
            )
        else:
            parts.append(
                _(
                    "A player holding both marked cards may instead pass the emperor card two "
                    "seats on, towards %(to)s, keeping the guard card: every role is known to "
                    "all. That player may decline in turn, and so may each later one, even in "
                    "a forced round: the card moves on by the ordinary pass, never back to the "
                    "one who passed it two seats on."
                )
                % {"to": value_text("bidding.flow.pass_to", direction)}
            )
        if step.when_holding_both == "choice":
            parts.append(
                _(
                    "He chooses: the ordinary pass (he keeps the guard card and, unknown to the "
                    "others, guards whoever ascends) or the pass two seats on."
                )
            )
    return _sentences(parts)


def _bidding_section(v: Variant) -> Section:
    s = Section("bidding", _("Choosing the emperor and the guard"))
    g = v.bidding.guard
    if g.by == "fixed_card":
        s.add(
            Paragraph(
                _(
                    "Fixed guard (固定保): whoever holds the guard card is the guard. If the "
                    "emperor holds the guard card himself, he plays alone (独保)."
                )
            )
        )
    else:
        s.add(
            Paragraph(
                ngettext(
                    "Called guard (叫侍卫): to ascend, the emperor must hold at least %(n)s "
                    "identical card (same suit and rank) and calls it; whoever holds another "
                    "copy of that card is the guard.",
                    "Called guard (叫侍卫): to ascend, the emperor must hold at least %(n)s "
                    "identical cards (same suit and rank) and calls that card; whoever holds "
                    "another copy of it is the guard.",
                    g.min_identical,
                )
                % {"n": g.min_identical}
                + _space()
                + _("Ranks that may be called: %(ranks)s.")
                % {"ranks": _ranks_text(g.callable_ranks)}
                + _space()
                + _("With several cards that could be called: %(rule)s.")
                % {"rule": value_text("bidding.guard.choice", g.choice)}
                + _space()
                + _(
                    "An emperor holding every copy of the called card is his own guard and "
                    "plays alone."
                )
                + (
                    _space()
                    + _(
                        "He may call a card of which he holds every copy whatever its rank, to "
                        "play a hidden solo (暗独保)."
                    )
                    if g.own_cards_callable and g.choice == "highest"
                    else ""
                )
            )
        )
    solo = v.bidding.solo
    solo_parts = []
    if solo.declared:
        solo_parts.append(
            _("When ascending, the emperor may declare an open solo (声明独保), needing %(needs)s.")
            % {"needs": value_text("bidding.solo.declared_requires", solo.declared_requires)}
        )
    if solo.hidden_allowed:
        solo_parts.append(
            _("An emperor who is his own guard may keep it hidden (暗独保) or declare it (明独保).")
        )
    else:
        solo_parts.append(_("An emperor who is his own guard must declare it: every solo is open."))
    s.add(Paragraph(_sentences(solo_parts)))
    s.add(Paragraph(_("The steps, in order:")))
    s.add(Bullets([_step_text(step, v) for step in v.bidding.flow], ordered=True))
    return s


def _declarations_section(v: Variant) -> Section:
    s = Section("declarations", _("Declarations"))
    d = v.declarations
    reveal = {
        "choice": _(
            "Before the first play the guard chooses to show himself (明保) or to stay hidden "
            "(暗保)."
        ),
        "open": _("The guard always shows himself before the first play (明保)."),
        "hidden": _("The guard always stays hidden (暗保)."),
    }[d.guard_reveal]
    if d.open_during_play:
        reveal += _space() + _(
            "A hidden guard may also show himself (明保) at any of his turns during play; it "
            "counts as an open guard."
        )
    if d.reveal_by_card:
        reveal += _space() + _(
            "A hidden guard who plays his marked card is known to all from then on (he plays "
            "it last of its rank); this is not 明保 and doubles nothing."
        )
    s.add(Paragraph(reveal))
    if d.rebellion:
        r = d.rebellion
        text = ngettext(
            "Rebellion (造反): while the guard is hidden, each rebel may rebel; when %(n)s "
            "rebel declares, the rebellion succeeds: the guard is revealed and the stakes go "
            "up.",
            "Rebellion (造反): while the guard is hidden, each rebel may rebel; when %(n)s "
            "rebels declare, the rebellion succeeds: the guard is revealed and the stakes go "
            "up.",
            r.threshold,
        ) % {"n": r.threshold}
        text += _space() + _("The rebels decide %(when)s.") % {
            "when": value_text("declarations.rebellion.timing", r.timing)
        }
        s.add(Paragraph(text))
    else:
        s.add(Paragraph(_("There is no rebellion in this rule set.")))
    if d.rebel_declaration:
        rd = d.rebel_declaration
        text = _(
            "A rebel may declare himself (亮反) while the guard is hidden: everyone then knows "
            "him as a rebel, but the guard stays hidden."
        )
        text += _space() + _("The rebels decide %(when)s.") % {
            "when": value_text("declarations.rebel_declaration.timing", rd.timing)
        }
        if rd.max_declarers < 4:
            text += _space() + ngettext(
                "At most %(n)s rebel may declare himself; once he has, nobody else is asked.",
                "At most %(n)s rebels may declare themselves; once they have, nobody else is "
                "asked.",
                rd.max_declarers,
            ) % {"n": rd.max_declarers}
        s.add(Paragraph(text))
    if d.kick:
        k = d.kick
        parts = []
        if k.royals_after_rebellion:
            parts.append(_("After a successful rebellion the emperor or the guard may kick (踢)."))
        if k.rebels_after_open_guard:
            parts.append(
                ngettext(
                    "After the guard shows himself, %(n)s rebel may kick.",
                    "After the guard shows himself, %(n)s rebels together may kick.",
                    k.rebels_after_open_guard,
                )
                % {"n": k.rebels_after_open_guard}
            )
        if k.rebels_after_open_solo:
            parts.append(
                ngettext(
                    "Against an open solo (明独), %(n)s of the other four may kick.",
                    "Against an open solo (明独), %(n)s of the other four together may kick.",
                    k.rebels_after_open_solo,
                )
                % {"n": k.rebels_after_open_solo}
            )
        if parts:
            s.add(Paragraph(_sentences(parts)))
    return s


_WHY_TEXT = {
    "higher_each": lambda: _(
        "Same number of cards, and every card is higher than the card it is set against."
    ),
    "count_differs": lambda: _("A play must be beaten with the same number of cards."),
    "plain_vs_joker": lambda: _(
        "Compared high to low, the joker meets a plain card: a set without jokers never beats "
        "a set with one."
    ),
    "joker_higher_each": lambda: _(
        "The big joker is higher than the small joker, and each plain card is higher too."
    ),
    "not_higher_at": lambda: _(
        "Every card must be strictly higher (节节高): a small joker against a small joker is not."
    ),
    "big_joker": lambda: _("Nothing beats a play with a big joker: no card is higher."),
    "top_card": lambda: _("The card above the big joker beats a single big joker."),
    "marked_order": lambda: _("The higher marked card beats the lower one."),
    "stack": lambda: _(
        "A stack of jokers (叠加) is one card, ranked above the big joker where the rules put it."
    ),
    "stack_plain": lambda: _(
        "The same jokers played as a plain set are as many cards as they are, not one card."
    ),
    "special": lambda: _("A special beat of this rule set."),
    "attach_two": lambda: _("In this rule set a 2 may be attached to a set like a joker (挂2)."),
    "wild": lambda: _("The wild card stands for the set's rank: the play counts as a set of it."),
    "roast": lambda: _("Roasting (烤牌): a higher group with more jokers, and higher plain cards."),
    "roast_fewer": lambda: _("No roast: a roast must carry more jokers than the play it roasts."),
    "bomb_beats": lambda: _("A bomb (炸弹) beats a play that is not a bomb, whatever its cards."),
    "bomb_bigger": lambda: _(
        "Between bombs, more cards win; with as many cards, the higher rank wins."
    ),
    "bomb_only_bigger": lambda: _(
        "Only a bigger bomb beats a bomb: a set with a joker attached is not a bomb."
    ),
}


def _beat_example(
    e: ex.BeatExample, identical: int = 0, stacks: Sequence[tuple[int, ...]] = ()
) -> CardsExample:
    title = (
        _("%(candidate)s beats %(previous)s")
        if e.beats
        else _("%(candidate)s does not beat %(previous)s")
    ) % {
        "candidate": _play_words(e.candidate, stacks),
        "previous": _play_words(e.previous, stacks),
    }
    return CardsExample(
        title=title,
        hands=[
            Hand(_("Played"), _cards(e.previous, identical, stacks)),
            Hand(
                _("Beats it") if e.beats else _("Does not beat it"),
                _cards(e.candidate, identical, stacks),
            ),
        ],
        verdict=e.beats,
        explanation=_WHY_TEXT[e.why](),
    )


def _above_name(v: Variant, above: str) -> str:
    """What a joker stack ranks directly above, as a reader names it."""
    if above == "BJ":
        return _("the big joker")
    if above in ("TOP", "TOP2"):
        return _top_card_name(v, above)
    return stack_name(tuple(BJ if c == "BJ" else SJ for c in above.split()))


def _top_card_name(v: Variant, rank: str) -> str:
    """The card that plays as ``TOP`` or ``TOP2``: the guard card, the emperor card (both,
    level with each other)."""
    p = v.play
    if p.top_card == "both_marked" and p.marked_order != "level":
        guard = (rank == "TOP2") == (p.marked_order == "guard_higher")
        return value_text("play.top_card", "guard_card" if guard else "emperor_card")
    return value_text("play.top_card", p.top_card)


def _stacks_text(v: Variant) -> str:
    """The joker stacks (叠加) of a variant in sentences."""
    parts = []
    for stack in v.play.stacks:
        cards = tuple(BJ if c == "BJ" else SJ for c in stack.cards.split())
        how = (
            _("played alone or attached to a set as one card")
            if stack.alone and stack.in_sets
            else _("played alone only")
            if stack.alone
            else _("attached to a set as one card only")
        )
        parts.append(
            _("%(stack)s ranks directly above %(above)s, %(how)s")
            % {"stack": stack_name(cards), "above": _above_name(v, stack.above), "how": how}
        )
    return (
        _("Stacking (叠加): several jokers count as one card. %(stacks)s.")
        % {"stacks": pgettext("sentences", "; ").join(parts)}
        + _space()
        + _(
            "The same jokers may still be played as a plain pair or set. A play holds one "
            "stack at most, and a stack is not played with loose jokers alone."
        )
    )


def _play_section(v: Variant, cv: CompiledVariant) -> Section:
    s = Section("play", _("Play: what beats what"))
    p = v.play
    # A rank the deck has none of is not worth telling players they may attach.
    in_deck = deck_composition(v)
    attach = [r for r in p.attach if r == "TOP" or in_deck.get(r, 0) > 0]
    attach_text = (
        _("Cards that may be attached to a set (挂牌): %(cards)s.")
        % {"cards": value_text("play.attach", attach)}
        if attach
        else _("No card may be attached to a set.")
    )
    s.add(
        Paragraph(
            _(
                "The emperor leads the first trick; afterwards the winner of a trick leads. A "
                "play is any number of cards of one rank (no straights)."
            )
            + _space()
            + attach_text
            + _space()
            + _("Jokers may also be played on their own.")
        )
    )
    wild = [r for r in p.wild if in_deck.get(r, 0) > 0]
    if wild:
        s.add(
            Paragraph(
                _(
                    "Wild cards (百搭): %(cards)s. Played with a set, each stands for the set's "
                    "rank (so a pair of 9s with one of them counts as three 9s); played on their "
                    "own, all of one rank, they are a set of that rank."
                )
                % {"cards": value_text("play.wild", wild)}
            )
        )
    s.add(
        Paragraph(
            _(
                "To beat a play, play the same number of cards, each higher than the card it "
                "is set against when both are sorted high to low (节节高). You may always pass; "
                "when all others pass, the last player to play wins the trick."
            )
        )
    )
    top_text = {
        "none": None,
        "guard_card": lambda: _(
            "The guard card ranks above the big joker (特画): it beats a single big joker and "
            "is the highest card."
        ),
        "emperor_card": lambda: _(
            "The emperor card ranks above the big joker: it beats a single big joker and is "
            "the highest card."
        ),
        "both_marked": lambda: _(
            "The emperor card and the guard card rank above the big joker: each beats a single "
            "big joker; the two stand level, so neither beats the other."
        ),
    }[p.top_card]
    if top_text is not None:
        text = top_text()
        if p.top_card == "both_marked" and p.marked_order == "guard_higher":
            text = _(
                "The emperor card and the guard card rank above the big joker: each beats a "
                "single big joker, and the guard card ranks above the emperor card, so it beats "
                "it too (侍卫 > 皇帝 > 大王)."
            )
        elif p.top_card == "both_marked" and p.marked_order == "emperor_higher":
            text = _(
                "The emperor card and the guard card rank above the big joker: each beats a "
                "single big joker, and the emperor card ranks above the guard card, so it beats "
                "it too."
            )
        if p.top_card_in_set:
            text += _space() + _(
                "It may also be played as a card of its own rank, inside a set of that rank; "
                "then it counts as that rank."
            )
        s.add(Paragraph(text))
    for beat in p.special_beats:
        beaten = [value_text("play.special_beats.beats", card) for card in beat.beats]
        s.add(
            Paragraph(
                ngettext(
                    "Special beat: %(count)s card of rank %(rank)s beats a single %(cards)s.",
                    "Special beat: %(count)s cards of rank %(rank)s beat a single %(cards)s.",
                    beat.count,
                )
                % {"count": beat.count, "rank": rank_name(beat.rank), "cards": _or(beaten)}
            )
        )
    if p.stacks:
        s.add(Paragraph(_stacks_text(v)))
    stacks = cv.play.tables.stack_cards
    s.add(*[_beat_example(e, stacks=stacks) for e in ex.play_examples(cv)])
    wind = {
        "next_player": _(
            "Catching the wind (接风): when a player goes out and nobody beats his last play, "
            "the next player still holding cards leads."
        ),
        "apply": _(
            "Catching the wind (接风): when a player goes out, the next player may apply for the "
            "lead; if everyone else passes he leads, if anyone plays the application fails."
        ),
    }[p.wind]
    s.add(Paragraph(wind))
    if p.wind == "apply":
        s.add(
            Paragraph(
                _("When nobody applies: %(rule)s.")
                % {"rule": value_text("play.wind_unclaimed", p.wind_unclaimed)}
            )
        )
    if p.defer:
        s.add(
            Paragraph(
                _(
                    "Deferring (让牌): a player may defer in a round; if nobody followed, he may "
                    "follow or pass in a second circle."
                )
                + _space()
                + (
                    _(
                        "Those who passed stay passed for the rest of the trick, even when a "
                        "deferrer plays in the second circle."
                    )
                    if p.defer_passers == "stay_passed"
                    else _(
                        "When a deferrer plays in the second circle, everyone may answer his play "
                        "as usual."
                    )
                )
            )
        )
    if p.hard_pass:
        s.add(
            Paragraph(
                _(
                    "No play after a pass (过牌不准上): a player who passed may not play again "
                    "in the same trick; his turn is skipped until the trick is won."
                )
            )
        )
    return s


def _special_section(v: Variant, cv: CompiledVariant) -> Section | None:
    p = v.play
    if not p.hold_back and p.roast is None and p.bombs is None:
        return None
    title = (
        _("Special cards: hold-back, roasting and bombs")
        if p.bombs is not None
        else _("Special cards: hold-back and roasting")
    )
    s = Section("special", title)
    for h in p.hold_back:
        text = _(
            "Hold back the %(rank)ss (憋%(rank)s): all of a player's %(rank)ss must be played "
            "together, in his last play. A player dealt none may finish with anything "
            "(偷着跑)."
        ) % {"rank": rank_name(h.rank)}
        if h.only_when_leading:
            text += _space() + _("They may only be played when leading.")
        if h.last_play_attach:
            text += _space() + _("The last play may carry attached jokers.")
        else:
            text += _space() + _("The last play must be the held-back cards alone.")
        if h.shut_in:
            text += _space() + _(
                "Shut in (闷): %(who)s is shut in and owes a shut-in tribute next game."
            ) % {"who": value_text("play.hold_back.shut_in_when", h.shut_in_when)}
        s.add(Paragraph(text))
    hb = ex.hold_back_example(cv)
    if hb is not None:
        name = rank_name(RANK_NAMES[hb.rank])
        s.add(
            CardsExample(
                title=_("Holding back the %(rank)ss") % {"rank": name},
                hands=[
                    Hand(_("Hand"), _cards(hb.hand)),
                    Hand(_("May lead"), _cards(hb.allowed)),
                    Hand(_("May not lead yet"), _cards(hb.forbidden)),
                ],
                verdict=None,
                explanation=_(
                    "While other cards are left, the %(rank)ss stay in the hand; they go out "
                    "together as the last play."
                )
                % {"rank": name},
            )
        )
    if p.roast is not None:
        r = p.roast
        order = " < ".join(value_text("play.roast.joker_order", g) for g in r.joker_order)
        text = _(
            "Roasting (烤牌): when a single joker is led, or a play carrying jokers is to be "
            "beaten, a player may attach more jokers than the play had. Joker groups from low "
            "to high: %(order)s."
        ) % {"order": order}
        if not r.more_jokers:
            text += _space() + _("A higher group roasts whatever its size.")
        if r.plain_sets:
            text += _space() + _("Jokers may also roast a play without jokers.")
        s.add(Paragraph(text))
        s.add(*[_beat_example(e) for e in ex.roast_examples(cv)])
    if p.bombs is not None:
        s.add(Paragraph(_bombs_text(p.bombs)))
        same = p.bombs.min_count if p.bombs.identical else 0
        s.add(*[_beat_example(e, same) for e in ex.bomb_examples(cv)])
    return s


def _bombs_text(b: Bombs) -> str:
    text = (
        _(
            "Bombs (炸弹): %(count)s or more cards of one rank, with nothing attached, are a "
            "bomb. A bomb beats any play that is not a bomb."
        )
        if b.beats == "any"
        else _(
            "Bombs (炸弹): %(count)s or more cards of one rank, with nothing attached, are a "
            "bomb. A bomb beats a play that is not a bomb and has fewer cards; a play of as "
            "many cards or more is beaten as usual."
        )
    ) % {"count": b.min_count}
    if b.identical:
        text += _space() + _(
            "A bomb must be identical cards, the same suit and rank (棍): cards of one rank in "
            "several suits are an ordinary set. In the examples below the bomb's cards are "
            "identical."
        )
    text += _space() + _(
        "Only a bigger bomb beats a bomb: more cards, or as many cards of a higher rank."
    )
    if b.max_per_game is not None:
        text += _space() + _(
            "At most %(count)s bombs in a game: after that, such sets are ordinary sets."
        ) % {"count": b.max_per_game}
    return text


def _end_section(v: Variant) -> Section:
    s = Section("end", _("The end of the game"))
    s.add(
        Paragraph(
            _(
                "A player who plays his last card goes out. Finish places: 1st out, 2nd out, "
                "3rd out, 4th out, 5th out."
            )
        )
    )
    e = v.end
    if e.when == "all_but_one":
        s.add(Paragraph(_("The game goes on until only one player holds cards; he is 5th out.")))
    else:
        s.add(
            Paragraph(
                _(
                    "The game ends as soon as one side is all out. Players still holding cards "
                    "are placed %(order)s."
                )
                % {"order": value_text("end.unfinished_order", e.unfinished_order)}
            )
        )
    if e.shut_in_last:
        s.add(
            Paragraph(
                _(
                    "A player shut in (闷) with his held-back cards is placed after every other "
                    "player still holding cards."
                )
            )
        )
    if e.open_solo_ends_on_other_first:
        s.add(
            Paragraph(_("In an open solo the game ends as soon as another player goes out first."))
        )
    if e.side_out_draw_if_first_other_side:
        s.add(
            Paragraph(
                _(
                    "The side all out first wins if it also had the 1st out; if the 1st out is "
                    "on the other side, the game is a draw."
                )
            )
        )
    return s


def _grid(table: TwoPersonTable, caption: str) -> Table:
    cells = {(r.emperor_rank, r.guard_rank): r for r in table.rows}
    header = [_("Emperor \\ guard")] + [place_name(g) for g in range(1, 6)]
    rows = []
    for e in range(1, 6):
        row = [place_name(e)]
        for g in range(1, 6):
            r = cells.get((e, g))
            row.append(
                "—"
                if r is None
                else f"{_signed(r.emperor)} / {_signed(r.guard)} / {_signed(r.rebels)}"
            )
        rows.append(row)
    return Table(caption, header, rows)


def _solo_table(open_rows: list[SoloRow], hidden_rows: list[SoloRow]) -> Table:
    o = {r.emperor_rank: r for r in open_rows}
    h = {r.emperor_rank: r for r in hidden_rows}
    header = [
        _("Emperor's place"),
        _("Open solo: emperor"),
        _("Open solo: each other"),
        _("Hidden solo: emperor"),
        _("Hidden solo: each other"),
    ]
    rows = []
    for place in range(1, 6):
        row = [place_name(place)]
        for table in (o, h):
            r = table.get(place)
            row += ["—", "—"] if r is None else [_signed(r.emperor), _signed(r.others)]
        rows.append(row)
    return Table(_("Solo scoring table"), header, rows)


def _settlement(e: ex.ScoreExample) -> str:
    pts = e.score.points
    if e.solo:
        head = (
            _("Open solo, emperor %(place)s")
            if e.solo == "open"
            else _("Hidden solo, emperor %(place)s")
        ) % {"place": place_name(e.emperor_place)}
        body = _("emperor %(e)s, each other player %(o)s") % {
            "e": _signed(pts[0]),
            "o": _signed(pts[2]),
        }
    else:
        head = _("Emperor %(e)s, guard %(g)s") % {
            "e": place_name(e.emperor_place),
            "g": place_name(e.guard_place or 0),
        }
        body = _("emperor %(e)s, guard %(g)s, each rebel %(r)s") % {
            "e": _signed(pts[0]),
            "g": _signed(pts[1]),
            "r": _signed(pts[2]),
        }
    if e.events:
        head += _(", with %(events)s") % {"events": _join([event_name(x) for x in e.events])}
    text = _("%(head)s: %(body)s.") % {"head": head, "body": body}
    if e.score.multiplier > 1:
        text += _space() + _("(all points × %(m)s)") % {"m": e.score.multiplier}
    text += _space() + _("Result for the emperor's side: %(outcome)s.") % {
        "outcome": outcome_name(e.score.outcome)
    }
    return text


def _scoring_section(v: Variant, cv: CompiledVariant) -> Section:
    s = Section("scoring", _("Scoring"))
    sc = v.scoring
    s.add(
        Paragraph(
            _(
                "Points depend on the finish places of the emperor and the guard. Each cell "
                "gives the emperor's points / the guard's points / each rebel's points."
            )
        )
    )
    s.add(_grid(sc.two_person, _("Scoring table (rows: emperor's place; columns: guard's place)")))
    if sc.two_person_guard_known is not None:
        s.add(
            Paragraph(
                _(
                    "When the guard is known to all (he showed himself, or a rebellion "
                    "succeeded), this table is used instead:"
                )
            )
        )
        s.add(
            _grid(
                sc.two_person_guard_known,
                _("Scoring table when the guard is known (rows: emperor's place)"),
            )
        )
    s.add(Paragraph(_("When the emperor plays alone, the solo table applies:")))
    s.add(_solo_table(sc.solo.open, sc.solo.hidden))
    if sc.multipliers:
        items = [
            _("%(event)s: points × %(factor)s") % {"event": event_name(m.event), "factor": m.factor}
            for m in sc.multipliers
        ]
        s.add(Paragraph(_("Doublings (they stack):")), Bullets(items))
        if sc.max_multiplier is not None:
            s.add(
                Paragraph(
                    _("The stake is capped (封顶): all points are multiplied by at most %(cap)s.")
                    % {"cap": sc.max_multiplier}
                )
            )
    else:
        s.add(Paragraph(_("No event doubles the points.")))
    method = {
        "points": _("The emperor's side wins when the emperor's points are above zero."),
        "rank_table": _("Win or lose is read from a table of the royals' places:"),
        "side_out": _("The side that is all out first wins."),
    }[sc.outcome.method]
    s.add(Paragraph(method))
    if sc.outcome.method == "rank_table" and sc.outcome.table:
        s.add(
            Table(
                _("Win or lose by places"),
                [_("Places of the emperor and the guard"), _("Result for the emperor's side")],
                [
                    [
                        value_text("scoring.outcome.table.ranks", row.ranks),
                        outcome_name(row.outcome),
                    ]
                    for row in sc.outcome.table
                ],
            )
        )
    if sc.outcome.solo:
        s.add(
            Paragraph(
                _("A solo emperor: %(rows)s.")
                % {
                    "rows": _join(
                        [
                            f"{place_name(r.emperor_rank)} {outcome_name(r.outcome)}"
                            for r in sc.outcome.solo
                        ]
                    )
                }
            )
        )
    s.add(Paragraph(_("Worked examples (computed by the game engine):")))
    s.add(Bullets([_settlement(e) for e in ex.scoring_examples(cv)]))
    return s


def _money_section(v: Variant, cv: CompiledVariant) -> Section:
    s = Section("money", _("Money"))
    m = v.scoring.money
    if m.base == 1 and m.table_fee == 0:
        s.add(Paragraph(_("Each point is worth one unit of the stake; there is no table fee.")))
    else:
        s.add(
            Paragraph(
                _("Money = points × %(base)s − a table fee of %(fee)s per player and game.")
                % {"base": m.base, "fee": m.table_fee}
            )
        )
    first = ex.settle(cv, 1, 2)
    if first.score.money and (m.base != 1 or m.table_fee != 0):
        s.add(
            Paragraph(
                _("Example: the emperor scores %(points)s points and settles %(money)s.")
                % {"points": _signed(first.score.points[0]), "money": _signed(first.score.money[0])}
            )
        )
    if m.cap_to_carried:
        s.add(Paragraph(_("A winner wins at most what he carried; a loser stops at zero.")))
    if m.automatic_penalty:
        s.add(
            Paragraph(
                _("A player who went automatic pays %(n)s × the stake, shared by his teammates.")
                % {"n": m.automatic_penalty}
            )
        )
    if m.quit_penalty:
        s.add(
            Paragraph(
                _("Quitting a game in progress costs %(n)s points; they go to %(to)s.")
                % {
                    "n": m.quit_penalty,
                    "to": value_text("scoring.money.quit_penalty_to", m.quit_penalty_to),
                }
            )
        )
    if m.shut_in_penalty:
        s.add(
            Paragraph(
                _(
                    "A player shut in (闷) with his held-back cards pays %(n)s × the stake to "
                    "%(to)s."
                )
                % {
                    "n": m.shut_in_penalty,
                    "to": value_text("scoring.money.shut_in_penalty_to", m.shut_in_penalty_to),
                }
            )
        )
    return s


def _when_text(rule: Any) -> str:
    w = rule.when
    parts = []
    if w.solo != "none":
        parts.append(value_text("tribute.rules.when.solo", w.solo))
    if w.ranks:
        parts.append(
            _("emperor and guard %(places)s")
            % {"places": value_text("tribute.rules.when.ranks", w.ranks)}
        )
    if w.guard:
        parts.append(value_text("tribute.rules.when.guard", w.guard))
    if w.outcome:
        parts.append(_("emperor's side: %(outcome)s") % {"outcome": outcome_name(w.outcome)})
    return _join(parts) if parts else _("every game")


def _shares(shares: Sequence[Any]) -> str:
    if not shares:
        return "—"
    return _join(
        [
            ngettext("%(who)s %(n)s card", "%(who)s %(n)s cards", x.count)
            % {"who": party_name(x.who), "n": x.count}
            for x in shares
        ]
    )


def _tribute_section(v: Variant) -> Section | None:
    t = v.tribute
    if not t.rules and t.shut_in is None:
        return None
    s = Section("tribute", _("Tribute (进贡)"))
    s.add(
        Paragraph(
            _(
                "After a game, cards are owed for the next one: the givers hand them over "
                "after the deal, the takers pick in the order listed. The first row whose "
                "conditions hold applies."
            )
        )
    )
    if t.rules:
        s.add(
            Table(
                _("Tribute table"),
                [_("When"), _("Who gives"), _("Who takes")],
                [[_when_text(r), _shares(r.give), _shares(r.take)] for r in t.rules],
            )
        )
    text = _("The card given is %(card)s.") % {"card": value_text("tribute.card", t.card)}
    if t.paid_in:
        text += _space() + _("Tribute is paid in %(rank)s while the giver has one.") % {
            "rank": rank_name(t.paid_in)
        }
        if t.without_paid_in == "nothing":
            text += _space() + _("A giver without a %(rank)s gives nothing.") % {
                "rank": rank_name(t.paid_in)
            }
    if t.handed == "in_order":
        text += _space() + _(
            "The cards go to the takers in the order given (the first giver's to the first "
            "taker), not picked."
        )
    if t.keeps_emperor_card:
        text += _space() + _("The emperor card is never given as tribute.")
    if not t.hand_over_marked:
        text += _space() + _(
            "A marked card is not given while an unmarked card of its rank can be."
        )
    s.add(Paragraph(text))
    if t.shut_in:
        si = t.shut_in
        s.add(
            Paragraph(
                ngettext(
                    "Shut-in tribute (闷贡): a player shut in gives %(n)s card, %(card)s, to "
                    "%(to)s, before any other tribute.",
                    "Shut-in tribute (闷贡): a player shut in gives %(n)s cards, %(card)s, to "
                    "%(to)s, before any other tribute.",
                    si.count,
                )
                % {
                    "n": si.count,
                    "card": value_text("tribute.shut_in.card", si.card),
                    "to": value_text("tribute.shut_in.to", si.to),
                }
            )
        )
    return s


def _automatic_section(v: Variant) -> Section:
    s = Section("automatic", _("Automatic play (托管)"))
    a = v.play.automatic
    s.add(
        Paragraph(
            _(
                "When a player times out or asks for it, the system plays for him: in bidding "
                "it gives the default answer; leading, it plays its smallest single card; "
                "following, it passes."
            )
        )
    )
    if a.lock_after is None:
        text = _("A player may always take his seat back from automatic play.")
    elif a.counted == "spells":
        text = ngettext(
            "After more than %(n)s spell of automatic play it can no longer be cancelled.",
            "After more than %(n)s spells of automatic play it can no longer be cancelled.",
            a.lock_after,
        )
    else:
        text = ngettext(
            "After more than %(n)s automatic turn it can no longer be cancelled.",
            "After more than %(n)s automatic turns it can no longer be cancelled.",
            a.lock_after,
        )
    if a.lock_after is not None:
        text = text % {"n": a.lock_after}
    if a.unscored_if_all:
        text += _space() + _("A game played by five automatic players is not scored.")
    if a.dissolve_if_any == "scored":
        text += _space() + _(
            "When a game ends with a player on automatic play, it is scored and the table "
            "is dissolved (解散): no further game is played."
        )
    elif a.dissolve_if_any == "unscored":
        text += _space() + _(
            "When a game ends with a player on automatic play, it is not scored and the "
            "table is dissolved (解散): no further game is played."
        )
    s.add(Paragraph(text))
    return s


def _notes_section(v: Variant, published: bool) -> Section | None:
    """The house notes in the rulebook's language; none, no section.

    The developer notes (``notes``, the tribute rows' ``note``) are for maintainers: they
    cite the sources and name fields, so the rulebook never shows them. A house note whose
    rules changed since it was confirmed (stale, :mod:`baohuang.rules.notes`) is not
    printed: it might contradict the rules above it. A draft's rulebook says how many wait
    for confirmation; a published version's leaves them out silently.
    """
    zh = get_language().startswith("zh")
    withheld = {i for i, _changed in stale_notes(v)}
    notes = [n.zh if zh else n.en for i, n in enumerate(v.house_notes) if i not in withheld]
    waiting = (
        None
        if published or not withheld
        else Paragraph(
            ngettext(
                "%(n)s house note is not printed: the rules it speaks about changed, and it "
                "waits for the rule set's editor to confirm or rewrite it.",
                "%(n)s house notes are not printed: the rules they speak about changed, and "
                "they wait for the rule set's editor to confirm or rewrite them.",
                len(withheld),
            )
            % {"n": len(withheld)}
        )
    )
    if not notes and waiting is None:
        return None
    s = Section("house-notes", _("House notes"))
    if notes:
        s.add(
            Note(
                _("House notes"),
                _(
                    "How this rule set reads its sources where they are silent or unclear, "
                    "and what it decided there."
                ),
                notes,
            )
        )
    if waiting is not None:
        s.add(waiting)
    return s


def _stamp(name: str, version: int | None, revision: int | None, date: str | None) -> str:
    """The line printed at the head of every page: a draft says so, with its revision; a
    published version gives its number. With the date of that revision or version."""
    if version is not None:
        text = _("%(name)s · version %(version)s") % {"name": name, "version": version}
    elif revision is not None:
        text = _("DRAFT · %(name)s · draft revision %(revision)s") % {
            "name": name,
            "revision": revision,
        }
    else:
        return ""  # a file, not a rule set of the catalog: nothing to say on every page
    if date:
        text += " · " + date
    return text


# --------------------------------------------------------------------------- entry points


def build(
    variant: Variant,
    lang: str,
    version: int | None = None,
    *,
    revision: int | None = None,
    date: str | None = None,
) -> Rulebook:
    """The rulebook of ``variant`` in ``lang`` (``zh`` or ``en``): of published version
    ``version``, else of a draft (at draft ``revision`` when known); ``date`` (ISO) is the
    day of that version or revision, printed with it on every page."""
    code = short_lang(lang)
    cv = compile_variant(variant)
    with speaking(code):
        name = variant.name.zh if code == "zh" else variant.name.en
        subtitle = (
            _("Rule set %(name)s, version %(version)s") % {"name": name, "version": version}
            if version is not None
            else _("Rule set %(name)s") % {"name": name}
        )
        sections: list[Section | None] = [
            _cards_section(variant),
            _bidding_section(variant),
            _declarations_section(variant),
            _play_section(variant, cv),
            _special_section(variant, cv),
            _end_section(variant),
            _scoring_section(variant, cv),
            _money_section(variant, cv),
            _tribute_section(variant),
            _automatic_section(variant),
            _notes_section(variant, published=version is not None),
        ]
        return Rulebook(
            lang=code,
            variant_id=variant.id,
            title=_("Rulebook: %(name)s") % {"name": name},
            subtitle=subtitle,
            version=version,
            contents_title=_("Contents"),
            draft=version is None and revision is not None,
            stamp=_stamp(name, version, revision, _date_text(date, code)),
            sections=[s for s in sections if s is not None],
        )


#: The most list entries (counted at every depth) a definition may hold for the rulebook
#: endpoint to write it out. The bundled variants hold 45 to 172; a rulebook's work and size
#: grow with them (10,000 special beats: 3 s and a 9.5 MB page), so a pathological
#: definition is refused before any work (issue 31).
MAX_LIST_ITEMS = 2000


def list_items(data: Any, limit: int = MAX_LIST_ITEMS) -> int:
    """List entries in ``data`` at every depth, counted without recursion and at most to
    ``limit + 1``."""
    total = 0
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            total += len(node)
            if total > limit:
                return limit + 1
            stack.extend(x for x in node if isinstance(x, list | dict))
        elif isinstance(node, dict):
            stack.extend(x for x in node.values() if isinstance(x, list | dict))
    return total


def _date_text(date: str | None, lang: str) -> str | None:
    """An ISO date (``2025-05-01``) as the rulebook's language writes it."""
    if not date:
        return None
    try:
        year, month, day = (int(x) for x in date[:10].split("-"))
    except ValueError:
        return date
    return f"{year}年{month}月{day}日" if lang == "zh" else f"{year:04d}-{month:02d}-{day:02d}"


def build_definition(
    definition: Any,
    lang: str,
    version: int | None = None,
    *,
    revision: int | None = None,
    date: str | None = None,
) -> Rulebook:
    """The rulebook of a plain definition (a draft or a published version's JSON)."""
    report = validate_definition(definition)
    if not report.valid or report.variant is None:
        raise RulebookError("; ".join(str(p) for p in report.errors))
    return build(report.variant, lang, version, revision=revision, date=date)
