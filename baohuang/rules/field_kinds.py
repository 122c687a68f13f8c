"""Which fields of the variant language change the game and which only its settlement.

Every leaf field of :class:`~baohuang.rules.model.Variant` has one kind:

- ``play``: changes what is dealt, who may bid or declare what, which plays are legal or
  when the game ends. Two variants that differ here play different games.
- ``settlement``: read only after the last card, to turn a finished game into points, an
  outcome, money or tribute (scoring tables, multipliers, money, tribute, who counts as
  shut in). Two variants that differ only here play the *same* games from the same seeds;
  one simulation can be re-scored under the other.
- ``descriptive``: names, sources and notes; they change nothing.

The kinds are for comparing and re-scoring **simulations**, which play independent games
(every game from the variant's first dealer, no tribute carried over: see
:mod:`baohuang.simulation.runner`). Two kinds of field act only *between* games of a match
and are ``settlement`` here for that reason (listed in :data:`BETWEEN_GAMES`): the tribute
(in a match, tribute moves cards into the next game's hands) and ``deal.next_dealer``. A
field is classified ``play`` whenever in doubt: calling a settlement field ``play`` only
costs a second simulation, the other mistake would report a wrong result.

Paths are written like the validation errors' paths, with ``[]`` for "any item of a list"
(``bidding.flow[].rounds``). Alternatives of a union (the guard rule, the bidding steps)
share their list path; :func:`leaf_paths` walks the model, and a test checks that
:data:`FIELD_KINDS` classifies exactly the fields it finds.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterator, Mapping
from typing import Any, Literal, get_args, get_origin

from pydantic import BaseModel

from baohuang.rules.model import Variant

Kind = Literal["play", "settlement", "descriptive"]
KINDS: tuple[Kind, ...] = ("play", "settlement", "descriptive")

_P: Kind = "play"
_S: Kind = "settlement"
_D: Kind = "descriptive"

#: The kind of every leaf field of the language (**production source of truth**).
FIELD_KINDS: dict[str, Kind] = {
    # identity
    "schema_version": _D,
    "id": _D,
    "name.zh": _D,
    "name.en": _D,
    "source": _D,
    "notes": _D,
    "house_notes[].zh": _D,
    "house_notes[].en": _D,
    "house_notes[].about": _D,
    "house_notes[].checked": _D,
    # deck (§2.1): which cards are dealt
    "deck.decks": _P,
    "deck.remove[].rank": _P,
    "deck.remove[].count": _P,
    "deck.remove[].suits": _P,
    "deck.marks.emperor_card": _P,
    "deck.marks.guard_card": _P,
    # deal (§2.2)
    "deal.hand_sizes": _P,
    "deal.first_dealer": _P,
    # Who deals the next game of a match; simulations deal every game from first_dealer.
    "deal.next_dealer": _S,
    "deal.buy.rank": _P,
    "deal.buy.pay_with": _P,
    "deal.buy.pay_with_also": _P,
    "deal.buy.if_unable": _P,
    "deal.buy.seller": _P,
    # bidding (§4)
    "bidding.guard.by": _P,
    "bidding.guard.callable_ranks": _P,
    "bidding.guard.choice": _P,
    "bidding.guard.min_identical": _P,
    "bidding.guard.own_cards_callable": _P,
    "bidding.solo.declared": _P,
    "bidding.solo.hidden_allowed": _P,
    "bidding.solo.declared_requires": _P,
    "bidding.flow[].step": _P,
    "bidding.flow[].priority": _P,
    "bidding.flow[].takes_emperor_card": _P,
    "bidding.flow[].marks_void": _P,
    "bidding.flow[].requires": _P,
    "bidding.flow[].rounds": _P,
    "bidding.flow[].forced": _P,
    "bidding.flow[].forces": _P,
    "bidding.flow[].forced_exempt_own_guard": _P,
    "bidding.flow[].forced_exempt_four_identical": _P,
    "bidding.flow[].pass_to": _P,
    "bidding.flow[].pass_seats": _P,
    "bidding.flow[].when_holding_both": _P,
    "bidding.flow[].skip_one_to": _P,
    "bidding.flow[].skip_one_receiver": _P,
    "bidding.flow[].tip": _P,
    "bidding.flow[].tip_from_pass": _P,
    "bidding.flow[].tip_count": _P,
    "bidding.flow[].loser": _S,
    "bidding.flow[].others": _S,
    # declarations (§4.5–4.6)
    "declarations.guard_reveal": _P,
    "declarations.reveal_by_card": _P,
    "declarations.open_during_play": _P,
    "declarations.rebellion.threshold": _P,
    "declarations.rebellion.timing": _P,
    "declarations.rebel_declaration.timing": _P,
    "declarations.rebel_declaration.max_declarers": _P,
    "declarations.kick.royals_after_rebellion": _P,
    "declarations.kick.rebels_after_open_guard": _P,
    "declarations.kick.rebels_after_open_solo": _P,
    # play (§5–§7)
    "play.attach": _P,
    "play.top_card": _P,
    "play.top_card_in_set": _P,
    "play.marked_order": _P,
    "play.wild": _P,
    "play.special_beats[].rank": _P,
    "play.special_beats[].count": _P,
    "play.special_beats[].beats": _P,
    "play.hold_back[].rank": _P,
    "play.hold_back[].only_when_leading": _P,
    # Who counts as shut in (闷) is decided after the last card and only says who owes the
    # shut-in tribute of the next game: the held-back rank itself is play.
    "play.hold_back[].shut_in": _S,
    "play.hold_back[].shut_in_when": _S,
    "play.hold_back[].last_play_attach": _P,
    "play.wind": _P,
    "play.wind_unclaimed": _P,
    "play.defer": _P,
    "play.defer_passers": _P,
    "play.hard_pass": _P,
    "play.stacks[].cards": _P,
    "play.stacks[].above": _P,
    "play.stacks[].alone": _P,
    "play.stacks[].in_sets": _P,
    "play.roast.joker_order": _P,
    "play.roast.more_jokers": _P,
    "play.roast.plain_sets": _P,
    "play.bombs.min_count": _P,
    "play.bombs.beats": _P,
    "play.bombs.max_per_game": _P,
    "play.bombs.identical": _P,
    "play.automatic.lock_after": _P,
    "play.automatic.counted": _P,
    # Whether a game of five automatic seats counts at all: kept as play (conservative).
    "play.automatic.unscored_if_all": _P,
    # Whether the table dissolves (and the game is scored) after a seat ends on automatic:
    # read from who is on automatic at the end, which a stored result does not keep.
    "play.automatic.dissolve_if_any": _P,
    # end (§6.3–6.4)
    "end.when": _P,
    "end.open_solo_ends_on_other_first": _P,
    # Read only by the side-out outcome (a draw), never by the game itself.
    "end.side_out_draw_if_first_other_side": _S,
    "end.unfinished_order": _P,
    "end.shut_in_last": _P,
    # scoring (§8): all settlement
    "scoring.two_person.zero_sum": _S,
    "scoring.two_person.rows[].emperor_rank": _S,
    "scoring.two_person.rows[].guard_rank": _S,
    "scoring.two_person.rows[].emperor": _S,
    "scoring.two_person.rows[].guard": _S,
    "scoring.two_person.rows[].rebels": _S,
    "scoring.two_person_guard_known.zero_sum": _S,
    "scoring.two_person_guard_known.rows[].emperor_rank": _S,
    "scoring.two_person_guard_known.rows[].guard_rank": _S,
    "scoring.two_person_guard_known.rows[].emperor": _S,
    "scoring.two_person_guard_known.rows[].guard": _S,
    "scoring.two_person_guard_known.rows[].rebels": _S,
    "scoring.solo.open[].emperor_rank": _S,
    "scoring.solo.open[].emperor": _S,
    "scoring.solo.open[].others": _S,
    "scoring.solo.hidden[].emperor_rank": _S,
    "scoring.solo.hidden[].emperor": _S,
    "scoring.solo.hidden[].others": _S,
    "scoring.multipliers[].event": _S,
    "scoring.multipliers[].factor": _S,
    "scoring.max_multiplier": _S,
    "scoring.outcome.method": _S,
    "scoring.outcome.table[].ranks": _S,
    "scoring.outcome.table[].outcome": _S,
    "scoring.outcome.solo[].emperor_rank": _S,
    "scoring.outcome.solo[].outcome": _S,
    "scoring.money.base": _S,
    "scoring.money.table_fee": _S,
    "scoring.money.cap_to_carried": _S,
    "scoring.money.automatic_penalty": _S,
    "scoring.money.quit_penalty": _S,
    "scoring.money.quit_penalty_to": _S,
    "scoring.money.shut_in_penalty": _S,
    "scoring.money.shut_in_penalty_to": _S,
    # tribute (§9): moves cards only into the *next* game of a match; simulations play
    # independent games and never pay it, so for them it is settlement.
    "tribute.rules[].when.ranks": _S,
    "tribute.rules[].when.solo": _S,
    "tribute.rules[].when.outcome": _S,
    "tribute.rules[].when.guard": _S,
    "tribute.rules[].give[].who": _S,
    "tribute.rules[].give[].count": _S,
    "tribute.rules[].take[].who": _S,
    "tribute.rules[].take[].count": _S,
    "tribute.rules[].note": _S,
    "tribute.card": _S,
    "tribute.hand_over_marked": _S,
    "tribute.paid_in": _S,
    "tribute.handed": _S,
    "tribute.keeps_emperor_card": _S,
    "tribute.without_paid_in": _S,
    "tribute.shut_in.count": _S,
    "tribute.shut_in.card": _S,
    "tribute.shut_in.to": _S,
}

#: Settlement fields that would change play in a *match* (between games), never in a
#: simulation of independent games.
BETWEEN_GAMES: tuple[str, ...] = (
    "deal.next_dealer",
    "play.hold_back[].shut_in",
    "play.hold_back[].shut_in_when",
    "tribute",
)


def _models_in(annotation: Any) -> tuple[list[type[BaseModel]], bool]:
    """The pydantic models an annotation holds (through Optional, unions, Annotated), and
    whether it is a list of them."""
    origin = get_origin(annotation)
    if origin is typing.Annotated:
        return _models_in(get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType):
        found: list[type[BaseModel]] = []
        listed = False
        for arg in get_args(annotation):
            models, is_list = _models_in(arg)
            found.extend(models)
            listed = listed or is_list
        return found, listed
    if origin is list:
        models, _ = _models_in(get_args(annotation)[0])
        return models, bool(models)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation], False
    return [], False


def _walk(model: type[BaseModel], prefix: str) -> Iterator[str]:
    for name, info in model.model_fields.items():
        path = f"{prefix}.{name}" if prefix else name
        models, listed = _models_in(info.annotation)
        if not models:
            yield path
            continue
        inner = f"{path}[]" if listed else path
        for sub in models:
            yield from _walk(sub, inner)


def leaf_paths() -> list[str]:
    """Every leaf field of the language, in model order, without repeats."""
    return list(dict.fromkeys(_walk(Variant, "")))


def generic_path(path: str) -> str:
    """A concrete path with its list indices as ``[]``: ``a.b[3].c`` → ``a.b[].c``."""
    out = []
    i = 0
    while i < len(path):
        ch = path[i]
        if ch == "[":
            j = path.index("]", i)
            out.append("[]")
            i = j + 1
            continue
        out.append(ch)
        i += 1
    return "".join(out)


def kind_of(path: str) -> Kind:
    """The kind of a field or of a whole section (concrete or generic path).

    A section holding fields of several kinds is ``play`` if any is (a section that
    appears or disappears changes play when anything in it does), else ``settlement``
    if any is; an unknown path is ``play``.
    """
    generic = generic_path(path)
    found = FIELD_KINDS.get(generic)
    if found is not None:
        return found
    kinds = {
        kind
        for leaf, kind in FIELD_KINDS.items()
        if leaf.startswith(generic + ".") or leaf.startswith(generic + "[]")
    }
    if not kinds or "play" in kinds:
        return "play"
    return "settlement" if "settlement" in kinds else "descriptive"


def _differences(a: Any, b: Any, path: str, out: list[str]) -> None:
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        for key in list(dict.fromkeys([*a, *b])):
            sub = f"{path}.{key}" if path else str(key)
            if key not in a or key not in b:
                out.append(sub)
            else:
                _differences(a[key], b[key], sub, out)
        return
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        # A list of scalars is one leaf (deal.hand_sizes); a list of sections, item by item.
        if generic_path(path) in FIELD_KINDS:
            if a != b:
                out.append(path)
            return
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _differences(x, y, f"{path}[{i}]", out)
        return
    if a != b:
        out.append(path)


def differing_paths(a: Variant, b: Variant) -> list[str]:
    """Every path at which two variants differ (a whole list or section when its length or
    presence differs)."""
    out: list[str] = []
    _differences(a.model_dump(mode="json"), b.model_dump(mode="json"), "", out)
    return out


def play_fields_differ(a: Variant, b: Variant) -> list[str]:
    """The paths of the ``play`` fields in which two variants differ (empty: the same games)."""
    return [p for p in differing_paths(a, b) if kind_of(p) == "play"]


def settlement_fields_differ(a: Variant, b: Variant) -> list[str]:
    """The paths of the ``settlement`` fields in which two variants differ."""
    return [p for p in differing_paths(a, b) if kind_of(p) == "settlement"]
