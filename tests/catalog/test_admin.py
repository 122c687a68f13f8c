"""The catalog admin, driven with Django's test client as an operator would use it."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from baohuang.catalog import services
from baohuang.catalog.documents import to_yaml
from baohuang.catalog.models import EditEvent, RuleSet, RuleSetVersion

pytestmark = pytest.mark.django_db


def change_url(rule_set: RuleSet) -> str:
    return reverse("admin:catalog_ruleset_change", args=[rule_set.pk])


def publish_url(rule_set: RuleSet) -> str:
    return reverse("admin:catalog_ruleset_publish", args=[rule_set.pk])


def diff_url(rule_set: RuleSet) -> str:
    return reverse("admin:catalog_ruleset_diff", args=[rule_set.pk])


def form_data(rule_set: RuleSet, draft: dict[str, Any], revision: int) -> dict[str, Any]:
    """What the change form posts: names, description, the YAML draft, the hidden revision."""
    return {
        "name_zh": rule_set.name_zh,
        "name_en": rule_set.name_en,
        "description": rule_set.description,
        "draft_yaml": to_yaml(draft),
        "revision": str(revision),
        "_continue": "Save and continue editing",
    }


def non_field_errors(response: Any) -> list[str]:
    return list(response.context["adminform"].form.non_field_errors())


def messages_of(response: Any) -> list[str]:
    return [str(m) for m in response.context["messages"]]


@pytest.fixture
def logged_in(client: Client, operator: User) -> Client:
    """The operator, logged in through the admin login form."""
    response = client.post(
        "/admin/login/?next=/admin/",
        {"username": "operator", "password": "operator", "next": "/admin/"},
    )
    assert response.status_code == 302, "the operator could not log in"
    assert response["Location"] == "/admin/"
    return client


def test_the_list_shows_slug_names_status_and_latest_version(
    logged_in: Client, rule_set: RuleSet, definition: dict[str, Any]
) -> None:
    services.update_draft(rule_set, definition | {"source": "edited"}, 1, None)

    response = logged_in.get(reverse("admin:catalog_ruleset_changelist"))

    assert response.status_code == 200
    text = response.content.decode()
    for expected in ("baike-common", "普通玩法", "Common (baike)", "draft changed since latest"):
        assert expected in text
    assert "v1" in text


def test_edit_fix_publish_and_diff(
    logged_in: Client, rule_set: RuleSet, definition: dict[str, Any]
) -> None:
    page = logged_in.get(change_url(rule_set))
    assert page.status_code == 200
    text = page.content.decode()
    assert "schema_version: 1" in text
    assert 'name="revision"' in text
    assert "Publish…" in text

    # 1. A bad value: the hands do not add up to the deck -> the error names the path.
    bad = copy.deepcopy(definition)
    bad["deal"]["hand_sizes"] = [44, 43, 43, 43, 42]
    response = logged_in.post(change_url(rule_set), form_data(rule_set, bad, 1))

    assert response.status_code == 200
    errors = non_field_errors(response)
    assert any(e.startswith("deal.hand_sizes: The hands add up to 215") for e in errors), errors
    assert "deal.hand_sizes: The hands add up to 215" in response.content.decode()
    assert response.context["adminform"].form.errors["draft_yaml"]
    rule_set.refresh_from_db()
    assert rule_set.draft_revision == 1
    assert rule_set.draft == definition

    # 2. Fixed, with a real change: row 3 of the two-person table.
    good = copy.deepcopy(definition)
    good["scoring"]["two_person"]["rows"][3].update(emperor=3, rebels=-1)
    response = logged_in.post(change_url(rule_set), form_data(rule_set, good, 1))

    assert response.status_code == 302, non_field_errors(response)
    rule_set.refresh_from_db()
    assert rule_set.draft_revision == 2
    assert rule_set.draft["scoring"]["two_person"]["rows"][3]["emperor"] == 3

    # 3. Publish: the confirmation page shows what changes, then version 2 exists.
    confirm = logged_in.get(publish_url(rule_set))
    assert confirm.status_code == 200
    assert "version 2" in confirm.content.decode()
    assert "scoring.two_person.rows[3].emperor" in confirm.content.decode()
    response = logged_in.post(publish_url(rule_set), {"revision": "2"}, follow=True)

    assert "Published baike-common version 2." in messages_of(response)
    version = RuleSetVersion.objects.get(rule_set=rule_set, number=2)
    assert version.published_by is not None
    assert version.published_by.username == "operator"
    assert "v2" in logged_in.get(change_url(rule_set)).content.decode()

    # 4. The diff 1 <-> 2 lists the changed paths with old and new values.
    response = logged_in.get(diff_url(rule_set), {"from": "1", "to": "2"})

    assert response.status_code == 200
    rows = {row["path"]: row for row in response.context["changes"]}
    assert set(rows) == {
        "scoring.two_person.rows[3].emperor",
        "scoring.two_person.rows[3].rebels",
    }
    assert (
        rows["scoring.two_person.rows[3].emperor"]["old"],
        rows["scoring.two_person.rows[3].emperor"]["new"],
    ) == ("0", "3")
    assert "scoring.two_person.rows[3].rebels" in response.content.decode()

    # 5. The history lists the edit and the publish.
    history = logged_in.get(
        reverse("admin:catalog_editevent_changelist"), {"rule_set__id__exact": rule_set.pk}
    )
    assert history.status_code == 200
    text = history.content.decode()
    assert "published version 2" in text
    assert "draft saved" in text


def test_warnings_are_shown_after_saving(
    logged_in: Client, rule_set: RuleSet, definition: dict[str, Any]
) -> None:
    draft = copy.deepcopy(definition)
    draft["declarations"] = {"guard_reveal": "open", "rebellion": {"threshold": 2}}

    response = logged_in.post(change_url(rule_set), form_data(rule_set, draft, 1), follow=True)

    shown = messages_of(response)
    assert any(m.startswith("Warning — declarations.rebellion (Rebellion):") for m in shown), shown
    rule_set.refresh_from_db()
    assert rule_set.draft_revision == 2


def test_two_edits_from_the_same_revision_the_second_is_refused(
    logged_in: Client, operator: User, rule_set: RuleSet, definition: dict[str, Any]
) -> None:
    second_admin = Client()
    second_admin.force_login(operator)
    first = copy.deepcopy(definition)
    first["play"]["wind"] = "apply"
    second = copy.deepcopy(definition)
    second["source"] = "second editor"

    # Both opened the page at revision 1.
    assert logged_in.post(change_url(rule_set), form_data(rule_set, first, 1)).status_code == 302
    response = second_admin.post(change_url(rule_set), form_data(rule_set, second, 1))

    assert response.status_code == 200
    (error,) = [e for e in non_field_errors(response) if "Someone else saved" in e]
    assert "revision 1" in error
    assert "revision 2" in error
    assert "not saved" in error
    rule_set.refresh_from_db()
    assert rule_set.draft == first
    assert rule_set.draft_revision == 2
    # The second editor's text is still in the form, to copy from.
    assert "second editor" in response.content.decode()


def test_a_race_past_the_form_check_is_a_message_not_an_error_page(
    logged_in: Client,
    rule_set: RuleSet,
    definition: dict[str, Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from baohuang.catalog.forms import RuleSetForm

    # As if another save landed between the form's check and the locked save.
    monkeypatch.setattr(RuleSetForm, "_check_revision", lambda self, cleaned: None)
    services.update_draft(rule_set, definition | {"source": "other"}, 1, None)

    response = logged_in.post(
        change_url(rule_set), form_data(rule_set, definition | {"source": "mine"}, 1), follow=True
    )

    assert response.status_code == 200
    assert any("changed by someone else" in m for m in messages_of(response))
    rule_set.refresh_from_db()
    assert rule_set.draft["source"] == "other"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("deal: [unclosed", "the whole document: The document is not valid YAML (line"),
        ("- just\n- a list\n", "the whole document: A variant must be a set of named sections"),
        ("  \n", "the whole document: A variant must be a set of named sections"),
    ],
)
def test_yaml_that_is_not_a_variant_is_a_form_error(
    logged_in: Client, rule_set: RuleSet, text: str, expected: str
) -> None:
    data = form_data(rule_set, {}, 1) | {"draft_yaml": text}

    response = logged_in.post(change_url(rule_set), data)

    assert response.status_code == 200
    assert any(e.startswith(expected) for e in non_field_errors(response)), non_field_errors(
        response
    )


def test_an_unknown_field_and_a_changed_id_are_named(
    logged_in: Client, rule_set: RuleSet, definition: dict[str, Any]
) -> None:
    draft = copy.deepcopy(definition)
    draft["deal"]["hand_size"] = [44, 43, 43, 43, 43]
    draft["id"] = "something-else"

    errors = non_field_errors(logged_in.post(change_url(rule_set), form_data(rule_set, draft, 1)))

    assert any(e.startswith("deal.hand_size: Unknown field 'hand_size'") for e in errors), errors


def test_a_misspelt_key_does_not_hide_bad_hand_sizes(
    logged_in: Client, rule_set: RuleSet, definition: dict[str, Any]
) -> None:
    draft = copy.deepcopy(definition)
    draft["declarations"]["rebelion"] = {"threshold": 2}
    draft["deal"]["hand_sizes"] = [44, 43, 43, 43, 40]

    errors = non_field_errors(logged_in.post(change_url(rule_set), form_data(rule_set, draft, 1)))

    assert any(e.startswith("declarations.rebelion: Unknown field 'rebelion'") for e in errors), (
        errors
    )
    assert any(e.startswith("deal.hand_sizes") and "213" in e for e in errors), errors


def test_a_missing_revision_is_refused(
    logged_in: Client, rule_set: RuleSet, definition: dict[str, Any]
) -> None:
    data = form_data(rule_set, definition | {"source": "x"}, 1)
    del data["revision"]

    response = logged_in.post(change_url(rule_set), data)

    assert response.status_code == 200
    assert "draft revision" in str(response.context["adminform"].form.errors)


def test_add_a_rule_set_in_the_admin(
    logged_in: Client, db: None, definition: dict[str, Any]
) -> None:
    draft = definition | {"id": "house-rules"}
    data = {
        "slug": "house-rules",
        "name_zh": "家规",
        "name_en": "House rules",
        "description": "",
        "draft_yaml": to_yaml(draft),
        "revision": "",
    }

    response = logged_in.post(reverse("admin:catalog_ruleset_add"), data)

    assert response.status_code == 302
    created = RuleSet.objects.get(slug="house-rules")
    assert created.draft == draft
    assert not created.versions.exists()
    # A mismatching id is named.
    data |= {"slug": "other-rules"}
    errors = non_field_errors(logged_in.post(reverse("admin:catalog_ruleset_add"), data))
    assert any(e.startswith("id: The id must be the rule set's slug 'other-rules'") for e in errors)


# --------------------------------------------------------------------------- permissions


def test_only_publishers_see_and_perform_publish(
    client: Client, editor: User, rule_set: RuleSet, definition: dict[str, Any]
) -> None:
    services.update_draft(rule_set, definition | {"source": "edited"}, 1, None)
    client.force_login(editor)

    page = client.get(change_url(rule_set))
    assert page.status_code == 200
    assert "Publish…" not in page.content.decode()
    changelist = client.get(reverse("admin:catalog_ruleset_changelist"))
    assert "publish_selected" not in changelist.content.decode()

    assert client.get(publish_url(rule_set)).status_code == 403
    assert client.post(publish_url(rule_set), {"revision": "2"}).status_code == 403
    response = client.post(
        reverse("admin:catalog_ruleset_changelist"),
        {"action": "publish_selected", "_selected_action": [rule_set.pk]},
    )
    assert response.status_code in (200, 302)
    assert rule_set.versions.count() == 1

    # The editor can still edit the draft.
    draft = definition | {"source": "editor was here"}
    assert client.post(change_url(rule_set), form_data(rule_set, draft, 2)).status_code == 302


def test_the_publish_action_publishes_selected_drafts(
    logged_in: Client, rule_set: RuleSet, definition: dict[str, Any]
) -> None:
    edited = copy.deepcopy(definition)
    edited["scoring"]["two_person"]["rows"][0].update(emperor=8, guard=1)  # still zero-sum
    services.update_draft(rule_set, edited, 1, None)
    selected = {"action": "publish_selected", "_selected_action": [rule_set.pk]}

    # First the list of changes, nothing published yet ...
    page = logged_in.post(reverse("admin:catalog_ruleset_changelist"), selected)
    assert page.status_code == 200
    text = page.content.decode()
    # The sentences are in the request's language only (the test client asks for English).
    assert "皇帝头客、侍卫二客时皇帝得分 6 → 8" not in text
    assert "Emperor 1st out, guard 2nd out: the emperor&#x27;s points 6 → 8" in text
    in_zh = logged_in.post(
        reverse("admin:catalog_ruleset_changelist"), selected, HTTP_ACCEPT_LANGUAGE="zh-Hans"
    )
    assert "皇帝头客、侍卫二客时皇帝得分 6 → 8" in in_zh.content.decode()
    assert rule_set.versions.count() == 1

    # ... then the confirmation publishes the revision shown.
    confirm = {**selected, "confirm": "yes", f"revision_{rule_set.pk}": "2"}
    response = logged_in.post(reverse("admin:catalog_ruleset_changelist"), confirm, follow=True)
    assert "Published baike-common version 2." in messages_of(response)

    response = logged_in.post(reverse("admin:catalog_ruleset_changelist"), selected)
    assert "identical to version 2" in response.content.decode()
    response = logged_in.post(reverse("admin:catalog_ruleset_changelist"), confirm, follow=True)
    assert any("identical to version 2" in m for m in messages_of(response))


def test_non_staff_cannot_see_or_edit(
    client: Client, outsider: User, rule_set: RuleSet, definition: dict[str, Any]
) -> None:
    client.force_login(outsider)

    assert client.get(change_url(rule_set)).status_code == 302
    response = client.post(
        change_url(rule_set), form_data(rule_set, definition | {"source": "x"}, 1)
    )
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")
    assert client.post(publish_url(rule_set), {"revision": "1"}).status_code == 302
    rule_set.refresh_from_db()
    assert rule_set.draft_revision == 1
    assert rule_set.versions.count() == 1


# --------------------------------------------------------------------------- versions


def test_versions_are_read_only_in_the_admin(logged_in: Client, rule_set: RuleSet) -> None:
    version = RuleSetVersion.objects.get(rule_set=rule_set, number=1)
    url = reverse("admin:catalog_rulesetversion_change", args=[version.pk])

    page = logged_in.get(url)
    assert page.status_code == 200
    text = page.content.decode()
    assert "hand_sizes: [44, 43, 43, 43, 43]" in text
    assert 'name="definition"' not in text
    assert 'name="number"' not in text

    response = logged_in.post(url, {"number": "9", "definition": "{}"})
    assert response.status_code == 403
    assert logged_in.get(url.replace("change", "delete")).status_code == 403
    assert logged_in.get(reverse("admin:catalog_rulesetversion_add")).status_code == 403
    version.refresh_from_db()
    assert version.number == 1


def test_retire_from_the_version_page(logged_in: Client, rule_set: RuleSet) -> None:
    version = RuleSetVersion.objects.get(rule_set=rule_set, number=1)
    page = logged_in.get(reverse("admin:catalog_rulesetversion_change", args=[version.pk]))
    assert "Retire version 1" in page.content.decode()

    response = logged_in.post(
        reverse("admin:catalog_rulesetversion_retire", args=[version.pk]), follow=True
    )

    assert any("Retired baike-common version 1" in m for m in messages_of(response))
    version.refresh_from_db()
    assert version.retired
    assert EditEvent.objects.filter(action="retired", version=version).exists()
    assert (
        "every version retired"
        in logged_in.get(reverse("admin:catalog_ruleset_changelist")).content.decode()
    )


def test_editors_cannot_retire(client: Client, editor: User, rule_set: RuleSet) -> None:
    client.force_login(editor)
    version = RuleSetVersion.objects.get(rule_set=rule_set, number=1)

    page = client.get(reverse("admin:catalog_rulesetversion_change", args=[version.pk]))
    assert "Retire version" not in page.content.decode()
    retire = reverse("admin:catalog_rulesetversion_retire", args=[version.pk])
    assert client.post(retire).status_code == 403
    version.refresh_from_db()
    assert not version.retired


# --------------------------------------------------------------------------- diff, clone


@pytest.mark.parametrize(
    "query",
    [{"from": "abc"}, {"from": "7", "to": "1"}, {"to": "-1"}, {"from": "1" * 40}, {"to": "²"}],
)
def test_a_bad_diff_request_is_explained_not_an_error(
    logged_in: Client, rule_set: RuleSet, query: dict[str, str]
) -> None:
    response = logged_in.get(diff_url(rule_set), query)

    assert response.status_code == 404
    assert "is not a version of baike-common" in response.content.decode()


def test_the_default_diff_is_latest_against_the_draft(
    logged_in: Client, rule_set: RuleSet, definition: dict[str, Any]
) -> None:
    services.update_draft(rule_set, definition | {"source": "edited"}, 1, None)

    response = logged_in.get(diff_url(rule_set))

    assert response.status_code == 200
    assert [row["path"] for row in response.context["changes"]] == ["source"]


def test_unknown_rule_set_ids_redirect_with_a_message(logged_in: Client) -> None:
    for name in ("publish", "diff", "clone"):
        response = logged_in.get(reverse(f"admin:catalog_ruleset_{name}", args=["999"]))
        assert response.status_code == 302, name
    response = logged_in.get(reverse("admin:catalog_ruleset_diff", args=["nope"]), follow=True)
    assert any("No rule set with id 'nope'" in m for m in messages_of(response))


def test_clone_from_the_admin(logged_in: Client, rule_set: RuleSet) -> None:
    url = reverse("admin:catalog_ruleset_clone", args=[rule_set.pk])
    assert logged_in.get(url).status_code == 200

    taken = logged_in.post(url, {"slug": "baike-common"})
    assert "already exists" in taken.content.decode()
    bad = logged_in.post(url, {"slug": "Not A Slug"})
    assert "lower-case letters" in bad.content.decode()

    response = logged_in.post(url, {"slug": "my-rules", "name_en": "Mine"})

    copy_ = RuleSet.objects.get(slug="my-rules")
    assert response.status_code == 302
    assert response["Location"] == change_url(copy_)
    assert copy_.name_en == "Mine"
    assert copy_.draft["id"] == "my-rules"


def test_clone_action_needs_exactly_one(logged_in: Client, rule_set: RuleSet) -> None:
    response = logged_in.post(
        reverse("admin:catalog_ruleset_changelist"),
        {"action": "clone_selected", "_selected_action": [rule_set.pk]},
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("admin:catalog_ruleset_clone", args=[rule_set.pk])


@pytest.mark.parametrize(
    ("escape", "expected"),
    [("\\0", "NUL character"), ("\\ud800", "lone surrogate")],
)
def test_text_the_database_cannot_store_is_a_form_error(
    logged_in: Client, rule_set: RuleSet, definition: dict[str, Any], escape: str, expected: str
) -> None:
    # A repeated key wins in YAML: the last line replaces the source.
    text = to_yaml(definition) + f'source: "bad {escape} text"\n'
    data = form_data(rule_set, definition, 1) | {"draft_yaml": text}

    response = logged_in.post(change_url(rule_set), data)

    assert response.status_code == 200
    errors = non_field_errors(response)
    assert any(e.startswith("source: Text may not contain") and expected in e for e in errors)
    rule_set.refresh_from_db()
    assert rule_set.draft_revision == 1


# --------------------------------------------------------------------------- sentences, lineage


def test_the_diff_page_shows_each_change_as_a_sentence_in_the_request_language(
    logged_in: Client, rule_set: RuleSet, definition: dict[str, Any]
) -> None:
    edited = copy.deepcopy(definition)
    edited["scoring"]["multipliers"].insert(0, {"event": "rebellion", "factor": 4})
    services.update_draft(rule_set, edited, 1, None)

    response = logged_in.get(diff_url(rule_set), HTTP_ACCEPT_LANGUAGE="zh-Hans")

    assert response.status_code == 200
    [row] = response.context["changes"]
    assert row["zh"] == row["text"] == "新增倍数：造反成功 ×4"
    assert row["path"] == "scoring.multipliers[0]"
    assert "新增倍数：造反成功 ×4" in response.content.decode()
    english = logged_in.get(diff_url(rule_set)).content.decode()
    assert row["en"] in english
    assert "新增倍数" not in english


def test_a_clone_of_a_version_remembers_it_and_diffs_against_it(
    logged_in: Client, rule_set: RuleSet, definition: dict[str, Any]
) -> None:
    response = logged_in.post(
        reverse("admin:catalog_ruleset_clone", args=[rule_set.pk]),
        {"slug": "our-common", "name_zh": "", "name_en": "", "source": "1"},
    )
    assert response.status_code == 302
    clone = RuleSet.objects.get(slug="our-common")
    assert clone.based_on == RuleSetVersion.objects.get(rule_set=rule_set, number=1)
    page = logged_in.get(change_url(clone)).content.decode()
    assert "Diff against origin" in page
    assert "cloned from" in page

    edited = copy.deepcopy(clone.draft)
    edited["scoring"]["two_person"]["rows"][0].update(emperor=8, guard=1)
    services.update_draft(clone, edited, clone.draft_revision, None)
    response = logged_in.get(diff_url(clone), {"against": "origin"})

    assert response.status_code == 200
    texts = [row["zh"] for row in response.context["changes"]]
    assert "皇帝头客、侍卫二客时皇帝得分 6 → 8" in texts
    assert "皇帝头客、侍卫二客时侍卫得分 3 → 1" in texts
    # The name and id changed too: the clone's own.
    assert any(text.startswith("规则代号") for text in texts)

    not_a_clone = logged_in.get(diff_url(rule_set), {"against": "origin"})
    assert not_a_clone.status_code == 404
    assert "has no origin" in not_a_clone.content.decode()


def test_the_history_keeps_the_sentences(
    logged_in: Client, rule_set: RuleSet, definition: dict[str, Any]
) -> None:
    edited = copy.deepcopy(definition)
    edited["scoring"]["two_person"]["rows"][0].update(emperor=8, guard=1)
    services.update_draft(rule_set, edited, 1, None)
    event = EditEvent.objects.filter(rule_set=rule_set, action="draft_saved").get()

    listing = logged_in.get(
        reverse("admin:catalog_editevent_changelist"), HTTP_ACCEPT_LANGUAGE="zh-Hans"
    ).content.decode()
    detail = logged_in.get(
        reverse("admin:catalog_editevent_change", args=[event.pk])
    ).content.decode()

    # Both languages are kept; each page shows the request's.
    assert "皇帝头客、侍卫二客时皇帝得分 6 → 8" in listing
    assert "Emperor 1st out, guard 2nd out: the emperor&#x27;s points 6 → 8" in detail
