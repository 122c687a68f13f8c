"""Comparison jobs and re-scoring (issue 15): ``/api/v1/comparisons/`` and
``POST /api/v1/simulations/{id}/rescore/``. Chunks are run in-process (no worker)."""

from __future__ import annotations

import copy
import uuid
from typing import Any

import pytest
from rest_framework.test import APIClient

from baohuang.catalog import services as catalog
from baohuang.catalog.models import RuleSet, RuleSetVersion
from baohuang.engine.compiled import compile_definition
from baohuang.jobs import services
from baohuang.jobs.models import SimulationJob
from baohuang.simulation import simulate
from baohuang.simulation.balance import cell_at
from baohuang.simulation.compare import compare
from tests.fixtures import assert_error, with_perms
from tests.jobs.conftest import SLUG

pytestmark = pytest.mark.django_db


def run_all(job_id: Any) -> SimulationJob:
    job = SimulationJob.objects.get(pk=job_id)
    for pk in job.chunks.values_list("pk", flat=True):
        assert services.run_chunk(pk, "test") == "done"
    return SimulationJob.objects.get(pk=job_id)


def scoring_changed(definition: dict[str, Any]) -> dict[str, Any]:
    changed = copy.deepcopy(definition)
    changed["scoring"]["multipliers"] = [{"event": "open_guard", "factor": 2}]
    row = changed["scoring"]["two_person"]["rows"][0]
    row["emperor"], row["guard"], row["rebels"] = (
        row["emperor"] + 2,
        row["guard"] + 1,
        (row["rebels"] - 1),
    )
    return changed


def finished_simulation(client: APIClient, games: int = 24) -> str:
    response = client.post(
        "/api/v1/simulations/", {"variant": SLUG, "games": games, "seed": 3}, format="json"
    )
    assert response.status_code == 202, response.content
    run_all(response.json()["id"])
    return str(response.json()["url"])


def test_rescoring_a_definition_equals_simulating_it(
    version: RuleSetVersion, staff_client: APIClient
) -> None:
    url = finished_simulation(staff_client)
    changed = scoring_changed(version.definition)

    response = staff_client.post(url + "rescore/", {"definition": changed}, format="json")

    assert response.status_code == 200, response.content
    body = response.json()
    expected = simulate(compile_definition(changed), 24, 3)
    assert body["result"] == expected.to_dict()
    assert body["summary"]["roles"]["emperor"]["points"]["mean"] == pytest.approx(
        expected.summary()["roles"]["emperor"]["points"]["mean"]
    )
    assert body["status"] == "succeeded"
    assert body["games"] == 24
    assert "scoring.multipliers" in " ".join(body["rescored"]["settlement_fields"])
    assert body["rescored"]["elapsed_ms"] >= 0


def test_rescore_takes_the_bare_definition_validate_takes_and_keeps_its_warnings(
    version: RuleSetVersion, staff_client: APIClient
) -> None:
    # Issue #31: /rescore/ refused the bare definition /validate/ accepts, and dropped the
    # warnings. A stake cap with nothing to cap is a warning (option_unused), not an error.
    url = finished_simulation(staff_client, games=10)
    changed = scoring_changed(version.definition)
    changed["scoring"]["multipliers"] = []
    changed["scoring"]["max_multiplier"] = 8
    warned = staff_client.post("/api/v1/validate/", changed, format="json").json()["warnings"]
    # (the house note about the doubling is flagged too: its rule changed)
    assert [w["code"] for w in warned] == ["option_unused", "note_stale"]

    response = staff_client.post(url + "rescore/", changed, format="json")

    assert response.status_code == 200, response.content
    rescored = response.json()["rescored"]
    assert rescored["definition"] is True
    assert [w["code"] for w in rescored["warnings"]] == ["option_unused", "note_stale"]
    assert rescored["warnings"][0]["path"] == "definition.scoring.max_multiplier"


def test_rescoring_a_version(version: RuleSetVersion, staff_client: APIClient, staff: Any) -> None:
    rule_set = version.rule_set
    catalog.update_draft(rule_set, scoring_changed(rule_set.draft), rule_set.draft_revision, staff)
    catalog.publish(rule_set, staff)
    url = finished_simulation(staff_client)

    response = staff_client.post(url + "rescore/", {"version": 2}, format="json")

    assert response.status_code == 200, response.content
    assert response.json()["rescored"]["version"] == 2
    missing = staff_client.post(url + "rescore/", {"version": 7}, format="json")
    assert_error(missing, 404)


def test_a_definition_that_plays_differently_is_409(
    version: RuleSetVersion, staff_client: APIClient
) -> None:
    url = finished_simulation(staff_client, games=10)
    changed = copy.deepcopy(version.definition)
    changed["play"]["defer"] = not changed["play"].get("defer", False)

    body = assert_error(
        staff_client.post(url + "rescore/", {"definition": changed}, format="json"),
        409,
        "play_differs",
    )
    assert body["errors"] == [
        {
            "path": "definition",
            "message": "play.defer",
            "code": "play_field_differs",
            "params": {"field": "play.defer"},
        }
    ]


def test_rescore_bad_requests(version: RuleSetVersion, staff_client: APIClient) -> None:
    url = finished_simulation(staff_client, games=10)
    bad = copy.deepcopy(version.definition)
    bad["deck"]["decks"] = 0
    body = assert_error(
        staff_client.post(url + "rescore/", {"definition": bad}, format="json"),
        400,
        "invalid_definition",
    )
    assert body["errors"][0]["path"] == "definition.deck.decks"
    assert_error(staff_client.post(url + "rescore/", {}, format="json"), 400, "invalid")
    queued = staff_client.post(
        "/api/v1/simulations/", {"variant": SLUG, "games": 10, "seed": 1}, format="json"
    ).json()["url"]
    assert_error(
        staff_client.post(queued + "rescore/", {"version": 1}, format="json"),
        409,
        "not_rescorable",
    )


def test_a_result_without_outcome_counts_says_so_in_chinese(
    version: RuleSetVersion, staff_client: APIClient
) -> None:
    """Results written before outcome counts were kept cannot be re-scored: the refusal is
    worded in the client's language, like every other refusal."""
    url = finished_simulation(staff_client, games=10)
    job = SimulationJob.objects.get(pk=url.rstrip("/").rsplit("/", 1)[-1])
    job.result = {**job.result, "outcomes": None}
    job.save(update_fields=["result"])
    body = assert_error(
        staff_client.post(
            url + "rescore/", {"version": 1}, format="json", HTTP_ACCEPT_LANGUAGE="zh-hans"
        ),
        409,
        "not_rescorable",
    )
    assert "重新模拟" in body["detail"], body


def test_a_comparison_job_is_the_paired_comparison(
    version: RuleSetVersion, staff_client: APIClient
) -> None:
    changed = scoring_changed(version.definition)
    response = staff_client.post(
        "/api/v1/comparisons/",
        {"a": {"variant": SLUG}, "b": {"definition": changed}, "games": 30, "seed": 8},
        format="json",
    )
    assert response.status_code == 202, response.content
    assert response.json()["url"] == f"/api/v1/comparisons/{response.json()['id']}/"
    job = run_all(response.json()["id"])
    assert job.kind == "comparison"
    assert job.chunks.count() > 1

    body = staff_client.get(response.json()["url"]).json()

    assert body["status"] == "succeeded"
    result = body["result"]
    expected = compare(
        compile_definition(version.definition), compile_definition(changed), 30, 8
    ).report()
    assert result["play_unchanged"] is True
    assert result["games"] == 30
    assert result["metrics"] == expected["metrics"]
    assert result["message"]["zh"].startswith("这两个版本打法完全相同")
    listed = staff_client.get("/api/v1/comparisons/").json()
    assert [item["id"] for item in listed] == [body["id"]]


def test_a_comparison_with_a_policy_mix(version: RuleSetVersion, staff_client: APIClient) -> None:
    changed = scoring_changed(version.definition)
    mix = {"royals": "heuristic", "rebels": "random"}
    response = staff_client.post(
        "/api/v1/comparisons/",
        {
            "a": {"variant": SLUG},
            "b": {"definition": changed},
            "games": 6,
            "seed": 2,
            "policy": mix,
        },
        format="json",
    )
    assert response.status_code == 202, response.content
    job = run_all(response.json()["id"])
    assert job.policy == "royals=heuristic,rebels=random"
    result = staff_client.get(response.json()["url"]).json()["result"]
    expected = compare(
        compile_definition(version.definition),
        compile_definition(changed),
        6,
        2,
        "royals=heuristic,rebels=random",
    ).report()
    assert result["metrics"] == expected["metrics"]
    body = assert_error(
        staff_client.post(
            "/api/v1/comparisons/",
            {"a": {"variant": SLUG}, "b": {"version": 1}, "games": 5, "seed": 1, "policy": {}},
            format="json",
        ),
        400,
        "invalid",
    )
    assert [(e["path"], e["code"]) for e in body["errors"]] == [("policy.royals", "required")]


def test_comparison_bad_requests(version: RuleSetVersion, staff_client: APIClient) -> None:
    url = "/api/v1/comparisons/"
    bad = copy.deepcopy(version.definition)
    bad["deck"]["decks"] = 0
    body = assert_error(
        staff_client.post(
            url,
            {"a": {"variant": SLUG}, "b": {"definition": bad}, "games": 5, "seed": 1},
            format="json",
        ),
        400,
        "invalid_definition",
    )
    assert body["errors"][0]["path"] == "b.definition.deck.decks"
    body = assert_error(
        staff_client.post(
            url,
            {"a": {"variant": SLUG}, "b": {"version": 4}, "games": 5, "seed": 1},
            format="json",
        ),
        400,
        "invalid",
    )
    assert body["errors"][0]["path"] == "b.version"
    assert not SimulationJob.objects.exists()


def test_a_balance_proposal_is_kept_only_where_the_operator_accepts_it(
    version: RuleSetVersion, staff: Any, staff_client: APIClient
) -> None:
    """Issue 34 §2: a click makes a proposal and its verification, no rule set; accepting
    puts it into the draft (exactly its cells) or a new rule set that records its origin."""
    url = finished_simulation(staff_client, games=40)
    before = RuleSet.objects.count()

    response = staff_client.post(
        url + "balance/", {"target": "equal-sides", "max_change": 3}, format="json"
    )

    assert response.status_code == 201, response.content
    body = response.json()
    assert RuleSet.objects.count() == before  # nothing saved by a click
    assert body["changes"]
    assert all(abs(c["new"] - c["old"]) <= 3 for c in body["changes"])
    assert body["predicted"]["target"]["diff"] == pytest.approx(
        body["predicted"]["solver_value"], abs=1e-9
    )
    assert abs(body["predicted"]["target"]["diff"]) < abs(body["predicted"]["before"]["diff"])
    job = run_all(body["verification"]["id"])
    assert job.kind == "comparison"
    assert job.seed != 3
    result = staff_client.get(body["verification"]["url"]).json()["result"]
    assert result["play_unchanged"] is True
    accept = body["accept"]["url"]

    # Into a new rule set: its origin is the simulated version, so its diff works.
    made = staff_client.post(
        accept,
        {"verification": body["verification"]["id"], "into": "new", "name_zh": "我们的普通玩法"},
        format="json",
    )
    assert made.status_code == 201, made.content
    new = RuleSet.objects.get(slug=made.json()["slug"])
    assert new.slug == "wo-men-de-pu-tong-wan-fa"
    assert new.based_on == version
    assert new.draft["scoring"] == body["definition"]["scoring"]
    assert not new.versions.exists()
    origin_diff = staff_client.get(f"/api/v1/variants/{new.slug}/diff-origin/?to=draft")
    assert origin_diff.status_code == 200
    assert {c["path"] for c in origin_diff.json()["changes"]} >= {
        c["path"] for c in body["changes"]
    }

    # Into the operator's own draft (that needs catalog.change_ruleset): exactly the
    # proposal's cells, his other edits kept.
    refused = staff_client.post(
        accept, {"verification": body["verification"]["id"], "into": "draft"}, format="json"
    )
    assert_error(refused, 403, "permission_denied")
    with_perms(staff, "catalog.change_ruleset")
    own = RuleSet.objects.get(slug=SLUG)
    draft = copy.deepcopy(own.draft)
    draft["play"] = {**draft.get("play", {}), "hard_pass": True}
    catalog.update_draft(own, draft, own.draft_revision, version.published_by)
    own.refresh_from_db()
    into = staff_client.post(
        accept, {"verification": body["verification"]["id"], "into": "draft"}, format="json"
    )
    assert into.status_code == 201, into.content
    own.refresh_from_db()
    assert own.draft["play"]["hard_pass"] is True
    for cell in body["changes"]:
        assert cell_at(own.draft, cell["path"]) == cell["new"], cell
    assert into.json()["revision"] == own.draft_revision
    # Again: every cell now differs from the simulated version: a conflict, nothing changed.
    again = staff_client.post(
        accept, {"verification": body["verification"]["id"], "into": "draft"}, format="json"
    )
    assert_error(again, 409, "proposal_conflict")
    bad = staff_client.post(url + "balance/", {"target": "nonsense"}, format="json")
    assert_error(bad, 400, "invalid")
    not_a_proposal = staff_client.post(
        accept, {"verification": str(uuid.uuid4()), "into": "new"}, format="json"
    )
    assert not_a_proposal.status_code == 404


def test_the_lists_filter_by_variant_and_kind(
    version: RuleSetVersion, staff_client: APIClient
) -> None:
    """The editor's job history of one rule set: ``?variant=`` and ``?kind=``."""
    simulation = staff_client.post(
        "/api/v1/simulations/", {"variant": SLUG, "games": 5, "seed": 1}, format="json"
    ).json()["id"]
    comparison = staff_client.post(
        "/api/v1/comparisons/",
        {"a": {"variant": SLUG}, "b": {"draft": True}, "games": 5, "seed": 1},
        format="json",
    ).json()["id"]

    both = staff_client.get("/api/v1/simulations/", {"variant": SLUG}).json()
    assert [item["id"] for item in both] == [comparison, simulation]
    assert both[0]["kind"] == "comparison"
    assert both[0]["b"].startswith(f"{SLUG} draft")
    assert both[1]["b"] is None
    only = staff_client.get("/api/v1/simulations/", {"variant": SLUG, "kind": "simulation"})
    assert [item["id"] for item in only.json()] == [simulation]
    assert staff_client.get("/api/v1/simulations/", {"variant": "nope"}).json() == []
    assert staff_client.get("/api/v1/comparisons/", {"variant": "nope"}).json() == []
    assert [
        i["id"] for i in staff_client.get("/api/v1/comparisons/", {"variant": SLUG}).json()
    ] == [comparison]
    assert_error(staff_client.get("/api/v1/simulations/", {"kind": "x"}), 400, "invalid")


def test_balance_refuses_a_verification_it_cannot_queue_before_solving(
    version: RuleSetVersion, staff_client: APIClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 31: ``verify_games: 2000000`` was refused only after 4.7 s of solving."""
    from baohuang.simulation import balance

    url = finished_simulation(staff_client, games=40)
    solved: list[int] = []
    real = balance.solve

    def counting(*args: Any, **kwargs: Any) -> Any:
        solved.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(balance, "solve", counting)

    too_many = {"verify_games": 2_000_000}
    refused = assert_error(staff_client.post(url + "balance/", too_many, format="json"), 400)

    assert solved == []
    assert refused["errors"][0]["path"] == "verify_games"
    assert "200,000" in refused["detail"]
    assert RuleSet.objects.filter(slug__endswith="-balanced").count() == 0
    # a verification over the quota is refused before solving too
    with monkeypatch.context() as m:
        m.setattr("django.conf.settings.BAOHUANG_MAX_QUEUED_GAMES_PER_USER", 50, raising=False)
        over = staff_client.post(url + "balance/", {"verify_games": 100}, format="json")
        assert_error(over, 429, "quota_exceeded")
    assert solved == []
    assert staff_client.post(url + "balance/", {}, format="json").status_code == 201
    assert solved == [1]


def test_a_clone_is_compared_with_its_origin_before_publishing(
    version: RuleSetVersion, staff: Any, staff_client: APIClient
) -> None:
    """Issue 34 §1: the clone's draft is B, its origin's version A; the clone has no
    published version, and the job is listed under both rule sets."""
    clone = catalog.clone_rule_set(version.rule_set, "my-house", staff, version=version)
    definition = dict(clone.draft)
    definition["scoring"] = {
        **definition["scoring"],
        "multipliers": [{"event": "rebellion", "factor": 4}],
    }
    catalog.update_draft(clone, definition, clone.draft_revision, staff)
    assert not RuleSetVersion.objects.filter(rule_set=clone).exists()

    made = staff_client.post(
        "/api/v1/comparisons/",
        {
            "a": {"variant": SLUG, "version": 1},
            "b": {"variant": "my-house", "draft": True},
            "games": 5,
            "seed": 1,
        },
        format="json",
    )
    assert made.status_code == 202, made.json()
    job = made.json()
    assert job["variant"] == SLUG
    assert job["b"].startswith("my-house draft")
    listed = staff_client.get("/api/v1/comparisons/", {"variant": "my-house"}).json()
    assert [item["id"] for item in listed] == [job["id"]]
    origin = staff_client.get("/api/v1/comparisons/", {"variant": SLUG}).json()
    assert [item["id"] for item in origin] == [job["id"]]
    done = run_all(job["id"])
    assert done.status == "succeeded"


@pytest.mark.parametrize(
    ("label", "zh", "en"),
    [
        (
            "my-house draft (revision 2)",
            "my-house 草稿（第 2 次修订）",
            "my-house draft (revision 2)",
        ),
        ("my-house (definition)", "my-house（含未保存的修改）", "my-house with unsaved edits"),
        (
            "baike-weihai v3 balanced",
            "baike-weihai 第 3 版的平衡方案",
            "balance proposal for baike-weihai v3",
        ),
        ("baike-weihai v3", "baike-weihai 第 3 版", "baike-weihai v3"),
        ("something else", "something else", "something else"),
    ],
)
def test_what_b_is_reads_in_the_users_language(label: str, zh: str, en: str) -> None:
    """Issue 34 §4: "B = baike-weihai (definition)" in the Chinese editor."""
    from django.utils import translation

    from baohuang.jobs.models import comparison_side_text

    with translation.override("zh-hans"):
        assert comparison_side_text(label) == zh
    with translation.override("en"):
        assert comparison_side_text(label) == en


def test_a_balance_verified_by_players_who_adapt(
    version: RuleSetVersion, staff_client: APIClient
) -> None:
    """Issue 35: the verification may be played by players who adapt to the proposal's
    scoring; it then plays both tables (not one game scored twice), says which players it
    used, and the limit sentence gives way to what the gap means."""
    url = finished_simulation(staff_client, games=40)
    response = staff_client.post(
        url + "balance/",
        {"target": "equal-sides", "max_change": 3, "verify_policy": "adaptive", "verify_games": 30},
        format="json",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert not any("do not change their play" in n for n in body["notes"])
    assert any("adapt" in n for n in body["notes"])
    job = run_all(body["verification"]["id"])
    assert job.policy == "adaptive"
    result = staff_client.get(body["verification"]["url"]).json()["result"]
    assert result["play_unchanged"] is False
    assert result["players_adapt"] is True
    assert result["policies"] == ["adaptive"] * 5
    bad = staff_client.post(url + "balance/", {"verify_policy": "nobody"}, format="json")
    refused = assert_error(bad, 400)
    assert refused["errors"][0]["path"] == "verify_policy"


def test_the_heuristic_balance_keeps_the_limit_sentence(
    version: RuleSetVersion, staff_client: APIClient
) -> None:
    url = finished_simulation(staff_client, games=40)
    response = staff_client.post(
        url + "balance/", {"max_change": 3}, format="json", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 201, response.content
    assert any("do not change their play" in n for n in response.json()["notes"])
