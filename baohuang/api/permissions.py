"""Who may do what (issue #7; Django's model permissions since issue #16).

The API asks for the same model permissions as the admin, never for ``is_staff`` alone:

=============================================  ==============================================
what                                           permission
=============================================  ==============================================
read published variants, the rules endpoints   everyone while ``BAOHUANG_API_PUBLIC_READ`` is
                                               true (the default), else any account
create a rule set (or clone one)               ``catalog.add_ruleset``
read a draft (also ``slug@draft`` in diffs,    ``catalog.view_ruleset`` or
the draft's rulebook, comparisons of a draft)  ``catalog.change_ruleset`` (as the admin)
save a draft                                   ``catalog.change_ruleset``
publish                                        ``catalog.publish_ruleset``
start simulations, comparisons, re-score,      ``jobs.run_simulation`` (balance also
balance                                        ``catalog.add_ruleset``: it creates a rule set)
cancel someone else's job                      ``jobs.cancel_any_job`` (one's own: always)
play a published version at the play-test      any account (a game is its player's only)
table
play a draft at the play-test table            ``catalog.change_ruleset``
list, create, revoke one's own API tokens      any account, logged in with the session (a
                                               token is refused: 403 ``session_required``)
=============================================  ==============================================

The group *Operators* (``manage.py ensure_operator``) holds them all; superusers have every
permission. Reading and cancelling jobs needs an authenticated account; a job itself is
visible to its creator and to holders of ``jobs.view_simulationjob`` only (anyone else gets
404, as if it did not exist). Anonymous requests that are refused get 401 (with
``WWW-Authenticate: Token``), refused authenticated ones 403 naming the permission.

This module holds what every app's permissions are made of (:class:`ModelPermission`,
:func:`has_perms`, the default :class:`CanRead`); each app keeps its own rules next to its
views (:mod:`baohuang.catalog.permissions`, :mod:`baohuang.jobs.permissions`,
:mod:`baohuang.play.permissions`, :mod:`baohuang.tokens.permissions`). A new rule is a
:class:`ModelPermission` subclass (``perms`` and ``message``) or, for a rule that is not a
model permission, a :class:`BasePermission` with ``has_permission``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.conf import settings
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request


def public_read() -> bool:
    """Whether published variants and the rules endpoints are open to anonymous clients."""
    return bool(getattr(settings, "BAOHUANG_API_PUBLIC_READ", True))


def changes_nothing(request: Request, view: Any) -> bool:
    """Whether ``request`` only reads: a safe method (GET, HEAD, OPTIONS), or a POST to a
    view that declares ``changes_nothing = True`` (the questions asked with a body:
    validate, deck, compare, score, deal, replay, diff). A ``read`` API token may send
    these; anything else needs a ``write`` token (403 ``token_read_only``)."""
    if request.method in SAFE_METHODS:
        return True
    return request.method == "POST" and bool(getattr(view, "changes_nothing", False))


def authenticated(user: Any) -> bool:
    """Whether ``user`` is an authenticated, active account."""
    return bool(user and user.is_authenticated and user.is_active)


def has_perms(user: Any, *perms: str) -> bool:
    """Whether ``user`` is an active account holding every one of ``perms``."""
    return authenticated(user) and bool(user.has_perms(perms))


class CanRead(BasePermission):
    """Open while ``BAOHUANG_API_PUBLIC_READ`` is true, otherwise any authenticated user."""

    message = _(
        "This server does not open its API to anonymous clients: send an API token "
        "(Authorization: Token …) or log in."
    )

    def has_permission(self, request: Request, view: Any) -> bool:
        """Everyone when reads are public, else authenticated users."""
        return public_read() or authenticated(request.user)


class ModelPermission(BasePermission):
    """Authenticated, active accounts holding every one of ``perms``."""

    perms: ClassVar[tuple[str, ...]] = ()
    message: str | Promise = ""

    def has_permission(self, request: Request, view: Any) -> bool:
        """Authenticated and holding the permissions."""
        return has_perms(request.user, *self.perms)
