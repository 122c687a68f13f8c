"""Issue 15 in the editor: the comparison view, live re-scored averages, a balance proposal
landing as a draft, and the job history surviving a reload. Real Celery worker, small jobs."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import pytest

from baohuang.catalog.models import RuleSet
from tests.browser.conftest import DESKTOP, shoot

pytestmark = pytest.mark.django_db(transaction=True)

SLUG = "baike-common"


def expect(page: Any) -> Any:
    from playwright.sync_api import expect as _expect

    return _expect(page)


def edit_row_1_2(page: Any, emperor: int, guard: int) -> None:
    """Emperor 1st out, guard 2nd: a zero-sum edit of one row (rebels stay −3 each)."""
    page.get_by_test_id("score-1-2-emperor").fill(str(emperor))
    page.get_by_test_id("score-1-2-guard").fill(str(guard))


def test_comparison_of_a_settlement_only_change(
    open_editor: Callable[..., Any], celery_worker_in_thread: Callable[[], None]
) -> None:
    celery_worker_in_thread()
    page = open_editor(DESKTOP)
    page.goto(page.url.split("#")[0] + f"#/variants/{SLUG}")
    expect(page.get_by_test_id("validity")).to_have_text("Valid")
    edit_row_1_2(page, 9, 0)
    # Valid; the house note about this table now waits for confirmation (a warning).
    expect(page.get_by_test_id("validity")).to_have_text(re.compile(r"^Valid"))

    # From the diff tab: "simulate this change" opens the comparison view.
    page.get_by_test_id("tab-diff").click()
    expect(page.get_by_test_id("diff-table").locator("li")).to_have_count(2)
    page.get_by_test_id("diff-simulate").click()
    expect(page.get_by_test_id("tab-compare")).to_have_attribute("aria-selected", "true")
    page.get_by_test_id("cmp-games").fill("300")
    started = time.monotonic()
    page.get_by_test_id("cmp-start").click()
    result = page.get_by_test_id("cmp-result")
    expect(result).to_be_visible(timeout=120_000)
    elapsed = time.monotonic() - started

    expect(page.get_by_test_id("cmp-message")).to_contain_text(
        "The two versions play exactly the same games"
    )
    # Play figures are identical (interval [0, 0]); the emperor's points moved, with an interval.
    win = page.get_by_test_id("cmp-row-emperor.win_rate")
    expect(win).to_contain_text("unchanged")
    expect(win).to_have_attribute("data-significant", "no")
    points = page.get_by_test_id("cmp-row-emperor.points")
    expect(points.locator("td.ci")).to_have_text(re.compile(r"[+−]\d+\.\d\d … [+−]\d+\.\d\d"))
    expect(points).to_have_attribute("data-significant", "yes")
    expect(points).to_have_class(re.compile("sig"))
    expect(page.get_by_test_id("cmp-power")).to_contain_text("you need about")
    for chart in ("cmp-chart-win", "cmp-chart-points", "cmp-chart-diff-points"):
        expect(page.get_by_test_id(chart).locator("text.axis-title")).not_to_have_count(0)
    shoot(page, "compare-01-settlement-only", full_page=True)

    # In Chinese, the server's message and the power sentence in words.
    page.get_by_test_id("lang").click()
    expect(page.get_by_test_id("cmp-message")).to_contain_text("这两个版本打法完全相同")
    # Identical games: the win rates cannot differ; the power is given for the points.
    expect(page.get_by_test_id("cmp-power")).to_contain_text("要检测 ±0.1 分的皇帝平均得分差，约需")
    page.get_by_test_id("lang").click()

    # The result survives a reload; the job history lists it.
    page.reload()
    expect(page.get_by_test_id("cmp-result")).to_be_visible()
    history = page.get_by_test_id("job-history")
    expect(history.locator("[data-testid=history-row][data-kind=comparison]")).to_have_count(1)

    # The scoring calculator (play checker tab): who gets what, through the score endpoint.
    page.get_by_test_id("tab-check").click()
    calc = page.get_by_test_id("calculator")
    expect(calc.get_by_test_id("calc-seat-0")).to_contain_text("+6")  # emperor 1st, guard 2nd
    calc.get_by_test_id("calc-place-1").select_option("2")  # a rebel goes out first
    expect(calc.get_by_test_id("calc-seat-2")).to_contain_text("1")
    expect(calc.get_by_test_id("calc-result")).not_to_contain_text("+6")
    calc.scroll_into_view_if_needed()
    shoot(page, "compare-04-calculator")
    assert not page.js_errors
    print(f"comparison of 300 game pairs: {elapsed:.1f} s from click to table")


def test_live_rescoring_and_a_balance_proposal(
    open_editor: Callable[..., Any], celery_worker_in_thread: Callable[[], None]
) -> None:
    celery_worker_in_thread()
    page = open_editor(DESKTOP)
    page.goto(page.url.split("#")[0] + f"#/variants/{SLUG}/sim")
    page.get_by_test_id("sim-games").fill("300")
    page.get_by_test_id("sim-start").click()
    expect(page.get_by_test_id("sim-charts")).to_be_visible(timeout=120_000)

    # Leaving and coming back (or reloading) shows the same result.
    page.get_by_test_id("tab-rules").click()
    rescore = page.get_by_test_id("rescore")
    emperor = page.get_by_test_id("rescore-emperor")
    expect(emperor).to_have_text(re.compile(r"Emperor mean ([+−]\d\.\d\d) → \1$"))
    before = emperor.inner_text()
    edit_row_1_2(page, 9, 0)
    expect(emperor).to_have_class(re.compile("changed"))
    expect(emperor).not_to_have_text(before)
    after = emperor.inner_text()
    old, new = (float(x.replace("−", "-")) for x in re.findall(r"[+−]\d\.\d\d", after))
    assert new > old, after
    expect(page.get_by_test_id("rescore-guard")).to_have_class(re.compile("changed"))
    rescore.scroll_into_view_if_needed()
    shoot(page, "compare-02-live-rescore")

    # A play field: the server's 409 says the games would differ.
    play_field = page.get_by_role(
        "checkbox", name="An open solo ends when another player goes out first"
    )
    play_field.click()
    expect(page.get_by_test_id("rescore-play")).to_contain_text("plays other games")
    expect(page.get_by_test_id("rescore-play")).to_contain_text("end.")
    play_field.click()
    expect(emperor).to_have_text(after)

    page.get_by_test_id("tab-sim").click()
    expect(page.get_by_test_id("sim-charts")).to_be_visible()
    page.reload()
    expect(page.get_by_test_id("sim-charts")).to_be_visible()

    # Balance: the proposal lands as the draft of a new rule set, verified on fresh seeds.
    panel = page.get_by_test_id("balance")
    panel.get_by_test_id("bal-games").fill("300")
    panel.get_by_test_id("bal-start").click()
    proposal = page.get_by_test_id("bal-proposal")
    expect(proposal).to_be_visible(timeout=60_000)
    expect(proposal.get_by_test_id("bal-changes").locator("li")).not_to_have_count(0)
    expect(proposal.get_by_test_id("bal-predicted")).to_contain_text("…")
    verified = proposal.get_by_test_id("bal-verified")
    expect(verified.locator("td.num").nth(3)).to_have_text(re.compile(r"[+−]\d"), timeout=120_000)
    # Today's grid beside the proposal, the changed cells marked.
    expect(proposal.get_by_test_id("bal-grid").locator("td[data-changed=yes]")).not_to_have_count(0)
    shoot(page, "compare-03-balance", full_page=True)
    # A proposal is not saved until the operator keeps it: then as a new rule set.
    assert not RuleSet.objects.filter(based_on__rule_set__slug=SLUG).exists()
    proposal.get_by_test_id("bal-new-name").fill("平衡的普通玩法")
    proposal.get_by_test_id("bal-into-new").click()
    expect(proposal.get_by_test_id("bal-kept")).to_be_visible()
    new = RuleSet.objects.get(slug="ping-heng-de-pu-tong-wan-fa")
    assert new.based_on is not None
    assert new.based_on.rule_set.slug == SLUG
    assert not new.versions.exists()  # a draft, not published
    proposal.get_by_test_id("bal-open-draft").click()
    expect(page.locator("code.slug")).to_have_text("ping-heng-de-pu-tong-wan-fa")
    expect(page.get_by_test_id("validity")).to_have_text(re.compile(r"^Valid"))
    assert not page.js_errors


def test_a_clone_is_compared_with_its_origin_without_publishing(
    open_editor: Callable[..., Any], celery_worker_in_thread: Callable[[], None]
) -> None:
    """Issue 34 §1: "we play 威海 but pay ×4 for a rebellion" — the clone's draft against
    the version it was cloned from, from the diff tab, with nothing published."""
    from django.contrib.auth import get_user_model

    from baohuang.catalog import services as catalog

    celery_worker_in_thread()
    origin = RuleSet.objects.get(slug="baike-weihai")
    operator = get_user_model().objects.get(username="operator")
    clone = catalog.clone_rule_set(origin, "my-weihai", operator, version=origin.versions.last())
    definition = dict(clone.draft)
    multipliers = [
        {**m, "factor": 4} if m["event"] == "rebellion" else m
        for m in definition["scoring"]["multipliers"]
    ]
    definition["scoring"] = {**definition["scoring"], "multipliers": multipliers}
    catalog.update_draft(clone, definition, clone.draft_revision, operator)

    page = open_editor(DESKTOP)
    page.goto(page.url.split("#")[0] + "#/variants/my-weihai/diff")
    # The house rule, beside the new name and id the clone got.
    expect(page.get_by_test_id("origin-changes")).to_contain_text(re.compile(r"[Rr]ebellion"))
    page.get_by_test_id("origin-simulate").click()
    expect(page.get_by_test_id("tab-compare")).to_have_attribute("aria-selected", "true")
    expect(page.get_by_test_id("cmp-mode")).to_have_value("origin")
    expect(page.get_by_test_id("cmp-unpublished")).to_be_visible()
    page.get_by_test_id("cmp-games").fill("200")
    page.get_by_test_id("cmp-start").click()
    expect(page.get_by_test_id("cmp-result")).to_be_visible(timeout=120_000)
    expect(page.get_by_test_id("cmp-status")).to_contain_text("baike-weihai v")
    expect(page.get_by_test_id("cmp-status")).to_contain_text("my-weihai draft")
    expect(page.get_by_test_id("cmp-message")).to_contain_text("exactly the same games")
    # Plain words first: how often the ×4 matters, and what it does to each side.
    plain = page.get_by_test_id("cmp-plain")
    expect(plain).to_contain_text(re.compile(r"alters the score in about \d+\.\d% of them"))
    expect(plain).to_contain_text("points per seat")
    shoot(page, "compare-05-clone-against-origin", full_page=True)
    assert not RuleSet.objects.get(slug="my-weihai").versions.exists()
    # After a reload the clone's history lists the comparison (its A is the origin).
    page.reload()
    history = page.get_by_test_id("job-history")
    expect(history.locator("[data-testid=history-row][data-kind=comparison]")).to_have_count(1)
    assert not page.js_errors
