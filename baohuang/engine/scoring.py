"""Scoring (docs/rules.md §8): points per seat from roles, finish order, solo kind and events.

Pure functions of a compiled variant and a :class:`GameResult`; usable without playing a
game (the API's score endpoint calls :func:`score` directly).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final, Literal

from baohuang.engine.compiled import CompiledVariant
from baohuang.engine.frozen import Frozen
from baohuang.rules.vocabulary import Event

Outcome = Literal["win", "draw", "lose"]
SoloKind = Literal["open", "hidden"]

#: The events after which every seat knows who the guard is (he opened, a rebellion named
#: him, or he became known otherwise): a two-person game then scores by the "guard known"
#: table (docs/rules.md §8.2). Scoring, its explanation and the narration read this one set.
GUARD_KNOWN_EVENTS: Final[frozenset[Event]] = frozenset({"open_guard", "rebellion", "guard_known"})


class ScoringError(ValueError):
    """The result cannot be scored (bad seats, not a permutation); the message says why.

    ``code`` names the problem for clients that write their own sentence (the API
    translates by it).
    """

    def __init__(self, message: str, path: str = "", code: str = "invalid") -> None:
        super().__init__(message)
        self.path = path
        self.code = code


class GameResult(Frozen):
    """What scoring needs to know about a finished game.

    `finish` lists all five seats in the order they went out (players still holding cards
    at an early end are already ranked by the variant's `end.unfinished_order`). `events`
    may repeat an event (two kicks double twice).
    """

    FIELDS: ClassVar[tuple[str, ...]] = (
        "emperor",
        "guard",
        "finish",
        "solo",
        "events",
        "automatic",
        "carried",
        "quit",
        "shut_in",
        "game_ender",
    )
    emperor: Final[int]
    guard: Final[int | None]
    finish: Final[tuple[int, ...]]
    solo: Final[SoloKind | None]
    events: Final[tuple[Event, ...]]
    automatic: Final[tuple[int, ...]]
    carried: Final[tuple[int, ...] | None]
    quit: Final[tuple[int, ...]]
    shut_in: Final[tuple[int, ...]]
    game_ender: Final[int | None]

    def __init__(
        self,
        emperor: int,
        guard: int | None,
        finish: tuple[int, ...],
        solo: SoloKind | None = None,
        events: tuple[Event, ...] = (),
        automatic: tuple[int, ...] = (),
        carried: tuple[int, ...] | None = None,
        quit: tuple[int, ...] = (),
        shut_in: tuple[int, ...] = (),
        game_ender: int | None = None,
    ) -> None:
        self.emperor = emperor
        self.guard = guard
        self.finish = finish
        self.solo = solo
        self.events = events
        self.automatic = automatic
        self.carried = carried
        self.quit = quit
        self.shut_in = shut_in
        self.game_ender = game_ender

    def rank_of(self, seat: int) -> int:
        """Finish rank of a seat, 1 = first out."""
        return self.finish.index(seat) + 1

    def side_of(self, seat: int) -> Literal["royals", "rebels"]:
        """Which side a seat played on."""
        return "royals" if seat == self.emperor or seat == self.guard else "rebels"


class Score(Frozen):
    """Points (and money) per seat, the royals' outcome and the stake multiplier."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "points",
        "base_points",
        "multiplier",
        "outcome",
        "events",
        "money",
    )
    points: Final[tuple[int, ...]]
    base_points: Final[tuple[int, ...]]
    multiplier: Final[int]
    outcome: Final[Outcome]
    events: Final[tuple[Event, ...]]
    money: Final[tuple[int, ...]]

    def __init__(
        self,
        points: tuple[int, ...],
        base_points: tuple[int, ...],
        multiplier: int,
        outcome: Outcome,
        events: tuple[Event, ...],
        money: tuple[int, ...] = (),
    ) -> None:
        self.points = points
        self.base_points = base_points
        self.multiplier = multiplier
        self.outcome = outcome
        self.events = events
        self.money = money


def make_result(
    emperor: int,
    guard: int | None,
    finish: Sequence[int],
    solo: SoloKind | None = None,
    events: Sequence[Event] = (),
    automatic: Sequence[int] = (),
    carried: Sequence[int] | None = None,
    quit: Sequence[int] = (),
    shut_in: Sequence[int] = (),
    game_ender: int | None = None,
) -> GameResult:
    """Check the inputs of a result and build it; ScoringError names the bad field."""
    if sorted(finish) != [0, 1, 2, 3, 4]:
        raise ScoringError(
            "The finish order must list each seat 0–4 exactly once, in the order they went out.",
            "finish",
            "finish_order",
        )
    if not 0 <= emperor <= 4:
        raise ScoringError("The emperor must be a seat from 0 to 4.", "emperor", "emperor_seat")
    if solo is None:
        if guard is None:
            raise ScoringError(
                "A game with a guard needs his seat; for a solo game set solo.",
                "guard",
                "guard_missing",
            )
        if not 0 <= guard <= 4:
            raise ScoringError("The guard must be a seat from 0 to 4.", "guard", "guard_seat")
        if guard == emperor:
            raise ScoringError(
                "The guard cannot be the emperor; an emperor who is his own guard plays solo.",
                "guard",
                "guard_is_emperor",
            )
    elif guard is not None and guard != emperor:
        raise ScoringError(
            "A solo game has no guard: set guard to null.", "guard", "solo_has_guard"
        )
    if carried is not None and len(carried) != 5:
        raise ScoringError("Give the carried amount of all five seats.", "carried", "carried_seats")
    for seat in automatic:
        if not 0 <= seat <= 4:
            raise ScoringError(
                "Automatic seats must be seats from 0 to 4.", "automatic", "automatic_seat"
            )
    for seat in quit:
        if not 0 <= seat <= 4:
            raise ScoringError("Seats that quit must be seats from 0 to 4.", "quit", "quit_seat")
    for seat in shut_in:
        if not 0 <= seat <= 4:
            raise ScoringError(
                "Seats shut in must be seats from 0 to 4.", "shut_in", "shut_in_seat"
            )
    if game_ender is not None and not 0 <= game_ender <= 4:
        raise ScoringError(
            "The player who ended the game must be a seat from 0 to 4.",
            "game_ender",
            "game_ender_seat",
        )
    return GameResult(
        emperor,
        None if solo is not None else guard,
        tuple(finish),
        solo,
        tuple(events),
        tuple(automatic),
        tuple(carried) if carried is not None else None,
        tuple(quit),
        tuple(shut_in),
        game_ender,
    )


def side_out_outcome(cv: CompiledVariant, result: GameResult) -> Outcome:
    """Outcome when the side that is all out first wins (docs/rules.md §6.4)."""
    royals = [result.emperor] if result.guard is None else [result.emperor, result.guard]
    royal_last = max(result.rank_of(s) for s in royals)
    rebel_last = max(result.rank_of(s) for s in range(5) if s not in royals)
    royals_first = royal_last < rebel_last
    first_is_royal = result.finish[0] in royals
    if cv.side_out_draw_if_first_other_side and royals_first != first_is_royal:
        return "draw"
    return "win" if royals_first else "lose"


def _base_points(cv: CompiledVariant, result: GameResult, guard_known: bool) -> list[int]:
    points = [0] * 5
    e_rank = result.rank_of(result.emperor)
    if result.solo is not None:
        table = cv.solo_open if result.solo == "open" else cv.solo_hidden
        emperor_pts, others = table[e_rank]
        for seat in range(5):
            points[seat] = emperor_pts if seat == result.emperor else others
        return points
    if result.guard is None:
        raise ScoringError(
            "A game with a guard needs his seat; for a solo game set solo.",
            "guard",
            "guard_missing",
        )
    g_rank = result.rank_of(result.guard)
    table2 = (
        cv.two_person_guard_known if guard_known and cv.two_person_guard_known else cv.two_person
    )
    emperor_pts, guard_pts, rebels = table2[(e_rank, g_rank)]
    for seat in range(5):
        if seat == result.emperor:
            points[seat] = emperor_pts
        elif seat == result.guard:
            points[seat] = guard_pts
        else:
            points[seat] = rebels
    return points


def outcome_of(cv: CompiledVariant, result: GameResult, base: Sequence[int]) -> Outcome:
    """The royals' win, draw or loss by the variant's outcome method (docs/rules.md §8.5)."""
    if cv.outcome_method == "side_out" and result.solo is None:
        return side_out_outcome(cv, result)
    if result.solo is not None and cv.solo_outcome:
        solo_found = cv.solo_outcome.get(result.rank_of(result.emperor))
        if solo_found is not None:
            return solo_found
    if cv.outcome_method == "rank_table" and result.guard is not None:
        pair = tuple(sorted((result.rank_of(result.emperor), result.rank_of(result.guard))))
        found = cv.outcome_table.get(pair)
        if found is not None:
            return found
    e = base[result.emperor]
    return "win" if e > 0 else "draw" if e == 0 else "lose"


def all_events(cv: CompiledVariant, result: GameResult, outcome: Outcome) -> tuple[Event, ...]:
    """The given events plus those implied by the roles and the outcome."""
    events = list(result.events)
    has = set(events)
    if result.solo is not None:
        events.append("solo")
        events.append("open_solo" if result.solo == "open" else "hidden_solo")
    known = "open_guard" in has or "rebellion" in has
    two_or_hidden_solo = result.guard is not None or result.solo == "hidden"
    if two_or_hidden_solo and known and "guard_known" not in has:
        events.append("guard_known")
    if "open_guard" in has and outcome == "win":
        events.append("open_guard_win")
    kicks = events.count("kick")
    if kicks:
        # Royals kick only after a rebellion, rebels only after an open guard (docs/rules.md
        # §4.6): a kick succeeded (一方踢成功) when the side that kicked won the game.
        kickers_won = outcome == "win" if "rebellion" in has else outcome == "lose"
        if kickers_won:
            events.extend(["kick_succeeded"] * kicks)
    return tuple(events)


def score(
    cv: CompiledVariant, result: GameResult, base: int | None = None, table_fee: int | None = None
) -> Score:
    """Score a finished game: table lookup, outcome, multipliers, then money."""
    guard_known = result.guard is not None and bool(GUARD_KNOWN_EVENTS & set(result.events))
    base_pts = _base_points(cv, result, guard_known)
    outcome = outcome_of(cv, result, base_pts)
    events = all_events(cv, result, outcome)
    multiplier = 1
    for event in events:
        multiplier *= cv.multipliers.get(event, 1)
    cap = cv.max_multiplier
    if cap is not None and multiplier > cap:
        multiplier = cap  # 封顶
    points = tuple(p * multiplier for p in base_pts)
    money = settle_money(cv, result, points, base, table_fee)
    return Score(points, tuple(base_pts), multiplier, outcome, events, money)


def settle_money(
    cv: CompiledVariant,
    result: GameResult,
    points: Sequence[int],
    base: int | None = None,
    table_fee: int | None = None,
) -> tuple[int, ...]:
    """Money per seat: base × points − table fee, with penalties and caps (docs/rules.md §8.6)."""
    unit = cv.money_base if base is None else base
    fee = cv.table_fee if table_fee is None else table_fee
    money = [unit * p for p in points]
    if cv.automatic_penalty:
        for seat in result.automatic:
            mates = _teammates(result, seat)
            if not mates:
                continue
            fine = cv.automatic_penalty * unit
            money[seat] -= fine
            share, rest = divmod(fine, len(mates))
            for i, mate in enumerate(mates):
                money[mate] += share + (1 if i < rest else 0)
    if cv.quit_penalty:
        # Quitting a game in progress costs the quitter (强行退出…将被扣去40分); only if
        # the variant says so do the other four share it.
        shared = cv.variant.scoring.money.quit_penalty_to == "others"
        for seat in result.quit:
            fine = cv.quit_penalty * unit
            money[seat] -= fine
            if not shared:
                continue
            others = [s for s in range(5) if s != seat]
            share, rest = divmod(fine, len(others))
            for i, other in enumerate(others):
                money[other] += share + (1 if i < rest else 0)
    if cv.shut_in_penalty:
        for seat in result.shut_in:
            money[seat] -= cv.shut_in_penalty * unit
            receiver = shut_in_penalty_receiver(cv, result)
            if receiver is not None:
                money[receiver] += cv.shut_in_penalty * unit
    if cv.cap_to_carried and result.carried is not None:
        for seat in range(5):
            carried = result.carried[seat]
            money[seat] = (
                min(money[seat], carried) if money[seat] > 0 else max(money[seat], -carried)
            )
    return tuple(m - fee for m in money)


def shut_in_penalty_receiver(cv: CompiledVariant, result: GameResult) -> int | None:
    """Who receives a shut-in penalty (`money.shut_in_penalty_to`): the player whose
    going out ended the game (the first finisher when that is not known), the first
    finisher, or nobody."""
    to = cv.variant.scoring.money.shut_in_penalty_to
    if to == "nobody":
        return None
    if to == "game_ender" and result.game_ender is not None:
        return result.game_ender
    return result.finish[0]


def _teammates(result: GameResult, seat: int) -> list[int]:
    side = result.side_of(seat)
    return [s for s in range(5) if s != seat and result.side_of(s) == side]
