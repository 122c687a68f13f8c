"""``manage.py simulate VARIANT --games N --seed S [--version V] [--policy P] [--wait]``.

Queues a simulation job for the Celery workers (the same as ``POST /api/v1/simulations/``)
and prints its id; with ``--wait`` it shows a progress bar until the job ends, then the
statistics (as ``baohuang simulate`` prints them, or JSON with ``--json``). Ctrl-C while
waiting cancels the job.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import time
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from baohuang.bots import POLICY_NAMES, PolicySpecError, check_budget, is_policy_name
from baohuang.i18n import grouped
from baohuang.jobs import services
from baohuang.jobs.errors import InvalidJob, JobFinished
from baohuang.jobs.models import SimulationJob
from baohuang.jobs.selectors import version_to_simulate
from baohuang.simulation.report import ProgressBar, print_report
from baohuang.simulation.stats import Stats

#: Seconds between two looks at the job while waiting.
POLL_SECONDS = 0.25
#: After this long in the queue, say that a worker is needed.
HINT_AFTER_SECONDS = 5.0


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise ValueError(text)
    return value


def _policy(text: str) -> str:
    """A policy name or a role mix (``royals=mc,rebels=heuristic``)."""
    try:
        check_budget(text)
    except PolicySpecError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc
    if not is_policy_name(text):
        raise argparse.ArgumentTypeError(
            f"unknown policy '{text}' (known: {', '.join(POLICY_NAMES)}, mc:N, or "
            "royals=NAME,rebels=NAME)"
        )
    return text


class Command(BaseCommand):
    help = (
        "Queue a simulation job for the Celery workers and print its id; with --wait, show "
        "its progress and then its statistics."
    )

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> CommandParser:
        """Django's parser, letting ``--version`` name the variant version (not Django's)."""
        return super().create_parser(prog_name, subcommand, conflict_handler="resolve", **kwargs)

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("variant", metavar="VARIANT", help="the variant id (rule set slug)")
        parser.add_argument("--games", type=_positive, required=True, help="games to play")
        parser.add_argument("--seed", type=int, required=True, help="the job seed")
        parser.add_argument(
            "--version", type=_positive, default=None, help="version (default: latest published)"
        )
        parser.add_argument(
            "--policy",
            type=_policy,
            default="heuristic",
            help="policy of all seats (heuristic, random, mc, mc:N) or a mix by role "
            "(royals=mc,rebels=heuristic)",
        )
        parser.add_argument("--wait", action="store_true", help="wait, with a progress bar")
        parser.add_argument("--json", action="store_true", help="with --wait: print JSON")
        parser.add_argument("--user", default=None, help="record this user as the creator")

    def handle(self, *args: Any, **options: Any) -> None:
        user = None
        if options["user"]:
            user = get_user_model().objects.filter(username=options["user"]).first()
            if user is None:
                raise CommandError(_("There is no user '%(user)s'.") % {"user": options["user"]})
        try:
            version = version_to_simulate(options["variant"], options["version"])
            job = services.create_job(
                version, options["games"], options["seed"], options["policy"], created_by=user
            )
        except InvalidJob as exc:
            raise CommandError(f"{exc.field}: {exc.message}") from exc
        if not options["wait"]:
            self.stdout.write(str(job.pk))
            return
        self.stderr.write(
            _(
                "Job %(job)s: %(games)s games of %(variant)s v%(version)s, seed %(seed)s, "
                "policy %(policy)s"
            )
            % {
                "job": job.pk,
                "games": grouped(job.games),
                "variant": version.rule_set.slug,
                "version": version.number,
                "seed": job.seed,
                "policy": job.policy,
            }
        )
        try:
            job = self._wait(job)
        except KeyboardInterrupt:
            with contextlib.suppress(JobFinished):
                services.cancel_job(job.pk)
            raise CommandError(_("Interrupted: job %(job)s cancelled.") % {"job": job.pk}) from None
        if job.status != SimulationJob.Status.SUCCEEDED or job.result is None:
            ended = _("Job %(job)s %(status)s") % {"job": job.pk, "status": job.status_text}
            failure = job.failure_text if job.error or job.error_code else ""
            raise CommandError(f"{ended}: {failure}" if failure else ended)
        stats = Stats.from_dict(job.result)
        elapsed = (
            (job.finished_at - job.started_at).total_seconds()
            if job.finished_at and job.started_at
            else None
        )
        if options["json"]:
            body = {"id": str(job.pk), "summary": stats.summary(), "stats": job.result}
            self.stdout.write(json.dumps(body, indent=2, ensure_ascii=False))
        else:
            text = io.StringIO()
            print_report(stats, text, elapsed=elapsed)
            self.stdout.write(text.getvalue(), ending="")

    def _wait(self, job: SimulationJob) -> SimulationJob:
        """Poll the job until it ends, drawing its progress."""
        tty = sys.stderr.isatty()
        bar = ProgressBar(sys.stderr, job.slug) if tty else None
        started = time.monotonic()
        hinted = False
        last_line = -1
        while True:
            job.refresh_from_db()
            if bar is not None:
                bar(job.done, job.total)
            elif job.done * 10 // job.total != last_line:
                last_line = job.done * 10 // job.total
                self.stderr.write(
                    _("%(status)s: %(done)s/%(total)s games")
                    % {
                        "status": job.status_text,
                        "done": grouped(job.done),
                        "total": grouped(job.total),
                    }
                )
            if not job.is_active:
                break
            waited = time.monotonic() - started
            queued = job.status == SimulationJob.Status.QUEUED
            if queued and not hinted and waited > HINT_AFTER_SECONDS:
                hinted = True
                if bar is not None:
                    bar.close()
                self.stderr.write(
                    _(
                        "Still queued: is a Celery worker running? "
                        "(.venv/bin/celery -A baohuang.project worker; `make run` starts one)"
                    )
                )
            time.sleep(POLL_SECONDS)
        if bar is not None:
            bar.close()
        return job
