"""Cross-field checks: rules that relate two parts of a variant (docs/design.md §3).

pydantic checks each field on its own; these functions check that the fields make one
playable game together. Each check returns problems with a JSON path and a plain sentence.
The list :data:`CHECKS` is walked in order by :func:`check_variant`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from baohuang.rules.model import (
    CalledGuard,
    Deck,
    FixedGuard,
    ForfeitStep,
    GrabSoloStep,
    OfferThroneStep,
    RedealStep,
    TwoPersonTable,
    Variant,
    VoidStep,
)
from baohuang.rules.notes import is_about_path, stale_notes
from baohuang.rules.problems import Problem, join_words, problem
from baohuang.rules.stacking import stack_key, stack_slots, stack_text, well_formed
from baohuang.rules.texts import gettext, ngettext
from baohuang.rules.vocabulary import (
    ORDERED_RANK_PAIRS,
    RANK_PAIRS,
    copies_per_rank,
)
from baohuang.rules.words import event_word, outcome_word, rank_word, section_word

Check = Callable[[Variant], Iterator[Problem]]


class SectionUnparsed(Exception):
    """A check read a top-level section that did not parse (see :class:`Unparsed`)."""

    def __init__(self, section: str) -> None:
        super().__init__(section)
        self.section = section


class Unparsed:
    """Stands for a top-level section that did not parse, in a partly read variant.

    A document with structural errors still has its cross-field checks run over the sections
    that did parse (:func:`baohuang.rules.loader.validate_definition`): the sections that did
    not are this stand-in, and any use of it raises :class:`SectionUnparsed`, which makes
    :func:`check_variant` skip that check. So a check runs only when every section it reads
    parsed, without each check having to list the sections it needs.
    """

    __slots__ = ("section",)

    def __init__(self, section: str) -> None:
        object.__setattr__(self, "section", section)

    def __getattr__(self, name: str) -> Any:
        raise SectionUnparsed(self.section)

    def _unparsed(self, *args: Any) -> Any:
        raise SectionUnparsed(self.section)

    __iter__ = __len__ = __bool__ = __eq__ = __getitem__ = __contains__ = _unparsed
    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Unparsed({self.section!r})"


def deck_composition(variant: Variant | Deck) -> dict[str, int]:
    """Cards of each rank left after the trims (random removals counted as removed), of a
    variant or of its deck section alone (the web editor's live count:
    ``POST /api/v1/deck/``)."""
    deck = variant if isinstance(variant, Deck) else variant.deck
    counts = copies_per_rank(deck.decks)
    for removal in deck.remove:
        if removal.count is None and removal.suits is None:
            counts[removal.rank] = 0
        else:
            taken = removal.count if removal.count is not None else len(removal.suits or [])
            counts[removal.rank] = max(0, counts[removal.rank] - taken)
    return counts


def deck_size(variant: Variant | Deck) -> int:
    """Cards in play after the trims."""
    return sum(deck_composition(variant).values())


def _present(variant: Variant, rank: str) -> bool:
    return deck_composition(variant)[rank] > 0


# --------------------------------------------------------------------------- deck and deal


def check_hand_sizes_sum(v: Variant) -> Iterator[Problem]:
    """The hand sizes deal exactly the trimmed deck."""
    total, size = sum(v.deal.hand_sizes), deck_size(v)
    if total != size:
        yield problem(
            "deal.hand_sizes",
            gettext(
                "The hands add up to %(sum)s cards but the deck has %(deck)s after the cards "
                "taken out; they must be equal."
            ),
            code="hand_sizes_sum",
            params={"sum": total, "deck": size},
        )


def check_hand_sizes_positive(v: Variant) -> Iterator[Problem]:
    """Every seat is dealt at least one card."""
    for i, n in enumerate(v.deal.hand_sizes):
        if n < 1:
            yield problem(
                f"deal.hand_sizes[{i}]",
                ngettext(
                    "Seat %(seat)s would be dealt %(count)s card; every seat needs at least one.",
                    "Seat %(seat)s would be dealt %(count)s cards; every seat needs at least one.",
                    n,
                ),
                code="hand_size_positive",
                params={"seat": i, "count": n},
            )


def check_removal_shape(v: Variant) -> Iterator[Problem]:
    """A removal names a count or suits, not both; suits are not repeated beyond the decks."""
    for i, removal in enumerate(v.deck.remove):
        path = f"deck.remove[{i}]"
        if removal.count is not None and removal.suits is not None:
            yield problem(
                path,
                gettext(
                    "Say either how many cards to take out at random, or which suits (one "
                    "card of each), not both."
                ),
                code="removal_shape",
                params={"rank": removal.rank},
            )
        if removal.suits is not None and removal.rank in ("SJ", "BJ"):
            yield problem(
                f"{path}.suits",
                gettext("Jokers have no suit; say how many to take out instead."),
                code="joker_suit",
                params={"rank": removal.rank},
            )
        if removal.suits is not None:
            for suit, n in Counter(removal.suits).items():
                if n > v.deck.decks:
                    yield problem(
                        f"{path}.suits",
                        ngettext(
                            "Suit '%(suit)s' is listed %(listed)s times but %(decks)s deck "
                            "holds only %(decks)s such card.",
                            "Suit '%(suit)s' is listed %(listed)s times but %(decks)s decks "
                            "hold only %(decks)s such cards.",
                            v.deck.decks,
                        ),
                        code="removal_too_many",
                        params={"suit": suit, "listed": n, "decks": v.deck.decks},
                    )


def check_removal_counts(v: Variant) -> Iterator[Problem]:
    """No rank loses more cards than the decks hold, and no rank is trimmed twice."""
    copies = copies_per_rank(v.deck.decks)
    taken: Counter[str] = Counter()
    first_seen: dict[str, int] = {}
    for i, removal in enumerate(v.deck.remove):
        if removal.rank in first_seen:
            yield problem(
                f"deck.remove[{i}].rank",
                gettext(
                    "Cards of rank %(rank)s are already taken out by an earlier removal; write "
                    "one removal per rank."
                ),
                code="removal_duplicate",
                params={"rank": removal.rank, "first": first_seen[removal.rank]},
                shown={"rank": rank_word(removal.rank)},
            )
            continue
        first_seen[removal.rank] = i
        n = removal.count if removal.count is not None else len(removal.suits or [])
        taken[removal.rank] += n
        if removal.count is not None and n > copies[removal.rank]:
            yield problem(
                f"deck.remove[{i}].count",
                ngettext(
                    "Cannot remove %(count)s cards of rank %(rank)s: %(decks)s deck holds "
                    "%(held)s.",
                    "Cannot remove %(count)s cards of rank %(rank)s: %(decks)s decks hold "
                    "%(held)s.",
                    v.deck.decks,
                ),
                code="removal_too_many",
                params={
                    "count": n,
                    "rank": removal.rank,
                    "decks": v.deck.decks,
                    "held": copies[removal.rank],
                },
                shown={"rank": rank_word(removal.rank)},
            )


def check_marked_cards_survive(v: Variant) -> Iterator[Problem]:
    """The emperor card (and the guard card, if any) are still in the trimmed deck."""
    counts = deck_composition(v)
    if counts["BJ"] == 0:
        yield problem(
            "deck.remove",
            gettext(
                "The cards taken out include every big joker, but one big joker must stay "
                "to be marked as the emperor card."
            ),
            code="marked_card_removed",
            params={"card": "emperor_card", "rank": "BJ", "field": "deck.marks.emperor_card"},
        )
    if v.deck.marks.guard_card is not None and counts["SJ"] == 0:
        yield problem(
            "deck.remove",
            gettext(
                "The cards taken out include every small joker, but one small joker must stay "
                "to be marked as the guard card."
            ),
            code="marked_card_removed",
            params={"card": "guard_card", "rank": "SJ", "field": "deck.marks.guard_card"},
        )


def check_guard_card_matches_guard_rule(v: Variant) -> Iterator[Problem]:
    """A fixed guard needs a marked guard card; a called guard does not use one."""
    guard = v.bidding.guard
    if isinstance(guard, FixedGuard) and v.deck.marks.guard_card is None:
        yield problem(
            "deck.marks.guard_card",
            gettext(
                "The guard is whoever holds the guard card, so the deck needs one: mark a "
                "small joker as the guard card."
            ),
            code="guard_card_missing",
            params={"guard": "fixed_card", "field": "bidding.guard", "value": "SJ"},
        )
    if isinstance(guard, CalledGuard) and v.deck.marks.guard_card is not None:
        yield problem(
            "deck.marks.guard_card",
            gettext(
                "The emperor calls his guard, so a marked guard card is never used; leave the "
                "guard card out."
            ),
            severity="warning",
            code="guard_card_unused",
            params={"guard": "called_card", "field": "bidding.guard", "value": None},
        )


def check_callable_ranks(v: Variant) -> Iterator[Problem]:
    """Every callable rank is in the deck, listed once, and a triple of it can exist."""
    guard = v.bidding.guard
    if not isinstance(guard, CalledGuard):
        return
    counts = deck_composition(v)
    for i, rank in enumerate(guard.callable_ranks):
        path = f"bidding.guard.callable_ranks[{i}]"
        if counts[rank] == 0:
            yield problem(
                path,
                gettext(
                    "Rank %(rank)s may be called to find the guard, but the cards taken out "
                    "include every %(rank)s."
                ),
                code="callable_rank_removed",
                params={"rank": rank, "field": "deck.remove"},
            )
        if guard.callable_ranks.index(rank) != i:
            yield problem(
                path,
                gettext("Rank %(rank)s is listed twice."),
                severity="warning",
                code="dup",
                params={"rank": rank, "first": guard.callable_ranks.index(rank)},
            )
    if guard.min_identical > v.deck.decks:
        yield problem(
            "bidding.guard.min_identical",
            ngettext(
                "Nobody can hold %(count)s identical cards with %(decks)s deck.",
                "Nobody can hold %(count)s identical cards with %(decks)s decks.",
                v.deck.decks,
            ),
            code="min_identical_impossible",
            params={"count": guard.min_identical, "decks": v.deck.decks},
        )


def check_buy_card(v: Variant) -> Iterator[Problem]:
    """The bought rank and the payment rank are in the deck."""
    buy = v.deal.buy
    if buy is None:
        return
    counts = deck_composition(v)
    if counts[buy.rank] == 0:
        yield problem(
            "deal.buy.rank",
            gettext(
                "Players buy a %(rank)s after the deal, but the cards taken out include "
                "every %(rank)s."
            ),
            code="buy_rank_removed",
            params={"rank": buy.rank, "field": "deck.remove"},
            shown={"rank": rank_word(buy.rank)},
        )
    if counts[buy.pay_with] == 0:
        yield problem(
            "deal.buy.pay_with",
            gettext(
                "Players pay for the bought card with a %(rank)s, but the cards taken out "
                "include every %(rank)s."
            ),
            code="buy_rank_removed",
            params={"rank": buy.pay_with, "field": "deck.remove"},
            shown={"rank": rank_word(buy.pay_with)},
        )
    if buy.rank == buy.pay_with:
        yield problem(
            "deal.buy.pay_with",
            gettext("A card cannot be bought with itself."),
            code="buy_self",
            params={"rank": buy.rank},
        )
    for i, rank in enumerate(buy.pay_with_also):
        path = f"deal.buy.pay_with_also[{i}]"
        if rank == buy.rank:
            yield problem(
                path,
                gettext("A card cannot be bought with itself."),
                code="buy_self",
                params={"rank": buy.rank},
            )
        elif counts[rank] == 0:
            yield problem(
                path,
                gettext(
                    "Players may pay for the bought card with a %(rank)s, but the cards taken "
                    "out include every %(rank)s."
                ),
                code="buy_rank_removed",
                params={"rank": rank, "field": "deck.remove"},
                shown={"rank": rank_word(rank)},
            )


# --------------------------------------------------------------------------- bidding flow


def check_flow_shape(v: Variant) -> Iterator[Problem]:
    """The flow offers the throne at least once, and a redeal can only come last."""
    flow = v.bidding.flow
    if not any(isinstance(s, OfferThroneStep) for s in flow):
        yield problem(
            "bidding.flow",
            gettext(
                "The bidding never offers the throne: add a step in which the emperor card "
                "is offered round the table."
            ),
            code="flow_no_offer",
            params={"step": "offer_throne"},
        )
    for i, step in enumerate(flow):
        if isinstance(step, RedealStep) and i != len(flow) - 1:
            yield problem(
                f"bidding.flow[{i}]",
                gettext(
                    "A redeal ends the bidding; the steps after it could never happen. Move "
                    "it to the end."
                ),
                code="flow_redeal_not_last",
                params={"step": "redeal", "index": i},
            )
    grabs = [i for i, s in enumerate(flow) if isinstance(s, GrabSoloStep)]
    if len(grabs) > 1:
        yield problem(
            f"bidding.flow[{grabs[1]}]",
            gettext("Only one chance to grab the solo is supported."),
            code="flow_two_grabs",
            params={"step": "grab_solo", "first": grabs[0]},
        )


def check_flow_needs_redeal(v: Variant) -> Iterator[Problem]:
    """If the last offer round is not forced, something must end a failed bidding."""
    flow = v.bidding.flow
    offers = [s for s in flow if isinstance(s, OfferThroneStep)]
    ends = (RedealStep, ForfeitStep, VoidStep)
    if offers and not offers[-1].forced and not isinstance(flow[-1], ends):
        yield problem(
            "bidding.flow",
            gettext(
                "If nobody ascends in the last round of offers the game has no emperor: make "
                "that round forced or end the bidding with a redeal."
            ),
            code="flow_no_end",
        )


def check_skip_one_needs_both_cards(v: Variant) -> Iterator[Problem]:
    """Passing two seats on when holding both marked cards needs a guard card."""
    for i, step in enumerate(v.bidding.flow):
        if (
            isinstance(step, OfferThroneStep)
            and step.when_holding_both == "pass_on"
            and step.skip_one_to != "pass_direction"
        ):
            yield problem(
                f"bidding.flow[{i}].skip_one_to",
                gettext(
                    "Where the card goes when passed two seats on only matters when a player "
                    "holding both marked cards passes it two seats on."
                ),
                severity="warning",
                code="skip_one_to_unused",
                params={"field": f"bidding.flow[{i}].when_holding_both"},
            )
        if (
            isinstance(step, OfferThroneStep)
            and step.when_holding_both == "pass_on"
            and step.skip_one_receiver != "must_ascend"
        ):
            yield _unused(
                f"bidding.flow[{i}].skip_one_receiver",
                gettext(
                    "Only the receiver of a pass two seats on may decline it, and nobody "
                    "passes two seats on in this round."
                ),
                "skip_one_receiver",
                f"bidding.flow[{i}].when_holding_both",
            )
        if (
            isinstance(step, OfferThroneStep)
            and step.when_holding_both != "pass_on"
            and v.deck.marks.guard_card is None
        ):
            yield problem(
                f"bidding.flow[{i}].when_holding_both",
                gettext(
                    "Passing two seats on is for a player holding both marked cards, but the "
                    "deck has no guard card."
                ),
                code="skip_one_without_guard_card",
                params={"field": "deck.marks.guard_card"},
            )


def check_flow_ending(v: Variant) -> Iterator[Problem]:
    """A forfeit or a void deal ends the bidding: last, reachable, a forfeit zero-sum."""
    flow = v.bidding.flow
    for i, step in enumerate(flow):
        if not isinstance(step, (ForfeitStep, VoidStep)):
            continue
        if i != len(flow) - 1:
            yield problem(
                f"bidding.flow[{i}]",
                gettext(
                    "A forfeit or a void deal ends the game when nobody ascended; the steps "
                    "after it could never happen. Move it to the end."
                ),
                code="flow_end_not_last",
                params={"step": step.step, "index": i},
            )
        offers = [j for j in range(i) if isinstance(flow[j], OfferThroneStep)]
        last = flow[offers[-1]] if offers else None
        if isinstance(last, OfferThroneStep) and _always_crowns(v, last):
            yield problem(
                f"bidding.flow[{i}]",
                gettext(
                    "The round of offers before it is forced and, with a fixed guard, every "
                    "holder of the emperor card can ascend and must: this step is never "
                    "reached. Let a receiver decline (exempt a holder of both marked cards "
                    "who passes two seats on, to a receiver who may decline), or remove it."
                ),
                severity="warning",
                code="flow_end_unreachable",
                params={"step": step.step, "field": f"bidding.flow[{offers[-1]}].forced"},
            )
        if isinstance(step, ForfeitStep) and step.loser + 4 * step.others != 0:
            yield problem(
                f"bidding.flow[{i}]",
                gettext(
                    "A forfeit scores %(sum)s (the loser %(loser)s + 4 × others %(others)s), not 0."
                ),
                severity="warning",
                code="forfeit_not_zero_sum",
                params={
                    "sum": step.loser + 4 * step.others,
                    "loser": step.loser,
                    "others": step.others,
                },
            )


def _always_crowns(v: Variant, step: OfferThroneStep) -> bool:
    """Whether a forced offer round always crowns someone (nobody may decline it)."""
    if not step.forced or step.forces != "everyone" or step.forced_exempt_four_identical:
        return False
    if not isinstance(v.bidding.guard, FixedGuard):
        return False  # a holder without a callable card passes the card on
    passes_on = (
        step.forced_exempt_own_guard
        and step.when_holding_both != "pass_on"
        and step.skip_one_receiver == "may_decline"
    )
    return not passes_on


# --------------------------------------------------------------------------- declarations


def check_rebellion_possible(v: Variant) -> Iterator[Problem]:
    """Rebellion targets a hidden guard; with an always-open guard it can never happen."""
    d = v.declarations
    if d.rebellion is not None and d.guard_reveal == "open":
        yield problem(
            "declarations.rebellion",
            gettext(
                "A rebellion forces a hidden guard into the open, but here the guard is "
                "always open, so it can never happen."
            ),
            severity="warning",
            code="rebellion_unreachable",
            params={"field": "declarations.guard_reveal", "value": "open"},
        )
    if (
        d.rebel_declaration is not None
        and d.guard_reveal == "open"
        and not v.bidding.solo.hidden_allowed
    ):
        yield problem(
            "declarations.rebel_declaration",
            gettext(
                "A rebel declares himself only while the guard is hidden, but here the guard "
                "is always open and no solo is hidden, so it can never happen."
            ),
            severity="warning",
            code="rebel_declaration_unreachable",
            params={"field": "declarations.guard_reveal", "value": "open"},
        )
    if d.kick is not None:
        royals_can = d.kick.royals_after_rebellion and d.rebellion is not None
        rebels_can = d.kick.rebels_after_open_guard is not None and d.guard_reveal != "hidden"
        if not royals_can and not rebels_can:
            royals_reason = "no_rebellion" if d.kick.royals_after_rebellion else "royals_may_not"
            rebels_reason = (
                "rebels_may_not" if d.kick.rebels_after_open_guard is None else "guard_never_open"
            )
            why_royals = (
                gettext("the variant has no rebellion")
                if royals_reason == "no_rebellion"
                else gettext("the royals may not kick after a rebellion")
            )
            why_rebels = (
                gettext("rebels may not kick")
                if rebels_reason == "rebels_may_not"
                else gettext("the guard is never open")
            )
            yield problem(
                "declarations.kick",
                gettext(
                    "A kick follows a rebellion or an open guard, but nobody can ever kick: "
                    "%(royals)s and %(rebels)s."
                ),
                severity="warning",
                code="kick_unreachable",
                params={"royals": royals_reason, "rebels": rebels_reason},
                shown={"royals": why_royals, "rebels": why_rebels},
            )


# --------------------------------------------------------------------------- play


def check_hold_back_ranks(v: Variant) -> Iterator[Problem]:
    """Held-back ranks are in the deck, listed once, and not attachable."""
    counts = deck_composition(v)
    seen: set[str] = set()
    for i, hold in enumerate(v.play.hold_back):
        path = f"play.hold_back[{i}].rank"
        if counts[hold.rank] == 0:
            yield problem(
                path,
                gettext(
                    "Rank %(rank)s is held back to the last play, but the cards taken out "
                    "include every %(rank)s."
                ),
                code="hold_back_rank_removed",
                params={"rank": hold.rank, "field": "deck.remove"},
            )
        if hold.rank in seen:
            yield problem(
                path,
                gettext("Rank %(rank)s is held back twice."),
                code="dup",
                params={"rank": hold.rank},
            )
        seen.add(hold.rank)
        if hold.rank in v.play.attach:
            yield problem(
                path,
                gettext(
                    "Rank %(rank)s is both held back and attachable to a set; a card cannot "
                    "be both."
                ),
                code="hold_back_attachable",
                params={"rank": hold.rank, "field": "play.attach"},
            )


def check_attachable_ranks_in_deck(v: Variant) -> Iterator[Problem]:
    """Each attachable rank is in the deck (TOP is the top-card check's)."""
    counts = deck_composition(v)
    # A marked joker that cannot be marked is already an error (check_marked_cards_survive).
    marked = {v.deck.marks.emperor_card, v.deck.marks.guard_card}
    for rank in v.play.attach:
        if rank != "TOP" and rank not in marked and counts.get(rank, 0) == 0:
            yield problem(
                "play.attach",
                gettext(
                    "The attachable cards include the %(card)s, but the cards taken out "
                    "include every %(card)s: take it off the attachable cards."
                ),
                severity="warning",
                code="attach_rank_removed",
                params={"card": rank, "field": "deck.remove"},
                shown={"card": rank_word(rank)},
            )


def check_bombs_possible(v: Variant) -> Iterator[Problem]:
    """A bomb needs min_count cards of one plain rank in one hand: the deck and the hands
    must be able to hold that many."""
    bombs = v.play.bombs
    if bombs is None:
        return
    counts = deck_composition(v)
    most = max((n for rank, n in counts.items() if rank not in ("SJ", "BJ")), default=0)
    most = min(most, max(v.deal.hand_sizes, default=0))
    if bombs.identical and min(most, v.deck.decks) < bombs.min_count:
        yield problem(
            "play.bombs.identical",
            gettext(
                "A bomb needs %(count)s identical cards (same suit and rank), but %(decks)s "
                "decks hold only %(decks)s copies of each card: no bomb can ever be played. "
                "Lower the number of cards, add decks or let bombs be cards of one rank."
            ),
            severity="warning",
            code="identical_bomb_impossible",
            params={"count": bombs.min_count, "decks": v.deck.decks},
        )
        return
    if most < bombs.min_count:
        yield problem(
            "play.bombs.min_count",
            gettext(
                "A bomb needs %(count)s cards of one rank, but no hand can hold more than "
                "%(most)s cards of one rank: no bomb can ever be played. Lower the number or "
                "take bombs out."
            ),
            severity="warning",
            code="bomb_impossible",
            params={"count": bombs.min_count, "most": most},
        )


def check_wild_ranks(v: Variant) -> Iterator[Problem]:
    """A wild rank is not also attachable or held back, and the deck holds it."""
    held = {h.rank for h in v.play.hold_back}
    counts = deck_composition(v)
    for i, rank in enumerate(v.play.wild):
        path = f"play.wild[{i}]"
        if rank in v.play.attach:
            yield problem(
                path,
                gettext(
                    "The %(card)s is both wild and attachable: a card either stands for the "
                    "set's rank or is attached above it, not both."
                ),
                code="wild_attachable",
                params={"card": rank, "field": "play.attach"},
                shown={"card": rank_word(rank)},
            )
        if rank in held:
            yield problem(
                path,
                gettext(
                    "The %(card)s is both wild and held back: held-back cards go only in the "
                    "last play, so they cannot stand in for other sets."
                ),
                code="wild_held_back",
                params={"card": rank, "field": "play.hold_back"},
                shown={"card": rank_word(rank)},
            )
        if counts.get(rank, 0) == 0:
            yield problem(
                path,
                gettext(
                    "The %(card)s is wild, but the cards taken out include every %(card)s: "
                    "take it off the wild cards."
                ),
                severity="warning",
                code="wild_rank_removed",
                params={"card": rank, "field": "deck.remove"},
                shown={"card": rank_word(rank)},
            )


def check_top_card(v: Variant) -> Iterator[Problem]:
    """TOP is used only when the variant ranks a card above the big joker."""
    if v.play.top_card != "none":
        if (
            v.play.top_card in ("guard_card", "both_marked")
            and isinstance(v.bidding.guard, FixedGuard)
            and v.deck.marks.guard_card is None
        ):
            yield problem(
                "play.top_card",
                gettext(
                    "The guard card is ranked above the big joker, but the deck has no guard card."
                ),
                code="top_card_missing",
                params={"field": "deck.marks.guard_card"},
            )
        ordered = v.play.top_card == "both_marked" and v.play.marked_order != "level"
        if ordered and v.play.top_card_in_set:
            yield problem(
                "play.top_card_in_set",
                gettext(
                    "The two marked cards are ordered above the big joker, so they cannot "
                    "also join a set of their own rank: the engine does not play both rules "
                    "together."
                ),
                code="top_in_set_ordered",
                params={"field": "play.marked_order"},
            )
        return
    if "TOP" in v.play.attach:
        yield problem(
            "play.attach",
            gettext(
                "The card above the big joker is attachable, but no card ranks above the big "
                "joker in this variant."
            ),
            code="top_unused",
            params={"rank": "TOP", "field": "play.top_card"},
        )
    for i, beat in enumerate(v.play.special_beats):
        if "TOP" in beat.beats:
            yield problem(
                f"play.special_beats[{i}].beats",
                gettext(
                    "This beats the card above the big joker, but no card ranks above the big "
                    "joker in this variant."
                ),
                code="top_unused",
                params={"rank": "TOP", "field": "play.top_card"},
            )


def check_special_beats(v: Variant) -> Iterator[Problem]:
    """A special beat's set can be formed from the deck."""
    counts = deck_composition(v)
    for i, beat in enumerate(v.play.special_beats):
        if counts[beat.rank] < beat.count:
            yield problem(
                f"play.special_beats[{i}].count",
                ngettext(
                    "This needs %(count)s card of rank %(rank)s, but the deck has %(deck)s "
                    "after the cards taken out.",
                    "This needs %(count)s cards of rank %(rank)s, but the deck has %(deck)s "
                    "after the cards taken out.",
                    beat.count,
                ),
                code="special_beat_impossible",
                params={"count": beat.count, "rank": beat.rank, "deck": counts[beat.rank]},
            )


def check_roast_order(v: Variant) -> Iterator[Problem]:
    """Roasting joker groups are written with SJ and BJ only, each once."""
    if v.play.roast is None:
        return
    seen: set[tuple[str, ...]] = set()
    for i, group in enumerate(v.play.roast.joker_order):
        cards = tuple(sorted(group.split(), reverse=True))
        path = f"play.roast.joker_order[{i}]"
        if not cards or any(c not in ("SJ", "BJ") for c in cards):
            yield problem(
                path,
                gettext(
                    "'%(group)s' is not a group of jokers: write SJ for a small joker and BJ "
                    "for a big one, e.g. 'SJ SJ' or 'BJ'."
                ),
                code="roast_group",
                params={"group": group},
            )
        elif cards in seen:
            yield problem(
                path, gettext("'%(group)s' is listed twice."), code="dup", params={"group": group}
            )
        seen.add(cards)
    if "SJ" not in v.play.attach and "BJ" not in v.play.attach:
        yield problem(
            "play.roast",
            gettext("Roasting attaches jokers to a play, but jokers are not attachable."),
            code="roast_without_jokers",
            params={"field": "play.attach"},
        )


def _plain_jokers(v: Variant) -> dict[str, int]:
    """Small and big jokers that play as jokers in every game: the deck's, less a marked
    joker that always plays as the card above the big joker (as the engine counts them,
    :func:`baohuang.engine.deck_counts.rank_limits`)."""
    counts = deck_composition(v)
    plain = {"SJ": counts.get("SJ", 0), "BJ": counts.get("BJ", 0)}
    kind = v.play.top_card
    if kind == "none" or any(getattr(step, "marks_void", False) for step in v.bidding.flow):
        return plain
    marks = v.deck.marks
    if kind in ("emperor_card", "both_marked") and marks.emperor_card in plain:
        plain[marks.emperor_card] = max(0, plain[marks.emperor_card] - 1)
    guard = marks.guard_card
    fixed = isinstance(v.bidding.guard, FixedGuard)
    if kind in ("guard_card", "both_marked") and fixed and guard in plain:
        plain[guard] = max(0, plain[guard] - 1)
    return plain


def check_stacks(v: Variant) -> Iterator[Problem]:
    """Joker stacks (叠加): jokers only, each once, ranked above a card or stack that exists,
    in no circle, within the engine's slots, formable from the deck, attachable where they
    join sets, and not with roasting or wild jokers."""
    stacks = v.play.stacks
    if not stacks:
        return
    if v.play.roast is not None:
        yield problem(
            "play.stacks",
            gettext(
                "Joker stacks (叠加) and roasting (烤牌) are not played together by the engine: "
                "take one of them out."
            ),
            code="stack_with_roast",
            params={"field": "play.roast"},
        )
    seen: set[tuple[str, ...]] = set()
    plain = _plain_jokers(v)
    for i, stack in enumerate(stacks):
        path = f"play.stacks[{i}]"
        if not well_formed(stack.cards):
            yield problem(
                f"{path}.cards",
                gettext(
                    "'%(cards)s' is not a stack of jokers: write two jokers or more, SJ for a "
                    "small joker and BJ for a big one, e.g. 'SJ SJ SJ'."
                ),
                code="stack_cards",
                params={"cards": stack.cards},
            )
            continue
        key = stack_key(stack.cards)
        if key in seen:
            yield problem(
                f"{path}.cards",
                gettext("'%(cards)s' is stacked twice: list each stack once."),
                code="stack_duplicate",
                params={"cards": stack_text(stack.cards)},
            )
        seen.add(key)
        small, big = key.count("SJ"), key.count("BJ")
        if small > plain["SJ"] or big > plain["BJ"]:
            yield problem(
                f"{path}.cards",
                gettext(
                    "The deck cannot form %(cards)s: it has only %(small)s small and %(big)s "
                    "big jokers that play as jokers, so this stack can never be played."
                ),
                severity="warning",
                code="stack_impossible",
                params={"cards": stack_text(stack.cards), "small": plain["SJ"], "big": plain["BJ"]},
            )
        wild = [c for c in ("BJ", "SJ") if c in key and c in v.play.wild]
        for card in wild:
            yield problem(
                f"{path}.cards",
                gettext("The %(card)s is wild, so it cannot also be stacked (叠加)."),
                code="stack_wild",
                params={"card": card, "field": "play.wild"},
                shown={"card": rank_word(card)},
            )
        if stack.in_sets:
            for card in ("BJ", "SJ"):
                if card in key and card not in v.play.attach and not wild:
                    yield problem(
                        f"{path}.in_sets",
                        gettext(
                            "This stack may be attached to a set, but the %(card)s is not "
                            "attachable: make it attachable or let the stack be played alone "
                            "only."
                        ),
                        code="stack_not_attachable",
                        params={"card": card, "field": "play.attach"},
                        shown={"card": rank_word(card)},
                    )
        elif not stack.alone:
            yield problem(
                path,
                gettext(
                    "This stack may be played neither alone nor attached to a set: it can "
                    "never be played."
                ),
                severity="warning",
                code="stack_unplayable",
            )
    if len(seen) < len(stacks):
        return  # the placement below reads stacks by their cards
    placement = stack_slots(v.play)
    misplaced = (
        (
            placement.unknown,
            "stack_above_unknown",
            gettext(
                "This stack ranks above '%(above)s', which is neither the big joker (BJ), a "
                "card above it that this variant has (TOP, TOP2), nor another of its stacks."
            ),
        ),
        (
            placement.shared,
            "stack_above_shared",
            gettext(
                "Another stack already ranks directly above '%(above)s': put this one above "
                "that stack instead."
            ),
        ),
        (
            placement.cycle,
            "stack_cycle",
            gettext(
                "The stacks rank above one another in a circle, never above a card: let one "
                "of them rank above BJ, TOP or TOP2."
            ),
        ),
        (
            placement.overflow,
            "stacks_do_not_fit",
            gettext(
                "This stack does not fit: between the big joker and the card above it there "
                "is room for one stack, between TOP and TOP2 for one, above the highest card "
                "for two (four above the big joker when no card ranks above it). Rank it above "
                "another card."
            ),
        ),
    )
    for indices, code, message in misplaced:
        for i in indices:
            yield problem(
                f"play.stacks[{i}].above", message, code=code, params={"above": stacks[i].above}
            )


# --------------------------------------------------------------------------- scoring


def _two_person_problems(table: TwoPersonTable, path: str) -> Iterator[Problem]:
    seen: dict[tuple[int, int], int] = {}
    for i, row in enumerate(table.rows):
        key = (row.emperor_rank, row.guard_rank)
        rpath = f"{path}.rows[{i}]"
        if row.emperor_rank == row.guard_rank:
            yield problem(
                f"{rpath}.guard_rank",
                gettext("The emperor and the guard cannot finish in the same place."),
                code="rank_clash",
                params={"rank": row.guard_rank},
            )
            continue
        if key in seen:
            yield problem(
                rpath,
                gettext("Emperor %(emperor)s, guard %(guard)s is already scored by row %(row)s."),
                code="row_duplicate",
                params={"emperor": key[0], "guard": key[1], "row": seen[key]},
            )
        seen[key] = i
        total = row.emperor + row.guard + 3 * row.rebels
        if table.zero_sum and total != 0:
            yield problem(
                rpath,
                gettext(
                    "This row sums to %(sum)s (emperor %(emperor)s + guard %(guard)s + 3 × "
                    "rebels %(rebels)s), not 0, although the table is marked zero-sum."
                ),
                severity="warning",
                code="row_not_zero_sum",
                params={
                    "sum": total,
                    "emperor": row.emperor,
                    "guard": row.guard,
                    "rebels": row.rebels,
                },
            )
    missing = [k for k in ORDERED_RANK_PAIRS if k not in seen]
    if missing:
        listed = join_words(f"({e},{g})" for e, g in missing[:6])
        text = gettext(
            "The table has no row for (emperor rank, guard rank) %(missing)s; all 20 pairs "
            "are needed."
        )
        if len(missing) > 6:
            text = ngettext(
                "The table has no row for (emperor rank, guard rank) %(missing)s and %(more)s "
                "more; all 20 pairs are needed.",
                "The table has no row for (emperor rank, guard rank) %(missing)s and %(more)s "
                "more; all 20 pairs are needed.",
                len(missing) - 6,
            )
        yield problem(
            f"{path}.rows",
            text,
            code="table_incomplete",
            params={"missing": [list(k) for k in missing], "more": max(0, len(missing) - 6)},
            shown={"missing": listed},
        )


def check_two_person_tables(v: Variant) -> Iterator[Problem]:
    """Both two-person tables cover the 20 pairs once each, and rows sum to zero."""
    yield from _two_person_problems(v.scoring.two_person, "scoring.two_person")
    if v.scoring.two_person_guard_known is not None:
        yield from _two_person_problems(
            v.scoring.two_person_guard_known, "scoring.two_person_guard_known"
        )


def check_solo_tables(v: Variant) -> Iterator[Problem]:
    """Solo tables cover emperor ranks 1–5 once each, and rows sum to zero."""
    for kind in ("open", "hidden"):
        rows = getattr(v.scoring.solo, kind)
        seen: set[int] = set()
        for i, row in enumerate(rows):
            path = f"scoring.solo.{kind}[{i}]"
            if row.emperor_rank in seen:
                yield problem(
                    path,
                    gettext("Rank %(rank)s is scored twice."),
                    code="dup",
                    params={"rank": row.emperor_rank},
                )
            seen.add(row.emperor_rank)
            total = row.emperor + 4 * row.others
            if total != 0:
                yield problem(
                    path,
                    gettext(
                        "This row sums to %(sum)s (emperor %(emperor)s + 4 × others "
                        "%(others)s), not 0."
                    ),
                    severity="warning",
                    code="row_not_zero_sum",
                    params={"sum": total, "emperor": row.emperor, "others": row.others},
                )
        missing = sorted(set(range(1, 6)) - seen)
        if missing:
            yield problem(
                f"scoring.solo.{kind}",
                ngettext(
                    "No row for emperor rank %(missing)s; ranks 1 to 5 are needed.",
                    "No row for emperor ranks %(missing)s; ranks 1 to 5 are needed.",
                    len(missing),
                ),
                code="table_incomplete",
                params={"missing": missing},
                shown={"missing": join_words(missing)},
            )


def check_multipliers(v: Variant) -> Iterator[Problem]:
    """Each event has one multiplier, and events the variant cannot produce are flagged."""
    seen: dict[str, int] = {}
    d = v.declarations
    impossible = set()
    if d.rebellion is None:
        impossible.add("rebellion")
    if d.kick is None:
        impossible.update({"kick", "kick_succeeded"})
    if d.guard_reveal == "hidden":
        impossible.update({"open_guard", "open_guard_win"})
    if not any(isinstance(s, GrabSoloStep) for s in v.bidding.flow):
        impossible.add("grabbed_solo")
    if v.play.bombs is None:
        impossible.add("bomb")
    if d.rebel_declaration is None or (
        d.guard_reveal == "open" and not v.bidding.solo.hidden_allowed
    ):
        impossible.add("rebel_declared")
    for i, m in enumerate(v.scoring.multipliers):
        path = f"scoring.multipliers[{i}]"
        if m.event in seen:
            yield problem(
                path,
                gettext(
                    "Event %(event)s already has a multiplier (row %(row)s); they would stack."
                ),
                severity="warning",
                code="dup",
                params={"event": m.event, "row": seen[m.event]},
                shown={"event": event_word(m.event)},
            )
        seen[m.event] = i
        if m.event in impossible:
            yield problem(
                f"{path}.event",
                gettext("Event %(event)s cannot happen: this variant has no bombs.")
                if m.event == "bomb"
                else gettext(
                    "Event %(event)s cannot happen under this variant's declarations and bidding."
                ),
                severity="warning",
                code="event_unreachable",
                params={"event": m.event},
                shown={"event": event_word(m.event)},
            )


def check_outcome_table(v: Variant) -> Iterator[Problem]:
    """A rank-table outcome covers the 10 pairs of royals' ranks once each."""
    outcome = v.scoring.outcome
    if outcome.method != "rank_table":
        if outcome.table:
            method_words = {
                "points": gettext("by the points"),
                "side_out": gettext("by the side all out first"),
            }
            yield problem(
                "scoring.outcome",
                gettext(
                    "The outcome is decided %(method)s, so the table of outcomes by rank is "
                    "never used."
                ),
                severity="warning",
                code="table_unused",
                params={"method": outcome.method},
                shown={"method": method_words.get(outcome.method, outcome.method)},
            )
        return
    solo_seen = [row.emperor_rank for row in outcome.solo]
    if outcome.solo and sorted(solo_seen) != [1, 2, 3, 4, 5]:
        yield problem(
            "scoring.outcome.solo",
            gettext("The solo outcome table needs one row for each emperor rank 1 to 5."),
            code="table_incomplete",
            params={"missing": sorted(set(range(1, 6)) - set(solo_seen))},
        )
    seen: dict[tuple[int, ...], int] = {}
    for i, row in enumerate(outcome.table):
        key = tuple(sorted(row.ranks))
        if key[0] == key[1]:
            yield problem(
                f"scoring.outcome.table[{i}].ranks",
                gettext("Two royals cannot finish in the same place."),
                code="rank_clash",
                params={"rank": key[0]},
            )
        elif key in seen:
            yield problem(
                f"scoring.outcome.table[{i}]",
                gettext("Ranks %(ranks)s are already in row %(row)s."),
                code="row_duplicate",
                params={"ranks": list(key), "row": seen[key]},
                shown={"ranks": "(" + ", ".join(map(str, key)) + ")"},
            )
        seen[key] = i
    missing = [p for p in RANK_PAIRS if p not in seen]
    if missing:
        yield problem(
            "scoring.outcome.table",
            gettext("No outcome for the royals' ranks %(missing)s."),
            code="table_incomplete",
            params={"missing": [list(p) for p in missing]},
            shown={"missing": join_words(f"{a}+{b}" for a, b in missing)},
        )


def check_side_out_consistency(v: Variant) -> Iterator[Problem]:
    """Side-based outcomes need a game that ends when a side is out, and vice versa."""
    if v.scoring.outcome.method == "side_out" and v.end.when != "one_side_out":
        yield problem(
            "scoring.outcome.method",
            gettext(
                "The outcome is decided by which side went out first, but the game goes on "
                "until only one player is left; make it end when one side is out."
            ),
            code="side_out_mismatch",
            params={"field": "end.when", "value": v.end.when, "expected": "one_side_out"},
        )
    if v.end.side_out_draw_if_first_other_side and v.end.when != "one_side_out":
        yield problem(
            "end.side_out_draw_if_first_other_side",
            gettext("This only applies when the game ends as soon as one side is out."),
            severity="warning",
            code="side_out_mismatch",
            params={"field": "end.when", "value": v.end.when, "expected": "one_side_out"},
        )


def _side_out_outcome(v: Variant, e: int, g: int) -> str:
    """The royals' outcome at ranks (e, g) when the side all out first wins (§6.4)."""
    royals_first = 5 not in (e, g)
    if v.end.side_out_draw_if_first_other_side and royals_first != (1 in (e, g)):
        return "draw"
    return "win" if royals_first else "lose"


def _disagreement(outcome: str, emperor: int, guard: int, rebels: int | None) -> str | None:
    """Why points contradict an outcome (docs/rules.md §8.5), as a code, or None when they agree.

    `rebels` None: the outcome follows the points themselves, so a win is the royals above
    0 and a loss below 0 (the rebels' share is the zero-sum check's business). Otherwise
    the outcome is decided apart from the points (a table, the side out first) and only the
    signs may not contradict it: deduction-only scoring, where the winners score 0 and the
    losers pay, agrees with it."""
    if outcome == "draw":
        return None if (emperor, guard, rebels or 0) == (0, 0, 0) else "draw_with_points"
    if rebels is None:
        royals = emperor + guard
        if outcome == "win" and (royals <= 0 or emperor < 0 or guard < 0):
            return "win_not_above_zero"
        if outcome == "lose" and (royals >= 0 or emperor > 0 or guard > 0):
            return "lose_not_below_zero"
        return None
    if outcome == "win" and (emperor < 0 or guard < 0 or rebels > 0):
        return "win_signs"
    if outcome == "lose" and (emperor > 0 or guard > 0 or rebels < 0):
        return "lose_signs"
    return None


def _reason_words(reason: str) -> str:
    """A disagreement code (see :func:`_disagreement`) as a clause."""
    if reason == "win_not_above_zero":
        return gettext("the royals win here but do not score above 0")
    if reason == "lose_not_below_zero":
        return gettext("the royals lose here but do not score below 0")
    if reason == "win_signs":
        return gettext("the royals win here, yet one of them scores below 0 or the rebels gain")
    if reason == "lose_signs":
        return gettext("the royals lose here, yet one of them scores above 0 or the rebels pay")
    return gettext("this is a draw but somebody scores points")


def check_outcome_agrees_with_points(v: Variant) -> Iterator[Problem]:
    """Win, draw and lose agree with the points (docs/rules.md §8.5): winners score above 0,
    losers below 0, and a draw scores 0 for everyone."""
    s = v.scoring
    method = s.outcome.method
    table_outcome = {tuple(sorted(r.ranks)): r.outcome for r in s.outcome.table}
    tables = [("two_person", s.two_person), ("two_person_guard_known", s.two_person_guard_known)]
    by_words = {
        "side_out": gettext("by the side all out first"),
        "rank_table": gettext("by the table of outcomes"),
        "points": gettext("by the emperor's points"),
    }
    for name, table in tables:
        if table is None:
            continue
        for i, row in enumerate(table.rows):
            e, g = row.emperor_rank, row.guard_rank
            if e == g:
                continue
            if method == "side_out":
                outcome = _side_out_outcome(v, e, g)
                by = "side_out"
            elif method == "rank_table" and (min(e, g), max(e, g)) in table_outcome:
                outcome = table_outcome[(min(e, g), max(e, g))]
                by = "rank_table"
            else:
                outcome = "win" if row.emperor > 0 else "draw" if row.emperor == 0 else "lose"
                by = "points"
            rebels = None if by == "points" else row.rebels
            reason = _disagreement(outcome, row.emperor, row.guard, rebels)
            if reason is not None:
                yield problem(
                    f"scoring.{name}.rows[{i}]",
                    gettext(
                        "Emperor %(emperor_rank)s, guard %(guard_rank)s: %(by)s the outcome is "
                        "“%(outcome)s”, but the row scores %(emperor)s / %(guard)s / "
                        "%(rebels)s: %(reason)s. Change the points or the outcome rule so that "
                        "they agree."
                    ),
                    code="outcome_points_disagree",
                    params={
                        "emperor_rank": e,
                        "guard_rank": g,
                        "by": by,
                        "outcome": outcome,
                        "emperor": row.emperor,
                        "guard": row.guard,
                        "rebels": row.rebels,
                        "reason": reason,
                    },
                    shown={
                        "by": by_words[by],
                        "outcome": outcome_word(outcome),
                        "reason": _reason_words(reason),
                    },
                )
    solo_outcome = {r.emperor_rank: r.outcome for r in s.outcome.solo}
    for kind in ("open", "hidden"):
        for i, solo_row in enumerate(getattr(s.solo, kind)):
            found = solo_outcome.get(solo_row.emperor_rank)
            if found is None:
                continue
            reason = _disagreement(found, solo_row.emperor, 0, solo_row.others)
            if reason is not None:
                yield problem(
                    f"scoring.solo.{kind}[{i}]",
                    gettext(
                        "Solo emperor %(emperor_rank)s: the solo outcome table says "
                        "“%(outcome)s”, but the row scores %(emperor)s / %(others)s: "
                        "%(reason)s."
                    ),
                    code="outcome_points_disagree",
                    params={
                        "emperor_rank": solo_row.emperor_rank,
                        "by": "solo_table",
                        "outcome": found,
                        "emperor": solo_row.emperor,
                        "others": solo_row.others,
                        "reason": reason,
                    },
                    shown={"outcome": outcome_word(found), "reason": _reason_words(reason)},
                )


def _unused(path: str, text: str, option: str, field: str) -> Problem:
    """``option_unused`` (a warning): ``option`` is set, but only works with ``field``."""
    return problem(
        path,
        text,
        severity="warning",
        code="option_unused",
        params={"option": option, "field": field},
    )


def check_options_that_apply(v: Variant) -> Iterator[Problem]:
    """An option that only works together with another one is set without it."""
    for i, step in enumerate(v.bidding.flow):
        if not isinstance(step, OfferThroneStep) or step.forced:
            continue
        path = f"bidding.flow[{i}]"
        for name, is_set in (
            ("forces", step.forces != "everyone"),
            ("forced_exempt_own_guard", step.forced_exempt_own_guard),
            ("forced_exempt_four_identical", step.forced_exempt_four_identical),
        ):
            if is_set:
                yield _unused(
                    f"{path}.{name}",
                    gettext(
                        "This only applies to a forced round (逼位); make the round forced or "
                        "remove this option."
                    ),
                    name,
                    f"{path}.forced",
                )
    for i, step in enumerate(v.bidding.flow):
        if isinstance(step, OfferThroneStep) and step.tip == "none" and step.tip_count > 1:
            yield _unused(
                f"bidding.flow[{i}].tip_count",
                gettext("Nobody tips in this round, so the number of cards tipped is unused."),
                "tip_count",
                f"bidding.flow[{i}].tip",
            )
    rebellion = v.declarations.rebellion
    if (
        rebellion is not None
        and rebellion.timing == "with_guard"
        and v.declarations.guard_reveal != "choice"
    ):
        yield _unused(
            "declarations.rebellion.timing",
            gettext(
                "The rebels choose at the same time as the guard only when the guard may "
                "choose to stay hidden or go open."
            ),
            "timing",
            "declarations.guard_reveal",
        )
    d = v.declarations
    declaration = d.rebel_declaration
    if (
        declaration is not None
        and declaration.timing == "with_guard"
        and d.guard_reveal != "choice"
    ):
        yield _unused(
            "declarations.rebel_declaration.timing",
            gettext(
                "The rebels declare at the same time as the guard only when the guard may "
                "choose to stay hidden or go open."
            ),
            "timing",
            "declarations.guard_reveal",
        )
    if d.open_during_play and d.guard_reveal != "choice":
        yield _unused(
            "declarations.open_during_play",
            gettext(
                "The guard can only go open during play where he may choose to stay hidden "
                "or go open."
            ),
            "open_during_play",
            "declarations.guard_reveal",
        )
    if d.reveal_by_card and d.guard_reveal == "open":
        yield _unused(
            "declarations.reveal_by_card",
            gettext("The guard always shows himself before the first play: no card reveals him."),
            "reveal_by_card",
            "declarations.guard_reveal",
        )
    if v.play.wind_unclaimed != "next_player" and v.play.wind != "apply":
        yield _unused(
            "play.wind_unclaimed",
            gettext("Nobody applies for the wind unless the wind is taken by application."),
            "wind_unclaimed",
            "play.wind",
        )
    if v.play.marked_order != "level" and v.play.top_card != "both_marked":
        yield _unused(
            "play.marked_order",
            gettext(
                "The marked cards are ordered only when both of them rank above the big joker."
            ),
            "marked_order",
            "play.top_card",
        )
    if v.play.top_card_in_set and v.play.top_card == "none":
        yield _unused(
            "play.top_card_in_set",
            gettext("No card ranks above the big joker here, so none can join a set of its rank."),
            "top_card_in_set",
            "play.top_card",
        )
    money = v.scoring.money
    if money.quit_penalty_to != "nobody" and money.quit_penalty == 0:
        yield _unused(
            "scoring.money.quit_penalty_to",
            gettext("There is no quit penalty to share: the penalty for quitting is 0."),
            "quit_penalty_to",
            "scoring.money.quit_penalty",
        )
    if money.shut_in_penalty and not any(h.shut_in for h in v.play.hold_back):
        yield _unused(
            "scoring.money.shut_in_penalty",
            gettext("Nobody can be shut in (闷) with held-back cards here, so nobody pays this."),
            "shut_in_penalty",
            "play.hold_back",
        )
    if v.end.shut_in_last and not any(h.shut_in for h in v.play.hold_back):
        yield _unused(
            "end.shut_in_last",
            gettext("Nobody can be shut in (闷) with held-back cards here, so this never applies."),
            "shut_in_last",
            "play.hold_back",
        )
    if v.scoring.max_multiplier is not None and not v.scoring.multipliers:
        yield _unused(
            "scoring.max_multiplier",
            gettext("Nothing doubles the points, so the stake cap never applies."),
            "max_multiplier",
            "scoring.multipliers",
        )
    solo = v.bidding.solo
    if solo.declared_requires != "nothing" and not solo.declared:
        yield _unused(
            "bidding.solo.declared_requires",
            gettext("This only applies when the emperor may declare a solo."),
            "declared_requires",
            "bidding.solo.declared",
        )


def check_tip_rank_in_deck(v: Variant) -> Iterator[Problem]:
    """A tip that asks for a 2 in a deck without 2s."""
    if _present(v, "2"):
        return
    for i, step in enumerate(v.bidding.flow):
        if not isinstance(step, OfferThroneStep):
            continue
        path = f"bidding.flow[{i}].tip"
        if step.tip == "two_or_nothing":
            yield problem(
                path,
                gettext("The deck has no 2s, so nobody ever tips: choose another tip, or no tip."),
                severity="warning",
                code="tip_rank_removed",
                params={"tip": step.tip, "rank": "2"},
            )
        elif step.tip == "two_or_highest":
            yield problem(
                path,
                gettext(
                    "The deck has no 2s, so the tip is always the highest card that is not a "
                    "joker: choose that tip instead."
                ),
                severity="warning",
                code="tip_rank_removed",
                params={"tip": step.tip, "rank": "2"},
            )


# --------------------------------------------------------------------------- tribute


def check_tribute_rules(v: Variant) -> Iterator[Problem]:
    """Each tribute rule gives as many cards as it takes, and makes sense for its games."""
    for i, rule in enumerate(v.tribute.rules):
        path = f"tribute.rules[{i}]"
        solo = rule.when.solo != "none"
        given = sum(_party_size(s.who, solo) * s.count for s in rule.give)
        taken = sum(_party_size(s.who, solo) * s.count for s in rule.take)
        if given != taken:
            yield problem(
                path,
                ngettext(
                    "This rule gives %(given)s card but takes %(taken)s; tribute must neither "
                    "create nor destroy cards.",
                    "This rule gives %(given)s cards but takes %(taken)s; tribute must neither "
                    "create nor destroy cards.",
                    given,
                ),
                code="tribute_unbalanced",
                params={"given": given, "taken": taken},
            )
        if rule.when.ranks is not None:
            if solo:
                yield problem(
                    f"{path}.when.ranks",
                    gettext("A solo game has no guard, so the royals' two ranks cannot be given."),
                    code="tribute_when",
                )
            elif rule.when.ranks[0] == rule.when.ranks[1]:
                yield problem(
                    f"{path}.when.ranks",
                    gettext("Two royals cannot finish in the same place."),
                    code="rank_clash",
                    params={"rank": rule.when.ranks[0]},
                )
        for side, shares in (("give", rule.give), ("take", rule.take)):
            for j, share in enumerate(shares):
                if solo and share.who == "guard":
                    yield problem(
                        f"{path}.{side}[{j}].who",
                        gettext("A solo game has no guard."),
                        code="tribute_party",
                        params={"who": share.who},
                    )
    if v.tribute.paid_in is not None and deck_composition(v)[v.tribute.paid_in] == 0:
        yield problem(
            "tribute.paid_in",
            gettext("Tribute is paid in %(rank)s, but the cards taken out include every %(rank)s."),
            code="paid_in_removed",
            params={"rank": v.tribute.paid_in, "field": "deck.remove"},
            shown={"rank": rank_word(v.tribute.paid_in)},
        )


def check_shut_in_needs_hold_back(v: Variant) -> Iterator[Problem]:
    """A shut-in tribute needs a held-back rank that can shut a player in."""
    has_shut_in_rank = any(h.shut_in for h in v.play.hold_back)
    if v.tribute.shut_in is not None and not has_shut_in_rank:
        yield problem(
            "tribute.shut_in",
            gettext(
                "A shut-in tribute (闷贡) is owed by players shut in with held-back cards, but "
                "no held-back rank can shut a player in."
            ),
            code="shut_in_unreachable",
            params={"field": "play.hold_back"},
        )
    if has_shut_in_rank and v.end.when == "all_but_one" and v.tribute.shut_in is None:
        yield problem(
            "play.hold_back",
            gettext("Players can be shut in, but the variant names no shut-in tribute (闷贡)."),
            severity="warning",
            code="shut_in_without_tribute",
            params={"field": "tribute.shut_in"},
        )


def check_house_notes(v: Variant) -> Iterator[Problem]:
    """A house note is about fields of the rules that exist; a note whose fields changed
    since it was confirmed is flagged (issue 34 §3: it is not printed until confirmed)."""
    for i, note in enumerate(v.house_notes):
        for j, path in enumerate(note.about):
            if not is_about_path(path):
                yield problem(
                    f"house_notes[{i}].about[{j}]",
                    gettext(
                        "This is not a part of the rules a house note can be about: name a "
                        "section or a field of the rules (not a name, a source or a note)."
                    ),
                    code="note_about_unknown",
                    params={"value": path},
                )
        if note.checked is not None and not note.about:
            yield problem(
                f"house_notes[{i}].checked",
                gettext(
                    "This house note is confirmed but names no rule it is about; remove the "
                    "fingerprint or say which rules it is about."
                ),
                code="note_checked_without_about",
            )
    for i, changed in stale_notes(v):
        words = list(dict.fromkeys(section_word(p) for p in changed))
        yield problem(
            f"house_notes[{i}]",
            ngettext(
                "The rule this house note is about (%(rules)s) changed after the note was "
                "last confirmed: confirm that it is still true, or edit it. Until then the "
                "rulebook does not print it.",
                "The rules this house note is about (%(rules)s) changed after the note was "
                "last confirmed: confirm that it is still true, or edit it. Until then the "
                "rulebook does not print it.",
                len(changed),
            ),
            severity="warning",
            code="note_stale",
            params={"note": i + 1, "fields": changed},
            shown={"rules": join_words(words)},
        )


def _party_size(who: str, solo: bool) -> int:
    if who == "rebels":
        return 4 if solo else 3
    if who == "others":
        return 4
    return 1


#: Every cross-field check, in the order :func:`check_variant` runs them.
CHECKS: tuple[Check, ...] = (
    check_hand_sizes_positive,
    check_removal_shape,
    check_removal_counts,
    check_hand_sizes_sum,
    check_marked_cards_survive,
    check_guard_card_matches_guard_rule,
    check_callable_ranks,
    check_buy_card,
    check_flow_shape,
    check_flow_needs_redeal,
    check_skip_one_needs_both_cards,
    check_flow_ending,
    check_rebellion_possible,
    check_hold_back_ranks,
    check_attachable_ranks_in_deck,
    check_bombs_possible,
    check_wild_ranks,
    check_top_card,
    check_special_beats,
    check_roast_order,
    check_stacks,
    check_two_person_tables,
    check_solo_tables,
    check_multipliers,
    check_outcome_table,
    check_side_out_consistency,
    check_outcome_agrees_with_points,
    check_options_that_apply,
    check_tip_rank_in_deck,
    check_tribute_rules,
    check_shut_in_needs_hold_back,
    check_house_notes,
)


def check_variant(variant: Variant) -> list[Problem]:
    """Run every cross-field check; errors and warnings in document order of the checks.

    In a partly read variant (some sections :class:`Unparsed`), a check that reads a section
    that did not parse is skipped as a whole: what it would say rests on that section.
    """
    problems: list[Problem] = []
    for check in CHECKS:
        try:
            found = list(check(variant))
        except SectionUnparsed:
            continue
        problems.extend(found)
    return problems
