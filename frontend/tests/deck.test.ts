import { describe, expect, it } from "vitest";
import type { Deck } from "../src/lib/model";
import { cycleSuit, deckComposition, deckSize, evenSplit, setRandomCount, toggleAll } from "../src/lib/deck";
import { weihai } from "./fixtures";

describe("deck arithmetic (same counting as rules.checks.deck_composition)", () => {
  it("counts the full shoe and the bundled trims", () => {
    expect(deckSize({ decks: 4 })).toBe(216);
    expect(deckSize(weihai().deck)).toBe(165); // RULES.md §2.1: Weihai 165
    expect(deckSize({ decks: 4, remove: [{ rank: "3" }, { rank: "4" }, { rank: "5" }] })).toBe(168);
    expect(deckSize({ decks: 4, remove: [{ rank: "3", count: 11 }] })).toBe(205); // 憋三
  });

  it("cycles a suit cell 4 → 3 → … → 0 → 4", () => {
    let deck: Deck = { decks: 4 };
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) {
      deck = cycleSuit(deck, "7", "s");
      seen.push(deckComposition(deck)["7"]);
    }
    expect(seen).toEqual([15, 14, 13, 12, 16]);
    expect(deck).toEqual({ decks: 4, remove: [] });
  });

  it("keeps one removal per rank in rank order", () => {
    let deck = toggleAll({ decks: 4 }, "K");
    deck = setRandomCount(deck, "6", 3);
    deck = cycleSuit(deck, "9", "h");
    expect(deck.remove).toEqual([{ rank: "6", count: 3 }, { rank: "9", suits: ["h"] }, { rank: "K" }]);
    deck = toggleAll(deck, "K");
    deck = setRandomCount(deck, "6", 0);
    expect(deck.remove).toEqual([{ rank: "9", suits: ["h"] }]);
  });

  it("splits a deck evenly, odd cards to the first seats", () => {
    expect(evenSplit(216)).toEqual([44, 43, 43, 43, 43]);
    expect(evenSplit(168)).toEqual([34, 34, 34, 33, 33]);
    expect(evenSplit(165)).toEqual([33, 33, 33, 33, 33]);
  });
});
