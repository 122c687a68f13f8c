import { useState } from "react";
import { describe, expect, it } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { I18nProvider } from "../src/lib/i18n";
import type { Deck } from "../src/lib/model";
import { TrimGrid } from "../src/widgets/TrimGrid";
import { HandSizes } from "../src/widgets/HandSizes";
import { deckSize } from "../src/lib/deck";
import { weihai } from "./fixtures";

function Harness({ deck: initial, hands: initialHands }: { deck: Deck; hands: number[] }) {
  const [deck, setDeck] = useState(initial);
  const [hands, setHands] = useState(initialHands);
  return (
    <I18nProvider lang="en">
      <TrimGrid deck={deck} handSizes={hands} onChange={setDeck} />
      <HandSizes handSizes={hands} deckSize={deckSize(deck)} onChange={setHands} />
    </I18nProvider>
  );
}

const summary = () => screen.getByTestId("count-summary");

describe("TrimGrid", () => {
  it("shows the live card count and the hand-size sum", () => {
    render(<Harness deck={weihai().deck!} hands={[33, 33, 33, 33, 33]} />);
    expect(screen.getByTestId("deck-size").textContent).toBe("deck 165 cards");
    expect(screen.getByTestId("hand-sum").textContent).toBe("hands 165 cards");
    expect(summary().className).toContain("ok");
    expect(screen.getByTestId("trim-6-left").textContent).toBe("13/16");
    expect(screen.getByTestId("trim-3-left").textContent).toBe("0/16");
  });

  it("highlights hand sizes that no longer add up, and clears it when fixed", () => {
    render(<Harness deck={weihai().deck!} hands={[33, 33, 33, 33, 33]} />);
    fireEvent.click(screen.getByTestId("trim-7-s")); // take one ♠7 out
    expect(screen.getByTestId("trim-7-s").textContent).toBe("3");
    expect(screen.getByTestId("trim-7-left").textContent).toBe("15/16");
    expect(screen.getByTestId("deck-size").textContent).toBe("deck 164 cards");
    expect(summary().className).toContain("mismatch");
    expect(summary().textContent).toContain("do not add up");
    expect(screen.getByTestId("hand-sizes").className).toContain("mismatch");
    // Fix it at the hand sizes: seat 4 gets 32.
    fireEvent.change(screen.getByTestId("hand-size-4"), { target: { value: "32" } });
    expect(screen.getByTestId("hand-sum").textContent).toBe("hands 164 cards");
    expect(summary().className).toContain("ok");
  });

  it("removes a whole rank, or some cards at random", () => {
    render(<Harness deck={{ decks: 4 }} hands={[44, 43, 43, 43, 43]} />);
    expect(screen.getByTestId("deck-size").textContent).toBe("deck 216 cards");
    fireEvent.click(screen.getByTestId("trim-3-all"));
    expect(screen.getByTestId("deck-size").textContent).toBe("deck 200 cards");
    fireEvent.change(screen.getByTestId("trim-SJ-random"), { target: { value: "2" } });
    expect(screen.getByTestId("trim-SJ-left").textContent).toBe("2/4");
    expect(screen.getByTestId("deck-size").textContent).toBe("deck 198 cards");
    // "Split evenly" deals exactly the trimmed deck.
    fireEvent.click(screen.getByText("Split evenly"));
    expect(screen.getByTestId("hand-sum").textContent).toBe("hands 198 cards");
    expect((screen.getByTestId("hand-size-0") as HTMLInputElement).value).toBe("40");
    expect((screen.getByTestId("hand-size-4") as HTMLInputElement).value).toBe("39");
  });
});
