"""Cross-field checks: rules that relate two parts of a variant (DESIGN.md §3).

pydantic checks each field on its own; these functions check that the fields make one
playable game together. Each check returns problems with a JSON path and a plain sentence.
The list :data:`CHECKS` is walked in order by :func:`check_variant`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator

from baohuang.rules.model import (
    CalledGuard,
    FixedGuard,
    GrabSoloStep,
    OfferThroneStep,
    RedealStep,
    TwoPersonTable,
    Variant,
)
from baohuang.rules.problems import Problem
from baohuang.rules.vocabulary import (
    ORDERED_RANK_PAIRS,
    RANK_PAIRS,
    copies_per_rank,
)

Check = Callable[[Variant], Iterator[Problem]]


def deck_composition(variant: Variant) -> dict[str, int]:
    """Cards of each rank left after the trims (random removals counted as removed)."""
    counts = copies_per_rank(variant.deck.decks)
    for removal in variant.deck.remove:
        if removal.count is None and removal.suits is None:
            counts[removal.rank] = 0
        else:
            taken = removal.count if removal.count is not None else len(removal.suits or [])
            counts[removal.rank] = max(0, counts[removal.rank] - taken)
    return counts


def deck_size(variant: Variant) -> int:
    """Cards in play after the trims."""
    return sum(deck_composition(variant).values())


def _present(variant: Variant, rank: str) -> bool:
    return deck_composition(variant)[rank] > 0


# --------------------------------------------------------------------------- deck and deal


def check_hand_sizes_sum(v: Variant) -> Iterator[Problem]:
    """The hand sizes deal exactly the trimmed deck."""
    total, size = sum(v.deal.hand_sizes), deck_size(v)
    if total != size:
        yield Problem(
            "deal.hand_sizes",
            f"The hands add up to {total} cards but the deck has {size} after the trims "
            f"(deck.remove); they must be equal.",
            code="hand_sizes_sum",
        )


def check_hand_sizes_positive(v: Variant) -> Iterator[Problem]:
    """Every seat is dealt at least one card."""
    for i, n in enumerate(v.deal.hand_sizes):
        if n < 1:
            yield Problem(
                f"deal.hand_sizes[{i}]",
                f"Seat {i} would be dealt {n} cards; every seat needs at least one.",
                code="hand_size_positive",
            )


def check_removal_shape(v: Variant) -> Iterator[Problem]:
    """A removal names a count or suits, not both; suits are not repeated beyond the decks."""
    for i, removal in enumerate(v.deck.remove):
        path = f"deck.remove[{i}]"
        if removal.count is not None and removal.suits is not None:
            yield Problem(
                path,
                "Give either count (cards chosen at random) or suits (one card of each), not both.",
                code="removal_shape",
            )
        if removal.suits is not None and removal.rank in ("SJ", "BJ"):
            yield Problem(
                f"{path}.suits", "Jokers have no suit; remove them with count.", code="joker_suit"
            )
        if removal.suits is not None:
            for suit, n in Counter(removal.suits).items():
                if n > v.deck.decks:
                    yield Problem(
                        f"{path}.suits",
                        f"Suit '{suit}' is listed {n} times but {v.deck.decks} decks hold "
                        f"only {v.deck.decks} such card(s).",
                        code="removal_too_many",
                    )


def check_removal_counts(v: Variant) -> Iterator[Problem]:
    """No rank loses more cards than the decks hold, and no rank is trimmed twice."""
    copies = copies_per_rank(v.deck.decks)
    taken: Counter[str] = Counter()
    first_seen: dict[str, int] = {}
    for i, removal in enumerate(v.deck.remove):
        if removal.rank in first_seen:
            yield Problem(
                f"deck.remove[{i}].rank",
                f"Rank {removal.rank} is already trimmed by deck.remove[{first_seen[removal.rank]}]"
                "; write one removal per rank.",
                code="removal_duplicate",
            )
            continue
        first_seen[removal.rank] = i
        n = removal.count if removal.count is not None else len(removal.suits or [])
        taken[removal.rank] += n
        if removal.count is not None and n > copies[removal.rank]:
            yield Problem(
                f"deck.remove[{i}].count",
                f"Cannot remove {n} cards of rank {removal.rank}: {v.deck.decks} decks hold "
                f"{copies[removal.rank]}.",
                code="removal_too_many",
            )


def check_marked_cards_survive(v: Variant) -> Iterator[Problem]:
    """The emperor card (and the guard card, if any) are still in the trimmed deck."""
    counts = deck_composition(v)
    if counts["BJ"] == 0:
        yield Problem(
            "deck.remove",
            "The trims remove every big joker, but deck.marks.emperor_card needs one to mark "
            "as the emperor card.",
            code="marked_card_removed",
        )
    if v.deck.marks.guard_card is not None and counts["SJ"] == 0:
        yield Problem(
            "deck.remove",
            "The trims remove every small joker, but deck.marks.guard_card needs one to mark "
            "as the guard card.",
            code="marked_card_removed",
        )


def check_guard_card_matches_guard_rule(v: Variant) -> Iterator[Problem]:
    """A fixed guard needs a marked guard card; a called guard does not use one."""
    guard = v.bidding.guard
    if isinstance(guard, FixedGuard) and v.deck.marks.guard_card is None:
        yield Problem(
            "deck.marks.guard_card",
            "bidding.guard is fixed_card, so the deck needs a guard card: set "
            "deck.marks.guard_card to SJ.",
            code="guard_card_missing",
        )
    if isinstance(guard, CalledGuard) and v.deck.marks.guard_card is not None:
        yield Problem(
            "deck.marks.guard_card",
            "bidding.guard is called_card, so a marked guard card is never used; set "
            "deck.marks.guard_card to null.",
            severity="warning",
            code="guard_card_unused",
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
            yield Problem(
                path,
                f"Rank {rank} may be called (bidding.guard.callable_ranks) but the trims "
                f"(deck.remove) take every {rank} out of the deck.",
                code="callable_rank_removed",
            )
        if guard.callable_ranks.index(rank) != i:
            yield Problem(path, f"Rank {rank} is listed twice.", severity="warning", code="dup")
    if guard.min_identical > v.deck.decks:
        yield Problem(
            "bidding.guard.min_identical",
            f"Nobody can hold {guard.min_identical} identical cards with {v.deck.decks} decks.",
            code="min_identical_impossible",
        )


def check_buy_card(v: Variant) -> Iterator[Problem]:
    """The bought rank and the payment rank are in the deck."""
    buy = v.deal.buy
    if buy is None:
        return
    counts = deck_composition(v)
    for field, rank in (("rank", buy.rank), ("pay_with", buy.pay_with)):
        if counts[rank] == 0:
            yield Problem(
                f"deal.buy.{field}",
                f"deal.buy.{field} is {rank}, but the trims (deck.remove) take every {rank} "
                "out of the deck.",
                code="buy_rank_removed",
            )
    if buy.rank == buy.pay_with:
        yield Problem("deal.buy.pay_with", "A card cannot be bought with itself.", code="buy_self")


# --------------------------------------------------------------------------- bidding flow


def check_flow_shape(v: Variant) -> Iterator[Problem]:
    """The flow offers the throne at least once, and a redeal can only come last."""
    flow = v.bidding.flow
    if not any(isinstance(s, OfferThroneStep) for s in flow):
        yield Problem(
            "bidding.flow",
            "The bidding flow never offers the throne: add an offer_throne step.",
            code="flow_no_offer",
        )
    for i, step in enumerate(flow):
        if isinstance(step, RedealStep) and i != len(flow) - 1:
            yield Problem(
                f"bidding.flow[{i}]",
                "A redeal step ends bidding; the steps after it could never happen. Move it "
                "to the end.",
                code="flow_redeal_not_last",
            )
    grabs = [i for i, s in enumerate(flow) if isinstance(s, GrabSoloStep)]
    if len(grabs) > 1:
        yield Problem(
            f"bidding.flow[{grabs[1]}]",
            "Only one grab-solo window is supported.",
            code="flow_two_grabs",
        )


def check_flow_needs_redeal(v: Variant) -> Iterator[Problem]:
    """If the last offer round is not forced, something must end a failed bidding."""
    flow = v.bidding.flow
    offers = [s for s in flow if isinstance(s, OfferThroneStep)]
    if offers and not offers[-1].forced and not isinstance(flow[-1], RedealStep):
        yield Problem(
            "bidding.flow",
            "If nobody ascends in the last offer round the game has no emperor: make that "
            "round forced or end the flow with a redeal step.",
            code="flow_no_end",
        )


def check_skip_one_needs_both_cards(v: Variant) -> Iterator[Problem]:
    """Passing two seats on when holding both marked cards needs a guard card."""
    for i, step in enumerate(v.bidding.flow):
        if (
            isinstance(step, OfferThroneStep)
            and step.when_holding_both != "skip_one"
            and step.skip_one_to != "pass_direction"
        ):
            yield Problem(
                f"bidding.flow[{i}].skip_one_to",
                "skip_one_to only matters when when_holding_both is skip_one.",
                severity="warning",
                code="skip_one_to_unused",
            )
        if (
            isinstance(step, OfferThroneStep)
            and step.when_holding_both == "skip_one"
            and v.deck.marks.guard_card is None
        ):
            yield Problem(
                f"bidding.flow[{i}].when_holding_both",
                "skip_one applies to a player holding both marked cards, but the deck has no "
                "guard card (deck.marks.guard_card).",
                code="skip_one_without_guard_card",
            )


# --------------------------------------------------------------------------- declarations


def check_rebellion_possible(v: Variant) -> Iterator[Problem]:
    """Rebellion targets a hidden guard; with an always-open guard it can never happen."""
    d = v.declarations
    if d.rebellion is not None and d.guard_reveal == "open":
        yield Problem(
            "declarations.rebellion",
            "Rebellion forces a hidden guard into the open, but declarations.guard_reveal is "
            "open, so it can never happen.",
            severity="warning",
            code="rebellion_unreachable",
        )
    if d.kick is not None:
        royals_can = d.kick.royals_after_rebellion and d.rebellion is not None
        rebels_can = d.kick.rebels_after_open_guard is not None and d.guard_reveal != "hidden"
        if not royals_can and not rebels_can:
            why_royals = (
                "the variant has no rebellion"
                if d.kick.royals_after_rebellion
                else "royals_after_rebellion is false"
            )
            why_rebels = (
                "rebels may not kick"
                if d.kick.rebels_after_open_guard is None
                else "the guard is never open (declarations.guard_reveal is hidden)"
            )
            yield Problem(
                "declarations.kick",
                "A kick follows a rebellion or an open guard, but nobody can ever kick: "
                f"{why_royals} and {why_rebels}.",
                severity="warning",
                code="kick_unreachable",
            )


# --------------------------------------------------------------------------- play


def check_hold_back_ranks(v: Variant) -> Iterator[Problem]:
    """Held-back ranks are in the deck, listed once, and not attachable."""
    counts = deck_composition(v)
    seen: set[str] = set()
    for i, hold in enumerate(v.play.hold_back):
        path = f"play.hold_back[{i}].rank"
        if counts[hold.rank] == 0:
            yield Problem(
                path,
                f"Rank {hold.rank} is held back (play.hold_back) but the trims (deck.remove) "
                f"take every {hold.rank} out of the deck.",
                code="hold_back_rank_removed",
            )
        if hold.rank in seen:
            yield Problem(path, f"Rank {hold.rank} is held back twice.", code="dup")
        seen.add(hold.rank)
        if hold.rank in v.play.attach:
            yield Problem(
                path,
                f"Rank {hold.rank} is both held back and attachable (play.attach); a card "
                "cannot be both.",
                code="hold_back_attachable",
            )


def check_top_card(v: Variant) -> Iterator[Problem]:
    """TOP is used only when the variant ranks a card above the big joker."""
    if v.play.top_card != "none":
        if isinstance(v.bidding.guard, FixedGuard) and v.deck.marks.guard_card is None:
            yield Problem(
                "play.top_card",
                "The guard card is ranked above the big joker, but the deck has no guard card.",
                code="top_card_missing",
            )
        return
    if "TOP" in v.play.attach:
        yield Problem(
            "play.attach",
            "TOP (a card above the big joker) is attachable, but play.top_card is none.",
            code="top_unused",
        )
    for i, beat in enumerate(v.play.special_beats):
        if "TOP" in beat.beats:
            yield Problem(
                f"play.special_beats[{i}].beats",
                "This beats TOP (a card above the big joker), but play.top_card is none.",
                code="top_unused",
            )


def check_special_beats(v: Variant) -> Iterator[Problem]:
    """A special beat's set can be formed from the deck."""
    counts = deck_composition(v)
    for i, beat in enumerate(v.play.special_beats):
        if counts[beat.rank] < beat.count:
            yield Problem(
                f"play.special_beats[{i}].count",
                f"This needs {beat.count} cards of rank {beat.rank}, but the deck has "
                f"{counts[beat.rank]} after the trims.",
                code="special_beat_impossible",
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
            yield Problem(
                path,
                f"'{group}' is not a joker group: write jokers only, e.g. 'SJ SJ' or 'BJ'.",
                code="roast_group",
            )
        elif cards in seen:
            yield Problem(path, f"'{group}' is listed twice.", code="dup")
        seen.add(cards)
    if "SJ" not in v.play.attach and "BJ" not in v.play.attach:
        yield Problem(
            "play.roast",
            "Roasting attaches jokers, but jokers are not attachable (play.attach).",
            code="roast_without_jokers",
        )


# --------------------------------------------------------------------------- scoring


def _two_person_problems(table: TwoPersonTable, path: str) -> Iterator[Problem]:
    seen: dict[tuple[int, int], int] = {}
    for i, row in enumerate(table.rows):
        key = (row.emperor_rank, row.guard_rank)
        rpath = f"{path}.rows[{i}]"
        if row.emperor_rank == row.guard_rank:
            yield Problem(
                f"{rpath}.guard_rank",
                "The emperor and the guard cannot finish in the same place.",
                code="rank_clash",
            )
            continue
        if key in seen:
            yield Problem(
                rpath,
                f"Emperor {key[0]}, guard {key[1]} is already scored by row {seen[key]}.",
                code="row_duplicate",
            )
        seen[key] = i
        total = row.emperor + row.guard + 3 * row.rebels
        if table.zero_sum and total != 0:
            yield Problem(
                rpath,
                f"This row sums to {total} (emperor {row.emperor} + guard {row.guard} + 3 × "
                f"rebels {row.rebels}), not 0, although the table is marked zero_sum.",
                severity="warning",
                code="row_not_zero_sum",
            )
    missing = [k for k in ORDERED_RANK_PAIRS if k not in seen]
    if missing:
        listed = ", ".join(f"({e},{g})" for e, g in missing[:6])
        more = f" and {len(missing) - 6} more" if len(missing) > 6 else ""
        yield Problem(
            f"{path}.rows",
            f"The table has no row for (emperor rank, guard rank) {listed}{more}; all 20 "
            "pairs are needed.",
            code="table_incomplete",
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
                yield Problem(path, f"Rank {row.emperor_rank} is scored twice.", code="dup")
            seen.add(row.emperor_rank)
            total = row.emperor + 4 * row.others
            if total != 0:
                yield Problem(
                    path,
                    f"This row sums to {total} (emperor {row.emperor} + 4 × others "
                    f"{row.others}), not 0.",
                    severity="warning",
                    code="row_not_zero_sum",
                )
        missing = sorted(set(range(1, 6)) - seen)
        if missing:
            yield Problem(
                f"scoring.solo.{kind}",
                f"No row for emperor rank {', '.join(map(str, missing))}; ranks 1 to 5 are needed.",
                code="table_incomplete",
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
    for i, m in enumerate(v.scoring.multipliers):
        path = f"scoring.multipliers[{i}]"
        if m.event in seen:
            yield Problem(
                path,
                f"Event {m.event} already has a multiplier (row {seen[m.event]}); they would "
                "stack.",
                severity="warning",
                code="dup",
            )
        seen[m.event] = i
        if m.event in impossible:
            yield Problem(
                f"{path}.event",
                f"Event {m.event} cannot happen under this variant's declarations and bidding.",
                severity="warning",
                code="event_unreachable",
            )


def check_outcome_table(v: Variant) -> Iterator[Problem]:
    """A rank-table outcome covers the 10 pairs of royals' ranks once each."""
    outcome = v.scoring.outcome
    if outcome.method != "rank_table":
        if outcome.table:
            yield Problem(
                "scoring.outcome",
                f"The outcome method is {outcome.method}, so the rank table is never used.",
                severity="warning",
                code="table_unused",
            )
        return
    solo_seen = [row.emperor_rank for row in outcome.solo]
    if outcome.solo and sorted(solo_seen) != [1, 2, 3, 4, 5]:
        yield Problem(
            "scoring.outcome.solo",
            "The solo outcome table needs one row for each emperor rank 1 to 5.",
            code="table_incomplete",
        )
    seen: dict[tuple[int, ...], int] = {}
    for i, row in enumerate(outcome.table):
        key = tuple(sorted(row.ranks))
        if key[0] == key[1]:
            yield Problem(
                f"scoring.outcome.table[{i}].ranks",
                "Two royals cannot finish in the same place.",
                code="rank_clash",
            )
        elif key in seen:
            yield Problem(
                f"scoring.outcome.table[{i}]",
                f"Ranks {key} are already in row {seen[key]}.",
                code="row_duplicate",
            )
        seen[key] = i
    missing = [p for p in RANK_PAIRS if p not in seen]
    if missing:
        yield Problem(
            "scoring.outcome.table",
            "No outcome for the royals' ranks " + ", ".join(f"{a}+{b}" for a, b in missing) + ".",
            code="table_incomplete",
        )


def check_side_out_consistency(v: Variant) -> Iterator[Problem]:
    """Side-based outcomes need a game that ends when a side is out, and vice versa."""
    if v.scoring.outcome.method == "side_out" and v.end.when != "one_side_out":
        yield Problem(
            "scoring.outcome.method",
            "The outcome is decided by which side went out first, but end.when is "
            "all_but_one; set end.when to one_side_out.",
            code="side_out_mismatch",
        )
    if v.end.side_out_draw_if_first_other_side and v.end.when != "one_side_out":
        yield Problem(
            "end.side_out_draw_if_first_other_side",
            "This only applies when end.when is one_side_out.",
            severity="warning",
            code="side_out_mismatch",
        )


def _side_out_outcome(v: Variant, e: int, g: int) -> str:
    """The royals' outcome at ranks (e, g) when the side all out first wins (§6.4)."""
    royals_first = 5 not in (e, g)
    if v.end.side_out_draw_if_first_other_side and royals_first != (1 in (e, g)):
        return "draw"
    return "win" if royals_first else "lose"


def _disagreement(outcome: str, emperor: int, guard: int, rebels: int | None) -> str | None:
    """Why points contradict an outcome (RULES.md §8.5), or None when they agree.

    `rebels` None: the outcome follows the points themselves, so only the royals' signs
    are compared (the rebels' share is the zero-sum check's business)."""
    royals = emperor + guard
    if outcome == "win" and (royals <= 0 or emperor < 0 or guard < 0):
        return "the royals win here but do not score above 0"
    if outcome == "lose" and (royals >= 0 or emperor > 0 or guard > 0):
        return "the royals lose here but do not score below 0"
    if outcome == "draw" and (emperor, guard, rebels or 0) != (0, 0, 0):
        return "this is a draw but somebody scores points"
    return None


def check_outcome_agrees_with_points(v: Variant) -> Iterator[Problem]:
    """Win, draw and lose agree with the points (RULES.md §8.5): winners score above 0,
    losers below 0, and a draw scores 0 for everyone."""
    s = v.scoring
    method = s.outcome.method
    table_outcome = {tuple(sorted(r.ranks)): r.outcome for r in s.outcome.table}
    tables = [("two_person", s.two_person), ("two_person_guard_known", s.two_person_guard_known)]
    for name, table in tables:
        if table is None:
            continue
        for i, row in enumerate(table.rows):
            e, g = row.emperor_rank, row.guard_rank
            if e == g:
                continue
            if method == "side_out":
                outcome = _side_out_outcome(v, e, g)
                why = "the side all out first"
            elif method == "rank_table" and (min(e, g), max(e, g)) in table_outcome:
                outcome = table_outcome[(min(e, g), max(e, g))]
                why = "scoring.outcome.table"
            else:
                outcome = "win" if row.emperor > 0 else "draw" if row.emperor == 0 else "lose"
                why = "the emperor's points"
            rebels = None if why == "the emperor's points" else row.rebels
            reason = _disagreement(outcome, row.emperor, row.guard, rebels)
            if reason is not None:
                yield Problem(
                    f"scoring.{name}.rows[{i}]",
                    f"Emperor {e}, guard {g}: by {why} the outcome is {outcome}, but the row "
                    f"scores {row.emperor} / {row.guard} / {row.rebels}: {reason}. Change the "
                    "points or the outcome rule so that they agree.",
                    code="outcome_points_disagree",
                )
    solo_outcome = {r.emperor_rank: r.outcome for r in s.outcome.solo}
    for kind in ("open", "hidden"):
        for i, solo_row in enumerate(getattr(s.solo, kind)):
            found = solo_outcome.get(solo_row.emperor_rank)
            if found is None:
                continue
            reason = _disagreement(found, solo_row.emperor, 0, solo_row.others)
            if reason is not None:
                yield Problem(
                    f"scoring.solo.{kind}[{i}]",
                    f"Solo emperor {solo_row.emperor_rank}: scoring.outcome.solo says {found}, "
                    f"but the row scores {solo_row.emperor} / {solo_row.others}: {reason}.",
                    code="outcome_points_disagree",
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
                yield Problem(
                    f"{path}.{name}",
                    "This only applies to a forced round; set forced: true or remove it.",
                    severity="warning",
                    code="option_unused",
                )
    rebellion = v.declarations.rebellion
    if (
        rebellion is not None
        and rebellion.timing == "with_guard"
        and v.declarations.guard_reveal != "choice"
    ):
        yield Problem(
            "declarations.rebellion.timing",
            "The rebels choose at the same time as the guard only when the guard has a choice "
            "(guard_reveal: choice).",
            severity="warning",
            code="option_unused",
        )
    if v.play.wind_unclaimed != "next_player" and v.play.wind != "apply":
        yield Problem(
            "play.wind_unclaimed",
            "Nobody applies for the wind unless play.wind is apply.",
            severity="warning",
            code="option_unused",
        )
    money = v.scoring.money
    if money.quit_penalty_to != "nobody" and money.quit_penalty == 0:
        yield Problem(
            "scoring.money.quit_penalty_to",
            "There is no quit penalty to share (scoring.money.quit_penalty is 0).",
            severity="warning",
            code="option_unused",
        )
    solo = v.bidding.solo
    if solo.declared_requires != "nothing" and not solo.declared:
        yield Problem(
            "bidding.solo.declared_requires",
            "This only applies when a solo may be declared (bidding.solo.declared: true).",
            severity="warning",
            code="option_unused",
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
            yield Problem(
                path,
                f"This rule gives {given} card(s) but takes {taken}; tribute must neither create "
                "nor destroy cards.",
                code="tribute_unbalanced",
            )
        if rule.when.ranks is not None:
            if solo:
                yield Problem(
                    f"{path}.when.ranks",
                    "A solo game has no guard, so the royals' two ranks cannot be given.",
                    code="tribute_when",
                )
            elif rule.when.ranks[0] == rule.when.ranks[1]:
                yield Problem(
                    f"{path}.when.ranks",
                    "Two royals cannot finish in the same place.",
                    code="rank_clash",
                )
        for side, shares in (("give", rule.give), ("take", rule.take)):
            for j, share in enumerate(shares):
                if solo and share.who == "guard":
                    yield Problem(
                        f"{path}.{side}[{j}].who",
                        "A solo game has no guard.",
                        code="tribute_party",
                    )
    if v.tribute.paid_in is not None and deck_composition(v)[v.tribute.paid_in] == 0:
        yield Problem(
            "tribute.paid_in",
            f"Tribute is paid in {v.tribute.paid_in}, but the trims remove every "
            f"{v.tribute.paid_in}.",
            code="paid_in_removed",
        )


def check_shut_in_needs_hold_back(v: Variant) -> Iterator[Problem]:
    """A shut-in tribute needs a held-back rank that can shut a player in."""
    has_shut_in_rank = any(h.shut_in for h in v.play.hold_back)
    if v.tribute.shut_in is not None and not has_shut_in_rank:
        yield Problem(
            "tribute.shut_in",
            "A shut-in tribute is owed by players shut in with held-back cards, but no "
            "play.hold_back rank has shut_in: true.",
            code="shut_in_unreachable",
        )
    if has_shut_in_rank and v.end.when == "all_but_one" and v.tribute.shut_in is None:
        yield Problem(
            "play.hold_back",
            "Players can be shut in, but the variant names no shut-in tribute (tribute.shut_in).",
            severity="warning",
            code="shut_in_without_tribute",
        )


def _party_size(who: str, solo: bool) -> int:
    if who == "rebels":
        return 4 if solo else 3
    if who == "others":
        return 4
    return 1


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
    check_rebellion_possible,
    check_hold_back_ranks,
    check_top_card,
    check_special_beats,
    check_roast_order,
    check_two_person_tables,
    check_solo_tables,
    check_multipliers,
    check_outcome_table,
    check_side_out_consistency,
    check_outcome_agrees_with_points,
    check_options_that_apply,
    check_tribute_rules,
    check_shut_in_needs_hold_back,
)


def check_variant(variant: Variant) -> list[Problem]:
    """Run every cross-field check; errors and warnings in document order of the checks."""
    problems: list[Problem] = []
    for check in CHECKS:
        problems.extend(check(variant))
    return problems
