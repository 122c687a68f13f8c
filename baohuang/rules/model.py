"""The variant language: one pydantic model per section of a house rule (docs/rules.md §2–§9).

A variant file is a YAML document that validates against :class:`Variant`. Structural
rules (types, allowed words, unknown keys) live here; rules that relate two fields live in
:mod:`baohuang.rules.checks`. Every field has a description: the JSON Schema generated from
these models is what the admin and the web editor show next to each field.

Every field also carries a :class:`FieldMeta` (``Annotated`` metadata): its name in the
game's terms and, for a leaf, its kind. That is the one place a field's words are written:
the rulebook's labels (:mod:`baohuang.rulebook.labels`), the kinds
(:mod:`baohuang.rules.field_kinds`), the web editor's field labels (``make types``) and the
docs' language reference are read from it (:mod:`baohuang.rules.fields` walks them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from baohuang.rules.texts import LazyText, pgettext_lazy
from baohuang.rules.vocabulary import AttachRank, Event, Party, PlainRank, Rank, Suit

#: The version of the language this module reads and writes.
SCHEMA_VERSION = 1

Rank1to5 = Annotated[int, Field(ge=1, le=5)]
Seat = Annotated[int, Field(ge=0, le=4)]

#: What a leaf field changes (:mod:`baohuang.rules.field_kinds` says what each kind means).
Kind = Literal["play", "settlement", "descriptive"]


@dataclass(frozen=True)
class FieldMeta:
    """A field's words and kind, written once, as ``Annotated`` metadata of the field.

    ``label`` is the field's name in the game's terms: the English text, marked for the
    catalogs with the context ``field`` (the Chinese is in the rules package's zh-Hans
    catalog). ``kind`` is given on every leaf field (a field holding no section) and on no
    section, whose kind follows from its fields. ``inner`` names the fields of a section
    shared by two places that call them differently (a tribute rule's givers and takers):
    those fields have no label of their own.
    """

    label: LazyText | None
    kind: Kind | None = None
    inner: Mapping[str, LazyText] = field(default_factory=dict)


class Section(BaseModel):
    """Base of every section: unknown keys are errors, values are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)


# --------------------------------------------------------------------------- identity


class Name(Section):
    """A name in Chinese and English."""

    zh: Annotated[str, FieldMeta(pgettext_lazy("field", "Chinese name"), "descriptive")] = Field(
        min_length=1, description="Chinese name, e.g. 威海玩法."
    )
    en: Annotated[str, FieldMeta(pgettext_lazy("field", "English name"), "descriptive")] = Field(
        min_length=1, description="English name, e.g. Weihai."
    )


# --------------------------------------------------------------------------- deck (§2.1)


class Removal(Section):
    """Cards taken out of the shoe before dealing.

    With neither `count` nor `suits`, every card of the rank goes. With `count`, that many
    cards of the rank go, chosen at random per deal by the seeded generator. With `suits`,
    one card of each listed suit goes.
    """

    rank: Annotated[Rank, FieldMeta(pgettext_lazy("field", "Rank taken out"), "play")] = Field(
        description="The rank to remove."
    )
    count: Annotated[
        int | None, FieldMeta(pgettext_lazy("field", "How many of it are taken out"), "play")
    ] = Field(default=None, ge=1, description="Remove only this many, chosen at random each deal.")
    suits: Annotated[
        list[Suit] | None, FieldMeta(pgettext_lazy("field", "Suits taken out"), "play")
    ] = Field(default=None, min_length=1, description="Remove one card of each of these suits.")


class Marks(Section):
    """The marked cards (docs/rules.md §2): players draw the mark on one joker each."""

    emperor_card: Annotated[
        Literal["BJ"], FieldMeta(pgettext_lazy("field", "Emperor card"), "play")
    ] = Field(default="BJ", description="The emperor card 皇牌: a big joker marked with a sceptre.")
    guard_card: Annotated[
        Literal["SJ"] | None, FieldMeta(pgettext_lazy("field", "Guard card"), "play")
    ] = Field(
        default=None,
        description="The guard card 侍卫牌: a small joker marked with a sword. Only in "
        "fixed-guard variants; null when the guard is called.",
    )


class Deck(Section):
    """Which cards are in play (docs/rules.md §2.1)."""

    decks: Annotated[int, FieldMeta(pgettext_lazy("field", "Number of decks"), "play")] = Field(
        default=4, ge=1, le=8, description="Number of 54-card decks shuffled."
    )
    remove: Annotated[list[Removal], FieldMeta(pgettext_lazy("field", "Cards taken out"))] = Field(
        default_factory=list, description="Cards taken out."
    )
    marks: Annotated[Marks, FieldMeta(pgettext_lazy("field", "Marked cards"))] = Field(
        default_factory=Marks, description="The marked cards."
    )


# --------------------------------------------------------------------------- deal (§2.2, §6.2)


class BuyCard(Section):
    """Buying a card (买3): a player dealt none of `rank` buys one with a `pay_with` card."""

    rank: Annotated[
        PlainRank, FieldMeta(pgettext_lazy("field", "Card everyone must hold"), "play")
    ] = Field(description="The rank every player must have at least one of.")
    pay_with: Annotated[Rank, FieldMeta(pgettext_lazy("field", "Card paid for it"), "play")] = (
        Field(description="The card the buyer hands over in exchange.")
    )
    pay_with_also: Annotated[
        list[Rank], FieldMeta(pgettext_lazy("field", "Other cards it may be paid with"), "play")
    ] = Field(
        default_factory=list,
        description="Other cards the buyer may pay with instead (a 2 or a joker: pay_with 2, "
        "pay_with_also [SJ, BJ]); a buyer holding cards of two or more of them chooses which "
        "one pays. A marked card (BJ*, SJ*) never pays.",
    )
    if_unable: Annotated[
        Literal["gift", "skip"],
        FieldMeta(pgettext_lazy("field", "A buyer with nothing to pay"), "play"),
    ] = Field(
        default="gift",
        description="A buyer without a pay_with card: is given one anyway (送3) or goes without.",
    )
    seller: Annotated[
        Literal["most_held"], FieldMeta(pgettext_lazy("field", "Who sells"), "play")
    ] = Field(
        default="most_held",
        description="Who sells: the player holding the most of the rank (nearest in play "
        "order on a tie).",
    )


class Deal(Section):
    """How the cards are dealt and who deals next (docs/rules.md §2.2)."""

    hand_sizes: Annotated[
        list[StrictInt], FieldMeta(pgettext_lazy("field", "Cards in each hand"), "play")
    ] = Field(
        min_length=5,
        max_length=5,
        description="Cards per seat, in dealing order from the dealer.",
    )
    first_dealer: Annotated[
        Seat, FieldMeta(pgettext_lazy("field", "Seat dealt to first in the first game"), "play")
    ] = Field(default=0, description="The seat dealt to first in game one.")
    # settlement: who deals the next game of a match; simulations deal every game from
    # first_dealer.
    next_dealer: Annotated[
        Literal["first_finisher", "previous_emperor", "next_seat", "fixed"],
        FieldMeta(pgettext_lazy("field", "Who is dealt to first in the next game"), "settlement"),
    ] = Field(
        default="first_finisher",
        description="Who is dealt to first in the next game of a match: the previous game's "
        "1st out, its emperor, the seat after the previous dealer (the deal moves one seat "
        "each game, 轮流发牌), or the same seat every game.",
    )
    buy: Annotated[BuyCard | None, FieldMeta(pgettext_lazy("field", "Buying a card"))] = Field(
        default=None, description="Buying a card after the deal (买3)."
    )


# --------------------------------------------------------------------------- bidding (§4)


class FixedGuard(Section):
    """固定保: whoever holds the guard card is the guard (docs/rules.md §4.1)."""

    by: Annotated[
        Literal["fixed_card"], FieldMeta(pgettext_lazy("field", "Way of finding the guard"), "play")
    ] = "fixed_card"


class CalledGuard(Section):
    """叫侍卫: the emperor calls a card of which he holds several identical copies (§4.2)."""

    by: Annotated[
        Literal["called_card"],
        FieldMeta(pgettext_lazy("field", "Way of finding the guard"), "play"),
    ] = "called_card"
    callable_ranks: Annotated[
        list[PlainRank], FieldMeta(pgettext_lazy("field", "Ranks that may be called"), "play")
    ] = Field(min_length=1, description="Ranks the emperor may call (classic: every rank but 2).")
    choice: Annotated[
        Literal["highest", "free"],
        FieldMeta(pgettext_lazy("field", "With several cards that could be called"), "play"),
    ] = Field(
        default="highest",
        description="With several callable cards: the highest must be called, or any.",
    )
    min_identical: Annotated[
        int, FieldMeta(pgettext_lazy("field", "Identical cards needed to call the guard"), "play")
    ] = Field(
        default=3,
        ge=1,
        le=8,
        description="Identical cards (same suit and rank) the emperor must hold to call.",
    )
    own_cards_callable: Annotated[
        bool,
        FieldMeta(
            pgettext_lazy("field", "A card he holds every copy of may always be called"),
            "play",
        ),
    ] = Field(
        default=False,
        description="With choice highest: a card of which the emperor holds every copy may "
        "be called whatever its rank, to play a hidden solo (也可以叫自己手中4张同花色同点数的"
        "牌“暗独保”); otherwise only the highest callable card may be.",
    )


GuardRule = Annotated[FixedGuard | CalledGuard, Field(discriminator="by")]


class SoloRules(Section):
    """When the emperor plays alone (独保, docs/rules.md §4.1, §4.2, §4.4).

    An emperor who is his own guard (holds the guard card, or every copy of the card he
    calls) always plays solo; these fields say what else is allowed.
    """

    declared: Annotated[bool, FieldMeta(pgettext_lazy("field", "Declared solo"), "play")] = Field(
        default=False,
        description="声明独保: the emperor may declare an open solo when ascending, "
        "without a guard.",
    )
    hidden_allowed: Annotated[
        bool, FieldMeta(pgettext_lazy("field", "Hidden solo allowed"), "play")
    ] = Field(
        default=True,
        description="An emperor who is his own guard may keep it hidden (暗独保); "
        "if false every solo is open.",
    )
    declared_requires: Annotated[
        Literal["nothing", "four_identical"],
        FieldMeta(pgettext_lazy("field", "What a declared solo needs"), "play"),
    ] = Field(
        default="nothing",
        description="What a declared solo needs: nothing (classic 声明独保 needs no triple), "
        "or four identical cards, same suit and rank (Qingdao: 只要有4张相同…都可以选择独保).",
    )


class GrabSoloStep(Section):
    """抢独: any player may claim to fight the other four alone (docs/rules.md §4.4)."""

    step: Annotated[Literal["grab_solo"], FieldMeta(pgettext_lazy("field", "Step"), "play")] = (
        "grab_solo"
    )
    priority: Annotated[
        Literal["emperor_then_upstream", "first_claim"],
        FieldMeta(pgettext_lazy("field", "Several players grabbing"), "play"),
    ] = Field(
        default="emperor_then_upstream",
        description="Several claimants: the emperor card holder's own claim wins, otherwise "
        "the claimant nearest him upstream; or simply the first to claim.",
    )
    takes_emperor_card: Annotated[
        bool, FieldMeta(pgettext_lazy("field", "The grabber takes the emperor card"), "play")
    ] = Field(
        default=True,
        description="The grabber takes the emperor card from its holder and gives nothing back.",
    )
    marks_void: Annotated[
        bool, FieldMeta(pgettext_lazy("field", "Marked cards void after a grab"), "play")
    ] = Field(
        default=False,
        description="After a grab the marked cards become plain jokers (Tongchengyou Weihai).",
    )
    requires: Annotated[
        Literal["nothing", "four_identical"],
        FieldMeta(pgettext_lazy("field", "Who may grab the solo"), "play"),
    ] = Field(
        default="nothing",
        description="Who may grab: anyone, or only a player holding four identical cards "
        "(same suit and rank; Qingdao).",
    )


class OfferThroneStep(Section):
    """登基 / 让位: the emperor card holder ascends or passes the card on (§4.3)."""

    step: Annotated[Literal["offer_throne"], FieldMeta(pgettext_lazy("field", "Step"), "play")] = (
        "offer_throne"
    )
    rounds: Annotated[int, FieldMeta(pgettext_lazy("field", "Rounds of abdication"), "play")] = (
        Field(default=1, ge=1, le=3, description="Full rounds of the table.")
    )
    forced: Annotated[bool, FieldMeta(pgettext_lazy("field", "Forced ascension"), "play")] = Field(
        default=False,
        description="逼庄: whoever can ascend (call a guard, or hold the emperor card with a "
        "fixed guard) must.",
    )
    forces: Annotated[
        Literal["everyone", "first_decliner"],
        FieldMeta(pgettext_lazy("field", "Who is forced to ascend"), "play"),
    ] = Field(
        default="everyone",
        description="With forced: who is forced. everyone = 逼庄, the whole round: whoever "
        "can ascend must (classic, Qingdao). first_decliner = 逼位 (HD): the card goes back to "
        "the first decliner, who must ascend if he can; if he cannot, the rest of the round "
        "is an ordinary round of abdication.",
    )
    forced_exempt_own_guard: Annotated[
        bool,
        FieldMeta(
            pgettext_lazy(
                "field", "A player who would be his own guard may refuse a forced ascension"
            ),
            "play",
        ),
    ] = Field(
        default=False,
        description="In a forced round, a player whose only way to ascend makes him his own "
        "guard (he holds the guard card, or every copy of his callable card) may still pass.",
    )
    forced_exempt_four_identical: Annotated[
        bool,
        FieldMeta(
            pgettext_lazy(
                "field", "A player with four identical cards may refuse a forced ascension"
            ),
            "play",
        ),
    ] = Field(
        default=False,
        description="In a forced round, a player holding four identical cards (same suit and "
        "rank) may pass, whatever else he holds (classic: "
        "除非有4张相同花色相同点数的可以选择不打).",
    )
    pass_to: Annotated[
        Literal["upstream", "downstream"],
        FieldMeta(pgettext_lazy("field", "The emperor card is passed to"), "play"),
    ] = Field(
        default="upstream",
        description="Which neighbour receives the emperor card: 上家 (upstream) or 下家.",
    )
    pass_seats: Annotated[
        int, FieldMeta(pgettext_lazy("field", "Seats the emperor card moves on a pass"), "play")
    ] = Field(
        default=1,
        ge=1,
        le=2,
        description="How many seats on, in the pass direction, the emperor card moves on an "
        "ordinary pass: 1 = the neighbour, 2 = the player two seats on (隔一家), from any "
        "holder.",
    )
    when_holding_both: Annotated[
        Literal["pass_on", "skip_one", "choice"],
        FieldMeta(pgettext_lazy("field", "A holder of both marked cards"), "play"),
    ] = Field(
        default="pass_on",
        description="A holder of both marked cards: passes like anyone (keeping the guard "
        "card, he is the guard of whoever ascends), or to the player two seats on (隔一家, "
        "skip_one: every role is known), or chooses between the two (choice).",
    )
    skip_one_receiver: Annotated[
        Literal["must_ascend", "may_decline"],
        FieldMeta(pgettext_lazy("field", "The receiver of a pass two seats on"), "play"),
    ] = Field(
        default="must_ascend",
        description="The receiver of a pass two seats on: must ascend (接手皇牌的玩家不能再次"
        "传牌), or may decline in turn, and so may each later receiver, even in a forced round "
        "(如果下家也不要，则往下顺延): the card moves on by the ordinary pass, never back to "
        "the one who passed it two seats on.",
    )
    skip_one_to: Annotated[
        Literal["pass_direction", "upstream", "downstream"],
        FieldMeta(pgettext_lazy("field", "Direction of the pass two seats on"), "play"),
    ] = Field(
        default="pass_direction",
        description="With skip_one: the direction of the two-seat pass (Weihai: 隔一个的下家, "
        "downstream, although ordinary passes go upstream).",
    )
    tip: Annotated[
        Literal["none", "two_or_highest", "two_or_nothing", "highest", "highest_non_joker"],
        FieldMeta(pgettext_lazy("field", "Tip"), "play"),
    ] = Field(
        default="none",
        description="贴牌: the card a decliner adds when he passes the emperor card on. "
        "two_or_highest: a 2, else his highest card that is not a joker; two_or_nothing: "
        "a 2, else nothing (贴2，没有则不贴); highest: his highest card; highest_non_joker: "
        "his highest card that is not a joker.",
    )
    tip_count: Annotated[int, FieldMeta(pgettext_lazy("field", "Cards tipped by each"), "play")] = (
        Field(
            default=1,
            ge=1,
            le=3,
            description="How many cards each paying decliner adds, each chosen by the tip rule "
            "from what is left (2: 贴两张); fewer when his hand has no more that qualify.",
        )
    )
    tip_from_pass: Annotated[
        int, FieldMeta(pgettext_lazy("field", "Abdication from which the tip is paid"), "play")
    ] = Field(default=1, ge=1, le=5, description="The first pass that pays a tip (1 = every pass).")


class RedealStep(Section):
    """流局: nobody ascended; the hand is dealt again."""

    step: Annotated[Literal["redeal"], FieldMeta(pgettext_lazy("field", "Step"), "play")] = "redeal"


class ForfeitStep(Section):
    """弃皇者负: nobody ascended; the game ends, lost by the one who first gave up the throne.

    Scored with its own points (no multiplier, no tribute); the finish order is empty.
    """

    step: Annotated[Literal["forfeit"], FieldMeta(pgettext_lazy("field", "Step"), "play")] = (
        "forfeit"
    )
    # settlement: read only to score a forfeited game.
    loser: Annotated[
        int, FieldMeta(pgettext_lazy("field", "Points of the one who forfeits"), "settlement")
    ] = Field(
        default=-4, description="Points of the one who first gave up the throne (判弃皇者负)."
    )
    others: Annotated[
        int,
        FieldMeta(pgettext_lazy("field", "Points of each other player in a forfeit"), "settlement"),
    ] = Field(default=1, description="Points of each of the other four.")


class VoidStep(Section):
    """本局作废: nobody ascended; the deal is void and scores 0 for everyone, no redeal.

    The game ends without a finish order and owes no tribute; a match goes on to the next
    deal.
    """

    step: Annotated[Literal["void"], FieldMeta(pgettext_lazy("field", "Step"), "play")] = "void"


FlowStep = Annotated[
    GrabSoloStep | OfferThroneStep | RedealStep | ForfeitStep | VoidStep,
    Field(discriminator="step"),
]


class Bidding(Section):
    """How the emperor and the guard are found (docs/rules.md §4)."""

    guard: Annotated[GuardRule, FieldMeta(pgettext_lazy("field", "How the guard is found"))] = (
        Field(description="How the guard is found: fixed card or called card.")
    )
    solo: Annotated[SoloRules, FieldMeta(pgettext_lazy("field", "Solo"))] = Field(
        default_factory=SoloRules, description="When the emperor plays alone."
    )
    flow: Annotated[
        list[FlowStep], FieldMeta(pgettext_lazy("field", "Steps of choosing the emperor"))
    ] = Field(
        min_length=1,
        description="The bidding steps in order: grab-solo windows, offer rounds, and how a "
        "bidding without an emperor ends (redeal, forfeit or void).",
    )


# --------------------------------------------------------------------------- declarations (§4.5-6)


class Rebellion(Section):
    """造反: rebels may force a hidden guard into the open (docs/rules.md §4.6)."""

    threshold: Annotated[
        int, FieldMeta(pgettext_lazy("field", "Rebels needed for a rebellion"), "play")
    ] = Field(default=2, ge=1, le=4, description="Declarations needed to succeed.")
    timing: Annotated[
        Literal["after_guard", "with_guard"],
        FieldMeta(pgettext_lazy("field", "When the rebels declare"), "play"),
    ] = Field(
        default="after_guard",
        description="When rebels decide: after the guard chose open or hidden (only if he "
        "stayed hidden), or at the same time, without knowing his choice (憋六: "
        "保子选择明保暗保的同时，反贼可以选择造反).",
    )


class Kick(Section):
    """踢: a further doubling after the roles are known (docs/rules.md §4.6)."""

    royals_after_rebellion: Annotated[
        bool,
        FieldMeta(pgettext_lazy("field", "Emperor or guard may kick after a rebellion"), "play"),
    ] = Field(
        default=True,
        description="After a successful rebellion the emperor or the guard may kick.",
    )
    rebels_after_open_guard: Annotated[
        int | None,
        FieldMeta(pgettext_lazy("field", "Rebels needed to kick against an open guard"), "play"),
    ] = Field(
        default=2,
        ge=1,
        le=3,
        description="With an open guard, this many rebels may kick together (null: never).",
    )
    rebels_after_open_solo: Annotated[
        int | None,
        FieldMeta(pgettext_lazy("field", "Players needed to kick against an open solo"), "play"),
    ] = Field(
        default=None,
        ge=1,
        le=4,
        description="With an open solo (明独), this many of the four may kick together "
        "(null: never; a hidden solo forced open by a rebellion is kicked by the emperor, "
        "as any rebellion).",
    )


class RebelDeclaration(Section):
    """A rebel's own declaration (亮反): he shows himself a rebel, and the stake may double.

    Unlike the rebellion it needs no other rebel and forces nobody open: the declarer is
    known to all as a rebel, the guard stays hidden. Each declaration is the event
    rebel_declared, which scoring.multipliers may double (one multiplier per declaration,
    stacking under scoring.max_multiplier). It is offered while the guard (or a solo
    emperor) is hidden; the hidden guard is asked too, with no way to declare, so that
    nobody learns who he is by who is asked.
    """

    timing: Annotated[
        Literal["after_guard", "with_guard"],
        FieldMeta(pgettext_lazy("field", "When a rebel may declare himself"), "play"),
    ] = Field(
        default="after_guard",
        description="When rebels declare: after the guard chose open or hidden (only if he "
        "stayed hidden), before any rebellion; or at the same time as his choice, the choices "
        "hidden from each other until all are in (a declaration made beside an open guard "
        "still counts).",
    )
    max_declarers: Annotated[
        int, FieldMeta(pgettext_lazy("field", "Rebels who may declare themselves"), "play")
    ] = Field(
        default=4,
        ge=1,
        le=4,
        description="At most this many declarations count, the first in asking order (from "
        "the emperor's next seat on); once they are made, nobody else is asked.",
    )


class Declarations(Section):
    """What players may declare before the first play (docs/rules.md §4.5, §4.6)."""

    guard_reveal: Annotated[
        Literal["choice", "open", "hidden"],
        FieldMeta(pgettext_lazy("field", "Open or hidden guard"), "play"),
    ] = Field(
        default="choice",
        description="明保 / 暗保: the guard chooses, must reveal himself, or stays hidden.",
    )
    rebellion: Annotated[Rebellion | None, FieldMeta(pgettext_lazy("field", "Rebellion"))] = Field(
        default=None, description="造反, if the variant has it."
    )
    rebel_declaration: Annotated[
        RebelDeclaration | None, FieldMeta(pgettext_lazy("field", "A rebel declares himself"))
    ] = Field(
        default=None,
        description="A rebel's own declaration (亮反), showing only himself, if the variant has "
        "it (null: none).",
    )
    kick: Annotated[Kick | None, FieldMeta(pgettext_lazy("field", "Kick"))] = Field(
        default=None, description="踢, if the variant has it."
    )
    reveal_by_card: Annotated[
        bool, FieldMeta(pgettext_lazy("field", "Guard known when his card is played"), "play")
    ] = Field(
        default=False,
        description="A hidden guard becomes known to all when he plays his marked card (the "
        "guard card, the called card or the card above the big joker; of several cards of its "
        "rank he plays the marked one last). Nothing doubles: it is not a declaration.",
    )
    open_during_play: Annotated[
        bool, FieldMeta(pgettext_lazy("field", "Going open during play"), "play")
    ] = Field(
        default=False,
        description="A hidden guard may go open (明保) at any of his turns during play, not "
        "only before the first play; it counts as an open guard (event open_guard).",
    )


# --------------------------------------------------------------------------- play (§5, §6)


class HoldBack(Section):
    """憋牌: cards a player must keep for his last play (docs/rules.md §6.1, §6.2).

    All of a player's cards of the rank go together, in his last play. A player dealt
    none of the rank may finish with anything (偷着跑, sneaking out): that follows from
    the rule itself, so it needs no field.
    """

    rank: Annotated[PlainRank, FieldMeta(pgettext_lazy("field", "Hold-back rank"), "play")] = Field(
        description="The held-back rank, e.g. 6 (憋六) or 3 (憋三)."
    )
    only_when_leading: Annotated[
        bool, FieldMeta(pgettext_lazy("field", "Hold-back cards only when leading"), "play")
    ] = Field(
        default=False,
        description="The held-back cards may only be played when leading (憋三).",
    )
    # settlement (with shut_in_when): who counts as shut in is decided after the last card
    # and only says who owes the shut-in tribute of the next game; the rank itself is play.
    shut_in: Annotated[bool, FieldMeta(pgettext_lazy("field", "Being shut in"), "settlement")] = (
        Field(
            default=False,
            description="闷: a player caught with them when the game ends is shut in and owes "
            "a shut-in tribute.",
        )
    )
    shut_in_when: Annotated[
        Literal["lost_down_to_them", "down_to_them", "still_holding"],
        FieldMeta(pgettext_lazy("field", "Who is shut in"), "settlement"),
    ] = Field(
        default="lost_down_to_them",
        description="Who counts as shut in: a player on the losing side whose last cards are "
        "the held-back ones (he was down to his last play and the opponents went out before "
        "he could make it); the same on either side, a draw included (down_to_them); or "
        "anyone still holding one (then it happens in nearly every game).",
    )
    last_play_attach: Annotated[
        bool, FieldMeta(pgettext_lazy("field", "Jokers attached to the last play"), "play")
    ] = Field(
        default=True,
        description="The last play may carry attached cards (jokers) with the held-back "
        "rank; if false, it must be the held-back cards alone.",
    )


class SpecialBeat(Section):
    """A set of one rank that beats a single higher card (docs/rules.md §6.5)."""

    rank: Annotated[
        PlainRank, FieldMeta(pgettext_lazy("field", "Rank of the special set"), "play")
    ] = Field(description="The rank of the set, e.g. 2.")
    count: Annotated[int, FieldMeta(pgettext_lazy("field", "Cards in the special set"), "play")] = (
        Field(ge=1, le=32, description="Exactly this many cards of the rank.")
    )
    beats: Annotated[
        list[Literal["SJ", "BJ", "TOP"]],
        FieldMeta(pgettext_lazy("field", "Single cards the special set beats"), "play"),
    ] = Field(min_length=1, description="The single cards it beats (TOP = the card above BJ).")


class Roast(Section):
    """烤牌: attaching more jokers than the play had (docs/rules.md §5.5)."""

    joker_order: Annotated[
        list[str], FieldMeta(pgettext_lazy("field", "Joker groups from low to high"), "play")
    ] = Field(
        min_length=2,
        description="Joker groups from low to high, each written like 'SJ SJ' or 'BJ'.",
    )
    more_jokers: Annotated[
        bool, FieldMeta(pgettext_lazy("field", "A roast carries more jokers"), "play")
    ] = Field(
        default=True,
        description="A roast must carry more jokers than the play it roasts (再加挂更多的王牌); "
        "if false, a group higher in the order roasts whatever its size.",
    )
    plain_sets: Annotated[
        bool, FieldMeta(pgettext_lazy("field", "Roasting a play without jokers"), "play")
    ] = Field(
        default=False,
        description="Jokers may also roast a play that has none (a plain set); the seed "
        "allows roasting only a single joker or a play carrying jokers.",
    )


class Bombs(Section):
    """炸弹: a set of many cards of one rank that beats any plain play (house rules)."""

    min_count: Annotated[
        int, FieldMeta(pgettext_lazy("field", "Cards of one rank that make a bomb"), "play")
    ] = Field(
        default=4,
        ge=2,
        le=32,
        description="A set of at least this many cards of one rank, with nothing attached, "
        "is a bomb (4: 四张以上同点数的牌). Bombs rank by number of cards, then by rank; only "
        "a bigger bomb beats a bomb.",
    )
    beats: Annotated[
        Literal["any", "more_cards"], FieldMeta(pgettext_lazy("field", "What a bomb beats"), "play")
    ] = Field(
        default="any",
        description="What a bomb beats besides smaller bombs: any play that is not a bomb, "
        "or only a play that is not a bomb and has fewer cards than the bomb (a play of as "
        "many cards or more is beaten as usual).",
    )
    max_per_game: Annotated[
        int | None, FieldMeta(pgettext_lazy("field", "Most bombs in a game"), "play")
    ] = Field(
        default=None,
        ge=1,
        le=32,
        description="At most this many bombs in one game: once they are played, sets of "
        "that size are ordinary sets (null: no limit).",
    )
    identical: Annotated[
        bool, FieldMeta(pgettext_lazy("field", "A bomb is identical cards"), "play")
    ] = Field(
        default=False,
        description="A bomb must be identical cards, same suit and rank (沂源 棍: 四张一模一样的"
        "牌); a set of one rank with cards of several suits is an ordinary set. A player who "
        "plays as many cards of a rank as he holds identical ones plays those.",
    )


class Automatic(Section):
    """托管: the system plays for an absent player (docs/rules.md §7)."""

    lock_after: Annotated[
        int | None, FieldMeta(pgettext_lazy("field", "Automatic play locks after"), "play")
    ] = Field(
        default=3,
        ge=1,
        description="托管超过三次 (Lianzhong): automatic play locks on when a seat's count "
        "passes this number (the 4th spell with 3); null: it never locks, a player may always "
        "take his seat back.",
    )
    counted: Annotated[
        Literal["spells", "turns"],
        FieldMeta(pgettext_lazy("field", "Automatic play is counted in"), "play"),
    ] = Field(
        default="spells",
        description="What is counted: spells of automatic play (one spell may cover many "
        "turns; it ends when the player acts himself again), or every automatic turn.",
    )
    # play: whether a game of five automatic seats counts at all (kept play, conservative).
    unscored_if_all: Annotated[
        bool, FieldMeta(pgettext_lazy("field", "No score when all five are automatic"), "play")
    ] = Field(
        default=True,
        description="A game that ends with all five seats on automatic play is not scored.",
    )
    # play: read from who is on automatic at the end, which a stored result does not keep.
    dissolve_if_any: Annotated[
        Literal["no", "scored", "unscored"],
        FieldMeta(
            pgettext_lazy("field", "Table dissolved when a player ends on automatic"), "play"
        ),
    ] = Field(
        default="no",
        description="解散 (Lianzhong: 游戏结束时若有玩家处于托管状态则系统自动解散游戏): a game "
        "that ends with any seat on automatic play dissolves the table, so a match ends "
        "with it; the game itself is still scored (scored; unscored_if_all still applies) or "
        "not scored (unscored); no: the table plays on.",
    )


def _jokers() -> list[AttachRank]:
    return ["SJ", "BJ"]


class JokerStack(Section):
    """叠加: several jokers played together as one card ranked above the big joker."""

    cards: Annotated[
        str, FieldMeta(pgettext_lazy("field", "Jokers stacked as one card"), "play")
    ] = Field(
        description="叠加的王: the jokers counted as one card, at least two, written like "
        "'SJ SJ SJ' or 'BJ SJ SJ' (as roast.joker_order groups).",
    )
    above: Annotated[str, FieldMeta(pgettext_lazy("field", "Ranks directly above"), "play")] = (
        Field(
            description="What the stack ranks directly above: 'BJ' (the big joker), 'TOP' (the "
            "card above the big joker), 'TOP2' (the higher of two ordered marked cards) or "
            "another stack's cards ('SJ SJ SJ'). Two stacks may not stand directly above the "
            "same card.",
        )
    )
    alone: Annotated[bool, FieldMeta(pgettext_lazy("field", "Stack played alone"), "play")] = Field(
        default=True,
        description="单张出: the stack may be played alone, as a single card.",
    )
    in_sets: Annotated[
        bool, FieldMeta(pgettext_lazy("field", "Stack attached to a set"), "play")
    ] = Field(
        default=True,
        description="挂在牌型上: the stack may be attached to a set as one attached card "
        "(like a joker); never two stacks in one play.",
    )


class PlayRules(Section):
    """Playing the cards (docs/rules.md §5, §6)."""

    attach: Annotated[
        list[AttachRank], FieldMeta(pgettext_lazy("field", "Cards that may be attached"), "play")
    ] = Field(
        default_factory=_jokers,
        description="Cards that may be attached to a set (挂牌): jokers, and 2s in 憋三.",
    )
    wild: Annotated[list[Rank], FieldMeta(pgettext_lazy("field", "Wild cards"), "play")] = Field(
        default_factory=list,
        description="Wild cards (百搭, 万能牌): played with a set, a card of these ranks stands "
        "for the set's rank (9 9 2 counts as 9 9 9); alone they are a set of their own rank. "
        "A rank is either attachable or wild, not both.",
    )
    top_card: Annotated[
        Literal["none", "guard_card", "emperor_card", "both_marked"],
        FieldMeta(pgettext_lazy("field", "Card above the big joker"), "play"),
    ] = Field(
        default="none",
        description="A card ranked above the big joker: the guard card (fixed) or the called "
        "card (called guard) — 特画 / 老花; or the emperor card; or both (both_marked: the two "
        "rank above every other card, level with each other unless marked_order orders them).",
    )
    marked_order: Annotated[
        Literal["level", "guard_higher", "emperor_higher"],
        FieldMeta(pgettext_lazy("field", "Order of the two marked cards"), "play"),
    ] = Field(
        default="level",
        description="With top_card both_marked, how the two marked cards stand: level with "
        "each other (level); the guard card above the emperor card (guard_higher: 侍卫牌 > "
        "皇帝牌 > 大王); or the emperor card above the guard card (emperor_higher). The higher "
        "one is written TOP2, the lower TOP.",
    )
    top_card_in_set: Annotated[
        bool, FieldMeta(pgettext_lazy("field", "Card above the big joker inside a set"), "play")
    ] = Field(
        default=False,
        description="The card above the big joker may also be played as a card of its own "
        "rank, inside a set of that rank (a called 7 joins a set of 7s as a plain 7); false: it "
        "is only ever played as the card above the big joker.",
    )
    special_beats: Annotated[
        list[SpecialBeat], FieldMeta(pgettext_lazy("field", "Special beats"))
    ] = Field(default_factory=list, description="Sets that beat a single higher card (3×2 > BJ).")
    hold_back: Annotated[list[HoldBack], FieldMeta(pgettext_lazy("field", "Hold-back cards"))] = (
        Field(default_factory=list, description="憋牌 ranks.")
    )
    wind: Annotated[
        Literal["next_player", "apply"],
        FieldMeta(pgettext_lazy("field", "Catching the wind"), "play"),
    ] = Field(
        default="next_player",
        description="接风: after an unbeaten last play the next player leads, or must apply.",
    )
    wind_unclaimed: Annotated[
        Literal["next_player", "skip_next"],
        FieldMeta(pgettext_lazy("field", "When nobody applies for the wind"), "play"),
    ] = Field(
        default="next_player",
        description="With wind apply, when nobody applied: the lead passes to the next player "
        "as in ordinary 接风, or over him to the one after.",
    )
    defer: Annotated[bool, FieldMeta(pgettext_lazy("field", "Deferring"), "play")] = Field(
        default=False, description="让牌: a player may defer in a round."
    )
    defer_passers: Annotated[
        Literal["answer_again", "stay_passed"],
        FieldMeta(pgettext_lazy("field", "After a deferrer's play in the second circle"), "play"),
    ] = Field(
        default="answer_again",
        description="With defer, when a deferrer plays in the second circle: everyone may "
        "answer his play as usual (answer_again), or those who passed in the first circle "
        "stay passed for the rest of the trick (stay_passed: 已经选择过牌的玩家在第2圈也视为过牌 "
        "read as covering the whole second circle).",
    )
    hard_pass: Annotated[
        bool, FieldMeta(pgettext_lazy("field", "No play after a pass"), "play")
    ] = Field(
        default=False,
        description="过牌不准上: a player who passed may not play again in the same trick; "
        "his turn is skipped until the trick is won (false: he may beat a later play when "
        "his turn comes round again).",
    )
    stacks: Annotated[list[JokerStack], FieldMeta(pgettext_lazy("field", "Joker stacks"))] = Field(
        default_factory=list,
        description="叠加: jokers that may also be played together as one card above the big "
        "joker (三张小王 → 一张比大王大的牌); the same jokers can still be played as a plain "
        "pair or triple. Empty: no stacking.",
    )
    roast: Annotated[Roast | None, FieldMeta(pgettext_lazy("field", "Roasting"))] = Field(
        default=None, description="烤牌, if allowed."
    )
    bombs: Annotated[Bombs | None, FieldMeta(pgettext_lazy("field", "Bombs"))] = Field(
        default=None,
        description="炸弹: sets of many cards of one rank beating any plain play (null: none). "
        "Each bomb played is the event bomb, which scoring.multipliers may double.",
    )
    automatic: Annotated[Automatic, FieldMeta(pgettext_lazy("field", "Automatic play"))] = Field(
        default_factory=Automatic, description="托管."
    )


# --------------------------------------------------------------------------- end (§6.3-6.4)


class End(Section):
    """When the game ends (docs/rules.md §6.3, §6.4)."""

    when: Annotated[
        Literal["all_but_one", "one_side_out"],
        FieldMeta(pgettext_lazy("field", "When the game ends"), "play"),
    ] = Field(
        default="all_but_one",
        description="Play until one player is left, or until one side is all out.",
    )
    open_solo_ends_on_other_first: Annotated[
        bool,
        FieldMeta(
            pgettext_lazy("field", "An open solo ends when another player goes out first"), "play"
        ),
    ] = Field(
        default=False,
        description="Open solo: the game ends as soon as someone other than the emperor "
        "goes out first.",
    )
    # settlement: read only by the side-out outcome (a draw), never by the game itself.
    side_out_draw_if_first_other_side: Annotated[
        bool,
        FieldMeta(
            pgettext_lazy("field", "A draw when the first out is on the other side"), "settlement"
        ),
    ] = Field(
        default=False,
        description="With one_side_out: a draw when the first finisher is on the other side.",
    )
    unfinished_order: Annotated[
        Literal["fewest_cards", "play_order"],
        FieldMeta(pgettext_lazy("field", "Places of players still holding cards"), "play"),
    ] = Field(
        default="fewest_cards",
        description="How players still holding cards at an early end are ranked.",
    )
    shut_in_last: Annotated[
        bool, FieldMeta(pgettext_lazy("field", "A player shut in is placed last"), "play")
    ] = Field(
        default=False,
        description="A player shut in (闷) with his held-back cards is ranked after every "
        "other player still holding cards, however few cards he has left.",
    )


# --------------------------------------------------------------------------- scoring (§8)


class TwoPersonRow(Section):
    """Points for one (emperor rank, guard rank) pair."""

    emperor_rank: Annotated[
        Rank1to5, FieldMeta(pgettext_lazy("field", "Emperor's place"), "settlement")
    ]
    guard_rank: Annotated[
        Rank1to5, FieldMeta(pgettext_lazy("field", "Guard's place"), "settlement")
    ]
    emperor: Annotated[int, FieldMeta(pgettext_lazy("field", "Emperor's points"), "settlement")] = (
        Field(description="The emperor's points.")
    )
    guard: Annotated[int, FieldMeta(pgettext_lazy("field", "Guard's points"), "settlement")] = (
        Field(description="The guard's points.")
    )
    rebels: Annotated[
        int, FieldMeta(pgettext_lazy("field", "Each rebel's points"), "settlement")
    ] = Field(description="Each rebel's points.")


class TwoPersonTable(Section):
    """A table of the 20 (emperor rank, guard rank) pairs."""

    zero_sum: Annotated[
        bool, FieldMeta(pgettext_lazy("field", "Every row adds up to zero"), "settlement")
    ] = Field(default=True, description="Every row sums to zero (a check).")
    rows: Annotated[
        list[TwoPersonRow], FieldMeta(pgettext_lazy("field", "Rows of the scoring table"))
    ] = Field(min_length=1)


class SoloRow(Section):
    """Points in a solo game for one emperor finish rank."""

    emperor_rank: Annotated[
        Rank1to5, FieldMeta(pgettext_lazy("field", "Emperor's place"), "settlement")
    ]
    emperor: Annotated[int, FieldMeta(pgettext_lazy("field", "Emperor's points"), "settlement")] = (
        Field(description="The emperor's points.")
    )
    others: Annotated[
        int, FieldMeta(pgettext_lazy("field", "Each other player's points"), "settlement")
    ] = Field(description="Each other player's points.")


class SoloTables(Section):
    """Open (明独) and hidden (暗独) solo points by the emperor's finish rank (§8.2)."""

    open: Annotated[list[SoloRow], FieldMeta(pgettext_lazy("field", "Open solo table"))] = Field(
        min_length=1
    )
    hidden: Annotated[list[SoloRow], FieldMeta(pgettext_lazy("field", "Hidden solo table"))] = (
        Field(min_length=1)
    )


class Multiplier(Section):
    """A doubling (or other factor) that applies when an event happened (§8.3)."""

    event: Annotated[Event, FieldMeta(pgettext_lazy("field", "Doubled for"), "settlement")]
    factor: Annotated[int, FieldMeta(pgettext_lazy("field", "Factor"), "settlement")] = Field(
        default=2, ge=1, le=16
    )


class OutcomeRow(Section):
    """Win, draw or lose for the royals, keyed by their two finish ranks (any order)."""

    ranks: Annotated[
        Annotated[list[Rank1to5], Field(min_length=2, max_length=2)],
        FieldMeta(pgettext_lazy("field", "Places of the emperor and the guard"), "settlement"),
    ]
    outcome: Annotated[
        Literal["win", "draw", "lose"],
        FieldMeta(pgettext_lazy("field", "Result for the emperor's side"), "settlement"),
    ]


class SoloOutcomeRow(Section):
    """Win, draw or lose for a solo emperor, keyed by his finish rank."""

    emperor_rank: Annotated[
        Rank1to5, FieldMeta(pgettext_lazy("field", "Emperor's place"), "settlement")
    ]
    outcome: Annotated[
        Literal["win", "draw", "lose"],
        FieldMeta(pgettext_lazy("field", "Result for the emperor"), "settlement"),
    ]


class Outcome(Section):
    """How a game's outcome for the royals is decided (docs/rules.md §8.5)."""

    method: Annotated[
        Literal["points", "rank_table", "side_out"],
        FieldMeta(pgettext_lazy("field", "How win or lose is decided"), "settlement"),
    ] = Field(
        default="points",
        description="From the emperor's points (>0 win), from a table of the royals' ranks, "
        "or from which side went out first. Solo games use the solo table below if given, "
        "else the emperor's points (a lone emperor must beat four, not just the last one).",
    )
    table: Annotated[list[OutcomeRow], FieldMeta(pgettext_lazy("field", "Win-or-lose table"))] = (
        Field(default_factory=list, description="For rank_table.")
    )
    solo: Annotated[
        list[SoloOutcomeRow], FieldMeta(pgettext_lazy("field", "Win or lose in a solo game"))
    ] = Field(
        default_factory=list,
        description="Solo games by the emperor's rank (empty: from the emperor's points).",
    )


class Money(Section):
    """Turning points into money or beans (docs/rules.md §8.6)."""

    base: Annotated[int, FieldMeta(pgettext_lazy("field", "Stake per point"), "settlement")] = (
        Field(default=1, ge=1, description="Money per point.")
    )
    table_fee: Annotated[int, FieldMeta(pgettext_lazy("field", "Table fee"), "settlement")] = Field(
        default=0, ge=0, description="Fee each player pays per game."
    )
    cap_to_carried: Annotated[
        bool, FieldMeta(pgettext_lazy("field", "Win no more than one carried"), "settlement")
    ] = Field(default=False, description="A winner wins at most what he carried; losers stop at 0.")
    automatic_penalty: Annotated[
        int, FieldMeta(pgettext_lazy("field", "Penalty for automatic play"), "settlement")
    ] = Field(default=0, ge=0, description="Points × base paid by a player who went automatic.")
    quit_penalty: Annotated[
        int, FieldMeta(pgettext_lazy("field", "Penalty for quitting"), "settlement")
    ] = Field(
        default=0,
        ge=0,
        description="Points × base deducted from a player who quits a game in progress "
        "(Lianzhong: 强行退出…将被扣去40分).",
    )
    quit_penalty_to: Annotated[
        Literal["nobody", "others"],
        FieldMeta(pgettext_lazy("field", "Penalty for quitting goes to"), "settlement"),
    ] = Field(
        default="nobody",
        description="Where the quit penalty goes: nowhere (a plain deduction, the game is then "
        "not zero-sum), or shared equally by the other four.",
    )
    shut_in_penalty: Annotated[
        int, FieldMeta(pgettext_lazy("field", "Penalty for being shut in"), "settlement")
    ] = Field(
        default=0,
        ge=0,
        description="Points × base a player shut in (闷) with his held-back cards pays, "
        "beside any shut-in tribute (0: none).",
    )
    shut_in_penalty_to: Annotated[
        Literal["game_ender", "first", "nobody"],
        FieldMeta(pgettext_lazy("field", "Penalty for being shut in goes to"), "settlement"),
    ] = Field(
        default="game_ender",
        description="Who receives the shut-in penalty: the player who shut him in (whose going "
        "out ended the game), the first finisher, or nobody (a plain deduction).",
    )


class Scoring(Section):
    """Points per seat from the finish order (docs/rules.md §8)."""

    two_person: Annotated[TwoPersonTable, FieldMeta(pgettext_lazy("field", "Scoring table"))] = (
        Field(description="Emperor and guard against three rebels.")
    )
    two_person_guard_known: Annotated[
        TwoPersonTable | None,
        FieldMeta(pgettext_lazy("field", "Scoring table when the guard is known")),
    ] = Field(
        default=None,
        description="Used instead of two_person when the guard is known to all (open guard "
        "or successful rebellion), e.g. Weihai equal shares.",
    )
    solo: Annotated[SoloTables, FieldMeta(pgettext_lazy("field", "Solo scoring"))] = Field(
        description="The emperor alone against four."
    )
    multipliers: Annotated[list[Multiplier], FieldMeta(pgettext_lazy("field", "Doublings"))] = (
        Field(default_factory=list)
    )
    max_multiplier: Annotated[
        int | None, FieldMeta(pgettext_lazy("field", "Stake cap"), "settlement")
    ] = Field(
        default=None,
        ge=2,
        le=1024,
        description="封顶: the stake multiplier never goes above this (null: no cap); with 8, "
        "four doublings (×16) pay ×8.",
    )
    outcome: Annotated[Outcome, FieldMeta(pgettext_lazy("field", "Win or lose"))] = Field(
        default_factory=Outcome
    )
    money: Annotated[Money, FieldMeta(pgettext_lazy("field", "Money"))] = Field(
        default_factory=Money
    )


# --------------------------------------------------------------------------- tribute (§9)


class TributeWhen(Section):
    """Which games a tribute rule applies to; every given condition must hold."""

    ranks: Annotated[
        Annotated[list[Rank1to5], Field(min_length=2, max_length=2)] | None,
        FieldMeta(pgettext_lazy("field", "Places of the emperor and the guard"), "settlement"),
    ] = Field(default=None, description="The royals' two finish ranks, in any order.")
    solo: Annotated[
        Literal["none", "any", "open", "hidden"],
        FieldMeta(pgettext_lazy("field", "Solo games"), "settlement"),
    ] = Field(default="none", description="Only non-solo games (none), or solo games of a kind.")
    outcome: Annotated[
        Literal["win", "draw", "lose"] | None,
        FieldMeta(pgettext_lazy("field", "Result for the emperor's side"), "settlement"),
    ] = None
    guard: Annotated[
        Literal["open", "hidden"] | None,
        FieldMeta(pgettext_lazy("field", "Open or hidden guard at the end"), "settlement"),
    ] = Field(default=None, description="Whether the guard was open or hidden at the end.")


class TributeShare(Section):
    """A party giving or taking `count` cards (each member of a group does)."""

    who: Annotated[Party, FieldMeta(None, "settlement")]
    count: Annotated[int, FieldMeta(None, "settlement")] = Field(default=1, ge=1, le=8)


class TributeRule(Section):
    """One row of a tribute table (docs/rules.md §9.1)."""

    when: Annotated[TributeWhen, FieldMeta(pgettext_lazy("field", "When tribute is owed"))]
    give: Annotated[
        list[TributeShare],
        FieldMeta(
            pgettext_lazy("field", "Who gives"),
            inner={
                "who": pgettext_lazy("field", "Giver"),
                "count": pgettext_lazy("field", "Cards given"),
            },
        ),
    ] = Field(default_factory=list, description="Who gives, how many.")
    take: Annotated[
        list[TributeShare],
        FieldMeta(
            pgettext_lazy("field", "Who takes"),
            inner={
                "who": pgettext_lazy("field", "Taker"),
                "count": pgettext_lazy("field", "Cards taken"),
            },
        ),
    ] = Field(default_factory=list, description="Who takes, in picking order.")
    note: Annotated[str | None, FieldMeta(pgettext_lazy("field", "Note"), "settlement")] = None


class ShutInTribute(Section):
    """闷贡: owed by a player shut in with hold-back cards (docs/rules.md §9.2)."""

    count: Annotated[
        int, FieldMeta(pgettext_lazy("field", "Shut-in tribute cards"), "settlement")
    ] = Field(default=1, ge=1, le=8)
    card: Annotated[
        Literal["highest", "as_tribute"],
        FieldMeta(pgettext_lazy("field", "Shut-in tribute card"), "settlement"),
    ] = Field(
        default="highest",
        description="The card given: the highest (闷贡进最大的), or as the other tribute "
        "(tribute.card and tribute.paid_in).",
    )
    to: Annotated[
        Literal["game_ender", "first"],
        FieldMeta(pgettext_lazy("field", "Shut-in tribute goes to"), "settlement"),
    ] = Field(
        default="game_ender",
        description="Who shut him in: the player whose going out ended the game, or the "
        "first finisher.",
    )


class Tribute(Section):
    """Cards owed for the next game (docs/rules.md §9)."""

    # Every tribute field is settlement: tribute moves cards only into the *next* game of a
    # match, and simulations play independent games that never pay it.

    rules: Annotated[list[TributeRule], FieldMeta(pgettext_lazy("field", "Tribute table"))] = Field(
        default_factory=list,
        description="Tried in order; the first rule whose conditions all hold applies.",
    )
    card: Annotated[
        Literal["highest", "highest_non_joker"],
        FieldMeta(pgettext_lazy("field", "Tribute card"), "settlement"),
    ] = Field(default="highest", description="Which card a giver hands over.")
    hand_over_marked: Annotated[
        bool,
        FieldMeta(pgettext_lazy("field", "Marked cards may be given as tribute"), "settlement"),
    ] = Field(
        default=False,
        description="A marked card (BJ*, SJ*) may be handed over while the giver holds an "
        "unmarked card of the same rank; by default the unmarked one is given, so tribute "
        "does not move the emperor card.",
    )
    handed: Annotated[
        Literal["picked", "in_order"],
        FieldMeta(pgettext_lazy("field", "How the cards reach the takers"), "settlement"),
    ] = Field(
        default="picked",
        description="How the cards given reach the takers: each taker in turn picks the best "
        "card left (picked), or the cards go in the order given, the first taker getting the "
        "first giver's (in_order: givers in finish order, takers as the rule lists them).",
    )
    keeps_emperor_card: Annotated[
        bool, FieldMeta(pgettext_lazy("field", "The emperor card is never given"), "settlement")
    ] = Field(
        default=False,
        description="The emperor card (BJ*) is never given as tribute, not even when it is the "
        "giver's only big joker: he gives his next card instead.",
    )
    paid_in: Annotated[
        Rank | None, FieldMeta(pgettext_lazy("field", "Tribute paid in"), "settlement")
    ] = Field(
        default=None, description="Tribute is paid in this rank while the giver has it (科贡进2)."
    )
    without_paid_in: Annotated[
        Literal["card", "nothing"],
        FieldMeta(pgettext_lazy("field", "A giver without that rank"), "settlement"),
    ] = Field(
        default="card",
        description="With paid_in, a giver who holds none of that rank: gives the tribute card "
        "(tribute.card) instead, or nothing (落贡进2、没有2不进贡).",
    )
    shut_in: Annotated[
        ShutInTribute | None, FieldMeta(pgettext_lazy("field", "Shut-in tribute"))
    ] = None


# --------------------------------------------------------------------------- root


class HouseNote(Section):
    """One house note for the players, in both languages (shown in the rulebook)."""

    zh: Annotated[
        str, FieldMeta(pgettext_lazy("field", "House note in Chinese"), "descriptive")
    ] = Field(
        min_length=1,
        description="The note in Chinese, in the game's own terms, with no field names "
        "(shown in the Chinese rulebook).",
    )
    en: Annotated[
        str, FieldMeta(pgettext_lazy("field", "House note in English"), "descriptive")
    ] = Field(
        min_length=1,
        description="The note in English, with no field names (shown in the English rulebook).",
    )
    about: Annotated[
        list[str], FieldMeta(pgettext_lazy("field", "Rules the house note is about"), "descriptive")
    ] = Field(
        default_factory=list,
        description="The rules this note speaks about, as field paths of the rule set "
        "(``scoring.multipliers``, ``scoring.two_person``, a whole section such as "
        "``tribute``). When one of them changes after the note was confirmed, the note is "
        "flagged and not printed until it is confirmed again or edited. Empty: the note "
        "restates no rule.",
    )
    checked: Annotated[
        str | None, FieldMeta(pgettext_lazy("field", "House note last confirmed"), "descriptive")
    ] = Field(
        default=None,
        pattern=r"^[a-z]{6}(-[a-z]{6})*$",
        description="A fingerprint of the fields in ``about`` when the note was last "
        "confirmed (one six-letter segment per field). Leave it out to confirm the note: "
        "the catalog takes it when the draft is saved.",
    )


class Variant(Section):
    """A complete house rule of 保皇: deck, deal, bidding, play, end, scoring, tribute."""

    schema_version: Annotated[
        Literal[1], FieldMeta(pgettext_lazy("field", "Version of the rule language"), "descriptive")
    ] = Field(description="The version of this language.")
    id: Annotated[str, FieldMeta(pgettext_lazy("field", "Code of the rule set"), "descriptive")] = (
        Field(
            pattern=r"^[a-z0-9][a-z0-9-]{1,62}$",
            description="Lower-case id, letters, digits and dashes (the file name).",
        )
    )
    name: Annotated[Name, FieldMeta(pgettext_lazy("field", "Name"))]
    source: Annotated[str, FieldMeta(pgettext_lazy("field", "Source"), "descriptive")] = Field(
        default="", description="Where the rule comes from."
    )
    notes: Annotated[
        list[str], FieldMeta(pgettext_lazy("field", "Notes for maintainers"), "descriptive")
    ] = Field(
        default_factory=list,
        description="Developer notes for maintainers: assumptions made where the source is "
        "silent or garbled, with the seed sentences and field names they rest on. Not shown "
        "to players (the rulebook shows house_notes).",
    )
    house_notes: Annotated[list[HouseNote], FieldMeta(pgettext_lazy("field", "House notes"))] = (
        Field(
            default_factory=list,
            description="House notes for the players, each in Chinese and English: the readings "
            "and assumptions a player should know, in the game's terms. The rulebook shows them "
            "in its language in a marked box.",
        )
    )
    deck: Annotated[Deck, FieldMeta(pgettext_lazy("field", "Cards"))] = Field(default_factory=Deck)
    deal: Annotated[Deal, FieldMeta(pgettext_lazy("field", "Dealing"))]
    bidding: Annotated[
        Bidding, FieldMeta(pgettext_lazy("field", "Choosing the emperor and the guard"))
    ]
    declarations: Annotated[Declarations, FieldMeta(pgettext_lazy("field", "Declarations"))] = (
        Field(default_factory=Declarations)
    )
    play: Annotated[PlayRules, FieldMeta(pgettext_lazy("field", "Play"))] = Field(
        default_factory=PlayRules
    )
    end: Annotated[End, FieldMeta(pgettext_lazy("field", "The end"))] = Field(default_factory=End)
    scoring: Annotated[Scoring, FieldMeta(pgettext_lazy("field", "Scoring"))]
    tribute: Annotated[Tribute, FieldMeta(pgettext_lazy("field", "Tribute"))] = Field(
        default_factory=Tribute
    )
