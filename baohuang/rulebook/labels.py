"""The game-term names of the variant language's fields and values, in both languages.

Shared by the rulebook and by the diff's change sentences. English is the source text; the
Chinese is in ``baohuang/rulebook/locale/zh_Hans/LC_MESSAGES/django.po``, and for the field
names, which are written on the model (:mod:`baohuang.rules.fields`), in the rules
package's catalog. Both functions answer in the active language (wrap calls in
:func:`baohuang.i18n.speaking`).

Paths are written as the diff writes them: ``scoring.two_person.rows[3].guard``,
``play.hold_back[0].rank``, ``bidding.flow[1].tip``. List indexes are ignored. The members
of a union (the steps of ``bidding.flow``, the two guard rules of ``bidding.guard``) have no
field name in common except their discriminator (``step``, ``by``), so a member's field is
found by its name alone; a path may also name the member after the list or the union, as in
``bidding.flow[].offer_throne.tip`` or ``bidding.guard.called_card.choice`` (the member name
is skipped). An unknown path gets the label of its nearest known ancestor (the empty path:
"the whole rule set").

- :func:`field_label` — the name of a field (``scoring.two_person.rows[3].guard`` →
  ``侍卫得分`` / ``guard's points``).
- :func:`value_text` — a value of that field in words: enum values as words, booleans as
  是/否, finish places as 头客 … 大落, ranks as card names (大王, 小王, J …), lists joined,
  ``None`` as 无 / none, a whole list item (a dict) as ``label：value；…``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

from baohuang.i18n import ensure_configured
from baohuang.rules.fields import language_fields
from baohuang.rules.texts import LazyText

__all__ = [
    "ENUM_WORDS",
    "FIELD_LABELS",
    "event_name",
    "field_label",
    "normalize_path",
    "outcome_name",
    "party_name",
    "place_name",
    "rank_name",
    "suit_name",
    "value_text",
]


# --------------------------------------------------------------------------- shared words

#: Card ranks as a player names them. Plain ranks keep their face (J, Q, K, A).
RANK_WORDS: dict[str, Promise | str] = {
    **{r: r for r in ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")},
    "SJ": pgettext_lazy("card", "small joker"),
    "BJ": pgettext_lazy("card", "big joker"),
    "TOP": pgettext_lazy("card", "top card"),
    "TOP2": pgettext_lazy("card", "higher top card"),
}
SUIT_WORDS: dict[str, Promise] = {
    "s": pgettext_lazy("suit", "spades"),
    "h": pgettext_lazy("suit", "hearts"),
    "c": pgettext_lazy("suit", "clubs"),
    "d": pgettext_lazy("suit", "diamonds"),
}
#: Finish places 1 … 5 (头客 … 大落).
PLACE_WORDS: dict[int, Promise] = {
    1: pgettext_lazy("place", "1st out"),
    2: pgettext_lazy("place", "2nd out"),
    3: pgettext_lazy("place", "3rd out"),
    4: pgettext_lazy("place", "4th out"),
    5: pgettext_lazy("place", "5th out"),
}
EVENT_WORDS: dict[str, Promise] = {
    "open_guard": pgettext_lazy("event", "an open guard"),
    "open_guard_win": pgettext_lazy("event", "an open guard who wins"),
    "rebellion": pgettext_lazy("event", "a successful rebellion"),
    "kick": pgettext_lazy("event", "a kick"),
    "kick_succeeded": pgettext_lazy("event", "a kick by the side that wins"),
    "solo": pgettext_lazy("event", "a solo game"),
    "open_solo": pgettext_lazy("event", "an open solo"),
    "hidden_solo": pgettext_lazy("event", "a hidden solo"),
    "grabbed_solo": pgettext_lazy("event", "a grabbed solo"),
    "guard_known": pgettext_lazy("event", "the guard known to all"),
    "bomb": pgettext_lazy("event", "each bomb played"),
    "rebel_declared": pgettext_lazy("event", "each rebel who declares himself"),
}
PARTY_WORDS: dict[str, Promise] = {
    "emperor": pgettext_lazy("party", "the emperor"),
    "guard": pgettext_lazy("party", "the guard"),
    "rebels": pgettext_lazy("party", "each rebel"),
    "others": pgettext_lazy("party", "each of the other four"),
    "first": pgettext_lazy("party", "the 1st out"),
    "second": pgettext_lazy("party", "the 2nd out"),
    "third": pgettext_lazy("party", "the 3rd out"),
    "fourth": pgettext_lazy("party", "the 4th out"),
    "fifth": pgettext_lazy("party", "the 5th out"),
}
OUTCOME_WORDS: dict[str, Promise] = {
    "win": pgettext_lazy("outcome", "win"),
    "draw": pgettext_lazy("outcome", "draw"),
    "lose": pgettext_lazy("outcome", "lose"),
}
_PLACE_PARTY = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}

# --------------------------------------------------------------------------- field labels

#: Field path (no indexes, no union member names) → its name in the game's terms, read from
#: the model (each field's :class:`~baohuang.rules.model.FieldMeta`, the one place a field's
#: words are written); the empty path is the whole rule set.
FIELD_LABELS: dict[str, Promise | LazyText] = {
    "": pgettext_lazy("field", "The whole rule set"),
    **{field.key: field.label for field in language_fields()},
}

# --------------------------------------------------------------------------- enum words

_SOLO_NEEDS = {
    "nothing": pgettext_lazy("solo needs", "nothing"),
    "four_identical": pgettext_lazy("solo needs", "four identical cards"),
}
_DIRECTION = {
    "upstream": pgettext_lazy("direction", "the player upstream"),
    "downstream": pgettext_lazy("direction", "the player downstream"),
}
_RANK_VALUES = dict(RANK_WORDS)

#: Field path → {value → words}: every value of every enum (``Literal``) of the language.
ENUM_WORDS: dict[str, Mapping[Any, Promise | str]] = {
    "schema_version": {1: "1"},
    "deck.remove.rank": _RANK_VALUES,
    "deck.remove.suits": SUIT_WORDS,
    "deck.marks.emperor_card": _RANK_VALUES,
    "deck.marks.guard_card": _RANK_VALUES,
    "deal.next_dealer": {
        "first_finisher": pgettext_lazy("next dealer", "the previous game's 1st out"),
        "previous_emperor": pgettext_lazy("next dealer", "the previous game's emperor"),
        "next_seat": pgettext_lazy("next dealer", "the seat after the previous game's dealer"),
        "fixed": pgettext_lazy("next dealer", "the same seat every game"),
    },
    "deal.buy.rank": _RANK_VALUES,
    "deal.buy.pay_with": _RANK_VALUES,
    "deal.buy.pay_with_also": _RANK_VALUES,
    "deal.buy.if_unable": {
        "gift": pgettext_lazy("buy", "is given one"),
        "skip": pgettext_lazy("buy", "goes without"),
    },
    "deal.buy.seller": {
        "most_held": pgettext_lazy("buy", "the player holding the most of them"),
    },
    "bidding.guard.by": {
        "fixed_card": pgettext_lazy("guard", "fixed guard: whoever holds the guard card"),
        "called_card": pgettext_lazy("guard", "called guard"),
    },
    "bidding.guard.callable_ranks": _RANK_VALUES,
    "bidding.guard.choice": {
        "highest": pgettext_lazy("call", "the highest must be called"),
        "free": pgettext_lazy("call", "the emperor chooses"),
    },
    "bidding.solo.declared_requires": _SOLO_NEEDS,
    "bidding.flow.step": {
        "grab_solo": pgettext_lazy("step", "grabbing the solo"),
        "offer_throne": pgettext_lazy("step", "ascending or abdicating"),
        "redeal": pgettext_lazy("step", "redeal"),
        "forfeit": pgettext_lazy("step", "forfeit: the first to give up the throne loses"),
        "void": pgettext_lazy("step", "void deal: 0 for everyone, no redeal"),
    },
    "bidding.flow.priority": {
        "emperor_then_upstream": pgettext_lazy(
            "grab", "the emperor card holder first, then the nearest upstream"
        ),
        "first_claim": pgettext_lazy("grab", "the first to claim"),
    },
    "bidding.flow.requires": {
        "nothing": pgettext_lazy("grab needs", "anyone"),
        "four_identical": pgettext_lazy("grab needs", "only a player with four identical cards"),
    },
    "bidding.flow.forces": {
        "everyone": pgettext_lazy("forced", "everyone who can ascend"),
        "first_decliner": pgettext_lazy("forced", "only the first who abdicated"),
    },
    "bidding.flow.pass_to": _DIRECTION,
    "bidding.flow.when_holding_both": {
        "pass_on": pgettext_lazy("both cards", "passes like anyone else"),
        "skip_one": pgettext_lazy("both cards", "may pass to the player two seats on"),
        "choice": pgettext_lazy(
            "both cards", "chooses: the ordinary pass or to the player two seats on"
        ),
    },
    "bidding.flow.skip_one_receiver": {
        "must_ascend": pgettext_lazy("receiver", "must ascend"),
        "may_decline": pgettext_lazy("receiver", "may decline in turn; the card moves on"),
    },
    "bidding.flow.skip_one_to": {
        "pass_direction": pgettext_lazy("direction", "the same way as other abdications"),
        **_DIRECTION,
    },
    "bidding.flow.tip": {
        "none": pgettext_lazy("tip", "no tip"),
        "two_or_highest": pgettext_lazy("tip", "a 2, or the highest card that is not a joker"),
        "two_or_nothing": pgettext_lazy("tip", "a 2, or nothing if he has no 2"),
        "highest": pgettext_lazy("tip", "the highest card"),
        "highest_non_joker": pgettext_lazy("tip", "the highest card that is not a joker"),
    },
    "declarations.guard_reveal": {
        "choice": pgettext_lazy("reveal", "the guard chooses"),
        "open": pgettext_lazy("reveal", "always open"),
        "hidden": pgettext_lazy("reveal", "always hidden"),
    },
    "declarations.rebellion.timing": {
        "after_guard": pgettext_lazy("rebellion", "after the guard has chosen"),
        "with_guard": pgettext_lazy("rebellion", "at the same time as the guard"),
    },
    "declarations.rebel_declaration.timing": {
        "after_guard": pgettext_lazy("rebellion", "after the guard has chosen"),
        "with_guard": pgettext_lazy("rebellion", "at the same time as the guard"),
    },
    "play.automatic.dissolve_if_any": {
        "no": pgettext_lazy("dissolve", "no: the table plays on"),
        "scored": pgettext_lazy("dissolve", "yes, after scoring the game"),
        "unscored": pgettext_lazy("dissolve", "yes, the game not scored"),
    },
    "play.attach": _RANK_VALUES,
    "play.wild": _RANK_VALUES,
    "play.top_card": {
        "none": pgettext_lazy("top card", "none"),
        "guard_card": pgettext_lazy("top card", "the guard card"),
        "emperor_card": pgettext_lazy("top card", "the emperor card"),
        "both_marked": pgettext_lazy("top card", "both marked cards"),
    },
    "play.marked_order": {
        "level": pgettext_lazy("marked order", "level with each other"),
        "guard_higher": pgettext_lazy("marked order", "the guard card above the emperor card"),
        "emperor_higher": pgettext_lazy("marked order", "the emperor card above the guard card"),
    },
    "play.special_beats.rank": _RANK_VALUES,
    "play.special_beats.beats": _RANK_VALUES,
    "play.hold_back.rank": _RANK_VALUES,
    "play.hold_back.shut_in_when": {
        "lost_down_to_them": pgettext_lazy(
            "shut in", "a player on the losing side left with only them"
        ),
        "down_to_them": pgettext_lazy("shut in", "any player left with only them"),
        "still_holding": pgettext_lazy("shut in", "anyone still holding one"),
    },
    "play.wind": {
        "next_player": pgettext_lazy("wind", "the next player leads"),
        "apply": pgettext_lazy("wind", "the next player must apply"),
    },
    "play.wind_unclaimed": {
        "next_player": pgettext_lazy("wind", "the lead goes to the next player"),
        "skip_next": pgettext_lazy("wind", "the lead skips the next player"),
    },
    "play.automatic.counted": {
        "spells": pgettext_lazy("automatic", "spells"),
        "turns": pgettext_lazy("automatic", "turns"),
    },
    "end.when": {
        "all_but_one": pgettext_lazy("end", "when one player is left"),
        "one_side_out": pgettext_lazy("end", "when one side is all out"),
    },
    "end.unfinished_order": {
        "fewest_cards": pgettext_lazy("end", "fewest cards first"),
        "play_order": pgettext_lazy("end", "in play order"),
    },
    "scoring.multipliers.event": EVENT_WORDS,
    "scoring.outcome.method": {
        "points": pgettext_lazy("outcome method", "by the emperor's points"),
        "rank_table": pgettext_lazy("outcome method", "by a table of places"),
        "side_out": pgettext_lazy("outcome method", "the side out first wins"),
    },
    "scoring.outcome.table.outcome": OUTCOME_WORDS,
    "scoring.outcome.solo.outcome": OUTCOME_WORDS,
    "scoring.money.quit_penalty_to": {
        "nobody": pgettext_lazy("quit", "nobody: it is only deducted"),
        "others": pgettext_lazy("quit", "shared by the other four"),
    },
    "scoring.money.shut_in_penalty_to": {
        "game_ender": pgettext_lazy(
            "shut in", "the player who shut him in (whose going out ended the game)"
        ),
        "first": pgettext_lazy("shut in", "the first player out"),
        "nobody": pgettext_lazy("shut in", "nobody: it is only deducted"),
    },
    "tribute.rules.when.solo": {
        "none": pgettext_lazy("tribute solo", "games that are not solo"),
        "any": pgettext_lazy("tribute solo", "any solo game"),
        "open": pgettext_lazy("tribute solo", "open solo games"),
        "hidden": pgettext_lazy("tribute solo", "hidden solo games"),
    },
    "tribute.rules.when.outcome": OUTCOME_WORDS,
    "tribute.rules.when.guard": {
        "open": pgettext_lazy("guard", "open guard"),
        "hidden": pgettext_lazy("guard", "hidden guard"),
    },
    "tribute.rules.give.who": PARTY_WORDS,
    "tribute.rules.take.who": PARTY_WORDS,
    "tribute.card": {
        "highest": pgettext_lazy("tribute card", "the highest card"),
        "highest_non_joker": pgettext_lazy("tribute card", "the highest card that is not a joker"),
    },
    "tribute.paid_in": _RANK_VALUES,
    "play.bombs.beats": {
        "any": pgettext_lazy("bomb beats", "any play that is not a bomb"),
        "more_cards": pgettext_lazy("bomb beats", "a play that is not a bomb and has fewer cards"),
    },
    "play.defer_passers": {
        "answer_again": pgettext_lazy("defer passers", "everyone may answer again"),
        "stay_passed": pgettext_lazy("defer passers", "those who passed stay passed"),
    },
    "tribute.handed": {
        "picked": pgettext_lazy("tribute handed", "each taker picks the best card left"),
        "in_order": pgettext_lazy("tribute handed", "in the order given"),
    },
    "tribute.without_paid_in": {
        "card": pgettext_lazy("without paid-in rank", "gives the tribute card instead"),
        "nothing": pgettext_lazy("without paid-in rank", "gives nothing"),
    },
    "tribute.shut_in.card": {
        "highest": pgettext_lazy("tribute card", "the highest card"),
        "as_tribute": pgettext_lazy("tribute card", "the same card as other tribute"),
    },
    "tribute.shut_in.to": {
        "game_ender": pgettext_lazy("shut in", "the player whose going out ended the game"),
        "first": pgettext_lazy("shut in", "the 1st out"),
    },
}

#: Integer fields whose values are finish places (1 = 1st out).
_PLACE_FIELDS = ("emperor_rank", "guard_rank", "tribute.rules.when.ranks", "outcome.table.ranks")
#: Fields whose value is a seat number.
_SEAT_FIELDS = ("deal.first_dealer",)
#: Fields where ``None`` has a meaning of its own.
_NONE_WORDS: dict[str, Promise] = {
    "declarations.kick.rebels_after_open_guard": pgettext_lazy("none", "never"),
    "declarations.kick.rebels_after_open_solo": pgettext_lazy("none", "never"),
    "declarations.rebellion": pgettext_lazy("none", "no rebellion"),
    "declarations.rebel_declaration": pgettext_lazy("none", "no declaring oneself a rebel"),
    "declarations.kick": pgettext_lazy("none", "no kick"),
    "play.roast": pgettext_lazy("none", "no roasting"),
    "play.bombs": pgettext_lazy("none", "no bombs"),
    "play.bombs.max_per_game": pgettext_lazy("none", "no limit"),
    "deal.buy": pgettext_lazy("none", "no buying"),
    "deck.marks.guard_card": pgettext_lazy("none", "none: the guard is called"),
    "tribute.paid_in": pgettext_lazy("none", "any card"),
    "tribute.shut_in": pgettext_lazy("none", "no shut-in tribute"),
    "scoring.two_person_guard_known": pgettext_lazy("none", "the same table"),
}
#: Union members named in a path after their list or field (skipped when looking up).
_MEMBERS = frozenset(
    {"grab_solo", "offer_throne", "redeal", "forfeit", "void", "fixed_card", "called_card"}
)

_INDEX = re.compile(r"\[\d*\]")


def normalize_path(path: str) -> str:
    """``bidding.flow[1].offer_throne.tip`` → ``bidding.flow.tip`` (the key of the tables)."""
    parts = [p for p in _INDEX.sub("", path).split(".") if p]
    out = [p for i, p in enumerate(parts) if not (p in _MEMBERS and i and parts[i - 1] in _UNIONS)]
    return ".".join(out)


_UNIONS = frozenset({"flow", "guard"})


def _ready() -> None:
    from django.conf import settings

    if not settings.configured:
        ensure_configured()


def field_label(path: str, kind: str | None = None) -> str:
    """The name of the field at ``path`` in the active language.

    ``kind`` (a ``bidding.flow`` step or a ``bidding.guard`` rule, e.g. ``offer_throne``) is
    accepted for callers that know it; it is not needed, since no two members share a
    field name but the discriminator. An unknown path gets its nearest known ancestor's
    label.
    """
    _ready()
    key = normalize_path(path)
    while key not in FIELD_LABELS:
        key = key.rpartition(".")[0]
    return str(FIELD_LABELS[key])


def _join(items: list[str]) -> str:
    return str(pgettext_lazy("list separator", ", ")).join(items)


def rank_name(rank: str) -> str:
    """A rank as a player names it: ``BJ`` → 大王 / big joker; ``10`` → 10."""
    _ready()
    return str(RANK_WORDS.get(rank, rank))


def suit_name(suit: str) -> str:
    _ready()
    return str(SUIT_WORDS[suit])


def place_name(place: int) -> str:
    """A finish place: 1 → 头客 / 1st out."""
    _ready()
    return str(PLACE_WORDS[place])


def event_name(event: str) -> str:
    _ready()
    return str(EVENT_WORDS[event])


def party_name(party: str) -> str:
    _ready()
    return str(PARTY_WORDS[party])


def outcome_name(outcome: str) -> str:
    _ready()
    return str(OUTCOME_WORDS[outcome])


def value_text(path: str, value: Any) -> str:
    """``value`` of the field at ``path`` in words, in the active language.

    Enum values become words, booleans yes / no (是 / 否), finish places 头客 …, ranks card
    names, lists are joined, ``None`` is "none" (or the field's own phrase, e.g. "never"),
    and a dict (a whole list item or section) is written ``label: value; …``.
    """
    _ready()
    key = normalize_path(path)
    if value is None:
        return str(_NONE_WORDS.get(key, pgettext_lazy("none", "none")))
    if isinstance(value, bool):
        return str(pgettext_lazy("bool", "yes") if value else pgettext_lazy("bool", "no"))
    if isinstance(value, list | tuple):
        if not value:
            return str(_NONE_WORDS.get(key, pgettext_lazy("none", "none")))
        return _join([value_text(path, item) for item in value])
    if isinstance(value, dict):
        parts = []
        for name, item in value.items():
            child = f"{path}.{name}" if path else str(name)
            parts.append(
                str(pgettext_lazy("label and value", "%(label)s: %(value)s"))
                % {"label": field_label(child), "value": value_text(child, item)}
            )
        return str(pgettext_lazy("list of settings", "; ")).join(parts)
    words = ENUM_WORDS.get(key)
    if words is not None and value in words:
        return str(words[value])
    if isinstance(value, int) and key.endswith(_PLACE_FIELDS) and value in PLACE_WORDS:
        return str(PLACE_WORDS[value])
    if isinstance(value, int) and key in _SEAT_FIELDS:
        return str(pgettext_lazy("seat", "seat %(seat)s")) % {"seat": value}
    if key in ("play.roast.joker_order", "play.stacks.cards", "play.stacks.above") and isinstance(
        value, str
    ):
        return " ".join(rank_name(token) for token in value.split())
    return str(value)
