"""Watching a job's games (issue #19): game n regenerated from the job's seed is the game the
job counted; its steps are told in the request's language with the whole table after each;
notable games are found by filters over a bounded range."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from baohuang.catalog import services as catalog
from baohuang.catalog.models import RuleSetVersion
from baohuang.catalog.selectors import compiled_version, latest_version
from baohuang.jobs import services
from baohuang.jobs.models import SimulationJob
from baohuang.simulation.runner import seat_policies
from baohuang.simulation.stats import Stats
from baohuang.simulation.watch import FILTERS, job_game
from tests.fixtures import assert_error, load_variant, make_user, token_client

pytestmark = pytest.mark.django_db

URL = "/api/v1/simulations/"


def finished_job(version: RuleSetVersion, user: User, games: int, seed: int) -> SimulationJob:
    job = services.create_job(version, games, seed, created_by=user)
    for pk in job.chunks.values_list("pk", flat=True):
        services.run_chunk(pk, "test")
    return SimulationJob.objects.get(pk=job.pk)


def test_the_regenerated_games_are_the_games_the_job_counted(
    version: RuleSetVersion, staff: User
) -> None:
    job = finished_job(version, staff, 25, 9)
    cv = compiled_version(version)
    stats = Stats.empty(cv.id, cv.checksum, job.seed, seat_policies(job.policy))
    for n in range(job.games):
        stats.add_game(job_game(cv, job.seed, n, job.policy).game)
    stats.ranges = [(0, job.games)]
    assert stats.to_dict() == job.result


def test_game_n_step_by_step(version: RuleSetVersion, staff: User, staff_client: APIClient) -> None:
    job = finished_job(version, staff, 6, 3)
    response = staff_client.get(f"{URL}{job.pk}/games/4/")
    assert response.status_code == 200, response.content
    body = response.json()
    assert (body["n"], body["variant"], body["version"]) == (4, "baike-common", 1)
    steps = body["steps"]
    assert steps[0]["code"] == "deal"
    codes = [s["code"] for s in steps]
    end = next(i for i, code in enumerate(codes) if code in ("settled", "unscored"))
    # After the settlement: why each seat got its points, then the tribute owed.
    assert all(code.startswith("score_") or code == "tribute_owed" for code in codes[end + 1 :])
    if codes[end] == "settled":
        assert codes[end + 1] == "score_row"
    dealt = steps[0]["state"]["hands"]
    assert len(dealt) == 5
    assert sum(len(hand) for hand in dealt) > 150
    assert steps[-1]["state"]["phase"] == "finished"
    # One step per recorded action, plus what the table did.
    assert [s["index"] for s in steps if s["index"] is not None] == list(
        range(len(body["record"]["actions"]))
    )
    # The record is a valid game record of this version, as the replay endpoint checks.
    replayed = staff_client.post(
        "/api/v1/variants/baike-common/replay/", body["record"], format="json"
    ).json()
    assert replayed["valid"] is True
    assert replayed["finished"] is True
    # Chinese sentences when asked.
    zh = staff_client.get(f"{URL}{job.pk}/games/4/", HTTP_ACCEPT_LANGUAGE="zh-hans").json()
    assert "座位" in zh["steps"][0]["text"]
    assert zh["record"] == body["record"]


def test_unknown_games_and_other_peoples_jobs_are_404(
    version: RuleSetVersion, staff: User, staff_client: APIClient
) -> None:
    job = services.create_job(version, 5, 1, created_by=staff)
    body = assert_error(staff_client.get(f"{URL}{job.pk}/games/5/"), 404, "not_found")
    assert body["errors"][0]["path"] == "n"
    stranger = token_client(make_user("stranger"))
    assert_error(stranger.get(f"{URL}{job.pk}/games/0/"), 404)
    assert_error(stranger.get(f"{URL}{job.pk}/games/?find=kick"), 404)
    assert_error(APIClient().get(f"{URL}{job.pk}/games/0/"), 401)


def test_a_queued_job_can_be_watched_already(
    version: RuleSetVersion, staff: User, staff_client: APIClient
) -> None:
    job = services.create_job(version, 5, 1, created_by=staff)
    assert staff_client.get(f"{URL}{job.pk}/games/2/").status_code == 200


def test_successful_rebellions_are_found_on_weihai(staff: User, staff_client: APIClient) -> None:
    rule_set = catalog.create_rule_set(
        "baike-weihai", "威海", "Weihai", load_variant("baike-weihai"), None
    )
    catalog.publish(rule_set, None)
    weihai = latest_version(rule_set)
    assert weihai is not None
    job = services.create_job(weihai, 400, 2, created_by=staff)
    found = staff_client.get(f"{URL}{job.pk}/games/?find=rebellion&limit=2&scan=400").json()
    assert found["games"], found
    assert len(found["games"]) <= 2
    for game in found["games"]:
        assert "rebellion" in game["matches"]
        watched = staff_client.get(f"{URL}{job.pk}/games/{game['index']}/").json()
        assert "rebellion" in watched["summary"]["events"]
        assert any(s["code"] == "event_rebellion" for s in watched["steps"])
    # Searching on from `stop` never returns the same games again.
    more = staff_client.get(
        f"{URL}{job.pk}/games/?find=rebellion&limit=2&start={found['stop']}&scan=200"
    ).json()
    assert not {g["index"] for g in more["games"]} & {g["index"] for g in found["games"]}
    # Combined filters: every game passes all of them.
    both = staff_client.get(
        f"{URL}{job.pk}/games/?find=emperor_lost&find=open_guard&scan=100"
    ).json()
    for game in both["games"]:
        assert {"emperor_lost", "open_guard"} <= set(game["matches"])


def test_bad_searches_name_the_parameter(
    version: RuleSetVersion, staff: User, staff_client: APIClient
) -> None:
    job = services.create_job(version, 5, 1, created_by=staff)
    body = assert_error(staff_client.get(f"{URL}{job.pk}/games/?find=miracle"), 400)
    assert body["errors"][0]["path"] == "find"
    assert body["errors"][0]["code"] == "unknown_filter"
    body = assert_error(staff_client.get(f"{URL}{job.pk}/games/?scan=5000"), 400)
    assert body["errors"][0]["path"] == "scan"
    assert set(staff_client.get(f"{URL}{job.pk}/games/?scan=5").json()["filters"]) == set(FILTERS)


def _no_replay(*args: object, **kwargs: object) -> object:
    raise AssertionError("a game was replayed")


def test_a_game_too_dear_to_replay_is_a_409_before_any_play(
    version: RuleSetVersion, staff: User, staff_client: APIClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 31: watching a game of an ``mc:100000`` job held a web thread for minutes. A
    request may spend BAOHUANG_REQUEST_MAX_COST (2,500) units: one game of mc:500 costs
    9,001."""
    from baohuang.jobs import watch_views

    monkeypatch.setattr(watch_views, "watched_steps", _no_replay)
    monkeypatch.setattr(watch_views, "find_games", _no_replay)
    job = services.create_job(version, 3, 1, "mc:500", created_by=staff)

    body = assert_error(staff_client.get(f"{URL}{job.pk}/games/0/"), 409, "too_expensive")

    assert body["errors"][0]["params"] == {
        "policy": "mc:500",
        "cost": 9001,
        "limit": 2500,
        "max_rollouts": 138,
    }
    assert "9,001 units" in body["detail"]
    assert "BAOHUANG_REQUEST_MAX_COST" in body["detail"]
    assert "mc:138 or less" in body["detail"]
    zh = staff_client.get(f"{URL}{job.pk}/games/0/", HTTP_ACCEPT_LANGUAGE="zh-Hans").json()
    assert "不能在这里观看" in zh["detail"]
    assert_error(staff_client.get(f"{URL}{job.pk}/games/?find=kick"), 409, "too_expensive")
    # the job, stored before mc:N was bounded
    SimulationJob.objects.filter(pk=job.pk).update(policy="mc:100000")
    legacy = assert_error(staff_client.get(f"{URL}{job.pk}/games/0/"), 409, "too_expensive")
    assert legacy["errors"][0]["params"]["cost"] == 1_800_001


def test_a_search_of_a_dear_policy_scans_fewer_games(
    version: RuleSetVersion, staff: User, staff_client: APIClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """mc (400 units a game) may regenerate 6 games a request, not the usual 1,000."""
    from baohuang.jobs import watch_views

    scanned: list[tuple[int, int]] = []

    def counting(*args: object) -> tuple[list[object], int]:
        scanned.append((int(str(args[4])), int(str(args[5]))))
        return [], int(str(args[5]))

    monkeypatch.setattr(watch_views, "find_games", counting)
    job = services.create_job(version, 50, 1, "mc", created_by=staff)

    body = assert_error(staff_client.get(f"{URL}{job.pk}/games/?scan=9"), 400)

    assert body["errors"][0]["path"] == "scan"
    assert "from 1 to 6" in body["errors"][0]["message"]
    assert staff_client.get(f"{URL}{job.pk}/games/?start=10").json()["stop"] == 16
    assert scanned == [(10, 16)]


def test_a_replay_past_its_deadline_stops_there(
    version: RuleSetVersion, staff: User, staff_client: APIClient, settings: Any
) -> None:
    """A cost estimate can be wrong (a big variant, a busy machine): a replay also stops at
    BAOHUANG_REQUEST_MAX_SECONDS. Watching answers 409; a search returns what it found, and
    ``stop`` says where to search on (at least one game is searched)."""
    settings.BAOHUANG_REQUEST_MAX_SECONDS = 0
    job = services.create_job(version, 50, 1, created_by=staff)

    body = assert_error(staff_client.get(f"{URL}{job.pk}/games/3/"), 409, "too_expensive")
    assert body["errors"][0]["code"] == "too_slow"
    assert "BAOHUANG_REQUEST_MAX_SECONDS" in body["detail"]
    found = staff_client.get(f"{URL}{job.pk}/games/?start=7&scan=40&limit=50").json()
    assert (found["start"], found["stop"]) == (7, 8)
    settings.BAOHUANG_REQUEST_MAX_SECONDS = 5
    assert staff_client.get(f"{URL}{job.pk}/games/?start=7&scan=40&limit=50").json()["stop"] == 47
