"""`make mutation`: run mutmut on some modules and report the kill rate.

    python tests/mutation/mutation.py [--report-only | --pending | --sample K] [--jobs N]
                                      [MODULE ...]

A MODULE is a file or folder under ``baohuang/`` (``baohuang/engine/beats.py``,
``baohuang/rules``); the default is everything ``[tool.mutmut] only_mutate`` names. The
run uses one worker unless ``--jobs`` says otherwise (the machines are shared).
``--report-only`` prints the report of the last results kept in ``mutants/``; ``--pending``
runs only the mutants not run yet, the timeouts and the unreviewed survivors; ``--recheck``
only the timeouts and unreviewed survivors of the mutants already run (after adding tests).
``--sample K`` runs K mutants of each module chosen at random (``--seed``, default 0) among
those not run yet: for modules whose full run takes hours on a shared machine, the report
then gives the kill rate of the mutants run with its 95% (Wilson) interval.

The report reads the reviewed equivalent mutants from ``tests/mutation/equivalent.txt``
(one ``<mutant id>  # reason`` a line) and prints, per module and in total: mutants,
killed, equivalent (reviewed), unreviewed survivors and the kill rate,
killed / (total - equivalent). Survivors not in the file are listed with the command
that shows their diff. Mutants "not checked" (not run yet) are counted apart.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import random
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path

from baohuang.simulation.stats import wilson

ROOT = Path(__file__).resolve().parents[2]
EQUIVALENT_FILE = ROOT / "tests" / "mutation" / "equivalent.txt"
MUTANTS = ROOT / "mutants"

# mutmut's exit codes (mutmut/stats.py) folded into what the report counts.
KILLED_CODES = {1, 3, 36, 37, -24, 24, 152, 255, -11, -9}  # failed test, timeout, crash
#: Timeouts count as killed (a mutant that never ends is caught), but on a loaded machine a
#: slow run of a surviving mutant times out too: --pending runs them again.
TIMEOUT_CODES = {36, -24, 24, 152, 255}
SURVIVED_CODES = {0}
NO_TESTS_CODES = {5, 33}


def configured_patterns() -> tuple[list[str], list[str]]:
    """``[tool.mutmut]``'s ``only_mutate`` and ``do_not_mutate`` globs."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"]
    return list(data["only_mutate"]), list(data.get("do_not_mutate", []))


def module_of(path: str) -> str:
    """``baohuang/engine/beats.py`` -> ``baohuang.engine.beats``."""
    return path.removesuffix(".py").replace("/", ".")


def selected_files(modules: list[str]) -> list[str]:
    """The mutated source files the arguments (or the configuration) name."""
    patterns, excluded = configured_patterns()
    files = sorted(
        name
        for name in (str(p.relative_to(ROOT)) for p in (ROOT / "baohuang").rglob("*.py"))
        if any(fnmatch.fnmatch(name, pat) for pat in patterns)
        and not any(fnmatch.fnmatch(name, pat) for pat in excluded)
    )
    if not modules:
        return files
    chosen: list[str] = []
    for module in modules:
        module = module.rstrip("/")
        found = [f for f in files if f == module or f.startswith(module + "/")]
        if not found:
            sys.exit(f"mutation: {module} is not a mutated module (see [tool.mutmut] only_mutate)")
        chosen.extend(f for f in found if f not in chosen)
    return chosen


def load_equivalents() -> dict[str, str]:
    """Mutant id -> the reason it is equivalent."""
    equivalents: dict[str, str] = {}
    for number, line in enumerate(EQUIVALENT_FILE.read_text(encoding="utf-8").splitlines(), 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        key, sep, reason = text.partition("#")
        key, reason = key.strip(), reason.strip()
        if not sep or not reason or " " in key:
            sys.exit(f"{EQUIVALENT_FILE.name}:{number}: write '<mutant id>  # reason'")
        equivalents[key] = reason
    return equivalents


def load_results(files: list[str]) -> dict[str, dict[str, int | None]]:
    """File -> {mutant id: mutmut exit code or None (not run)}."""
    results: dict[str, dict[str, int | None]] = {}
    for name in files:
        meta = MUTANTS / (name + ".meta")
        if meta.exists():
            codes = json.loads(meta.read_text(encoding="utf-8")).get("exit_code_by_key", {})
            results[name] = dict(codes)
        else:
            results[name] = {}
    return results


#: Generates the mutants (mutants/*.meta) without running any: mutmut 3 has no command for
#: it, so this calls the steps its ``run`` starts with (mutmut is pinned in the lock file).
_GENERATE = """
import os
import mutmut.__main__ as m
m.set_mutant_under_test("mutant_generation")
os.makedirs("mutants", exist_ok=True)
m.copy_src_dir()
m.copy_also_copy_files()
m.setup_source_paths()
m.store_lines_covered_by_tests()
m.create_mutants(1)
"""


def generate(files: list[str]) -> None:
    """Make sure the mutants of ``files`` exist (their .meta files list them)."""
    if all((MUTANTS / (name + ".meta")).exists() for name in files):
        return
    print("+ generating mutants", flush=True)
    subprocess.run([sys.executable, "-c", _GENERATE], cwd=ROOT, check=True)


def sample(files: list[str], k: int, seed: int) -> list[str]:
    """Up to ``k`` mutants of each file not run yet, chosen at random from ``seed``."""
    rng = random.Random(seed)
    chosen: list[str] = []
    for codes in load_results(files).values():
        waiting = sorted(key for key, code in codes.items() if code is None)
        ran = len(codes) - len(waiting)
        chosen += sorted(rng.sample(waiting, min(len(waiting), max(0, k - ran))))
    return chosen


def survivors(files: list[str]) -> list[str]:
    """The mutants run that timed out or survived unreviewed (after adding tests)."""
    equivalents = load_equivalents()
    return [
        key
        for codes in load_results(files).values()
        for key, code in sorted(codes.items())
        if code is not None
        and (code in TIMEOUT_CODES or (code not in KILLED_CODES and key not in equivalents))
    ]


def pending(files: list[str]) -> list[str]:
    """The mutants not run yet, those that timed out and the survivors not reviewed as
    equivalent."""
    equivalents = load_equivalents()
    return [
        key
        for codes in load_results(files).values()
        for key, code in sorted(codes.items())
        if code is None
        or code in TIMEOUT_CODES
        or (code not in KILLED_CODES and key not in equivalents)
    ]


def report(files: list[str]) -> int:
    equivalents = load_equivalents()
    results = load_results(files)
    header = (
        f"{'module':<32} {'mutants':>7} {'killed':>6} {'equiv':>5} {'unrev':>5} {'not run':>7}"
        "  rate"
    )
    print(header)
    print("-" * len(header))
    total: Counter[str] = Counter()
    unreviewed: list[str] = []
    stale: list[str] = []
    for name in files:
        row: Counter[str] = Counter()
        for key, code in sorted(results[name].items()):
            row["mutants"] += 1
            if code is None:
                row["not run"] += 1
            elif code in KILLED_CODES:
                row["killed"] += 1
                if key in equivalents:
                    stale.append(key)
            elif key in equivalents:
                row["equivalent"] += 1
            else:
                row["unreviewed"] += 1
                status = "no test runs it" if code in NO_TESTS_CODES else "survived"
                unreviewed.append(f"{key}  ({status})")
        total.update(row)
        print(_line(name.removeprefix("baohuang/"), row))
    print("-" * len(header))
    print(_line("total", total))
    known = {key for codes in results.values() for key in codes}
    prefixes = tuple(module_of(name) + "." for name in files)
    stale += [k for k in equivalents if k.startswith(prefixes) and k not in known]
    print()
    print(
        f"total {total['mutants']}, killed {total['killed']}, "
        f"equivalent (reviewed) {total['equivalent']}, "
        f"unreviewed survivors {total['unreviewed']}, not run {total['not run']}, "
        f"kill rate {_rate(total)} = killed / (checked - equivalent)"
    )
    checked = total["mutants"] - total["not run"] - total["equivalent"]
    if total["not run"] and checked:
        lo, hi = wilson(total["killed"], checked)
        print(
            f"{checked} of {total['mutants'] - total['equivalent']} mutants run: "
            f"kill rate 95% interval {100 * lo:.1f}–{100 * hi:.1f}% (Wilson; a random "
            "sample with --sample, else the mutants run so far)"
        )
    if unreviewed:
        print(f"\nUnreviewed survivors ({len(unreviewed)}); see one with `mutmut show <id>`:")
        for line in unreviewed:
            print("  " + line)
    if stale:
        print(f"\nIn {EQUIVALENT_FILE.name} but killed or gone (remove these lines):")
        for key in sorted(set(stale)):
            print("  " + key)
    return 0


def _rate(row: Counter[str]) -> str:
    checked = row["mutants"] - row["not run"] - row["equivalent"]
    return f"{100 * row['killed'] / checked:5.1f}%" if checked else "    -"


def _line(name: str, row: Counter[str]) -> str:
    return (
        f"{name:<32} {row['mutants']:>7} {row['killed']:>6} {row['equivalent']:>5} "
        f"{row['unreviewed']:>5} {row['not run']:>7}  {_rate(row)}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", help="files or folders under baohuang/")
    parser.add_argument("--jobs", type=int, default=1, help="mutmut workers (default 1)")
    parser.add_argument("--report-only", action="store_true", help="report the last results")
    parser.add_argument(
        "--sample",
        type=int,
        metavar="K",
        help="run K mutants of each module, chosen at random among those not run yet",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of --sample (default 0)")
    parser.add_argument(
        "--recheck",
        action="store_true",
        help="run again only the survivors and timeouts of earlier runs (not mutants never run)",
    )
    parser.add_argument(
        "--pending",
        action="store_true",
        help="run only the mutants not run yet and the unreviewed survivors (after new tests)",
    )
    args = parser.parse_args()
    files = selected_files(args.modules)
    if not args.report_only:
        globs = [module_of(name) + ".*" for name in files]
        if args.pending or args.recheck or args.sample is not None:
            if args.recheck:
                globs = survivors(files)
            elif args.sample is not None:
                generate(files)
                globs = sample(files, args.sample, args.seed)
            else:
                generate(files)  # in a fresh checkout "pending" is every mutant
                globs = pending(files)
            if not globs:
                return report(files)
        mutmut = Path(sys.executable).with_name("mutmut")
        command = [str(mutmut), "run", "--max-children", str(args.jobs), *globs]
        print("+", " ".join(command), flush=True)
        env = dict(os.environ, MUTATION_MODULES=" ".join(module_of(name) for name in files))
        code = subprocess.call(command, cwd=ROOT, env=env)
        if code:
            print(f"mutation: mutmut exited {code}", file=sys.stderr)
            return code
        print()
    return report(files)


if __name__ == "__main__":
    sys.exit(main())
