"""A second, deliberately simple scoring, written from docs/rules.md §7–§8 for the tests.

It reads the variant model itself (``variant.scoring`` rows and lists, ``variant.end``),
never the compiled variant's lookups and never a function of
:mod:`baohuang.engine.scoring`, so that a test comparing the two compares the engine with
the tables, not the engine with itself. Readable over fast: rows are found by walking the
lists, every step is one rule of docs/rules.md.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from baohuang.rules.model import SoloRow, TwoPersonRow, TwoPersonTable, Variant


@dataclass(frozen=True)
class ReferenceScore:
    """Points before and after the multiplier, the royals' outcome, the events that were
    multiplied (given and implied), and money per seat."""

    base_points: tuple[int, ...]
    points: tuple[int, ...]
    multiplier: int
    outcome: str
    events: tuple[str, ...]
    money: tuple[int, ...]


def reference_score(
    variant: Variant,
    *,
    emperor: int,
    guard: int | None,
    finish: Sequence[int],
    solo: str | None = None,
    events: Sequence[str] = (),
    automatic: Sequence[int] = (),
    quit: Sequence[int] = (),
    shut_in: Sequence[int] = (),
    game_ender: int | None = None,
    carried: Sequence[int] | None = None,
    base: int | None = None,
    table_fee: int | None = None,
) -> ReferenceScore:
    """Score one game: `finish` lists the five seats in the order they went out; `solo` is
    None, "open" or "hidden" (then `guard` is None); `events` are those of the game."""
    finish = list(finish)

    def rank(seat: int) -> int:
        return finish.index(seat) + 1

    if solo is not None:
        royals = [emperor]
    else:
        assert guard is not None
        royals = [emperor, guard]
    rebels = [seat for seat in range(5) if seat not in royals]
    given = list(events)

    # §8.1, §8.2, §8.4: the table row.
    base_points = [0] * 5
    if solo is not None:
        solo_rows = variant.scoring.solo.open if solo == "open" else variant.scoring.solo.hidden
        solo_row = _solo_row(solo_rows, rank(emperor))
        for seat in range(5):
            base_points[seat] = solo_row.emperor if seat == emperor else solo_row.others
    else:
        assert guard is not None
        # The guard is known to all: he opened, a rebellion revealed him, or the bidding
        # showed him (Weihai skip-one, event guard_known). Then the equal-shares table, if any.
        guard_known = any(e in given for e in ("open_guard", "rebellion", "guard_known"))
        table = variant.scoring.two_person
        if guard_known and variant.scoring.two_person_guard_known is not None:
            table = variant.scoring.two_person_guard_known
        row = _two_person_row(table, rank(emperor), rank(guard))
        for seat in range(5):
            if seat == emperor:
                base_points[seat] = row.emperor
            elif seat == guard:
                base_points[seat] = row.guard
            else:
                base_points[seat] = row.rebels

    # §8.5: the outcome for the royals.
    outcome = _outcome(variant, finish, royals, rebels, solo, rank, base_points[emperor])

    # §8.3: the events, with those implied by the roles and the outcome.
    all_events = list(given)
    if solo is not None:
        all_events += ["solo", "open_solo" if solo == "open" else "hidden_solo"]
    revealed = "open_guard" in given or "rebellion" in given
    hides_a_guard = solo is None or solo == "hidden"  # an open solo has nobody to reveal
    if revealed and hides_a_guard and "guard_known" not in given:
        all_events.append("guard_known")
    if "open_guard" in given and outcome == "win":
        all_events.append("open_guard_win")
    # Royals kick only after a rebellion, rebels only after an open guard (§4.6); a kick
    # succeeded (一方踢成功) when the side that kicked won.
    if "rebellion" in given:
        kickers_won = outcome == "win"
    elif "open_guard" in given:
        kickers_won = outcome == "lose"
    else:
        kickers_won = False  # nobody may kick: a kick here cannot have succeeded
    if kickers_won:
        all_events += ["kick_succeeded"] * given.count("kick")

    multiplier = 1
    for event in all_events:
        for m in variant.scoring.multipliers:
            if m.event == event:
                multiplier *= m.factor
    if variant.scoring.max_multiplier is not None:
        multiplier = min(multiplier, variant.scoring.max_multiplier)  # 封顶
    points = [p * multiplier for p in base_points]

    # §8.6: money.
    money_rules = variant.scoring.money
    unit = money_rules.base if base is None else base
    fee = money_rules.table_fee if table_fee is None else table_fee
    money = [unit * p for p in points]
    if money_rules.automatic_penalty:
        for seat in automatic:
            mates = [s for s in (royals if seat in royals else rebels) if s != seat]
            if not mates:
                # A solo emperor has no teammate: docs/rules.md §8.6 says he pays, split among his
                # teammates; with none the engine (and jj-standard's note) charges nothing.
                continue
            fine = money_rules.automatic_penalty * unit
            money[seat] -= fine
            _share_out(money, fine, mates)
    if money_rules.quit_penalty:
        for seat in quit:
            fine = money_rules.quit_penalty * unit
            money[seat] -= fine
            if money_rules.quit_penalty_to == "others":
                _share_out(money, fine, [s for s in range(5) if s != seat])
    if money_rules.shut_in_penalty:
        # 闷: the penalty goes to who shut him in (the game ender; unknown: the first out).
        to = money_rules.shut_in_penalty_to
        for seat in shut_in:
            fine = money_rules.shut_in_penalty * unit
            money[seat] -= fine
            if to == "nobody":
                continue
            receiver = game_ender if to == "game_ender" and game_ender is not None else finish[0]
            money[receiver] += fine
    if money_rules.cap_to_carried and carried is not None:
        # A winner wins at most what he carried; a loser loses at most what he carried.
        for seat in range(5):
            money[seat] = max(-carried[seat], min(money[seat], carried[seat]))
    money = [m - fee for m in money]

    return ReferenceScore(
        tuple(base_points), tuple(points), multiplier, outcome, tuple(all_events), tuple(money)
    )


def _two_person_row(table: TwoPersonTable, emperor_rank: int, guard_rank: int) -> TwoPersonRow:
    for row in table.rows:
        if (row.emperor_rank, row.guard_rank) == (emperor_rank, guard_rank):
            return row
    raise LookupError(f"no row for emperor {emperor_rank}, guard {guard_rank}")


def _solo_row(rows: Sequence[SoloRow], emperor_rank: int) -> SoloRow:
    for row in rows:
        if row.emperor_rank == emperor_rank:
            return row
    raise LookupError(f"no solo row for emperor {emperor_rank}")


def _outcome(
    variant: Variant,
    finish: list[int],
    royals: list[int],
    rebels: list[int],
    solo: str | None,
    rank: Callable[[int], int],
    emperor_points: int,
) -> str:
    by_points = "win" if emperor_points > 0 else "lose" if emperor_points < 0 else "draw"
    method = variant.scoring.outcome.method
    if solo is not None:
        # A solo game: the solo outcome table when given, else the emperor's points.
        for solo_row in variant.scoring.outcome.solo:
            if solo_row.emperor_rank == rank(royals[0]):
                return solo_row.outcome
        return by_points
    if method == "side_out":
        # §6.4: walk the finish order; the first side with every member out wins, unless
        # the draw rule applies and the first finisher was on the other side.
        out: set[int] = set()
        for seat in finish:
            out.add(seat)
            if all(s in out for s in royals):
                winners = "royals"
                break
            if all(s in out for s in rebels):
                winners = "rebels"
                break
        first_side = "royals" if finish[0] in royals else "rebels"
        if variant.end.side_out_draw_if_first_other_side and first_side != winners:
            return "draw"
        return "win" if winners == "royals" else "lose"
    if method == "rank_table":
        pair = sorted([rank(royals[0]), rank(royals[1])])
        for outcome_row in variant.scoring.outcome.table:
            if sorted(outcome_row.ranks) == pair:
                return outcome_row.outcome
        return by_points  # a complete table is a data check; a gap falls back to points
    return by_points


def _share_out(money: list[int], amount: int, receivers: Sequence[int]) -> None:
    """Split `amount` equally; the remainder goes one each to the first in seat order."""
    receivers = sorted(receivers)
    for i, seat in enumerate(receivers):
        money[seat] += amount // len(receivers) + (1 if i < amount % len(receivers) else 0)
