"""The variant language: one pydantic model per section of a house rule (docs/rules.md §2–§9).

A variant file is a YAML document that validates against :class:`Variant`. Structural
rules (types, allowed words, unknown keys) live here; rules that relate two fields live in
:mod:`baohuang.rules.checks`. Every field has a description: the JSON Schema generated from
these models is what the admin and the web editor show next to each field.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from baohuang.rules.vocabulary import AttachRank, Event, Party, PlainRank, Rank, Suit

#: The version of the language this module reads and writes.
SCHEMA_VERSION = 1

Rank1to5 = Annotated[int, Field(ge=1, le=5)]
Seat = Annotated[int, Field(ge=0, le=4)]


class Section(BaseModel):
    """Base of every section: unknown keys are errors, values are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)


# --------------------------------------------------------------------------- identity


class Name(Section):
    """A name in Chinese and English."""

    zh: str = Field(min_length=1, description="Chinese name, e.g. 威海玩法.")
    en: str = Field(min_length=1, description="English name, e.g. Weihai.")


# --------------------------------------------------------------------------- deck (§2.1)


class Removal(Section):
    """Cards taken out of the shoe before dealing.

    With neither `count` nor `suits`, every card of the rank goes. With `count`, that many
    cards of the rank go, chosen at random per deal by the seeded generator. With `suits`,
    one card of each listed suit goes.
    """

    rank: Rank = Field(description="The rank to remove.")
    count: int | None = Field(
        default=None, ge=1, description="Remove only this many, chosen at random each deal."
    )
    suits: list[Suit] | None = Field(
        default=None, min_length=1, description="Remove one card of each of these suits."
    )


class Marks(Section):
    """The marked cards (docs/rules.md §2): players draw the mark on one joker each."""

    emperor_card: Literal["BJ"] = Field(
        default="BJ", description="The emperor card 皇牌: a big joker marked with a sceptre."
    )
    guard_card: Literal["SJ"] | None = Field(
        default=None,
        description="The guard card 侍卫牌: a small joker marked with a sword. Only in "
        "fixed-guard variants; null when the guard is called.",
    )


class Deck(Section):
    """Which cards are in play (docs/rules.md §2.1)."""

    decks: int = Field(default=4, ge=1, le=8, description="Number of 54-card decks shuffled.")
    remove: list[Removal] = Field(default_factory=list, description="Cards taken out.")
    marks: Marks = Field(default_factory=Marks, description="The marked cards.")


# --------------------------------------------------------------------------- deal (§2.2, §6.2)


class BuyCard(Section):
    """Buying a card (买3): a player dealt none of `rank` buys one with a `pay_with` card."""

    rank: PlainRank = Field(description="The rank every player must have at least one of.")
    pay_with: Rank = Field(description="The card the buyer hands over in exchange.")
    pay_with_also: list[Rank] = Field(
        default_factory=list,
        description="Other cards the buyer may pay with instead (a 2 or a joker: pay_with 2, "
        "pay_with_also [SJ, BJ]); a buyer holding cards of two or more of them chooses which "
        "one pays. A marked card (BJ*, SJ*) never pays.",
    )
    if_unable: Literal["gift", "skip"] = Field(
        default="gift",
        description="A buyer without a pay_with card: is given one anyway (送3) or goes without.",
    )
    seller: Literal["most_held"] = Field(
        default="most_held",
        description="Who sells: the player holding the most of the rank (nearest in play "
        "order on a tie).",
    )


class Deal(Section):
    """How the cards are dealt and who deals next (docs/rules.md §2.2)."""

    hand_sizes: list[StrictInt] = Field(
        min_length=5,
        max_length=5,
        description="Cards per seat, in dealing order from the dealer.",
    )
    first_dealer: Seat = Field(default=0, description="The seat dealt to first in game one.")
    next_dealer: Literal["first_finisher", "previous_emperor", "next_seat", "fixed"] = Field(
        default="first_finisher",
        description="Who is dealt to first in the next game of a match: the previous game's "
        "1st out, its emperor, the seat after the previous dealer (the deal moves one seat "
        "each game, 轮流发牌), or the same seat every game.",
    )
    buy: BuyCard | None = Field(default=None, description="Buying a card after the deal (买3).")


# --------------------------------------------------------------------------- bidding (§4)


class FixedGuard(Section):
    """固定保: whoever holds the guard card is the guard (docs/rules.md §4.1)."""

    by: Literal["fixed_card"] = "fixed_card"


class CalledGuard(Section):
    """叫侍卫: the emperor calls a card of which he holds several identical copies (§4.2)."""

    by: Literal["called_card"] = "called_card"
    callable_ranks: list[PlainRank] = Field(
        min_length=1, description="Ranks the emperor may call (classic: every rank but 2)."
    )
    choice: Literal["highest", "free"] = Field(
        default="highest",
        description="With several callable cards: the highest must be called, or any.",
    )
    min_identical: int = Field(
        default=3,
        ge=1,
        le=8,
        description="Identical cards (same suit and rank) the emperor must hold to call.",
    )
    own_cards_callable: bool = Field(
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

    declared: bool = Field(
        default=False,
        description="声明独保: the emperor may declare an open solo when ascending, "
        "without a guard.",
    )
    hidden_allowed: bool = Field(
        default=True,
        description="An emperor who is his own guard may keep it hidden (暗独保); "
        "if false every solo is open.",
    )
    declared_requires: Literal["nothing", "four_identical"] = Field(
        default="nothing",
        description="What a declared solo needs: nothing (classic 声明独保 needs no triple), "
        "or four identical cards, same suit and rank (Qingdao: 只要有4张相同…都可以选择独保).",
    )


class GrabSoloStep(Section):
    """抢独: any player may claim to fight the other four alone (docs/rules.md §4.4)."""

    step: Literal["grab_solo"] = "grab_solo"
    priority: Literal["emperor_then_upstream", "first_claim"] = Field(
        default="emperor_then_upstream",
        description="Several claimants: the emperor card holder's own claim wins, otherwise "
        "the claimant nearest him upstream; or simply the first to claim.",
    )
    takes_emperor_card: bool = Field(
        default=True,
        description="The grabber takes the emperor card from its holder and gives nothing back.",
    )
    marks_void: bool = Field(
        default=False,
        description="After a grab the marked cards become plain jokers (Tongchengyou Weihai).",
    )
    requires: Literal["nothing", "four_identical"] = Field(
        default="nothing",
        description="Who may grab: anyone, or only a player holding four identical cards "
        "(same suit and rank; Qingdao).",
    )


class OfferThroneStep(Section):
    """登基 / 让位: the emperor card holder ascends or passes the card on (§4.3)."""

    step: Literal["offer_throne"] = "offer_throne"
    rounds: int = Field(default=1, ge=1, le=3, description="Full rounds of the table.")
    forced: bool = Field(
        default=False,
        description="逼庄: whoever can ascend (call a guard, or hold the emperor card with a "
        "fixed guard) must.",
    )
    forces: Literal["everyone", "first_decliner"] = Field(
        default="everyone",
        description="With forced: who is forced. everyone = 逼庄, the whole round: whoever "
        "can ascend must (classic, Qingdao). first_decliner = 逼位 (HD): the card goes back to "
        "the first decliner, who must ascend if he can; if he cannot, the rest of the round "
        "is an ordinary round of abdication.",
    )
    forced_exempt_own_guard: bool = Field(
        default=False,
        description="In a forced round, a player whose only way to ascend makes him his own "
        "guard (he holds the guard card, or every copy of his callable card) may still pass.",
    )
    forced_exempt_four_identical: bool = Field(
        default=False,
        description="In a forced round, a player holding four identical cards (same suit and "
        "rank) may pass, whatever else he holds (classic: "
        "除非有4张相同花色相同点数的可以选择不打).",
    )
    pass_to: Literal["upstream", "downstream"] = Field(
        default="upstream",
        description="Which neighbour receives the emperor card: 上家 (upstream) or 下家.",
    )
    pass_seats: int = Field(
        default=1,
        ge=1,
        le=2,
        description="How many seats on, in the pass direction, the emperor card moves on an "
        "ordinary pass: 1 = the neighbour, 2 = the player two seats on (隔一家), from any "
        "holder.",
    )
    when_holding_both: Literal["pass_on", "skip_one", "choice"] = Field(
        default="pass_on",
        description="A holder of both marked cards: passes like anyone (keeping the guard "
        "card, he is the guard of whoever ascends), or to the player two seats on (隔一家, "
        "skip_one: every role is known), or chooses between the two (choice).",
    )
    skip_one_receiver: Literal["must_ascend", "may_decline"] = Field(
        default="must_ascend",
        description="The receiver of a pass two seats on: must ascend (接手皇牌的玩家不能再次"
        "传牌), or may decline in turn, and so may each later receiver, even in a forced round "
        "(如果下家也不要，则往下顺延): the card moves on by the ordinary pass, never back to "
        "the one who passed it two seats on.",
    )
    skip_one_to: Literal["pass_direction", "upstream", "downstream"] = Field(
        default="pass_direction",
        description="With skip_one: the direction of the two-seat pass (Weihai: 隔一个的下家, "
        "downstream, although ordinary passes go upstream).",
    )
    tip: Literal["none", "two_or_highest", "two_or_nothing", "highest", "highest_non_joker"] = (
        Field(
            default="none",
            description="贴牌: the card a decliner adds when he passes the emperor card on. "
            "two_or_highest: a 2, else his highest card that is not a joker; two_or_nothing: "
            "a 2, else nothing (贴2，没有则不贴); highest: his highest card; highest_non_joker: "
            "his highest card that is not a joker.",
        )
    )
    tip_count: int = Field(
        default=1,
        ge=1,
        le=3,
        description="How many cards each paying decliner adds, each chosen by the tip rule "
        "from what is left (2: 贴两张); fewer when his hand has no more that qualify.",
    )
    tip_from_pass: int = Field(
        default=1, ge=1, le=5, description="The first pass that pays a tip (1 = every pass)."
    )


class RedealStep(Section):
    """流局: nobody ascended; the hand is dealt again."""

    step: Literal["redeal"] = "redeal"


class ForfeitStep(Section):
    """弃皇者负: nobody ascended; the game ends, lost by the one who first gave up the throne.

    Scored with its own points (no multiplier, no tribute); the finish order is empty.
    """

    step: Literal["forfeit"] = "forfeit"
    loser: int = Field(
        default=-4, description="Points of the one who first gave up the throne (判弃皇者负)."
    )
    others: int = Field(default=1, description="Points of each of the other four.")


class VoidStep(Section):
    """本局作废: nobody ascended; the deal is void and scores 0 for everyone, no redeal.

    The game ends without a finish order and owes no tribute; a match goes on to the next
    deal.
    """

    step: Literal["void"] = "void"


FlowStep = Annotated[
    GrabSoloStep | OfferThroneStep | RedealStep | ForfeitStep | VoidStep,
    Field(discriminator="step"),
]


class Bidding(Section):
    """How the emperor and the guard are found (docs/rules.md §4)."""

    guard: GuardRule = Field(description="How the guard is found: fixed card or called card.")
    solo: SoloRules = Field(default_factory=SoloRules, description="When the emperor plays alone.")
    flow: list[FlowStep] = Field(
        min_length=1,
        description="The bidding steps in order: grab-solo windows, offer rounds, and how a "
        "bidding without an emperor ends (redeal, forfeit or void).",
    )


# --------------------------------------------------------------------------- declarations (§4.5-6)


class Rebellion(Section):
    """造反: rebels may force a hidden guard into the open (docs/rules.md §4.6)."""

    threshold: int = Field(default=2, ge=1, le=4, description="Declarations needed to succeed.")
    timing: Literal["after_guard", "with_guard"] = Field(
        default="after_guard",
        description="When rebels decide: after the guard chose open or hidden (only if he "
        "stayed hidden), or at the same time, without knowing his choice (憋六: "
        "保子选择明保暗保的同时，反贼可以选择造反).",
    )


class Kick(Section):
    """踢: a further doubling after the roles are known (docs/rules.md §4.6)."""

    royals_after_rebellion: bool = Field(
        default=True,
        description="After a successful rebellion the emperor or the guard may kick.",
    )
    rebels_after_open_guard: int | None = Field(
        default=2,
        ge=1,
        le=3,
        description="With an open guard, this many rebels may kick together (null: never).",
    )
    rebels_after_open_solo: int | None = Field(
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

    timing: Literal["after_guard", "with_guard"] = Field(
        default="after_guard",
        description="When rebels declare: after the guard chose open or hidden (only if he "
        "stayed hidden), before any rebellion; or at the same time as his choice, the choices "
        "hidden from each other until all are in (a declaration made beside an open guard "
        "still counts).",
    )
    max_declarers: int = Field(
        default=4,
        ge=1,
        le=4,
        description="At most this many declarations count, the first in asking order (from "
        "the emperor's next seat on); once they are made, nobody else is asked.",
    )


class Declarations(Section):
    """What players may declare before the first play (docs/rules.md §4.5, §4.6)."""

    guard_reveal: Literal["choice", "open", "hidden"] = Field(
        default="choice",
        description="明保 / 暗保: the guard chooses, must reveal himself, or stays hidden.",
    )
    rebellion: Rebellion | None = Field(default=None, description="造反, if the variant has it.")
    rebel_declaration: RebelDeclaration | None = Field(
        default=None,
        description="A rebel's own declaration (亮反), showing only himself, if the variant has "
        "it (null: none).",
    )
    kick: Kick | None = Field(default=None, description="踢, if the variant has it.")
    reveal_by_card: bool = Field(
        default=False,
        description="A hidden guard becomes known to all when he plays his marked card (the "
        "guard card, the called card or the card above the big joker; of several cards of its "
        "rank he plays the marked one last). Nothing doubles: it is not a declaration.",
    )
    open_during_play: bool = Field(
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

    rank: PlainRank = Field(description="The held-back rank, e.g. 6 (憋六) or 3 (憋三).")
    only_when_leading: bool = Field(
        default=False,
        description="The held-back cards may only be played when leading (憋三).",
    )
    shut_in: bool = Field(
        default=False,
        description="闷: a player caught with them when the game ends is shut in and owes "
        "a shut-in tribute.",
    )
    shut_in_when: Literal["lost_down_to_them", "down_to_them", "still_holding"] = Field(
        default="lost_down_to_them",
        description="Who counts as shut in: a player on the losing side whose last cards are "
        "the held-back ones (he was down to his last play and the opponents went out before "
        "he could make it); the same on either side, a draw included (down_to_them); or "
        "anyone still holding one (then it happens in nearly every game).",
    )
    last_play_attach: bool = Field(
        default=True,
        description="The last play may carry attached cards (jokers) with the held-back "
        "rank; if false, it must be the held-back cards alone.",
    )


class SpecialBeat(Section):
    """A set of one rank that beats a single higher card (docs/rules.md §6.5)."""

    rank: PlainRank = Field(description="The rank of the set, e.g. 2.")
    count: int = Field(ge=1, le=32, description="Exactly this many cards of the rank.")
    beats: list[Literal["SJ", "BJ", "TOP"]] = Field(
        min_length=1, description="The single cards it beats (TOP = the card above BJ)."
    )


class Roast(Section):
    """烤牌: attaching more jokers than the play had (docs/rules.md §5.5)."""

    joker_order: list[str] = Field(
        min_length=2,
        description="Joker groups from low to high, each written like 'SJ SJ' or 'BJ'.",
    )
    more_jokers: bool = Field(
        default=True,
        description="A roast must carry more jokers than the play it roasts (再加挂更多的王牌); "
        "if false, a group higher in the order roasts whatever its size.",
    )
    plain_sets: bool = Field(
        default=False,
        description="Jokers may also roast a play that has none (a plain set); the seed "
        "allows roasting only a single joker or a play carrying jokers.",
    )


class Bombs(Section):
    """炸弹: a set of many cards of one rank that beats any plain play (house rules)."""

    min_count: int = Field(
        default=4,
        ge=2,
        le=32,
        description="A set of at least this many cards of one rank, with nothing attached, "
        "is a bomb (4: 四张以上同点数的牌). Bombs rank by number of cards, then by rank; only "
        "a bigger bomb beats a bomb.",
    )
    beats: Literal["any", "more_cards"] = Field(
        default="any",
        description="What a bomb beats besides smaller bombs: any play that is not a bomb, "
        "or only a play that is not a bomb and has fewer cards than the bomb (a play of as "
        "many cards or more is beaten as usual).",
    )
    max_per_game: int | None = Field(
        default=None,
        ge=1,
        le=32,
        description="At most this many bombs in one game: once they are played, sets of "
        "that size are ordinary sets (null: no limit).",
    )
    identical: bool = Field(
        default=False,
        description="A bomb must be identical cards, same suit and rank (沂源 棍: 四张一模一样的"
        "牌); a set of one rank with cards of several suits is an ordinary set. A player who "
        "plays as many cards of a rank as he holds identical ones plays those.",
    )


class Automatic(Section):
    """托管: the system plays for an absent player (docs/rules.md §7)."""

    lock_after: int | None = Field(
        default=3,
        ge=1,
        description="托管超过三次 (Lianzhong): automatic play locks on when a seat's count "
        "passes this number (the 4th spell with 3); null: it never locks, a player may always "
        "take his seat back.",
    )
    counted: Literal["spells", "turns"] = Field(
        default="spells",
        description="What is counted: spells of automatic play (one spell may cover many "
        "turns; it ends when the player acts himself again), or every automatic turn.",
    )
    unscored_if_all: bool = Field(
        default=True,
        description="A game that ends with all five seats on automatic play is not scored.",
    )
    dissolve_if_any: Literal["no", "scored", "unscored"] = Field(
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

    cards: str = Field(
        description="叠加的王: the jokers counted as one card, at least two, written like "
        "'SJ SJ SJ' or 'BJ SJ SJ' (as roast.joker_order groups).",
    )
    above: str = Field(
        description="What the stack ranks directly above: 'BJ' (the big joker), 'TOP' (the "
        "card above the big joker), 'TOP2' (the higher of two ordered marked cards) or "
        "another stack's cards ('SJ SJ SJ'). Two stacks may not stand directly above the "
        "same card.",
    )
    alone: bool = Field(
        default=True,
        description="单张出: the stack may be played alone, as a single card.",
    )
    in_sets: bool = Field(
        default=True,
        description="挂在牌型上: the stack may be attached to a set as one attached card "
        "(like a joker); never two stacks in one play.",
    )


class PlayRules(Section):
    """Playing the cards (docs/rules.md §5, §6)."""

    attach: list[AttachRank] = Field(
        default_factory=_jokers,
        description="Cards that may be attached to a set (挂牌): jokers, and 2s in 憋三.",
    )
    wild: list[Rank] = Field(
        default_factory=list,
        description="Wild cards (百搭, 万能牌): played with a set, a card of these ranks stands "
        "for the set's rank (9 9 2 counts as 9 9 9); alone they are a set of their own rank. "
        "A rank is either attachable or wild, not both.",
    )
    top_card: Literal["none", "guard_card", "emperor_card", "both_marked"] = Field(
        default="none",
        description="A card ranked above the big joker: the guard card (fixed) or the called "
        "card (called guard) — 特画 / 老花; or the emperor card; or both (both_marked: the two "
        "rank above every other card, level with each other unless marked_order orders them).",
    )
    marked_order: Literal["level", "guard_higher", "emperor_higher"] = Field(
        default="level",
        description="With top_card both_marked, how the two marked cards stand: level with "
        "each other (level); the guard card above the emperor card (guard_higher: 侍卫牌 > "
        "皇帝牌 > 大王); or the emperor card above the guard card (emperor_higher). The higher "
        "one is written TOP2, the lower TOP.",
    )
    top_card_in_set: bool = Field(
        default=False,
        description="The card above the big joker may also be played as a card of its own "
        "rank, inside a set of that rank (a called 7 joins a set of 7s as a plain 7); false: it "
        "is only ever played as the card above the big joker.",
    )
    special_beats: list[SpecialBeat] = Field(
        default_factory=list, description="Sets that beat a single higher card (3×2 > BJ)."
    )
    hold_back: list[HoldBack] = Field(default_factory=list, description="憋牌 ranks.")
    wind: Literal["next_player", "apply"] = Field(
        default="next_player",
        description="接风: after an unbeaten last play the next player leads, or must apply.",
    )
    wind_unclaimed: Literal["next_player", "skip_next"] = Field(
        default="next_player",
        description="With wind apply, when nobody applied: the lead passes to the next player "
        "as in ordinary 接风, or over him to the one after.",
    )
    defer: bool = Field(default=False, description="让牌: a player may defer in a round.")
    defer_passers: Literal["answer_again", "stay_passed"] = Field(
        default="answer_again",
        description="With defer, when a deferrer plays in the second circle: everyone may "
        "answer his play as usual (answer_again), or those who passed in the first circle "
        "stay passed for the rest of the trick (stay_passed: 已经选择过牌的玩家在第2圈也视为过牌 "
        "read as covering the whole second circle).",
    )
    hard_pass: bool = Field(
        default=False,
        description="过牌不准上: a player who passed may not play again in the same trick; "
        "his turn is skipped until the trick is won (false: he may beat a later play when "
        "his turn comes round again).",
    )
    stacks: list[JokerStack] = Field(
        default_factory=list,
        description="叠加: jokers that may also be played together as one card above the big "
        "joker (三张小王 → 一张比大王大的牌); the same jokers can still be played as a plain "
        "pair or triple. Empty: no stacking.",
    )
    roast: Roast | None = Field(default=None, description="烤牌, if allowed.")
    bombs: Bombs | None = Field(
        default=None,
        description="炸弹: sets of many cards of one rank beating any plain play (null: none). "
        "Each bomb played is the event bomb, which scoring.multipliers may double.",
    )
    automatic: Automatic = Field(default_factory=Automatic, description="托管.")


# --------------------------------------------------------------------------- end (§6.3-6.4)


class End(Section):
    """When the game ends (docs/rules.md §6.3, §6.4)."""

    when: Literal["all_but_one", "one_side_out"] = Field(
        default="all_but_one",
        description="Play until one player is left, or until one side is all out.",
    )
    open_solo_ends_on_other_first: bool = Field(
        default=False,
        description="Open solo: the game ends as soon as someone other than the emperor "
        "goes out first.",
    )
    side_out_draw_if_first_other_side: bool = Field(
        default=False,
        description="With one_side_out: a draw when the first finisher is on the other side.",
    )
    unfinished_order: Literal["fewest_cards", "play_order"] = Field(
        default="fewest_cards",
        description="How players still holding cards at an early end are ranked.",
    )
    shut_in_last: bool = Field(
        default=False,
        description="A player shut in (闷) with his held-back cards is ranked after every "
        "other player still holding cards, however few cards he has left.",
    )


# --------------------------------------------------------------------------- scoring (§8)


class TwoPersonRow(Section):
    """Points for one (emperor rank, guard rank) pair."""

    emperor_rank: Rank1to5
    guard_rank: Rank1to5
    emperor: int = Field(description="The emperor's points.")
    guard: int = Field(description="The guard's points.")
    rebels: int = Field(description="Each rebel's points.")


class TwoPersonTable(Section):
    """A table of the 20 (emperor rank, guard rank) pairs."""

    zero_sum: bool = Field(default=True, description="Every row sums to zero (a check).")
    rows: list[TwoPersonRow] = Field(min_length=1)


class SoloRow(Section):
    """Points in a solo game for one emperor finish rank."""

    emperor_rank: Rank1to5
    emperor: int = Field(description="The emperor's points.")
    others: int = Field(description="Each other player's points.")


class SoloTables(Section):
    """Open (明独) and hidden (暗独) solo points by the emperor's finish rank (§8.2)."""

    open: list[SoloRow] = Field(min_length=1)
    hidden: list[SoloRow] = Field(min_length=1)


class Multiplier(Section):
    """A doubling (or other factor) that applies when an event happened (§8.3)."""

    event: Event
    factor: int = Field(default=2, ge=1, le=16)


class OutcomeRow(Section):
    """Win, draw or lose for the royals, keyed by their two finish ranks (any order)."""

    ranks: Annotated[list[Rank1to5], Field(min_length=2, max_length=2)]
    outcome: Literal["win", "draw", "lose"]


class SoloOutcomeRow(Section):
    """Win, draw or lose for a solo emperor, keyed by his finish rank."""

    emperor_rank: Rank1to5
    outcome: Literal["win", "draw", "lose"]


class Outcome(Section):
    """How a game's outcome for the royals is decided (docs/rules.md §8.5)."""

    method: Literal["points", "rank_table", "side_out"] = Field(
        default="points",
        description="From the emperor's points (>0 win), from a table of the royals' ranks, "
        "or from which side went out first. Solo games use the solo table below if given, "
        "else the emperor's points (a lone emperor must beat four, not just the last one).",
    )
    table: list[OutcomeRow] = Field(default_factory=list, description="For rank_table.")
    solo: list[SoloOutcomeRow] = Field(
        default_factory=list,
        description="Solo games by the emperor's rank (empty: from the emperor's points).",
    )


class Money(Section):
    """Turning points into money or beans (docs/rules.md §8.6)."""

    base: int = Field(default=1, ge=1, description="Money per point.")
    table_fee: int = Field(default=0, ge=0, description="Fee each player pays per game.")
    cap_to_carried: bool = Field(
        default=False, description="A winner wins at most what he carried; losers stop at 0."
    )
    automatic_penalty: int = Field(
        default=0, ge=0, description="Points × base paid by a player who went automatic."
    )
    quit_penalty: int = Field(
        default=0,
        ge=0,
        description="Points × base deducted from a player who quits a game in progress "
        "(Lianzhong: 强行退出…将被扣去40分).",
    )
    quit_penalty_to: Literal["nobody", "others"] = Field(
        default="nobody",
        description="Where the quit penalty goes: nowhere (a plain deduction, the game is then "
        "not zero-sum), or shared equally by the other four.",
    )
    shut_in_penalty: int = Field(
        default=0,
        ge=0,
        description="Points × base a player shut in (闷) with his held-back cards pays, "
        "beside any shut-in tribute (0: none).",
    )
    shut_in_penalty_to: Literal["game_ender", "first", "nobody"] = Field(
        default="game_ender",
        description="Who receives the shut-in penalty: the player who shut him in (whose going "
        "out ended the game), the first finisher, or nobody (a plain deduction).",
    )


class Scoring(Section):
    """Points per seat from the finish order (docs/rules.md §8)."""

    two_person: TwoPersonTable = Field(description="Emperor and guard against three rebels.")
    two_person_guard_known: TwoPersonTable | None = Field(
        default=None,
        description="Used instead of two_person when the guard is known to all (open guard "
        "or successful rebellion), e.g. Weihai equal shares.",
    )
    solo: SoloTables = Field(description="The emperor alone against four.")
    multipliers: list[Multiplier] = Field(default_factory=list)
    max_multiplier: int | None = Field(
        default=None,
        ge=2,
        le=1024,
        description="封顶: the stake multiplier never goes above this (null: no cap); with 8, "
        "four doublings (×16) pay ×8.",
    )
    outcome: Outcome = Field(default_factory=Outcome)
    money: Money = Field(default_factory=Money)


# --------------------------------------------------------------------------- tribute (§9)


class TributeWhen(Section):
    """Which games a tribute rule applies to; every given condition must hold."""

    ranks: Annotated[list[Rank1to5], Field(min_length=2, max_length=2)] | None = Field(
        default=None, description="The royals' two finish ranks, in any order."
    )
    solo: Literal["none", "any", "open", "hidden"] = Field(
        default="none", description="Only non-solo games (none), or solo games of a kind."
    )
    outcome: Literal["win", "draw", "lose"] | None = None
    guard: Literal["open", "hidden"] | None = Field(
        default=None, description="Whether the guard was open or hidden at the end."
    )


class TributeShare(Section):
    """A party giving or taking `count` cards (each member of a group does)."""

    who: Party
    count: int = Field(default=1, ge=1, le=8)


class TributeRule(Section):
    """One row of a tribute table (docs/rules.md §9.1)."""

    when: TributeWhen
    give: list[TributeShare] = Field(default_factory=list, description="Who gives, how many.")
    take: list[TributeShare] = Field(
        default_factory=list, description="Who takes, in picking order."
    )
    note: str | None = None


class ShutInTribute(Section):
    """闷贡: owed by a player shut in with hold-back cards (docs/rules.md §9.2)."""

    count: int = Field(default=1, ge=1, le=8)
    card: Literal["highest", "as_tribute"] = Field(
        default="highest",
        description="The card given: the highest (闷贡进最大的), or as the other tribute "
        "(tribute.card and tribute.paid_in).",
    )
    to: Literal["game_ender", "first"] = Field(
        default="game_ender",
        description="Who shut him in: the player whose going out ended the game, or the "
        "first finisher.",
    )


class Tribute(Section):
    """Cards owed for the next game (docs/rules.md §9)."""

    rules: list[TributeRule] = Field(
        default_factory=list,
        description="Tried in order; the first rule whose conditions all hold applies.",
    )
    card: Literal["highest", "highest_non_joker"] = Field(
        default="highest", description="Which card a giver hands over."
    )
    hand_over_marked: bool = Field(
        default=False,
        description="A marked card (BJ*, SJ*) may be handed over while the giver holds an "
        "unmarked card of the same rank; by default the unmarked one is given, so tribute "
        "does not move the emperor card.",
    )
    handed: Literal["picked", "in_order"] = Field(
        default="picked",
        description="How the cards given reach the takers: each taker in turn picks the best "
        "card left (picked), or the cards go in the order given, the first taker getting the "
        "first giver's (in_order: givers in finish order, takers as the rule lists them).",
    )
    keeps_emperor_card: bool = Field(
        default=False,
        description="The emperor card (BJ*) is never given as tribute, not even when it is the "
        "giver's only big joker: he gives his next card instead.",
    )
    paid_in: Rank | None = Field(
        default=None, description="Tribute is paid in this rank while the giver has it (科贡进2)."
    )
    without_paid_in: Literal["card", "nothing"] = Field(
        default="card",
        description="With paid_in, a giver who holds none of that rank: gives the tribute card "
        "(tribute.card) instead, or nothing (落贡进2、没有2不进贡).",
    )
    shut_in: ShutInTribute | None = None


# --------------------------------------------------------------------------- root


class HouseNote(Section):
    """One house note for the players, in both languages (shown in the rulebook)."""

    zh: str = Field(
        min_length=1,
        description="The note in Chinese, in the game's own terms, with no field names "
        "(shown in the Chinese rulebook).",
    )
    en: str = Field(
        min_length=1,
        description="The note in English, with no field names (shown in the English rulebook).",
    )
    about: list[str] = Field(
        default_factory=list,
        description="The rules this note speaks about, as field paths of the rule set "
        "(``scoring.multipliers``, ``scoring.two_person``, a whole section such as "
        "``tribute``). When one of them changes after the note was confirmed, the note is "
        "flagged and not printed until it is confirmed again or edited. Empty: the note "
        "restates no rule.",
    )
    checked: str | None = Field(
        default=None,
        pattern=r"^[a-z]{6}(-[a-z]{6})*$",
        description="A fingerprint of the fields in ``about`` when the note was last "
        "confirmed (one six-letter segment per field). Leave it out to confirm the note: "
        "the catalog takes it when the draft is saved.",
    )


class Variant(Section):
    """A complete house rule of 保皇: deck, deal, bidding, play, end, scoring, tribute."""

    schema_version: Literal[1] = Field(description="The version of this language.")
    id: str = Field(
        pattern=r"^[a-z0-9][a-z0-9-]{1,62}$",
        description="Lower-case id, letters, digits and dashes (the file name).",
    )
    name: Name
    source: str = Field(default="", description="Where the rule comes from.")
    notes: list[str] = Field(
        default_factory=list,
        description="Developer notes for maintainers: assumptions made where the source is "
        "silent or garbled, with the seed sentences and field names they rest on. Not shown "
        "to players (the rulebook shows house_notes).",
    )
    house_notes: list[HouseNote] = Field(
        default_factory=list,
        description="House notes for the players, each in Chinese and English: the readings "
        "and assumptions a player should know, in the game's terms. The rulebook shows them "
        "in its language in a marked box.",
    )
    deck: Deck = Field(default_factory=Deck)
    deal: Deal
    bidding: Bidding
    declarations: Declarations = Field(default_factory=Declarations)
    play: PlayRules = Field(default_factory=PlayRules)
    end: End = Field(default_factory=End)
    scoring: Scoring
    tribute: Tribute = Field(default_factory=Tribute)
