"""Golden games: one recorded game per bundled variant that shows its distinctive rules.

Each golden file (`tests/engine/goldens/<variant>.json`) holds a game record (the contract
shape: variant, version, checksum, seed, dealer, actions) and the summary the engine gave.
The record is the replay input of `test_goldens.py`; the summary is only a catch-all diff.
What the game must come to (finish, points, outcome, money, multiplier, tribute and the
distinctive moments) is stated in `test_goldens.py` by hand, from docs/rules.md and the variant
files, never read back from a recording.

Every golden is the biased game of a pinned seed (:data:`SEEDS`). The regenerator replays
those seeds, checks that each game still shows its :data:`FEATURES`, and writes a file only
when it is new, or with ``--force`` when it changed; otherwise it prints the difference of
the summary and refuses:

    .venv/bin/python -m tests.engine.golden_games            # check; write only new files
    .venv/bin/python -m tests.engine.golden_games --force    # overwrite changed files
    .venv/bin/python -m tests.engine.golden_games --search   # find seeds showing FEATURES
    .venv/bin/python -m tests.engine.golden_games --story hd # print a game's moments
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from baohuang.engine import actions as A
from baohuang.engine.actions import parse_action
from baohuang.engine.cards import NUM_RANKS, TOP, TOP2
from baohuang.engine.compiled import CompiledVariant, compile_variant
from baohuang.engine.deck import EMPEROR_CARD, GUARD_CARD, card_text
from baohuang.engine.game import Game
from baohuang.engine.notation import format_play
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
    return game.abdications >= 2 and not game.redeals


@dataclass(frozen=True)
class Feature:
    """A distinctive rule a golden game must show, and how to detect it."""

    name: str
    check: Callable[[Game], bool]


def history_has(word: str) -> Callable[[Game], bool]:
    return lambda g: any(isinstance(a, str) and a.startswith(word) for a in g.history)


def event(name: str) -> Callable[[Game], bool]:
    return lambda g: name in g.events


def scored(name: str) -> Callable[[Game], bool]:
    """An event of the score (implied ones too, such as kick_succeeded)."""
    return lambda g: bool(g.outcome and g.outcome.score and name in g.outcome.score.events)


def outcome_is(outcome: str) -> Callable[[Game], bool]:
    return lambda g: bool(g.outcome and g.outcome.score and g.outcome.score.outcome == outcome)


def royal_ranks(*pairs: tuple[int, int]) -> Callable[[Game], bool]:
    """The emperor and his (two-person) guard finished at one of these pairs of ranks."""

    def check(g: Game) -> bool:
        if g.outcome is None or g.guard is None or g.solo is not None:
            return False
        finish = list(g.outcome.finish)
        ranks = sorted((finish.index(g.emperor) + 1, finish.index(g.guard) + 1))
        return tuple(ranks) in pairs

    return check


def upstream_abdication(g: Game) -> bool:
    """The first holder abdicated (the direction is stated in the test, not here)."""
    return g.abdications >= 1 and not g.redeals


def open_solo_cut_short(g: Game) -> bool:
    """An open solo that ended when someone other than the emperor went out first."""
    return g.solo == "open" and len(g.finish) == 1 and g.finish[0] != g.emperor


def first_decliner_forced(g: Game) -> bool:
    """A full round of abdications, then the card back with the first decliner (逼位)."""
    return g.abdications >= 5 and not g.redeals and g.emperor == g.first_holder


FEATURES: dict[str, list[Feature]] = {
    "baike-common": [
        Feature("abdication with a tip", tipped),
        Feature("open guard", event("open_guard")),
        Feature("a draw by the points method (the royals score 0)", outcome_is("draw")),
    ],
    "baike-classic": [
        Feature("called guard", history_has("call:")),
        Feature("a forced second round (逼庄)", lambda g: g.abdications >= 5 and not g.redeals),
    ],
    "baike-weihai": [
        Feature("rebellion", event("rebellion")),
        Feature("kick", event("kick")),
        Feature("successful kick", scored("kick_succeeded")),
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
        Feature("called guard", history_has("call:")),
        Feature("a draw (scored 0)", outcome_is("draw")),
    ],
    "tcy-weihai": [
        Feature("grabbed solo, marks void", lambda g: g.marks_void),
        Feature("open solo ended by another player going out first", open_solo_cut_short),
    ],
    "lianzhong-classic": [
        Feature("roasting", lambda g: g.uneven_beats > 0),
        Feature("called guard", history_has("call:")),
        Feature("royals (1,4) or (2,3): a win by the formula", royal_ranks((1, 4), (2, 3))),
    ],
    "lianzhong-simple": [
        Feature("rebellion", event("rebellion")),
        Feature("abdication with a tip", tipped),
        Feature("a seat locked on automatic play", lambda g: any(map(g.locked, range(5)))),
        Feature("a draw by the points method (the royals score 0)", outcome_is("draw")),
    ],
    "hd": [
        Feature("abdication (upstream)", upstream_abdication),
        Feature("the first decliner forced (逼位)", first_decliner_forced),
        Feature("wind by application", history_has(A.APPLY_WIND)),
        Feature("the card above the big joker played", lambda g: g.played_counts[TOP] > 0),
    ],
    "jj-standard": [
        Feature("automatic play", history_has(A.AUTO)),
        Feature("open guard", event("open_guard")),
    ],
    "pagat-rizhao": [
        Feature("the holder of BJ* rules at once (no abdication)", lambda g: g.abdications == 0),
        Feature("the guard never opens (hidden all game)", lambda g: "open_guard" not in g.events),
    ],
    "gamerules-com": [
        Feature(
            "a free round, then the first holder must rule",
            lambda g: g.abdications >= 5 and not g.redeals,
        ),
    ],
    "how234": [
        Feature("called guard", history_has("call:")),
        Feature("a forced second round (逼位)", lambda g: g.abdications >= 5 and not g.redeals),
    ],
    "quzhizhan": [
        Feature("called guard", history_has("call:")),
        Feature("abdication with a tip (添2让)", tipped),
        Feature("the 小保 played above the big joker", lambda g: g.played_counts[TOP] > 0),
    ],
    "youxi-tehua": [
        Feature("called guard", history_has("call:")),
        Feature("the 特画 played above the big joker", lambda g: g.played_counts[TOP] > 0),
    ],
    "qpsj-weihai": [
        Feature("rebellion", event("rebellion")),
        Feature("held-back 6s in the last play", went_out_with_hold_back),
    ],
    "novel-tudou": [
        Feature("a draw: a royal 1st, the other not 2nd", outcome_is("draw")),
    ],
    "buzi-bie3": [
        Feature("a bomb played (炸弹)", event("bomb")),
        Feature("held-back 3s in the last play", went_out_with_hold_back),
    ],
    "wh-baohuang": [
        Feature("two rebels declare: the guard is known", event("rebellion")),
        Feature("held-back 6s in the last play", went_out_with_hold_back),
    ],
}

#: The seed of each golden game: found with ``--search`` (or by hand among its results) so
#: that the game shows the cases stated in test_goldens.py.
SEEDS: dict[str, int] = {
    "baike-common": 5,
    "baike-classic": 75,
    "baike-weihai": 883,
    "baike-qingdao": 57,
    "tcy-bie6": 53,
    "tcy-bie3": 0,
    "tcy-weihai": 4,
    "lianzhong-classic": 25,
    "lianzhong-simple": 11,
    "hd": 43,
    "jj-standard": 14,
    "pagat-rizhao": 0,
    "gamerules-com": 16,
    "how234": 10,
    "quzhizhan": 0,
    "youxi-tehua": 0,
    "qpsj-weihai": 6,
    "novel-tudou": 3,
    "wh-baohuang": 4,
    "buzi-bie3": 0,
}

# Actions a searching player favours, and how often, so that rare rules show up in few
# tries (deferring is legal at almost every turn of Qingdao: favoured only now and then).
FAVOURED = {A.REBEL: 0.7, A.KICK: 0.7, A.OPEN_GUARD: 0.7, A.APPLY_WIND: 0.7, A.DEFER: 0.01}


def play_biased(cv: Any, seed: int) -> Game:
    """A random game that leans towards rare actions and small plays."""
    game = Game.new(cv, seed)
    rng = random.Random(seed)
    while not game.finished:
        legal = [a for a in game.legal_actions() if a != A.AUTO]
        favoured = [a for a in legal if a in FAVOURED]
        if game.phase == "bidding" and A.GRAB in legal and rng.random() < 0.8:
            legal = [a for a in legal if a != A.GRAB] or legal
        chosen = rng.choice(favoured) if favoured else None
        if chosen is not None and rng.random() < FAVOURED[chosen]:
            action = chosen
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
                action = rng.choice([a for a in legal if a != A.DEFER])
        game.apply(action)
    return game


def shows(game: Game, variant_id: str) -> list[str]:
    """The names of the variant's features this game does NOT show."""
    return [f.name for f in FEATURES[variant_id] if not f.check(game)]


def find_golden(
    variant_id: str, start: int = 0, tries: int = 5000, want: Callable[[Game], bool] | None = None
) -> tuple[Game, int]:
    """The first seed from `start` whose biased game shows every feature (and `want`)."""
    cv = compile_variant(load_bundled(variant_id))
    for seed in range(start, start + tries):
        game = play_biased(cv, seed)
        if not shows(game, variant_id) and (want is None or want(game)):
            return game, seed
    raise RuntimeError(f"no game of {variant_id} shows all of {FEATURES[variant_id]}")


def golden_document(game: Game) -> dict[str, Any]:
    """The JSON stored for a golden game."""
    return {"record": make_record(game), "summary": summary(game)}


# --------------------------------------------------------------------------- moments

#: A moment of a game: (action index or None for the deal and the end, seat or None,
#: what happened, detail). test_goldens.py states the distinctive ones by hand.
Moment = tuple[int | None, int | None, str, str]

#: Kinds of moment that are always compared in full: they fix the roles and the stakes.
ROLE_KINDS = frozenset(
    {
        "buys",
        "grabs",
        "abdicates",
        "ascends",
        "opens",
        "stays hidden",
        "rebels",
        "kicks",
        "rebellion",
        "kick",
        "open_guard",
        "guard_known",
        "grabbed_solo",
        "redeal",
    }
)

_PLACE = ("1st", "2nd", "3rd", "4th", "5th")


def _holder(game: Game) -> int | None:
    for seat, hand in enumerate(game.hands):
        if EMPEROR_CARD in hand:
            return seat
    return None


def story(
    cv: CompiledVariant, seed: int, actions: Sequence[str], dealer: int | None = None
) -> tuple[Game, list[Moment]]:
    """Replay a record and list its moments: who did what at which action index.

    Observed from the state only (who holds the emperor card after an abdication, what
    the seat just played), so that the test can compare them with moments it states.
    Raises IllegalAction/ActionError like a replay.
    """
    game = Game.new(cv, seed, dealer=dealer)
    out: list[Moment] = []

    def bought(buys: Sequence[tuple[int, int, int, int | None]]) -> None:
        for buyer, seller, card, paid in buys:
            price = f"for {card_text(paid)}" if paid is not None else "as a gift"
            out.append((None, buyer, "buys", f"{card_text(card)} from seat {seller} {price}"))

    bought(game.buys)
    wind_applicant: int | None = None
    locked_seats: set[int] = set()
    for index, text in enumerate(actions):
        action = parse_action(text)
        seat, phase = game.to_act, game.phase
        legal = game.legal_actions()
        events, redeals, buys = len(game.events), game.redeals, len(game.buys)
        tips, trick, finished = len(game.tips), game.trick, len(game.finish)
        owner_out = game.trick is not None and game.out[game.trick_owner]
        second = phase == "play" and bool(game.second_circle)
        automatic = action == A.AUTO or game.locked(seat)
        done = game.default_action() if automatic and phase != "play" else action
        row = list(game.counts[seat]) if phase == "play" else []
        game.apply(action)
        if phase == "play":  # what the seat played, as the state shows it (托管 too)
            gone = [
                r
                for r in range(NUM_RANKS - 1, -1, -1)
                for _ in range(row[r] - game.counts[seat][r])
            ]
            done = tuple(gone) if gone else (action if action != A.AUTO else A.PASS)
        if action == A.AUTO:
            out.append((index, seat, "auto", ""))
        if phase == "bidding":
            if done == A.GRAB:
                marked = any(c in (EMPEROR_CARD, GUARD_CARD) for h in game.hands for c in h)
                void = "" if marked else ", BJ* and SJ* now plain jokers"
                out.append((index, seat, "grabs", f"the solo{void}"))
            elif done == A.ABDICATE:
                if game.redeals > redeals:
                    out.append((index, seat, "abdicates", "nobody ascended"))
                else:
                    tip = f" with tips {' '.join(map(card_text, game.tips))}" if game.tips else ""
                    out.append((index, seat, "abdicates", f"BJ* to seat {_holder(game)}{tip}"))
            elif done != A.NO_GRAB and game.phase != "bidding":
                forced = " (forced)" if A.ABDICATE not in legal else ""
                taken = f", takes {tips} tip(s)" if tips else ""
                if isinstance(done, str) and done.startswith(A.CALL_PREFIX):
                    how = f"calls {done[len(A.CALL_PREFIX) :]}"
                elif done == A.DECLARE_SOLO:
                    how = "declares solo"
                else:
                    how = "ascends"
                who = f"guard seat {game.guard}" if game.guard is not None else f"{game.solo} solo"
                out.append((index, seat, "ascends", f"{how}, {who}{taken}{forced}"))
        elif phase == "declarations":
            if done in (A.OPEN_GUARD, A.OPEN_SOLO):
                out.append((index, seat, "opens", done))
            elif done in (A.HIDDEN_GUARD, A.HIDDEN_SOLO):
                out.append((index, seat, "stays hidden", done))
            elif done == A.REBEL:
                out.append((index, seat, "rebels", ""))
            elif done == A.KICK:
                out.append((index, seat, "kicks", ""))
        else:
            if second:
                what = format_play(done) if isinstance(done, tuple) else done
                out.append((index, seat, "second circle", what))
            if done == A.DEFER:
                out.append((index, seat, "defers", ""))
            elif done == A.APPLY_WIND:
                wind_applicant = seat
                out.append((index, seat, "applies for the wind", ""))
            elif isinstance(done, tuple):
                if TOP in done:
                    out.append((index, seat, "plays TOP", format_play(done)))
                if TOP2 in done:  # the higher of two ordered marked cards
                    out.append((index, seat, "plays TOP2", format_play(done)))
                if trick is not None and len(done) != len(trick):
                    detail = f"{format_play(done)} over {format_play(trick)}"
                    out.append((index, seat, "beats unevenly", detail))
                if seat in game.finish[finished:]:
                    held = {h.rank for h in cv.hold_back}
                    kind = (
                        "sneaks out" if held and not held & game.dealt_ranks[seat] else "goes out"
                    )
                    place = _PLACE[game.finish.index(seat)]
                    out.append((index, seat, kind, f"{place} with {format_play(done)}"))
            if owner_out and game.trick is None and not game.finished:
                how = "applied" if game.to_act == wind_applicant else "next player"
                out.append((index, game.to_act, "takes the wind", how))
            if game.trick is not None and trick is None:
                wind_applicant = None
        for locked in range(5):
            if game.locked(locked) and locked not in locked_seats:
                locked_seats.add(locked)
                spells = f"spell {game.auto_spells[locked]}"
                out.append((index, locked, "locked on automatic", spells))
        for name in game.events[events:]:
            out.append((index, None, name, ""))
        if game.redeals > redeals:
            out.append((index, None, "redeal", ""))
            bought(game.buys[buys:])
    if game.outcome is not None:
        for seat in game.outcome.shut_in:
            out.append((None, seat, "shut in", ""))
    return game, out


def story_of(document: dict[str, Any]) -> tuple[Game, list[Moment]]:
    """The story of a golden document (its record)."""
    record = document["record"]
    cv = compile_variant(load_bundled(record["variant"]))
    return story(cv, record["seed"], record["actions"], dealer=record["dealer"])


# --------------------------------------------------------------------------- regenerate


def summary_changes(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """One line per field of a game summary that differs."""
    return [
        f"summary.{key}: {before.get(key)!r} -> {after.get(key)!r}"
        for key in [*after, *(k for k in before if k not in after)]
        if before.get(key) != after.get(key)
    ]


def summary_diff(old: dict[str, Any] | None, new: dict[str, Any]) -> list[str]:
    """Lines naming every changed field of a golden document (summary first)."""
    if old is None:
        return ["(new file)"]
    lines = summary_changes(old.get("summary", {}), new["summary"])
    rec0, rec1 = old.get("record", {}), new["record"]
    for key in ("seed", "dealer", "checksum"):
        if rec0.get(key) != rec1.get(key):
            lines.append(f"record.{key}: {rec0.get(key)!r} -> {rec1.get(key)!r}")
    a0, a1 = rec0.get("actions", []), rec1["actions"]
    if a0 != a1:
        first = next((i for i, (x, y) in enumerate(zip(a0, a1, strict=False)) if x != y), None)
        where = min(len(a0), len(a1)) if first is None else first
        lines.append(f"record.actions: {len(a0)} -> {len(a1)} actions, first change at {where}")
    return lines


def write_golden(path: Path, document: dict[str, Any], force: bool) -> tuple[bool, list[str]]:
    """Write a golden file if it is new, unchanged or `force`; returns (written, diff)."""
    old = json.loads(path.read_text(encoding="utf-8")) if path.exists() else None
    if old == document:
        return False, []
    diff = summary_diff(old, document)
    if old is not None and not force:
        return False, diff
    path.write_text(json.dumps(document, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return True, diff


def pinned_game(variant_id: str) -> Game:
    """The biased game of the pinned seed; RuntimeError if it no longer shows a feature."""
    cv = compile_variant(load_bundled(variant_id))
    game = play_biased(cv, SEEDS[variant_id])
    missing = shows(game, variant_id)
    if missing:
        raise RuntimeError(
            f"{variant_id}: seed {SEEDS[variant_id]} no longer shows {missing}; "
            "run with --search and pin another seed in SEEDS"
        )
    return game


def main(argv: Sequence[str] | None = None) -> int:
    """Regenerate the golden files; refuse to overwrite a changed one without --force."""
    parser = argparse.ArgumentParser(prog="python -m tests.engine.golden_games")
    parser.add_argument("variants", nargs="*", help="variant ids (default: all)")
    parser.add_argument("--force", action="store_true", help="overwrite changed golden files")
    parser.add_argument("--search", action="store_true", help="search seeds instead of SEEDS")
    parser.add_argument("--start", type=int, default=0, help="first seed to search")
    parser.add_argument("--story", action="store_true", help="print each game's moments")
    parser.add_argument("--dir", type=Path, default=GOLDEN_DIR, help="where the files are")
    args = parser.parse_args(argv)
    args.dir.mkdir(parents=True, exist_ok=True)
    refused = 0
    for variant_id in args.variants or list(FEATURES):
        if args.search:
            game, seed = find_golden(variant_id, start=args.start)
            print(f"{variant_id}: seed {seed} shows every feature (pin it in SEEDS)")
        else:
            try:
                game = pinned_game(variant_id)
            except RuntimeError as exc:
                print(f"{variant_id}: REFUSED: {exc}")
                refused += 1
                continue
        document = golden_document(game)
        if args.story:
            print(f"{variant_id}: {json.dumps(document['summary'], ensure_ascii=False)}")
            for moment in story_of(document)[1]:
                print("   ", moment)
        path = args.dir / f"{variant_id}.json"
        written, diff = write_golden(path, document, args.force)
        state = "written" if written else ("REFUSED (changed; --force)" if diff else "unchanged")
        print(f"{variant_id}: seed {game.seed}, {len(game.history)} actions: {state}")
        for line in diff:
            print(f"    {line}")
        refused += bool(diff) and not written
    if refused:
        print(
            f"{refused} golden file(s) not written. CHECK THE RULE behind every change "
            "(docs/rules.md, variants/*.yaml) and the values stated in test_goldens.py; then "
            "rerun with --force (or, when a seed no longer shows its features, --search and "
            "pin a new seed in SEEDS).",
            file=sys.stderr,
        )
    return 1 if refused else 0


if __name__ == "__main__":
    raise SystemExit(main())
