"""Games per second of simulation jobs run by 1, 2, … Celery worker processes.

Real services: PostgreSQL (``DATABASE_URL``, default
``postgres://postgres@127.0.0.1:5432/baohuang_bench``, created and migrated if missing) and
Redis (``CELERY_BROKER_URL``, default ``redis://127.0.0.1:6379/0``). For each worker count K
it starts K ``celery worker`` processes (prefork pool, one child each) on a queue of its own,
warms them up, then times whole jobs from the moment the job is created until it has
succeeded, and reports games/s and the speed-up over one worker. The load average of the
machine is printed with each figure: other work on the machine skews them.

    .venv/bin/python bench/jobs_bench.py                   # 1 and 2 workers, 4000 games
    .venv/bin/python bench/jobs_bench.py --workers 1,2,4 --games 8000 --repeat 3 --json
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/baohuang_bench"
DEFAULT_BROKER = "redis://127.0.0.1:6379/0"


def load() -> str:
    """The 1, 5 and 15 minute load averages."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def ensure_database(url: str) -> None:
    """Create the PostgreSQL database of ``url`` if it does not exist."""
    import dj_database_url
    import psycopg

    config = dj_database_url.parse(url)
    if "postgresql" not in config["ENGINE"]:
        return
    name = config["NAME"]
    with psycopg.connect(
        dbname="postgres",
        user=config.get("USER") or None,
        password=config.get("PASSWORD") or None,
        host=config.get("HOST") or None,
        port=config.get("PORT") or None,
        autocommit=True,
    ) as conn:
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
            return
        conn.execute(f'CREATE DATABASE "{name}"')


def setup_django(queue: str) -> None:
    """Configure Django for the benchmark database; migrate; import the bundled variants."""
    import io

    import django
    from django.conf import settings
    from django.core.management import call_command

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baohuang.project.settings")
    django.setup()
    settings.BAOHUANG_JOBS_QUEUE = queue
    call_command("migrate", verbosity=0)
    call_command("import_variants", stdout=io.StringIO())


@contextmanager
def workers(count: int, queue: str, logs: Path) -> Iterator[list[subprocess.Popen[bytes]]]:
    """``count`` worker processes on ``queue``, ready; stopped when the block ends."""
    processes: list[subprocess.Popen[bytes]] = []
    host = socket.gethostname()
    try:
        for i in range(count):
            log = logs / f"worker-{count}-{i}.log"
            with log.open("wb") as out:
                processes.append(
                    subprocess.Popen(  # noqa: S603 (fixed argv: this interpreter running celery)
                        [
                            sys.executable,
                            "-m",
                            "celery",
                            "-A",
                            "baohuang.project",
                            "worker",
                            "--pool=prefork",
                            "--concurrency=1",
                            f"--queues={queue}",
                            f"--hostname=bench-{uuid.uuid4().hex[:6]}-{i}@{host}",
                            "--without-gossip",
                            "--without-mingle",
                            "--without-heartbeat",
                            "--loglevel=INFO",
                        ],
                        cwd=ROOT,
                        env={**os.environ, "BAOHUANG_JOBS_QUEUE": queue},
                        stdout=out,
                        stderr=subprocess.STDOUT,
                        start_new_session=True,
                    )
                )
        deadline = time.monotonic() + 60
        for i, process in enumerate(processes):
            log = logs / f"worker-{count}-{i}.log"
            while b" ready." not in log.read_bytes():
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"worker {i} did not start:\n{log.read_text()[-2000:]}")
                time.sleep(0.1)
        yield processes
    finally:
        for process in processes:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in processes:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


def run_job(games: int, seed: int, variant: str, policy: str, chunk: int | None) -> dict[str, Any]:
    """Create a job, wait for it to succeed; its timing."""
    from baohuang.jobs import selectors, services
    from baohuang.jobs.models import SimulationJob

    version = selectors.version_to_simulate(variant, None)
    start = time.perf_counter()
    job = services.create_job(version, games, seed, policy, chunk_games=chunk)
    while True:
        job.refresh_from_db()
        if not job.is_active:
            break
        time.sleep(0.05)
    elapsed = time.perf_counter() - start
    if job.status != SimulationJob.Status.SUCCEEDED:
        raise RuntimeError(f"job {job.pk} {job.status}: {job.error}")
    chunks = list(job.chunks.values_list("worker", flat=True))
    return {
        "job": str(job.pk),
        "games": games,
        "chunks": len(chunks),
        "chunk_games": job.chunk_games,
        "seconds": elapsed,
        "games_per_s": games / elapsed,
        "chunks_per_worker": sorted((chunks.count(w) for w in set(chunks)), reverse=True),
        "result": job.result,
    }


def measure(args: argparse.Namespace, count: int, queue: str, logs: Path) -> dict[str, Any]:
    """Start ``count`` workers, warm them up, time ``args.repeat`` jobs."""
    runs: list[dict[str, Any]] = []
    with workers(count, queue, logs):
        # Warm-up: every worker loads the engine and compiles the variant once.
        warm = run_job(max(40, 20 * count), 1, args.variant, args.policy, 5)
        print(f"  {count} worker(s) ready; warm-up {warm['seconds']:.1f}s", file=sys.stderr)
        for r in range(args.repeat):
            before = load()
            run = run_job(args.games, args.seed + r, args.variant, args.policy, args.chunk)
            run["load_before"], run["load_after"] = before, load()
            runs.append(run)
            print(
                f"  {count} worker(s), run {r + 1}: {run['games_per_s']:.1f} games/s "
                f"({run['games']} games, {run['chunks']} chunks, {run['seconds']:.1f}s; "
                f"load {before} -> {run['load_after']})",
                file=sys.stderr,
            )
    best = max(run["games_per_s"] for run in runs)
    return {
        "workers": count,
        "best_games_per_s": best,
        "median_games_per_s": statistics.median(run["games_per_s"] for run in runs),
        "runs": [{k: v for k, v in run.items() if k != "result"} for run in runs],
        "_results": [run["result"] for run in runs],
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; print a table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", default="1,2", help="worker counts, e.g. 1,2 (default)")
    parser.add_argument("--games", type=int, default=4000, help="games per job (default 4000)")
    parser.add_argument("--repeat", type=int, default=2, help="jobs per worker count (best kept)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--variant", default="baike-common")
    parser.add_argument("--policy", default="heuristic", choices=("heuristic", "random"))
    parser.add_argument("--chunk", type=int, default=None, help="games per chunk (default auto)")
    parser.add_argument(
        "--check", action="store_true", help="also check one result against runner.run"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    counts = [int(x) for x in args.workers.split(",") if x.strip()]

    os.environ.setdefault("DATABASE_URL", DEFAULT_DATABASE)
    os.environ.setdefault("CELERY_BROKER_URL", DEFAULT_BROKER)
    # Production settings need a key; the bench's own throwaway one does (nothing is signed
    # that outlives the run).
    os.environ.setdefault("SECRET_KEY", "jobs-bench-" + secrets.token_urlsafe(40))
    ensure_database(os.environ["DATABASE_URL"])
    queue = f"bench-{uuid.uuid4().hex[:10]}"
    setup_django(queue)
    print(
        f"jobs bench: {args.games} games of {args.variant} ({args.policy}), "
        f"database {os.environ['DATABASE_URL']}, broker {os.environ['CELERY_BROKER_URL']}, "
        f"{os.cpu_count()} CPUs, load {load()}",
        file=sys.stderr,
    )
    results = []
    with ExitStack() as stack:
        stack.callback(cleanup, queue)
        logs = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="jobs-bench-")))
        for count in counts:
            results.append(measure(args, count, queue, logs))
    base = results[0]["best_games_per_s"]
    for entry in results:
        entry["speedup"] = entry["best_games_per_s"] / base
    if args.check:
        from baohuang.catalog.models import RuleSet
        from baohuang.catalog.selectors import compiled_version, latest_version
        from baohuang.simulation.runner import run

        version = latest_version(RuleSet.objects.get(slug=args.variant))
        if version is None:
            raise SystemExit(f"{args.variant} has no published version")
        expected = run(compiled_version(version), args.games, args.seed, args.policy).to_dict()
        same = all(entry["_results"][0] == expected for entry in results)
        print(f"results equal runner.run: {same}", file=sys.stderr)
        if not same:
            return 1
    for entry in results:
        entry.pop("_results")
    if args.json:
        print(json.dumps({"games": args.games, "variant": args.variant, "results": results}))
    else:
        head = ("workers", "games/s (best)", "median", "speed-up")
        print(f"{head[0]:>7}  {head[1]:>14}  {head[2]:>8}  {head[3]:>8}  load before (1/5/15)")
        for entry in results:
            last = entry["runs"][-1]
            print(
                f"{entry['workers']:>7}  {entry['best_games_per_s']:>14.1f}  "
                f"{entry['median_games_per_s']:>8.1f}  {entry['speedup']:>7.2f}x  "
                f"{last['load_before']}"
            )
    return 0


def cleanup(queue: str) -> None:
    """Delete the benchmark's queue from the broker."""
    from baohuang.project.celery import app

    with app.connection_for_write() as conn:
        bound = app.amqp.queues[queue](conn.default_channel)
        bound.declare()
        bound.delete()


if __name__ == "__main__":
    sys.exit(main())
