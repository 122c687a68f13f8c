"""Settlement (docs/rules.md §8–§9): the end of a game — finish order, 闷, score and tribute owed.

When play ends (or the game is abandoned), :func:`settle` ranks the seats still holding
cards, finds who was shut in with held-back cards, scores the result and plans the
tribute the next game pays. A game where all five seats were on automatic play, or that
nobody ascended in after many redeals, ends unscored. A game that ends with a seat on
automatic play dissolves the table where `automatic.dissolve_if_any` says so (解散: a
match ends with it), scored or not as that field says. A game nobody ascended in whose
bidding flow ends in a forfeit or a void deal ends in bidding (:func:`settle_no_emperor`):
scored, without a finish order, owing no tribute.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final, Literal

from baohuang.engine.frozen import Frozen
from baohuang.engine.plays import is_legal_fast, whole_hand
from baohuang.engine.reasons import Reason, reason
from baohuang.engine.scoring import GameResult, Score, make_result, score
from baohuang.engine.table import Table
from baohuang.engine.tribute import TributePlan, plan_tribute
from baohuang.engine.trickplay import TrickPlay
from baohuang.rules.model import ForfeitStep


class Settlement(Frozen):
    """How a finished game ended: scores, tribute owed, and what happened."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "finish",
        "score",
        "tribute",
        "shut_in",
        "unscored_reason",
        "dissolved",
        "game_ender",
        "ended",
        "forfeiter",
    )
    finish: Final[tuple[int, ...]]
    score: Final[Score | None]
    tribute: Final[TributePlan]
    shut_in: Final[tuple[int, ...]]
    unscored_reason: Final[Reason | None]
    dissolved: Final[bool]
    """The table is dissolved after this game (解散, `automatic.dissolve_if_any`): no next game."""
    game_ender: Final[int | None]
    ended: Final[str]
    """How the game ended: 'play', or in bidding with nobody ascending: 'forfeit' (弃皇者负)
    or 'void' (本局作废; every seat scores 0)."""
    forfeiter: Final[int]
    """In a forfeit, the seat that first gave up the throne and loses; else -1."""

    def __init__(
        self,
        finish: tuple[int, ...],
        score: Score | None,
        tribute: TributePlan,
        shut_in: tuple[int, ...],
        unscored_reason: Reason | None = None,
        dissolved: bool = False,
        game_ender: int | None = None,
        ended: str = "play",
        forfeiter: int = -1,
    ) -> None:
        self.finish = finish
        self.score = score
        self.tribute = tribute
        self.shut_in = shut_in
        self.unscored_reason = unscored_reason
        self.dissolved = dissolved
        self.game_ender = game_ender
        self.ended = ended
        self.forfeiter = forfeiter


def unscored(reason: Reason) -> Settlement:
    """The outcome of a game abandoned before play (no finish, no score, no tribute)."""
    return Settlement((), None, TributePlan(), (), reason)


def settle_no_emperor(table: Table, step: ForfeitStep | None, forfeiter: int) -> Settlement:
    """A game that ends in bidding, nobody ascending: a forfeit by `forfeiter` with the
    step's own points (`step`), or a void deal (`step` None) scoring 0 for everyone.

    No multiplier applies, no tribute is owed and there is no finish order; money is the
    points times the base, less the table fee.
    """
    cv = table.cv
    if step is None:
        points: tuple[int, ...] = (0, 0, 0, 0, 0)
        outcome: Literal["win", "draw", "lose"] = "draw"
        ended = "void"
        forfeiter = -1
    else:
        points = tuple(step.loser if s == forfeiter else step.others for s in range(5))
        outcome = "lose"
        ended = "forfeit"
    money = tuple(cv.money_base * p - cv.table_fee for p in points)
    s = Score(points, points, 1, outcome, tuple(table.events), money)
    return Settlement((), s, TributePlan(), (), None, ended=ended, forfeiter=forfeiter)


def game_result(
    table: Table,
    finish: Sequence[int],
    shut_in: Sequence[int] = (),
    game_ender: int | None = None,
) -> GameResult:
    """What scoring needs: the roles, the full finish order, events, seats on automatic,
    and the seats shut in (闷) with the player whose going out ended the game."""
    return make_result(
        table.emperor,
        table.guard,
        finish,
        solo=table.solo,
        events=table.events,
        automatic=tuple(s for s in range(5) if table.auto_spells[s] > 0),
        shut_in=shut_in,
        game_ender=game_ender,
    )


def settle(table: Table, play: TrickPlay, on_automatic: Sequence[int]) -> Settlement:
    """Score a game whose play has ended; `on_automatic` are the seats on 托管 at the end."""
    finish = full_finish(table, play)
    shut_in = tuple(s for s in range(5) if not play.out[s] and shut_in_with(table, play, s, None))
    # 若所有玩家都在托管状态，则该局游戏不予计分: "in 托管 state" when the game ends,
    # i.e. in a spell of automatic play or locked on, not only locked.
    automatic = table.cv.variant.play.automatic
    dissolved = bool(on_automatic) and automatic.dissolve_if_any != "no"
    if dissolved and automatic.dissolve_if_any == "unscored":
        return Settlement(
            tuple(finish), None, TributePlan(), shut_in, reason("unscored_dissolved"), True
        )
    if len(on_automatic) == 5 and automatic.unscored_if_all:
        return Settlement(
            tuple(finish),
            None,
            TributePlan(),
            shut_in,
            reason("unscored_all_automatic"),
            dissolved,
        )
    result = game_result(table, finish)
    s = score(table.cv, result)
    shut_in = tuple(s_ for s_ in shut_in if shut_in_with(table, play, s_, s.outcome))
    game_ender = play.finish[-1]  # the play ends only when a seat goes out
    if shut_in:
        if table.cv.variant.end.shut_in_last:
            # 闷: ranked last of those still holding cards, then scored on that order.
            finish = [x for x in finish if x not in shut_in] + [x for x in finish if x in shut_in]
        # The penalty moves money only, so the outcome that decided who was shut in stands.
        result = game_result(table, finish, shut_in, game_ender)
        s = score(table.cv, result)
    plan = plan_tribute(
        table.cv,
        result,
        s.outcome,
        guard_open=table.guard_open,
        shut_in=shut_in,
        game_ender=game_ender,
    )
    return Settlement(tuple(finish), s, plan, shut_in, None, dissolved, game_ender)


def full_finish(table: Table, play: TrickPlay) -> list[int]:
    """The finish order with the seats still holding cards ranked by `end.unfinished_order`."""
    order = list(play.finish)
    start = play.finish[-1]  # the play ends only when a seat goes out
    fewest = table.cv.variant.end.unfinished_order == "fewest_cards"
    # One int per seat still holding cards, sorted as (cards held, seats after `start`):
    # the distance (1–4) is below 8 and names the seat.
    keys: list[int] = []
    for s in range(5):
        if not play.out[s]:
            distance = (s - start) % 5
            keys.append(sum(play.counts[s]) * 8 + distance if fewest else distance)
    keys.sort()
    for key in keys:
        order.append((start + key % 8) % 5)
    return order


def shut_in_with(table: Table, play: TrickPlay, seat: int, outcome: str | None) -> bool:
    """闷: caught with held-back cards at the end (docs/rules.md §6.2, `shut_in_when`).

    `outcome` is the royals' (None before scoring: then a loss is not required)."""
    row = play.counts[seat]
    for h in table.cv.hold_back:
        if not (h.shut_in and row[h.rank]):
            continue
        if h.shut_in_when == "still_holding":
            return True
        if h.shut_in_when == "lost_down_to_them" and outcome is not None:
            royal = seat == table.emperor or seat == table.guard
            if outcome != ("lose" if royal else "win"):
                continue  # his side did not lose: nobody shut him in
        # Down to them: what he holds is his last play, which he never got to make.
        whole = whole_hand(row)
        if is_legal_fast(whole, table.cv.play) and (h.last_play_attach or len(set(whole)) == 1):
            return True
    return False
