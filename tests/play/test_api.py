"""The game-session API (issue #19): start, view, act, permissions, errors, expiry."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from rest_framework.test import APIClient

from baohuang.catalog import services as catalog
from baohuang.catalog.models import RuleSet
from baohuang.engine.compiled import compile_definition
from baohuang.engine.record import replay
from baohuang.play.models import GameSession
from tests.fixtures import assert_error, make_user, token_client, with_perms

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_throttles")]

GAMES = "/api/v1/games/"


def start(client: APIClient, **body: Any) -> dict[str, Any]:
    response = client.post(
        GAMES, {"variant": "baike-common", "seat": 0, "seed": 11, **body}, format="json"
    )
    assert response.status_code == 201, response.content
    return dict(response.json())


def act(client: APIClient, game: dict[str, Any], action: str) -> Any:
    return client.post(f"{GAMES}{game['id']}/actions/", {"action": action}, format="json")


def play_out(client: APIClient, game: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """Take the last legal action (never automatic) until the settlement."""
    turns = 0
    while game["result"] is None:
        choices = [a for a in game["legal"] if a != game["automatic"]]
        response = act(client, game, choices[-1])
        assert response.status_code == 200, response.content
        game = response.json()
        turns += 1
    return game, turns


def test_a_new_game_is_the_seats_view_at_its_turn(common: RuleSet, client: APIClient) -> None:
    game = start(client, seat=3)
    assert game["seat"] == 3
    assert game["variant"] == "baike-common"
    assert game["version"] == 1
    assert game["to_act"] == 3
    assert game["phase"] in ("bidding", "declarations", "play")
    assert game["legal"]
    assert game["automatic"] in game["legal"]
    assert game["result"] is None
    assert len(game["hand"]) == game["hand_sizes"][3]
    assert game["events"][0]["code"] == "deal"
    stored = GameSession.objects.get(pk=game["id"])
    assert len(stored.actions) == max(e["index"] or 0 for e in game["events"]) + (
        1 if any(e["index"] is not None for e in game["events"]) else 0
    )


def test_a_full_game_ends_in_a_settlement_whose_record_replays(
    common: RuleSet, client: APIClient
) -> None:
    game, turns = play_out(client, start(client, seat=1, seed=5))
    assert turns > 10
    result = game["result"]
    assert game["phase"] == "finished"
    assert game["legal"] == []
    assert sorted(result["finish"]) == [0, 1, 2, 3, 4] or result["unscored_reason"]
    assert len(result["hands"]) == 5
    assert result["record"]["variant"] == "baike-common"
    assert result["record"]["version"] == 1
    codes = [event["code"] for event in game["events"]]
    end = next(i for i, code in enumerate(codes) if code in ("settled", "unscored"))
    # The player is told why each seat got its points, then the tribute owed.
    assert all(code.startswith("score_") or code == "tribute_owed" for code in codes[end + 1 :])
    if codes[end] == "settled":
        assert "score_row" in codes[end + 1 :]
    cv = compile_definition(common.draft, common.draft_checksum)
    replayed = replay(cv, result["record"]["seed"], result["record"]["actions"])
    assert replayed.ok
    assert replayed.game.finished
    assert list(replayed.game.outcome.finish) == result["finish"]  # type: ignore[union-attr]
    # The game is over: one more action is a 409, and the view can still be read.
    assert_error(act(client, game, "pass"), 409, "game_over")
    again = client.get(f"{GAMES}{game['id']}/")
    assert again.status_code == 200
    assert again.json()["result"] == result


def test_a_game_resumes_after_a_reload(common: RuleSet, client: APIClient) -> None:
    game = start(client, seat=2, seed=8)
    moved = act(client, game, next(a for a in game["legal"] if a != "auto")).json()
    reloaded = client.get(f"{GAMES}{game['id']}/")
    assert reloaded.status_code == 200
    assert reloaded.json() == moved


def test_the_same_seed_and_choices_give_the_same_game(common: RuleSet, client: APIClient) -> None:
    a, _ = play_out(client, start(client, seat=4, seed=99))
    b, _ = play_out(client, start(client, seat=4, seed=99))
    assert a["result"]["record"]["actions"] == b["result"]["record"]["actions"]


def test_an_illegal_action_is_refused_with_the_engines_reason(
    common: RuleSet, client: APIClient
) -> None:
    game = start(client, seat=0, seed=3)
    before = GameSession.objects.get(pk=game["id"]).actions
    body = assert_error(act(client, game, "kick"), 400, "illegal_action")
    assert body["errors"][0]["path"] == "action"
    assert body["errors"][0]["code"] == "not_allowed_now"
    assert "kick" in body["detail"]
    zh = client.post(
        f"{GAMES}{game['id']}/actions/",
        {"action": "kick"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="zh-hans",
    )
    assert_error(zh, 400, "illegal_action")
    assert "kick" in zh.json()["detail"]
    assert zh.json()["detail"] != body["detail"]
    unreadable = assert_error(act(client, game, "jump"), 400, "illegal_action")
    assert unreadable["errors"][0]["code"] == "not_an_action"
    assert GameSession.objects.get(pk=game["id"]).actions == before


def test_a_card_not_held_is_refused_in_play(common: RuleSet, client: APIClient) -> None:
    game = start(client, seat=0, seed=3)
    while game["phase"] != "play":
        game = act(client, game, [a for a in game["legal"] if a != "auto"][-1]).json()
        assert game["result"] is None
    rank = game["hand"][-1].rstrip("shcd")  # the lowest card, e.g. 3 from 3c
    held = sum(1 for card in game["hand"] if card.rstrip("shcd") == rank)
    body = assert_error(act(client, game, "play " + " ".join([rank] * (held + 1))), 400)
    assert body["error"] == "illegal_action"
    assert body["errors"][0]["code"] == "not_held"
    assert body["errors"][0]["params"]["seat"] == 0


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"seat": 5}, "seat"),
        ({"seat": "1"}, "seat"),
        ({"policy": "oracle"}, "policy"),
        ({"version": "latest"}, "version"),
        ({"version": 0}, "version"),
        ({"seed": 1.5}, "seed"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_bad_requests_name_the_field(
    common: RuleSet, client: APIClient, body: dict[str, Any], path: str
) -> None:
    response = client.post(GAMES, {"variant": "baike-common", "seat": 0, **body}, format="json")
    error = assert_error(response, 400)
    assert [item["path"] for item in error["errors"]] == [path]


def test_unknown_variants_and_versions_are_404(common: RuleSet, client: APIClient) -> None:
    assert_error(client.post(GAMES, {"variant": "nope", "seat": 0}, format="json"), 404)
    assert_error(
        client.post(GAMES, {"variant": "baike-common", "seat": 0, "version": 9}, format="json"),
        404,
    )


def test_anonymous_players_are_asked_to_log_in(common: RuleSet) -> None:
    response = APIClient().post(GAMES, {"variant": "baike-common", "seat": 0}, format="json")
    assert_error(response, 401)


def test_a_game_is_its_players_only(common: RuleSet, client: APIClient) -> None:
    game = start(client)
    other = token_client(make_user("other"))
    assert_error(other.get(f"{GAMES}{game['id']}/"), 404, "game_not_found")
    assert_error(act(other, game, game["legal"][0]), 404, "game_not_found")


def test_expired_games_are_gone(common: RuleSet, client: APIClient) -> None:
    game = start(client)
    GameSession.objects.filter(pk=game["id"]).update(
        expires_at=timezone.now() - timedelta(seconds=1)
    )
    assert_error(client.get(f"{GAMES}{game['id']}/"), 404, "game_not_found")
    start(client)  # a new game purges the expired ones
    assert not GameSession.objects.filter(pk=game["id"]).exists()


def test_acting_keeps_a_game_alive(common: RuleSet, client: APIClient) -> None:
    game = start(client)
    soon = timezone.now() + timedelta(minutes=5)
    GameSession.objects.filter(pk=game["id"]).update(expires_at=soon)
    act(client, game, next(a for a in game["legal"] if a != "auto"))
    assert GameSession.objects.get(pk=game["id"]).expires_at > soon + timedelta(hours=1)


def test_a_draft_needs_the_change_permission(
    common: RuleSet, client: APIClient, player: User
) -> None:
    refused = client.post(
        GAMES, {"variant": "baike-common", "seat": 0, "version": "draft"}, format="json"
    )
    assert_error(refused, 403, "permission_denied")
    with_perms(player, "catalog.change_ruleset")
    editor = token_client(User.objects.get(pk=player.pk))
    game = start(editor, version="draft")
    assert game["version"] == "draft"
    stored = GameSession.objects.get(pk=game["id"])
    assert stored.definition == common.draft
    assert stored.version is None


def test_a_draft_game_keeps_its_rules_when_the_draft_changes(common: RuleSet, player: User) -> None:
    editor = token_client(with_perms(player, "catalog.change_ruleset"))
    game = start(editor, version="draft", seed=21)
    draft = dict(common.draft)
    draft["source"] = "changed after the game began"
    catalog.update_draft(common, draft, common.draft_revision, player)
    finished, _ = play_out(editor, game)
    assert finished["checksum"] == game["checksum"]
    assert finished["checksum"] != RuleSet.objects.get(pk=common.pk).draft_checksum


def test_an_invalid_draft_cannot_be_played(common: RuleSet, player: User) -> None:
    editor = token_client(with_perms(player, "catalog.change_ruleset"))
    RuleSet.objects.filter(pk=common.pk).update(draft={"id": "baike-common"}, draft_checksum="")
    response = editor.post(
        GAMES, {"variant": "baike-common", "seat": 0, "version": "draft"}, format="json"
    )
    body = assert_error(response, 409, "draft_invalid")
    assert body["errors"][0]["path"] == "version"


def test_steps_are_told_in_chinese(common: RuleSet, client: APIClient) -> None:
    response = client.post(
        GAMES,
        {"variant": "baike-common", "seat": 0, "seed": 11},
        format="json",
        HTTP_ACCEPT_LANGUAGE="zh-hans",
    )
    deal = response.json()["events"][0]
    assert deal["code"] == "deal"
    assert "发牌" in deal["text"]


def test_a_finished_game_can_be_watched_step_by_step(common: RuleSet, client: APIClient) -> None:
    game = start(client, seat=3, seed=17)
    body = assert_error(client.get(f"{GAMES}{game['id']}/steps/"), 409, "game_not_over")
    assert body["detail"]
    finished, _ = play_out(client, game)
    steps = client.get(f"{GAMES}{game['id']}/steps/")
    assert steps.status_code == 200, steps.content
    watched = steps.json()
    assert watched["record"]["actions"] == finished["result"]["record"]["actions"]
    assert watched["steps"][0]["state"]["hands"][3]
    assert watched["steps"][-1]["state"]["phase"] == "finished"
    # The viewer tells the whole truth: every step of the game, the seat's own and the others'.
    assert len(watched["steps"]) >= len(finished["events"])


def test_a_forfeit_is_told_and_summarised_without_a_finish_order() -> None:
    """弃皇者负 (qpsj-weihai): the game ends in bidding; the steps say who lost, the
    summary the API serves says how it ended, and a game that was played says nothing."""
    from baohuang.catalog.serializers import GameSummarySerializer
    from baohuang.engine import actions as A
    from baohuang.engine.narration import narrate
    from baohuang.engine.record import summary
    from tests.engine.rigging import bundled, rigged

    hands = [["BJ*", "SJ*", "7s"], ["9s", "10s"], ["Js", "Jh"], ["Qs", "Qh"], ["Ks", "Kh"]]
    narrator = narrate(rigged(bundled("qpsj-weihai"), hands), [A.ABDICATE] * 5)
    assert narrator.steps[-1].text.code == "forfeit"
    assert narrator.steps[-1].text.params["seat"] == 0
    data = GameSummarySerializer(summary(narrator.game)).data
    assert data["ended"] == "forfeit"
    assert data["forfeiter"] == 0
    assert data["finish"] == []
    assert data["points"] == [-12, 3, 3, 3, 3]
    played = narrate(rigged(bundled("qpsj-weihai"), hands), [A.ABDICATE, A.ASCEND])
    assert "ended" not in GameSummarySerializer(summary(played.game)).data
