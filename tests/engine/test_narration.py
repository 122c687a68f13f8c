"""The narration of a game (issue #19): a sentence per action and per thing the table does,
and what each seat is told (a seat's secrets are told in full to it only)."""

from __future__ import annotations

import random

import pytest

from baohuang.bots import make_policy
from baohuang.engine import actions as A
from baohuang.engine.actions import format_action
from baohuang.engine.cards import NUM_RANKS, RANK_NAMES
from baohuang.engine.compiled import compile_variant
from baohuang.engine.deck import card_from_text, card_text
from baohuang.engine.game import MAX_REDEALS, Game
from baohuang.engine.narration import ALL_SEATS, Narrator, hand_cards, narrate, said_card, tell
from baohuang.i18n import speaking
from baohuang.rules import load_bundled
from tests.engine.rigging import answer, bundled, rigged
from tests.engine.rule_coverage import play, to_play


def played(variant: str, seed: int) -> Narrator:
    cv = compile_variant(load_bundled(variant))
    narrator = Narrator(Game.new(cv, seed))
    policy = make_policy("heuristic", cv)
    rng = random.Random(seed)
    game = narrator.game
    while not game.finished:
        narrator.apply(policy.act(game.view(game.to_act), game.legal_actions(), rng))
    return narrator


def test_every_action_is_told_once_in_order_and_the_end_is_told() -> None:
    narrator = played("baike-common", 3)
    indexed = [s.index for s in narrator.steps if s.index is not None]
    assert indexed == list(range(len(narrator.game.history)))
    assert narrator.steps[0].text.code == "deal"
    codes = [s.text.code for s in narrator.steps]
    end = next(i for i, code in enumerate(codes) if code in ("settled", "unscored"))
    # After the settlement: why each seat got its points, then the tribute owed.
    assert all(code.startswith("score_") or code == "tribute_owed" for code in codes[end + 1 :])
    outs = [s.seat for s in narrator.steps if s.text.code == "out"]
    assert outs == narrator.game.finish


def test_replaying_the_record_tells_the_same_story() -> None:
    narrator = played("tcy-bie3", 8)
    again = narrate(Game.new(narrator.game.cv, narrator.game.seed), narrator.game.history)
    assert [tell(s.text) for s in again.steps] == [tell(s.text) for s in narrator.steps]


def test_secrets_are_told_to_their_seat_only() -> None:
    secret_codes = {"hidden_guard", "hidden_solo", "abdicate_tip", "buy", "buy_paid", "open_guard"}
    seen = set()
    for variant, seed in (
        ("baike-weihai", 1),
        ("tcy-bie3", 2),
        ("tcy-bie3", 11),
        ("baike-common", 13),
    ):
        for step in played(variant, seed).steps:
            if step.text.code in secret_codes:
                seen.add(step.text.code)
                assert step.seen_by != ALL_SEATS
                for seat in set(range(5)) - step.seen_by:
                    told = step.told_to(seat)
                    assert told is None or told.code.endswith("_public"), (step, seat)
            else:
                assert step.seen_by == ALL_SEATS
                assert all(step.told_to(seat) == step.text for seat in range(5))
    assert {"hidden_guard", "abdicate_tip", "buy_paid"} <= seen


def test_a_tip_is_said_with_its_suit_symbol() -> None:
    tips = [s for s in played("tcy-bie3", 11).steps if s.text.code == "abdicate_tip"]
    assert tips
    assert tips[0].text.params["card"][-1] in "♠♥♣♦" or tips[0].text.params["card"] in ("SJ", "BJ")


def test_automatic_play_says_what_the_system_chose() -> None:
    cv = compile_variant(load_bundled("baike-common"))
    narrator = Narrator(Game.new(cv, 5))
    chosen = narrator.game.default_action()
    narrator.apply(A.AUTO)
    step = narrator.steps[-1]
    assert step.text.code == "auto"
    assert step.text.params["what"].code == (chosen if isinstance(chosen, str) else "lead")


def test_hand_cards_keep_suits_and_marks_in_play() -> None:
    narrator = played("baike-common", 6)
    game = narrator.game
    replay = Narrator(Game.new(game.cv, game.seed))
    checked = 0
    for action in game.history:
        replay.apply(action)
        g = replay.game
        if g.phase != "play":
            continue
        for seat in range(5):
            cards = hand_cards(g, seat)
            ranks = [RANK_NAMES.index(c.rstrip("*").rstrip("shcd") or c) for c in cards]
            expected = [r for r in range(NUM_RANKS - 1, -1, -1) for _ in range(g.counts[seat][r])]
            assert sorted(ranks, reverse=True) == expected
            # Before the last card of a rank goes, the marked card stays in the hand.
            if g.counts[seat][RANK_NAMES.index("BJ")] and g.emperor == seat and not g.marks_void:
                assert "BJ*" in cards
        checked += 1
    assert checked > 20


# ------------------------------------------------------------ the whole story, sentence by sentence

#: What each word action is told as (English), by the seat that took it (``{s}``).
WORD_SENTENCES = {
    A.ASCEND: "Seat {s} ascends the throne.",
    A.DECLARE_SOLO: "Seat {s} ascends the throne and plays solo (独).",
    A.ABDICATE: "Seat {s} abdicates (让位).",
    A.GRAB: "Seat {s} grabs the solo (抢独) and is emperor.",
    A.NO_GRAB: "Seat {s} does not grab the solo.",
    A.OPEN_GUARD: "Seat {s} shows himself as the guard (明保).",
    A.HIDDEN_GUARD: "Seat {s} stays a hidden guard (暗保).",
    A.OPEN_SOLO: "The emperor, seat {s}, plays an open solo (明独).",
    A.HIDDEN_SOLO: "The emperor, seat {s}, plays a hidden solo (暗独).",
    A.REBEL: "Seat {s} rebels (造反).",
    A.NO_REBEL: "Seat {s} does not rebel.",
    A.KICK: "Seat {s} kicks (踢).",
    A.NO_KICK: "Seat {s} does not kick.",
    A.PASS: "Seat {s} passes.",
    A.DEFER: "Seat {s} defers (让牌).",
    A.APPLY_WIND: "Seat {s} applies for the wind (要风).",
}
SYMBOLS = {"s": "♠", "h": "♥", "c": "♣", "d": "♦"}
OUTCOME_WORDS = {"win": "win", "draw": "draw", "lose": "loss"}


def symbol_card(text: str) -> str:
    """A card as a sentence says it: ``10h`` → ``10♥``; jokers as written."""
    return text[:-1] + SYMBOLS[text[-1]] if text[-1] in SYMBOLS else text


def check_action_step(
    game: Game, step, seat, phase, trick, tips, action, automatic: bool = False
) -> None:
    """The step of one action: its place, seat, phase and the sentence each seat reads
    (on automatic play: the system's choice, said so, to every seat told anything)."""
    assert (step.index, step.seat, step.phase, step.action) == (
        len(game.history) - 1,
        seat,
        phase,
        A.AUTO if automatic else format_action(action),
    )
    # An open choice is made public by the table (event_open_guard, event_solo_open).
    secret = action in (A.HIDDEN_GUARD, A.HIDDEN_SOLO, A.OPEN_GUARD, A.OPEN_SOLO)
    public = None
    if isinstance(action, tuple):
        verb = "leads" if trick is None else "plays"
        full = f"Seat {seat} {verb} {' '.join(RANK_NAMES[r] for r in action)}."
    elif action.startswith(A.CALL_PREFIX):
        card = symbol_card(action[len(A.CALL_PREFIX) :])
        full = f"Seat {seat} ascends the throne and calls {card} as the guard card."
    elif action == A.ABDICATE and len(game.tips) > tips:
        tip = symbol_card(card_text(game.tips[-1]))
        full = f"Seat {seat} abdicates (让位) and tips {tip} (贴牌)."
        public = f"Seat {seat} abdicates (让位) and tips a card (贴牌)."
        secret = True
    else:
        full = WORD_SENTENCES[action].format(s=seat)
    if automatic:
        full = f"On automatic play (托管): {full}"
        public = None if public is None else f"On automatic play (托管): {public}"
    assert tell(step.text) == full
    for other in range(5):
        told = step.told_to(other)
        if other == seat or not secret:
            assert told is not None
            assert tell(told) == full
        elif public is None:
            assert told is None
        else:
            assert told is not None
            assert tell(told) == public


def check_end(narrator: Narrator, first: int) -> None:
    """The settlement, why each seat scored, and the tribute owed: all in phase finished."""
    out = narrator.game.outcome
    assert out is not None
    assert out.score is not None
    score = out.score
    steps = narrator.steps[first:]
    assert all(
        (s.index, s.seat, s.phase, s.action) == (None, None, "finished", None) for s in steps
    )
    assert tell(steps[0].text) == (
        f"Game over. Finish order: {', '.join(map(str, out.finish))}. "
        f"Points: {', '.join(map(str, score.points))} (the emperor's side: "
        f"{OUTCOME_WORDS[score.outcome]}, ×{score.multiplier})."
    )
    assert steps[0].text.params["multiplier"] == score.multiplier
    plan = out.tribute
    if plan.givers or plan.takers:

        def counts(pairs) -> str:
            return ", ".join(f"seat {s} ×{n}" for s, n in pairs) or "nobody"

        assert tell(steps[-1].text) == (
            f"Tribute owed next game: {counts(plan.givers)} give; {counts(plan.takers)} take."
        )


def check_table_steps(game: Game, steps, seat) -> None:
    """What the table did after `seat`'s action: seats going out, roles made public."""
    for step in steps:
        code = step.text.code
        if code in ("redeal", "deal", "settled", "unscored") or code.startswith("buy"):
            return
        assert (step.index, step.action, step.phase) == (None, None, game.phase)
        expected = {
            "event_open_guard": (game.guard, f"The guard is seat {game.guard}, openly."),
            "event_guard_known": (game.guard, f"The guard is known: seat {game.guard}."),
            "event_rebellion": (
                game.guard,
                f"The rebellion succeeds: the guard, seat {game.guard}, is known.",
            ),
            "event_rebellion_solo": (
                game.emperor,
                "The rebellion succeeds: the emperor plays alone.",
            ),
            "event_kick": (seat, "The kick stands (踢): the stakes rise."),
            "event_solo_open": (
                game.emperor,
                f"The emperor, seat {game.emperor}, plays alone, openly.",
            ),
        }
        if code == "out":
            place = step.text.params["place"]
            out = game.finish[place - 1]
            expected["out"] = (out, f"Seat {out} is out, in place {place}.")
        assert (step.seat, tell(step.text)) == expected[code]


@pytest.mark.parametrize(
    ("name", "seed", "table_told"),
    [
        ("baike-common", 3, "out"),
        ("tcy-bie3", 11, "out"),
        ("baike-weihai", 1, "out"),
        ("hd", 4, "out"),
        ("tcy-bie3", 2, "out"),
        ("baike-classic", 0, "event_open_guard"),
        ("baike-classic", 1, "out"),
        ("baike-classic", 8, "out"),
        ("lianzhong-simple", 9, "event_rebellion"),
        ("lianzhong-simple", 11, "event_rebellion_solo"),
        ("tcy-bie3", 9, "event_solo_open"),
    ],
)
def test_every_action_is_told_in_full_to_its_seat_and_publicly_to_the_others(
    name, seed, table_told
) -> None:
    """Each action's sentence names its seat and what it did (a lead or a play of its ranks,
    the called card, the tipped card with its suit symbol); a secret (a tip, a hidden or
    open guard's or solo's choice) reaches the other seats only in its public form or not at
    all. What the table makes public is told with the seat it is about. The game ends with
    the settlement, the reasons and the tribute owed, phase finished. A hidden choice left to
    automatic play stays hidden. Replaying the record as text tells the same story."""
    cv = compile_variant(load_bundled(name))
    narrator = Narrator(Game.new(cv, seed))
    policy = make_policy("heuristic", cv)
    rng = random.Random(seed)
    game = narrator.game
    while not game.finished:
        seat, phase, trick, tips = game.to_act, game.phase, game.trick, len(game.tips)
        action = policy.act(game.view(seat), game.legal_actions(), rng)
        automatic = action in (A.HIDDEN_GUARD, A.HIDDEN_SOLO) and game.default_action() == action
        told = len(narrator.steps)
        narrator.apply(A.AUTO if automatic else action)
        step = narrator.steps[told]
        check_action_step(game, step, seat, phase, trick, tips, action, automatic)
        check_table_steps(game, narrator.steps[told + 1 :], seat)
    assert table_told in {s.text.code for s in narrator.steps}
    first = next(i for i, s in enumerate(narrator.steps) if s.text.code == "settled")
    check_end(narrator, first)
    again = narrate(Game.new(cv, seed), [format_action(a) for a in game.history])
    assert [tell(s.text) for s in again.steps] == [tell(s.text) for s in narrator.steps]


def test_a_game_nobody_takes_is_dealt_again_and_ends_unscored() -> None:
    """Every seat abdicates: each redeal is told (counted), the deal after it, and at last
    the game ends without a score, saying why. A tip made on automatic play is told in full
    to its seat and publicly to the others, both as automatic."""
    cv = compile_variant(load_bundled("baike-common"))
    narrator = Narrator(Game.new(cv, 1))
    game = narrator.game
    redeals = 0
    autos = 0
    while not game.finished:
        seat, phase, tips = game.to_act, game.phase, len(game.tips)
        assert A.ABDICATE in game.legal_actions()
        automatic = game.default_action() == A.ABDICATE and len(game.history) % 7 == 3
        told = len(narrator.steps)
        narrator.apply(A.AUTO if automatic else A.ABDICATE)
        step = narrator.steps[told]
        assert (step.index, step.seat, step.phase) == (len(game.history) - 1, seat, phase)
        tipped = len(game.tips) > tips
        if automatic:
            autos += 1
            assert step.action == "auto"
            full = step.text
            assert full.code == "auto"
            prefix = "On automatic play (托管): "
            expected = f"{prefix}Seat {seat} abdicates (让位)"
            if tipped:
                tip = symbol_card(card_text(game.tips[-1]))
                assert tell(full) == f"{expected} and tips {tip} (贴牌)."
                public = step.told_to((seat + 1) % 5)
                assert public is not None
                assert tell(public) == f"{expected} and tips a card (贴牌)."
                assert tell(step.told_to(seat)) == tell(full)
            else:
                assert tell(full) == f"{expected}."
        else:
            check_action_step(game, step, seat, phase, None, tips, A.ABDICATE)
        for later in narrator.steps[told + 1 :]:
            if later.text.code == "redeal":
                redeals += 1
                assert (later.index, later.seat, later.phase, later.action) == (
                    None,
                    None,
                    "bidding",
                    None,
                )
                assert tell(later.text) == (
                    f"Nobody took the throne: the cards are dealt again (redeal {redeals})."
                )
    # The abdication after the last redeal allowed ends the game: no 51st deal is told.
    assert redeals == MAX_REDEALS
    assert game.redeals == MAX_REDEALS + 1
    assert narrator.steps[-2].text.code not in {"redeal", "deal"}
    assert autos > 10
    last = narrator.steps[-1]
    assert (last.index, last.seat, last.phase, last.action) == (None, None, "finished", None)
    assert last.text.code == "unscored"
    assert tell(last.text) == "Game over, not scored: Nobody ascended after many redeals."


def test_hand_cards_show_suits_in_order_and_keep_the_marked_card_to_the_last() -> None:
    """Before play the physical cards, high first, by suit (♠ ♥ ♣ ♦) within a rank, the
    marked card first; in play, the marked big joker stays while a big joker is left."""
    hands = [
        ["8c", "BJ", "7s", "8s", "BJ*", "8h"],
        ["9s", "10d", "10s", "Ah"],
        ["SJ*", "Js", "5s"],
        ["Qs", "Qh", "6s"],
        ["Ks", "Kh", "4s"],
    ]
    game = rigged(bundled("baike-common"), hands)
    assert hand_cards(game, 0) == ["BJ*", "BJ", "8s", "8h", "8c", "7s"]
    assert hand_cards(game, 1) == ["Ah", "10s", "10d", "9s"]
    to_play(game)
    assert game.to_act == 0
    answer(game, play("BJ"))
    assert hand_cards(game, 0) == ["BJ*", "8s", "8h", "8c", "7s"]
    assert hand_cards(game, 1) == ["Ah", "10s", "10d", "9s"]


def test_the_card_above_the_big_joker_is_shown_as_top_with_the_rest_of_the_hand() -> None:
    """HD: the guard's copy of the called 4♠ ranks above the big joker and shows as TOP, first."""
    hands = [
        ["BJ*", "4s", "4s", "4s"],
        ["7h", "9d"],
        ["8h", "9c", "Jd"],
        ["4s", "10d", "Jh"],
        ["Qs", "Kd", "Ac"],
    ]
    game = rigged(bundled("hd"), hands)
    to_play(game)
    assert hand_cards(game, 3) == ["TOP", "Jh", "10d"]
    assert hand_cards(game, 2) == ["Jd", "9c", "8h"]


def test_a_card_is_said_with_its_suit_symbol() -> None:
    assert [said_card(card_from_text(t)) for t in ("10h", "2s", "Qd", "3c", "BJ*", "SJ")] == [
        "10♥",
        "2♠",
        "Q♦",
        "3♣",
        "BJ*",
        "SJ",
    ]


def test_the_end_of_a_game_is_told_in_chinese_with_chinese_lists() -> None:
    """In Chinese the settlement names the outcome in Chinese and lists are joined with "，"."""
    narrator = played("tcy-bie3", 11)
    out = narrator.game.outcome
    assert out is not None
    assert out.score is not None
    score, plan = out.score, out.tribute
    settled = next(s for s in narrator.steps if s.text.code == "settled")
    owed = narrator.steps[-1]
    assert owed.text.code == "tribute_owed"
    assert plan.givers
    assert plan.takers

    def counts(pairs) -> str:
        return "，".join(f"座位 {s} ×{n}" for s, n in pairs)

    with speaking("zh"):
        assert tell(settled.text) == (
            f"牌局结束。出完顺序：{'，'.join(map(str, out.finish))}。"
            f"得分：{'，'.join(map(str, score.points))}"
            f"（皇帝一方：{ {'win': '胜', 'draw': '平', 'lose': '负'}[score.outcome] }，"
            f"×{score.multiplier}）。"
        )
        assert tell(owed.text) == (
            f"下局进贡：{counts(plan.givers)} 进贡；{counts(plan.takers)} 收贡。"
        )


def test_jokers_are_named_in_chinese_and_written_as_notation_in_english() -> None:
    """Issue 34 §4: "座位 1 出 BJ 6" in the Chinese game log; 大王 is the game's word."""
    from baohuang.engine.narration import _text

    played = _text("play", seat=1, cards="BJ SJ 6")
    with speaking("zh"):
        assert tell(played) == "座位 1 管上 大王 小王 6。"
    with speaking("en"):
        assert tell(played) == "Seat 1 plays BJ SJ 6."
