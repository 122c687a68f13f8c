// Deck arithmetic for the trim grid: the same counting as baohuang/rules/checks.py
// (`deck_composition`): random removals count as removed.
import { ALL_RANKS, JOKER_RANKS, type Deck, type Rank, type Removal, type Suit, SUITS } from "./model";

export function isJoker(rank: Rank): boolean {
  return (JOKER_RANKS as readonly string[]).includes(rank);
}

/** Copies of one rank in the full shoe. */
export function copiesOf(rank: Rank, decks: number): number {
  return isJoker(rank) ? decks : 4 * decks;
}

/** Cards left of each rank after the trims. */
export function deckComposition(deck: Deck | undefined): Record<Rank, number> {
  const decks = deck?.decks ?? 4;
  const counts = Object.fromEntries(ALL_RANKS.map((r) => [r, copiesOf(r, decks)])) as Record<Rank, number>;
  for (const removal of deck?.remove ?? []) {
    if (!(removal.rank in counts)) continue;
    if (removal.count == null && removal.suits == null) counts[removal.rank] = 0;
    else {
      const taken = removal.count != null ? removal.count : (removal.suits ?? []).length;
      counts[removal.rank] = Math.max(0, counts[removal.rank] - taken);
    }
  }
  return counts;
}

/** Cards in play after the trims. */
export function deckSize(deck: Deck | undefined): number {
  return Object.values(deckComposition(deck)).reduce((a, b) => a + b, 0);
}

export function handSum(handSizes: number[] | undefined): number {
  return (handSizes ?? []).reduce((a, b) => a + (Number.isFinite(b) ? b : 0), 0);
}

/** How a rank is trimmed, for one row of the grid. */
export type TrimMode = "none" | "all" | "count" | "suits";

export function removalFor(deck: Deck | undefined, rank: Rank): Removal | undefined {
  return (deck?.remove ?? []).find((r) => r.rank === rank);
}

export function trimMode(removal: Removal | undefined): TrimMode {
  if (!removal) return "none";
  if (removal.count == null && removal.suits == null) return "all";
  if (removal.suits != null && removal.count == null) return "suits";
  return "count";
}

/** Cards of `suit` left of a plain rank (null when the removal is random or all). */
export function suitLeft(deck: Deck | undefined, rank: Rank, suit: Suit): number {
  const decks = deck?.decks ?? 4;
  const removal = removalFor(deck, rank);
  const mode = trimMode(removal);
  if (mode === "all") return 0;
  if (mode === "suits") return Math.max(0, decks - (removal!.suits ?? []).filter((s) => s === suit).length);
  return decks;
}

/** Replace (or drop, with null) the removal of `rank`, keeping the order of the others. */
export function withRemoval(deck: Deck | undefined, rank: Rank, removal: Removal | null): Deck {
  const list = deck?.remove ?? [];
  const index = list.findIndex((r) => r.rank === rank);
  let next: Removal[];
  if (index < 0) next = removal ? [...list, removal] : list.slice();
  else if (removal) next = list.map((r, i) => (i === index ? removal : r));
  else next = list.filter((_, i) => i !== index);
  // Keep the file readable: removals in rank order, low to high.
  next = next.slice().sort((a, b) => ALL_RANKS.indexOf(a.rank) - ALL_RANKS.indexOf(b.rank));
  return { ...(deck ?? {}), remove: next };
}

/** Toggle "remove every card of the rank". */
export function toggleAll(deck: Deck | undefined, rank: Rank): Deck {
  return withRemoval(deck, rank, trimMode(removalFor(deck, rank)) === "all" ? null : { rank });
}

/** Set the number of cards removed at random (0 removes the trim). */
export function setRandomCount(deck: Deck | undefined, rank: Rank, count: number): Deck {
  const n = Math.max(0, Math.floor(count || 0));
  return withRemoval(deck, rank, n > 0 ? { rank, count: n } : null);
}

/**
 * Take one more card of `suit` out (4 → 3 → … → 0), and from 0 put them all back.
 * A random or "all" trim of the rank becomes a by-suit trim.
 */
export function cycleSuit(deck: Deck | undefined, rank: Rank, suit: Suit): Deck {
  const decks = deck?.decks ?? 4;
  const removal = removalFor(deck, rank);
  const suits = trimMode(removal) === "suits" ? (removal!.suits ?? []).slice() : [];
  const taken = suits.filter((s) => s === suit).length;
  let next: Suit[];
  if (taken >= decks) next = suits.filter((s) => s !== suit);
  else next = [...suits, suit];
  next.sort((a, b) => SUITS.indexOf(a) - SUITS.indexOf(b));
  return withRemoval(deck, rank, next.length ? { rank, suits: next } : null);
}

/** Hand sizes that deal exactly `size` cards: the first seats get the odd cards. */
export function evenSplit(size: number, seats = 5): number[] {
  const base = Math.floor(size / seats);
  const extra = size - base * seats;
  return Array.from({ length: seats }, (_, i) => base + (i < extra ? 1 : 0));
}
