// The variant language in TypeScript: the types and word lists generated from the server
// (`make types`: src/generated/variant.ts from the JSON Schema of baohuang/rules/model.py,
// src/generated/vocabulary.ts from baohuang/rules/vocabulary.py), named for the widgets.
import type * as V from "../generated/variant";
import * as words from "../generated/vocabulary";

export type {
  Bidding,
  Deal,
  Deck,
  Declarations,
  End,
  ForfeitStep,
  GrabSoloStep,
  HoldBack,
  HouseNote,
  JokerStack,
  Multiplier,
  OfferThroneStep,
  PlayRules,
  RedealStep,
  VoidStep,
  Removal,
  Scoring,
  SoloRow,
  SpecialBeat,
  Tribute,
  TributeRule,
  TributeShare,
  TwoPersonRow,
  TwoPersonTable,
  Variant,
} from "../generated/variant";

export const { PLAIN_RANKS, JOKER_RANKS, ALL_RANKS, SUITS, EVENTS, PARTIES } = words;

export type Rank = V.Removal["rank"];
export type PlainRank = V.HoldBack["rank"];
export type Suit = NonNullable<V.Removal["suits"]>[number];
export type EventName = V.Multiplier["event"];
export type FlowStep = V.Bidding["flow"][number];
export type GuardRule = V.Bidding["guard"];
export type OutcomeWord = V.OutcomeRow["outcome"];

// The word lists and the schema's types are one vocabulary: these fail to compile if the
// server's lists and its schema ever disagree.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const agree = <T extends true>(value: T) => value;
agree<Same<(typeof ALL_RANKS)[number], Rank>>(true);
agree<Same<(typeof PLAIN_RANKS)[number], PlainRank>>(true);
agree<Same<(typeof SUITS)[number], Suit>>(true);
agree<Same<(typeof EVENTS)[number], EventName>>(true);
agree<Same<(typeof PARTIES)[number], V.TributeShare["who"]>>(true);

export const SUIT_SYMBOL: Record<Suit, string> = { s: "♠", h: "♥", c: "♣", d: "♦" };

/** The ordered (emperor rank, guard rank) pairs of a two-person table (20 of them). */
export const ORDERED_RANK_PAIRS = words.ORDERED_RANK_PAIRS as readonly (readonly [number, number])[];

/** Deep copy of plain JSON data. */
export function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}
