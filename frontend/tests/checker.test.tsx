// Issue 34 §4: the Chinese checker speaks of 小王 and 大王 (not SJ/BJ), reads them back as the
// server's notation, and offers only example plays the open variant finds legal.
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { I18nProvider } from "../src/lib/i18n";
import { CheckerTab, playAsCodes } from "../src/screens/CheckerTab";

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

afterEach(() => vi.unstubAllGlobals());

describe("the play checker in Chinese", () => {
  it("offers legal examples only, in words, and sends the server's notation", async () => {
    const asked: { previous: string; candidate: string }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (!url.includes("/compare/")) return jsonResponse(404, { detail: "not here" });
        const body = JSON.parse(String(init?.body)) as { previous: string; candidate: string };
        asked.push(body);
        // A deck without 3s, 4s and 5s (同城游 威海): "SJ 5 5 5 5" is refused.
        if (/\b5\b/.test(body.previous)) return jsonResponse(400, { detail: "没有 5", errors: [{ path: "previous" }] });
        return jsonResponse(200, {
          legal: true,
          beats: true,
          reason: "SJ 8 8 8 被 9 9 9 9 压过；BJ* 是皇牌",
          previous: body.previous,
          candidate: body.candidate,
        });
      }),
    );
    render(
      <I18nProvider lang="zh">
        <CheckerTab slug="tcy-weihai" latest={1} />
      </I18nProvider>,
    );
    await act(async () => undefined);
    const examples = screen.getByTestId("chk-examples");
    expect(examples.textContent).not.toMatch(/SJ|BJ/);
    expect(examples.textContent).toContain("小王 8 8 8 → 9 9 9 9");
    expect(examples.textContent).toContain("A A A A → 大王 小王 小王 小王");
    expect(examples.textContent).not.toContain("5 5 5 5");
    expect(examples.querySelectorAll("button")).toHaveLength(4);
    expect(screen.getByText(/牌面记法/).textContent).not.toMatch(/SJ|BJ/);

    fireEvent.click(screen.getByText("小王 8 8 8 → 9 9 9 9"));
    expect((screen.getByTestId("chk-previous") as HTMLInputElement).value).toBe("小王 8 8 8");
    asked.length = 0;
    await act(async () => {
      fireEvent.click(screen.getByTestId("chk-run"));
    });
    expect(asked).toEqual([{ previous: "SJ 8 8 8", candidate: "9 9 9 9" }]);
    const verdict = screen.getByTestId("chk-result").textContent ?? "";
    expect(verdict).not.toMatch(/SJ|BJ/);
    expect(verdict).toContain("小王 8 8 8");
    expect(verdict).toContain("皇牌");
  });

  it("reads 小王 and 大王 (and Chinese commas) as the server's codes", () => {
    expect(playAsCodes("大王，小王 小王 8")).toBe("BJ SJ SJ 8");
    expect(playAsCodes(" 10 10 ")).toBe("10 10");
  });
});
