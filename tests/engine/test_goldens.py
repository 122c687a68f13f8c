"""Golden games: one recorded game per bundled variant, replayed and checked against the rules.

The recording (`goldens/<variant>.json`, made by `golden_games.py`) is only the input: a seed
and the actions. Everything a player would check is stated HERE, by hand, each value with
the rule it comes from (docs/rules.md, variants/*.yaml): roles, finish order, points, outcome,
multiplier, money, tribute owed and the distinctive moments (who did what at which action
index). Re-recording cannot change these statements: when the engine disagrees, the
failure names the rule to check. The recorded summary is compared last, as a catch-all for
what no statement covers.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from baohuang.engine.compiled import compile_variant
from baohuang.engine.deck import card_from_text, card_text
from baohuang.engine.game import Game
from baohuang.engine.record import replay, summary
from baohuang.engine.scoring import score
from baohuang.engine.tribute import TributePlan
from baohuang.rules import load_bundled
from tests.engine.golden_games import (
    FEATURES,
    GOLDEN_DIR,
    ROLE_KINDS,
    SEEDS,
    Moment,
    golden_document,
    main,
    play_biased,
    story,
    summary_changes,
    summary_diff,
    write_golden,
)


@dataclass(frozen=True)
class Claim:
    """A stated value and the rule it is derived from (shown when the engine disagrees)."""

    value: Any
    rule: str


@dataclass(frozen=True)
class Golden:
    """What a golden game must come to, stated from the rules."""

    roles: Claim
    """(emperor, guard, solo, called card)."""
    finish: Claim
    points: Claim
    outcome: Claim
    multiplier: Claim
    money: Claim
    tribute: Claim
    """(shut-in transfers (from, to, count), givers (seat, count), takers (seat, count))."""
    moments: Claim
    """The distinctive moments; every moment of their kinds (and of ROLE_KINDS) must match."""
    dealt: Claim | None = None
    """Per seat, the identical cards held three or more times in the deal ("Ks×3")."""
    left: Claim | None = None
    """Cards each seat still held when the game ended."""


NO_TRIBUTE = ((), (), ())
MONEY_IS_POINTS = "no money settings in the variant: base 1, no table fee, so money = points"

GOLDENS: dict[str, Golden] = {
    "baike-common": Golden(
        roles=Claim((1, 3, None, None), "§4.1 fixed guard: seat 1 ascends, seat 3 holds SJ*"),
        finish=Claim([2, 1, 0, 3, 4], "as played; seat 4 is left last (§6.3)"),
        points=Claim(
            [0, 0, 0, 0, 0], "§8.1: emperor 1 2nd, guard 3 4th: guard 6 − (2 + 4) = 0, all 0"
        ),
        outcome=Claim("draw", "§8.5 points method: the royals' points are 0, a draw"),
        multiplier=Claim(1, "baike-common has no multipliers: the open guard does not double"),
        money=Claim([0, 0, 0, 0, 0], MONEY_IS_POINTS),
        tribute=Claim(NO_TRIBUTE, "baike-common has no tribute"),
        moments=Claim(
            [
                # §3/§4.3: seat 3, dealt BJ*, passes upstream to 3 − 1 = 2; the first pass is free.
                (0, 3, "abdicates", "BJ* to seat 2"),
                # The second decliner adds a 2 (two_or_highest from pass 2).
                (1, 2, "abdicates", "BJ* to seat 1 with tips 2d"),
                # Whoever ascends takes the tips; the SJ* holder (seat 3) is the guard.
                (2, 1, "ascends", "ascends, guard seat 3, takes 1 tip(s)"),
                (3, 3, "opens", "open_guard"),  # §4.5 明保
                (3, None, "open_guard", ""),
            ],
            "§4.3 baike standard abdication: upstream, a 2 tipped from the second pass on",
        ),
    ),
    "baike-classic": Golden(
        roles=Claim((4, 3, None, "Kc"), "§4.2 called guard: seat 3 holds the fourth Kc"),
        finish=Claim([4, 2, 3, 1, 0], "as played; seat 0 is left last"),
        points=Claim(
            [-2, -2, -2, 2, 4],
            "§8.1: emperor 4 1st, guard 3 3rd: guard 6 − (1 + 3) = 2, emperor 4, rebels −2",
        ),
        outcome=Claim("win", "§8.5 points method: the royals' points are positive"),
        multiplier=Claim(1, "baike-classic has no multipliers: the open guard does not double"),
        money=Claim([-2, -2, -2, 2, 4], MONEY_IS_POINTS),
        tribute=Claim(NO_TRIBUTE, "baike-classic has no tribute"),
        dealt=Claim(
            ("2d×3", "5s×3 8h×3", "", "Ks×3", "Kc×3 Kd×3"),
            "the deal: seat 0's only triple is of 2s (不能叫2); seat 4 holds two K triples",
        ),
        moments=Claim(
            [
                # Round 1 (free): everyone passes upstream, 0 → 4 → 3 → 2 → 1 → 0; no tips.
                (5, 0, "abdicates", "BJ* to seat 4"),
                (6, 4, "abdicates", "BJ* to seat 3"),
                (7, 3, "abdicates", "BJ* to seat 2"),
                (8, 2, "abdicates", "BJ* to seat 1"),
                (9, 1, "abdicates", "BJ* to seat 0"),
                # Round 2 (逼庄, forced for everyone): seat 0 cannot call (2s only), passes on;
                (10, 0, "abdicates", "BJ* to seat 4"),
                # seat 4 can, so must ascend, calling its highest rank: a K (choice highest).
                (11, 4, "ascends", "calls Kc, guard seat 3 (forced)"),
                (12, 3, "opens", "open_guard"),
                (12, None, "open_guard", ""),
            ],
            "§4.3 classic 逼庄: after one free round the whole second round is forced",
        ),
    ),
    "baike-weihai": Golden(
        roles=Claim((0, 3, None, None), "§4.1 fixed guard: seat 0 ascends, seat 3 holds SJ*"),
        finish=Claim(
            [1, 3, 0, 2, 4],
            "§6.4 one_side_out: the game ends when the royals are out (3rd); seats 2 and 4 "
            "both hold 4 cards and are ranked in play order from seat 0, who went out last",
        ),
        left=Claim([0, 0, 4, 0, 4], "seats 2 and 4 were still holding cards"),
        points=Claim(
            [24, -16, -16, 24, -16],
            "baike-weihai equal shares (guard known after the rebellion): royals out first "
            "leaving k = 2 rebels: emperor = guard = 3k = 6, rebels −2k = −4; × 4",
        ),
        outcome=Claim(
            "win", "§8.5 side_out: the royals were all out first; seat 1's 1st is no help"
        ),
        multiplier=Claim(4, "§8.3 Weihai: successful rebellion ×2, successful kick ×2"),
        money=Claim([24, -16, -16, 24, -16], MONEY_IS_POINTS),
        tribute=Claim(NO_TRIBUTE, "baike-weihai has no tribute"),
        moments=Claim(
            [
                (5, 1, "abdicates", "BJ* to seat 0"),  # §4.3 upstream; the first pass is free
                (6, 0, "ascends", "ascends, guard seat 3"),
                (7, 3, "stays hidden", "hidden_guard"),  # 暗保: the rebels may rebel
                (8, 1, "rebels", ""),
                (9, 2, "rebels", ""),
                # §4.6 threshold 2: the rebellion succeeds once the round is over (seat 3, the
                # guard, and seat 4 said no).
                (11, None, "rebellion", ""),
                # After a rebellion the emperor may kick; the royals then win: kick_succeeded.
                (12, 0, "kicks", ""),
                (12, None, "kick", ""),
                (294, 1, "goes out", "1st with 6 6 6"),  # §6.1 憋六: all his 6s, last
                (312, 3, "sneaks out", "2nd with J"),  # §6.1 偷着跑: seat 3 was dealt no 6
                (320, 0, "goes out", "3rd with 6 6 6"),
            ],
            "§4.6 rebellion by seats 1 and 2 and a kick by the emperor; §6.1 6s last, sneak-out",
        ),
    ),
    "baike-qingdao": Golden(
        roles=Claim((1, 2, None, "6s"), "§4.2 called guard: seat 2 holds the fourth 6s"),
        finish=Claim([0, 3, 4, 1, 2], "as played; seat 2 is left last"),
        points=Claim(
            [3, -6, -3, 3, 3],
            "§8.1: emperor 1 4th, guard 2 5th: guard 6 − (4 + 5) = −3, emperor −6, rebels +3",
        ),
        outcome=Claim("lose", "§9.1 Qingdao rank table: royals (4, 5) lose"),
        multiplier=Claim(1, "baike-qingdao has no multipliers (open and hidden guard alike)"),
        money=Claim([3, -6, -3, 3, 3], MONEY_IS_POINTS),
        tribute=Claim(
            ((), ((1, 4), (2, 2)), ((0, 2), (3, 2), (4, 2))),
            "§9.1 (4, 5): the emperor gives 4, the guard 2; the rebels pick 2 each in finish "
            "order (0, 3, 4)",
        ),
        dealt=Claim(
            ("Qc×3 As×3", "6s×3 Ad×3", "4h×3", "Qs×3", ""),
            "the deal: seat 1 may call 6s or Ad (choice free); seat 2 could ascend but passes",
        ),
        moments=Claim(
            [
                # §4.3 Qingdao: the first holder passes upstream, tipping his highest card,
                # jokers included, from the very first pass.
                (5, 2, "abdicates", "BJ* to seat 1 with tips SJ"),
                (6, 1, "ascends", "calls 6s, guard seat 2, takes 1 tip(s)"),
                (7, 2, "opens", "open_guard"),
                (7, None, "open_guard", ""),
                # §5.4 让牌: seats 0 and 2 defer but somebody followed; seat 3 defers, nobody
                # follows, and seat 3 plays in the second circle.
                (22, 0, "defers", ""),
                (39, 2, "defers", ""),
                (170, 3, "defers", ""),
                (174, 3, "second circle", "A"),
            ],
            "§4.3 Qingdao tip; §5.4 deferring and the second circle",
        ),
    ),
    "tcy-bie6": Golden(
        roles=Claim((1, 0, None, None), "§4.1 fixed guard: seat 1 ascends, seat 0 holds SJ*"),
        finish=Claim(
            [1, 2, 3, 4, 0], "§6.4 one_side_out: the rebels are all out 2nd–4th; seat 0 last"
        ),
        left=Claim([3, 0, 0, 0, 0], "the guard was caught with 3 cards"),
        points=Claim(
            [-2, -4, 2, 2, 2],
            "tcy-bie6 side-out table: rebels out first leaving j = 1 royal: emperor −2j = −2, "
            "guard −1, rebels +1; × 2",
        ),
        outcome=Claim(
            "lose",
            "§8.5 先出完牌的一方获胜: the rebels were all out first (the emperor's 1st "
            "does not count)",
        ),
        multiplier=Claim(2, "§8.3 明打 ×2: the rebellion made the guard known (guard_known)"),
        money=Claim([-2, -4, 2, 2, 2], MONEY_IS_POINTS),
        tribute=Claim(NO_TRIBUTE, "tcy-bie6 has no tribute"),
        moments=Claim(
            [
                (0, 1, "ascends", "ascends, guard seat 0"),  # the first holder ascends
                # 憋六: the rebels choose while the guard chooses (timing with_guard), asked
                # from the emperor's downstream: 2, 3, 4, then the guard 0 — who stays hidden
                # without knowing, and two rebels make the rebellion.
                (1, 2, "rebels", ""),
                (3, 4, "rebels", ""),
                (4, 0, "stays hidden", "hidden_guard"),
                (4, None, "rebellion", ""),
                (300, 1, "goes out", "1st with 6 6 6"),  # §6.1: every 6 in the last play
                (305, 2, "goes out", "2nd with 6"),
                (309, 3, "goes out", "3rd with 6 6 6"),
                (314, 4, "goes out", "4th with 6 6 6"),
            ],
            "§4.6 rebellion together with the guard's choice (tcy-bie6 notes); §6.1 6s last",
        ),
    ),
    "tcy-bie3": Golden(
        roles=Claim((0, 2, None, "9c"), "§4.2 called guard: seat 2 holds the fourth 9c"),
        finish=Claim(
            [2, 1, 3, 4, 0], "§6.4 one_side_out: the rebels are all out 2nd–4th; seat 0 last"
        ),
        left=Claim([1, 0, 0, 0, 0], "the emperor was left with one card, a 3"),
        points=Claim([0, 0, 0, 0, 0], "§8.5 憋三: a draw scores 0 for everyone"),
        outcome=Claim(
            "draw",
            "§6.4 憋三: the rebels were all out first, but the first finisher (seat 2) is a "
            "royal: a draw",
        ),
        multiplier=Claim(1, "hidden guard, no solo: neither 明打 nor 独打 doubles"),
        money=Claim([0, 0, 0, 0, 0], MONEY_IS_POINTS),
        tribute=Claim(
            ((), (), ()),
            "§6.2 闷3 (tcy-bie3 notes): seat 0 is down to his 3, but a draw shuts nobody in "
            "(shut_in_when: lost_down_to_them), so no 闷贡; a draw pays no 科贡",
        ),
        dealt=Claim(
            ("9c×3", "2s×3", "", "", ""), "the deal: seat 0 can call 9c (2s cannot be called)"
        ),
        moments=Claim(
            [
                # §6.2 买3: seats 0 and 2 were dealt no 3; each buys one with a 2, in play order
                # from the first seat dealt (seat 0), from the seat holding most 3s.
                (None, 0, "buys", "3c from seat 1 for 2d"),
                (None, 2, "buys", "3c from seat 4 for 2d"),
                # §4.3: a free round upstream with a 2 tipped from the second pass …
                (0, 0, "abdicates", "BJ* to seat 4"),
                (1, 4, "abdicates", "BJ* to seat 3 with tips 2d"),
                (2, 3, "abdicates", "BJ* to seat 2 with tips 2d 2c"),
                (3, 2, "abdicates", "BJ* to seat 1 with tips 2d 2c 2s"),
                (4, 1, "abdicates", "BJ* to seat 0 with tips 2d 2c 2s 2d"),
                # … then the forced round: seat 0 can call, so must.
                (5, 0, "ascends", "calls 9c, guard seat 2, takes 4 tip(s) (forced)"),
                (6, 2, "stays hidden", "hidden_guard"),
                (34, 2, "plays TOP", "TOP"),  # §6.5 the 老花 (the guard's 9c) above BJ …
                (38, 1, "beats unevenly", "2 2 2 2 over TOP"),  # … beaten by four 2s
                (359, 2, "goes out", "1st with 3"),  # §6.2 the 3s come last
                (383, 1, "goes out", "2nd with 3"),
                (387, 3, "goes out", "3rd with 3"),
                (390, 4, "goes out", "4th with 3"),
                # Seat 0 still holds his last 3, but in a draw nobody shut him in (no 闷3).
            ],
            "§6.2 buying a 3, 3s last, no 闷3 in a draw; §6.5 four 2s beat the 老花",
        ),
    ),
    "tcy-weihai": Golden(
        roles=Claim((3, None, "open", None), "§4.4 a grab makes an open solo with no guard"),
        finish=Claim(
            [1, 2, 0, 3, 4],
            "§6.4 open solo: the game ends as soon as seat 1 goes out first; the others are "
            "ranked by fewest cards (3, 4, 6, 7)",
        ),
        left=Claim([4, 0, 3, 6, 7], "cards held when seat 1 went out"),
        points=Claim([6, 6, 6, -24, 6], "§8.2 open solo, emperor 4th: −24, the others +6"),
        outcome=Claim("lose", "tcy-weihai: the open solo emperor must go out first to win"),
        multiplier=Claim(1, "明打 ×2 is guard_known; an open solo has no guard (notes)"),
        money=Claim([6, 6, 6, -24, 6], MONEY_IS_POINTS),
        tribute=Claim(NO_TRIBUTE, "tcy-weihai has no tribute"),
        moments=Claim(
            [
                # §4.4: seat 3 grabs the solo without the emperor card, and the marked cards
                # become plain jokers (marks_void).
                (4, 3, "grabs", "the solo, BJ* and SJ* now plain jokers"),
                (4, None, "grabbed_solo", ""),
                (303, 1, "goes out", "1st with 6 6 6 6 6"),  # §6.1 6s last; the game ends
            ],
            "§4.4 grab with voided marks; §6.4 the open solo ends on another player's 1st",
        ),
    ),
    "lianzhong-classic": Golden(
        roles=Claim((3, 1, None, "5s"), "§4.2 called guard: seat 1 holds the fourth 5s"),
        finish=Claim([3, 0, 2, 1, 4], "as played; seat 4 is left last"),
        points=Claim(
            [-2, 2, -2, 4, -2],
            "§8.1: emperor 3 1st, guard 1 4th: guard 6 − (1 + 4) = 1, emperor 2, rebels −1; × 2",
        ),
        outcome=Claim(
            "win",
            "§8.5 Lianzhong: the outcome follows the sign of the royals' points (+): (1, 4) "
            "is a win, whatever the garbled third-party table says",
        ),
        multiplier=Claim(2, "§8.3 Lianzhong: an open guard doubles"),
        money=Claim([-2, 2, -2, 4, -2], MONEY_IS_POINTS),
        tribute=Claim(NO_TRIBUTE, "lianzhong-classic has no tribute"),
        dealt=Claim(
            ("", "10h×3 Ks×3", "", "4s×4 5s×3", "4c×3"),
            "the deal: seat 3 holds four 4s and three 5s; the highest callable rank is 5",
        ),
        moments=Claim(
            [
                (5, 3, "ascends", "calls 5s, guard seat 1"),  # choice highest: 5s, not 4s
                (6, 1, "opens", "open_guard"),
                (6, None, "open_guard", ""),
                # §5.5 烤牌: a single BJ roasted with more jokers; BJ SJ is above BJ in
                # play.roast.joker_order.
                (12, 3, "beats unevenly", "BJ SJ over BJ"),
                (51, 2, "beats unevenly", "BJ SJ over BJ"),
            ],
            "§4.2 highest triple; §5.5 roasting",
        ),
    ),
    "lianzhong-simple": Golden(
        roles=Claim((2, 4, None, None), "§4.1 fixed guard: seat 2 ascends, seat 4 holds SJ*"),
        finish=Claim([2, 1, 0, 3, 4], "as played; seat 4 is left last"),
        points=Claim(
            [0, 0, 0, 0, 0], "§8.1: emperor 2 1st, guard 4 5th: guard 6 − (1 + 5) = 0, all 0"
        ),
        outcome=Claim("draw", "§8.5 Lianzhong: the royals' points are 0, a draw"),
        multiplier=Claim(2, "§8.3 Lianzhong: a successful rebellion doubles (0 × 2 = 0)"),
        money=Claim([0, 0, 0, 0, 0], MONEY_IS_POINTS),
        tribute=Claim(NO_TRIBUTE, "lianzhong-simple has no tribute"),
        moments=Claim(
            [
                (0, 0, "abdicates", "BJ* to seat 4"),  # §4.3 upstream, the first pass free
                (1, 4, "abdicates", "BJ* to seat 3 with tips 2d"),  # later decliners add a 2
                (2, 3, "abdicates", "BJ* to seat 2 with tips 2d 2d"),
                (3, 2, "ascends", "ascends, guard seat 4, takes 2 tip(s)"),
                (4, 4, "stays hidden", "hidden_guard"),
                (5, 3, "rebels", ""),  # §4.6: three rebels, threshold 2
                (7, 0, "rebels", ""),
                (8, 1, "rebels", ""),
                (8, None, "rebellion", ""),
                # §7 托管: seat 3's fourth spell (more than three) locks it on.
                (11, 4, "auto", ""),
                (165, 3, "auto", ""),
                (180, 3, "auto", ""),
                (215, 3, "auto", ""),
                (258, 1, "auto", ""),
                (370, 3, "auto", ""),
                (370, 3, "locked on automatic", "spell 4"),
            ],
            "§4.3 tips; §4.6 rebellion; §7 托管 locks after more than three spells",
        ),
    ),
    "hd": Golden(
        roles=Claim((0, 2, None, "Ks"), "§4.2 called guard: seat 2 holds the fourth Ks"),
        finish=Claim([4, 3, 0, 2, 1], "as played; seat 1 is left last"),
        points=Claim(
            [-2, 1, -1, 1, 1],
            "§8.1: emperor 0 3rd, guard 2 4th: guard 6 − (3 + 4) = −1, emperor −2, rebels +1",
        ),
        outcome=Claim("lose", "§8.5 points method: the royals' points are negative"),
        multiplier=Claim(1, "hd has no multipliers"),
        money=Claim(
            [-2, 1, -1, 1, 1],
            "§8.6 hd: base 1, no fee; a played game passes no carried beans, so no cap",
        ),
        tribute=Claim(NO_TRIBUTE, "hd has no tribute"),
        dealt=Claim(
            ("7s×3 8s×3 Jc×3 Ks×3", "", "Qd×3", "4s×3 4h×3 Qh×3", "Qc×3"),
            "the deal: seat 0, the first decliner, can call a guard",
        ),
        moments=Claim(
            [
                # §3: HD passes upstream in play order (the card goes to seat − 1); the first
                # abdication is free, later ones tip the highest non-joker card (a 2).
                (5, 0, "abdicates", "BJ* to seat 4"),
                (6, 4, "abdicates", "BJ* to seat 3 with tips 2d"),
                (7, 3, "abdicates", "BJ* to seat 2 with tips 2d 2c"),
                (8, 2, "abdicates", "BJ* to seat 1 with tips 2d 2c 2d"),
                (9, 1, "abdicates", "BJ* to seat 0 with tips 2d 2c 2d 2d"),
                # §4.3 逼位: back with the first decliner, who can call, so ascends (forced).
                (10, 0, "ascends", "calls Ks, guard seat 2, takes 4 tip(s) (forced)"),
                (11, 2, "stays hidden", "hidden_guard"),
                (19, 2, "plays TOP", "TOP"),  # §6.5 特画: the called card above BJ
                # §5.3 申请接风: seat 0 applies after seat 4 goes out, but someone plays: the
                # application fails; later applications with everyone passing take the lead.
                (327, 0, "applies for the wind", ""),
                (339, 0, "applies for the wind", ""),
                (341, 0, "takes the wind", "applied"),
                (349, 1, "applies for the wind", ""),
                (350, 1, "takes the wind", "applied"),
            ],
            "§3 upstream abdication, §4.3 逼位 of the first decliner, §6.5 特画, §5.3 wind",
        ),
    ),
    "jj-standard": Golden(
        roles=Claim((2, 0, None, None), "§4.1 fixed guard: seat 2 ascends, seat 0 holds SJ*"),
        finish=Claim([0, 3, 1, 2, 4], "as played; seat 4 is left last"),
        points=Claim(
            [2, -2, 4, -2, -2],
            "§8.1: guard 0 1st, emperor 2 4th: guard 6 − (1 + 4) = 1, emperor 2, rebels −1; × 2",
        ),
        outcome=Claim("win", "§8.5 points method: the royals' points are positive"),
        multiplier=Claim(2, "§8.3 JJ: an open guard doubles (明保成功: open_guard), won or lost"),
        money=Claim(
            [780, -520, -220, 380, -520],
            "§8.6 JJ: 100 × points − 20; each seat that went automatic (1, 2, 4) pays 600 to "
            "its teammates: emperor 2 → guard 0 (+600); rebels 1 and 4 → 300 to each other "
            "rebel: 0: 200+600−20; 1: −200−600+300−20; 2: 400−600−20; 3: −200+600−20",
        ),
        tribute=Claim(NO_TRIBUTE, "jj-standard has no tribute"),
        moments=Claim(
            [
                (0, 2, "ascends", "ascends, guard seat 0"),  # the first holder ascends
                (1, 0, "opens", "open_guard"),
                (1, None, "open_guard", ""),
                (46, 1, "auto", ""),  # §7 托管 (JJ: 托管断线积分)
                (82, 2, "auto", ""),
                (222, 2, "auto", ""),
                (229, 4, "auto", ""),
                (241, 1, "auto", ""),
            ],
            "§7 automatic play, charged in §8.6",
        ),
    ),
    "pagat-rizhao": Golden(
        roles=Claim((0, 1, None, None), "fixed guard: seat 0 holds BJ*, seat 1 holds SJ*"),
        finish=Claim([4, 2, 0, 1, 3], "as played; seat 3 is left last"),
        points=Claim(
            [-2, -1, 1, 1, 1], "§8.1 (assumed): emperor 3rd, guard 4th: guard 6 − 7 = −1, emp. −2"
        ),
        outcome=Claim("lose", "outcome by points: the royals' points are negative"),
        multiplier=Claim(1, "pagat-rizhao has no multipliers"),
        money=Claim([-2, -1, 1, 1, 1], MONEY_IS_POINTS),
        tribute=Claim(NO_TRIBUTE, "pagat-rizhao has no tribute"),
        moments=Claim(
            [(0, 0, "ascends", "ascends, guard seat 1 (forced)")],
            "the BJ* holder must rule (no abdication named); the guard stays hidden, no opening",
        ),
    ),
    "gamerules-com": Golden(
        roles=Claim((3, 4, None, None), "fixed guard: seat 3 was dealt BJ*, seat 4 holds SJ*"),
        finish=Claim([3, 4, 0, 2, 1], "as played; seat 1 is left last"),
        points=Claim([-3, -3, -3, 6, 3], "§8.1 (assumed): emperor 1st, guard 2nd: 6 / 3 / −3"),
        outcome=Claim("win", "outcome by points: the royals' points are positive"),
        multiplier=Claim(1, "gamerules-com has no multipliers"),
        money=Claim([-3, -3, -3, 6, 3], MONEY_IS_POINTS),
        tribute=Claim(NO_TRIBUTE, "gamerules-com has no tribute"),
        moments=Claim(
            [
                # pass to the left = upstream in counterclockwise play, no tip, one round
                (0, 3, "abdicates", "BJ* to seat 2"),
                (1, 2, "abdicates", "BJ* to seat 1"),
                (2, 1, "abdicates", "BJ* to seat 0"),
                (3, 0, "abdicates", "BJ* to seat 4"),
                (4, 4, "abdicates", "BJ* to seat 3"),
                # taken by no one: the original emperor must be the emperor
                (5, 3, "ascends", "ascends, guard seat 4 (forced)"),
            ],
            "a free round upstream, then the first holder must rule",
        ),
    ),
    "how234": Golden(
        roles=Claim((0, 4, None, "Jh"), "called guard: seat 4 holds the fourth Jh"),
        finish=Claim([0, 1, 4, 2, 3], "as played; seat 3 is left last"),
        points=Claim(
            [4, -2, -2, -2, 2], "§8.1 (assumed): emperor 1st, guard 3rd: guard 6 − 4 = 2, emperor 4"
        ),
        outcome=Claim("win", "outcome by points: the royals' points are positive"),
        multiplier=Claim(1, "how234 has no multipliers"),
        money=Claim([4, -2, -2, -2, 2], MONEY_IS_POINTS),
        tribute=Claim(NO_TRIBUTE, "how234 has no tribute"),
        moments=Claim(
            [
                # 让位: clockwise to the next player (downstream), no tip
                (0, 0, "abdicates", "BJ* to seat 1"),
                (1, 1, "abdicates", "BJ* to seat 2"),
                (2, 2, "abdicates", "BJ* to seat 3"),
                (3, 3, "abdicates", "BJ* to seat 4"),
                (4, 4, "abdicates", "BJ* to seat 0"),
                # 逼位 from the first player: holding three identical cards, he must call
                (5, 0, "ascends", "calls Jh, guard seat 4 (forced)"),
                (6, 4, "stays hidden", "hidden_guard"),
            ],
            "让位 downstream, then 逼位 of everyone from the first player",
        ),
    ),
    "quzhizhan": Golden(
        roles=Claim((0, 1, None, "8d"), "called guard: seat 1 holds the fourth 8d (the 小保)"),
        finish=Claim([1, 4, 2, 3, 0], "as played; seat 0 is left last"),
        points=Claim(
            [-2, -1, 1, 1, 1], "the variant's table: guard 1st, emperor 5th, a loss: −2 / −1 / +1"
        ),
        outcome=Claim("lose", "(07): one royal 1st but the other not in the top three: a loss"),
        multiplier=Claim(1, "quzhizhan has no multipliers"),
        money=Claim([-2, -1, 1, 1, 1], MONEY_IS_POINTS),
        tribute=Claim(NO_TRIBUTE, "quzhizhan has no tribute"),
        moments=Claim(
            [
                (0, 3, "abdicates", "BJ* to seat 4"),  # the first holder passes the card alone
                (1, 4, "abdicates", "BJ* to seat 0 with tips 2d"),  # 往後…要添2讓
                (2, 0, "ascends", "calls 8d, guard seat 1, takes 1 tip(s)"),
                (3, 1, "stays hidden", "hidden_guard"),
                (20, 1, "plays TOP", "TOP"),  # 小保 above the big joker
            ],
            "(06) passing clockwise with a 2 from the second pass; (03) the 小保 is highest",
        ),
    ),
    "youxi-tehua": Golden(
        roles=Claim((1, 2, None, "Kc"), "called guard: seat 2 holds the fourth Kc (the 特画)"),
        finish=Claim([0, 3, 4, 2, 1], "as played; seat 1 is left last"),
        points=Claim(
            [3, -6, -3, 3, 3], "§8.1 (assumed): emperor 5th, guard 4th: guard 6 − 9 = −3, emp. −6"
        ),
        outcome=Claim("lose", "outcome by points: the royals' points are negative"),
        multiplier=Claim(1, "youxi-tehua has no multipliers"),
        money=Claim([3, -6, -3, 3, 3], MONEY_IS_POINTS),
        tribute=Claim(NO_TRIBUTE, "youxi-tehua has no tribute"),
        moments=Claim(
            [
                (0, 3, "abdicates", "BJ* to seat 2"),  # upstream, no tip (assumed)
                (1, 2, "abdicates", "BJ* to seat 1"),
                (2, 1, "ascends", "calls Kc, guard seat 2"),
                (3, 2, "stays hidden", "hidden_guard"),
                (10, 2, "plays TOP", "TOP BJ BJ"),  # 特画 with a joker's function, above BJ
            ],
            "特画：具有王牌的功能且比大画还要大",
        ),
    ),
    "qpsj-weihai": Golden(
        roles=Claim((2, None, "hidden", None), "seat 2 holds BJ* and SJ*: 独打, kept hidden"),
        finish=Claim([1, 4, 3, 2, 0], "as played; seat 0 is left last"),
        points=Claim(
            [6, 6, -24, 6, 6],
            "§8.2 hidden solo, emperor 4th: −12 / +3 each; × 2 for the successful rebellion",
        ),
        outcome=Claim("lose", "outcome by points: the emperor's points are negative"),
        multiplier=Claim(2, "反皇 of two rebels succeeds: × 2 (no kick followed)"),
        money=Claim([6, 6, -24, 6, 6], MONEY_IS_POINTS),
        tribute=Claim(NO_TRIBUTE, "qpsj-weihai has no tribute"),
        moments=Claim(
            [
                # 独打 holder: exempt from the forced round, he may keep the throne
                (0, 2, "ascends", "ascends, hidden solo"),
                (1, 2, "stays hidden", "hidden_solo"),
                (2, 3, "rebels", ""),
                (3, 4, "rebels", ""),
                (5, None, "rebellion", ""),  # 至少有二个人提出了反皇，即可造反
            ],
            "讲明讲反: two rebels make the rebellion",
        ),
    ),
    "novel-tudou": Golden(
        roles=Claim((3, 0, None, None), "fixed guard: seat 3 holds 皇, seat 0 holds 保"),
        finish=Claim([0, 4, 1, 3, 2], "as played; seat 2 is left last"),
        points=Claim([0, 0, 0, 0, 0], "guard 1st, emperor 4th: a draw scores 0"),
        outcome=Claim("draw", "a royal 1st and the other not 2nd: a draw (assumed reading)"),
        multiplier=Claim(1, "the open guard did not win, so nothing doubles (open_guard_win)"),
        money=Claim([0, 0, 0, 0, 0], MONEY_IS_POINTS),
        tribute=Claim(NO_TRIBUTE, "novel-tudou has no tribute"),
        moments=Claim(
            [
                (0, 3, "ascends", "ascends, guard seat 0 (forced)"),  # no abdication named
                (1, 0, "opens", "open_guard"),  # 暗卫也可以选择一开始表明身份
                (1, None, "open_guard", ""),
            ],
            "the 皇 holder rules at once; the guard declares himself",
        ),
    ),
    "buzi-bie3": Golden(
        roles=Claim((1, 3, None, "7d"), "called guard: seat 3 holds the fourth 7d"),
        finish=Claim([1, 3, 4, 0, 2], "as played; seat 2 is left last, holding his 3s"),
        points=Claim(
            [-48, 96, -48, 48, -48],
            "emperor 1st, guard 2nd: 6 / 3 / −3 (the table of the notes), × 16",
        ),
        outcome=Claim("win", "outcome by points: the royals' points are positive"),
        multiplier=Claim(16, "20 bombs, × 2 each, capped at × 16 (封顶, an ASSUMPTION)"),
        money=Claim([-48, 96, -48, 48, -48], MONEY_IS_POINTS),
        tribute=Claim(
            (((2, 0, 1),), (), ()),
            "闷3: seat 2 is down to his 3s when the game ends (down_to_them): shut in, he owes "
            "his highest card to the game ender next game; no 科贡",
        ),
        moments=Claim(
            [
                # 买3: seats 0 and 2 were dealt no 3; each buys one with a 2.
                (None, 0, "buys", "3c from seat 1 for 2d"),
                (None, 2, "buys", "3c from seat 4 for 2d"),
                # 让位 upstream, one round, no tip; nobody ascends: a redeal.
                (0, 0, "abdicates", "BJ* to seat 4"),
                (1, 4, "abdicates", "BJ* to seat 3"),
                (2, 3, "abdicates", "BJ* to seat 2"),
                (3, 2, "abdicates", "BJ* to seat 1"),
                (4, 1, "abdicates", "nobody ascended"),
                (4, None, "redeal", ""),
                (5, 4, "abdicates", "BJ* to seat 3"),
                (6, 3, "abdicates", "BJ* to seat 2"),
                (7, 2, "abdicates", "BJ* to seat 1"),
                (8, 1, "ascends", "calls 7d, guard seat 3"),
                (9, 3, "opens", "open_guard"),
                (9, None, "open_guard", ""),
                (82, 3, "plays TOP", "TOP SJ"),  # the guard's 7d above the big joker …
                (250, 1, "goes out", "1st with 3"),  # the 3s come last
                (256, 3, "goes out", "2nd with 3"),
                (263, 4, "goes out", "3rd with 3"),
                (266, 0, "goes out", "4th with 3"),
                (None, 2, "shut in", ""),
            ],
            "买3, 让位 and a redeal, the called guard's card above the big joker, 憋3 and 闷3",
        ),
    ),
    "wh-baohuang": Golden(
        roles=Claim((2, None, "hidden", None), "seat 2 holds 皇帝 and 侍卫: 独皇, hidden"),
        finish=Claim([2, 0, 4, 1, 3], "as played; seat 3 is left last"),
        points=Claim(
            [-12, -12, 0, -12, -12],
            "独皇, the emperor out first: the rebels −6 each (暗保), the emperor 0 (deduction "
            "only); × 2",
        ),
        outcome=Claim("win", "谁先出完谁赢: the emperor is out first"),
        multiplier=Claim(2, "头反 + 二反 make it 明保: guard_known × 2 (approximated for a solo)"),
        money=Claim([-12, -12, 0, -12, -12], MONEY_IS_POINTS),
        tribute=Claim(NO_TRIBUTE, "wh-baohuang has no tribute"),
        moments=Claim(
            [
                (0, 2, "ascends", "ascends, hidden solo"),
                (1, 2, "stays hidden", "hidden_solo"),
                (3, 4, "rebels", ""),
                (4, 0, "rebels", ""),
                (5, 1, "rebels", ""),
                (5, None, "rebellion", ""),
                (11, 2, "plays TOP", "TOP"),  # the 皇帝 card above the big joker
                (26, 2, "plays TOP2", "TOP2"),  # the 侍卫 card above the 皇帝 card
            ],
            "rebels declaring make the game open; 侍卫 > 皇帝 > 大王 (TOP2 > TOP > BJ)",
        ),
    ),
}

#: What-if for the HD bean cap (§8.6): a played game passes no carried amounts
#: (Game.result().carried is None), so the golden's money is uncapped; scoring the golden's
#: result with stated beans checks the cap on a real result.
HD_CARRIED = (1, 0, 5, 5, 5)
HD_CAPPED = Claim(
    [-1, 0, -1, 1, 1],
    "§8.6: seat 0 loses 2 but carries 1: stops at −1; seat 1 wins 1 but carries 0: wins 0",
)

#: The next Qingdao game's chosen deal, to pay the golden's tribute with known cards.
QINGDAO_NEXT_DEAL = (
    ["3s", "4s"],
    ["SJ", "2s", "2h", "Kd", "5c"],  # the emperor gives his 4 highest: SJ 2h 2s Kd
    ["BJ*", "BJ", "BJ", "7c"],  # the guard gives 2: the plain BJs, never BJ* (§9.1)
    ["3h"],
    ["3c"],
)
QINGDAO_TRIBUTE_CARDS = Claim(
    [(2, 0, "BJ"), (2, 0, "BJ"), (1, 3, "SJ"), (1, 3, "2h"), (1, 4, "2s"), (1, 4, "Kd")],
    "§9.1 (4, 5): the givers offer their highest cards (a marked card only when no plain "
    "card of its rank is left); rebels 0, 3, 4 pick the best two left, in finish order",
)


# --------------------------------------------------------------------------- checks


def load(variant_id: str) -> dict[str, Any]:
    return json.loads((GOLDEN_DIR / f"{variant_id}.json").read_text(encoding="utf-8"))


def dealt_sets(game: Game) -> tuple[str, ...]:
    """Per seat, the identical cards (same suit and rank) held three times or more."""
    out = []
    for hand in game.hands:
        held = {c: hand.count(c) for c in set(hand) if c < 52}
        sets = sorted((c for c, n in held.items() if n >= 3), key=lambda c: (c // 4, c % 4))
        out.append(" ".join(f"{card_text(c)}×{held[c]}" for c in sets))
    return tuple(out)


def observed(game: Game, moments: list[Moment], kinds: set[str]) -> dict[str, Any]:
    """The values a player checks, read from the replayed game."""
    out = game.outcome
    assert out is not None
    assert out.score is not None
    plan = out.tribute
    return {
        "roles": (
            game.emperor,
            game.guard,
            game.solo,
            card_text(game.called_card) if game.called_card is not None else None,
        ),
        "finish": list(out.finish),
        "points": list(out.score.points),
        "outcome": out.score.outcome,
        "multiplier": out.score.multiplier,
        "money": list(out.score.money),
        "tribute": (plan.shut_in, plan.givers, plan.takers),
        "moments": [m for m in moments if m[2] in kinds],
        "left": list(game.sizes),
    }


def mismatch(name: str, claim: Claim, actual: Any) -> str:
    lines = [f"  {name}: the rules give {claim.value!r}", f"    the engine gives {actual!r}"]
    if name == "moments":
        missing = [m for m in claim.value if m not in actual]
        extra = [m for m in actual if m not in claim.value]
        lines = [f"  moments: missing {missing!r}", f"    unexpected {extra!r}"]
    return "\n".join([*lines, f"    rule: {claim.rule}"])


def check_the_rule(variant_id: str, problems: list[str]) -> str:
    return (
        f"CHECK THE RULE ({variant_id}): the golden game no longer comes out as docs/rules.md and "
        f"variants/{variant_id}.yaml say.\n"
        + "\n".join(problems)
        + "\nIf the engine is wrong, fix the engine. If the rule or the variant data changed on "
        "purpose, re-derive the stated value and its rule in test_goldens.py; re-recording the "
        "golden (golden_games --force) does not change what is stated here."
    )


def test_every_variant_has_a_golden_game():
    assert set(GOLDENS) == set(FEATURES) == set(SEEDS)
    assert {p.stem for p in GOLDEN_DIR.glob("*.json")} == set(GOLDENS)


@pytest.mark.parametrize("variant_id", sorted(GOLDENS))
def test_golden_game_comes_out_as_the_rules_say(variant_id):
    golden = load(variant_id)
    record = golden["record"]
    cv = compile_variant(load_bundled(variant_id))
    assert record["variant"] == variant_id
    result = replay(cv, record["seed"], record["actions"], dealer=record["dealer"])
    assert result.ok, check_the_rule(
        variant_id,
        [
            f"  the recorded action {result.error.index} ({result.error.action!r}) is refused: "
            f"{result.error.reason}\n    rule: the one that reason names; the recording was "
            "legal when it was made"
        ],
    )
    game, moments = story(cv, record["seed"], record["actions"], dealer=record["dealer"])
    assert game.finished
    stated = GOLDENS[variant_id]
    kinds = set(ROLE_KINDS) | {m[2] for m in stated.moments.value}
    seen = observed(game, moments, kinds)
    problems = []
    for field in dataclasses.fields(Golden):
        claim = getattr(stated, field.name)
        if claim is None:
            continue
        if field.name == "dealt":
            actual: Any = dealt_sets(Game.new(cv, record["seed"], dealer=record["dealer"]))
        else:
            actual = seen[field.name]
        if actual != claim.value:
            problems.append(mismatch(field.name, claim, actual))
    for feature in FEATURES[variant_id]:
        if not feature.check(game):
            problems.append(f"  the game no longer shows {feature.name} (FEATURES)")
    if record["checksum"] != cv.checksum:
        problems.append(
            f"  variants/{variant_id}.yaml changed since the recording (checksum): decide "
            "which stated values the change must move before re-recording with --force"
        )
    diff = summary_changes(golden["summary"], summary(game))
    if diff:
        problems.append(
            "  the recorded summary differs where no stated value looks: "
            + "; ".join(diff)
            + "\n    find the rule behind each changed field before re-recording with --force"
        )
    assert not problems, check_the_rule(variant_id, problems)


def test_hd_money_is_capped_by_the_beans_carried():
    golden = load("hd")
    record = golden["record"]
    cv = compile_variant(load_bundled("hd"))
    game = replay(cv, record["seed"], record["actions"], dealer=record["dealer"]).game
    result = game.result()
    assert result is not None
    assert result.carried is None
    capped = score(cv, result.replace(carried=HD_CARRIED))
    assert list(capped.money) == HD_CAPPED.value, check_the_rule(
        "hd", [mismatch("money with beans carried", HD_CAPPED, list(capped.money))]
    )


def test_qingdao_tribute_is_paid_with_the_stated_cards():
    cv = compile_variant(load_bundled("baike-qingdao"))
    stated = GOLDENS["baike-qingdao"].tribute.value
    plan = TributePlan(givers=stated[1], takers=stated[2])
    first = GOLDENS["baike-qingdao"].finish.value[0]  # next_dealer: first_finisher
    game = Game.new(cv, 0, dealer=first, tribute=plan, hands=QINGDAO_NEXT_DEAL)
    moved = [(t.giver, t.receiver, card_text(t.card)) for t in game.tribute_paid]
    assert moved == QINGDAO_TRIBUTE_CARDS.value, check_the_rule(
        "baike-qingdao", [mismatch("tribute cards", QINGDAO_TRIBUTE_CARDS, moved)]
    )
    assert card_from_text("BJ*") in game.hands[2]


# --------------------------------------------------------------------------- the recordings


def test_the_pinned_seeds_give_the_recorded_games():
    """The regenerator would write exactly these files (nothing to re-record)."""
    for variant_id, seed in SEEDS.items():
        game = play_biased(compile_variant(load_bundled(variant_id)), seed)
        document = golden_document(game)
        assert document == load(variant_id), (
            f"{variant_id}: the regenerator would change the golden file: "
            f"{summary_diff(load(variant_id), document)}. Run python -m tests.engine.golden_games "
            "to see it, CHECK THE RULE behind each change, then write it with --force."
        )


def test_the_regenerator_refuses_to_overwrite_a_changed_golden(tmp_path: Path):
    document = load("baike-common")
    path = tmp_path / "baike-common.json"
    assert write_golden(path, document, force=False) == (True, ["(new file)"])
    assert write_golden(path, document, force=False) == (False, [])
    changed = json.loads(json.dumps(document))
    changed["summary"]["outcome"] = "win"
    written, diff = write_golden(path, changed, force=False)
    assert not written
    assert diff == ["summary.outcome: 'draw' -> 'win'"]
    assert json.loads(path.read_text(encoding="utf-8")) == document
    assert write_golden(path, changed, force=True) == (True, diff)
    assert json.loads(path.read_text(encoding="utf-8")) == changed


def test_the_regenerator_command_refuses_without_force(tmp_path: Path, capsys):
    assert main(["baike-common", "--dir", str(tmp_path)]) == 0  # a new file is written
    path = tmp_path / "baike-common.json"
    assert json.loads(path.read_text(encoding="utf-8")) == load("baike-common")
    stale = json.loads(path.read_text(encoding="utf-8"))
    stale["summary"]["points"] = [1, 1, 1, 1, -4]
    path.write_text(json.dumps(stale), encoding="utf-8")
    capsys.readouterr()
    assert main(["baike-common", "--dir", str(tmp_path)]) == 1
    out = capsys.readouterr()
    assert "REFUSED" in out.out
    assert "summary.points: [1, 1, 1, 1, -4] -> [0, 0, 0, 0, 0]" in out.out
    assert "CHECK THE RULE" in out.err
    assert json.loads(path.read_text(encoding="utf-8")) == stale
    assert main(["baike-common", "--dir", str(tmp_path), "--force"]) == 0
    assert json.loads(path.read_text(encoding="utf-8")) == load("baike-common")


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
