"""The rule tests cover the language and docs/rules.md §4–§7 (issue 22), like the cross-field
checks' `test_every_check_has_a_case` (tests/rules/test_checks.py).

Every field of the variant language is found by walking the pydantic model
(:class:`baohuang.rules.model.Variant`), so a field added to the model fails
`test_every_language_field_is_classified` until it is listed below as one of:

- ``PLAY``: it changes the state machine (deal and buying, bidding, declarations, play,
  hold-back, roasting, the end of the game, automatic play). It needs a rule test on rigged
  hands that declares it with ``@covers(...)`` in a ``tests/engine/test_rules_*.py`` module
  (:mod:`tests.engine.rule_coverage`), or one of the earlier rule-fidelity tests named in
  ``EARLIER``.
- ``ELSEWHERE``: scoring, money, tribute tables and the deck/deal shape, with the tests
  (``module::function``) that check it; those tests must exist.
- ``DESCRIPTIVE``: names, notes, the schema version, and tags with a single allowed value:
  they cannot change play.

docs/rules.md §4–§7 is listed rule by rule in ``RULES``; each needs a rule test too.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import typing
from collections.abc import Iterator
from typing import Literal

from pydantic import BaseModel

import tests.engine
from baohuang.rules.model import Variant

# --------------------------------------------------------------------------- the language


def _models_in(annotation: object) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    found: list[type[BaseModel]] = []
    for arg in typing.get_args(annotation):
        found += _models_in(arg)
    return found


def _optional_or_list(annotation: object) -> bool:
    """The field may be absent (``X | None``) or is a list of sections."""
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    return type(None) in args or origin is list


def _tag(member: type[BaseModel]) -> tuple[str, str]:
    """The tag field and value of a member of a tagged union (``by: fixed_card``)."""
    for name, info in member.model_fields.items():
        if typing.get_origin(info.annotation) is Literal and len(info.annotation.__args__) == 1:
            return name, info.default
    raise AssertionError(f"{member.__name__} has no single-valued tag")


def language_fields(model: type[BaseModel] = Variant, prefix: str = "") -> Iterator[str]:
    """Every leaf field as a dotted path; optional sections and lists of sections also by
    themselves; members of a tagged union by their tag (the tag field itself is the
    member, not a separate leaf)."""
    for name, info in model.model_fields.items():
        path = prefix + name
        members = _models_in(info.annotation)
        if not members:
            yield path
            continue
        if len(members) == 1:
            if _optional_or_list(info.annotation):
                yield path
            yield from language_fields(members[0], path + ".")
            continue
        for member in members:
            tag_field, tag = _tag(member)
            yield f"{path}.{tag}"
            for sub in language_fields(member, f"{path}.{tag}."):
                if sub != f"{path}.{tag}.{tag_field}":
                    yield sub


# --------------------------------------------------------------------------- classification

PLAY: frozenset[str] = frozenset(
    {
        # §2.1, §6.2: the marked guard card; buying a 3 (its order starts at the dealer).
        "deck.marks.guard_card",
        "deal.first_dealer",
        "deal.buy",
        "deal.buy.rank",
        "deal.buy.pay_with",
        "deal.buy.pay_with_also",
        "deal.buy.if_unable",
        "deal.buy.seller",
        # §4 bidding.
        "bidding.guard.fixed_card",
        "bidding.guard.called_card",
        "bidding.guard.called_card.callable_ranks",
        "bidding.guard.called_card.choice",
        "bidding.guard.called_card.min_identical",
        "bidding.guard.called_card.own_cards_callable",
        "bidding.solo.declared",
        "bidding.solo.hidden_allowed",
        "bidding.solo.declared_requires",
        "bidding.flow.grab_solo",
        "bidding.flow.grab_solo.priority",
        "bidding.flow.grab_solo.takes_emperor_card",
        "bidding.flow.grab_solo.marks_void",
        "bidding.flow.grab_solo.requires",
        "bidding.flow.offer_throne",
        "bidding.flow.offer_throne.rounds",
        "bidding.flow.offer_throne.forced",
        "bidding.flow.offer_throne.forces",
        "bidding.flow.offer_throne.forced_exempt_own_guard",
        "bidding.flow.offer_throne.forced_exempt_four_identical",
        "bidding.flow.offer_throne.pass_to",
        "bidding.flow.offer_throne.when_holding_both",
        "bidding.flow.offer_throne.skip_one_to",
        "bidding.flow.offer_throne.pass_seats",
        "bidding.flow.offer_throne.skip_one_receiver",
        "bidding.flow.forfeit",
        "bidding.flow.void",
        "bidding.flow.offer_throne.tip",
        "bidding.flow.offer_throne.tip_from_pass",
        "bidding.flow.offer_throne.tip_count",
        "bidding.flow.redeal",
        # §4.5, §4.6 declarations.
        "declarations.guard_reveal",
        "declarations.reveal_by_card",
        "declarations.open_during_play",
        "declarations.rebellion",
        "declarations.rebellion.threshold",
        "declarations.rebellion.timing",
        "declarations.rebel_declaration",
        "declarations.rebel_declaration.timing",
        "declarations.rebel_declaration.max_declarers",
        "declarations.kick",
        "declarations.kick.royals_after_rebellion",
        "declarations.kick.rebels_after_open_guard",
        "declarations.kick.rebels_after_open_solo",
        # §5, §6 play.
        "play.attach",
        "play.top_card",
        "play.top_card_in_set",
        "play.marked_order",
        "play.wild",
        "play.special_beats",
        "play.special_beats.rank",
        "play.special_beats.count",
        "play.special_beats.beats",
        "play.hold_back",
        "play.hold_back.rank",
        "play.hold_back.only_when_leading",
        "play.hold_back.shut_in",
        "play.hold_back.shut_in_when",
        "play.hold_back.last_play_attach",
        "play.wind",
        "play.wind_unclaimed",
        "play.defer",
        "play.defer_passers",
        "play.hard_pass",
        "play.stacks",
        "play.stacks.cards",
        "play.stacks.above",
        "play.stacks.alone",
        "play.stacks.in_sets",
        "play.roast",
        "play.roast.joker_order",
        "play.roast.more_jokers",
        "play.roast.plain_sets",
        "play.bombs",
        "play.bombs.min_count",
        "play.bombs.beats",
        "play.bombs.max_per_game",
        "play.bombs.identical",
        # §7 automatic play.
        "play.automatic.lock_after",
        "play.automatic.counted",
        "play.automatic.unscored_if_all",
        "play.automatic.dissolve_if_any",
        # §6.3, §6.4 the end.
        "end.when",
        "end.open_solo_ends_on_other_first",
        "end.unfinished_order",
        "end.shut_in_last",
    }
)

FUZZ_EVERY_FINISH = (
    "tests.engine.test_game_fuzz::"
    "test_every_finish_and_role_scores_as_the_reference_and_outcome_agrees"
)
FUZZ_MONEY = "tests.engine.test_game_fuzz::test_random_results_score_as_the_reference"
CHECK_CASES = "tests.rules.test_checks::test_check_reports_its_problem"

_TWO_PERSON = [
    FUZZ_EVERY_FINISH,
    "tests.engine.test_scoring::test_lianzhong_emperor_first_guard_second",
]
_GUARD_KNOWN = [
    FUZZ_EVERY_FINISH,
    "tests.engine.test_scoring::test_weihai_equal_shares_when_guard_known",
]
_SOLO = [
    FUZZ_EVERY_FINISH,
    "tests.engine.test_scoring::test_open_solo",
    "tests.engine.test_scoring::test_hidden_solo",
]
_OUTCOME = [
    FUZZ_EVERY_FINISH,
    "tests.engine.test_scoring::test_qingdao_outcome_table",
    "tests.engine.test_rule_fidelity::test_bie3_solo_follows_the_same_rule",
]
_DECK = [
    "tests.engine.test_deck::test_deal_matches_the_variant",
    "tests.engine.test_deck_limits::test_limits_of_the_bundled_decks",
]
_QINGDAO_TRIBUTE = [
    "tests.engine.test_tribute::test_qingdao_tribute_row",
    "tests.engine.test_tribute::test_qingdao_solo_win_and_loss",
]
_TRIBUTE_RULES = "tests.engine.test_rules_tribute::test_the_tribute_row_follows_guard_and_outcome"

_FORFEIT = "tests.engine.test_rules_bidding::test_nobody_ascending_redeals_voids_or_forfeits"

#: Fields that do not change the state machine, with the tests that check them.
ELSEWHERE: dict[str, list[str]] = {
    # §2.1 deck and §2.2 deal shape.
    "deck.decks": _DECK,
    "deck.remove": _DECK,
    "deck.remove.rank": _DECK,
    "deck.remove.count": ["tests.engine.test_deck::test_weihai_removes_three_random_sixes"],
    "deck.remove.suits": ["tests.engine.test_deck_limits::test_cards_removed_by_suit"],
    "deal.hand_sizes": [
        "tests.engine.test_deck::test_deal_matches_the_variant",
        "tests.engine.test_deck::test_dealer_gets_the_first_and_largest_hand",
    ],
    "deal.next_dealer": [
        "tests.engine.test_match::test_qingdao_match_rotates_dealer_and_pays_tribute",
        "tests.engine.test_match::test_lianzhong_simple_next_dealer_is_previous_emperor",
    ],
    # A forfeit's own points (弃皇者负), scored without a finish order.
    "bidding.flow.forfeit.loser": [_FORFEIT],
    "bidding.flow.forfeit.others": [_FORFEIT],
    # §8 scoring: the engine against tests/engine/reference_scoring.py, every finish.
    "scoring.two_person.zero_sum": [
        CHECK_CASES,
        "tests.engine.test_scoring::test_zero_sum_tables_always_sum_to_zero",
    ],
    "scoring.two_person.rows": _TWO_PERSON,
    "scoring.two_person.rows.emperor_rank": _TWO_PERSON,
    "scoring.two_person.rows.guard_rank": _TWO_PERSON,
    "scoring.two_person.rows.emperor": _TWO_PERSON,
    "scoring.two_person.rows.guard": _TWO_PERSON,
    "scoring.two_person.rows.rebels": _TWO_PERSON,
    "scoring.two_person_guard_known": _GUARD_KNOWN,
    "scoring.two_person_guard_known.zero_sum": [CHECK_CASES],
    "scoring.two_person_guard_known.rows": _GUARD_KNOWN,
    "scoring.two_person_guard_known.rows.emperor_rank": _GUARD_KNOWN,
    "scoring.two_person_guard_known.rows.guard_rank": _GUARD_KNOWN,
    "scoring.two_person_guard_known.rows.emperor": _GUARD_KNOWN,
    "scoring.two_person_guard_known.rows.guard": _GUARD_KNOWN,
    "scoring.two_person_guard_known.rows.rebels": _GUARD_KNOWN,
    "scoring.solo.open": _SOLO,
    "scoring.solo.open.emperor_rank": _SOLO,
    "scoring.solo.open.emperor": _SOLO,
    "scoring.solo.open.others": _SOLO,
    "scoring.solo.hidden": _SOLO,
    "scoring.solo.hidden.emperor_rank": _SOLO,
    "scoring.solo.hidden.emperor": _SOLO,
    "scoring.solo.hidden.others": _SOLO,
    "scoring.multipliers": [FUZZ_EVERY_FINISH, "tests.engine.test_scoring::test_multipliers_stack"],
    "scoring.multipliers.event": [FUZZ_EVERY_FINISH],
    "scoring.multipliers.factor": [FUZZ_EVERY_FINISH],
    "scoring.max_multiplier": [
        FUZZ_EVERY_FINISH,
        "tests.engine.test_scoring::test_a_stake_cap_stops_the_stacking",
    ],
    "scoring.outcome.method": _OUTCOME,
    "scoring.outcome.table": _OUTCOME,
    "scoring.outcome.table.ranks": _OUTCOME,
    "scoring.outcome.table.outcome": _OUTCOME,
    "scoring.outcome.solo": _OUTCOME,
    "scoring.outcome.solo.emperor_rank": _OUTCOME,
    "scoring.outcome.solo.outcome": _OUTCOME,
    "end.side_out_draw_if_first_other_side": [
        FUZZ_EVERY_FINISH,
        "tests.engine.test_rule_fidelity::test_bie3_a_draw_scores_nothing",
    ],
    # §8.6 money: every money rule switched on in test_game_fuzz's MONEY_FLAVOURS.
    "scoring.money.base": [FUZZ_MONEY, "tests.engine.test_scoring::test_jj_money_example"],
    "scoring.money.table_fee": [FUZZ_MONEY, "tests.engine.test_scoring::test_jj_money_example"],
    "scoring.money.cap_to_carried": [FUZZ_MONEY],
    "scoring.money.automatic_penalty": [
        FUZZ_MONEY,
        "tests.engine.test_scoring::test_automatic_penalty_is_split_among_teammates",
    ],
    "scoring.money.quit_penalty": [
        FUZZ_MONEY,
        "tests.engine.test_scoring::test_quitting_is_deducted_from_the_quitter_only",
    ],
    "scoring.money.quit_penalty_to": [
        FUZZ_MONEY,
        "tests.engine.test_scoring::test_a_shared_quit_penalty_goes_to_the_other_four",
    ],
    "scoring.money.shut_in_penalty": [
        FUZZ_MONEY,
        "tests.engine.test_rules_play::test_a_player_shut_in_pays_the_penalty_to_whom_the_rules_say",
    ],
    "scoring.money.shut_in_penalty_to": [
        FUZZ_MONEY,
        "tests.engine.test_rules_play::test_a_player_shut_in_pays_the_penalty_to_whom_the_rules_say",
    ],
    # §9 tribute.
    "tribute.rules": _QINGDAO_TRIBUTE,
    "tribute.rules.when.ranks": _QINGDAO_TRIBUTE,
    "tribute.rules.when.solo": ["tests.engine.test_tribute::test_qingdao_solo_win_and_loss"],
    "tribute.rules.when.outcome": [_TRIBUTE_RULES],
    "tribute.rules.when.guard": [_TRIBUTE_RULES],
    "tribute.rules.give": _QINGDAO_TRIBUTE,
    "tribute.rules.give.who": _QINGDAO_TRIBUTE,
    "tribute.rules.give.count": _QINGDAO_TRIBUTE,
    "tribute.rules.take": _QINGDAO_TRIBUTE,
    "tribute.rules.take.who": _QINGDAO_TRIBUTE,
    "tribute.rules.take.count": [
        "tests.engine.test_tribute::test_qingdao_row_1_2_emperor_picks_two_first"
    ],
    "tribute.card": ["tests.engine.test_rules_tribute::test_the_tribute_card"],
    "tribute.hand_over_marked": [
        "tests.engine.test_rule_fidelity::test_tribute_gives_the_plain_big_joker_not_the_emperor_card",
        "tests.engine.test_rule_fidelity::test_tribute_may_hand_over_marked_cards_when_the_data_says_so",
    ],
    "tribute.paid_in": ["tests.engine.test_rules_tribute::test_tribute_paid_in_twos"],
    "tribute.handed": [
        "tests.engine.test_rules_tribute::test_the_cards_given_are_picked_or_handed_in_order"
    ],
    "tribute.keeps_emperor_card": [
        "tests.engine.test_rules_tribute::test_the_emperor_card_may_be_kept_from_the_tribute"
    ],
    "tribute.without_paid_in": [
        "tests.engine.test_rules_tribute::test_without_the_paid_in_rank_nothing_is_given"
    ],
    "tribute.shut_in": [
        "tests.engine.test_tribute::test_bie3_shut_in_tribute_is_paid_first_and_to_the_game_ender"
    ],
    "tribute.shut_in.count": ["tests.engine.test_rules_tribute::test_shut_in_tribute"],
    "tribute.shut_in.card": ["tests.engine.test_rules_tribute::test_shut_in_tribute"],
    "tribute.shut_in.to": ["tests.engine.test_rules_tribute::test_shut_in_tribute"],
}

#: Fields that cannot change play, and why.
DESCRIPTIVE: dict[str, str] = {
    "schema_version": "the version of the language",
    "id": "the variant's name in files and URLs",
    "name.zh": "a name",
    "name.en": "a name",
    "source": "where the rule comes from",
    "notes": "developer notes for maintainers, in words",
    "house_notes": "house notes for the players, in words",
    "house_notes.zh": "a house note in Chinese",
    "house_notes.en": "a house note in English",
    "house_notes.about": "the rules a house note speaks about (flags it when they change)",
    "house_notes.checked": "a fingerprint of those rules when the note was confirmed",
    "tribute.rules.note": "a note on one row, in words",
    "deck.marks.emperor_card": "a single allowed value (BJ): every variant has the same",
}

#: Rule tests written before issue 22 that show a play-changing field or a rule firing and
#: not firing (tests/engine/test_rule_fidelity.py, test_peer_cases.py).
EARLIER: dict[str, list[str]] = {
    "bidding.solo.declared_requires": [
        "tests.engine.test_rule_fidelity::test_qingdao_four_identical_may_declare_a_solo",
        "tests.engine.test_rule_fidelity::test_qingdao_without_triple_or_four_identical_must_abdicate",
    ],
    "bidding.flow.offer_throne.forces": [
        "tests.engine.test_rule_fidelity::test_hd_forced_ascension_takes_only_the_first_decliner",
        "tests.engine.test_rule_fidelity::test_hd_second_round_is_ordinary_after_the_first_decliner_cannot_call",
        "tests.engine.test_rule_fidelity::test_forcing_everyone_still_forces_a_later_seat",
    ],
    "4.3-forced-first-decliner": [
        "tests.engine.test_rule_fidelity::test_hd_forced_ascension_takes_only_the_first_decliner",
        "tests.engine.test_rule_fidelity::test_hd_second_round_is_ordinary_after_the_first_decliner_cannot_call",
    ],
    "bidding.flow.offer_throne.forced_exempt_four_identical": [
        "tests.engine.test_rule_fidelity::test_classic_four_identical_exempts_whatever_else_he_holds",
        "tests.engine.test_rule_fidelity::test_classic_triple_alone_is_forced",
    ],
    "declarations.rebellion.timing": [
        "tests.engine.test_rule_fidelity::test_bie6_rebels_choose_with_the_guard_not_after_him",
        "tests.engine.test_rule_fidelity::test_bie6_hidden_guard_and_two_rebels_make_a_rebellion",
    ],
    "play.hold_back.last_play_attach": [
        "tests.engine.test_rule_fidelity::test_hold_back_last_play_with_or_without_jokers",
    ],
    "play.wind_unclaimed": [
        "tests.engine.test_rule_fidelity::test_hd_wind_nobody_applied_goes_to_the_next_player",
        "tests.engine.test_rule_fidelity::test_hd_wind_can_skip_the_next_player_when_the_data_says_so",
    ],
    "play.automatic.counted": [
        "tests.engine.test_rule_fidelity::test_automatic_play_counts_spells_not_turns",
        "tests.engine.test_rule_fidelity::test_counting_turns_locks_on_the_fourth_turn",
    ],
    "5.2-pass": ["tests.engine.test_peer_cases::test_flow"],  # tg-soft-pass
}

#: docs/rules.md §4–§7, rule by rule.
RULES: dict[str, str] = {
    "4.1-ascend": "whoever holds the emperor card may ascend",
    "4.1-guard-card": "whoever holds the guard card is the guard",
    "4.1-both-solo": "an emperor holding the guard card too plays solo, open or hidden",
    "4.2-call": "a triple of identical cards calls the guard: the fourth copy's holder",
    "4.2-callable": "ranks that may not be called",
    "4.2-choice": "several callable triples: the highest, or free choice",
    "4.2-all-four-solo": "holding all four copies makes the emperor his own guard",
    "4.2-declared-solo": "a declared solo needs no triple",
    "4.3-direction": "abdication passes the emperor card upstream (or downstream)",
    "4.3-skip-one": "a holder of both marked cards passes two seats on; no further pass",
    "4.3-tip": "tips (贴牌) travel with the card to the one who ascends",
    "4.3-forced-everyone": "逼庄: whoever can ascend in the forced round must",
    "4.3-forced-first-decliner": "逼位: only the first decliner is forced",
    "4.3-redeal": "when the last round fails the hand is redealt",
    "4.4-grab": "a grab makes the grabber an open solo emperor",
    "4.4-grab-takes-card": "the grabber takes the emperor card and returns nothing",
    "4.4-grab-marks-void": "after a grab the marked cards may become plain jokers",
    "4.4-grab-priority": "several claimants: the holder's claim, then the nearest upstream",
    "4.5-open-hidden-guard": "the guard chooses 明保 or 暗保 before the first play",
    "4.6-rebellion": "enough rebels against a hidden guard reveal him",
    "4.6-rebels-shown": "rebels who declared are shown even if it fails",
    "4.6-royal-kick": "after a rebellion the emperor or the guard may kick",
    "4.6-rebel-kick": "after an open guard, enough rebels may kick",
    "5.1-sets": "a play is N cards of one rank",
    "5.1-attach-jokers": "jokers attach to a set or go alone, in any number",
    "5.1-no-straights": "no straights",
    "5.1-no-wild-twos": "2s attach only where the variant says (憋三)",
    "5.2-emperor-leads": "the emperor leads the first trick",
    "5.2-winner-leads": "the winner of a trick leads the next",
    "5.2-beat": "same number of cards, each strictly higher (节节高)",
    "5.2-pass": "passing is always allowed; everyone else passing wins the trick",
    "5.3-wind": "after an unbeaten last play the next player still in leads (接风)",
    "5.3-apply": "HD: the next player applies for the wind; a play makes it fail",
    "5.4-defer": "让牌: defer, then follow or pass in a second circle",
    "5.5-roast": "烤牌: more jokers, higher in the joker order, the rest higher",
    "6.1-hold-back": "held-back cards all together in the last play",
    "6.1-sneak": "a player dealt none finishes with anything (偷着跑)",
    "6.2-threes-last": "憋三: 3s are played last",
    "6.2-only-leading": "held-back cards only when leading (an optional field)",
    "6.2-buy": "买3: a player dealt no 3 buys one with a 2, or is given one",
    "6.2-shut-in": "闷3: who is shut in with the held-back cards",
    "6.3-finish": "play until one player is left, who is 5th",
    "6.4-open-solo-end": "an open solo ends when another goes out first",
    "6.4-side-out": "the game ends when one side is all out",
    "6.5-top": "a card above the big joker (特画 / 老花)",
    "6.5-special": "3×2 beat a big joker, 4×2 the top card",
    "7-default": "托管 plays the default answer: abdicate, smallest single, pass",
    "7-lock": "托管 locks on after more than N spells",
    "7-unscored": "a game of five automatic seats is not scored",
    "7-dissolved": "a game ending with a seat on automatic dissolves the table (解散)",
}

# --------------------------------------------------------------------------- collection


def _rule_modules() -> list[object]:
    names = [
        m.name
        for m in pkgutil.iter_modules(tests.engine.__path__)
        if m.name.startswith("test_rules_") and m.name != "test_rules_meta"
    ]
    return [importlib.import_module(f"tests.engine.{name}") for name in sorted(names)]


def declared() -> dict[str, list[str]]:
    """What each rule test declares it covers: name → ['module::function', ...]."""
    found: dict[str, list[str]] = {}
    for module in _rule_modules():
        for fname, fn in inspect.getmembers(module, inspect.isfunction):
            if fname.startswith("test_") and fn.__module__ == module.__name__:
                for item in getattr(fn, "__covers__", ()):
                    found.setdefault(item, []).append(f"{module.__name__}::{fname}")
    return found


def _resolve(ref: str) -> object:
    module_name, _, function = ref.partition("::")
    module = importlib.import_module(module_name)
    return getattr(module, function, None)


# --------------------------------------------------------------------------- the meta-tests


def test_every_language_field_is_classified():
    fields = list(language_fields())
    assert len(fields) == len(set(fields))
    classified = PLAY | set(ELSEWHERE) | set(DESCRIPTIVE)
    unclassified = [f for f in fields if f not in classified]
    assert unclassified == [], (
        f"classify these new fields of the language in {__name__}: PLAY (and write a rule "
        f"test), ELSEWHERE (name its tests) or DESCRIPTIVE: {unclassified}"
    )
    stale = sorted(classified - set(fields))
    assert stale == [], f"classified but not in the language: {stale}"
    assert not (PLAY & set(ELSEWHERE))
    assert not (PLAY & set(DESCRIPTIVE))
    assert not (set(ELSEWHERE) & set(DESCRIPTIVE))


def test_every_play_field_has_a_rule_test():
    covered = declared()
    missing = [f for f in sorted(PLAY) if not covered.get(f) and not EARLIER.get(f)]
    assert missing == [], f"play-changing fields without a rule test: {missing}"


def test_every_rule_of_sections_4_to_7_has_a_rule_test():
    covered = declared()
    missing = [r for r in RULES if not covered.get(r) and not EARLIER.get(r)]
    assert missing == [], f"rules of docs/rules.md §4–§7 without a rule test: {missing}"


def test_declarations_name_known_fields_and_rules():
    unknown = sorted(set(declared()) - PLAY - set(ELSEWHERE) - set(RULES))
    assert unknown == [], f"@covers names no field or rule: {unknown}"
    assert all(k in PLAY or k in RULES for k in EARLIER)


def test_every_named_test_exists():
    refs = {ref for refs in (*ELSEWHERE.values(), *EARLIER.values()) for ref in refs}
    missing = sorted(ref for ref in refs if not callable(_resolve(ref)))
    assert missing == [], f"named tests that do not exist: {missing}"
    assert all(ELSEWHERE.values()), "every ELSEWHERE field names at least one test"


def test_the_walk_finds_a_new_field():
    """The classification really is derived from the model: a field added to a section
    shows up in the walk (and so would fail the first test until classified)."""
    from pydantic import create_model

    from baohuang.rules.model import End

    extended = create_model("End2", __base__=End, brand_new=(bool, False))
    assert "brand_new" in set(language_fields(extended))
    assert "end.when" in set(language_fields())


def test_every_field_the_product_calls_play_is_tested_here():
    """`baohuang.rules.field_kinds` (the product's own list, used to decide whether two
    versions play the same games) agrees with this file: a field it calls ``play`` has a
    rule test, or is a deck/deal shape field with its named tests. Union tags (``step``,
    ``by``) are covered by their sections; the emperor card has one allowed value."""
    from baohuang.rules.field_kinds import FIELD_KINDS

    tags = {"grab_solo", "offer_throne", "redeal", "fixed_card", "called_card"}

    def loose(path: str) -> str:
        return ".".join(x for x in path.replace("[]", "").split(".") if x not in tags)

    tested = {loose(p) for p in PLAY} | {loose(p) for p in ELSEWHERE}
    sections = {loose(p) for p in PLAY}
    untested = [
        path
        for path, kind in FIELD_KINDS.items()
        if kind == "play"
        and loose(path) not in tested
        and not (path.endswith((".step", ".by")) and loose(path).rsplit(".", 1)[0] in sections)
        and loose(path) not in {loose(p) for p in DESCRIPTIVE}
    ]
    assert untested == [], f"play fields (field_kinds) with no rule test here: {untested}"
