import { describe, expect, it } from "vitest";
import { cardsFor, legalPlays, parseCard, playText } from "../src/lib/cards";

describe("cards", () => {
  it("reads suited, marked, joker and bare-rank cards", () => {
    expect(parseCard("10h")).toMatchObject({ rank: "10", suit: "h", symbol: "♥", red: true, joker: false, marked: false });
    expect(parseCard("As")).toMatchObject({ rank: "A", symbol: "♠", red: false });
    expect(parseCard("BJ*")).toMatchObject({ rank: "BJ", joker: true, marked: true, red: true });
    expect(parseCard("SJ*")).toMatchObject({ rank: "SJ", joker: true, marked: true, red: false });
    expect(parseCard("SJ")).toMatchObject({ rank: "SJ", marked: false, suit: null });
    expect(parseCard("9")).toMatchObject({ rank: "9", suit: null, symbol: null });
    expect(parseCard("TOP").order).toBe(16);
    // A joker stack (叠加) in a play: one card, ranked in its slot above the big joker.
    expect(parseCard("STK1")).toMatchObject({ rank: "STK1", order: 15, joker: true, red: true, suit: null });
    expect(parseCard("STK4").order).toBe(20);
  });

  it("writes a selection as the engine's play text, high to low", () => {
    expect(playText(["9s", "BJ*", "9h", "SJ"])).toBe("play BJ SJ 9 9");
    expect(playText(["3c", "10d", "10s"])).toBe("play 10 10 3");
  });

  it("finds the cards of a legal play, keeping the marked card for last", () => {
    const hand = ["BJ*", "BJ", "SJ", "2s", "9h", "9c", "9d", "3s"];
    expect(legalPlays(["pass", "play 9 9", "auto"])).toEqual([["9", "9"]]);
    const picked = cardsFor(hand, ["BJ", "9", "9"]);
    expect(picked.map((i) => hand[i]).sort()).toEqual(["9c", "9d", "BJ"]);
    expect(cardsFor(hand, ["BJ", "BJ"]).map((i) => hand[i]).sort()).toEqual(["BJ", "BJ*"]);
    expect(cardsFor(hand, ["K"])).toEqual([]);
  });
});
