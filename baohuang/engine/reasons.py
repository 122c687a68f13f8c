"""The engine's reasons: why a play or an action is refused, with a code and params.

Every sentence the engine shows a person (why a play is not legal, why it does or does not
beat, why an action is refused, why a game went unscored) is a :class:`Reason`: a ``str``
holding the English sentence exactly as before, plus a stable ``code`` and its ``params``.
Code that compares or prints the English keeps working; a client that wants another
language renders it with :func:`say`, which translates through gettext
(:mod:`baohuang.rules.texts`: no Django needed; English when Django is not set up).

A reason is only built when one is asked for (an illegal action, an explanation): the
per-move checks (``is_legal_fast``, ``beats_fast``, the legal-action lists) never build
one and never call gettext.

Params are plain values (numbers, card notation such as ``9 9 9`` or ``SJ``) or other
reasons (a sentence inside a sentence); :meth:`Reason.as_json` gives them JSON-ready.
The translatable sentences are :data:`TEMPLATES`, keyed by code; the Chinese is in
``baohuang/engine/locale/zh_Hans/LC_MESSAGES/django.po``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from baohuang.rules.texts import gettext, gettext_noop, pgettext
from baohuang.rules.words import event_word, place_word

#: The sentence of each code, English with %(name)s params (the msgid of its translation).
TEMPLATES: Final[dict[str, str]] = {
    # ---------------------------------------------------------------- a play's shape
    "empty_play": gettext_noop("a play needs at least one card"),
    "not_a_rank": gettext_noop("%(rank)s is not a rank"),
    "no_card_above_big_joker": gettext_noop(
        "%(play)s is not a play: there is no card above the big joker in this variant"
    ),
    "no_higher_top_card": gettext_noop(
        "%(play)s is not a play: the two marked cards stand level in this variant, so there "
        "is no TOP2 (a card above TOP)"
    ),
    "no_such_stack": gettext_noop(
        "%(play)s is not a play: this variant has no joker stack %(rank)s (叠加)"
    ),
    "two_stacks": gettext_noop(
        "%(play)s is not a play: a play holds at most one stack of jokers (叠加)"
    ),
    "stack_not_alone": gettext_noop(
        "%(play)s is not a play: the stack %(stack)s may not be played alone in this "
        "variant, only attached to a set"
    ),
    "stack_only_alone": gettext_noop(
        "%(play)s is not a play: the stack %(stack)s may only be played alone in this variant"
    ),
    "stack_needs_set": gettext_noop(
        "%(play)s is not a play: the stack %(stack)s is attached to a set, not played with "
        "loose jokers alone"
    ),
    "two_not_attachable": gettext_noop(
        "%(play)s is not a set: 2s cannot be attached in this variant (%(attach)s)"
    ),
    "joker_not_attachable": gettext_noop(
        "%(play)s is not a set: %(jokers)s cannot be attached in this variant (%(attach)s)"
    ),
    "no_straights": gettext_noop("%(play)s is not a set: there are no straights in 保皇"),
    "mixed_ranks": gettext_noop(
        "%(play)s is not a set: cards of different ranks (%(ranks)s) cannot be played "
        "together; %(attach)s"
    ),
    "attach_only": gettext_noop("only %(ranks)s can be attached"),
    "wild_ranks_mixed": gettext_noop(
        "%(play)s is not a set: wild cards (%(ranks)s) stand for the rank of a set they join, "
        "and alone they must all be of one rank"
    ),
    "wild_counts_as": gettext_noop("%(play)s counts as %(reading)s; %(verdict)s"),
    "attach_nothing": gettext_noop("nothing can be attached"),
    # ---------------------------------------------------------------- beats
    "does_not_beat": gettext_noop("%(candidate)s does not beat %(previous)s: %(why)s"),
    "beats_because": gettext_noop("%(candidate)s beats %(previous)s: %(why)s"),
    "beats_by": gettext_noop("%(candidate)s beats %(previous)s by %(why)s"),
    "no_previous_play": gettext_noop("there is no previous play to beat"),
    "special_beat": gettext_noop("in this variant %(count)s × %(rank)s beat a single %(beaten)s"),
    "every_card_higher": gettext_noop("every card is higher than the card it is set against"),
    "only_answers_beat_big_joker": gettext_noop(
        "only %(answers)s beats a single big joker in this variant"
    ),
    "nothing_beats_big_joker": gettext_noop("nothing beats a big joker in this variant"),
    "nothing_beats_big_joker_set": gettext_noop(
        "nothing beats a big joker among several cards in this variant (%(answers)s beats only "
        "a single big joker)"
    ),
    "different_count": gettext_noop(
        "different number of cards: %(candidate_count)s against %(previous_count)s"
    ),
    "position_set": gettext_noop("the %(rank)s set against %(against)s is not higher (%(hint)s)"),
    "position_card": gettext_noop("the %(rank)s against %(against)s is not higher (%(hint)s)"),
    "hint_equal": gettext_noop("equal cards do not beat each other"),
    "hint_plain_against_joker": gettext_noop("a plain set never beats a set with a joker"),
    "hint_nothing_above": gettext_noop("nothing ranks above %(rank)s"),
    "hint_only_higher": gettext_noop("only %(ranks)s beat %(rank)s"),
    "hint_each_higher": gettext_noop(
        "each card must be higher than the card it is set against, highest first"
    ),
    "hint_special_answer": gettext_noop(
        "%(hint)s; in this variant %(answers)s also beats a single %(rank)s"
    ),
    # ---------------------------------------------------------------- bombs (炸弹)
    "bomb_beats_plain": gettext_noop(
        "%(candidate)s is a bomb (%(min_count)s or more cards of one rank) and beats any play "
        "that is not a bomb"
    ),
    "bomb_beats_fewer": gettext_noop(
        "%(candidate)s is a bomb (%(min_count)s or more cards of one rank) and beats a play "
        "that is not a bomb and has fewer cards"
    ),
    "bigger_bomb": gettext_noop(
        "both are bombs and %(candidate)s is bigger (more cards, or as many of a higher rank)"
    ),
    "bomb_not_bigger": gettext_noop(
        "both are bombs and %(candidate)s is not bigger (a bomb needs more cards, or as many "
        "of a higher rank)"
    ),
    "only_bombs_beat_bomb": gettext_noop(
        "%(previous)s is a bomb: only a bigger bomb (%(min_count)s or more cards of one rank, "
        "nothing attached) beats it"
    ),
    "identical_bomb_beats_plain": gettext_noop(
        "%(candidate)s, if its cards are identical (%(min_count)s or more of one suit and rank), "
        "is a bomb and beats any play that is not a bomb"
    ),
    "identical_bomb_beats_fewer": gettext_noop(
        "%(candidate)s, if its cards are identical (%(min_count)s or more of one suit and rank), "
        "is a bomb and beats a play that is not a bomb and has fewer cards"
    ),
    "only_identical_bombs_beat_bomb": gettext_noop(
        "%(previous)s is a bomb: only a bigger bomb (%(min_count)s or more identical cards, "
        "same suit and rank, nothing attached) beats it"
    ),
    "not_identical_bomb": gettext_noop(
        "%(play)s is not a bomb here: bombs are identical cards (same suit and rank), and "
        "seat %(seat)s does not hold %(count)s identical ones"
    ),
    # ---------------------------------------------------------------- roasting (烤牌)
    "play_without_jokers": gettext_noop("a play without jokers"),
    "cannot_be_roasted": gettext_noop("%(previous)s cannot be roasted in this variant"),
    "roast_needs_jokers": gettext_noop("roasting %(previous)s needs jokers"),
    "roast_needs_more_jokers": gettext_noop(
        "%(candidate)s does not roast %(previous)s: a roast must carry more jokers than the "
        "play it roasts"
    ),
    "not_a_roasting_group": gettext_noop("%(candidate)s is not a roasting group in this variant"),
    "roast_not_higher": gettext_noop(
        "%(candidate)s does not roast %(previous)s: it is not higher in the roasting order"
    ),
    "roast_rest_count": gettext_noop(
        "%(candidate)s roasts %(previous)s, but the other cards differ in number: "
        "%(candidate_count)s against %(previous_count)s"
    ),
    "roast_rest_lower": gettext_noop(
        "%(candidate)s roasts %(previous)s, but besides the jokers the %(rank)s against "
        "%(against)s is not higher"
    ),
    "roasting_with_rest": gettext_noop(
        "roasting: %(candidate)s is above %(previous)s and %(rest)s beats %(previous_rest)s"
    ),
    "roasting": gettext_noop("roasting: %(candidate)s is above %(previous)s"),
    # ---------------------------------------------------------------- the deck
    "no_top_card": gettext_noop("This variant has no card above the big joker (TOP)"),
    "no_top2_card": gettext_noop(
        "This variant has no TOP2 (the higher of two marked cards ordered above the big joker)"
    ),
    "only_one_top2_card": gettext_noop(
        "There is only one TOP2 card (the higher marked card) in this variant; the play has "
        "%(count)s"
    ),
    "no_such_stack_in_deck": gettext_noop("This variant has no joker stack %(rank)s (叠加)"),
    "stack_not_in_deck": gettext_noop(
        "The deck cannot form the stack %(stack)s: it does not hold that many plain jokers"
    ),
    "one_stack_a_play": gettext_noop(
        "A play holds one stack %(stack)s at most (叠加); the play has %(count)s"
    ),
    "only_one_top_card": gettext_noop(
        "There is only one card above the big joker (TOP) in this variant; the play has %(count)s"
    ),
    "only_two_top_cards": gettext_noop(
        "There are only two cards above the big joker (TOP) in this variant, the two marked "
        "cards; the play has %(count)s"
    ),
    "top_is_guard_card": gettext_noop(
        "The card above the big joker (TOP) is the guard card SJ*, one of the deck's "
        "%(small_jokers)s small jokers, so a play with it has at most %(most)s other small "
        "jokers; the play has %(count)s"
    ),
    "rank_removed": gettext_noop(
        "This variant's deck has no %(rank)s (all %(removed)s are removed)"
    ),
    "rank_absent": gettext_noop("This variant's deck has no %(rank)s (%(detail)s)"),
    "rank_limited": gettext_noop(
        "The deck holds only %(limit)s × %(rank)s (%(detail)s); the play has %(count)s"
    ),
    "deck_count": gettext_noop("%(count)s in %(decks)s deck(s)"),
    "deck_suits_removed": gettext_noop("%(cards)s removed"),
    "deck_random_removed": gettext_noop("%(count)s removed at random each deal"),
    "deck_per_deck": gettext_noop("%(per_deck)s per deck, %(decks)s deck(s)"),
    "deck_emperor_card": gettext_noop("the emperor card BJ* among them"),
    "deck_guard_card": gettext_noop("the guard card SJ* among them"),
    "deck_guard_card_on_top": gettext_noop(
        "the guard card SJ* plays as the card above the big joker, not as a small joker"
    ),
    "deck_emperor_card_on_top": gettext_noop(
        "the emperor card BJ* plays as a card above the big joker, not as a big joker"
    ),
    # ---------------------------------------------------------------- the game
    "game_over": gettext_noop("The game is over."),
    "automatic_only_default": gettext_noop(
        "Seat %(seat)s is on automatic play; only its default move is allowed."
    ),
    "not_allowed_now": gettext_noop(
        "'%(action)s' is not allowed for seat %(seat)s now (%(phase)s); allowed: %(allowed)s."
    ),
    "phase_bidding": gettext_noop("bidding"),
    "phase_declarations": gettext_noop("declarations"),
    "phase_play": gettext_noop("play"),
    "phase_finished": gettext_noop("finished"),
    "leader_cannot_pass": gettext_noop("The leader must play; he cannot pass."),
    "defer_not_allowed": gettext_noop("Deferring is not allowed now."),
    "wind_not_allowed": gettext_noop(
        "Only the next player after one who just went out may apply for the wind."
    ),
    "not_a_play_action": gettext_noop("'%(action)s' is not a play-phase action."),
    "open_not_allowed": gettext_noop(
        "Only a hidden guard may go open during play, and only where the variant allows it"
    ),
    "play_without_cards": gettext_noop("A play needs at least one card."),
    "ranks_out_of_range": gettext_noop("A play is made of rank numbers 0 to 20."),
    "not_in_deck": gettext_noop("%(reason)s."),
    "not_held": gettext_noop("Seat %(seat)s does not hold %(play)s."),
    "not_a_legal_play": gettext_noop("Not a legal play."),
    "previous_not_legal": gettext_noop("The previous play is not legal: %(reason)s."),
    "legal_lead": gettext_noop("%(play)s is a legal play to lead."),
    "held_back_last": gettext_noop(
        "Held-back cards (%(ranks)s) may only be played together in the last play."
    ),
    "held_back_leading": gettext_noop("Held-back cards may only be played when leading."),
    "last_play_not_a_set": gettext_noop("The last play is not a legal set."),
    "unscored_no_ascent": gettext_noop("Nobody ascended after many redeals."),
    "unscored_all_automatic": gettext_noop("All five seats were on automatic play."),
    "unscored_dissolved": gettext_noop(
        "A seat was on automatic play when the game ended: the table is dissolved (解散)."
    ),
    # ---------------------------------------------------------------- records
    "action_not_text": gettext_noop("An action must be text, got %(type)s."),
    "not_an_action": gettext_noop(
        "'%(action)s' is not an action: write a word such as pass, ascend or abdicate, "
        "'call:4s', or 'play' followed by cards."
    ),
    # ---------------------------------------------------------------- card notation
    "card_not_a_card": gettext_noop("'%(token)s' is not a card: use 3-10, J, Q, K, A, 2, SJ or BJ"),
    "card_rank_has_no_suit": gettext_noop("'%(token)s' is not a card: jokers and TOP have no suit"),
    "card_mark_not_allowed": gettext_noop(
        "'%(token)s' is not a card: only BJ* (the emperor card) and SJ* (the guard card) "
        "carry a mark"
    ),
    "card_no_card": gettext_noop("no card given: use 3-10, J, Q, K, A, 2, SJ or BJ"),
    "card_more_than_one_card": gettext_noop("'%(token)s' is more than one card"),
    "card_empty_play": gettext_noop("a play needs at least one card; the play is empty"),
    "card_not_a_stack": gettext_noop("'%(token)s' is not a joker stack (叠加) of this variant"),
    "card_unclosed_stack": gettext_noop(
        "'%(token)s' is not a card: a joker stack is written in brackets, e.g. [SJ SJ SJ]"
    ),
    "card_numbered": gettext_noop("%(problem)s (card %(card)s)"),
    # ---------------------------------------------------------------- why the points
    # (baohuang.engine.score_reasons; the case, figures, doubling and money sentences are
    # the rulebook's own, so the settlement says it as the rulebook does)
    "score_row": gettext_noop("%(case)s — %(table)s, row %(row)s: %(figures)s."),
    "score_table_two": gettext_noop("scoring table"),
    "score_table_known": gettext_noop("scoring table when the guard is known"),
    "score_table_open_solo": gettext_noop("open solo table"),
    "score_table_hidden_solo": gettext_noop("hidden solo table"),
    "score_case_two": gettext_noop("Emperor %(e)s, guard %(g)s"),
    "score_case_open_solo": gettext_noop("Open solo, emperor %(place)s"),
    "score_case_hidden_solo": gettext_noop("Hidden solo, emperor %(place)s"),
    "score_figures_two": gettext_noop("emperor %(e)s, guard %(g)s, each rebel %(r)s"),
    "score_figures_solo": gettext_noop("emperor %(e)s, each other player %(o)s"),
    "score_doubling": gettext_noop("%(event)s: points × %(factor)s"),
    "score_doubling_times": gettext_noop("%(event)s: points × %(factor)s, %(times)s times"),
    "score_doublings": gettext_noop("Doublings: %(items)s; all points × %(multiplier)s."),
    "score_doublings_capped": gettext_noop(
        "Doublings: %(items)s; × %(product)s, capped (封顶) at × %(multiplier)s: all points × "
        "%(multiplier)s."
    ),
    "score_no_doubling": gettext_noop("Nothing doubles the points: all points × 1."),
    "score_role": gettext_noop("%(role)s (%(seats)s): %(base)s × %(multiplier)s = %(points)s."),
    "score_role_emperor": gettext_noop("The emperor"),
    "score_role_guard": gettext_noop("The guard"),
    "score_role_rebel": gettext_noop("Each rebel"),
    "score_role_other": gettext_noop("Each of the other four"),
    "score_seat": gettext_noop("seat %(seat)s"),
    "score_money_rate": gettext_noop(
        "Money = points × %(base)s − a table fee of %(fee)s per player and game."
    ),
    "score_automatic_fine": gettext_noop(
        "Seat %(seat)s went automatic (托管): he pays %(fine)s (%(penalty)s × the stake), "
        "shared by %(mates)s."
    ),
    "score_automatic_alone": gettext_noop(
        "Seat %(seat)s went automatic (托管), but he plays alone: nobody shares a penalty, "
        "so he pays none."
    ),
    "score_quit_fine": gettext_noop(
        "Seat %(seat)s quit the game in progress: he pays %(fine)s (%(penalty)s × the "
        "stake); it is only deducted."
    ),
    "score_quit_fine_shared": gettext_noop(
        "Seat %(seat)s quit the game in progress: he pays %(fine)s (%(penalty)s × the "
        "stake), shared by the other four."
    ),
    "score_shut_in_fine": gettext_noop(
        "Seat %(seat)s is shut in (闷): he pays %(fine)s (%(penalty)s × the stake) to seat "
        "%(receiver)s."
    ),
    "score_shut_in_fine_kept": gettext_noop(
        "Seat %(seat)s is shut in (闷): he pays %(fine)s (%(penalty)s × the stake); it is "
        "only deducted."
    ),
    "score_cap": gettext_noop(
        "Seat %(seat)s carried %(carried)s: his %(before)s is capped at %(after)s."
    ),
    "score_cap_unknown": gettext_noop(
        "A winner wins at most what he carried, but what each seat carried is not known "
        "here: nothing is capped."
    ),
    "score_money": gettext_noop("Money per seat: %(money)s."),
    "score_shut_in": gettext_noop(
        "Seat %(seat)s is shut in (闷) with held-back cards: that does not change the points."
    ),
    "score_shut_in_tribute": gettext_noop(
        "Seat %(seat)s is shut in (闷) with held-back cards: that does not change the "
        "points; he owes a shut-in tribute (闷贡) next game."
    ),
}

#: Codes rendered by the rules package's words for the game (an event, a finish place),
#: so the engine names them as the variant's checks and the rulebook do.
_WORDS: Final[dict[str, Callable[[dict[str, Any]], str]]] = {
    "word_event": lambda params: event_word(params["event"]),
    "word_place": lambda params: place_word(params["place"]),
}

#: Codes that join their ``items`` into a list (no sentence of their own).
_LISTS: Final[frozenset[str]] = frozenset({"names", "either", "parts", "commas"})


class Reason(str):
    """An English sentence (the ``str`` itself) with its ``code`` and ``params``.

    Build with :func:`reason` (the English from the template) or give the English when the
    engine words it with plural forms the template does not have.
    """

    __slots__ = ("code", "params")
    code: str
    params: dict[str, Any]

    def __new__(cls, code: str, english: str, params: dict[str, Any]) -> Reason:
        self = super().__new__(cls, english)
        self.code = code
        self.params = params
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Reason, (self.code, str(self), self.params))

    def __copy__(self) -> Reason:
        return self

    def __deepcopy__(self, memo: Any) -> Reason:
        return self

    def as_json(self) -> dict[str, Any]:
        """``{"code": …, "params": {…}}``, nested reasons as the same shape."""
        return {"code": self.code, "params": {k: _json(v) for k, v in self.params.items()}}


def _json(value: Any) -> Any:
    if isinstance(value, Reason):
        return value.as_json()
    if isinstance(value, tuple | list):
        return [_json(v) for v in value]
    return value


def reason(code: str, english: str | None = None, /, **params: Any) -> Reason:
    """A :class:`Reason`; its English is ``TEMPLATES[code] % params`` unless given."""
    if english is None:
        english = TEMPLATES[code] % params if params else TEMPLATES[code]
    return Reason(code, english, params)


def joined(code: str, items: Sequence[Any], english: str) -> Reason:
    """A list as a reason param: ``names`` (… and …), ``either`` (… or …), ``parts`` and
    ``commas`` (…, …); ``english`` is how the engine joins it in English."""
    return Reason(code, english, {"items": list(items)})


def say(value: Any) -> str:
    """``value`` in the active language: a reason translated, anything else as text.

    When the active language has no translation of the reason (English, or Django not
    set up) the answer is the reason's own English, unchanged.
    """
    if not isinstance(value, Reason):
        return str(value)
    word = _WORDS.get(value.code)
    if word is not None:
        return word(value.params)
    if value.code in _LISTS:
        items = [say(item) for item in value.params["items"]]
        if not items:
            return str(value)
        rendered = _join(value.code, items)
        return str(value) if rendered is None else rendered
    template = TEMPLATES.get(value.code)
    if template is None:
        return str(value)
    text = gettext(template)
    if text == template:  # untranslated: the engine's English is the answer
        return str(value)
    return text % {k: say(v) for k, v in value.params.items()} if value.params else text


def _join(code: str, items: list[str]) -> str | None:
    """Join translated list items, or ``None`` in English (the engine's own joining)."""
    if code == "parts":
        sep = pgettext("reason list of details", ", ")
    elif code == "commas":
        sep = pgettext("reason list of cards", ", ")
    elif code == "either":
        sep = pgettext("reason list of alternatives", " or ")
    else:
        sep = pgettext("reason list of cards", " and ")
    if sep in (", ", " or ", " and "):
        return None
    return sep.join(items)


def legal_lead(play: str) -> Reason:
    """The answer for a legal play with nothing to beat."""
    return reason("legal_lead", play=play)


def not_allowed_now(action: str, seat: int, phase: str, allowed: Iterable[str]) -> Reason:
    """An action that is not among the legal ones of a bidding or declaration turn."""
    names = list(allowed)
    listed = joined("commas", names, ", ".join(names))
    return reason(
        "not_allowed_now",
        action=action,
        seat=seat,
        phase=reason(f"phase_{phase}") if f"phase_{phase}" in TEMPLATES else phase,
        allowed=listed,
    )


def from_notation(exc: Any) -> Reason:
    """The reason of a :class:`~baohuang.engine.notation.NotationError` (its English kept)."""
    code = f"card_{exc.code}" if f"card_{exc.code}" in TEMPLATES else "card_not_a_card"
    problem = Reason(code, str(exc), {"token": exc.token})
    if exc.numbered:
        return Reason("card_numbered", str(exc), {"problem": problem, "card": exc.position + 1})
    return problem


def code_of(value: Any) -> str | None:
    """The code of a reason (``None`` for a plain string)."""
    return value.code if isinstance(value, Reason) else None


def params_of(value: Any) -> dict[str, Any]:
    """The JSON-ready params of a reason (``{}`` for a plain string)."""
    return value.as_json()["params"] if isinstance(value, Reason) else {}


__all__ = [
    "TEMPLATES",
    "Reason",
    "code_of",
    "from_notation",
    "joined",
    "legal_lead",
    "not_allowed_now",
    "params_of",
    "reason",
    "say",
]
