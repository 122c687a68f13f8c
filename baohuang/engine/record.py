"""Game records (docs/design.md §4, contract): JSON with variant, version, checksum, seed, actions.

A record replays to the same final state; replay stops at the first illegal action and
says which (its index) and why.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from baohuang.engine.actions import Action, ActionError, format_action, parse_action
from baohuang.engine.compiled import CompiledVariant
from baohuang.engine.deck import card_text
from baohuang.engine.deck_limits import deck_reason
from baohuang.engine.game import Game, IllegalAction
from baohuang.engine.reasons import Reason, code_of, params_of, reason, say
from baohuang.engine.tribute import TributePlan


@dataclass(frozen=True, slots=True)
class ReplayError:
    """Where and why a replay stopped."""

    index: int
    action: str
    reason: str

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form: ``reason`` in the active language, with its ``code`` and
        ``params`` (see :mod:`baohuang.engine.reasons`)."""
        return {
            "index": self.index,
            "action": self.action,
            "reason": say(self.reason),
            "code": code_of(self.reason),
            "params": params_of(self.reason),
        }


@dataclass(frozen=True, slots=True)
class Replay:
    """The outcome of replaying a record: the game as far as it got, and any error."""

    game: Game
    error: ReplayError | None

    @property
    def ok(self) -> bool:
        """True when every action was legal."""
        return self.error is None


def make_record(
    game: Game, variant_id: str | None = None, version: int | None = None
) -> dict[str, Any]:
    """The record of a game so far (complete once the game is finished)."""
    return {
        "variant": variant_id or game.cv.id,
        "version": version,
        "checksum": game.cv.checksum,
        "seed": game.seed,
        "dealer": game.dealer,
        "actions": [format_action(a) for a in game.history],
        **({"tribute": game.tribute_plan.as_dict()} if game.tribute_plan is not None else {}),
    }


def replay(
    cv: CompiledVariant,
    seed: int,
    actions: Iterable[str | Action],
    dealer: int | None = None,
    tribute: TributePlan | None = None,
) -> Replay:
    """Replay actions from a seed (and the tribute paid before a match game's bidding).

    Stops at the first action that cannot be read or applied, with its index and reason. A
    play the variant's deck cannot contain (a 3 where the 3s are removed, more copies of a
    card than the deck holds) is refused with what the deck holds
    (:func:`~baohuang.engine.deck_limits.deck_reason`), whoever plays it and whenever.
    """
    game = Game.new(cv, seed, dealer=dealer, tribute=tribute)
    for index, raw in enumerate(actions):
        try:
            action = parse_action(raw) if isinstance(raw, str) else raw
            if isinstance(action, tuple):
                not_in_deck = deck_reason(cv, action)
                if not_in_deck is not None:
                    raise IllegalAction(reason("not_in_deck", reason=not_in_deck))
            game.apply(action)
        except (ActionError, IllegalAction) as exc:
            text = raw if isinstance(raw, str) else format_action(raw)
            why = exc.args[0] if exc.args and isinstance(exc.args[0], Reason) else str(exc)
            return Replay(game, ReplayError(index, text, why))
    return Replay(game, None)


def replay_record(cv: CompiledVariant, record: dict[str, Any]) -> Replay:
    """Replay a record dict (the contract shape: seed, actions; dealer and tribute optional)."""
    plan = record.get("tribute")
    return replay(
        cv,
        int(record["seed"]),
        record["actions"],
        dealer=record.get("dealer"),
        tribute=TributePlan.from_dict(plan) if plan else None,
    )


def summary(game: Game) -> dict[str, Any]:
    """A JSON-ready summary of a game's end state: roles, finish, points, tribute.

    A game that ended in bidding with nobody ascending (a forfeit, a void deal) also says
    so (``ended``) and, for a forfeit, who lost it (``forfeiter``); other games leave
    both out."""
    out = game.outcome
    found = {
        "finished": game.finished,
        "phase": game.phase,
        "emperor": game.emperor if game.emperor >= 0 else None,
        "guard": game.guard,
        "solo": game.solo,
        "called_card": card_text(game.called_card) if game.called_card is not None else None,
        "events": list(game.events),
        "redeals": game.redeals,
        "finish": list(out.finish) if out else list(game.finish),
        "points": list(out.score.points) if out and out.score else None,
        "money": list(out.score.money) if out and out.score else None,
        "outcome": out.score.outcome if out and out.score else None,
        "multiplier": out.score.multiplier if out and out.score else None,
        "shut_in": list(out.shut_in) if out else [],
        "tribute": out.tribute.as_dict() if out else None,
        "unscored_reason": say(out.unscored_reason) if out and out.unscored_reason else None,
        "dissolved": bool(out and out.dissolved),
        "plays": game.plays,
        "actions": len(game.history),
    }
    if out is not None and out.ended != "play":
        found["ended"] = out.ended
        if out.forfeiter >= 0:
            found["forfeiter"] = out.forfeiter
    return found
