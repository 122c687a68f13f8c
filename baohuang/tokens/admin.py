"""The admin pages of the API tokens.

Every staff account manages its own tokens here (no model permission is needed: a token
acts with its account's permissions, nothing more); superusers see everyone's. Adding a
token shows its key once, on the page that answers the form (not through a message or the
session, so the key is stored nowhere). Tokens are revoked with the list's action (a
revoked token's next request is a 401 ``token_revoked``); only a superuser may delete one.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from baohuang.tokens import services
from baohuang.tokens.models import ApiToken

#: Where ``save_model`` leaves the new key for ``response_add`` (on the request only).
NEW_KEY = "_baohuang_new_api_token_key"


class ApiTokenAddForm(forms.ModelForm):
    """Name, scope and an optional lifetime in days."""

    expires_in_days = forms.IntegerField(
        label=_("expires in (days)"),
        required=False,
        min_value=1,
        max_value=services.MAX_DAYS,
        help_text=_("Empty: the token does not expire."),
    )

    class Meta:
        model = ApiToken
        fields = ("name", "scope")


def _staff(request: HttpRequest) -> bool:
    user = request.user
    return bool(user.is_active and user.is_staff)


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Own tokens for everyone on staff, every token for superusers."""

    list_display = (
        "name",
        "shown_prefix",
        "scope",
        "state_label",
        "created_at",
        "last_used_at",
        "expires_at",
    )
    list_filter = ("scope",)
    search_fields = ("name", "prefix")
    actions = ("revoke_tokens",)
    readonly_fields = (
        "user",
        "scope",
        "shown_prefix",
        "state_label",
        "created_at",
        "last_used_at",
        "expires_at",
        "revoked_at",
    )

    # ----------------------------------------------------------------- who sees what

    def get_queryset(self, request: HttpRequest) -> QuerySet[ApiToken]:
        """Superusers: every token; anyone else: their own."""
        tokens = super().get_queryset(request).select_related("user")
        if request.user.is_superuser:
            return tokens
        return tokens.filter(user_id=request.user.pk)

    def _own(self, request: HttpRequest, obj: ApiToken | None) -> bool:
        if not _staff(request):
            return False
        return obj is None or request.user.is_superuser or obj.user_id == request.user.pk

    def has_module_permission(self, request: HttpRequest) -> bool:
        """Every active staff account has tokens of its own."""
        return _staff(request)

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        """Own tokens (superusers: all)."""
        return self._own(request, obj)

    def has_add_permission(self, request: HttpRequest) -> bool:
        """Every active staff account."""
        return _staff(request)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        """Rename or revoke own tokens (superusers: all)."""
        return self._own(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        """Superusers only (everyone else revokes: the token stays listed)."""
        return bool(_staff(request) and request.user.is_superuser)

    def get_list_display(self, request: HttpRequest) -> Any:
        """Superusers also see whose token it is."""
        shown = super().get_list_display(request)
        return ("user", *shown) if request.user.is_superuser else shown

    def get_list_filter(self, request: HttpRequest) -> Any:
        """Superusers can filter by account."""
        shown = super().get_list_filter(request)
        return ("user", *shown) if request.user.is_superuser else shown

    # ----------------------------------------------------------------- the forms

    def get_form(
        self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any
    ) -> Any:
        """Adding: name, scope, lifetime; changing: the name only."""
        if obj is None:
            kwargs["form"] = ApiTokenAddForm
        return super().get_form(request, obj, change=change, **kwargs)

    def get_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        """Adding: the form's fields; changing: the name and what cannot change."""
        if obj is None:
            return ("name", "scope", "expires_in_days")
        return ("name", *self.readonly_fields)

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        """Nothing when adding; all but the name when changing."""
        return () if obj is None else self.readonly_fields

    def save_model(self, request: HttpRequest, obj: ApiToken, form: Any, change: bool) -> None:
        """A new token: the requester's, with a fresh key (kept for :meth:`response_add`)."""
        if change:
            super().save_model(request, obj, form, change)
            return
        obj.user = request.user  # type: ignore[assignment]
        obj.expires_at = services.expiry(form.cleaned_data.get("expires_in_days"))
        setattr(request, NEW_KEY, services.issue(obj))

    def response_add(
        self, request: HttpRequest, obj: ApiToken, post_url_continue: str | None = None
    ) -> HttpResponse:
        """The page that shows the key, once (it is not stored; reloading shows nothing)."""
        key = getattr(request, NEW_KEY, None)
        if key is None:
            return super().response_add(request, obj, post_url_continue)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": _("API token created"),
            "token": obj,
            "key": key,
            "api_url": request.build_absolute_uri(reverse("api:variant-list")),
            "list_url": reverse("admin:tokens_apitoken_changelist"),
        }
        response = TemplateResponse(request, "admin/tokens/apitoken/created.html", context)
        response["Cache-Control"] = "no-store"
        return response

    # ----------------------------------------------------------------- columns, action

    @admin.display(description=_("prefix"), ordering="prefix")
    def shown_prefix(self, obj: ApiToken) -> str:
        """The key's first characters and an ellipsis."""
        return f"{obj.prefix}…"

    @admin.display(description=_("state"))
    def state_label(self, obj: ApiToken) -> str:
        """active, expired or revoked, in the active language."""
        return obj.state_text

    @admin.action(description=_("Revoke the selected API tokens"))
    def revoke_tokens(self, request: HttpRequest, queryset: QuerySet[ApiToken]) -> None:
        """Revoke every selected token that is not revoked yet."""
        count = 0
        for token in queryset.filter(revoked_at__isnull=True):
            services.revoke(token)
            count += 1
        self.message_user(
            request,
            ngettext("%(count)d API token revoked.", "%(count)d API tokens revoked.", count)
            % {"count": count},
            messages.SUCCESS,
        )
