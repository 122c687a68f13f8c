"""The simulation endpoints (docs/design.md §7): create, read, cancel; errors in the one shape.

No worker runs here (the tests with workers are in ``test_workers.py``): a job created in a
test's transaction is never sent, so it stays queued unless the test runs its chunks.
"""

from __future__ import annotations

import copy
import uuid
from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from baohuang.catalog import services as catalog
from baohuang.catalog.models import RuleSetVersion
from baohuang.catalog.selectors import compiled_version
from baohuang.jobs import services
from baohuang.jobs.models import SimulationJob
from baohuang.simulation.runner import run
from tests.fixtures import assert_error, token_client
from tests.jobs.conftest import SLUG

pytestmark = pytest.mark.django_db

URL = "/api/v1/simulations/"
BODY = {"variant": SLUG, "games": 120, "seed": 5, "policy": "heuristic"}


def create(client: APIClient, **changes: Any) -> Any:
    body = {**BODY, **changes}
    return client.post(URL, {k: v for k, v in body.items() if v is not ...}, format="json")


def test_staff_start_a_job_and_get_202_with_its_id(
    version: RuleSetVersion, staff_client: APIClient
) -> None:
    response = create(staff_client)

    assert response.status_code == 202, response.content
    body = response.json()
    job = SimulationJob.objects.get(pk=body["id"])
    assert body["url"] == f"{URL}{job.pk}/" == response["Location"]
    assert body["status"] == "queued"
    assert body["progress"] == {"done": 0, "total": 120}
    assert body["result"] is None
    assert body["error"] is None
    assert (body["variant"], body["version"], body["games"], body["seed"]) == (SLUG, 1, 120, 5)
    assert body["policy"] == "heuristic"
    assert body["created_by"] == "runner"
    assert job.version == version
    assert job.chunks.count() == 5


def test_the_job_url_shows_status_progress_and_then_the_result(
    version: RuleSetVersion, staff_client: APIClient
) -> None:
    url = create(staff_client, games=30).json()["url"]
    job = SimulationJob.objects.get()
    for pk in job.chunks.values_list("pk", flat=True):
        services.run_chunk(pk, "test")

    body = staff_client.get(url).json()

    assert body["status"] == "succeeded"
    assert body["progress"] == {"done": 30, "total": 30}
    expected = run(compiled_version(version), 30, 5, "heuristic")
    assert body["result"] == expected.to_dict()
    assert body["summary"]["games"] == 30
    assert body["summary"]["roles"]["emperor"]["win"]["rate"] == pytest.approx(
        expected.summary()["roles"]["emperor"]["win"]["rate"]
    )


def test_version_defaults_to_the_latest_published(
    version: RuleSetVersion, staff_client: APIClient, staff: User
) -> None:
    rule_set = version.rule_set
    changed = copy.deepcopy(rule_set.draft)
    changed["scoring"]["multipliers"] = [{"event": "open_guard", "factor": 2}]
    catalog.update_draft(rule_set, changed, rule_set.draft_revision, staff)
    catalog.publish(rule_set, staff)

    assert create(staff_client).json()["version"] == 2
    assert create(staff_client, version=1).json()["version"] == 1


@pytest.mark.parametrize(
    ("changes", "path"),
    [
        ({"variant": "no-such-variant"}, "variant"),
        ({"version": 9}, "version"),
        ({"version": 0}, "version"),
        ({"games": 0}, "games"),
        ({"games": "100"}, "games"),
        ({"games": ...}, "games"),
        ({"seed": 1.5}, "seed"),
        ({"seed": 2**63}, "seed"),
        ({"seed": ...}, "seed"),
        ({"policy": "greedy"}, "policy"),
        ({"variant": ...}, "variant"),
        ({"game": 10}, "game"),
    ],
)
def test_bad_requests_are_400_naming_the_field(
    version: RuleSetVersion, staff_client: APIClient, changes: dict[str, Any], path: str
) -> None:
    body = assert_error(create(staff_client, **changes), 400, "invalid")

    assert path in [item["path"] for item in body["errors"]], body
    assert not SimulationJob.objects.exists()


def test_more_games_than_the_limit_is_a_clear_400(
    version: RuleSetVersion, staff_client: APIClient, settings: Any
) -> None:
    settings.BAOHUANG_MAX_SIMULATION_GAMES = 1000
    assert create(staff_client, games=1000).status_code == 202

    body = assert_error(create(staff_client, games=1001), 400, "invalid")

    assert body["errors"][0]["path"] == "games"
    assert "At most 1,000 games per job" in body["errors"][0]["message"]
    assert "BAOHUANG_MAX_SIMULATION_GAMES" in body["detail"]


def test_the_default_limit_is_200000_games(
    version: RuleSetVersion, staff_client: APIClient
) -> None:
    body = assert_error(create(staff_client, games=200_001), 400, "invalid")
    assert "200,000" in body["detail"]


def test_a_variant_without_a_published_version_cannot_be_simulated(
    version: RuleSetVersion, staff_client: APIClient
) -> None:
    draft = copy.deepcopy(version.definition)
    draft["id"] = "unpublished"
    catalog.create_rule_set("unpublished", "未发布", "Unpublished", draft, None)

    body = assert_error(create(staff_client, variant="unpublished"), 400, "invalid")
    assert body["errors"] == [
        {
            "path": "variant",
            "message": "The variant 'unpublished' has no published version yet.",
            "code": "invalid",
            "params": {},
        }
    ]


def test_only_staff_start_jobs(version: RuleSetVersion, outsider: User) -> None:
    assert_error(create(APIClient()), 401, "not_authenticated")
    assert_error(create(token_client(outsider)), 403, "permission_denied")


def test_a_job_is_visible_to_its_creator_and_staff_only(
    version: RuleSetVersion, staff_client: APIClient, other_staff: User, outsider: User
) -> None:
    url = create(staff_client).json()["url"]

    assert staff_client.get(url).status_code == 200
    assert token_client(other_staff).get(url).status_code == 200
    assert_error(token_client(outsider).get(url), 404, "not_found")
    assert_error(token_client(outsider).post(url + "cancel/"), 404, "not_found")
    assert_error(APIClient().get(url), 401, "not_authenticated")


def test_unknown_jobs_are_404_in_the_error_shape(
    version: RuleSetVersion, staff_client: APIClient
) -> None:
    assert_error(staff_client.get(f"{URL}{uuid.uuid4()}/"), 404, "not_found")
    assert_error(staff_client.get(f"{URL}not-a-uuid/"), 404, "not_found")
    assert_error(staff_client.post(f"{URL}{uuid.uuid4()}/cancel/"), 404, "not_found")


def test_cancel_a_queued_job(version: RuleSetVersion, staff_client: APIClient) -> None:
    url = create(staff_client).json()["url"]

    response = staff_client.post(url + "cancel/", {}, format="json")

    assert response.status_code == 200
    assert response.json()["status"] == "cancelled"
    assert staff_client.get(url).json()["status"] == "cancelled"
    assert staff_client.post(url + "cancel/").json()["status"] == "cancelled"  # idempotent


def test_cancelling_a_finished_job_is_409(version: RuleSetVersion, staff_client: APIClient) -> None:
    url = create(staff_client, games=20).json()["url"]
    job = SimulationJob.objects.get()
    for pk in job.chunks.values_list("pk", flat=True):
        services.run_chunk(pk, "test")

    body = assert_error(staff_client.post(url + "cancel/"), 409, "job_finished")
    assert "succeeded already" in body["detail"]


def test_the_list_shows_recent_jobs_without_results(
    version: RuleSetVersion, staff_client: APIClient, outsider: User
) -> None:
    first = create(staff_client, seed=1).json()["id"]
    second = create(staff_client, seed=2).json()["id"]

    items = staff_client.get(URL).json()
    assert [item["id"] for item in items] == [second, first]
    assert "result" not in items[0]
    assert token_client(outsider).get(URL).json() == []


def test_the_openapi_document_has_the_simulation_endpoints(staff_client: APIClient) -> None:
    schema = staff_client.get("/api/schema/", {"format": "json"}).json()
    paths = schema["paths"]

    assert {"post", "get"} <= set(paths["/api/v1/simulations/"])
    assert "get" in paths["/api/v1/simulations/{job_id}/"]
    assert "post" in paths["/api/v1/simulations/{job_id}/cancel/"]
    create_op = paths["/api/v1/simulations/"]["post"]
    assert {"202", "400", "401", "403", "413", "429"} <= set(create_op["responses"])
    job = schema["components"]["schemas"]["SimulationJob"]
    assert {"id", "status", "progress", "result", "error"} <= set(job["properties"])


# --------------------------------------------------------------------------- policy mixes


def test_a_mix_by_role_runs_and_is_stored_by_its_name(
    version: RuleSetVersion, staff_client: APIClient
) -> None:
    response = create(staff_client, games=6, policy={"rebels": "random", "royals": "heuristic"})

    assert response.status_code == 202, response.content
    assert response.json()["policy"] == "royals=heuristic,rebels=random"
    job = SimulationJob.objects.get()
    for pk in job.chunks.values_list("pk", flat=True):
        services.run_chunk(pk, "test")
    body = staff_client.get(response.json()["url"]).json()
    assert body["status"] == "succeeded"
    mixed = run(compiled_version(version), 6, 5, "royals=heuristic,rebels=random")
    assert body["result"] == mixed.to_dict()
    # The mix changes the games: not the same as everyone playing the heuristic.
    assert (
        mixed.to_dict()["roles"]
        != run(compiled_version(version), 6, 5, "heuristic").to_dict()["roles"]
    )
    # The name form is accepted as it is.
    again = create(staff_client, games=6, policy="royals=heuristic,rebels=random")
    assert again.json()["policy"] == "royals=heuristic,rebels=random"


@pytest.mark.parametrize(
    ("policy", "path", "code"),
    [
        ({"royals": "mc", "kings": "random"}, "policy.kings", "unknown_role"),
        ({"royals": "mc"}, "policy.rebels", "required"),
        ({"royals": "mc", "rebels": "greedy"}, "policy.rebels", "unknown_policy"),
        ({"royals": "mc", "rebels": 3}, "policy.rebels", "not_a_policy_name"),
        ({"royals": "royals=mc,rebels=mc", "rebels": "mc"}, "policy.royals", "unknown_policy"),
        ("greedy", "policy", "unknown_policy"),
        ("royals=mc", "policy", "unknown_policy"),
        (["mc"] * 5, "policy", "not_a_policy_name"),
    ],
)
def test_a_bad_policy_mix_is_a_coded_400_at_its_key(
    version: RuleSetVersion, staff_client: APIClient, policy: Any, path: str, code: str
) -> None:
    body = assert_error(create(staff_client, policy=policy), 400, "invalid")

    assert [(e["path"], e["code"]) for e in body["errors"]] == [(path, code)], body
    assert not SimulationJob.objects.exists()


@pytest.mark.parametrize(
    ("policy", "path"),
    [
        ("mc:100000", "policy"),
        ("royals=mc:5000,rebels=heuristic", "policy"),
        ({"royals": "mc", "rebels": "mc:1001"}, "policy.rebels"),
    ],
)
def test_a_search_budget_above_the_bound_is_a_coded_400_in_both_languages(
    version: RuleSetVersion, staff_client: APIClient, policy: Any, path: str
) -> None:
    """Issue 31: ``mc:100000`` was accepted, and one game took half an hour."""
    body = assert_error(create(staff_client, policy=policy, games=1), 400, "invalid")

    assert [(e["path"], e["code"]) for e in body["errors"]] == [(path, "budget_too_large")]
    assert "at most mc:1000" in body["errors"][0]["message"]
    zh = staff_client.post(
        URL, {**BODY, "policy": policy}, format="json", HTTP_ACCEPT_LANGUAGE="zh-Hans"
    ).json()
    assert "最多允许 mc:1000" in zh["errors"][0]["message"]
    assert not SimulationJob.objects.exists()
    assert create(staff_client, policy="mc:1000", games=1).status_code == 202


def test_a_job_costing_more_than_the_server_allows_is_refused_in_words(
    version: RuleSetVersion, staff_client: APIClient
) -> None:
    """Issue 31: 200,000 games of ``mc`` (about 35 hours on two workers) were accepted. The
    cap is in cost units (BAOHUANG_MAX_JOB_COST, 1,000,000): 200,000 heuristic games fit,
    867 games of mc:64 (1,153 units each; mc itself is 400) fit, 868 do not."""
    body = assert_error(create(staff_client, policy="mc:64", games=200_000), 400, "invalid")

    item = body["errors"][0]
    assert (item["path"], item["code"]) == ("games", "too_expensive")
    assert item["params"] == {
        "cost": 230_600_000,
        "limit": 1_000_000,
        "games": 200_000,
        "max_games": 867,
    }
    assert "230,600,000 units" in body["detail"]
    assert "200,000 games × 1,153 units a game (mc:64)" in body["detail"]
    assert "BAOHUANG_MAX_JOB_COST" in body["detail"]
    assert "at most 867 games" in body["detail"]
    assert_error(create(staff_client, policy="mc:64", games=868), 400, "invalid")
    assert create(staff_client, policy="mc:64", games=867).status_code == 202
    assert SimulationJob.objects.get().cost_per_game == 1153
