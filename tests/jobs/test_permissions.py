"""Jobs ask for model permissions, not ``is_staff`` (issue #16, item 7): ``run_simulation``
to start simulations, comparisons, re-scores and balancing; ``cancel_any_job`` to cancel
someone else's job (one's own job is always cancellable); and a quota of queued games per
account (``BAOHUANG_MAX_QUEUED_GAMES_PER_USER``)."""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from rest_framework.test import APIClient

from baohuang.catalog.models import RuleSetVersion
from baohuang.jobs import services
from baohuang.jobs.models import SimulationJob
from tests.fixtures import assert_error, token_client, with_perms
from tests.jobs.conftest import SLUG

URL = "/api/v1/simulations/"


def _start(client: APIClient, job: SimulationJob) -> Any:
    return client.post(URL, {"variant": SLUG, "games": 30, "seed": 1}, format="json")


def _compare(client: APIClient, job: SimulationJob) -> Any:
    body = {"a": {"variant": SLUG}, "b": {"variant": SLUG}, "games": 30, "seed": 1}
    return client.post("/api/v1/comparisons/", body, format="json")


def _rescore(client: APIClient, job: SimulationJob) -> Any:
    return client.post(f"{URL}{job.pk}/rescore/", {"version": 1}, format="json")


def _balance(client: APIClient, job: SimulationJob) -> Any:
    return client.post(f"{URL}{job.pk}/balance/", {"max_change": 1}, format="json")


#: Each job write: the request, the permissions that open it, the status it gets then.
WRITES: dict[str, tuple[Callable[[APIClient, SimulationJob], Any], tuple[str, ...], int]] = {
    "start a simulation": (_start, ("jobs.run_simulation",), 202),
    "start a comparison": (_compare, ("jobs.run_simulation",), 202),
    "rescore": (_rescore, ("jobs.run_simulation",), 200),
    "balance": (_balance, ("jobs.run_simulation", "catalog.add_ruleset"), 201),
}


@pytest.fixture
def finished(version: RuleSetVersion, staff: User) -> SimulationJob:
    """A succeeded simulation of ``staff``'s."""
    job = services.create_job(version, 30, 3, "heuristic", created_by=staff)
    for pk in job.chunks.values_list("pk", flat=True):
        assert services.run_chunk(pk, "test") == "done"
    return SimulationJob.objects.get(pk=job.pk)


@pytest.mark.parametrize("name", list(WRITES))
def test_a_staff_account_without_run_simulation_is_refused(
    name: str, finished: SimulationJob, bare_staff: User
) -> None:
    request, perms, _status = WRITES[name]
    jobs = SimulationJob.objects.count()
    # every permission but the ones the write needs: still refused
    catalog = ("catalog.add_ruleset", "catalog.change_ruleset", "catalog.publish_ruleset")
    user = with_perms(bare_staff, "jobs.cancel_any_job", *[p for p in catalog if p not in perms])
    if len(perms) > 1:  # balance: each of its two permissions alone is not enough
        with_perms(user, perms[1])

    body = assert_error(request(token_client(user), finished), 403, "permission_denied")

    assert "jobs.run_simulation" in body["detail"]
    assert SimulationJob.objects.count() == jobs


@pytest.mark.parametrize("name", list(WRITES))
def test_the_permission_opens_the_write(name: str, finished: SimulationJob) -> None:
    request, perms, status = WRITES[name]
    # not even staff; reading someone else's job needs jobs.view_simulationjob
    user = with_perms(User.objects.create_user("holder"), *perms, "jobs.view_simulationjob")

    response = request(token_client(user), finished)

    assert response.status_code == status, response.content[:300]


def test_own_jobs_are_cancellable_others_need_cancel_any_job(
    version: RuleSetVersion, staff: User, bare_staff: User
) -> None:
    job = services.create_job(version, 30, 3, "heuristic", created_by=staff)
    url = f"{URL}{job.pk}/cancel/"
    assert_error(token_client(bare_staff).post(url), 404, "not_found")  # not even visible
    viewer = with_perms(bare_staff, "jobs.view_simulationjob")  # sees it, may not cancel it
    body = assert_error(token_client(viewer).post(url), 403, "permission_denied")
    assert "jobs.cancel_any_job" in body["detail"]
    assert SimulationJob.objects.get(pk=job.pk).status == "queued"

    canceller = with_perms(
        User.objects.create_user("canceller", is_staff=True), "jobs.cancel_any_job"
    )
    assert token_client(canceller).post(url).json()["status"] == "cancelled"

    own = services.create_job(version, 30, 4, "heuristic", created_by=bare_staff)
    response = token_client(bare_staff).post(f"{URL}{own.pk}/cancel/")
    assert response.status_code == 200
    assert response.json()["status"] == "cancelled"


def test_a_quota_of_queued_games_per_account(
    version: RuleSetVersion, staff: User, settings: Any
) -> None:
    settings.BAOHUANG_MAX_QUEUED_GAMES_PER_USER = 1000
    client = token_client(staff)
    assert client.post(URL, {"variant": SLUG, "games": 600, "seed": 1}).status_code == 202

    refused = client.post(URL, {"variant": SLUG, "games": 500, "seed": 2}, format="json")

    body = assert_error(refused, 429, "quota_exceeded")
    assert "1,000" in body["detail"]
    assert "BAOHUANG_MAX_QUEUED_GAMES_PER_USER" in body["detail"]
    assert body["errors"][0]["params"] == {"limit": 1000, "queued": 600, "games": 500, "cost": 500}
    zh = client.post(
        URL,
        {"variant": SLUG, "games": 500, "seed": 2},
        format="json",
        HTTP_ACCEPT_LANGUAGE="zh-Hans",
    ).json()
    assert "上限" in zh["detail"]
    compare = {"a": {"variant": SLUG}, "b": {"variant": SLUG}, "games": 500, "seed": 1}
    assert_error(client.post("/api/v1/comparisons/", compare, format="json"), 429, "quota_exceeded")
    assert client.post(URL, {"variant": SLUG, "games": 400, "seed": 3}).status_code == 202
    # another account has its own quota; a finished or cancelled job frees its games
    other = with_perms(User.objects.create_user("other"), "jobs.run_simulation")
    assert (
        token_client(other).post(URL, {"variant": SLUG, "games": 1000, "seed": 4}).status_code
        == 202
    )
    first = SimulationJob.objects.filter(created_by=staff).order_by("created_at").first()
    assert first is not None
    services.cancel_job(first.pk)
    assert client.post(URL, {"variant": SLUG, "games": 600, "seed": 5}).status_code == 202
    assert services.queued_games(staff) == 1000


def test_the_quota_counts_games_played_by_their_cost(
    version: RuleSetVersion, staff: User, settings: Any
) -> None:
    """Issue 31: a comparison of N pairs counted N but played 2N games, and an ``mc`` game
    (1,153 heuristic games of work) counted one. The quota now counts cost units."""
    settings.BAOHUANG_MAX_QUEUED_GAMES_PER_USER = 10_000
    client = token_client(staff)
    other_play = copy.deepcopy(version.definition)
    other_play["deal"]["first_dealer"] = 1  # a play field: both games of each pair are played
    compare = {"a": {"variant": SLUG}, "b": {"definition": other_play}, "games": 3000, "seed": 1}

    assert client.post("/api/v1/comparisons/", compare, format="json").status_code == 202
    assert services.queued_games(staff) == 6000
    refused = client.post(URL, {"variant": SLUG, "games": 4001, "seed": 2}, format="json")
    assert assert_error(refused, 429, "quota_exceeded")["errors"][0]["params"] == {
        "limit": 10_000,
        "queued": 6000,
        "games": 4001,
        "cost": 4001,
    }
    # the same rules on both sides play each game once: N pairs count N
    same = {"a": {"variant": SLUG}, "b": {"variant": SLUG}, "games": 1000, "seed": 3}
    assert client.post("/api/v1/comparisons/", same, format="json").status_code == 202
    assert services.queued_games(staff) == 7000
    # mc:64 (the search before issue 35): 1,153 units a game; 2 games fit in the 3,000
    # left, 1 more does not
    assert (
        client.post(URL, {"variant": SLUG, "games": 2, "seed": 4, "policy": "mc:64"}).status_code
        == 202
    )
    mc = client.post(
        URL, {"variant": SLUG, "games": 1, "seed": 5, "policy": "mc:64"}, format="json"
    )
    body = assert_error(mc, 429, "quota_exceeded")
    assert body["errors"][0]["params"] == {
        "limit": 10_000,
        "queued": 9306,
        "games": 1,
        "cost": 1153,
    }
    assert "9,306 units" in body["detail"]
    assert "1 game × 1,153 units a game (mc:64)" in body["detail"]
    assert "10,000 units per account" in body["detail"]
    zh = client.post(
        URL,
        {"variant": SLUG, "games": 1, "seed": 5, "policy": "mc:64"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="zh-Hans",
    ).json()
    assert "10000 单位的上限" in zh["detail"]


@pytest.mark.django_db(transaction=True)
def test_the_quota_holds_for_concurrent_requests(
    version: RuleSetVersion, staff: User, settings: Any
) -> None:
    """Ten requests of one account at once: the user's row is locked while counting, so
    no more than the quota is queued (PostgreSQL when DATABASE_URL is set; SQLite takes
    its write lock at BEGIN)."""
    settings.BAOHUANG_MAX_QUEUED_GAMES_PER_USER = 1000
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            k: None for k in settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
        },
    }
    statuses: list[int] = []
    barrier = threading.Barrier(10)

    def post(seed: int) -> None:
        try:
            barrier.wait()
            response = token_client(staff).post(
                URL, {"variant": SLUG, "games": 300, "seed": seed}, format="json"
            )
            statuses.append(response.status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=post, args=(seed,)) for seed in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(statuses) == [202] * 3 + [429] * 7, statuses
    assert services.queued_games(staff) == 900
