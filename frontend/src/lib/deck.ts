// The deck section in the trim grid: editing the removals, and the live card count, which
// the server does (POST /api/v1/deck/: the same counting as validation, rules/checks.py), so
// the editor never counts cards itself.
import { useEffect, useState } from "react";
import type { components } from "../generated/api";
import { request, urls } from "./api";
import { JOKER_RANKS, ALL_RANKS, type Deck, type Rank, type Removal, type Suit, SUITS } from "./model";

/** The server's count of a deck section: `size`, and per rank `full` and `left`. */
export type DeckCount = components["schemas"]["DeckCount"];

export function isJoker(rank: Rank): boolean {
  return (JOKER_RANKS as readonly string[]).includes(rank);
}

/** The server's count of a deck section (an ApiError if the section is not valid). */
export async function countDeck(deck: Deck | undefined, signal?: AbortSignal): Promise<DeckCount> {
  const { data } = await request<DeckCount>(urls.deck(), { method: "POST", body: deck ?? {}, signal });
  return data;
}

/** The live count of `deck`: asked shortly after each change (the latest answer wins); the
 * last count stays shown, marked `pending`, while the next is asked. `count` is null before
 * the first answer and while the section is not valid (the validation says why). */
export function useDeckCount(deck: Deck | undefined, delay = 120): { count: DeckCount | null; pending: boolean } {
  const [count, setCount] = useState<DeckCount | null>(null);
  const [pending, setPending] = useState(true);
  const key = JSON.stringify(deck ?? {});
  useEffect(() => {
    const controller = new AbortController();
    setPending(true);
    const timer = window.setTimeout(() => {
      countDeck(JSON.parse(key) as Deck, controller.signal)
        .then((answer) => {
          setCount(answer);
          setPending(false);
        })
        .catch(() => {
          if (controller.signal.aborted) return;
          setCount(null);
          setPending(false);
        });
    }, delay);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [key, delay]);
  return { count, pending };
}

/** One rank's row of a count: `left` of `full`, or null when unknown. */
export function rankCount(count: DeckCount | null, rank: Rank): { left: number; full: number } | null {
  return count?.ranks.find((r) => r.rank === rank) ?? null;
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
