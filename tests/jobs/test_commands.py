"""``manage.py simulate`` and ``reap_jobs`` without a worker, and the read-only admin pages."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client, override_settings

from baohuang.catalog.models import RuleSetVersion
from tests.jobs.conftest import SLUG, new_job

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["no-such-variant", "--games", "10", "--seed", "1"], "variant: There is no variant"),
        ([SLUG, "--games", "10", "--seed", "1", "--version", "7"], "version: The variant"),
        ([SLUG, "--games", "10", "--seed", "1", "--user", "nobody"], "no user 'nobody'"),
        ([SLUG, "--games", "999999999", "--seed", "1"], "games: A job plays 1 to 200,000"),
    ],
)
def test_simulate_refuses_bad_arguments_with_a_sentence(
    version: RuleSetVersion, args: list[str], message: str
) -> None:
    with pytest.raises(CommandError, match=message):
        call_command("simulate", *args, stdout=io.StringIO())


def test_reap_jobs_reports_what_it_did(version: RuleSetVersion) -> None:
    out = io.StringIO()
    call_command("reap_jobs", stdout=out)
    assert out.getvalue().strip() == "requeued 0 chunk(s), resent 0, failed 0 job(s)"


def test_the_admin_lists_jobs_and_shows_their_chunks(version: RuleSetVersion) -> None:
    job = new_job(version, 60, 25)
    admin = User.objects.create_superuser("boss", password=None)
    client = Client()
    client.force_login(admin)

    listing = client.get("/admin/jobs/simulationjob/")
    page = client.get(f"/admin/jobs/simulationjob/{job.pk}/change/")

    assert listing.status_code == 200
    assert str(job.pk) in listing.content.decode()
    assert page.status_code == 200
    assert page.content.decode().count("pending") >= 3  # the three chunks
    assert client.get("/admin/jobs/simulationjob/add/").status_code == 403


def test_the_operators_group_sees_the_jobs_in_the_admin(version: RuleSetVersion) -> None:
    # A group made before the jobs existed gets the view permissions on the next run.
    from django.contrib.auth.models import Group

    Group.objects.create(name="Operators")
    job = new_job(version, 60, 25)
    with override_settings(DEBUG=True):
        call_command("ensure_operator", stdout=io.StringIO())
    operator = User.objects.get(username="operator")
    client = Client()
    client.force_login(operator)

    index = client.get("/admin/").content.decode()
    listing = client.get("/admin/jobs/simulationjob/")
    page = client.get(f"/admin/jobs/simulationjob/{job.pk}/change/")

    assert operator.has_perm("jobs.view_simulationjob")
    assert operator.has_perm("jobs.view_simulationchunk")
    assert "/admin/jobs/simulationjob/" in index
    assert listing.status_code == 200
    assert str(job.pk) in listing.content.decode()
    assert page.status_code == 200
    assert page.content.decode().count("pending") >= 3
    assert client.get("/admin/jobs/simulationjob/add/").status_code == 403
    assert client.post(f"/admin/jobs/simulationjob/{job.pk}/delete/").status_code == 403
