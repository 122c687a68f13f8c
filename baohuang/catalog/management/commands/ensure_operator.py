"""``manage.py ensure_operator``: the "Operators" group and an operator account.

The password comes from ``OPERATOR_PASSWORD`` (never from the command line, where other
users could read it). With ``DEBUG`` off (production settings) a missing password or one
that Django's password validators refuse stops the command with exit status 1; with
``DEBUG`` on (local development: ``make run``) the default ``operator`` is used when none
is set and a weak one is only a warning.
"""

from __future__ import annotations

import os
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from django.utils.translation import gettext as _

GROUP_NAME = "Operators"
DEFAULT_USERNAME = "operator"
DEFAULT_PASSWORD = "operator"  # noqa: S105 (the documented local-development default, refused with DEBUG off)

#: What an operator may do: edit rule sets, publish and retire, read versions and history;
#: start simulations (and comparisons, re-scores, balancing), cancel anyone's job, see the
#: simulation jobs (and their chunks) in the admin.
OPERATOR_PERMISSIONS = (
    "catalog.add_ruleset",
    "catalog.change_ruleset",
    "catalog.view_ruleset",
    "catalog.publish_ruleset",
    "catalog.view_rulesetversion",
    "catalog.view_editevent",
    "jobs.run_simulation",
    "jobs.cancel_any_job",
    "jobs.view_simulationjob",
    "jobs.view_simulationchunk",
)


def operators_group() -> Group:
    """The "Operators" group with exactly the operator permissions (created if missing)."""
    group, _created = Group.objects.get_or_create(name=GROUP_NAME)
    wanted = []
    for name in OPERATOR_PERMISSIONS:
        app_label, codename = name.split(".")
        wanted.append(Permission.objects.get(content_type__app_label=app_label, codename=codename))
    group.permissions.add(*wanted)
    return group


class Command(BaseCommand):
    help = (
        "Create the 'Operators' group (edit, publish and retire rule sets, run, cancel and "
        "see simulation jobs) and, if no operator "
        "exists yet, a staff account in it: OPERATOR_USERNAME / OPERATOR_PASSWORD from the "
        "environment. With DEBUG off the password is required and must pass the password "
        "validators; with DEBUG on the default is operator / operator (local use only)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--username", default=None, help="Overrides OPERATOR_USERNAME.")

    def handle(self, *args: Any, **options: Any) -> None:
        username = options["username"] or os.environ.get("OPERATOR_USERNAME") or DEFAULT_USERNAME
        given = os.environ.get("OPERATOR_PASSWORD") or ""
        users = get_user_model()
        with transaction.atomic():
            group = operators_group()
            existing = users.objects.filter(username=username).first()
            if existing is None and group.user_set.exists():
                names = ", ".join(group.user_set.values_list("username", flat=True)[:5])
                self.stdout.write(
                    _("Operators exist already (%(names)s); no account created.") % {"names": names}
                )
                return
            if existing is None:
                password = self.checked_password(username, given)
                user = users.objects.create_user(username=username, password=password)
                user.is_staff = True
                user.save(update_fields=["is_staff"])
                user.groups.add(group)
                created = True
            else:
                user = existing
                if not user.is_staff:
                    user.is_staff = True
                    user.save(update_fields=["is_staff"])
                user.groups.add(group)
                created = False
        if created:
            self.stdout.write(
                _("Created the operator account '%(username)s' (group %(group)s).")
                % {"username": username, "group": GROUP_NAME}
            )
            shown = password if password == DEFAULT_PASSWORD else _("(from OPERATOR_PASSWORD)")
            self.stdout.write(
                _("Log in at /admin/ as %(username)s / %(password)s.")
                % {"username": username, "password": shown}
            )
            if password == DEFAULT_PASSWORD:
                self.stdout.write(
                    self.style.WARNING(
                        _(
                            "This is the default password: set OPERATOR_PASSWORD for anything "
                            "but local use."
                        )
                    )
                )
        else:
            self.stdout.write(
                _(
                    "The operator account '%(username)s' exists (password unchanged); log in "
                    "at /admin/."
                )
                % {"username": username}
            )

    def checked_password(self, username: str, given: str) -> str:
        """The new account's password: ``given``, checked by Django's password validators.

        Production settings (``DEBUG`` off) refuse a missing or weak password with a
        :class:`CommandError` (exit status 1) saying how to set one; local development
        (``DEBUG`` on) falls back to the default and only warns about a weak one.
        """
        how = _(
            "Set OPERATOR_PASSWORD (and OPERATOR_USERNAME, default 'operator') in the "
            "environment and run the command again, e.g. "
            "OPERATOR_PASSWORD='a long passphrase' manage.py ensure_operator; or create the "
            "account yourself with manage.py createsuperuser. (`make run` uses operator / "
            "operator, with DEBUG=true, for local development only.)"
        )
        if not given:
            if not settings.DEBUG:
                raise CommandError(
                    _(
                        "No operator password: OPERATOR_PASSWORD is not set, and with DEBUG "
                        "off no default password is used. %(how)s"
                    )
                    % {"how": how}
                )
            given = DEFAULT_PASSWORD
        try:
            validate_password(given, get_user_model()(username=username))
        except ValidationError as exc:
            reasons = " ".join(exc.messages)
            if not settings.DEBUG:
                raise CommandError(
                    _(
                        "OPERATOR_PASSWORD is too weak for the operator account "
                        "'%(username)s': %(reasons)s %(how)s"
                    )
                    % {"username": username, "reasons": reasons, "how": how}
                ) from exc
            self.stdout.write(
                self.style.WARNING(
                    _("Weak password, accepted because DEBUG is on: %(reasons)s")
                    % {"reasons": reasons}
                )
            )
        return given
