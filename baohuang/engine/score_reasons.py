"""Why each seat got its points (docs/rules.md §8), in the game's words.

:func:`explain` tells a scored game's settlement as :class:`~baohuang.engine.reasons.Reason`
sentences: which row of which scoring table applied (by the royals' finish places, or the
emperor's place in a solo game) with its figures, each doubling that applied and the
multiplier they make, the points of each role as base × multiplier, and, when the variant
turns points into money, the stake, the table fee, the penalties for automatic play and for
quitting, and the cap to what a seat carried. Players shut in (闷) are named with what that
costs them (the points do not change; a shut-in tribute may be owed).

It walks the same tables and steps as :func:`~baohuang.engine.scoring.score` (the
doublings come from the score's own list of events) and is checked against it on random
games of every bundled variant (``tests/engine/test_score_reasons.py``); scoring itself
stays as fast as it was. The engine never names a variant: everything is read from the
compiled variant.
"""

from __future__ import annotations

from collections.abc import Sequence

from baohuang.engine.compiled import CompiledVariant
from baohuang.engine.reasons import Reason, joined, reason
from baohuang.engine.scoring import (
    GUARD_KNOWN_EVENTS,
    GameResult,
    Score,
    shut_in_penalty_receiver,
)
from baohuang.rules.words import event_word, place_word


def explain(
    cv: CompiledVariant,
    result: GameResult,
    score: Score,
    shut_in: Sequence[int] = (),
    base: int | None = None,
    table_fee: int | None = None,
) -> list[Reason]:
    """The sentences that say why each seat got ``score`` (``score(cv, result, base,
    table_fee)``): the table row, the doublings, each role's points, then money.

    ``shut_in`` are the seats shut in (闷) at the end of the game, if it had any.
    """
    said = [_row(cv, result), _doublings(cv, score)]
    said.extend(_roles(result, score))
    said.extend(_money(cv, result, score, base, table_fee))
    has_shut_in_tribute = cv.variant.tribute.shut_in is not None
    for seat in shut_in or result.shut_in:
        code = "score_shut_in_tribute" if has_shut_in_tribute else "score_shut_in"
        said.append(reason(code, seat=seat))
    return said


# --------------------------------------------------------------------------- the table row


def _place(place: int) -> Reason:
    return Reason("word_place", place_word(place, english=True), {"place": place})


def _event(event: str) -> Reason:
    return Reason("word_event", event_word(event, english=True), {"event": event})


def _row(cv: CompiledVariant, result: GameResult) -> Reason:
    """Which row of which table gave the base points (as :func:`scoring._base_points`)."""
    scoring = cv.variant.scoring
    e_rank = result.rank_of(result.emperor)
    if result.solo is not None:
        solo_rows = scoring.solo.open if result.solo == "open" else scoring.solo.hidden
        index, solo_row = next((i, r) for i, r in enumerate(solo_rows) if r.emperor_rank == e_rank)
        return reason(
            "score_row",
            case=reason(f"score_case_{result.solo}_solo", place=_place(e_rank)),
            table=reason(f"score_table_{result.solo}_solo"),
            row=index + 1,
            figures=reason("score_figures_solo", e=solo_row.emperor, o=solo_row.others),
        )
    guard = result.guard if result.guard is not None else result.emperor
    g_rank = result.rank_of(guard)
    known_table = scoring.two_person_guard_known
    known = known_table is not None and bool(GUARD_KNOWN_EVENTS & set(result.events))
    table = known_table if known_table is not None and known else scoring.two_person
    index, row = next(
        (i, r)
        for i, r in enumerate(table.rows)
        if (r.emperor_rank, r.guard_rank) == (e_rank, g_rank)
    )
    return reason(
        "score_row",
        case=reason("score_case_two", e=_place(e_rank), g=_place(g_rank)),
        table=reason("score_table_known" if known else "score_table_two"),
        row=index + 1,
        figures=reason("score_figures_two", e=row.emperor, g=row.guard, r=row.rebels),
    )


# --------------------------------------------------------------------------- doublings


def _doublings(cv: CompiledVariant, score: Score) -> Reason:
    """Each event of the score that changes the stake, with its factor, and the product."""
    # An event that happened several times (each bomb) is said once, with its count.
    counted: dict[str, int] = {}
    for event in score.events:
        if cv.multipliers.get(event, 1) != 1:
            counted[event] = counted.get(event, 0) + 1
    items = [
        reason("score_doubling", event=_event(event), factor=cv.multipliers[event])
        if times == 1
        else reason(
            "score_doubling_times", event=_event(event), factor=cv.multipliers[event], times=times
        )
        for event, times in counted.items()
    ]
    if not items:
        return reason("score_no_doubling")
    listed = joined("parts", items, ", ".join(items))
    product = 1
    for event in score.events:
        product *= cv.multipliers.get(event, 1)
    if product > score.multiplier:
        return reason(
            "score_doublings_capped", items=listed, product=product, multiplier=score.multiplier
        )
    return reason("score_doublings", items=listed, multiplier=score.multiplier)


# --------------------------------------------------------------------------- points by role


def _seats(seats: Sequence[int]) -> Reason:
    words = [reason("score_seat", seat=s) for s in seats]
    english = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
    return joined("names", words, english)


def _roles(result: GameResult, score: Score) -> list[Reason]:
    """One sentence per role: its seats, base points × multiplier = points."""
    emperor = result.emperor
    if result.guard is None:
        roles = [("emperor", [emperor]), ("other", [s for s in range(5) if s != emperor])]
    else:
        rebels = [s for s in range(5) if s not in (emperor, result.guard)]
        roles = [("emperor", [emperor]), ("guard", [result.guard]), ("rebel", rebels)]
    said = []
    for role, seats in roles:
        first = seats[0]
        said.append(
            reason(
                "score_role",
                role=reason(f"score_role_{role}"),
                seats=_seats(seats),
                base=score.base_points[first],
                multiplier=score.multiplier,
                points=score.points[first],
            )
        )
    return said


# --------------------------------------------------------------------------- money


def _money(
    cv: CompiledVariant,
    result: GameResult,
    score: Score,
    base: int | None,
    table_fee: int | None,
) -> list[Reason]:
    """Stake and fee, penalties and the cap, step by step as :func:`scoring.settle_money`
    takes them; the money per seat last, when it is not simply the points."""
    unit = cv.money_base if base is None else base
    fee = cv.table_fee if table_fee is None else table_fee
    said: list[Reason] = []
    if unit != 1 or fee != 0:
        said.append(reason("score_money_rate", base=unit, fee=fee))
    amounts = [unit * p for p in score.points]
    if cv.automatic_penalty:
        for seat in result.automatic:
            side = result.side_of(seat)
            mates = [s for s in range(5) if s != seat and result.side_of(s) == side]
            if not mates:
                said.append(reason("score_automatic_alone", seat=seat))
                continue
            fine = cv.automatic_penalty * unit
            _pay(amounts, seat, fine, mates)
            said.append(
                reason(
                    "score_automatic_fine",
                    seat=seat,
                    fine=fine,
                    penalty=cv.automatic_penalty,
                    mates=_seats(mates),
                )
            )
    if cv.quit_penalty:
        shared = cv.variant.scoring.money.quit_penalty_to == "others"
        for seat in result.quit:
            fine = cv.quit_penalty * unit
            _pay(amounts, seat, fine, [s for s in range(5) if s != seat] if shared else [])
            said.append(
                reason(
                    "score_quit_fine_shared" if shared else "score_quit_fine",
                    seat=seat,
                    fine=fine,
                    penalty=cv.quit_penalty,
                )
            )
    if cv.shut_in_penalty:
        for seat in result.shut_in:
            fine = cv.shut_in_penalty * unit
            receiver = shut_in_penalty_receiver(cv, result)
            _pay(amounts, seat, fine, [] if receiver is None else [receiver])
            if receiver is None:
                said.append(
                    reason(
                        "score_shut_in_fine_kept", seat=seat, fine=fine, penalty=cv.shut_in_penalty
                    )
                )
            else:
                said.append(
                    reason(
                        "score_shut_in_fine",
                        seat=seat,
                        fine=fine,
                        penalty=cv.shut_in_penalty,
                        receiver=receiver,
                    )
                )
    if cv.cap_to_carried:
        if result.carried is None:
            said.append(reason("score_cap_unknown"))
        else:
            for seat in range(5):
                carried = result.carried[seat]
                amount = amounts[seat]
                capped = min(amount, carried) if amount > 0 else max(amount, -carried)
                if capped != amount:
                    said.append(
                        reason("score_cap", seat=seat, carried=carried, before=amount, after=capped)
                    )
    if said and tuple(score.money) != tuple(score.points):
        figures = [str(m) for m in score.money]
        said.append(reason("score_money", money=joined("parts", figures, ", ".join(figures))))
    return said


def _pay(amounts: list[int], seat: int, fine: int, receivers: Sequence[int]) -> None:
    """``seat`` pays ``fine``, shared equally by ``receivers`` (the first get the rest)."""
    amounts[seat] -= fine
    if not receivers:
        return
    share, rest = divmod(fine, len(receivers))
    for i, receiver in enumerate(receivers):
        amounts[receiver] += share + (1 if i < rest else 0)


__all__ = ["explain"]
