// The play tab's hint (issue 32): a play with a joker stack (叠加) cannot be picked from the
// hand, since the same jokers are also a plain set; the hint marks and focuses its button.
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { I18nProvider } from "../src/lib/i18n";
import { PlayTab } from "../src/screens/PlayTab";

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const view = {
  id: "g1",
  seat: 0,
  phase: "play",
  to_act: 0,
  question: null,
  legal: ["play 5 5", "play STK1", "play SJ SJ SJ", "pass"],
  automatic: "auto",
  hand: ["5h", "5s", "SJ", "SJ", "SJ"],
  hand_sizes: [5, 30, 30, 30, 30],
  events: [],
  trick: null,
  trick_owner: null,
  emperor: 1,
  guard: null,
  i_am_guard: false,
  rebels_declared: [],
  finish: [],
  result: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the hint", () => {
  it("picks a plain play's cards, and marks the button of a stack play instead", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === "POST") return jsonResponse(201, view);
        if (url.includes("/versions/")) return jsonResponse(200, []);
        return jsonResponse(200, []);
      }),
    );
    render(
      <I18nProvider lang="zh">
        <PlayTab slug="wo-men-de-wei-hai" latest={null} />
      </I18nProvider>,
    );
    await act(async () => {
      fireEvent.click(screen.getByTestId("play-start"));
    });
    const stack = screen.getByTestId("act-play STK1");
    expect(stack.getAttribute("data-hinted")).toBeNull();

    fireEvent.click(screen.getByTestId("play-hint"));
    const hand = screen.getByTestId("play-hand");
    expect(hand.querySelectorAll(".selected")).toHaveLength(2);
    expect(stack.getAttribute("data-hinted")).toBeNull();

    fireEvent.click(screen.getByTestId("play-hint"));
    expect(hand.querySelectorAll(".selected")).toHaveLength(0);
    expect(stack.getAttribute("data-hinted")).toBe("true");
    expect(document.activeElement).toBe(stack);
    expect((screen.getByTestId("play-play") as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId("play-hint"));
    expect(hand.querySelectorAll(".selected")).toHaveLength(3);
    expect(stack.getAttribute("data-hinted")).toBeNull();
  });
});
