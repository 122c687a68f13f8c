"""Rule sets over the API: list, create, detail, drafts with ETag/If-Match, publish,
versions and diffs, and who may do each."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import override_settings
from rest_framework.test import APIClient

from baohuang.catalog import services
from baohuang.catalog.models import EditEvent, RuleSet, RuleSetVersion
from baohuang.rules import checksum
from tests.fixtures import assert_error, load_variant

pytestmark = pytest.mark.django_db

VARIANTS = "/api/v1/variants/"
COMMON = "/api/v1/variants/baike-common/"
DRAFT = COMMON + "draft/"
PUBLISH = COMMON + "publish/"


# --------------------------------------------------------------------------- list, detail


def test_list_shows_each_rule_set_with_its_latest_published_version(
    common: RuleSet, anon: APIClient, staff: User
) -> None:
    services.create_rule_set("baike-weihai", "威海", "Weihai", load_variant("baike-weihai"), staff)

    response = anon.get(VARIANTS)

    assert response.status_code == 200
    body = response.json()
    assert [item["slug"] for item in body] == ["baike-common", "baike-weihai"]
    assert body[0]["version"] == 1
    assert body[0]["checksum"] == common.versions.get().checksum
    assert body[0]["versions"] == 1
    assert body[0]["name_zh"] == "普通玩法"
    assert body[1]["version"] is None  # created, never published
    assert body[1]["versions"] == 0


def test_detail_gives_the_latest_published_definition_and_version(
    common_v2: RuleSet, anon: APIClient
) -> None:
    response = anon.get(COMMON)

    assert response.status_code == 200
    body = response.json()
    assert body["version"] == 2
    assert body["definition"]["id"] == "baike-common"
    assert body["definition"]["scoring"]["multipliers"] == [{"event": "open_guard", "factor": 2}]
    assert body["checksum"] == checksum(body["definition"])


def test_detail_of_an_older_version_by_query(common_v2: RuleSet, anon: APIClient) -> None:
    body = anon.get(COMMON, {"version": 1}).json()

    assert body["version"] == 1
    assert body["definition"]["scoring"]["multipliers"] == []


def test_detail_of_a_rule_set_without_published_versions_has_nulls(
    db: None, anon: APIClient, staff: User
) -> None:
    services.create_rule_set("baike-weihai", "威海", "Weihai", load_variant("baike-weihai"), staff)

    body = anon.get("/api/v1/variants/baike-weihai/").json()

    assert body["version"] is None
    assert body["definition"] is None
    assert body["name_en"] == "Weihai"


def test_unknown_variant_and_unknown_version_are_404(common: RuleSet, anon: APIClient) -> None:
    body = assert_error(anon.get("/api/v1/variants/no-such-rules/"), 404, "not_found")
    assert "no-such-rules" in body["detail"]

    body = assert_error(anon.get(COMMON, {"version": 7}), 404, "not_found")
    assert "version 7" in body["detail"]


def test_a_version_that_is_not_a_number_is_400(common: RuleSet, anon: APIClient) -> None:
    body = assert_error(anon.get(COMMON, {"version": "latest"}), 400, "invalid")
    assert body["errors"][0]["path"] == "version"


# --------------------------------------------------------------------------- create


def test_staff_creates_a_rule_set_with_a_draft(db: None, staff_client: APIClient) -> None:
    definition = load_variant("baike-weihai")

    response = staff_client.post(VARIANTS, {"definition": definition}, format="json")

    assert response.status_code == 201, response.content
    assert response["ETag"] == '"1"'
    assert response["Location"] == "/api/v1/variants/baike-weihai/"
    body = response.json()
    assert body["slug"] == "baike-weihai"  # from the definition's id
    assert body["name_zh"] == definition["name"]["zh"]  # from the definition's name
    assert body["revision"] == 1
    assert body["valid"] is True
    assert body["latest_version"] is None
    rule_set = RuleSet.objects.get(slug="baike-weihai")
    assert rule_set.versions.count() == 0  # nothing is published
    assert rule_set.events.get().user is not None


def test_create_with_explicit_slug_names_and_description(db: None, staff_client: APIClient) -> None:
    definition = load_variant("baike-weihai")
    definition["id"] = "my-house"
    payload = {
        "definition": definition,
        "slug": "my-house",
        "name_zh": "我家",
        "name_en": "My house",
        "description": "Friday nights",
    }

    body = staff_client.post(VARIANTS, payload, format="json").json()

    assert (body["slug"], body["name_zh"], body["name_en"], body["description"]) == (
        "my-house",
        "我家",
        "My house",
        "Friday nights",
    )


def test_create_with_an_invalid_definition_lists_every_error_and_saves_nothing(
    db: None, staff_client: APIClient
) -> None:
    definition = load_variant("baike-weihai")
    definition["deck"]["decks"] = "four"
    definition["colour"] = "red"

    response = staff_client.post(VARIANTS, {"definition": definition}, format="json")

    body = assert_error(response, 400, "invalid_definition")
    paths = {item["path"] for item in body["errors"]}
    assert paths == {"definition.deck.decks", "definition.colour"}
    assert not RuleSet.objects.exists()


def test_create_with_a_taken_slug_is_409(common: RuleSet, staff_client: APIClient) -> None:
    response = staff_client.post(VARIANTS, {"definition": load_variant("baike-common")})

    assert_error(response, 409, "slug_taken")


def test_create_with_a_bad_slug_is_400_at_slug(db: None, staff_client: APIClient) -> None:
    payload = {"definition": load_variant("baike-common"), "slug": "Not A Slug"}

    body = assert_error(staff_client.post(VARIANTS, payload), 400, "invalid")

    assert body["errors"][0]["path"] == "slug"


def test_create_without_a_definition_is_400(db: None, staff_client: APIClient) -> None:
    body = assert_error(staff_client.post(VARIANTS, {"slug": "x-y"}), 400, "invalid")

    assert body["errors"] == [
        {
            "path": "definition",
            "message": "This field is required.",
            "code": "required",
            "params": {},
        }
    ]


def test_create_needs_staff(
    db: None, anon: APIClient, outsider_client: APIClient, definition: dict[str, Any]
) -> None:
    assert_error(anon.post(VARIANTS, {"definition": definition}), 401, "not_authenticated")
    assert_error(
        outsider_client.post(VARIANTS, {"definition": definition}), 403, "permission_denied"
    )
    assert not RuleSet.objects.exists()


# --------------------------------------------------------------------------- drafts


def test_staff_reads_the_draft_with_its_etag(common: RuleSet, staff_client: APIClient) -> None:
    response = staff_client.get(DRAFT)

    assert response.status_code == 200
    assert response["ETag"] == f'"{common.draft_revision}"'
    body = response.json()
    assert body["revision"] == common.draft_revision
    assert body["definition"] == common.draft
    assert body["valid"] is True
    assert body["errors"] == []
    assert body["latest_version"] == 1
    assert body["changed"] is False


def test_drafts_are_for_staff_only(
    common: RuleSet, anon: APIClient, outsider_client: APIClient
) -> None:
    assert_error(anon.get(DRAFT), 401, "not_authenticated")
    assert_error(outsider_client.get(DRAFT), 403, "permission_denied")
    assert_error(anon.put(DRAFT, {"definition": common.draft}, HTTP_IF_MATCH='"1"'), 401)
    assert_error(outsider_client.put(DRAFT, {"definition": {}}, HTTP_IF_MATCH='"1"'), 403)


def test_refused_anonymous_requests_say_how_to_authenticate(
    common: RuleSet, anon: APIClient
) -> None:
    response = anon.get(DRAFT)

    assert response["WWW-Authenticate"] == "Token"


def test_put_with_the_current_etag_saves_and_bumps_the_revision(
    common: RuleSet, staff_client: APIClient, definition: dict[str, Any]
) -> None:
    etag = staff_client.get(DRAFT)["ETag"]
    definition["deal"]["next_dealer"] = "previous_emperor"

    response = staff_client.put(DRAFT, {"definition": definition}, HTTP_IF_MATCH=etag)

    assert response.status_code == 200, response.content
    assert response["ETag"] == '"2"'
    body = response.json()
    assert body["revision"] == 2
    assert body["changed"] is True
    common.refresh_from_db()
    assert common.draft["deal"]["next_dealer"] == "previous_emperor"
    event = common.events.filter(action=EditEvent.Action.DRAFT_SAVED).get()
    assert event.changed_paths == ["deal.next_dealer"]


@pytest.mark.parametrize("header", ["2", 'W/"2"', '"1", "2"', "*"])
def test_if_match_accepts_plain_weak_listed_and_star_forms(
    common: RuleSet, staff_client: APIClient, definition: dict[str, Any], header: str
) -> None:
    definition["deal"]["next_dealer"] = "previous_emperor"
    services.update_draft(common, definition, 1, None)  # revision 2
    definition["deal"]["next_dealer"] = "fixed"

    response = staff_client.put(DRAFT, {"definition": definition}, HTTP_IF_MATCH=header)

    assert response.status_code == 200, response.content
    assert response.json()["revision"] == 3


def test_a_stale_if_match_is_412_and_saves_nothing(
    common: RuleSet, staff_client: APIClient, definition: dict[str, Any]
) -> None:
    first = copy.deepcopy(definition)
    first["deal"]["next_dealer"] = "previous_emperor"
    services.update_draft(common, first, 1, None)  # someone else saved: revision 2
    definition["deal"]["next_dealer"] = "fixed"

    response = staff_client.put(DRAFT, {"definition": definition}, HTTP_IF_MATCH='"1"')

    body = assert_error(response, 412, "stale_draft")
    assert "revision 1" in body["detail"]
    assert "revision 2" in body["detail"]
    assert response["ETag"] == '"2"'
    common.refresh_from_db()
    assert common.draft["deal"]["next_dealer"] == "previous_emperor"


def test_an_unreadable_if_match_is_412(common: RuleSet, staff_client: APIClient) -> None:
    response = staff_client.put(DRAFT, {"definition": common.draft}, HTTP_IF_MATCH="yesterday")

    body = assert_error(response, 412, "stale_draft")
    assert "If-Match" in body["detail"]


def test_put_without_if_match_is_428(common: RuleSet, staff_client: APIClient) -> None:
    response = staff_client.put(DRAFT, {"definition": common.draft})

    body = assert_error(response, 428, "precondition_required")
    assert "If-Match" in body["detail"]
    assert response["ETag"] == '"1"'


def test_put_an_invalid_definition_is_400_with_every_problem_and_nothing_saved(
    common: RuleSet, staff_client: APIClient, definition: dict[str, Any]
) -> None:
    definition["deck"]["decks"] = 0
    definition["deal"]["hand_size"] = 33
    del definition["scoring"]

    response = staff_client.put(DRAFT, {"definition": definition}, HTTP_IF_MATCH='"1"')

    body = assert_error(response, 400, "invalid_definition")
    paths = {item["path"] for item in body["errors"]}
    assert {"definition.deck.decks", "definition.deal.hand_size", "definition.scoring"} <= paths
    assert all(item["message"] for item in body["errors"])
    common.refresh_from_db()
    assert common.draft_revision == 1
    assert common.draft["deck"]["decks"] != 0


def test_put_a_definition_for_another_id_is_400(common: RuleSet, staff_client: APIClient) -> None:
    other = load_variant("baike-weihai")

    body = assert_error(
        staff_client.put(DRAFT, {"definition": other}, HTTP_IF_MATCH='"1"'),
        400,
        "invalid_definition",
    )

    assert body["errors"][0]["path"] == "definition.id"


def test_put_can_change_the_names(common: RuleSet, staff_client: APIClient) -> None:
    payload = {"definition": common.draft, "name_en": "Common", "description": "house"}

    body = staff_client.put(DRAFT, payload, HTTP_IF_MATCH='"1"').json()

    assert (body["name_en"], body["description"], body["revision"]) == ("Common", "house", 2)


def test_put_an_unchanged_draft_keeps_the_revision(
    common: RuleSet, staff_client: APIClient
) -> None:
    response = staff_client.put(DRAFT, {"definition": common.draft}, HTTP_IF_MATCH='"1"')

    assert response.status_code == 200
    assert response["ETag"] == '"1"'


def test_draft_of_an_unknown_variant_is_404(db: None, staff_client: APIClient) -> None:
    assert_error(staff_client.get("/api/v1/variants/nothing-here/draft/"), 404, "not_found")


def test_session_clients_need_the_csrf_token(common: RuleSet, staff: User) -> None:
    browser = APIClient(enforce_csrf_checks=True)
    browser.force_login(staff)

    response = browser.put(DRAFT, {"definition": common.draft}, HTTP_IF_MATCH='"1"')

    body = assert_error(response, 403, "csrf_failed")
    assert "CSRF" in body["detail"]
    assert body["errors"][0]["params"] == {"reason": "cookie_missing"}
    assert browser.get(DRAFT).status_code == 200  # reads need no token


# --------------------------------------------------------------------------- publish


def _change_draft(rule_set: RuleSet, user: User | None = None) -> None:
    changed = copy.deepcopy(rule_set.draft)
    changed["scoring"]["multipliers"] = [{"event": "kick", "factor": 2}]
    services.update_draft(rule_set, changed, rule_set.draft_revision, user)
    rule_set.refresh_from_db()


def test_publish_makes_the_next_version(
    common: RuleSet, publisher: User, publisher_client: APIClient
) -> None:
    _change_draft(common)

    response = publisher_client.post(PUBLISH)

    assert response.status_code == 201, response.content
    assert response["Location"] == "/api/v1/variants/baike-common/versions/2/"
    body = response.json()
    assert body["number"] == 2
    assert body["published_by"] == "publisher"
    assert body["definition"]["scoring"]["multipliers"] == [{"event": "kick", "factor": 2}]
    assert RuleSetVersion.objects.filter(rule_set=common).count() == 2


def test_publish_needs_the_publish_permission(
    common: RuleSet, anon: APIClient, staff_client: APIClient
) -> None:
    _change_draft(common)

    assert_error(anon.post(PUBLISH), 401, "not_authenticated")
    body = assert_error(staff_client.post(PUBLISH), 403, "permission_denied")
    assert "publish_ruleset" in body["detail"]
    assert RuleSetVersion.objects.filter(rule_set=common).count() == 1


def test_superusers_may_publish(common: RuleSet) -> None:
    boss = User.objects.create_superuser("boss", password=None)
    client = APIClient()
    client.force_authenticate(boss)
    _change_draft(common)

    assert client.post(PUBLISH).status_code == 201


def test_publishing_an_unchanged_draft_is_409(common: RuleSet, publisher_client: APIClient) -> None:
    body = assert_error(publisher_client.post(PUBLISH), 409, "nothing_to_publish")

    assert "version 1" in body["detail"]


def test_publishing_a_pinned_stale_revision_is_412(
    common: RuleSet, publisher_client: APIClient
) -> None:
    _change_draft(common)  # revision 2

    assert_error(publisher_client.post(PUBLISH, {"revision": 1}), 412, "stale_draft")
    assert_error(publisher_client.post(PUBLISH, HTTP_IF_MATCH='"1"'), 412, "stale_draft")
    assert publisher_client.post(PUBLISH, {"revision": 2}).status_code == 201


def test_publishing_a_draft_with_errors_is_409_with_its_errors(
    common: RuleSet, publisher_client: APIClient
) -> None:
    broken = copy.deepcopy(common.draft)
    broken["deck"]["decks"] = 0
    RuleSet.objects.filter(pk=common.pk).update(draft=broken, draft_checksum="")

    body = assert_error(publisher_client.post(PUBLISH), 409, "draft_invalid")

    assert body["errors"][0]["path"] == "definition.deck.decks"


def test_publish_an_unknown_variant_is_404(db: None, publisher_client: APIClient) -> None:
    assert_error(publisher_client.post("/api/v1/variants/nothing/publish/"), 404, "not_found")


# --------------------------------------------------------------------------- versions


def test_versions_lists_every_published_version(common_v2: RuleSet, anon: APIClient) -> None:
    body = anon.get(COMMON + "versions/").json()

    assert [v["number"] for v in body] == [1, 2]
    assert body[1]["published_by"] == "editor"
    assert all(not v["retired"] for v in body)
    assert {v["checksum"] for v in body} == set(
        RuleSetVersion.objects.values_list("checksum", flat=True)
    )


def test_a_retired_version_is_listed_and_readable_but_not_latest(
    common_v2: RuleSet, anon: APIClient
) -> None:
    services.retire_version(common_v2.versions.get(number=2), None)

    assert anon.get(COMMON).json()["version"] == 1
    assert anon.get(COMMON + "versions/").json()[1]["retired"] is True
    assert anon.get(COMMON + "versions/2/").json()["retired"] is True


def test_one_version_with_its_definition(common_v2: RuleSet, anon: APIClient) -> None:
    body = anon.get(COMMON + "versions/1/").json()

    assert body["number"] == 1
    assert body["slug"] == "baike-common"
    assert body["definition"]["scoring"]["multipliers"] == []
    assert checksum(body["definition"]) == body["checksum"]


def test_unknown_versions_are_404(common: RuleSet, anon: APIClient) -> None:
    assert_error(anon.get(COMMON + "versions/2/"), 404, "not_found")
    assert_error(anon.get(COMMON + "versions/0/"), 404, "not_found")
    assert_error(anon.get(COMMON + "versions/99999999999999999999/"), 404, "not_found")
    assert_error(anon.get("/api/v1/variants/nope/versions/"), 404, "not_found")


def test_diff_lists_changed_paths_with_old_and_new(common_v2: RuleSet, anon: APIClient) -> None:
    body = anon.get(COMMON + "versions/1/diff/2/").json()

    assert body["old"] == 1
    assert body["new"] == 2
    [change] = body["changes"]
    assert {k: v for k, v in change.items() if k != "text"} == {
        "path": "scoring.multipliers[0]",
        "old": None,
        "new": {"event": "open_guard", "factor": 2},
        "change": "added",
    }
    assert change["text"] == {
        "zh": "新增倍数：明保 ×2",
        "en": "New multiplier: ×2 for an open guard",
    }
    backwards = anon.get(COMMON + "versions/2/diff/1/").json()
    assert backwards["changes"][0]["change"] == "removed"
    assert anon.get(COMMON + "versions/2/diff/2/").json()["changes"] == []


def test_diff_with_an_unknown_version_is_404(common: RuleSet, anon: APIClient) -> None:
    assert_error(anon.get(COMMON + "versions/1/diff/5/"), 404, "not_found")


# --------------------------------------------------------------------------- public reads


@override_settings(BAOHUANG_API_PUBLIC_READ=False)
def test_closing_public_reads_requires_authentication(
    common: RuleSet, anon: APIClient, outsider_client: APIClient
) -> None:
    for url in (VARIANTS, COMMON, COMMON + "versions/", COMMON + "versions/1/"):
        assert_error(anon.get(url), 401, "not_authenticated")
        assert outsider_client.get(url).status_code == 200
    compare = {"previous": "3", "candidate": "4"}
    assert_error(anon.post(COMMON + "compare/", compare), 401)
    assert outsider_client.post(COMMON + "compare/", compare).status_code == 200


def test_a_bad_token_is_401(common: RuleSet) -> None:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")

    # An unknown token is refused even where reads are public (issue #16: token_invalid).
    assert_error(client.get(VARIANTS), 401, "token_invalid")
