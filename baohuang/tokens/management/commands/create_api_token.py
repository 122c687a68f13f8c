"""``manage.py create_api_token USERNAME --name NAME [--scope read|write] [--expires-days N]``.

Creates an API token of the account and prints its key on standard output, alone on its
line, this once (the database keeps only its digest), so that a script can take it::

    TOKEN=$(manage.py create_api_token operator --name curl --scope write)

What the token is (name, scope, expiry) goes to standard error.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from baohuang.tokens import services
from baohuang.tokens.errors import InvalidToken
from baohuang.tokens.models import ApiToken


class Command(BaseCommand):
    help = (
        "Create an API token of an account and print it once (for scripts: "
        "Authorization: Token <key>). Only its digest is stored."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username", help="The account the token acts for.")
        parser.add_argument("--name", required=True, help="What the token is for.")
        parser.add_argument(
            "--scope",
            choices=ApiToken.SCOPES,
            default=ApiToken.Scope.READ,
            help="read (default): GET/HEAD/OPTIONS only; write: every request.",
        )
        parser.add_argument(
            "--expires-days",
            type=int,
            default=None,
            help=f"Days until it expires (1 to {services.MAX_DAYS}); default: never.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        users = get_user_model()
        try:
            user = users._default_manager.get_by_natural_key(options["username"])
        except users.DoesNotExist as exc:
            raise CommandError(
                _("There is no account %(username)s.") % {"username": options["username"]}
            ) from exc
        if not user.is_active:
            raise CommandError(
                _("The account %(username)s is disabled: its tokens would be refused.")
                % {"username": options["username"]}
            )
        try:
            token, key = services.create_token(
                user, options["name"], options["scope"], options["expires_days"]
            )
        except InvalidToken as exc:
            raise CommandError(exc.message) from exc
        self.stdout.write(key)
        expires = token.expires_at.isoformat(timespec="seconds") if token.expires_at else "-"
        self.stderr.write(
            _(
                "API token %(prefix)s… “%(name)s” of %(username)s, scope %(scope)s, expires "
                "%(expires)s. It is shown only this once."
            )
            % {
                "prefix": token.prefix,
                "name": token.name,
                "username": user.get_username(),
                "scope": token.scope,
                "expires": expires,
            }
        )
