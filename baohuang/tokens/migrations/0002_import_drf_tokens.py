"""Import the keys of ``rest_framework.authtoken`` (the API's tokens until issue #16) as
hashed ``write`` tokens, then delete them from its table.

Clients keep working with the same key and header (``Authorization: Token <key>``); the
database no longer holds any key in clear. The app ``rest_framework.authtoken`` is no
longer installed, so its table is read with SQL, if it exists; the empty table stays
(drop it by hand if you like). Not reversible: the keys exist nowhere after this.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from typing import Any, ClassVar

from django.db import migrations
from django.utils import timezone
from django.utils.dateparse import parse_datetime

TABLE = "authtoken_token"
#: The name the imported tokens get (stored data, so in both languages).
IMPORTED_NAME = "导入的 DRF 令牌 (imported DRF token)"


def _moment(value: Any) -> datetime:
    """A stored ``created`` as an aware datetime (SQLite gives naive UTC or text)."""
    if isinstance(value, str):
        value = parse_datetime(value)
    if not isinstance(value, datetime):
        return timezone.now()
    return value if timezone.is_aware(value) else value.replace(tzinfo=UTC)


def import_drf_tokens(apps: Any, schema_editor: Any) -> None:
    """Copy every DRF key into a hashed token of the same account, then delete the keys."""
    connection = schema_editor.connection
    if TABLE not in connection.introspection.table_names():
        return
    quote = connection.ops.quote_name
    # Only constant, quoted identifiers are put into the SQL (no input): S608 does not apply.
    select = f"SELECT {quote('key')}, {quote('user_id')}, {quote('created')} FROM {quote(TABLE)}"  # noqa: S608 (constant identifiers)
    with connection.cursor() as cursor:
        cursor.execute(select)
        rows = cursor.fetchall()
    api_token = apps.get_model("tokens", "ApiToken")
    for key, user_id, created in rows:
        api_token.objects.create(
            user_id=user_id,
            name=IMPORTED_NAME,
            scope="write",  # what a DRF token could do
            prefix=str(key)[:8],
            digest=hashlib.sha256(str(key).encode("utf-8")).hexdigest(),
            created_at=_moment(created),
        )
    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {quote(TABLE)}")  # noqa: S608 (a constant table name)


class Migration(migrations.Migration):
    dependencies: ClassVar[list[tuple[str, str]]] = [("tokens", "0001_initial")]

    operations: ClassVar[list[Any]] = [
        migrations.RunPython(import_drf_tokens, migrations.RunPython.noop)
    ]
