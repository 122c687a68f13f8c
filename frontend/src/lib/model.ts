// The variant language as TypeScript types (mirrors baohuang/rules/model.py).
// Only what the widgets need is typed strictly; the raw tab edits anything.

export const PLAIN_RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"] as const;
export const JOKER_RANKS = ["SJ", "BJ"] as const;
export const ALL_RANKS = [...PLAIN_RANKS, ...JOKER_RANKS] as const;
export const SUITS = ["s", "h", "c", "d"] as const;
export const SUIT_SYMBOL: Record<Suit, string> = { s: "♠", h: "♥", c: "♣", d: "♦" };
export const EVENTS = [
  "open_guard",
  "open_guard_win",
  "rebellion",
  "kick",
  "kick_succeeded",
  "solo",
  "open_solo",
  "hidden_solo",
  "grabbed_solo",
  "guard_known",
] as const;
export const PARTIES = [
  "emperor",
  "guard",
  "rebels",
  "others",
  "first",
  "second",
  "third",
  "fourth",
  "fifth",
] as const;

export type PlainRank = (typeof PLAIN_RANKS)[number];
export type Rank = (typeof ALL_RANKS)[number];
export type Suit = (typeof SUITS)[number];
export type EventName = (typeof EVENTS)[number];

export interface Removal {
  rank: Rank;
  count?: number | null;
  suits?: Suit[] | null;
}

export interface Deck {
  decks?: number;
  remove?: Removal[];
  marks?: { emperor_card?: "BJ"; guard_card?: "SJ" | null };
}

export interface Deal {
  hand_sizes: number[];
  first_dealer?: number;
  next_dealer?: "first_finisher" | "previous_emperor" | "fixed";
  buy?: { rank: PlainRank; pay_with: Rank; if_unable?: "gift" | "skip"; seller?: "most_held" } | null;
}

export interface GrabSoloStep {
  step: "grab_solo";
  priority?: "emperor_then_upstream" | "first_claim";
  takes_emperor_card?: boolean;
  marks_void?: boolean;
  requires?: "nothing" | "four_identical";
}

export interface OfferThroneStep {
  step: "offer_throne";
  rounds?: number;
  forced?: boolean;
  forced_exempt_own_guard?: boolean;
  pass_to?: "upstream" | "downstream";
  when_holding_both?: "pass_on" | "skip_one";
  skip_one_to?: "pass_direction" | "upstream" | "downstream";
  tip?: "none" | "two_or_highest" | "highest" | "highest_non_joker";
  tip_from_pass?: number;
}

export interface RedealStep {
  step: "redeal";
}

export type FlowStep = GrabSoloStep | OfferThroneStep | RedealStep;

export type GuardRule =
  | { by: "fixed_card" }
  | { by: "called_card"; callable_ranks: PlainRank[]; choice?: "highest" | "free"; min_identical?: number };

export interface Bidding {
  guard: GuardRule;
  solo?: { declared?: boolean; hidden_allowed?: boolean };
  flow: FlowStep[];
}

export interface Declarations {
  guard_reveal?: "choice" | "open" | "hidden";
  rebellion?: { threshold?: number } | null;
  kick?: { royals_after_rebellion?: boolean; rebels_after_open_guard?: number | null } | null;
}

export interface HoldBack {
  rank: PlainRank;
  only_when_leading?: boolean;
  shut_in?: boolean;
}

export interface SpecialBeat {
  rank: PlainRank;
  count: number;
  beats: ("SJ" | "BJ" | "TOP")[];
}

export interface PlayRules {
  attach?: ("2" | "SJ" | "BJ" | "TOP")[];
  top_card?: "none" | "guard_card";
  special_beats?: SpecialBeat[];
  hold_back?: HoldBack[];
  wind?: "next_player" | "apply";
  defer?: boolean;
  roast?: { joker_order: string[] } | null;
  automatic?: { lock_after?: number; unscored_if_all?: boolean };
}

export interface End {
  when?: "all_but_one" | "one_side_out";
  open_solo_ends_on_other_first?: boolean;
  side_out_draw_if_first_other_side?: boolean;
  unfinished_order?: "fewest_cards" | "play_order";
}

export interface TwoPersonRow {
  emperor_rank: number;
  guard_rank: number;
  emperor: number;
  guard: number;
  rebels: number;
}

export interface TwoPersonTable {
  zero_sum?: boolean;
  rows: TwoPersonRow[];
}

export interface SoloRow {
  emperor_rank: number;
  emperor: number;
  others: number;
}

export interface Multiplier {
  event: EventName;
  factor?: number;
}

export type OutcomeWord = "win" | "draw" | "lose";

export interface Scoring {
  two_person: TwoPersonTable;
  two_person_guard_known?: TwoPersonTable | null;
  solo: { open: SoloRow[]; hidden: SoloRow[] };
  multipliers?: Multiplier[];
  outcome?: {
    method?: "points" | "rank_table" | "side_out";
    table?: { ranks: number[]; outcome: OutcomeWord }[];
    solo?: { emperor_rank: number; outcome: OutcomeWord }[];
  };
  money?: {
    base?: number;
    table_fee?: number;
    cap_to_carried?: boolean;
    automatic_penalty?: number;
    quit_penalty?: number;
  };
}

export interface TributeShare {
  who: (typeof PARTIES)[number];
  count?: number;
}

export interface TributeRule {
  when: {
    ranks?: number[] | null;
    solo?: "none" | "any" | "open" | "hidden";
    outcome?: OutcomeWord | null;
    guard?: "open" | "hidden" | null;
  };
  give?: TributeShare[];
  take?: TributeShare[];
  note?: string | null;
}

export interface Tribute {
  rules?: TributeRule[];
  card?: "highest" | "highest_non_joker";
  paid_in?: Rank | null;
  shut_in?: { count?: number; card?: "highest" | "as_tribute"; to?: "game_ender" | "first" } | null;
}

/** One house note for the players: the same note in Chinese and in English (both required). */
export interface HouseNote {
  zh: string;
  en: string;
}

export interface Variant {
  schema_version: 1;
  id: string;
  name: { zh: string; en: string };
  source?: string;
  /** Developer notes for maintainers (seed citations, field names); never shown to players. */
  notes?: string[];
  /** House notes for the players, in both languages; the rulebook shows them. */
  house_notes?: HouseNote[];
  deck?: Deck;
  deal: Deal;
  bidding: Bidding;
  declarations?: Declarations;
  play?: PlayRules;
  end?: End;
  scoring: Scoring;
  tribute?: Tribute;
}

/** The ordered (emperor rank, guard rank) pairs of a two-person table (20 of them). */
export const ORDERED_RANK_PAIRS: [number, number][] = [];
for (let e = 1; e <= 5; e++) for (let g = 1; g <= 5; g++) if (e !== g) ORDERED_RANK_PAIRS.push([e, g]);

/** Deep copy of plain JSON data. */
export function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}
