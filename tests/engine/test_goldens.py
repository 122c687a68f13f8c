"""Golden games (issue 4): one scripted game per bundled variant, replayed and re-checked.

Each golden file is a fixed seed and a fixed list of actions. The test replays it, checks
the finish order and the points stated below, the variant's distinctive rules it shows,
and that the full summary is unchanged (regenerate with `python -m
tests.engine.golden_games` after an intended change and review the diff).
"""

from __future__ import annotations

import json

import pytest

from baohuang.engine.compiled import compile_variant
from baohuang.engine.record import replay, summary
from baohuang.rules import load_bundled
from tests.engine.golden_games import FEATURES, GOLDEN_DIR

# variant: (finish order by seat, points by seat)
EXPECTED = {
    # Called guard: emperor 4 first, guard 1 third: guard 2, emperor 4, rebels -2.
    "baike-classic": ([4, 3, 1, 2, 0], [-2, 2, -2, -2, 4]),
    # Emperor 1 second, open guard 3 fourth: 6 - (2 + 4) = 0 for everyone, a draw.
    "baike-common": ([2, 1, 0, 3, 4], [0, 0, 0, 0, 0]),
    # Grabbed open solo, emperor 3 fourth: -24, the others +6.
    "baike-qingdao": ([0, 3, 2, 4, 1], [6, 6, 6, -24, 6]),
    # Hidden solo revealed by a rebellion, then a kick: -12 x 2 x 2 for the emperor 3.
    "baike-weihai": ([0, 4, 2, 3, 1], [12, 12, 12, -48, 12]),
    # Called guard with the card above the big joker: emperor 0 first, guard 1 fourth.
    "hd": ([0, 4, 3, 1, 2], [2, 1, -1, -1, -1]),
    # Open guard that wins doubles (JJ): guard 2 first, emperor 1 fourth: 2 x (1, 2).
    "jj-standard": ([2, 3, 4, 1, 0], [-2, 4, 2, -2, -2]),
    # Open guard x2: emperor 4 first, guard 1 second: 12, 6, rebels -6.
    "lianzhong-classic": ([4, 1, 2, 3, 0], [-6, 6, -6, -6, 12]),
    # Hidden solo revealed by a rebellion (x2): emperor 3 fourth, -12 x 2.
    "lianzhong-simple": ([2, 0, 3, 4, 1], [6, 6, 6, -24, 6]),
    # Emperor 0 first, guard 2 fifth: 6 - 6 = 0; the rebels were out first but the first
    # finisher was a royal: a draw.
    "tcy-bie3": ([0, 1, 3, 4, 2], [0, 0, 0, 0, 0]),
    # Hidden solo revealed by a rebellion (open play x2): emperor 2 fifth, -12 x 2.
    "tcy-bie6": ([1, 4, 3, 0, 2], [6, 6, -24, 6, 6]),
    # Grabbed open solo, marks void: emperor 1 first, +24, the others -6.
    "tcy-weihai": ([1, 2, 3, 4, 0], [-6, 24, -6, -6, -6]),
}


def load(variant_id: str) -> dict:
    return json.loads((GOLDEN_DIR / f"{variant_id}.json").read_text(encoding="utf-8"))


def test_every_variant_has_a_golden_game():
    assert set(EXPECTED) == set(FEATURES)
    assert {p.stem for p in GOLDEN_DIR.glob("*.json")} == set(EXPECTED)


@pytest.mark.parametrize("variant_id", sorted(EXPECTED))
def test_golden_game_replays_to_the_stated_result(variant_id):
    golden = load(variant_id)
    record = golden["record"]
    cv = compile_variant(load_bundled(variant_id))
    assert record["variant"] == variant_id
    assert record["checksum"] == cv.checksum, "the variant changed; regenerate the goldens"
    result = replay(cv, record["seed"], record["actions"], dealer=record["dealer"])
    assert result.ok, result.error
    game = result.game
    assert game.finished
    finish, points = EXPECTED[variant_id]
    assert list(game.outcome.finish) == finish
    assert list(game.outcome.score.points) == points
    for feature in FEATURES[variant_id]:
        assert feature.check(game), f"{variant_id}: the golden game no longer shows {feature.name}"
    assert summary(game) == golden["summary"]


def test_a_tampered_record_fails_at_the_first_illegal_action():
    golden = load("baike-common")
    record = golden["record"]
    actions = list(record["actions"])
    index = next(i for i, a in enumerate(actions) if a.startswith("play "))
    actions[index] = "play BJ BJ BJ BJ"
    cv = compile_variant(load_bundled("baike-common"))
    result = replay(cv, record["seed"], actions, dealer=record["dealer"])
    assert not result.ok
    assert result.error.index == index
    assert "does not hold" in result.error.reason
    # Five big jokers are not in the deck at all: the reason says so, not who holds what.
    actions[index] = "play BJ BJ BJ BJ BJ"
    result = replay(cv, record["seed"], actions, dealer=record["dealer"])
    assert result.error.index == index
    assert result.error.reason == (
        "The deck holds only 4 big jokers (one per deck, 4 decks, the emperor card BJ* among "
        "them); the play has 5."
    )


def test_an_unreadable_action_names_its_index():
    cv = compile_variant(load_bundled("baike-common"))
    result = replay(cv, 5, ["play 8 8 X"])
    assert result.error is not None
    assert result.error.index == 0
    assert "'X'" in result.error.reason
