"""The catalog admin's own pages for rule sets: publish, diff, clone, and the preview of
publishing several drafts.

Each page is a function of the :class:`~baohuang.catalog.admin.RuleSetAdmin` showing it
(for its site, messages and permissions), the request and the rule set's id; the admin
class only routes to them. Every write calls :mod:`baohuang.catalog.services`, every list
or diff comes from :mod:`baohuang.catalog.selectors`.
"""

from __future__ import annotations

import json
import re
from typing import Any

from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from baohuang.catalog import selectors, services
from baohuang.catalog.errors import CatalogError
from baohuang.catalog.forms import CloneForm, PublishForm, labelled_problem_line, problem_line
from baohuang.catalog.models import RuleSet, RuleSetVersion
from baohuang.i18n import short_lang

#: The permission publishing and retiring need.
PUBLISH_PERMISSION = "catalog.publish_ruleset"


def can_publish(request: HttpRequest) -> bool:
    """Whether the request's user may publish and retire (``catalog.publish_ruleset``)."""
    return bool(request.user.has_perm(PUBLISH_PERMISSION))


def _show(value: Any) -> str:
    """A definition value as one line of JSON (Chinese kept), or a dash when absent."""
    if value is None:
        return "—"
    return json.dumps(value, ensure_ascii=False)


def change_row(change: dict[str, Any]) -> dict[str, str]:
    """A change as the diff table shows it: the sentence in the request's language (``text``;
    ``zh`` and ``en`` are both kept), then the path and the raw values for those who want
    them."""
    text = change.get("text") or {}
    lang = short_lang(translation.get_language(), default="en")
    return {
        "text": text.get(lang, ""),
        "path": change["path"] or _("(whole document)"),
        "change": change["change"],
        "old": _show(change["old"]),
        "new": _show(change["new"]),
        "zh": text.get("zh", ""),
        "en": text.get("en", ""),
    }


def _identical(number: int) -> str:
    return _("The draft is identical to version %(number)s: nothing to publish.") % {
        "number": number
    }


def rule_set_status(rule_set: RuleSet) -> str:
    """The draft's status (``selectors.draft_status``) from the list's annotations."""
    return selectors.draft_status(
        rule_set,
        getattr(rule_set, "latest_checksum", None),
        getattr(rule_set, "version_count", 0),
    )


def missing(model_admin: admin.ModelAdmin, request: HttpRequest, object_id: str) -> HttpResponse:
    """Back to the list with a message, as the admin does for an unknown object id."""
    model_admin.message_user(
        request,
        _("No %(name)s with id '%(id)s' exists; it may have been deleted.")
        % {"name": model_admin.opts.verbose_name, "id": object_id},
        messages.WARNING,
    )
    return HttpResponseRedirect(
        reverse(f"admin:{model_admin.opts.app_label}_{model_admin.opts.model_name}_changelist")
    )


# --------------------------------------------------------------------------- rule sets


def rule_set_or_redirect(
    model_admin: admin.ModelAdmin, request: HttpRequest, object_id: str
) -> RuleSet | HttpResponse:
    """The rule set of ``object_id``, or the redirect to the list when there is none."""
    rule_set = model_admin.get_object(request, unquote(object_id))
    if rule_set is None:
        return missing(model_admin, request, object_id)
    return rule_set


def page(
    model_admin: admin.ModelAdmin, request: HttpRequest, template: str, **context: Any
) -> TemplateResponse:
    """An admin page of the rule sets, with the site's context."""
    return TemplateResponse(
        request,
        template,
        {**model_admin.admin_site.each_context(request), "opts": model_admin.opts, **context},
    )


# --------------------------------------------------------------------------- pages


def publish(model_admin: admin.ModelAdmin, request: HttpRequest, object_id: str) -> HttpResponse:
    """GET: what publishing would change; POST: publish the draft (publishers only)."""
    if not can_publish(request):
        raise PermissionDenied
    found = rule_set_or_redirect(model_admin, request, object_id)
    if isinstance(found, HttpResponse):
        return found
    rule_set = found
    change_url = reverse("admin:catalog_ruleset_change", args=[rule_set.pk])
    if request.method == "POST":
        form = PublishForm(request.POST)
        if not form.is_valid():
            model_admin.message_user(
                request, _("Reload the page and publish again."), messages.ERROR
            )
            return HttpResponseRedirect(request.path)
        try:
            version = services.publish(
                rule_set, request.user, expected_revision=form.cleaned_data["revision"]
            )
        except CatalogError as exc:
            model_admin.message_user(request, exc.message, messages.ERROR)
            return HttpResponseRedirect(request.path)
        model_admin.message_user(
            request,
            _("Published %(slug)s version %(number)s.")
            % {"slug": rule_set.slug, "number": version.number},
            messages.SUCCESS,
        )
        return HttpResponseRedirect(change_url)
    report = selectors.check_definition(rule_set.draft, rule_set.slug)
    latest, _draft, changes = _pending_changes(rule_set)
    blocked = ""
    if not report.valid:
        blocked = str(_("The draft has errors; fix them before publishing."))
    elif latest is not None and not changes:
        blocked = _identical(latest.number)
    return page(
        model_admin,
        request,
        "admin/catalog/ruleset/publish.html",
        title=_("Publish %(slug)s") % {"slug": rule_set.slug},
        original=rule_set,
        change_url=change_url,
        latest=latest,
        next_number=selectors.next_version_number(rule_set),
        changes=[change_row(c) for c in changes],
        errors=[problem_line(p) for p in report.errors],
        warnings=[labelled_problem_line(p) for p in report.warnings],
        blocked=blocked,
        form=PublishForm(initial={"revision": rule_set.draft_revision}),
    )


def diff(model_admin: admin.ModelAdmin, request: HttpRequest, object_id: str) -> HttpResponse:
    """Changes between two versions, or a version and the draft, or (``?against=origin``)
    the version this rule set was cloned from and its draft or one of its versions.

    Query: ``?from=1&to=2`` (a version number or ``draft``); by default the latest
    version against the draft. A bad or missing version is reported on the page.
    """
    found = rule_set_or_redirect(model_admin, request, object_id)
    if isinstance(found, HttpResponse):
        return found
    rule_set = found
    numbers = list(
        RuleSetVersion.objects.filter(rule_set=rule_set)
        .order_by("number")
        .values_list("number", flat=True)
    )
    origin = rule_set.based_on
    against_origin = request.GET.get("against") == "origin"
    latest = selectors.latest_version(rule_set)
    default_from = str(latest.number) if latest is not None else "draft"
    side_a = request.GET.get("from", default_from).strip() or default_from
    side_b = request.GET.get("to", "draft").strip() or "draft"
    problems: list[str] = []
    definitions: list[Any] = []
    sides = [("to", side_b)] if against_origin else [("from", side_a), ("to", side_b)]
    if against_origin:
        if origin is None:
            problems.append(
                _("%(slug)s was not made by cloning: it has no origin.") % {"slug": rule_set.slug}
            )
        else:
            definitions.append(origin.definition)
    for label, side in sides:
        if side == "draft":
            definitions.append(selectors.comparable(rule_set.draft))
        elif re.fullmatch(r"[0-9]{1,9}", side) and int(side) in numbers:
            definitions.append(
                RuleSetVersion.objects.get(rule_set=rule_set, number=int(side)).definition
            )
        else:
            known = ", ".join(str(n) for n in numbers) or _("none yet")
            problems.append(
                _(
                    "'%(side)s' (%(label)s) is not a version of %(slug)s: use 'draft' or a "
                    "version number (published: %(known)s)."
                )
                % {"side": side, "label": label, "slug": rule_set.slug, "known": known}
            )
    changes = (
        [change_row(c) for c in selectors.diff_definitions(*definitions)] if not problems else []
    )
    response = page(
        model_admin,
        request,
        "admin/catalog/ruleset/diff.html",
        title=(
            _("%(slug)s against its origin") % {"slug": rule_set.slug}
            if against_origin
            else _("Differences in %(slug)s") % {"slug": rule_set.slug}
        ),
        original=rule_set,
        change_url=reverse("admin:catalog_ruleset_change", args=[rule_set.pk]),
        choices=["draft", *(str(n) for n in numbers)],
        side_a=side_a,
        side_b=side_b,
        against_origin=against_origin,
        origin=origin,
        problems=problems,
        changes=changes,
    )
    if problems:
        response.status_code = 404
    return response


def clone(model_admin: admin.ModelAdmin, request: HttpRequest, object_id: str) -> HttpResponse:
    """A form for the new slug; creates a rule set whose draft copies this one's."""
    if not model_admin.has_add_permission(request):
        raise PermissionDenied
    found = rule_set_or_redirect(model_admin, request, object_id)
    if isinstance(found, HttpResponse):
        return found
    rule_set = found
    versions = list(RuleSetVersion.objects.filter(rule_set=rule_set).order_by("-number"))
    form = CloneForm(request.POST or None, versions=[v.number for v in versions])
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        chosen = next((v for v in versions if str(v.number) == data["source"]), None)
        try:
            copy = services.clone_rule_set(
                rule_set,
                data["slug"],
                request.user,
                version=chosen,
                name_zh=data["name_zh"] or None,
                name_en=data["name_en"] or None,
            )
        except CatalogError as exc:
            form.add_error(None, exc.message)
        else:
            model_admin.message_user(
                request,
                _("Cloned %(slug)s as %(copy)s (a draft, not yet published).")
                % {"slug": rule_set.slug, "copy": copy.slug},
                messages.SUCCESS,
            )
            return HttpResponseRedirect(reverse("admin:catalog_ruleset_change", args=[copy.pk]))
    return page(
        model_admin,
        request,
        "admin/catalog/ruleset/clone.html",
        title=_("Clone %(slug)s") % {"slug": rule_set.slug},
        original=rule_set,
        change_url=reverse("admin:catalog_ruleset_change", args=[rule_set.pk]),
        form=form,
    )


def _pending_changes(
    rule_set: RuleSet,
) -> tuple[RuleSetVersion | None, dict[str, Any] | None, list[dict[str, Any]]]:
    """The latest version, the draft as it would be published (None: it has errors) and
    the changes between them (none without both)."""
    latest = selectors.latest_version(rule_set)
    candidate = selectors.published_form(rule_set)
    changes = (
        selectors.diff_definitions(latest.definition, candidate)
        if latest is not None and candidate is not None
        else []
    )
    return latest, candidate, changes


def publish_preview(rule_set: RuleSet) -> dict[str, Any]:
    """What publishing this draft would change, or why it cannot be published."""
    latest, candidate, changes = _pending_changes(rule_set)
    blocked = ""
    if candidate is None:
        blocked = str(_("The draft has errors; it will not be published."))
    elif latest is not None and not changes:
        blocked = _identical(latest.number)
    return {
        "rule_set": rule_set,
        "latest": latest,
        "next_number": selectors.next_version_number(rule_set),
        "changes": [change_row(c) for c in changes],
        "blocked": blocked,
    }
