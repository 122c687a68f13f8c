"""``manage.py create_api_token`` prints the key once, on standard output alone."""

from __future__ import annotations

import hashlib
import io

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from baohuang.tokens.models import ApiToken


def run(*args: str) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command("create_api_token", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_the_key_is_printed_alone_and_works(alice: User) -> None:
    out, err = run("alice", "--name", "curl", "--scope", "write", "--expires-days", "30")

    key = out.strip()
    assert out == key + "\n"
    assert key.startswith("bh_")
    token = ApiToken.objects.get()
    assert token.digest == hashlib.sha256(key.encode()).hexdigest()
    assert (token.user, token.name, token.scope) == (alice, "curl", "write")
    assert token.prefix in err
    assert key not in err
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert client.get("/api/v1/simulations/").status_code == 200


def test_the_default_scope_is_read(alice: User) -> None:
    run("alice", "--name", "reader")
    assert ApiToken.objects.get().scope == "read"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("nobody", "--name", "x"), "nobody"),
        (("alice", "--name", " "), "name"),
        (("alice", "--name", "x", "--expires-days", "0"), "1"),
    ],
)
def test_bad_arguments_are_clear_errors(alice: User, args: tuple[str, ...], words: str) -> None:
    with pytest.raises(CommandError, match=words):
        run(*args)
    assert not ApiToken.objects.exists()


def test_a_disabled_account_gets_no_token(alice: User) -> None:
    alice.is_active = False
    alice.save()
    with pytest.raises(CommandError, match="disabled"):
        run("alice", "--name", "x")
