"""The engine's reasons (issue #14): a code and params behind every sentence, the English
unchanged, and a Chinese sentence for every code.

The English of each reason is pinned by the engine's own tests (test_plays, test_beats,
test_deck_limits, the rules tests, the goldens); here: every code has a translation, a
sweep over random plays of every bundled variant renders each reason in Chinese without an
English word, and the English rendering is the engine's string itself.
"""

from __future__ import annotations

import pickle
import random
import re
from pathlib import Path

import polib
import pytest

from baohuang.engine import reasons
from baohuang.engine.actions import ActionError, parse_action
from baohuang.engine.beats import beats
from baohuang.engine.cards import NUM_RANKS
from baohuang.engine.compiled import CompiledVariant, compile_variant
from baohuang.engine.deck_limits import deck_reason, judge, play_reason
from baohuang.engine.game import Game, IllegalAction
from baohuang.engine.notation import NotationError, parse_card, parse_play
from baohuang.engine.plays import Play
from baohuang.engine.reasons import TEMPLATES, Reason, say
from baohuang.i18n import speaking
from baohuang.rules import bundled_variant_paths, load_bundled
from tests.api.test_i18n import english_in

CATALOG = (
    Path(reasons.__file__).resolve().parent / "locale" / "zh_Hans" / "LC_MESSAGES" / "django.po"
)
_HAN = re.compile(r"[\u4e00-\u9fff]")
#: Latin words a Chinese reason may keep: action words of the record notation (quoted in the
#: sentence), a Python type name.
ALLOWED = ("pass", "ascend", "abdicate", "call:4s", "play", "int")


def _variants() -> list[CompiledVariant]:
    return [compile_variant(load_bundled(path.stem)) for path in bundled_variant_paths()]


def test_every_reason_code_has_a_chinese_sentence() -> None:
    catalog = {
        (e.msgctxt or "", e.msgid): e.msgstr
        for e in polib.pofile(str(CATALOG))
        if not e.obsolete and not e.fuzzy
    }

    for code, template in TEMPLATES.items():
        assert catalog.get(("", template)), f"{code}: no Chinese for {template!r}"
        with speaking("zh"):
            translated = reasons.gettext(template)
            assert translated != template, code
            assert _HAN.search(translated) or template.startswith("%("), code


def test_placeholders_of_each_code_are_its_params() -> None:
    """A template names only params its code is built with (caught by a KeyError in say)."""
    for template in TEMPLATES.values():
        for name in re.findall(r"%\((\w+)\)s", template):
            assert name.isidentifier()


def test_english_is_the_engine_string_itself() -> None:
    cv = compile_variant(load_bundled("baike-weihai"))
    why = play_reason(cv, Play.of([0, 0, 0]))

    assert isinstance(why, Reason)
    assert why.code == "rank_removed"
    assert why == "This variant's deck has no threes (all threes, fours and fives are removed)"
    with speaking("en"):
        assert say(why) == str(why)
    with speaking("zh"):
        assert say(why) == "本玩法的牌里没有 3（3、4、5 全部去掉了）"


def test_a_reason_survives_pickling_and_json() -> None:
    cv = compile_variant(load_bundled("baike-common"))
    why = judge(cv, Play.of([7, 7]), Play.of([6, 6])).reason

    again = pickle.loads(pickle.dumps(why))  # noqa: S301 (its own bytes, just made)

    assert (again, again.code, again.params) == (why, why.code, why.params)
    assert why.as_json()["params"]["why"]["code"] == "position_set"


def _sweep(cv: CompiledVariant, rng: random.Random, n: int) -> list[Reason]:
    """Reasons of random (often illegal) plays and pairs in the variant."""
    out: list[Reason] = []
    for _ in range(n):
        size = rng.choice((1, 1, 2, 3, 4, 5))
        ranks = [rng.randrange(NUM_RANKS) for _ in range(size)]
        if rng.random() < 0.5:
            ranks = [ranks[0]] * size + ranks[size:]
        cand = Play.of(ranks)
        prev = Play.of([rng.randrange(NUM_RANKS)] * rng.choice((1, 2, 3, 4)))
        for found in (play_reason(cv, cand), deck_reason(cv, cand)):
            if found is not None:
                out.append(found)
        out.append(judge(cv, prev, cand).reason)
        out.append(beats(prev, cand, cv.play).reason)
    return out


@pytest.mark.parametrize("cv", _variants(), ids=lambda cv: cv.id)
def test_every_reason_of_random_plays_is_chinese(cv: CompiledVariant) -> None:
    rng = random.Random(14)
    seen: set[str] = set()

    with speaking("zh"):
        for why in _sweep(cv, rng, 600):
            assert isinstance(why, Reason), why
            seen.add(why.code)
            text = say(why)
            assert _HAN.search(text), (why.code, text)
            assert english_in(text, ALLOWED) == [], (why.code, str(why), text)
    assert {"does_not_beat", "beats_because"} <= seen


def test_game_and_record_reasons_are_chinese() -> None:
    cv = compile_variant(load_bundled("baike-common"))
    game = Game.new(cv, 7)
    refused: list[Reason] = []
    for action in ("nonsense", (0,), "play"):
        try:
            game.apply(action)
        except IllegalAction as exc:
            refused.append(exc.args[0])
    for text in ("play 3 X", "jump", 5):
        try:
            parse_action(text)
        except ActionError as exc:
            refused.append(exc.args[0])

    assert [r.code for r in refused][:1] == ["not_allowed_now"]
    with speaking("zh"):
        for why in refused:
            assert isinstance(why, Reason)
            text = say(why)
            assert _HAN.search(text), (why.code, text)
            assert english_in(text, ALLOWED) == [], (why.code, text)


# --------------------------------------------------------------------------- mutation cases
# Found by mutation testing (`make mutation`, docs/development.md).


@pytest.mark.parametrize(
    ("code", "english", "chinese"),
    [
        ("parts", "a, b, c", "a，b，c"),
        ("either", "a, b or c", "a 或 b 或 c"),
        ("names", "a, b and c", "a、b、c"),
        ("commas", "a, b, c", "a、b、c"),
    ],
)
def test_each_kind_of_list_is_joined_in_its_own_way(code, english, chinese) -> None:
    listed = reasons.joined(code, ["a", "b", "c"], english)
    assert say(listed) == english  # English: the engine's own joining, unchanged
    with speaking("zh"):
        assert say(listed) == chinese


def test_a_legal_lead_has_its_code_and_sentence() -> None:
    answer = reasons.legal_lead("9 9")
    assert answer.code == "legal_lead"
    assert answer.params == {"play": "9 9"}
    assert str(answer) == "9 9 is a legal play to lead."
    assert reasons.code_of(answer) == "legal_lead"
    with speaking("zh"):
        assert _HAN.search(say(answer))
        assert "9 9" in say(answer)


def test_code_of_a_reason_and_of_plain_text() -> None:
    assert reasons.code_of(reasons.reason("no_previous_play")) == "no_previous_play"
    assert reasons.code_of("some text") is None
    assert reasons.params_of("some text") == {}


def test_a_card_the_notation_cannot_read_keeps_its_english_sentence() -> None:
    # `baohuang why --candidate ""` prints this sentence (English: the reason as it is).
    with pytest.raises(NotationError) as caught:
        parse_card("")
    answer = reasons.from_notation(caught.value)
    assert answer.code == "card_no_card"
    assert say(answer) == str(caught.value)
    assert say(answer).startswith("no card given")


def test_a_record_action_is_read_as_the_game_writes_it() -> None:
    # Cards in any order; "play" with no card is the empty play (the game refuses it).
    assert parse_action("play 3 5 BJ") == parse_action("play BJ 5 3")
    assert parse_action("play 3 5 BJ") == parse_play("3 5 BJ").ranks  # high to low
    assert parse_action(" play ") == ()
    assert parse_action("pass") == "pass"


def test_a_card_a_record_cannot_read_is_named_and_counted_in_both_languages() -> None:
    # "play 3 X 5": the second card is no card; the sentence names it and says which.
    with pytest.raises(ActionError) as caught:
        parse_action("play 3 X 5")
    answer = caught.value.args[0]
    assert reasons.code_of(answer) == "card_numbered"
    assert reasons.params_of(answer) == {
        "problem": {"code": "card_not_a_card", "params": {"token": "X"}},
        "card": 2,
    }
    with speaking("en"):
        assert say(answer) == "'X' is not a card: use 3-10, J, Q, K, A, 2, SJ or BJ (card 2)"
    with speaking("zh"):
        assert say(answer) == "“X”不是一张牌：请用 3-10、J、Q、K、A、2、SJ 或 BJ（第 2 张牌）"
