"""The session API never shows a seat another seat's cards (issue #19, "done when").

Whole games are played through the API at every seat of several variants (tips, bought
cards, called guard cards, hidden guards and solos, the rebels choosing with the guard),
the player choosing at random among his legal actions. Every response before the
settlement is checked against the server's truth: the hand shown is the seat's own, no
suited or marked card that the seat never held appears anywhere in the response, a hidden
guard stays hidden, and nobody else's secret choice (暗保, 暗独) is told.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from rest_framework.test import APIClient

from baohuang.catalog import services
from baohuang.catalog.serializers import MAX_SEED, MIN_SEED
from baohuang.engine.deck import card_text
from baohuang.engine.narration import hand_cards
from baohuang.jobs import services as jobs
from baohuang.play.models import GameSession
from baohuang.play.selectors import session_game
from tests.fixtures import load_variant, make_user, token_client, with_perms

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_throttles")]

#: A suited card (10h, As, 2♠ as sentences write it) or a marked one (BJ*, SJ*).
CARD = re.compile(r"(?<![0-9A-Za-z*])(?:(?:10|[2-9JQKA])[shcd♠♥♣♦]|[BS]J\*)(?![0-9A-Za-z*])")
SUIT_LETTER = str.maketrans("♠♥♣♦", "shcd")

VARIANTS = ("baike-common", "baike-weihai", "tcy-bie3", "tcy-bie6", "baike-qingdao")


def strings(value: Any) -> Iterator[str]:
    """Every string in a JSON value (keys too)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def check(view: dict[str, Any], held: set[str]) -> None:
    """One response against the server's truth; ``held`` grows with the seat's cards."""
    session = GameSession.objects.get(pk=view["id"])
    game = session_game(session).game
    seat = session.seat
    truth = hand_cards(game, seat)
    assert view["hand"] == truth
    held.update(truth)
    # A buyer knows the card he paid with, a seller the card he sold (both left their
    # hands before their first view).
    held.update(card_text(paid) for buyer, _, _, paid in game.buys if buyer == seat and paid)
    held.update(card_text(card) for _, seller, card, _ in game.buys if seller == seat)
    # The emperor card (BJ*) is named in public sentences: who holds it is public.
    allowed = held | {"BJ*"} | ({view["called_card"]} if view["called_card"] else set())
    shown = {card.translate(SUIT_LETTER) for text in strings(view) for card in CARD.findall(text)}
    assert shown <= allowed, (shown - allowed, view["phase"])
    if not game.guard_public and game.guard != seat:
        assert view["guard"] is None
        assert view["i_am_guard"] is False
    for event in view["events"]:
        if event["seat"] != seat:
            assert event["action"] not in ("hidden_guard", "hidden_solo", "open_guard"), event
            assert event["code"] not in ("hidden_guard", "hidden_solo", "abdicate_tip", "buy"), (
                event
            )


@pytest.mark.parametrize("slug", VARIANTS)
def test_no_response_shows_another_seats_cards(slug: str, client: APIClient) -> None:
    rule_set = services.create_rule_set(slug, slug, slug, load_variant(slug), None)
    services.publish(rule_set, None)
    rng = random.Random(slug)
    for seat in range(5):
        view = client.post(
            "/api/v1/games/",
            {"variant": slug, "seat": seat, "seed": 1000 + seat, "policy": "random"},
            format="json",
        ).json()
        held: set[str] = set()
        while view["result"] is None:
            check(view, held)
            response = client.post(
                f"/api/v1/games/{view['id']}/actions/",
                {"action": rng.choice(view["legal"])},
                format="json",
            )
            assert response.status_code == 200, response.content
            view = response.json()
        # The settlement reveals every hand.
        assert len(view["result"]["hands"]) == 5
        assert all(view["result"]["hands"])


def integers(value: Any) -> Iterator[int]:
    """Every whole number in a JSON value (not booleans)."""
    if isinstance(value, int) and not isinstance(value, bool):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from integers(item)
    elif isinstance(value, list):
        for item in value:
            yield from integers(item)


@pytest.mark.parametrize(("slug", "seat"), [("baike-weihai", 2), ("tcy-bie6", 0)])
def test_no_response_gives_away_the_seed_of_a_game(slug: str, seat: int, client: APIClient) -> None:
    """Issue #31, item 1: the seed deals every hand, so a game started without one must not
    show anything that deals its cards before the settlement. Every number any response
    shows before the end is tried as a seed on every endpoint that takes one: ``deal`` (the
    five hands), ``replay`` (a valid replay of the game's actions confirms a guessed seed)
    and the watch of a job's game (a job seeded with it)."""
    rule_set = services.create_rule_set(slug, slug, slug, load_variant(slug), None)
    version = services.publish(rule_set, None)
    rng = random.Random(slug)
    view = client.post(
        "/api/v1/games/", {"variant": slug, "seat": seat, "policy": "random"}, format="json"
    ).json()
    session = GameSession.objects.get(pk=view["id"])
    shown: set[int] = set()
    seeds_told: set[Any] = set()
    while view["result"] is None:
        seeds_told.add(view["seed"])
        shown.update(integers(view))
        response = client.post(
            f"/api/v1/games/{view['id']}/actions/",
            {"action": rng.choice(view["legal"])},
            format="json",
        )
        assert response.status_code == 200, response.content
        view = response.json()
    session.refresh_from_db()
    # At the end the seed is told, and the record replays.
    assert view["seed"] == session.seed == view["result"]["record"]["seed"]

    deal_url = f"/api/v1/variants/{slug}/deal/"
    dealer = view["dealer"]
    truth = client.post(deal_url, {"seed": session.seed, "dealer": dealer}, format="json")
    assert truth.status_code == 200, truth.content
    record = view["result"]["record"]
    staff = with_perms(make_user("watcher", is_staff=True), "jobs.run_simulation")
    for number in sorted(shown):
        if not MIN_SEED <= number <= MAX_SEED:
            continue
        dealt = client.post(deal_url, {"seed": number, "dealer": dealer}, format="json")
        assert dealt.status_code == 200, dealt.content
        assert dealt.json()["hands"] != truth.json()["hands"], number
        replayed = client.post(
            f"/api/v1/variants/{slug}/replay/", {**record, "seed": number}, format="json"
        ).json()
        assert not replayed["valid"], number
        if number >= 1000:  # small numbers are seats, sizes and indices: a job of each is slow
            job = jobs.create_job(version, 1, number, created_by=staff)
            watched = token_client(staff).get(f"/api/v1/simulations/{job.pk}/games/0/").json()
            assert watched["steps"][0]["state"]["hands"] != truth.json()["hands"], number
    assert seeds_told == {None}
    # A secret seed has 63 random bits: no search from one seat's hand can find it (this
    # fails once in 2³¹ runs).
    assert session.seed.bit_length() > 32
