"""The API asks for Django's model permissions, as the admin does, never for ``is_staff``
alone (issue #16, item 7): a staff account without permissions is refused every write;
each permission opens exactly its own."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import Permission, User
from django.core.management import call_command
from rest_framework.test import APIClient

from baohuang.catalog.models import RuleSet
from tests.fixtures import assert_error, token_client

SLUG = "baike-common"
DRAFT = f"/api/v1/variants/{SLUG}/draft/"


def _grant(user: User, *codenames: str) -> User:
    user.user_permissions.add(*Permission.objects.filter(codename__in=codenames))
    return User.objects.get(pk=user.pk)  # a fresh object: no cached permissions


def _create(client: APIClient, definition: dict[str, Any]) -> Any:
    created = copy.deepcopy(definition)
    created["id"] = "new-set"
    return client.post("/api/v1/variants/", {"definition": created}, format="json")


def _clone(client: APIClient, definition: dict[str, Any]) -> Any:
    body = {"slug": "cloned-set", "based_on": {"slug": SLUG}}
    return client.post("/api/v1/variants/", body, format="json")


def _read_draft(client: APIClient, definition: dict[str, Any]) -> Any:
    return client.get(DRAFT)


def _save_draft(client: APIClient, definition: dict[str, Any]) -> Any:
    changed = copy.deepcopy(definition)
    changed["scoring"]["multipliers"] = [{"event": "open_guard", "factor": 2}]
    return client.put(DRAFT, {"definition": changed}, format="json", HTTP_IF_MATCH="*")


def _publish(client: APIClient, definition: dict[str, Any]) -> Any:
    return client.post(f"/api/v1/variants/{SLUG}/publish/", {}, format="json")


def _draft_diff(client: APIClient, definition: dict[str, Any]) -> Any:
    return client.get("/api/v1/diff/", {"from": SLUG, "to": f"{SLUG}@draft"})


def _draft_rulebook(client: APIClient, definition: dict[str, Any]) -> Any:
    return client.get(f"/api/v1/variants/{SLUG}/rulebook/", {"version": "draft", "format": "json"})


#: Each write (and each read of a draft): the request, the permissions that open it, and
#: the status it gets then (publishing an unchanged draft is a 409, past the permission).
WRITES: dict[str, tuple[Callable[[APIClient, dict[str, Any]], Any], tuple[str, ...], int]] = {
    "create": (_create, ("add_ruleset",), 201),
    "clone": (_clone, ("add_ruleset",), 201),
    "read draft (view)": (_read_draft, ("view_ruleset",), 200),
    "read draft (change)": (_read_draft, ("change_ruleset",), 200),
    "save draft": (_save_draft, ("change_ruleset",), 200),
    "publish": (_publish, ("publish_ruleset",), 409),
    "diff of a draft": (_draft_diff, ("view_ruleset",), 200),
    "rulebook of a draft": (_draft_rulebook, ("view_ruleset",), 200),
}


@pytest.mark.parametrize("name", list(WRITES))
def test_a_staff_account_without_permissions_is_refused(
    name: str, common: RuleSet, bare_staff: User, definition: dict[str, Any]
) -> None:
    request, _perms, _status = WRITES[name]

    body = assert_error(request(token_client(bare_staff), definition), 403, "permission_denied")

    assert "catalog." in body["detail"]  # names the permission it needs
    assert RuleSet.objects.count() == 1
    common.refresh_from_db()
    assert common.draft_revision == 1


@pytest.mark.parametrize("name", list(WRITES))
def test_each_permission_opens_its_write(
    name: str, common: RuleSet, definition: dict[str, Any]
) -> None:
    request, perms, status = WRITES[name]
    user = _grant(User.objects.create_user("holder"), *perms)  # not even staff

    response = request(token_client(user), definition)

    assert response.status_code == status, response.content[:300]


@pytest.mark.parametrize("name", list(WRITES))
def test_other_permissions_do_not_open_a_write(
    name: str, common: RuleSet, definition: dict[str, Any]
) -> None:
    request, perms, _status = WRITES[name]
    readers = {"view_ruleset", "change_ruleset"} if "draft" in name else set(perms)
    others = {
        "add_ruleset",
        "change_ruleset",
        "view_ruleset",
        "publish_ruleset",
        "run_simulation",
        "cancel_any_job",
    } - readers
    user = _grant(User.objects.create_user("other", is_staff=True), *others)

    assert request(token_client(user), definition).status_code == 403


def test_the_operators_group_holds_every_permission_of_the_api(db: None) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("OPERATOR_PASSWORD", "a long passphrase for tests")
        call_command("ensure_operator", "--username", "op", stdout=__import__("io").StringIO())
    operator = User.objects.get(username="op")
    for perm in (
        "catalog.add_ruleset",
        "catalog.change_ruleset",
        "catalog.view_ruleset",
        "catalog.publish_ruleset",
        "jobs.run_simulation",
        "jobs.cancel_any_job",
    ):
        assert operator.has_perm(perm), perm
