"""pytest plugin for `make mutation` (loaded by mutmut through ``pytest_add_cli_args``).

mutmut already runs, for each mutant, only the tests that call the mutated function. For
the engine's central functions that is most of the suite, minutes per mutant on a shared
2-core machine. This plugin narrows each mutant's run to the tests *of its module*
(``TESTS_OF`` below: the test files written for that module) and runs the fastest of them
first, so a killed mutant usually fails within a second. The kill rates that `make
mutation` reports are therefore those of each module's own tests. A module not in
``TESTS_OF`` keeps every test mutmut chose, and so does a mutant none of whose module's
tests calls the mutated function (without this it would count as "no tests").

Outside mutant runs (mutmut's stats collection and test listing) it changes nothing; for
mutmut's clean and forced-fail runs it keeps the tests of the modules in
``MUTATION_MODULES`` (set by tests/mutation/mutation.py).

Each mutant's run also starts with an empty cache of compiled variants: mutmut forks every
mutant's run from a process that has already imported (and so compiled, unmutated) the
variants the test modules build at import time, and a mutant of the compiler, of the play
tables or of the deck limits would otherwise be judged against those.
"""

from __future__ import annotations

import fnmatch
import json
import os
from pathlib import Path

import pytest

_ENGINE = "tests/engine/"
#: The state-machine tests that exercise the game and each of its phases.
_GAME_TESTS = (
    f"{_ENGINE}test_rules_*.py",
    f"{_ENGINE}test_rule_fidelity.py",
    f"{_ENGINE}test_goldens.py",
    f"{_ENGINE}test_observe.py",
    f"{_ENGINE}test_redeal.py",
    f"{_ENGINE}test_game_mutants.py",
    f"{_ENGINE}test_bidding_mutants.py",
    f"{_ENGINE}test_phase_mutants.py",
    f"{_ENGINE}test_settle_view_mutants.py",
    f"{_ENGINE}test_declarations_view_mutants.py",
    f"{_ENGINE}test_actions.py",
    f"{_ENGINE}test_trickplay_mutants.py",
)
TESTS_OF: dict[str, tuple[str, ...]] = {
    "baohuang.engine.beats": (f"{_ENGINE}test_beats*.py", f"{_ENGINE}test_follows*.py"),
    "baohuang.engine.plays": (
        f"{_ENGINE}test_plays*.py",
        f"{_ENGINE}test_beats*.py",
        f"{_ENGINE}test_notation*.py",
    ),
    "baohuang.engine.follows": (f"{_ENGINE}test_follows*.py", f"{_ENGINE}test_beats*.py"),
    # Scoring is checked against the tables by the reference re-scoring of the fuzz and
    # the rule-fidelity sweep of every finish order, and against docs/rules.md by the goldens.
    "baohuang.engine.scoring": (
        f"{_ENGINE}test_scoring*.py",
        f"{_ENGINE}test_game_fuzz.py",
        f"{_ENGINE}test_rule_fidelity.py",
        f"{_ENGINE}test_goldens.py",
        f"{_ENGINE}test_score_reasons.py",
        f"{_ENGINE}test_rules_end.py",
    ),
    "baohuang.engine.tribute": (f"{_ENGINE}test_tribute*.py", f"{_ENGINE}test_rules_tribute.py"),
    "baohuang.engine.deck_limits": (f"{_ENGINE}test_deck_limits*.py",),
    "baohuang.engine.deck_counts": (
        f"{_ENGINE}test_deck_limits*.py",
        f"{_ENGINE}test_deck_mutants.py",
    ),
    "baohuang.engine.cards": (
        f"{_ENGINE}test_cards*.py",
        f"{_ENGINE}test_notation*.py",
        f"{_ENGINE}test_deck.py",
        f"{_ENGINE}test_deck_mutants.py",
        f"{_ENGINE}test_plays*.py",
    ),
    "baohuang.engine.notation": (f"{_ENGINE}test_notation*.py",),
    "baohuang.engine.deck": (f"{_ENGINE}test_deck.py", f"{_ENGINE}test_deck_mutants.py"),
    "baohuang.simulation.stats": (
        "tests/simulation/test_stats*.py",
        "tests/simulation/test_rescore.py",
    ),
    "baohuang.rules.checks": (
        "tests/rules/test_checks*.py",
        "tests/rules/test_problems*.py",
        "tests/rules/test_problem_texts.py",
    ),
    "baohuang.engine.clone": (f"{_ENGINE}test_clone.py",),
    "baohuang.engine.determinize": (f"{_ENGINE}test_determinize.py",),
    "baohuang.engine.encoding": (f"{_ENGINE}test_encoding.py",),
    "baohuang.engine.narration": (
        f"{_ENGINE}test_narration.py",
        f"{_ENGINE}test_score_reasons.py",
    ),
    "baohuang.engine.score_reasons": (f"{_ENGINE}test_score_reasons.py",),
    **{
        # The game and its phases (split out of game.py): the state-machine tests.
        f"baohuang.engine.{module}": _GAME_TESTS
        for module in (
            "game",
            "table",
            "dealing",
            "bidding",
            "declarations",
            "trickplay",
            "settlement",
            "seatview",
            "phase_state",
        )
    },
}

_NOT_A_MUTANT_RUN = {"stats", "list_all_tests", "mutant_generation"}


def module_of_mutant(name: str) -> str:
    """``baohuang.engine.beats.x_beats__mutmut_3`` -> ``baohuang.engine.beats``."""
    parts = name.split("__mutmut_")[0].split(".")
    for i, part in enumerate(parts):
        if part.startswith(("x_", "xǁ")):
            return ".".join(parts[:i])
    return ".".join(parts)


def _modules() -> list[str] | None:
    """The modules whose tests to keep, or ``None`` to keep every test."""
    under_test = os.environ.get("MUTANT_UNDER_TEST", "")
    if under_test in _NOT_A_MUTANT_RUN:
        return None
    if "__mutmut_" in under_test:
        return [module_of_mutant(under_test)]
    chosen = os.environ.get("MUTATION_MODULES", "").split()
    return chosen or None


def pytest_sessionstart(session: pytest.Session) -> None:
    """A mutant's run compiles every variant afresh, with the mutant in place."""
    if "__mutmut_" in os.environ.get("MUTANT_UNDER_TEST", ""):
        from baohuang.engine import compiled

        compiled._CACHE.clear()


def _durations() -> dict[str, float]:
    try:
        data = json.loads(Path("mutmut-stats.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    durations: dict[str, float] = data.get("duration_by_test", {})
    return durations


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    modules = _modules()
    if modules is None:
        return
    if any(module not in TESTS_OF for module in modules):
        kept = list(items)
    else:
        patterns = [pattern for module in modules for pattern in TESTS_OF[module]]
        kept = [
            item
            for item in items
            if any(fnmatch.fnmatch(item.nodeid.split("::")[0], p) for p in patterns)
        ]
        if not kept:
            # None of the module's own tests calls this function (only, say, the variant
            # tests do): judge the mutant by the tests mutmut chose rather than by none.
            kept = list(items)
        kept_ids = {id(item) for item in kept}
        dropped = [item for item in items if id(item) not in kept_ids]
        if dropped:
            config.hook.pytest_deselected(items=dropped)
    durations = _durations()
    kept.sort(key=lambda item: durations.get(item.nodeid, 0.0))
    items[:] = kept
