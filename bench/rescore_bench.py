"""Milliseconds to re-score a finished simulation job through the API (issue 15).

Reads a ``baohuang simulate … --json`` output (the job's result), stores it as a succeeded
job of the bundled variant's version 1 in a throw-away SQLite database, and times
``POST /api/v1/simulations/{id}/rescore/`` with a definition that changes only the
scoring (the rebellion/open-guard multipliers doubled and one row moved), through Django's
test client: the whole request, from the body's JSON to the response's. Also prints the
size of the outcome counts.

    .venv/bin/python bench/rescore_bench.py /tmp/common100k.json --repeat 20
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("result", help="a `baohuang simulate --json` output")
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    data = json.loads(Path(args.result).read_text(encoding="utf-8"))
    stats = data.get("stats", data)
    tmp = tempfile.mkdtemp()
    os.environ["DATABASE_URL"] = f"sqlite:///{tmp}/rescore.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baohuang.project.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from rest_framework.test import APIClient

    from baohuang.tokens.services import create_token

    settings.ALLOWED_HOSTS = ["*"]
    call_command("migrate", verbosity=0)
    import yaml

    from baohuang.catalog import services as catalog
    from baohuang.catalog.selectors import latest_version
    from baohuang.jobs.models import SimulationJob
    from baohuang.rules import VARIANTS_DIR

    slug = stats["variant"]
    definition = yaml.safe_load((VARIANTS_DIR / f"{slug}.yaml").read_text(encoding="utf-8"))
    rule_set = catalog.create_rule_set(slug, slug, slug, copy.deepcopy(definition), None)
    catalog.publish(rule_set, None)
    version = latest_version(rule_set)
    job = SimulationJob.objects.create(
        version=version,
        games=stats["games"],
        seed=stats["seed"],
        policy=stats["policies"][0],
        chunk_games=stats["games"],
        status=SimulationJob.Status.SUCCEEDED,
        done=stats["games"],
        result=stats,
    )
    user = User.objects.create_user("bench", is_staff=True)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {create_token(user, 'bench', 'write')[1]}")
    changed = copy.deepcopy(definition)
    changed["scoring"]["multipliers"] = [{"event": "open_guard", "factor": 2}]
    row = changed["scoring"]["two_person"]["rows"][0]
    row["emperor"], row["guard"], row["rebels"] = (
        row["emperor"] - 2,
        row["guard"] - 1,
        (row["rebels"] + 1),
    )
    url = f"/api/v1/simulations/{job.pk}/rescore/"
    walls, server = [], []
    for _ in range(args.repeat + 1):
        start = time.perf_counter()
        response = client.post(url, {"definition": changed}, format="json")
        walls.append(1000 * (time.perf_counter() - start))
        if response.status_code != 200:
            raise SystemExit(f"re-score failed: {response.content[:300]!r}")
        server.append(response.json()["rescored"]["elapsed_ms"])
    walls, server = walls[1:], server[1:]  # the first compiles the variants
    outcomes = stats["outcomes"]
    print(
        json.dumps(
            {
                "games": stats["games"],
                "outcome_keys": len(outcomes),
                "outcome_bytes": len(json.dumps(outcomes)),
                "result_bytes": len(json.dumps(stats)),
                "request_ms": {"median": statistics.median(walls), "max": max(walls)},
                "server_ms": {"median": statistics.median(server), "max": max(server)},
                "repeat": args.repeat,
                "load": os.getloadavg(),
            },
            indent=2,
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
