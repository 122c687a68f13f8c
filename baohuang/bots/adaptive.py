"""A player who adapts to the rules: bidding and declarations judged by the variant's scoring
(issue 35).

The heuristic (:mod:`baohuang.bots.heuristic`) bids and declares by fixed quantiles of hand
strength: it abdicates, grabs, opens the guard, rebels or kicks the same way whether a
successful rebellion doubles the points or quadruples them. :class:`AdaptivePolicy` plays
the heuristic's cards but takes each of those decisions by a threshold that the variant's
own points, multipliers and money chose:

1. **Calibration** (once per variant, :func:`calibration_for`, cached by the compiled
   variant's checksum — its fingerprint — like the heuristic's tables): deals from a fixed
   seed are played by the heuristic. At every bidding or declaration decision with a real
   choice, the decision is tried both ways — "yes" (grab, ascend, open, rebel, kick …) and
   "no" (abdicate, stay hidden, …) — each played to the end by the heuristic, and the seat's
   points are read under the variant's scoring (the heuristic never draws from its
   generator, so the two continuations differ only by the decision: common random
   numbers). A sample is ``(strength, points(yes) − points(no))``.
2. **Thresholds**: for each decision context (the question, and for a rebellion how many
   more rebels it needs), the threshold ``t`` maximises the sample's total gain of the rule
   "yes iff strength ≥ t" over "always no" (stratified by strength band, weighted back to
   the deal's proportions); a context whose gain is nowhere positive is "never". A context
   seen fewer than :data:`MIN_SAMPLES` times keeps the heuristic's threshold.
3. **Play**: the heuristic's, card for card.

Everything is deterministic: the calibration depends only on the variant (fixed seed), so
the same variant and job seed give the same games in every process. A change of
multipliers, tables or money changes the samples' points and so moves the thresholds
(``tests/bots/test_adaptive.py``: ×4 for a successful rebellion in baike-weihai changes the
rebellion rate). Strength is the heuristic's :func:`~baohuang.bots.heuristic.strength` of the
dealt hand (plus the tips travelling with the emperor card when the throne is offered).

Tips (贴牌) are not a choice in this engine (the rule names the card); buying a card (买3)
pays with the cheapest rank offered, as the heuristic does.
"""

from __future__ import annotations

import hashlib
import json
import random
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from baohuang.bots.heuristic import HeuristicPolicy, strength, tables_for
from baohuang.bots.rollout import LazyLegal
from baohuang.engine import actions as A
from baohuang.engine.actions import Action
from baohuang.engine.compiled import CompiledVariant
from baohuang.engine.deck import EMPEROR_CARD, GUARD_CARD, card_from_text
from baohuang.engine.game import Game
from baohuang.engine.match import derive_seed
from baohuang.engine.scoring import GameResult, score
from baohuang.engine.seatview import SeatView
from baohuang.rules.field_kinds import FIELD_KINDS, generic_path, kind_of

#: Seed of the calibration deals (fixed: every process derives the same thresholds).
CALIBRATION_SEED = 35_2026
#: Deals played by the heuristic to find decision points (at most).
CALIBRATION_DEALS = 800
#: Decision points tried both ways per context and strength band (at most).
PER_BAND = 60
#: Band edges, as quantiles of the variant's dealt-hand strength: the strong bands, where
#: grabbing, soloing or kicking are decided, get as many samples as the weak ones.
BAND_EDGES: tuple[float, ...] = (0.5, 0.75, 0.9)
#: Fewer samples than this in a context: keep the heuristic's threshold there.
MIN_SAMPLES = 12
#: A safety net against a continuation that does not end (a bug).
_MAX_STEPS = 20_000

NEVER = float("inf")
"""A threshold no hand reaches: always "no"."""

#: Contexts and the heuristic limit each falls back to.
FALLBACK: dict[str, str] = {
    "grab": "grab",
    "ascend": "ascend",
    "solo": "solo",
    "declare_solo": "declare_solo",
    "skip": "ascend",
    "open_solo": "open_solo",
    "open_guard": "open_guard",
    "rebel": "rebel",
    "rebel_last": "rebel",
    "declare_rebel": "declare_rebel",
    "royal_kick": "kick",
    "rebel_kick": "kick",
}
#: The binary choice of each declaration question: (context, yes, no).
_DECLARATIONS: dict[str, tuple[str, str, str]] = {
    "solo": ("open_solo", A.OPEN_SOLO, A.HIDDEN_SOLO),
    "guard": ("open_guard", A.OPEN_GUARD, A.HIDDEN_GUARD),
    "declare_rebel": ("declare_rebel", A.DECLARE_REBEL, A.NO_DECLARE_REBEL),
    "royal_kick": ("royal_kick", A.KICK, A.NO_KICK),
    "rebel_kick": ("rebel_kick", A.KICK, A.NO_KICK),
    "grab": ("grab", A.GRAB, A.NO_GRAB),
}


@dataclass(frozen=True)
class Threshold:
    """One context's calibrated rule: "yes" iff strength ≥ ``at``."""

    at: float
    """The strength from which "yes" pays (:data:`NEVER`: never)."""
    samples: int
    """Decision points tried both ways."""
    gain: float
    """Mean points per decision the rule gains over always "no" (in the calibration)."""
    quantile: float
    """``at`` as a quantile of the variant's dealt-hand strength (1.0: never)."""


@dataclass(frozen=True)
class Calibration:
    """The thresholds of one variant (see the module docstring)."""

    checksum: str
    thresholds: dict[str, Threshold]
    """By context; a context missing here keeps the heuristic's threshold."""
    rollouts: int
    """Continuations played to calibrate (the cost, in about as many heuristic games)."""

    def summary(self) -> dict[str, dict[str, float | int | None]]:
        """JSON-ready: per context the quantile (None: never), samples and mean gain."""
        return {
            k: {
                "quantile": None if t.at == NEVER else round(t.quantile, 3),
                "samples": t.samples,
                "gain": round(t.gain, 3),
            }
            for k, t in sorted(self.thresholds.items())
        }


@dataclass
class _Sample:
    """One decision point tried both ways: the seat, its strength and both games' results."""

    seat: int
    x: float
    band: int
    yes: GameResult | None = None
    no: GameResult | None = None


@dataclass
class _Context:
    """Samples of one context, by strength band, and how many decision points each band saw."""

    seen: list[int] = field(default_factory=lambda: [0] * (len(BAND_EDGES) + 1))
    samples: list[_Sample] = field(default_factory=list)
    taken: list[int] = field(default_factory=lambda: [0] * (len(BAND_EDGES) + 1))


@dataclass(frozen=True)
class Trials:
    """The decision points of one *game* (every variant with the same play fields) tried both
    ways, with their results unscored: scoring them is cheap, playing them is not."""

    fingerprint: str
    contexts: dict[str, _Context]
    rollouts: int


def _result(game: Game) -> GameResult | None:
    return game.result()


def _finish(game: Game, heuristic: HeuristicPolicy, rng: random.Random) -> Game:
    """Play ``game`` to the end with the heuristic on every seat."""
    steps = 0
    view = game.view
    apply = game.apply
    act = heuristic.act
    while game.phase != "finished":
        seat = game.to_act
        legal = LazyLegal(game) if not game.locked(seat) else game.legal_actions()
        apply(act(view(seat), legal, rng))
        steps += 1
        if steps > _MAX_STEPS:
            raise RuntimeError("A calibration game did not end.")
    return game


def offer_classes(view: SeatView, legal: Sequence[Action]) -> dict[str, Action]:
    """The kinds of answer to an offered throne: ``ascend`` (with a guard), ``solo`` (ascend
    holding both marked cards, or calling a card one holds four of), ``declare_solo``,
    ``skip`` (pass two seats on), ``abdicate`` — each with its first legal action."""
    found: dict[str, Action] = {}
    for a in legal:
        kind = ""
        if a == A.ASCEND:
            both = EMPEROR_CARD in view.hand and GUARD_CARD in view.hand
            kind = "solo" if both else "ascend"
        elif isinstance(a, str) and a.startswith(A.CALL_PREFIX):
            card = card_from_text(a[len(A.CALL_PREFIX) :])
            kind = "solo" if view.hand.count(card) >= 4 else "ascend"
        elif a == A.DECLARE_SOLO:
            kind = "declare_solo"
        elif a == A.ABDICATE_SKIP:
            kind = "skip"
        elif a == A.ABDICATE:
            kind = "abdicate"
        if kind and kind not in found:
            found[kind] = a
    return found


def rebel_context(view: SeatView, threshold: int) -> str:
    """``rebel_last`` when this rebel's word completes the rebellion, else ``rebel``."""
    return "rebel_last" if len(view.rebels_declared) + 1 >= threshold else "rebel"


def choices(
    view: SeatView, legal: Sequence[Action], threshold: int
) -> list[tuple[str, Action, Action]]:
    """The binary choices ``(context, yes, no)`` a decision offers (none: not ours to judge)."""
    q = view.question
    if view.phase == "bidding" and q == "offer":
        kinds = offer_classes(view, legal)
        no = kinds.get("abdicate")
        if no is None:
            return []
        return [(k, a, no) for k, a in kinds.items() if k != "abdicate"]
    if q == "rebel":
        if A.REBEL in legal and A.NO_REBEL in legal:
            return [(rebel_context(view, threshold), A.REBEL, A.NO_REBEL)]
        return []
    spec = _DECLARATIONS.get(q)
    if spec is None or spec[1] not in legal or spec[2] not in legal:
        return []
    return [spec]


def feature(view: SeatView, deck_size: int) -> float:
    """The strength the thresholds are on: the hand's, plus the tips when the throne is offered."""
    s = strength(view.counts)
    if view.phase == "bidding" and view.question == "offer":
        s += float(max(0, deck_size - sum(view.hand_sizes)))
    return s


def _band(x: float, edges: Sequence[float]) -> int:
    b = 0
    while b < len(edges) and x >= edges[b]:
        b += 1
    return b


def _rebellion_threshold(cv: CompiledVariant) -> int:
    rebellion = cv.variant.declarations.rebellion
    return rebellion.threshold if rebellion is not None else 99


def play_fingerprint(cv: CompiledVariant) -> str:
    """A digest of the variant's ``play`` fields (:mod:`baohuang.rules.field_kinds`): two
    variants with the same one deal and play the same games with the heuristic, so their
    calibrations share the trials and differ only in how the results are scored."""
    leaves: list[tuple[str, Any]] = []
    _play_leaves(cv.variant.model_dump(mode="json"), "", leaves)
    text = json.dumps(leaves, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _play_leaves(data: Any, path: str, out: list[tuple[str, Any]]) -> None:
    if isinstance(data, Mapping):
        for key in sorted(data):
            _play_leaves(data[key], f"{path}.{key}" if path else str(key), out)
        return
    if isinstance(data, list) and generic_path(path) not in FIELD_KINDS:
        out.append((path + "#", len(data)))
        for i, item in enumerate(data):
            _play_leaves(item, f"{path}[{i}]", out)
        return
    if kind_of(path) == "play":
        out.append((path, data))


def trials(cv: CompiledVariant, deals: int = CALIBRATION_DEALS, per_band: int = PER_BAND) -> Trials:
    """Play the calibration deals and try their decision points both ways (see the module
    docstring); the results stay unscored."""
    heuristic = HeuristicPolicy(cv)
    tables = tables_for(cv)
    edges = [tables.quantile(q) for q in BAND_EDGES]
    deck = tables.deck_size
    need = _rebellion_threshold(cv)
    contexts: dict[str, _Context] = {}
    rng = random.Random(0)  # noqa: S311 (the heuristic draws nothing; a fixed stream anyway)
    rollouts = 0
    for i in range(deals):
        game = Game.new(cv, derive_seed(CALIBRATION_SEED, i))
        # Samples whose answer is the heuristic's own: the rest of this game is theirs.
        pending: list[tuple[_Sample, bool]] = []
        steps = 0
        while game.phase != "finished":
            seat = game.to_act
            phase = game.phase
            if phase == "bidding" or phase == "declarations":
                view = game.view(seat)
                legal = game.legal_actions()
                chosen = heuristic.act(view, legal, rng)
                options = choices(view, legal, need) if len(legal) > 1 else []
                x = feature(view, deck) if options else 0.0
                band = _band(x, edges)
                for context, yes, no in options:
                    ctx = contexts.setdefault(context, _Context())
                    ctx.seen[band] += 1
                    if ctx.taken[band] >= per_band:
                        continue
                    ctx.taken[band] += 1
                    sample = _Sample(seat, x, band)
                    for answer in (yes, no):
                        if answer == chosen:
                            pending.append((sample, answer == yes))
                            continue
                        branch = game.clone()
                        branch.apply(answer)
                        rollouts += 1
                        result = _result(_finish(branch, heuristic, rng))
                        if answer == yes:
                            sample.yes = result
                        else:
                            sample.no = result
                    ctx.samples.append(sample)
                game.apply(chosen)
            elif phase == "play":
                _finish(game, heuristic, rng)
            else:
                game.apply(heuristic.act(game.view(seat), game.legal_actions(), rng))
            steps += 1
            if steps > _MAX_STEPS:
                raise RuntimeError("A calibration game did not end.")
        main = _result(game)
        for sample, was_yes in pending:
            if was_yes:
                sample.yes = main
            else:
                sample.no = main
        if contexts and all(min(c.taken) >= per_band for c in contexts.values()):
            break
    return Trials(play_fingerprint(cv), contexts, rollouts)


def _points(cv: CompiledVariant, result: GameResult | None, seat: int) -> int:
    return 0 if result is None else score(cv, result).points[seat]


def calibrate(cv: CompiledVariant, tried: Trials | None = None) -> Calibration:
    """The variant's thresholds: its trials (played now unless given) scored by its scoring."""
    if tried is None:
        tried = trials(cv)
    quantiles = tables_for(cv).quantiles
    thresholds: dict[str, Threshold] = {}
    for name, ctx in tried.contexts.items():
        gains = [
            (s.x, s.band, _points(cv, s.yes, s.seat) - _points(cv, s.no, s.seat))
            for s in ctx.samples
        ]
        fitted = _fit(ctx, gains, quantiles)
        if fitted is not None:
            thresholds[name] = fitted
    return Calibration(cv.checksum, thresholds, tried.rollouts)


def _fit(
    ctx: _Context, gains: list[tuple[float, int, int]], quantiles: Sequence[float]
) -> Threshold | None:
    """The threshold of the rule "yes iff strength ≥ t" with the greatest weighted gain."""
    if len(gains) < MIN_SAMPLES:
        return None
    weight = [ctx.seen[b] / ctx.taken[b] if ctx.taken[b] else 0.0 for b in range(len(ctx.seen))]
    total = sum(ctx.seen)
    gains.sort(key=lambda g: -g[0])
    best_gain, best_at = 0.0, NEVER
    gain = 0.0
    i = 0
    while i < len(gains):
        x = gains[i][0]
        while i < len(gains) and gains[i][0] == x:  # equal strengths decide together
            gain += weight[gains[i][1]] * gains[i][2]
            i += 1
        if gain > best_gain + 1e-9:
            best_gain, best_at = gain, x
    if best_at == NEVER:
        q = 1.0
    else:
        q = sum(1 for v in quantiles if v < best_at) / max(1, len(quantiles))
    return Threshold(best_at, len(gains), best_gain / max(1, total), q)


class _Cache:
    """Calibrations by the variant's checksum and trials by its play fingerprint: least
    recently used, computed once per process (a second asker waits for the first's)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.items: OrderedDict[str, Calibration] = OrderedDict()
        self.trials: OrderedDict[str, Trials] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, cv: CompiledVariant, deals: int, per_band: int) -> Calibration:
        budget = f":{deals}:{per_band}"
        with self.lock:
            name = cv.checksum + budget
            found = self.items.get(name)
            if found is None:
                key = play_fingerprint(cv) + budget
                tried = self.trials.get(key)
                if tried is None:
                    tried = self.trials[key] = trials(cv, deals, per_band)
                self.trials.move_to_end(key)
                while len(self.trials) > self.size:
                    self.trials.popitem(last=False)
                found = self.items[name] = calibrate(cv, tried)
                while len(self.items) > self.size:
                    self.items.popitem(last=False)
            self.items.move_to_end(name)
            return found


_CACHE = _Cache(16)


def calibration_for(
    cv: CompiledVariant, deals: int = CALIBRATION_DEALS, per_band: int = PER_BAND
) -> Calibration:
    """The variant's calibration (computed on first use, then cached by checksum; variants
    that differ only in settlement share the played trials). A smaller budget (``deals``,
    ``per_band``) is cheaper and noisier; policies by name use the defaults."""
    return _CACHE.get(cv, deals, per_band)


@dataclass
class AdaptivePolicy:
    """Plays the heuristic's cards; bids and declares by thresholds from the variant's
    scoring (see the module docstring)."""

    cv: CompiledVariant
    name: str = "adaptive"
    deals: int = CALIBRATION_DEALS
    """Calibration deals at most (:func:`trials`)."""
    per_band: int = PER_BAND
    """Decision points tried per context and strength band at most."""
    heuristic: HeuristicPolicy = field(init=False, repr=False)
    calibration: Calibration = field(init=False, repr=False)
    _limits: dict[str, float] = field(init=False, repr=False)
    _deck: int = field(init=False, repr=False)
    _need: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.heuristic = HeuristicPolicy(self.cv)
        self.calibration = calibration_for(self.cv, self.deals, self.per_band)
        fallback = self.heuristic._limits
        self._limits = {k: fallback[v] for k, v in FALLBACK.items()}
        for k, t in self.calibration.thresholds.items():
            self._limits[k] = t.at
        self._deck = self.heuristic.tables.deck_size
        self._need = _rebellion_threshold(self.cv)

    def limit(self, context: str) -> float:
        """The strength from which this player answers "yes" in ``context``."""
        return self._limits[context]

    def act(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The heuristic's play; bidding and declarations by the calibrated thresholds."""
        phase = view.phase
        if phase == "play" or phase == "buying":
            return self.heuristic.act(view, legal, rng)
        if legal.__class__ in (list, tuple) and len(legal) == 1:
            return legal[0]
        options = choices(view, legal, self._need)
        if not options:
            return self.heuristic.act(view, legal, rng)
        x = feature(view, self._deck)
        limits = self._limits
        if phase == "bidding" and view.question == "offer":
            # The heuristic's order of preference: with a guard, alone, declared alone.
            for kind in ("ascend", "solo", "declare_solo", "skip"):
                for context, yes, _no in options:
                    if context == kind and x >= limits[kind]:
                        return yes
            return options[0][2]
        context, yes, no = options[0]
        return yes if x >= limits[context] else no
