import { describe, expect, it } from "vitest";
import type { Deck } from "../src/lib/model";
import { cycleSuit, evenSplit, setRandomCount, suitLeft, toggleAll } from "../src/lib/deck";

// Editing the deck section's removals (the cards are counted by the server: POST /api/v1/deck/).
describe("deck trims", () => {
  it("cycles a suit cell 4 → 3 → … → 0 → 4", () => {
    let deck: Deck = { decks: 4 };
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) {
      deck = cycleSuit(deck, "7", "s");
      seen.push(suitLeft(deck, "7", "s"));
    }
    expect(seen).toEqual([3, 2, 1, 0, 4]);
    expect(deck).toEqual({ decks: 4, remove: [] });
    expect(cycleSuit(cycleSuit({ decks: 4 }, "7", "s"), "7", "s").remove).toEqual([{ rank: "7", suits: ["s", "s"] }]);
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
