"""Concurrent actions on one game (issue #19): served one at a time, never a corrupt list.

Runs on PostgreSQL when ``DATABASE_URL`` says so (the row lock, ``SELECT … FOR UPDATE``)
and on SQLite (which serialises writers).
"""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connections

from baohuang.catalog.models import RuleSet
from baohuang.engine.actions import parse_action
from baohuang.engine.game import Game
from baohuang.play.models import GameSession
from baohuang.play.selectors import session_rules
from tests.fixtures import token_client

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("no_throttles")]

COUNT = 8


def seat_actions(session: GameSession) -> int:
    """How many of the stored actions were the player's (replaying them all)."""
    game = Game.new(session_rules(session), session.seed)
    mine = 0
    for text in session.actions:
        mine += game.to_act == session.seat
        game.apply(parse_action(text))
    return mine


def test_concurrent_actions_are_served_one_at_a_time(common: RuleSet, player: User) -> None:
    client = token_client(player)
    view = client.post(
        "/api/v1/games/", {"variant": "baike-common", "seat": 1, "seed": 4}, format="json"
    ).json()
    while view["phase"] != "play" or "pass" not in view["legal"]:
        choice = next(a for a in view["legal"] if a != "auto")
        view = client.post(f"/api/v1/games/{view['id']}/actions/", {"action": choice}).json()
        assert view["result"] is None
    before = seat_actions(GameSession.objects.get(pk=view["id"]))
    barrier = threading.Barrier(COUNT)
    statuses: list[int] = [0] * COUNT
    bodies: list[Any] = [None] * COUNT

    def post(i: int) -> None:
        try:
            own = token_client(User.objects.get(pk=player.pk))
            barrier.wait(timeout=10)
            response = own.post(
                f"/api/v1/games/{view['id']}/actions/", {"action": "pass"}, format="json"
            )
            statuses[i] = response.status_code
            bodies[i] = response.json()
        finally:
            connections.close_all()

    threads = [threading.Thread(target=post, args=(i,)) for i in range(COUNT)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)

    assert set(statuses) <= {200, 400, 409}, statuses
    assert 200 in statuses
    refused = [b for s, b in zip(statuses, bodies, strict=True) if s != 200]
    assert all(b["error"] in ("illegal_action", "game_over") for b in refused), refused
    stored = GameSession.objects.get(pk=view["id"])
    # Every stored action replays, and each success added exactly one of the player's.
    assert seat_actions(stored) - before == statuses.count(200)
