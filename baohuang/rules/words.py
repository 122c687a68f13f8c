"""The game's words for values of the variant language, in the active language.

Sentences shown to an operator name cards and events as players say them (大王, 明保),
not as the document spells them (``BJ``, ``open_guard``); the document's spelling stays in
a problem's ``params``.
"""

from __future__ import annotations

from baohuang.rules.texts import gettext, gettext_noop, pgettext

#: Events by their document name (the words are translated when shown).
_EVENTS: dict[str, str] = {
    "open_guard": gettext_noop("open guard"),
    "open_guard_win": gettext_noop("open guard winning"),
    "rebellion": gettext_noop("rebellion"),
    "kick": gettext_noop("kick"),
    "kick_succeeded": gettext_noop("successful kick"),
    "solo": gettext_noop("solo"),
    "open_solo": gettext_noop("open solo"),
    "hidden_solo": gettext_noop("hidden solo"),
    "grabbed_solo": gettext_noop("grabbed solo"),
    "guard_known": gettext_noop("guard known"),
    "bomb": gettext_noop("bomb"),
    "rebel_declared": gettext_noop("rebel declared"),
}

#: Finish places as players name them (1 → 头客), the rulebook's words for them.
_PLACES: dict[int, str] = {
    1: gettext_noop("1st out"),
    2: gettext_noop("2nd out"),
    3: gettext_noop("3rd out"),
    4: gettext_noop("4th out"),
    5: gettext_noop("5th out"),
}

#: The sections of the rules by their document name, as a player names that part of the game.
_SECTIONS: dict[str, str] = {
    "deck": gettext_noop("the cards used"),
    "deal": gettext_noop("the deal"),
    "bidding": gettext_noop("choosing the emperor and his guard"),
    "declarations": gettext_noop("open guard, hidden guard and rebellion"),
    "play": gettext_noop("the play"),
    "end": gettext_noop("the end of a game"),
    "scoring": gettext_noop("the scoring"),
    "tribute": gettext_noop("the tribute"),
}


def section_word(path: str) -> str:
    """The part of the rules a field path lies in, in words (``scoring.multipliers`` → 计分)."""
    head = path.split(".", 1)[0].split("[", 1)[0]
    word = _SECTIONS.get(head)
    return gettext(word) if word is not None else head


def rank_word(rank: str) -> str:
    """A rank as players say it: ``6``, ``A``, or the words for the jokers and TOP."""
    if rank == "SJ":
        return pgettext("card", "small joker")
    if rank == "BJ":
        return pgettext("card", "big joker")
    if rank == "TOP":
        return gettext("the card above the big joker")
    return rank


def event_word(event: str, english: bool = False) -> str:
    """An event (``open_guard``) as players say it (明保); ``english``: untranslated."""
    word = _EVENTS.get(event)
    if word is None:
        return event
    return word if english else gettext(word)


def place_word(place: int, english: bool = False) -> str:
    """A finish place (1–5) as players say it (头客 … 大落); ``english``: untranslated."""
    word = _PLACES.get(place)
    if word is None:
        return str(place)
    return word if english else gettext(word)


def outcome_word(outcome: str) -> str:
    """``win`` / ``draw`` / ``lose`` in words."""
    if outcome == "win":
        return pgettext("outcome", "win")
    if outcome == "draw":
        return pgettext("outcome", "draw")
    if outcome == "lose":
        return pgettext("outcome", "lose")
    return outcome
