"""Simulating a draft (issue 34 §1): a clone that was never published is simulated, its
draft kept with the job as it was when the job started (the result stays reproducible
whatever the draft becomes), and balanced from that snapshot into the same draft."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from baohuang.catalog import services as catalog
from baohuang.catalog.models import RuleSet, RuleSetVersion
from baohuang.engine.compiled import compile_definition
from baohuang.jobs.models import SimulationJob
from baohuang.jobs.selectors import DraftSnapshot, job_compiled, job_rules
from baohuang.simulation import simulate
from baohuang.simulation.balance import cell_at
from baohuang.simulation.compare import Comparison
from baohuang.simulation.stats import Stats
from tests.fixtures import assert_error, make_user, token_client, with_perms
from tests.jobs.test_compare_api import run_all

pytestmark = pytest.mark.django_db

CLONE = "my-house"


def rebellion_times_4(definition: dict[str, Any]) -> dict[str, Any]:
    """The afternoon's house rule: a successful rebellion pays ×4."""
    changed = copy.deepcopy(definition)
    changed["scoring"]["multipliers"] = [{"event": "rebellion", "factor": 4}]
    return changed


@pytest.fixture
def clone(version: RuleSetVersion, staff: User) -> RuleSet:
    """A clone of the published variant, ×4 for a rebellion, never published."""
    made = catalog.clone_rule_set(version.rule_set, CLONE, staff, version=version)
    catalog.update_draft(made, rebellion_times_4(made.draft), made.draft_revision, staff)
    made.refresh_from_db()
    assert not made.versions.exists()
    return made


def start(client: APIClient, games: int = 30, **extra: Any) -> Any:
    body = {"variant": CLONE, "draft": True, "games": games, "seed": 5, **extra}
    return client.post("/api/v1/simulations/", body, format="json")


def test_a_draft_is_simulated_as_it_was_when_the_job_started(
    clone: RuleSet, staff: User, staff_client: APIClient
) -> None:
    snapshot = copy.deepcopy(clone.draft)
    made = start(staff_client)
    assert made.status_code == 202, made.content
    body = made.json()
    assert body["variant"] == CLONE
    assert body["version"] is None
    assert body["draft_revision"] == clone.draft_revision

    # The operator keeps editing while the job waits: the job plays the snapshot.
    later = copy.deepcopy(clone.draft)
    later["scoring"]["multipliers"] = [{"event": "rebellion", "factor": 8}]
    catalog.update_draft(clone, later, clone.draft_revision, staff)

    job = run_all(body["id"])
    assert job.status == "succeeded"
    # Every reader of the job's rule set (results, re-scores, balance) sees the snapshot.
    rules = job_rules(job)
    assert isinstance(rules, DraftSnapshot)
    assert (rules.rule_set.slug, rules.revision) == (CLONE, body["draft_revision"])
    assert job_compiled(job).checksum == compile_definition(snapshot).checksum
    expected = simulate(compile_definition(snapshot), 30, 5, "heuristic")
    assert Stats.from_dict(job.result).to_dict() == expected.to_dict()
    shown = staff_client.get(body["url"]).json()
    assert shown["summary"] is not None
    assert shown["draft_revision"] == body["draft_revision"]
    # Listed under the rule set whose draft it simulated.
    listed = staff_client.get("/api/v1/simulations/", {"variant": CLONE}).json()
    assert [item["id"] for item in listed] == [body["id"]]
    # Its games can be watched (they are the snapshot's).
    watched = staff_client.get(f"{body['url']}games/0/")
    assert watched.status_code == 200, watched.content
    assert watched.json()["version"] is None


def test_a_draft_simulation_is_refused_clearly(clone: RuleSet, staff_client: APIClient) -> None:
    both = assert_error(start(staff_client, version=1), 400, "invalid")
    assert "version" in both["detail"]
    assert "draft" in both["detail"]
    missing = staff_client.post(
        "/api/v1/simulations/",
        {"variant": "nobody", "draft": True, "games": 5, "seed": 1},
        format="json",
    )
    assert assert_error(missing, 400)["errors"][0]["path"] == "variant"
    # Running jobs is not reading drafts: without catalog.view_ruleset it is a 403.
    runner = with_perms(make_user("runner-only"), "jobs.run_simulation")
    assert_error(start(token_client(runner)), 403, "permission_denied")
    # A draft with errors is refused naming the draft.
    broken = copy.deepcopy(clone.draft)
    broken["deck"]["decks"] = 0
    RuleSet.objects.filter(pk=clone.pk).update(draft=broken)
    refused = assert_error(start(staff_client), 400)
    assert refused["errors"][0]["path"] == "draft"
    assert not SimulationJob.objects.exists()


def test_a_draft_is_balanced_from_its_snapshot_into_the_same_draft(
    clone: RuleSet, staff: User, staff_client: APIClient
) -> None:
    made = start(staff_client, games=40).json()
    run_all(made["id"])

    proposal = staff_client.post(
        made["url"] + "balance/", {"target": "equal-sides", "max_change": 3}, format="json"
    )
    assert proposal.status_code == 201, proposal.content
    body = proposal.json()
    verification = run_all(body["verification"]["id"])
    assert verification.status == "succeeded"
    assert verification.version is None
    assert verification.draft_of == clone
    assert Comparison.from_dict(verification.result).report()["play_unchanged"] is True
    shown = staff_client.get(body["verification"]["url"]).json()
    assert shown["variant"] == CLONE
    assert shown["version"] is None
    # The verification row's figure and its interval are of one quantity: the proposal's
    # royal − rebel points per seat (not B − A, the change the comparison's metrics hold).
    verified = shown["result"]["verified"]["royal_minus_rebel"]
    royal = next(m for m in shown["result"]["metrics"] if m["name"] == "royal_side.points_per_seat")
    rebel = next(m for m in shown["result"]["metrics"] if m["name"] == "rebel_side.points_per_seat")
    assert verified["value"] == pytest.approx(royal["b"] - rebel["b"], abs=1e-9)
    low, high = verified["ci95"]
    assert low < verified["value"] < high
    emperor = shown["result"]["verified"]["emperor_points"]
    assert emperor["value"] == pytest.approx(
        shown["result"]["b"]["roles"]["emperor"]["points"]["mean"]
    )
    assert emperor["ci95"][0] < emperor["value"] < emperor["ci95"][1]

    with_perms(staff, "catalog.change_ruleset")
    into = staff_client.post(
        body["accept"]["url"],
        {"verification": body["verification"]["id"], "into": "draft"},
        format="json",
    )
    assert into.status_code == 201, into.content
    clone.refresh_from_db()
    assert into.json()["slug"] == CLONE
    for cell in body["changes"]:
        assert cell_at(clone.draft, cell["path"]) == cell["new"], cell
    assert clone.draft["scoring"]["multipliers"] == [{"event": "rebellion", "factor": 4}]
    # A new rule set from a draft's proposal records the draft's own origin.
    new = staff_client.post(
        body["accept"]["url"],
        {"verification": body["verification"]["id"], "into": "new", "name_zh": "我们的平衡"},
        format="json",
    )
    assert new.status_code == 201, new.content
    assert RuleSet.objects.get(slug=new.json()["slug"]).based_on == clone.based_on


def test_a_target_per_table_through_the_api(clone: RuleSet, staff_client: APIClient) -> None:
    """Issue 34 §2: the operator balances the ordinary table on its own games."""
    made = start(staff_client, games=40).json()
    run_all(made["id"])
    url = made["url"] + "balance/"

    response = staff_client.post(
        url,
        {"table_targets": {"two_person": "equal-sides"}, "max_change": 3},
        format="json",
    )

    assert response.status_code == 201, response.content
    body = response.json()
    figure = body["predicted"]["tables"]["two_person"]
    assert figure["target"] == "equal-sides"
    assert abs(figure["solver_value"]) <= abs(figure["before"])
    assert all(c["path"].startswith("scoring.two_person.rows") for c in body["changes"])
    refused = staff_client.post(
        url, {"table_targets": {"solo": "emperor-mean=1"}, "max_change": 3}, format="json"
    )
    assert assert_error(refused, 400)["errors"][0]["code"] == "solo_emperor_mean"
    unknown = staff_client.post(url, {"table_targets": {"nope": "equal-sides"}}, format="json")
    assert assert_error(unknown, 400)["errors"][0]["code"] == "unknown_table"
