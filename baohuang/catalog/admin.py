"""The catalog in the Django admin: edit drafts as YAML, publish, diff, retire, clone.

The admin stays thin: every write calls :mod:`baohuang.catalog.services`, every list or
diff comes from :mod:`baohuang.catalog.selectors`, and the rule sets' own pages (publish,
diff, clone) live in :mod:`baohuang.catalog.admin_views`.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.forms import Form
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import URLPattern, path, reverse
from django.utils import translation
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from baohuang.catalog import admin_views, selectors, services
from baohuang.catalog.admin_views import can_publish, missing, rule_set_status
from baohuang.catalog.documents import to_yaml
from baohuang.catalog.errors import CatalogError
from baohuang.catalog.forms import RuleSetForm, labelled_problem_line
from baohuang.catalog.models import EditEvent, RuleSet, RuleSetVersion
from baohuang.i18n import short_lang

# --------------------------------------------------------------------------- rule sets


@admin.register(RuleSet)
class RuleSetAdmin(admin.ModelAdmin):
    """Rule sets: list with status, YAML draft editing, publish, diff, clone."""

    form = RuleSetForm
    change_form_template = "admin/catalog/ruleset/change_form.html"
    list_display = (
        "slug",
        "name_zh",
        "name_en",
        "status",
        "latest",
        "draft_revision",
        "updated_at",
    )
    search_fields = ("slug", "name_zh", "name_en")
    actions = ("publish_selected", "clone_selected")
    fieldsets = (
        (None, {"fields": ("slug", "name_zh", "name_en", "description")}),
        (_("Draft"), {"fields": ("draft_yaml", "revision")}),
    )

    # ---- list

    def get_queryset(self, request: HttpRequest) -> QuerySet[RuleSet]:
        """Rule sets annotated with their latest version (see ``selectors.rule_set_list``)."""
        return selectors.rule_set_list()

    @admin.display(description=_("status"))
    def status(self, obj: RuleSet) -> str:
        """Never published, draft changed since latest, draft = latest, or retired."""
        return str(selectors.STATUS_LABELS[rule_set_status(obj)])

    @admin.display(description=_("latest version"), ordering="latest_number")
    def latest(self, obj: RuleSet) -> str:
        """The highest non-retired version number."""
        number = getattr(obj, "latest_number", None)
        return "—" if number is None else f"v{number}"

    # ---- permissions

    def has_publish_permission(self, request: HttpRequest) -> bool:
        """Publishing and retiring need ``catalog.publish_ruleset``."""
        return can_publish(request)

    def get_readonly_fields(self, request: HttpRequest, obj: RuleSet | None = None) -> Any:
        """The slug (the variant id) never changes once created."""
        return ("slug",) if obj is not None else ()

    # ---- saving through the services

    def changeform_view(
        self,
        request: HttpRequest,
        object_id: str | None = None,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        """The admin's add/change view; a refusal by a service (a race the form could not
        see) becomes a message on the same page instead of an error page."""
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except CatalogError as exc:
            self.message_user(request, exc.message, messages.ERROR)
            return HttpResponseRedirect(request.get_full_path())

    def save_model(self, request: HttpRequest, obj: RuleSet, form: Form, change: bool) -> None:
        """Create the rule set or save its draft through the services (never directly)."""
        data = form.cleaned_data
        if change:
            saved = services.update_draft(
                obj,
                data["definition"],
                data["revision"],
                request.user,
                name_zh=data["name_zh"],
                name_en=data["name_en"],
                description=data["description"],
            )
        else:
            saved = services.create_rule_set(
                data["slug"],
                data["name_zh"],
                data["name_en"],
                data["definition"],
                request.user,
                description=data["description"],
            )
        obj.pk = saved.pk
        obj.refresh_from_db()
        for warning in getattr(form, "warnings", []):
            self.message_user(
                request,
                _("Warning — %(problem)s") % {"problem": labelled_problem_line(warning)},
                messages.WARNING,
            )

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        """Nothing related is edited on this form."""

    # ---- the change page

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        """The edit page, with the published versions and links to publish, diff, history."""
        extra = dict(extra_context or {})
        rule_set = self.get_object(request, unquote(object_id))
        if rule_set is not None:
            versions = RuleSetVersion.objects.filter(rule_set=rule_set).select_related(
                "published_by"
            )
            extra.update(
                versions=versions,
                status_label=selectors.STATUS_LABELS[rule_set_status(rule_set)],
                can_publish=self.has_publish_permission(request),
                history_url=reverse("admin:catalog_editevent_changelist")
                + f"?rule_set__id__exact={rule_set.pk}",
                origin=rule_set.based_on,
            )
        return super().change_view(request, object_id, form_url, extra)

    # ---- extra admin pages

    def get_urls(self) -> list[URLPattern]:
        """Publish, diff and clone pages under each rule set."""
        wrap = self.admin_site.admin_view
        own = [
            path(
                "<path:object_id>/publish/",
                wrap(self.publish_view),
                name="catalog_ruleset_publish",
            ),
            path("<path:object_id>/diff/", wrap(self.diff_view), name="catalog_ruleset_diff"),
            path("<path:object_id>/clone/", wrap(self.clone_view), name="catalog_ruleset_clone"),
        ]
        return own + list(super().get_urls())

    def publish_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """GET: what publishing would change; POST: publish the draft (publishers only)."""
        return admin_views.publish(self, request, object_id)

    def diff_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """Changes between two versions, or a version and the draft, or a clone's origin."""
        return admin_views.diff(self, request, object_id)

    def clone_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """A form for the new slug; creates a rule set whose draft copies this one's."""
        return admin_views.clone(self, request, object_id)

    # ---- actions

    @admin.action(description=_("Publish the selected drafts…"), permissions=["publish"])
    def publish_selected(
        self, request: HttpRequest, queryset: QuerySet[RuleSet]
    ) -> HttpResponse | None:
        """First a page listing each selected draft's changes since its latest version;
        publishing happens when that page is confirmed (each draft at the revision shown).
        Each refusal is reported with its reason."""
        if request.POST.get("confirm") != "yes":
            return admin_views.page(
                self,
                request,
                "admin/catalog/ruleset/publish_selected.html",
                title=_("Publish the selected drafts?"),
                items=[admin_views.publish_preview(rule_set) for rule_set in queryset],
                action_checkbox_name=helpers.ACTION_CHECKBOX_NAME,
            )
        for rule_set in queryset:
            shown = request.POST.get(f"revision_{rule_set.pk}", "")
            expected = int(shown) if shown.isdigit() else None
            try:
                version = services.publish(rule_set, request.user, expected_revision=expected)
            except CatalogError as exc:
                self.message_user(request, f"{rule_set.slug}: {exc.message}", messages.WARNING)
            else:
                self.message_user(
                    request,
                    _("Published %(slug)s version %(number)s.")
                    % {"slug": rule_set.slug, "number": version.number},
                    messages.INFO,
                )
        return None

    @admin.action(description=_("Clone the selected rule set"), permissions=["add"])
    def clone_selected(
        self, request: HttpRequest, queryset: QuerySet[RuleSet]
    ) -> HttpResponse | None:
        """Go to the clone form of the one selected rule set."""
        if queryset.count() != 1:
            self.message_user(request, _("Select exactly one rule set to clone."), messages.WARNING)
            return None
        only = queryset.first()
        if only is None:  # deleted since the count
            return None
        return HttpResponseRedirect(reverse("admin:catalog_ruleset_clone", args=[only.pk]))


# --------------------------------------------------------------------------- versions


class ReadOnlyAdmin(admin.ModelAdmin):
    """Records only the services write: never added, changed or deleted in the admin."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        """Created by the services only (publishing, editing)."""
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        """Read-only."""
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        """Kept for good."""
        return False


@admin.register(RuleSetVersion)
class RuleSetVersionAdmin(ReadOnlyAdmin):
    """Published versions: read-only (created only by publishing); publishers may retire one."""

    change_form_template = "admin/catalog/rulesetversion/change_form.html"
    list_display = (
        "rule_set",
        "number",
        "short_checksum",
        "published_by",
        "published_at",
        "retired",
    )
    list_filter = ("retired", "rule_set")
    list_select_related = ("rule_set", "published_by")
    search_fields = ("rule_set__slug", "checksum")
    actions = ("retire_selected",)
    fields = (
        "rule_set",
        "number",
        "checksum",
        "published_by",
        "published_at",
        "retired",
        "definition_yaml",
    )
    readonly_fields = fields

    def has_publish_permission(self, request: HttpRequest) -> bool:
        """Retiring needs ``catalog.publish_ruleset``."""
        return can_publish(request)

    @admin.display(description=_("checksum"))
    def short_checksum(self, obj: RuleSetVersion) -> str:
        """The first 12 hex digits of the SHA-256."""
        return obj.checksum[:12]

    @admin.display(description=_("definition"))
    def definition_yaml(self, obj: RuleSetVersion) -> str:
        """The published definition as YAML."""
        return format_html(
            '<pre style="white-space: pre-wrap; font-size: 12px;">{}</pre>',
            to_yaml(obj.definition),
        )

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        """The read-only page, with diff links and a Retire button for publishers."""
        extra = dict(extra_context or {})
        version = self.get_object(request, unquote(object_id))
        if version is not None:
            diff_url = reverse("admin:catalog_ruleset_diff", args=[version.rule_set_id])
            previous = (
                RuleSetVersion.objects.filter(
                    rule_set_id=version.rule_set_id, number__lt=version.number
                )
                .order_by("-number")
                .values_list("number", flat=True)
                .first()
            )
            extra.update(
                can_retire=self.has_publish_permission(request) and not version.retired,
                diff_previous_url=(
                    f"{diff_url}?from={previous}&to={version.number}"
                    if previous is not None
                    else ""
                ),
                diff_draft_url=f"{diff_url}?from={version.number}&to=draft",
            )
        return super().change_view(request, object_id, form_url, extra)

    def get_urls(self) -> list[URLPattern]:
        """A retire endpoint (POST) under each version."""
        own = [
            path(
                "<path:object_id>/retire/",
                self.admin_site.admin_view(require_POST(self.retire_view)),
                name="catalog_rulesetversion_retire",
            ),
        ]
        return own + list(super().get_urls())

    def retire_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """Retire one version (publishers only), then back to its page."""
        if not self.has_publish_permission(request):
            raise PermissionDenied
        version = self.get_object(request, unquote(object_id))
        if version is None:
            return missing(self, request, object_id)
        services.retire_version(version, request.user)
        self.message_user(
            request,
            f"Retired {version.rule_set.slug} version {version.number}: it is kept, but it is "
            "no longer the latest.",
            messages.SUCCESS,
        )
        return HttpResponseRedirect(
            reverse("admin:catalog_rulesetversion_change", args=[version.pk])
        )

    @admin.action(description=_("Retire the selected versions"), permissions=["publish"])
    def retire_selected(self, request: HttpRequest, queryset: QuerySet[RuleSetVersion]) -> None:
        """Retire each selected version (kept, but never the latest)."""
        count = 0
        for version in queryset.select_related("rule_set"):
            if not version.retired:
                services.retire_version(version, request.user)
                count += 1
        self.message_user(
            request,
            ngettext("Retired %(count)d version.", "Retired %(count)d versions.", count)
            % {"count": count},
            messages.SUCCESS,
        )


# --------------------------------------------------------------------------- history


@admin.register(EditEvent)
class EditEventAdmin(ReadOnlyAdmin):
    """The edit history: who created, changed, published or retired what, and when."""

    list_display = (
        "created_at",
        "rule_set",
        "action",
        "version",
        "user",
        "summary_in_lang",
        "in_lang",
    )
    list_filter = ("action", "rule_set")
    list_select_related = ("rule_set", "version", "user")
    search_fields = ("rule_set__slug", "summary")
    date_hierarchy = "created_at"
    fields = (
        "created_at",
        "rule_set",
        "action",
        "version",
        "user",
        "revision",
        "summary_in_lang",
        "summary",
        "changes",
        "changed_paths",
    )
    readonly_fields = fields

    @admin.display(description=_("summary"))
    def summary_in_lang(self, obj: EditEvent) -> str:
        """What happened, in the request's language; an old event known only by its English
        summary shows that, marked as such."""
        if obj.summary_translated:
            return obj.summary_text()
        return format_html(
            '<span lang="en">{}</span> <span class="help">{}</span>',
            obj.summary,
            _("(recorded in English only)"),
        )

    @admin.display(description=_("what changed"))
    def in_lang(self, obj: EditEvent) -> str:
        """The first changes as sentences in the request's language (events recorded before
        sentences existed have none; their summary names the paths)."""
        lang = short_lang(translation.get_language(), default="en")
        texts = [entry["text"][lang] for entry in obj.change_texts[:3]]
        more = len(obj.change_texts) - len(texts)
        if more > 0:
            texts.append(
                ngettext("(and %(count)d more)", "(and %(count)d more)", more) % {"count": more}
            )
        return format_html_join(mark_safe("<br>"), "{}", ((t,) for t in texts))

    @admin.display(description=_("changes"))
    def changes(self, obj: EditEvent) -> str:
        """Every change recorded with the event, in the request's language, with its path."""
        if not obj.change_texts:
            return "—"
        lang = short_lang(translation.get_language(), default="en")
        rows = format_html_join(
            "",
            "<tr><td>{}</td><td><code>{}</code></td></tr>",
            ((entry["text"][lang], entry["path"]) for entry in obj.change_texts),
        )
        return format_html("<table>{}</table>", rows)
