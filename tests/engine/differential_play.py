"""Seeded games for the differential test of the two engine cores (one process, one core).

    BAOHUANG_CORE=python python -m tests.engine.differential_play GAMES VARIANT...

prints one JSON line per game: the core, the variant, the game's number, every action in
record text, every refused action with its reason, and the end of the game (summary and
observation). Games come in matches of three (the dealer moves on, tribute is paid before
bidding), and alternate between the two bots:

- heuristic seats, driven as a simulation drives them (:func:`play_game`'s lazy legal
  list), then replayed by a match game;
- random seats that now and then ask for automatic play (托管, which locks a seat after
  a few turns) and, before some decisions, try an illegal action first (a card not held,
  a pass when leading, a word of another phase…), whose refusal is recorded.

:mod:`tests.engine.test_native_differential` runs this once per core and compares the lines.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

from baohuang import native
from baohuang.bots import make_policy
from baohuang.engine import actions as A
from baohuang.engine.actions import Action, format_action
from baohuang.engine.cards import NUM_RANKS
from baohuang.engine.compiled import compile_variant
from baohuang.engine.game import Game, IllegalAction
from baohuang.engine.match import Match, derive_seed
from baohuang.engine.reasons import say
from baohuang.engine.record import summary
from baohuang.rules import load_bundled
from tests.engine.rigging import variant

MATCH_GAMES = 3
#: House rules no bundled variant uses, played on top of one that does not: the cores must
#: agree on them too (``house:NAME`` in the variant list).
HOUSE_RULES: dict[str, tuple[str, dict[str, Any]]] = {
    "house:hard-pass": ("baike-qingdao", {"play.hard_pass": True}),
    "house:defer-stay-passed": ("baike-qingdao", {"play.defer_passers": "stay_passed"}),
    "house:shut-in-last": ("tcy-bie3", {"end.shut_in_last": True}),
    "house:buy-with-2-or-joker": ("tcy-bie3", {"deal.buy.pay_with_also": ["K", "SJ", "BJ"]}),
    "house:two-or-nothing": (
        "baike-common",
        {
            "bidding.flow.0.tip": "two_or_nothing",
            "bidding.flow.0.tip_count": 2,
            "bidding.flow.0.tip_from_pass": 1,
            "play.hard_pass": True,
        },
    ),
    "house:bombs": (
        "tcy-bie6",
        {
            "play.bombs": {"min_count": 5, "beats": "any", "max_per_game": 3},
            "scoring.multipliers": [{"event": "bomb", "factor": 2}],
            "scoring.max_multiplier": 8,
        },
    ),
    "house:bombs-more-cards": (
        "baike-common",
        {"play.bombs": {"min_count": 4, "beats": "more_cards"}},
    ),
    "house:identical-bombs": (
        "buzi-bie3",
        {
            "play.bombs": {"min_count": 4, "beats": "any", "max_per_game": 2, "identical": True},
            "play.top_card_in_set": True,
        },
    ),
    "house:emperor-card-top": ("baike-common", {"play.top_card": "emperor_card"}),
    "house:both-marked-top": ("tcy-bie3", {"play.top_card": "both_marked"}),
    "house:both-marked-called": ("hd", {"play.top_card": "both_marked"}),
    "house:emperor-over-guard-called": (
        "hd",
        {"play.top_card": "both_marked", "play.marked_order": "emperor_higher"},
    ),
    "house:top-in-set": ("hd", {"play.top_card_in_set": True}),
    # Joker stacks (叠加): one only alone, one only in sets, no card above the big joker.
    "house:stacks": (
        "baike-common",
        {
            "play.stacks": [
                {"cards": "SJ SJ", "above": "BJ", "in_sets": False},
                {"cards": "BJ BJ", "above": "SJ SJ", "alone": False},
            ]
        },
    ),
    # Joker stacks with held-back 6s and bombs.
    "house:stacks-bombs-held-back": (
        "baike-weihai",
        {"play.bombs": {"min_count": 4}, "play.stacks": [{"cards": "BJ SJ", "above": "BJ"}]},
    ),
    "house:both-marked-in-set": (
        "baike-common",
        {"play.top_card": "both_marked", "play.top_card_in_set": True},
    ),
    "house:wild-twos": ("baike-common", {"play.wild": ["2"]}),
    "house:wild-jokers": (
        "tcy-bie6",
        {"play.attach": [], "play.wild": ["SJ", "BJ"], "play.bombs": {"min_count": 4}},
    ),
    "house:reveal-during-play": (
        "baike-common",
        {"declarations.reveal_by_card": True, "declarations.open_during_play": True},
    ),
    "house:reveal-called-top": ("hd", {"declarations.reveal_by_card": True}),
    "house:rebel-declaration-together": (
        "tcy-bie6",
        {
            "declarations.rebel_declaration": {"timing": "with_guard", "max_declarers": 2},
            "scoring.multipliers": [
                {"event": "guard_known", "factor": 2},
                {"event": "rebel_declared", "factor": 2},
            ],
            "scoring.max_multiplier": 4,
            "play.automatic.dissolve_if_any": "unscored",
        },
    ),
    "house:rebel-declaration-after": (
        "baike-weihai",
        {
            "declarations.rebel_declaration": {"timing": "after_guard"},
            "scoring.multipliers": [
                {"event": "rebellion", "factor": 2},
                {"event": "rebel_declared", "factor": 2},
            ],
        },
    ),
    "house:capped-rotation": (
        "baike-weihai",
        {"scoring.max_multiplier": 2, "deal.next_dealer": "next_seat"},
    ),
    "house:throne-choice-void": (
        "baike-weihai",
        {
            "bidding.flow.1.when_holding_both": "choice",
            "bidding.flow.1.skip_one_receiver": "may_decline",
            "bidding.flow.1.pass_seats": 2,
            "bidding.flow.2": {"step": "void"},
        },
    ),
    "house:throne-forfeit": (
        "baike-common",
        {
            "bidding.flow": [
                {"step": "offer_throne", "pass_to": "downstream", "pass_seats": 2},
                {"step": "forfeit", "loser": -8, "others": 2},
            ],
        },
    ),
}
WRONG_WORDS: tuple[Action, ...] = (A.PASS, A.ASCEND, A.KICK, A.REBEL, A.DEFER, "call:4s", "x")


def wrong_action(rng: random.Random) -> Action:
    """A random action that is usually illegal: a word, or a few random ranks."""
    if rng.random() < 0.5:
        return rng.choice(WRONG_WORDS)
    return tuple(sorted((rng.randrange(NUM_RANKS) for _ in range(rng.randint(1, 4))), reverse=True))


def play_random(game: Game, rng: random.Random, refused: list[str]) -> None:
    """Random legal actions, some automatic play, some illegal attempts (recorded)."""
    auto_rate = rng.choice((0.0, 0.0, 0.05, 0.3))
    steps = 0
    while not game.finished and steps < 5000:
        steps += 1
        if rng.random() < 0.05:
            attempt = wrong_action(rng)
            try:
                game.apply(attempt)
                continue  # it happened to be legal
            except IllegalAction as exc:
                refused.append(f"{format_action(attempt)}: {say(exc.args[0])}")
        legal = game.legal_actions()
        if rng.random() < auto_rate:
            game.apply(A.AUTO)
        else:
            choices = [a for a in legal if a != A.AUTO] or legal
            game.apply(rng.choice(choices))


def play_heuristic(game: Game, rng: random.Random) -> None:
    """The heuristic bot on every seat, with the lazy legal list as simulations use it."""
    from baohuang.bots.rollout import LazyLegal

    policy = make_policy("heuristic", game.cv)
    steps = 0
    while not game.finished and steps < 5000:
        steps += 1
        seat = game.to_act
        legal = game.legal_actions() if game.locked(seat) else LazyLegal(game)
        game.apply(policy.act(game.view(seat), legal, rng))


def end_state(game: Game) -> dict[str, Any]:
    """What a game ended with: its summary, its result and what each seat may see."""
    result = game.result()
    return {
        "summary": summary(game),
        "result": None if result is None else repr(result),
        "views": [list(game.view(s).astuple()) for s in range(5)],
        "observe": [game.observe(s) for s in range(5)],
    }


def games(variant_id: str, count: int) -> None:
    """Print ``count`` games of a bundled variant (or a ``house:`` one), one JSON line each."""
    if variant_id in HOUSE_RULES:
        base, changes = HOUSE_RULES[variant_id]
        cv = variant(base, **changes)
    else:
        cv = compile_variant(load_bundled(variant_id))
    number = 0
    while number < count:
        match = Match(cv, derive_seed(7, number))
        for _ in range(min(MATCH_GAMES, count - number)):
            if match.dissolved:  # 解散: the next games are a new match's
                break
            game = match.next_game()
            rng = random.Random(derive_seed(11, number))
            refused: list[str] = []
            if number % 2:
                play_random(game, rng, refused)
            else:
                play_heuristic(game, rng)
            line = {
                "core": native.CORE,
                "variant": variant_id,
                "game": number,
                "actions": [format_action(a) for a in game.history],
                "refused": refused,
                **end_state(game),
            }
            print(json.dumps(line, ensure_ascii=False, sort_keys=True, default=str))
            number += 1


def main(argv: list[str]) -> None:
    """``GAMES VARIANT...``: print that many games of each variant."""
    count = int(argv[0])
    for variant_id in argv[1:]:
        games(variant_id, count)


if __name__ == "__main__":
    main(sys.argv[1:])
