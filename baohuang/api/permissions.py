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

This is the one module of permission classes (the catalog endpoints and the jobs): a new
rule is a :class:`ModelPermission` subclass (``perms`` and ``message``) or, for a rule that
is not a model permission, a :class:`BasePermission` with ``has_permission``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.conf import settings
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request

ADD_RULESET = "catalog.add_ruleset"
CHANGE_RULESET = "catalog.change_ruleset"
VIEW_RULESET = "catalog.view_ruleset"
PUBLISH_RULESET = "catalog.publish_ruleset"
RUN_SIMULATION = "jobs.run_simulation"
CANCEL_ANY_JOB = "jobs.cancel_any_job"


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


def can_read_drafts(user: Any) -> bool:
    """Whether ``user`` may read drafts: view or change rule sets (the admin's rule)."""
    return has_perms(user, VIEW_RULESET) or has_perms(user, CHANGE_RULESET)


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


class CanAddRuleSets(ModelPermission):
    """``catalog.add_ruleset``: create or clone rule sets."""

    perms = (ADD_RULESET,)
    message = _(
        "Creating rule sets needs the permission 'catalog.add_ruleset' (Operators have it)."
    )


class CanReadDrafts(BasePermission):
    """``catalog.view_ruleset`` or ``catalog.change_ruleset``: read drafts."""

    message = _(
        "Reading drafts needs the permission 'catalog.view_ruleset' or "
        "'catalog.change_ruleset' (Operators have both)."
    )

    def has_permission(self, request: Request, view: Any) -> bool:
        """View or change rule sets."""
        return can_read_drafts(request.user)


class CanChangeDrafts(ModelPermission):
    """``catalog.change_ruleset``: save drafts."""

    perms = (CHANGE_RULESET,)
    message = _("Saving drafts needs the permission 'catalog.change_ruleset' (Operators have it).")


class CanPublish(ModelPermission):
    """Users with ``catalog.publish_ruleset`` (superusers have every permission)."""

    perms = (PUBLISH_RULESET,)
    message = _("Publishing needs the permission 'catalog.publish_ruleset' (Operators have it).")


# --------------------------------------------------------------------------- jobs


def may_cancel(user: Any, job: Any) -> bool:
    """Whether ``user`` may cancel ``job``: its creator, or with ``jobs.cancel_any_job``."""
    own = job.created_by_id is not None and job.created_by_id == getattr(user, "pk", None)
    return own or has_perms(user, CANCEL_ANY_JOB)


class CanRunSimulations(ModelPermission):
    """``jobs.run_simulation``: start simulations, comparisons and re-scores."""

    perms = (RUN_SIMULATION,)
    message = _(
        "Starting simulation jobs needs the permission 'jobs.run_simulation' (Operators have it)."
    )


class CanBalance(ModelPermission):
    """``jobs.run_simulation`` and ``catalog.add_ruleset`` (the proposal is a new rule set)."""

    perms = (RUN_SIMULATION, ADD_RULESET)
    message = _(
        "Balancing needs the permissions 'jobs.run_simulation' and 'catalog.add_ruleset' "
        "(a proposal may be kept as a new rule set; Operators have both)."
    )


class CanReadJobs(BasePermission):
    """Any authenticated, active account (which jobs it sees is decided per job)."""

    message = _("Log in or send an API token (Authorization: Token …) to see simulation jobs.")

    def has_permission(self, request: Request, view: Any) -> bool:
        """Authenticated users."""
        return authenticated(request.user)


class ManagesOwnTokens(BasePermission):
    """Any active account logged in with the session, for its own API tokens
    (:mod:`baohuang.tokens`). A request with a token is refused with 403
    ``session_required``: a leaked token must not mint itself a successor, nor list or
    revoke the account's tokens. Anonymous: 401."""

    def has_permission(self, request: Request, view: Any) -> bool:
        """Logged in through the session."""
        from baohuang.tokens import refusals
        from baohuang.tokens.authentication import is_token_request

        if not authenticated(request.user):
            return False
        if is_token_request(request):
            raise refusals.session_required()
        return True


# --------------------------------------------------------------------------- games


def may_play_draft(user: Any) -> bool:
    """Whether ``user`` may play a draft at the play-test table: ``catalog.change_ruleset``."""
    return has_perms(user, CHANGE_RULESET)


class CanPlayGames(BasePermission):
    """Any authenticated, active account (each game is visible to its player only)."""

    message = _("Log in or send an API token (Authorization: Token …) to play a game.")

    def has_permission(self, request: Request, view: Any) -> bool:
        """Authenticated users."""
        return authenticated(request.user)
