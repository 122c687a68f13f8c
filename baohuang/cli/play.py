"""``baohuang play VARIANT CANDIDATE [--after PREVIOUS] [--json]``: is a play legal, does
it beat another, and why (the engine's reasons, :mod:`baohuang.engine.reasons`).
"""

from __future__ import annotations

import argparse

from baohuang.cli.base import (
    EXIT_OK,
    EXIT_PROBLEMS,
    EXIT_USAGE,
    Command,
    add_json_flag,
    err,
    load_or_report,
    out,
    print_json,
)
from baohuang.engine.compiled import compile_variant
from baohuang.engine.deck_limits import deck_reason, judge, play_reason
from baohuang.engine.notation import NotationError, format_play, parse_play
from baohuang.engine.plays import Play, is_legal_play
from baohuang.engine.reasons import from_notation, legal_lead, params_of, say
from baohuang.engine.reasons import reason as reason_of
from baohuang.rules.texts import gettext


def _add_play_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "variant", metavar="VARIANT", help="a bundled variant id (e.g. baike-weihai) or a file"
    )
    parser.add_argument(
        "candidate",
        metavar="CANDIDATE",
        nargs="+",
        help="the play to judge in card notation, e.g. '9 9 9 9' or 9 9 9 9",
    )
    parser.add_argument(
        "--after",
        metavar="PREVIOUS",
        default=None,
        help="the play on the table, e.g. 'SJ 8 8 8' (without it the candidate leads)",
    )
    add_json_flag(parser)


def play(args: argparse.Namespace) -> int:
    """Judge a play in a variant: is it legal, does it beat ``--after``, and why.

    Exit 0 for a legal play (that beats ``--after`` when given), 1 for an illegal play or
    one that does not beat, 2 for bad input: an unknown or invalid variant, bad notation,
    or a ``--after`` play that is not legal in the variant.
    """
    variant = load_or_report(args.variant)
    if variant is None:
        return EXIT_USAGE
    cv = compile_variant(variant)
    try:
        candidate = parse_play(" ".join(args.candidate), cv.play)
    except NotationError as exc:
        err(f"candidate: {say(from_notation(exc))}")
        return EXIT_USAGE
    previous: Play | None = None
    if args.after is not None:
        try:
            previous = parse_play(args.after, cv.play)
        except NotationError as exc:
            err(f"--after: {say(from_notation(exc))}")
            return EXIT_USAGE
        not_in_deck = deck_reason(cv, previous)
        illegal = is_legal_play(previous, cv.play) if not_in_deck is None else None
        if not_in_deck is not None:
            err(f"--after: {say(reason_of('not_in_deck', reason=not_in_deck))}")
            return EXIT_USAGE
        if illegal is not None:
            err(f"--after: {say(reason_of('previous_not_legal', reason=illegal))}")
            return EXIT_USAGE
    problem = play_reason(cv, candidate)
    if previous is None:
        verdict_beats = problem is None
        reason = problem or legal_lead(format_play(candidate, cv.play))
    else:
        verdict = judge(cv, previous, candidate)
        verdict_beats = verdict.beats
        reason = verdict.reason
    body = {
        "variant": cv.id,
        "previous": format_play(previous, cv.play) if previous is not None else None,
        "candidate": format_play(candidate, cv.play),
        "legal": problem is None,
        "beats": verdict_beats,
        "reason": say(reason),
        "reason_code": reason.code,
        "reason_params": params_of(reason),
    }
    if args.json:
        print_json(body)
    else:
        if previous is None:
            out(f"{cv.id}: {body['candidate']}")
        else:
            out(
                gettext("%(variant)s: %(candidate)s after %(previous)s")
                % {"variant": cv.id, "candidate": body["candidate"], "previous": body["previous"]}
            )
        out(gettext("legal: %(answer)s") % {"answer": _yes_no(problem is None)})
        if previous is not None:
            out(gettext("beats: %(answer)s") % {"answer": _yes_no(verdict_beats)})
        out(gettext("reason: %(reason)s") % {"reason": say(reason)})
    return EXIT_OK if problem is None and verdict_beats else EXIT_PROBLEMS


def _yes_no(value: bool) -> str:
    return gettext("yes") if value else gettext("no")


#: The command of this module.
COMMANDS = (
    Command(
        ("play",),
        "judge a play in a variant: is it legal, does it beat --after, and why",
        play,
        _add_play_arguments,
    ),
)
