import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { I18nProvider } from "../src/lib/i18n";
import type { Deck, Rank } from "../src/lib/model";
import { useDeckCount, type DeckCount } from "../src/lib/deck";
import { TrimGrid } from "../src/widgets/TrimGrid";
import { HandSizes } from "../src/widgets/HandSizes";
import { ALL_RANKS } from "../src/lib/model";
import { weihai } from "./fixtures";

// The server counts the cards (POST /api/v1/deck/, tests/api/test_deck_count.py); here it
// answers as it does for the decks these tests build, and the tests check what the grid sends
// and shows. The answers are typed by the generated API schema.
function answer(size: number, left: Partial<Record<Rank, number>>, decks = 4): DeckCount {
  return {
    size,
    ranks: ALL_RANKS.map((rank) => {
      const full = rank === "SJ" || rank === "BJ" ? decks : 4 * decks;
      return { rank, full, left: left[rank] ?? full };
    }),
  };
}

const WEIHAI_REMOVE = [{ rank: "3" }, { rank: "4" }, { rank: "5" }, { rank: "6", count: 3 }];
const ANSWERS: { deck: unknown; count: DeckCount }[] = [
  { deck: { ...weihai().deck, remove: WEIHAI_REMOVE }, count: answer(165, { "3": 0, "4": 0, "5": 0, "6": 13 }) },
  {
    deck: { ...weihai().deck, remove: [...WEIHAI_REMOVE, { rank: "7", suits: ["s"] }] },
    count: answer(164, { "3": 0, "4": 0, "5": 0, "6": 13, "7": 15 }),
  },
  { deck: { decks: 4 }, count: answer(216, {}) },
  { deck: { decks: 4, remove: [{ rank: "3" }] }, count: answer(200, { "3": 0 }) },
  { deck: { decks: 4, remove: [{ rank: "3" }, { rank: "SJ", count: 2 }] }, count: answer(198, { "3": 0, SJ: 2 }) },
];

let sent: unknown[] = [];

function serve() {
  sent = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    expect(url).toBe("/api/v1/deck/");
    expect(init.method).toBe("POST");
    const deck = JSON.parse(String(init.body));
    sent.push(deck);
    const known = ANSWERS.find((a) => JSON.stringify(a.deck) === JSON.stringify(deck));
    if (!known) return new Response(JSON.stringify({ error: "test", detail: `no answer for ${init.body}` }), { status: 500 });
    return new Response(JSON.stringify(known.count), { status: 200, headers: { "Content-Type": "application/json" } });
  });
}

afterEach(() => vi.unstubAllGlobals());

function Harness({ deck: initial, hands: initialHands }: { deck: Deck; hands: number[] }) {
  const [deck, setDeck] = useState(initial);
  const [hands, setHands] = useState(initialHands);
  const { count } = useDeckCount(deck, 0);
  return (
    <I18nProvider lang="en">
      <TrimGrid deck={deck} handSizes={hands} count={count} onChange={setDeck} />
      <HandSizes handSizes={hands} deckSize={count?.size ?? null} onChange={setHands} />
    </I18nProvider>
  );
}

const summary = () => screen.getByTestId("count-summary");
const text = (id: string) => screen.getByTestId(id).textContent;

describe("TrimGrid", () => {
  it("shows the server's live card count and the hand-size sum", async () => {
    serve();
    render(<Harness deck={weihai().deck!} hands={[33, 33, 33, 33, 33]} />);
    expect(text("deck-size")).toBe("deck … cards"); // not counted yet
    await waitFor(() => expect(text("deck-size")).toBe("deck 165 cards"));
    expect(text("hand-sum")).toBe("hands 165 cards");
    expect(summary().className).toContain("ok");
    expect(text("trim-6-left")).toBe("13/16");
    expect(text("trim-3-left")).toBe("0/16");
  });

  it("highlights hand sizes that no longer add up, and clears it when fixed", async () => {
    serve();
    render(<Harness deck={weihai().deck!} hands={[33, 33, 33, 33, 33]} />);
    await waitFor(() => expect(text("deck-size")).toBe("deck 165 cards"));
    fireEvent.click(screen.getByTestId("trim-7-s")); // take one ♠7 out
    expect(text("trim-7-s")).toBe("3");
    await waitFor(() => expect(text("trim-7-left")).toBe("15/16"));
    expect(sent.at(-1)).toEqual({ ...weihai().deck, remove: [...WEIHAI_REMOVE, { rank: "7", suits: ["s"] }] });
    expect(text("deck-size")).toBe("deck 164 cards");
    expect(summary().className).toContain("mismatch");
    expect(summary().textContent).toContain("do not add up");
    expect(screen.getByTestId("hand-sizes").className).toContain("mismatch");
    // Fix it at the hand sizes: seat 4 gets 32.
    fireEvent.change(screen.getByTestId("hand-size-4"), { target: { value: "32" } });
    expect(text("hand-sum")).toBe("hands 164 cards");
    expect(summary().className).toContain("ok");
  });

  it("removes a whole rank, or some cards at random", async () => {
    serve();
    render(<Harness deck={{ decks: 4 }} hands={[44, 43, 43, 43, 43]} />);
    await waitFor(() => expect(text("deck-size")).toBe("deck 216 cards"));
    fireEvent.click(screen.getByTestId("trim-3-all"));
    await waitFor(() => expect(text("deck-size")).toBe("deck 200 cards"));
    fireEvent.change(screen.getByTestId("trim-SJ-random"), { target: { value: "2" } });
    await waitFor(() => expect(text("trim-SJ-left")).toBe("2/4"));
    expect(text("deck-size")).toBe("deck 198 cards");
    // "Split evenly" deals exactly the counted deck.
    fireEvent.click(screen.getByText("Split evenly"));
    expect(text("hand-sum")).toBe("hands 198 cards");
    expect((screen.getByTestId("hand-size-0") as HTMLInputElement).value).toBe("40");
    expect((screen.getByTestId("hand-size-4") as HTMLInputElement).value).toBe("39");
  });

  it("shows no count while the section cannot be counted", async () => {
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ error: "invalid", detail: "bad", errors: [] }), { status: 400 }));
    render(<Harness deck={{ decks: 4 }} hands={[44, 43, 43, 43, 43]} />);
    await waitFor(() => expect(summary().className).toContain("unknown"));
    expect(text("deck-size")).toBe("deck … cards");
    expect(text("trim-7-left")).toBe("…/…");
    expect(screen.getByTestId("hand-sizes").className).not.toContain("mismatch");
    expect((screen.getByText("Split evenly") as HTMLButtonElement).disabled).toBe(true);
  });
});
