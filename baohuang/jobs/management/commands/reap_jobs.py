"""``manage.py reap_jobs``: run the simulation job reaper once.

Every Celery worker runs it periodically anyway; this is for a cron job or by hand.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _

from baohuang.jobs.services import reap


class Command(BaseCommand):
    help = (
        "Send again the chunks of simulation jobs whose worker stopped answering (or fail "
        "their job after too many attempts), and the chunks whose message was lost."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        report = reap()
        self.stdout.write(
            _("requeued %(requeued)s chunk(s), resent %(resent)s, failed %(failed)s job(s)")
            % {
                "requeued": report.requeued,
                "resent": report.resent,
                "failed": report.failed_jobs,
            }
        )
