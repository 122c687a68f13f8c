"""Golden games: one recorded game per bundled variant that exercises its distinctive rules.

Each golden file (`tests/engine/goldens/<variant>.json`) holds a game record (the contract
shape: variant, version, checksum, seed, actions) and the summary the engine produced.
`test_goldens.py` replays every file and compares, so a change in behaviour shows up as a
diff. After an intended change, regenerate and review the diff:

    .venv/bin/python -m tests.engine.golden_games
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from baohuang.engine import actions as A
from baohuang.engine.cards import TOP
from baohuang.engine.compiled import compile_variant
from baohuang.engine.game import Game
from baohuang.engine.record import make_record, summary
from baohuang.rules import load_bundled

GOLDEN_DIR = Path(__file__).parent / "goldens"


def went_out_with_hold_back(game: Game) -> bool:
    """Someone's last play held his held-back cards (all together, last)."""
    ranks = {h.rank for h in game.cv.hold_back}
    last_play = {seat: play for seat, play in game.tricks}
    return any(ranks & set(last_play[s]) for s in game.finish if s in last_play)


def sneaked_out(game: Game) -> bool:
    """A player dealt none of a held-back rank went out (偷着跑)."""
    ranks = {h.rank for h in game.cv.hold_back}
    return any(not (ranks & game.dealt_ranks[s]) for s in game.finish)


def tipped(game: Game) -> bool:
    """An abdication with a tip (贴牌) happened before someone ascended."""
    return game.abdications >= 2


@dataclass(frozen=True)
class Feature:
    """A distinctive rule a golden game must show, and how to detect it."""

    name: str
    check: Callable[[Game], bool]


def history_has(word: str) -> Callable[[Game], bool]:
    return lambda g: any(isinstance(a, str) and a.startswith(word) for a in g.history)


def event(name: str) -> Callable[[Game], bool]:
    return lambda g: name in g.events


FEATURES: dict[str, list[Feature]] = {
    "baike-common": [
        Feature("abdication with a tip", tipped),
        Feature("open guard", event("open_guard")),
    ],
    "baike-classic": [Feature("called guard", history_has("call:"))],
    "baike-weihai": [
        Feature("rebellion", event("rebellion")),
        Feature("sneak-out", sneaked_out),
        Feature("held-back 6s in the last play", went_out_with_hold_back),
    ],
    "baike-qingdao": [
        Feature("defer", history_has(A.DEFER)),
        Feature("tribute owed", lambda g: g.outcome is not None and not g.outcome.tribute.empty),
        Feature("called guard", history_has("call:")),
    ],
    "tcy-bie6": [
        Feature("rebellion", event("rebellion")),
        Feature("held-back 6s in the last play", went_out_with_hold_back),
    ],
    "tcy-bie3": [
        Feature("buying a 3", lambda g: bool(g.buys)),
        Feature("shut in", lambda g: g.outcome is not None and bool(g.outcome.shut_in)),
        Feature("called guard", history_has("call:")),
    ],
    "tcy-weihai": [
        Feature("grabbed solo, marks void", lambda g: g.marks_void),
    ],
    "lianzhong-classic": [
        Feature("roasting", lambda g: g.uneven_beats > 0),
        Feature("called guard", history_has("call:")),
    ],
    "lianzhong-simple": [
        Feature("rebellion", event("rebellion")),
        Feature("abdication with a tip", tipped),
    ],
    "hd": [
        Feature("wind by application", history_has(A.APPLY_WIND)),
        Feature("the card above the big joker played", lambda g: g.played_counts[TOP] > 0),
    ],
    "jj-standard": [
        Feature("automatic play", history_has(A.AUTO)),
        Feature("open guard", event("open_guard")),
    ],
}

# Actions a searching player favours, so that rare rules show up in few tries.
FAVOURED = (A.REBEL, A.KICK, A.OPEN_GUARD, A.DEFER, A.APPLY_WIND)


def play_biased(cv: Any, seed: int) -> Game:
    """A random game that leans towards rare actions and small plays."""
    game = Game.new(cv, seed)
    rng = random.Random(seed)
    while not game.finished:
        legal = [a for a in game.legal_actions() if a != A.AUTO]
        favoured = [a for a in legal if a in FAVOURED]
        if game.phase == "bidding" and A.GRAB in legal and rng.random() < 0.8:
            legal = [a for a in legal if a != A.GRAB] or legal
        if favoured and rng.random() < 0.7:
            action = rng.choice(favoured)
        elif game.phase == "play" and rng.random() < 0.02 and game.trick is not None:
            action = A.AUTO
        else:
            plays = [a for a in legal if isinstance(a, tuple)]
            uneven = [a for a in plays if game.trick is not None and len(a) != len(game.trick)]
            if uneven and rng.random() < 0.5:
                action = rng.choice(uneven)
            elif plays and rng.random() < 0.6:
                action = plays[0]
            else:
                action = rng.choice(legal)
        game.apply(action)
    return game


def find_golden(variant_id: str, tries: int = 3000) -> tuple[Game, int]:
    """The first seed whose biased game shows every feature of the variant."""
    cv = compile_variant(load_bundled(variant_id))
    for seed in range(tries):
        game = play_biased(cv, seed)
        if all(f.check(game) for f in FEATURES[variant_id]):
            return game, seed
    raise RuntimeError(f"no game of {variant_id} shows all of {FEATURES[variant_id]}")


def golden_document(game: Game) -> dict[str, Any]:
    """The JSON stored for a golden game."""
    return {"record": make_record(game), "summary": summary(game)}


def main() -> None:
    """Regenerate every golden file."""
    GOLDEN_DIR.mkdir(exist_ok=True)
    for variant_id in FEATURES:
        game, seed = find_golden(variant_id)
        path = GOLDEN_DIR / f"{variant_id}.json"
        path.write_text(
            json.dumps(golden_document(game), ensure_ascii=False, indent=1) + "\n",
            encoding="utf-8",
        )
        print(f"{variant_id}: seed {seed}, {len(game.history)} actions -> {path.name}")


if __name__ == "__main__":
    main()
