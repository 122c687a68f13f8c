"""``baohuang play``: is a play legal, does it beat another, and why."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.console import base, run, write

# --------------------------------------------------------------------------- play


def test_play_a_legal_lead_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "play", "baike-weihai", "6 6 6 6 6 6 6 6 6 6 6 6 6")

    assert status == 0
    assert out.splitlines() == [
        "baike-weihai: 6 6 6 6 6 6 6 6 6 6 6 6 6",
        "legal: yes",
        "reason: 6 6 6 6 6 6 6 6 6 6 6 6 6 is a legal play to lead.",
    ]
    assert err == ""


def test_play_a_3_where_the_deck_has_none_exits_1_with_the_reason(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "play", "baike-weihai", "3", "3", "3")

    assert status == 1
    assert out.splitlines() == [
        "baike-weihai: 3 3 3",
        "legal: no",
        "reason: This variant's deck has no threes (all threes, fours and fives are removed)",
    ]


def test_play_more_copies_than_the_deck_holds_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    sixes = " ".join(["6"] * 14)

    status, out, _ = run(capsys, "play", "baike-weihai", sixes, "--after", "7 " * 14)

    assert status == 1
    assert "legal: no" in out.splitlines()
    assert "beats: no" in out.splitlines()
    assert (
        "reason: The deck holds only 13 sixes (16 in 4 decks, 3 removed at random each deal); "
        "the play has 14"
    ) in out.splitlines()


def test_play_two_tops_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "play", "hd", "TOP TOP")

    assert status == 1
    assert out.splitlines()[-1] == (
        "reason: There is only one card above the big joker (TOP) in this variant; the play has 2"
    )


def test_play_that_beats_exits_0_and_one_that_does_not_exits_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    beats_status, beats_out, _ = run(
        capsys, "play", "baike-common", "SJ 7 7 7", "--after", "6 6 6 6"
    )
    fails_status, fails_out, _ = run(
        capsys, "play", "baike-common", "9 9 9 9", "--after", "SJ 8 8 8"
    )

    assert beats_status == 0
    assert beats_out.splitlines()[:3] == [
        "baike-common: SJ 7 7 7 after 6 6 6 6",
        "legal: yes",
        "beats: yes",
    ]
    assert fails_status == 1
    assert fails_out.splitlines()[1:3] == ["legal: yes", "beats: no"]
    assert "a plain set never beats a set with a joker" in fails_out


def test_play_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "play", "baike-weihai", "BJ", "4", "4", "--json")

    assert status == 1
    assert json.loads(out) == {
        "variant": "baike-weihai",
        "previous": None,
        "candidate": "BJ 4 4",
        "legal": False,
        "beats": False,
        "reason": "This variant's deck has no fours (all threes, fours and fives are removed)",
        "reason_code": "rank_removed",
        "reason_params": {
            "rank": "4",
            "removed": {"code": "names", "params": {"items": ["3", "4", "5"]}},
        },
    }


def test_play_a_file_variant(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = base()
    data["id"] = "two-decks"
    data["deck"]["decks"] = 2
    data["deal"]["hand_sizes"] = [22, 22, 22, 21, 21]
    path = write(tmp_path / "two-decks.yaml", data)

    status, out, _ = run(capsys, "play", str(path), "K " * 9)

    assert status == 1
    assert out.splitlines()[-1] == (
        "reason: The deck holds only 8 kings (4 per deck, 2 decks); the play has 9"
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["nope", "3"], "'nope' is neither a bundled variant id nor a file. Known ids: "),
        (["baike-common", "9", "X"], "candidate: 'X' is not a card: "),
        (["baike-common", "11"], "candidate: '11' is not a card: "),
        (["baike-common", " "], "candidate: a play needs at least one card"),
        (["baike-common", "9", "--after", "8 Z"], "--after: 'Z' is not a card: "),
        (["baike-common", "9 9", "--after", "9 8"], "--after: The previous play is not legal: "),
        (
            ["baike-weihai", "7 7", "--after", "4 4"],
            "--after: This variant's deck has no fours (all threes, fours and fives are removed).",
        ),
    ],
)
def test_play_bad_input_exits_2_with_a_message(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, "play", *argv)

    assert status == 2
    assert out == ""
    assert err.startswith(message)


def test_play_an_invalid_variant_file_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = base()
    data["deck"]["decks"] = 0
    path = write(tmp_path / "broken.yaml", data)

    status, out, err = run(capsys, "play", str(path), "3")

    assert status == 2
    assert out == ""
    assert "deck.decks" in err
