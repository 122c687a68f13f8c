"""The game viewer in the browser (issue #19): open a game of a finished job and step through
it to the settlement; find a successful rebellion on baike-weihai and open it. Screenshots
at 1280×800 and 390×844 are kept in ``test-artifacts/browser/``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User

from baohuang.catalog.models import RuleSet
from baohuang.catalog.selectors import latest_version
from baohuang.jobs import services
from baohuang.jobs.models import SimulationJob
from tests.browser.conftest import DESKTOP, PHONE, shoot
from tests.browser.test_first_hour import AXE, axe_violations
from tests.prerequisites import require

pytestmark = pytest.mark.django_db(transaction=True)


def expect(target: Any) -> Any:
    from playwright.sync_api import expect as _expect

    return _expect(target)


def finished_job(slug: str, games: int, seed: int) -> SimulationJob:
    version = latest_version(RuleSet.objects.get(slug=slug))
    assert version is not None
    job = services.create_job(
        version, games, seed, created_by=User.objects.get(username="operator")
    )
    for pk in job.chunks.values_list("pk", flat=True):
        services.run_chunk(pk, "test")
    job.refresh_from_db()
    assert job.status == "succeeded"
    return job


def test_step_through_a_game_of_a_finished_job(open_editor: Callable[..., Any], site: str) -> None:
    finished_job("baike-common", 20, 4)
    page = open_editor(DESKTOP, lang="zh")
    page.goto(f"{site}/editor/#/variants/baike-common/watch")
    page.get_by_test_id("watch-n").fill("3")
    page.get_by_test_id("watch-open").click()
    viewer = page.get_by_test_id("watch-viewer")
    expect(viewer).to_be_visible()
    sentence = page.get_by_test_id("watch-step-text")
    expect(sentence).to_contain_text("发牌")
    # The operator sees all five hands, drawn as cards.
    for seat in range(5):
        assert page.get_by_test_id(f"watch-seat-{seat}").locator(".pcard").count() > 20
    seen = [sentence.inner_text()]
    for _ in range(15):
        page.get_by_test_id("watch-next").click()
        seen.append(sentence.inner_text())
    assert len(set(seen)) > 10
    page.get_by_test_id("watch-prev").click()
    assert sentence.inner_text() == seen[-2]
    shoot(page, "watch-desktop")
    require(AXE.exists(), f"{AXE} is missing: run `npm ci` in frontend/")
    assert axe_violations(page) == []
    # On to the settlement, one step at a time.
    total = int(page.get_by_test_id("watch-counter").inner_text().split("/")[1])
    for _ in range(total):
        nxt = page.get_by_test_id("watch-next")
        if nxt.is_disabled():
            break
        nxt.click()
    counter = page.get_by_test_id("watch-counter").inner_text()
    assert counter.split("/")[0].strip() == str(total)
    assert page.get_by_test_id("watch-table").get_attribute("data-phase") == "finished"
    expect(page.get_by_test_id("watch-steps")).to_contain_text("牌局结束")
    # One seat's view hides the other hands until the end.
    page.get_by_test_id("watch-first").click()
    page.get_by_test_id("watch-view-as").select_option("2")
    assert page.get_by_test_id("watch-seat-0").locator(".pcard-backs").count() == 1
    assert page.get_by_test_id("watch-seat-2").locator(".pcard").count() > 20
    assert page.js_errors == []


def test_find_a_successful_rebellion_on_weihai(open_editor: Callable[..., Any], site: str) -> None:
    finished_job("baike-weihai", 200, 2)
    page = open_editor(DESKTOP, lang="en")
    page.goto(f"{site}/editor/#/variants/baike-weihai/watch")
    page.get_by_test_id("watch-filter").select_option("rebellion")
    page.get_by_test_id("watch-find").click()
    found = page.get_by_test_id("watch-found").locator("button[data-testid^=watch-found-]")
    expect(found.first).to_be_visible(timeout=30_000)
    found.first.click()
    steps = page.get_by_test_id("watch-steps")
    expect(steps).to_contain_text("The rebellion succeeds")
    steps.get_by_text("The rebellion succeeds").first.click()
    expect(page.get_by_test_id("watch-step-text")).to_contain_text("The rebellion succeeds")
    shoot(page, "watch-rebellion-desktop")
    assert page.js_errors == []


def test_the_viewer_on_a_phone(open_editor: Callable[..., Any], site: str) -> None:
    finished_job("baike-common", 5, 1)
    page = open_editor(PHONE, lang="zh")
    page.goto(f"{site}/editor/#/variants/baike-common/watch")
    page.get_by_test_id("watch-open").click()
    expect(page.get_by_test_id("watch-viewer")).to_be_visible()
    for _ in range(30):
        page.get_by_test_id("watch-next").click()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width
    shoot(page, "watch-phone", full_page=True)
    assert page.js_errors == []
