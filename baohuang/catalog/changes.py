"""What changed between two definitions, in game terms (the one diff of the product).

:func:`diff_definitions` compares two definitions and returns one change object per
difference::

    {"path": "scoring.two_person.rows[0].emperor", "old": 6, "new": 8, "change": "changed",
     "text": {"zh": "皇帝头客、侍卫二客时皇帝得分 6 → 8",
              "en": "Emperor first, guard second: the emperor's points 6 → 8"}}

``path``, ``old``, ``new`` and ``change`` (``changed`` / ``added`` / ``removed``) are for
tools (**contract**); ``text`` is the sentence a person reads, in both languages.

Lists whose items have an identity are matched by it, not by position, so inserting one
item is one change: two-person rows by (emperor rank, guard rank), solo rows and solo
outcome rows by the emperor's rank, multipliers by event, outcome rows by the royals'
ranks, bidding steps by kind (and occurrence of that kind), tribute rules by their
condition, card removals by rank and suits, hold-back rules by rank, special beats by
(rank, count). An added or removed item is one change whose sentence describes the whole
item; its path carries the item's index in the list it is in (the new list for an added
or changed item, the old list for a removed one). A list where order matters (the bidding
steps, the tribute rules) also gets one change when its items only moved. The notes are
compared as text: one change per added or removed note. House notes are compared as
whole notes; an edited one (at the same position) is one change, and its sentence quotes
the note in the sentence's language. Lists of plain values (hand sizes,
attachable cards, callable ranks …) change as a whole.

Everything here is pure apart from the translation: the sentences are English source text
marked for Django's gettext, Chinese in ``baohuang/catalog/locale``; field names and values
that have no sentence of their own come from :mod:`baohuang.rulebook.labels`.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from baohuang.catalog import words
from baohuang.catalog.documents import in_language_order
from baohuang.catalog.words import field_label, value_text
from baohuang.i18n import in_both
from baohuang.rules.stacking import stack_key

Part = str | int
Say = Callable[[], str]

# --------------------------------------------------------------------------- words


def _zh() -> bool:
    return (translation.get_language() or "").startswith("zh")


_ZH_DIGITS = "零一二三四五六七八九十"


def _count(n: Any) -> str:
    """A small count as a reader says it: 三 (两 for 2) in Chinese, digits in English."""
    if isinstance(n, int) and not isinstance(n, bool) and _zh() and 1 <= n <= 10:
        return "两" if n == 2 else _ZH_DIGITS[n]
    return str(n)


def _num(value: Any) -> str:
    """A number as shown in a sentence (a real minus sign); other values as short text."""
    if isinstance(value, bool):
        return _show(value)
    if isinstance(value, int):
        return f"−{-value}" if value < 0 else str(value)
    return _show(value)


def _show(value: Any) -> str:
    """A value that has no words of its own: short JSON."""
    if value is None:
        return pgettext("diff value", "none")
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def _sep() -> str:
    return "、" if _zh() else ", "


def _quote(text: Any) -> str:
    """Free text written by an operator (a note, a name), quoted so it reads as a quote."""
    return f"「{text}」" if _zh() else f"“{text}”"


def _place(rank: Any) -> str:
    """A finish place: 头客 … 大落."""
    return words.place_name(rank)


def _rank(rank: Any) -> str:
    """A card rank: 3 … A, 2, 小王 / small joker, 大王 / big joker."""
    return words.rank_name(rank)


def _ranks(ranks: Any) -> str:
    if not isinstance(ranks, list):
        return _show(ranks)
    return _sep().join(_rank(r) for r in ranks) if ranks else pgettext("diff value", "none")


def _suit(suit: Any) -> str:
    return words.suit_name(suit)


def _event(event: Any) -> str:
    return words.event_name(event)


def _step(step: Any) -> str:
    return words.step_name(step)


def _outcome(outcome: Any) -> str:
    return words.outcome_name(outcome)


def _party(who: Any) -> str:
    return words.party_name(who)


# --------------------------------------------------------------------------- whole items


def _removal(item: Any) -> str:
    """One card removal: 所有的 3 / 任意三张 6 / 黑桃、红桃 6 各一张."""
    if not isinstance(item, dict):
        return _show(item)
    rank = _rank(item.get("rank"))
    suits = item.get("suits")
    count = item.get("count")
    if isinstance(suits, list) and suits:
        names = _sep().join(_suit(s) for s in suits)
        return _("the %(rank)s of %(suits)s") % {"rank": rank, "suits": names}
    if count is not None:
        return _("any %(count)s cards of rank %(rank)s") % {"count": _count(count), "rank": rank}
    return _("all cards of rank %(rank)s") % {"rank": rank}


def _removals(items: Sequence[Any]) -> str:
    """Several removals in one phrase: 所有的 3、4、5 和任意三张 6."""
    whole = [i for i in items if isinstance(i, dict) and not i.get("suits") and not i.get("count")]
    rest = [_removal(i) for i in items if i not in whole]
    parts = []
    if whole:
        ranks = _sep().join(_rank(i.get("rank")) for i in whole)
        parts.append(_("all cards of rank %(rank)s") % {"rank": ranks})
    parts.extend(rest)
    if len(parts) <= 1:
        return parts[0] if parts else pgettext("diff value", "none")
    return _("%(first)s and %(last)s") % {"first": _sep().join(parts[:-1]), "last": parts[-1]}


def _special_beat(item: Any) -> str:
    if not isinstance(item, dict):
        return _show(item)
    return _("%(count)s × %(rank)s beats a single %(cards)s") % {
        "count": _count(item.get("count")),
        "rank": _rank(item.get("rank")),
        "cards": _ranks(item.get("beats")),
    }


def _stack_cards(cards: Any) -> str:
    """A joker stack's cards as a player says them: 大王 小王 小王 / big joker small joker …"""
    if not isinstance(cards, str):
        return _show(cards)
    return " ".join(_rank(c) for c in stack_key(cards))


def _stack_above(above: Any) -> str:
    if above == "TOP":
        return _("the card above the big joker")
    if above == "TOP2":
        return _("the higher marked card")
    if above == "BJ":
        return _rank("BJ")
    return _("the stack %(cards)s") % {"cards": _stack_cards(above)}


def _stack(item: Any) -> str:
    if not isinstance(item, dict):
        return _show(item)
    alone, in_sets = item.get("alone", True), item.get("in_sets", True)
    how = (
        _("alone or in a set")
        if alone and in_sets
        else _("alone only")
        if alone
        else _("in a set only")
        if in_sets
        else _("never played")
    )
    return _("%(cards)s stacked as one card above %(above)s, %(how)s") % {
        "cards": _stack_cards(item.get("cards")),
        "above": _stack_above(item.get("above")),
        "how": how,
    }


def _key_stack(item: dict[str, Any]) -> Hashable:
    return stack_key(item["cards"]) if isinstance(item.get("cards"), str) else None


def _shares(shares: Any) -> str:
    if not isinstance(shares, list):
        return _show(shares)
    if not shares:
        return pgettext("diff", "nobody")
    out = []
    for share in shares:
        if not isinstance(share, dict):
            out.append(_show(share))
            continue
        count = share.get("count", 1)
        n = count if isinstance(count, int) else 1
        out.append(
            ngettext("%(who)s %(count)s card", "%(who)s %(count)s cards", n)
            % {"who": _party(share.get("who")), "count": _num(count)}
        )
    return _sep().join(out)


def _condition(when: Any) -> str:
    """A tribute rule's condition: 保皇派头客和二客、保皇派胜."""
    if not isinstance(when, dict):
        return _show(when)
    parts = []
    ranks = when.get("ranks")
    solo = when.get("solo", "none")
    if isinstance(ranks, list) and len(ranks) == 2:
        parts.append(
            _("the royals %(a)s and %(b)s") % {"a": _place(ranks[0]), "b": _place(ranks[1])}
        )
    solo_words = {
        "any": pgettext("diff condition", "a solo game"),
        "open": pgettext("diff condition", "an open solo"),
        "hidden": pgettext("diff condition", "a hidden solo"),
    }
    if solo in solo_words:
        parts.append(solo_words[solo])
    outcome = when.get("outcome")
    if outcome is not None:
        if solo in solo_words:
            parts.append(_("the emperor's result: %(outcome)s") % {"outcome": _outcome(outcome)})
        else:
            parts.append(_("the royals' result: %(outcome)s") % {"outcome": _outcome(outcome)})
    guard = when.get("guard")
    if guard == "open":
        parts.append(pgettext("diff condition", "an open guard"))
    elif guard == "hidden":
        parts.append(pgettext("diff condition", "a hidden guard"))
    if not parts:
        return pgettext("diff condition", "any game without a solo")
    return _sep().join(parts)


def _tribute_rule(rule: Any) -> str:
    if not isinstance(rule, dict):
        return _show(rule)
    return _("when %(condition)s — gives: %(give)s; takes: %(take)s") % {
        "condition": _condition(rule.get("when")),
        "give": _shares(rule.get("give", [])),
        "take": _shares(rule.get("take", [])),
    }


# --------------------------------------------------------------------------- item identity


def _key_two_person(item: dict[str, Any]) -> Hashable:
    return (item["emperor_rank"], item["guard_rank"])


def _key_emperor_rank(item: dict[str, Any]) -> Hashable:
    return item["emperor_rank"]


def _key_event(item: dict[str, Any]) -> Hashable:
    return item["event"]


def _key_ranks(item: dict[str, Any]) -> Hashable:
    return tuple(sorted(item["ranks"]))


def _key_step(item: dict[str, Any]) -> Hashable:
    return item["step"]


def _key_when(item: dict[str, Any]) -> Hashable:
    return json.dumps(item["when"], sort_keys=True)


def _key_removal(item: dict[str, Any]) -> Hashable:
    suits = item.get("suits")
    return (item["rank"], tuple(sorted(suits)) if isinstance(suits, list) else None)


def _key_rank(item: dict[str, Any]) -> Hashable:
    return item["rank"]


def _key_special(item: dict[str, Any]) -> Hashable:
    return (item["rank"], item["count"])


@dataclass(frozen=True)
class _Keyed:
    """How a list's items are matched, and how one item is spoken of."""

    key: Callable[[dict[str, Any]], Hashable]
    #: "where" phrase for a field inside a matched item (None: compare the item whole).
    where: Callable[[dict[str, Any]], str] | None
    #: The whole item, for an added or removed one.
    whole: Callable[[dict[str, Any]], str]
    added: Callable[[], str]
    removed: Callable[[], str]
    #: Whether the order of the items means something.
    ordered: bool = False
    #: For whole-compared items: the sentence frame of a changed item.
    changed: Callable[[], str] | None = None


def _two_person_where(known: bool) -> Callable[[dict[str, Any]], str]:
    def where(item: dict[str, Any]) -> str:
        values = {
            "emperor": _place(item.get("emperor_rank")),
            "guard": _place(item.get("guard_rank")),
        }
        if known:
            return _("With the guard known, emperor %(emperor)s, guard %(guard)s") % values
        return _("Emperor %(emperor)s, guard %(guard)s") % values

    return where


def _two_person_whole(known: bool) -> Callable[[dict[str, Any]], str]:
    def whole(item: dict[str, Any]) -> str:
        return _("%(where)s: emperor %(e)s, guard %(g)s, each rebel %(r)s") % {
            "where": _two_person_where(known)(item),
            "e": _num(item.get("emperor")),
            "g": _num(item.get("guard")),
            "r": _num(item.get("rebels")),
        }

    return whole


def _solo_where(kind: str) -> Callable[[dict[str, Any]], str]:
    def where(item: dict[str, Any]) -> str:
        place = _place(item.get("emperor_rank"))
        if kind == "open":
            return _("Open solo, emperor %(place)s") % {"place": place}
        return _("Hidden solo, emperor %(place)s") % {"place": place}

    return where


def _solo_whole(kind: str) -> Callable[[dict[str, Any]], str]:
    def whole(item: dict[str, Any]) -> str:
        return _("%(where)s: emperor %(e)s, each other player %(o)s") % {
            "where": _solo_where(kind)(item),
            "e": _num(item.get("emperor")),
            "o": _num(item.get("others")),
        }

    return whole


def _outcome_where(item: dict[str, Any]) -> str:
    ranks = item.get("ranks")
    pair = sorted(ranks) if isinstance(ranks, list) and len(ranks) == 2 else [None, None]
    a, b = pair[0], pair[1]
    return _("Royals %(a)s and %(b)s") % {"a": _place(a), "b": _place(b)}


def _solo_outcome_where(item: dict[str, Any]) -> str:
    return _("Solo emperor %(place)s") % {"place": _place(item.get("emperor_rank"))}


def _row_whole(where: Callable[[dict[str, Any]], str]) -> Callable[[dict[str, Any]], str]:
    def whole(item: dict[str, Any]) -> str:
        return _("%(where)s: %(outcome)s") % {
            "where": where(item),
            "outcome": _outcome(item.get("outcome")),
        }

    return whole


def _multiplier_whole(item: dict[str, Any]) -> str:
    return _("×%(factor)s for %(event)s") % {
        "factor": _num(item.get("factor")),
        "event": _event(item.get("event")),
    }


def _step_where(item: dict[str, Any]) -> str:
    return _("Bidding step “%(step)s”") % {"step": _step(item.get("step"))}


def _step_whole(item: dict[str, Any]) -> str:
    return _step(item.get("step"))


def _hold_back_where(item: dict[str, Any]) -> str:
    return _("Holding back the %(rank)s cards") % {"rank": _rank(item.get("rank"))}


def _hold_back_whole(item: dict[str, Any]) -> str:
    return _("hold back the %(rank)s cards (all of them in the last play)") % {
        "rank": _rank(item.get("rank"))
    }


def _tribute_where(item: dict[str, Any]) -> str:
    return _("Tribute when %(condition)s") % {"condition": _condition(item.get("when"))}


_TWO_PERSON = _Keyed(
    _key_two_person,
    _two_person_where(False),
    _two_person_whole(False),
    lambda: _("New scoring row — %(item)s"),
    lambda: _("Scoring row removed — %(item)s"),
)
_TWO_PERSON_KNOWN = _Keyed(
    _key_two_person,
    _two_person_where(True),
    _two_person_whole(True),
    lambda: _("New scoring row — %(item)s"),
    lambda: _("Scoring row removed — %(item)s"),
)

KEYED: dict[str, _Keyed] = {
    "deck.remove": _Keyed(
        _key_removal,
        None,
        _removal,
        lambda: _("Also remove %(item)s"),
        lambda: _("No longer remove %(item)s"),
        changed=lambda: _("Cards removed: %(old)s → %(new)s"),
    ),
    "bidding.flow": _Keyed(
        _key_step,
        _step_where,
        _step_whole,
        lambda: _("New bidding step: %(item)s"),
        lambda: _("Bidding step removed: %(item)s"),
        ordered=True,
    ),
    "play.hold_back": _Keyed(
        _key_rank,
        _hold_back_where,
        _hold_back_whole,
        lambda: _("New rule: %(item)s"),
        lambda: _("Rule removed: %(item)s"),
    ),
    "play.special_beats": _Keyed(
        _key_special,
        None,
        _special_beat,
        lambda: _("New special beat: %(item)s"),
        lambda: _("Special beat removed: %(item)s"),
        changed=lambda: _("Special beat: %(old)s → %(new)s"),
    ),
    "play.stacks": _Keyed(
        _key_stack,
        None,
        _stack,
        lambda: _("New joker stack (叠加): %(item)s"),
        lambda: _("Joker stack (叠加) removed: %(item)s"),
        changed=lambda: _("Joker stack (叠加): %(old)s → %(new)s"),
    ),
    "scoring.two_person.rows": _TWO_PERSON,
    "scoring.two_person_guard_known.rows": _TWO_PERSON_KNOWN,
    "scoring.solo.open": _Keyed(
        _key_emperor_rank,
        _solo_where("open"),
        _solo_whole("open"),
        lambda: _("New scoring row — %(item)s"),
        lambda: _("Scoring row removed — %(item)s"),
    ),
    "scoring.solo.hidden": _Keyed(
        _key_emperor_rank,
        _solo_where("hidden"),
        _solo_whole("hidden"),
        lambda: _("New scoring row — %(item)s"),
        lambda: _("Scoring row removed — %(item)s"),
    ),
    "scoring.multipliers": _Keyed(
        _key_event,
        lambda item: _event(item.get("event")),
        _multiplier_whole,
        lambda: _("New multiplier: %(item)s"),
        lambda: _("Multiplier removed: %(item)s"),
    ),
    "scoring.outcome.table": _Keyed(
        _key_ranks,
        _outcome_where,
        _row_whole(_outcome_where),
        lambda: _("New outcome row — %(item)s"),
        lambda: _("Outcome row removed — %(item)s"),
    ),
    "scoring.outcome.solo": _Keyed(
        _key_emperor_rank,
        _solo_outcome_where,
        _row_whole(_solo_outcome_where),
        lambda: _("New outcome row — %(item)s"),
        lambda: _("Outcome row removed — %(item)s"),
    ),
    "tribute.rules": _Keyed(
        _key_when,
        _tribute_where,
        _tribute_rule,
        lambda: _("New tribute rule: %(item)s"),
        lambda: _("Tribute rule removed: %(item)s"),
        ordered=True,
    ),
}

#: Lists of plain values compared as one value.
WHOLE = frozenset(
    {
        "deal.hand_sizes",
        "bidding.guard.callable_ranks",
        "play.attach",
        "play.wild",
        "play.special_beats[].beats",
        "play.roast.joker_order",
        "deck.remove[].suits",
        "scoring.outcome.table[].ranks",
        "tribute.rules[].when.ranks",
        "tribute.rules[].give",
        "tribute.rules[].take",
    }
)

#: Tagged unions: a change of the tag replaces the whole object.
TAGGED = {"bidding.guard": "by", "bidding.flow[]": "step"}

#: Fields holding text an operator wrote (quoted, never translated).
FREE_TEXT = frozenset({"id", "name.zh", "name.en", "source", "tribute.rules[].note"})


# --------------------------------------------------------------------------- sentences


def _pattern(parts: Sequence[Part]) -> str:
    """The path with list indexes left out: ``scoring.two_person.rows[]``."""
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += "[]"
        else:
            out += f".{part}" if out else str(part)
    return out


def _path(parts: Sequence[Part]) -> str:
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def _value(parts: Sequence[Part], value: Any) -> str:
    """A value in words, as the field's label says it."""
    pattern = _pattern(parts)
    path = _path(parts)
    if pattern in FREE_TEXT:
        return _quote(value) if value is not None else pgettext("diff value", "none")
    if pattern == "deal.hand_sizes" and isinstance(value, list):
        return "/".join(_num(v) for v in value)
    if pattern in ("deck.remove[]", "deck.remove"):
        return _removal(value) if isinstance(value, dict) else _removals(value or [])
    if isinstance(value, dict):
        shown = {k: v for k, v in value.items() if v is not None and v != []}
        return value_text(path, shown) if shown else pgettext("diff value", "none")
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        return "; ".join(_value([*parts, i], v) for i, v in enumerate(value))
    return value_text(path, value)


def _field_change(parts: Sequence[Part], old: Any, new: Any, where: str | None) -> str:
    """``<field>: old → new``, inside an item when ``where`` names it."""
    what = field_label(_path(parts))
    values = {"what": what, "old": _value(parts, old), "new": _value(parts, new)}
    if where is None:
        return _("%(what)s: %(old)s → %(new)s") % values
    return _("%(where)s, %(what)s: %(old)s → %(new)s") % {**values, "where": where}


def _row_change(pattern: str, item: dict[str, Any], where: str, old: Any, new: Any) -> str | None:
    """The sentences of a changed figure in a scoring or outcome row."""
    field = pattern.rsplit(".", 1)[-1]
    whats = {
        "emperor": pgettext("diff row field", "the emperor's points"),
        "guard": pgettext("diff row field", "the guard's points"),
        "rebels": pgettext("diff row field", "each rebel's points"),
        "others": pgettext("diff row field", "each other player's points"),
    }
    if field == "outcome":
        return _("%(where)s: the outcome %(old)s → %(new)s") % {
            "where": where,
            "old": _outcome(old),
            "new": _outcome(new),
        }
    if field in whats:
        return _("%(where)s: %(what)s %(old)s → %(new)s") % {
            "where": where,
            "what": whats[field],
            "old": _num(old),
            "new": _num(new),
        }
    return None


def _multiplier_change(item: dict[str, Any], old: Any, new: Any) -> str:
    return _("The multiplier for %(event)s ×%(old)s → ×%(new)s") % {
        "event": _event(item.get("event")),
        "old": _num(old),
        "new": _num(new),
    }


def _tribute_change(field: str, where: str, old: Any, new: Any) -> str | None:
    if field == "give":
        return _("%(where)s, who gives: %(old)s → %(new)s") % {
            "where": where,
            "old": _shares(old),
            "new": _shares(new),
        }
    if field == "take":
        return _("%(where)s, who takes (in picking order): %(old)s → %(new)s") % {
            "where": where,
            "old": _shares(old),
            "new": _shares(new),
        }
    return None


# --------------------------------------------------------------------------- the walk


@dataclass
class _Found:
    parts: tuple[Part, ...]
    old: Any
    new: Any
    change: str
    say: Say


@dataclass(frozen=True)
class _Item:
    """The keyed item a path is inside (for the sentence of a change in one of its fields)."""

    list_pattern: str
    item: dict[str, Any]
    where: str | None


def _same(a: Any, b: Any) -> bool:
    """Equal values of the same JSON kind (``true`` is not ``1``)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if type(a) is not type(b) and not (isinstance(a, int | float) and isinstance(b, int | float)):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _merged_keys(first: list[Any], second: list[Any]) -> list[Any]:
    """The keys of both, each key of ``second`` alone placed after its predecessor there."""
    merged = list(first)
    for index, key in enumerate(second):
        if key in merged:
            continue
        before = next((k for k in reversed(second[:index]) if k in merged), None)
        merged.insert(merged.index(before) + 1 if before is not None else 0, key)
    return merged


def _keys(spec: _Keyed, items: list[Any]) -> list[Hashable] | None:
    """Each item's identity (with its occurrence among equal ones), or None if unusable."""
    seen: Counter[Hashable] = Counter()
    keys: list[Hashable] = []
    for item in items:
        if not isinstance(item, dict):
            return None
        try:
            key = spec.key(item)
            hash(key)
        except (KeyError, TypeError):
            return None
        keys.append((key, seen[key]))
        seen[key] += 1
    return keys


def _contains(items: list[Any], value: Any, before: list[Any]) -> bool:
    """Whether ``items`` holds one more copy of ``value`` than ``before`` does."""
    return sum(_same(v, value) for v in items) > sum(_same(v, value) for v in before)


class _Walker:
    def __init__(self) -> None:
        self.out: list[_Found] = []

    def add(self, parts: Sequence[Part], old: Any, new: Any, change: str, say: Say) -> None:
        self.out.append(_Found(tuple(parts), old, new, change, say))

    # ---- any value

    def walk(self, a: Any, b: Any, parts: tuple[Part, ...], inside: _Item | None) -> None:
        pattern = _pattern(parts)
        if isinstance(a, dict) and isinstance(b, dict):
            tag = TAGGED.get(pattern)
            if tag is not None and a.get(tag) != b.get(tag):
                self.leaf(a, b, parts, inside)
                return
            for key in _merged_keys(list(a), list(b)):
                child = (*parts, key)
                if key not in b:
                    self.add(child, a[key], None, "removed", self.say_field(child, a[key], None))
                elif key not in a:
                    self.add(child, None, b[key], "added", self.say_field(child, None, b[key]))
                else:
                    self.walk(a[key], b[key], child, inside)
        elif isinstance(a, list) and isinstance(b, list):
            if pattern in WHOLE:
                if not _same(a, b):
                    self.leaf(a, b, parts, inside)
            elif pattern == "notes":
                self.notes(a, b, parts)
            elif pattern == "house_notes":
                self.house_notes(a, b, parts)
            elif pattern in KEYED:
                self.keyed(a, b, parts, KEYED[pattern])
            else:
                self.positional(a, b, parts, inside)
        elif not _same(a, b):
            self.leaf(a, b, parts, inside)

    def leaf(self, a: Any, b: Any, parts: tuple[Part, ...], inside: _Item | None) -> None:
        self.add(parts, a, b, "changed", self.say_changed(parts, a, b, inside))

    # ---- lists

    def positional(
        self, a: list[Any], b: list[Any], parts: tuple[Part, ...], inside: _Item | None
    ) -> None:
        for i in range(max(len(a), len(b))):
            child = (*parts, i)
            if i >= len(b):
                self.add(child, a[i], None, "removed", self.say_field(child, a[i], None))
            elif i >= len(a):
                self.add(child, None, b[i], "added", self.say_field(child, None, b[i]))
            else:
                self.walk(a[i], b[i], child, inside)

    def notes(self, a: list[Any], b: list[Any], parts: tuple[Part, ...]) -> None:
        """One change per note added or removed (an edited note is both)."""
        for i, note in enumerate(a):
            if not _contains(b, note, a[:i]):
                self.add((*parts, i), note, None, "removed", self.say_note(note, False))
        for j, note in enumerate(b):
            if not _contains(a, note, b[:j]):
                self.add((*parts, j), None, note, "added", self.say_note(note, True))

    def house_notes(self, a: list[Any], b: list[Any], parts: tuple[Part, ...]) -> None:
        """One change per house note added, removed or edited.

        A note in the old list and not in the new one is removed, and the other way round
        added; a removed and an added note at the same position are one edited note.
        """
        gone = [i for i, n in enumerate(a) if not _contains(b, n, a[:i])]
        new = [j for j, n in enumerate(b) if not _contains(a, n, b[:j])]
        edited = sorted(set(gone) & set(new))
        for i in gone:
            if i in edited:
                self.add((*parts, i), a[i], b[i], "changed", self.say_house_note(a[i], b[i]))
            else:
                self.add((*parts, i), a[i], None, "removed", self.say_house_note(a[i], None))
        for j in new:
            if j not in edited:
                self.add((*parts, j), None, b[j], "added", self.say_house_note(None, b[j]))

    @staticmethod
    def say_house_note(old: Any, new: Any) -> Say:
        def text(note: Any, order: tuple[str, str]) -> str:
            """The note in the first language of ``order`` (the other if that is missing)."""
            if not isinstance(note, dict):
                return _quote(note)
            return _quote(note.get(order[0]) or note.get(order[1]) or "")

        def say() -> str:
            order = ("zh", "en") if _zh() else ("en", "zh")
            if old is None:
                return _("New house note: %(note)s") % {"note": text(new, order)}
            if new is None:
                return _("House note removed: %(note)s") % {"note": text(old, order)}
            if text(old, order) == text(new, order):  # only the other language was edited
                order = (order[1], order[0])
            return _("House note changed: %(old)s → %(new)s") % {
                "old": text(old, order),
                "new": text(new, order),
            }

        return say

    @staticmethod
    def say_note(note: Any, added: bool) -> Say:
        def say() -> str:
            template = _("New note: %(note)s") if added else _("Note removed: %(note)s")
            return template % {"note": _quote(note)}

        return say

    def keyed(self, a: list[Any], b: list[Any], parts: tuple[Part, ...], spec: _Keyed) -> None:
        keys_a = _keys(spec, a)
        keys_b = _keys(spec, b)
        if keys_a is None or keys_b is None:
            self.positional(a, b, parts, None)
            return
        index_a = {k: i for i, k in enumerate(keys_a)}
        index_b = {k: i for i, k in enumerate(keys_b)}
        pattern = _pattern(parts)
        for key in _merged_keys(keys_a, keys_b):
            if key not in index_b:
                i = index_a[key]
                item = a[i]
                self.add((*parts, i), item, None, "removed", self.say_item(spec, item, False))
            elif key not in index_a:
                j = index_b[key]
                item = b[j]
                self.add((*parts, j), None, item, "added", self.say_item(spec, item, True))
            else:
                i, j = index_a[key], index_b[key]
                old, new = a[i], b[j]
                if _same(old, new):
                    continue
                if spec.where is None:
                    self.add((*parts, j), old, new, "changed", self.say_whole(spec, old, new))
                else:
                    inside = _Item(pattern, new, None)
                    self.walk(old, new, (*parts, j), inside)
        common_a = [k for k in keys_a if k in index_b]
        common_b = [k for k in keys_b if k in index_a]
        if spec.ordered and common_a != common_b:
            self.add(parts, a, b, "changed", self.say_order(pattern, a, b))

    # ---- sentences (made later, once per language)

    @staticmethod
    def say_item(spec: _Keyed, item: dict[str, Any], added: bool) -> Say:
        def say() -> str:
            frame = spec.added() if added else spec.removed()
            return frame % {"item": spec.whole(item)}

        return say

    @staticmethod
    def say_whole(spec: _Keyed, old: dict[str, Any], new: dict[str, Any]) -> Say:
        def say() -> str:
            if spec.changed is None:
                raise LookupError("This keyed list has no wording of a changed item.")
            return spec.changed() % {"old": spec.whole(old), "new": spec.whole(new)}

        return say

    @staticmethod
    def say_order(pattern: str, a: list[Any], b: list[Any]) -> Say:
        def say() -> str:
            if pattern == "bidding.flow":
                arrow = " → "
                return _("The bidding steps are reordered: %(old)s becomes %(new)s") % {
                    "old": arrow.join(_step(s.get("step")) for s in a),
                    "new": arrow.join(_step(s.get("step")) for s in b),
                }
            return _(
                "The tribute rules are reordered (the first rule that applies is used): %(new)s"
            ) % {"new": "; ".join(_condition(r.get("when")) for r in b)}

        return say

    @staticmethod
    def say_field(parts: tuple[Part, ...], old: Any, new: Any) -> Say:
        def say() -> str:
            return _field_change(parts, old, new, None)

        return say

    @staticmethod
    def say_changed(parts: tuple[Part, ...], old: Any, new: Any, inside: _Item | None) -> Say:
        def say() -> str:
            if inside is None:
                if _pattern(parts) == "deal.hand_sizes":
                    return _("Cards dealt to each seat: %(old)s → %(new)s") % {
                        "old": _value(parts, old),
                        "new": _value(parts, new),
                    }
                return _field_change(parts, old, new, None)
            spec = KEYED[inside.list_pattern]
            if spec.where is None:
                raise LookupError("This keyed list has no wording of a place inside an item.")
            where = spec.where(inside.item)
            field_parts = parts[len(inside.list_pattern.split(".")) + 1 :]
            field = str(field_parts[0]) if field_parts else ""
            sentence: str | None = None
            if inside.list_pattern.startswith("scoring.") and len(field_parts) == 1:
                if inside.list_pattern == "scoring.multipliers":
                    sentence = _multiplier_change(inside.item, old, new)
                else:
                    sentence = _row_change(f"x.{field}", inside.item, where, old, new)
            elif inside.list_pattern == "tribute.rules" and len(field_parts) == 1:
                sentence = _tribute_change(field, where, old, new)
            return sentence or _field_change(parts, old, new, where)

        return say


def diff_definitions(old: Any, new: Any) -> list[dict[str, Any]]:
    """Every change from ``old`` to ``new``, in the language's order (see the module).

    Each entry is ``{path, old, new, change, text}``: ``path`` is a JSON path such as
    ``scoring.two_person.rows[3].guard`` (empty for the whole document), ``change`` is
    ``changed``, ``added`` (``old`` is None) or ``removed`` (``new`` is None), and
    ``text`` is ``{"zh": …, "en": …}``.
    """
    walker = _Walker()
    walker.walk(in_language_order(old), in_language_order(new), (), None)
    return [
        {
            "path": _path(found.parts),
            "old": found.old,
            "new": found.new,
            "change": found.change,
            "text": in_both(found.say),
        }
        for found in walker.out
    ]
