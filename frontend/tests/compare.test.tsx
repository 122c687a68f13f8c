// Issue 15 in the editor: the comparison's formatting and wording, the report, the remembered
// jobs, the live re-scored averages (debounced; the server's 409 shown) and the calculator.
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { I18nProvider } from "../src/lib/i18n";
import {
  formatDiff,
  isUnchanged,
  formatInterval,
  formatValue,
  groupMetrics,
  methodKey,
  metricKind,
  pairingKey,
  splitMetric,
  type ComparisonResult,
} from "../src/lib/compare";
import { rememberJobs, rememberedJobs, roleMeans } from "../src/lib/jobs";
import { ComparisonReport } from "../src/screens/ComparisonReport";
import { placeSeat, seatRole } from "../src/screens/ScoreCalculator";
import { DocContext } from "../src/widgets/doc";
import { RescorePreview, RESCORE_DELAY_MS } from "../src/widgets/RescorePreview";
import { ROLE_COLORS } from "../src/charts/roles";
// `baohuang compare baike-common <row (1,2) 6/3/−3 → 9/0/−3> --games 40 --seed 1 --json`
import report from "./compare-common-40.json";
import sim from "./sim-baike-weihai-200.json";

const result = report as unknown as ComparisonResult;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("comparison figures", () => {
  it("formats each metric in its unit: rates in %, differences in points of percentage", () => {
    expect(metricKind("emperor.win_rate")).toBe("rate");
    expect(metricKind("royal_side.points_per_seat")).toBe("points");
    expect(metricKind("guard.money")).toBe("money");
    expect(metricKind("plays_per_game")).toBe("plays");
    expect(splitMetric("rebellion_rate")).toEqual({ role: null, measure: "rebellion_rate" });
    expect(formatValue("rate", 0.5123)).toBe("51.2%");
    expect(formatDiff("rate", 0.043)).toBe("+4.3 pt");
    expect(formatDiff("points", -0.16)).toBe("−0.16");
    expect(formatInterval("rate", [0.011, 0.075])).toBe("+1.1 … +7.5 pt");
    expect(formatInterval("points", [null, null])).toBe("—");
    // Honest zeros: nothing that rounds to 0 carries a sign.
    expect(formatDiff("points", -0.001)).toBe("0.00");
    expect(formatValue("points", -0.004)).toBe("0.00");
    expect(formatInterval("points", [-0.004, 0.2])).toBe("0.00 … +0.20");
    expect(isUnchanged({ diff: 0, ci95: [0, 0] })).toBe(true);
    expect(isUnchanged({ diff: 0, ci95: [-0.1, 0.1] })).toBe(false);
  });

  it("says 不变 for an exactly unchanged figure, and what a big enough run could detect", () => {
    const big: ComparisonResult = {
      ...result,
      games: 5000,
      metrics: result.metrics.map((m) =>
        m.name === "emperor.points" ? { ...m, power: { detect: 0.1, games: 1250 } } : m.name === "emperor.win_rate" ? { ...m, diff: 0, ci95: [0, 0], power: undefined } : m,
      ),
    };
    render(
      <I18nProvider lang="zh">
        <ComparisonReport result={big} />
      </I18nProvider>,
    );
    expect(screen.getByTestId("cmp-row-emperor.win_rate").textContent).toContain("不变");
    expect(screen.getByTestId("cmp-row-emperor.win_rate").textContent).not.toContain("±0.0");
    // 1,250 games needed for ±0.1, 5,000 run: this run detects ±0.05.
    expect(screen.getByTestId("cmp-power").textContent).toContain("这 5,000 局能检测出约 ±0.05 分的皇帝平均得分差");
    expect(screen.getByTestId("cmp-row-emperor.points").textContent).toContain("本次已够");
  });

  it("names the method and the pairing in the operator's words", () => {
    expect(methodKey(result.metrics[0].method)).toEqual({ key: "cmp.method.ratio", identical: true });
    expect(methodKey("paired t on per-game differences (same deal seeds)").key).toBe("cmp.method.pairedT");
    expect(methodKey("no estimate: the metric did not occur in both (or fewer than 2 games)").key).toBe("cmp.method.none");
    expect(pairingKey(result.pairing)).toBe("cmp.pairing.identical");
    expect(pairingKey("same deal seeds, but the decks differ (deck.remove): …")).toBe("cmp.pairing.deck");
  });

  it("reads the method and the pairing from their codes, not the English notes", () => {
    const metric = { method: "(any wording)", method_code: "paired_t" as const, same_games: true };
    expect(methodKey(metric)).toEqual({ key: "cmp.method.pairedT", identical: true });
    expect(methodKey({ method: "", method_code: "no_estimate" as const, same_games: false }).key).toBe("cmp.method.none");
    expect(methodKey({ method: "", method_code: "one_sample" as const }).key).toBe("cmp.method.oneSample");
    expect(pairingKey({ pairing: "(any wording)", pairing_code: "deck_differs" })).toBe("cmp.pairing.deck");
    expect(pairingKey({ pairing: "(any wording)", pairing_code: "identical" })).toBe("cmp.pairing.identical");
    // Results stored before the codes: the English notes.
    expect(pairingKey(result)).toBe("cmp.pairing.identical");
  });

  it("groups the metrics by role, sides and game; ranks and money only on request", () => {
    const groups = groupMetrics(result.metrics);
    expect(groups.map((g) => g.key)).toEqual(["emperor", "guard", "rebel", "solo", "sides", "game"]);
    expect(groups[0].metrics.map((m) => m.name)).toEqual(["emperor.win_rate", "emperor.draw_rate", "emperor.loss_rate", "emperor.points"]);
    expect(groupMetrics(result.metrics, true)[0].metrics).toHaveLength(10);
  });
});

describe("the comparison report", () => {
  it("shows the message in the user's language, the power in words, intervals and significance", () => {
    const { unmount } = render(
      <I18nProvider lang="zh">
        <ComparisonReport result={result} sides={["baike-common v1", "draft"]} />
      </I18nProvider>,
    );
    expect(screen.getByTestId("cmp-message").textContent).toBe(result.message!.zh);
    // Identical games: the win rate cannot differ, so the headline is the points (615 games).
    expect(screen.getByTestId("cmp-power").textContent).toContain("要检测 ±0.1 分的皇帝平均得分差，约需 615 局");
    const row = screen.getByTestId("cmp-row-emperor.points");
    expect(row.textContent).toContain("+0.25");
    expect(row.querySelector("td.ci")!.textContent).toBe("−0.03 … +0.53");
    expect(row.getAttribute("data-significant")).toBe("no");
    unmount();
    const sig: ComparisonResult = {
      ...result,
      metrics: result.metrics.map((m) =>
        m.name === "emperor.win_rate" ? { ...m, a: 0.5, b: 0.55, diff: 0.05, ci95: [0.01, 0.09], significant: true, power: { detect: 0.01, games: 41700 } } : m,
      ),
    };
    render(
      <I18nProvider lang="zh">
        <ComparisonReport result={sig} />
      </I18nProvider>,
    );
    expect(screen.getByTestId("cmp-power").textContent).toContain("要检测 ±1 个百分点的皇帝胜率差，约需 41,700 局");
    expect(screen.getByTestId("cmp-row-emperor.win_rate").className).toBe("sig");
    // The charts: A and B on one axis, coloured by role.
    const bars = screen.getByTestId("cmp-chart-win").querySelectorAll("rect[data-side]");
    expect(bars[0].getAttribute("fill")).toBe(ROLE_COLORS.emperor);
    expect(bars[1].getAttribute("fill")).toBe(ROLE_COLORS.emperor);
    expect(bars[2].getAttribute("fill")).toBe(ROLE_COLORS.guard);
  });

  it("says which players played, and that players who adapt played both sides", () => {
    const adapted: ComparisonResult = { ...result, play_unchanged: false, policies: Array(5).fill("adaptive"), players_adapt: true };
    const { unmount } = render(
      <I18nProvider lang="zh">
        <ComparisonReport result={adapted} />
      </I18nProvider>,
    );
    const line = screen.getByTestId("cmp-players").textContent!;
    expect(line).toContain("随计分调整的机器人");
    expect(line).toContain("两边都实际打过");
    unmount();
    render(
      <I18nProvider lang="en">
        <ComparisonReport result={{ ...result, policies: Array(5).fill("heuristic") }} />
      </I18nProvider>,
    );
    const plain = screen.getByTestId("cmp-players").textContent!;
    expect(plain).toContain("heuristic bots");
    expect(plain).not.toContain("adapt");
  });
});

describe("remembered jobs", () => {
  it("keep what each tab showed, per rule set", () => {
    rememberJobs("x", "simulation", ["a", "b"]);
    rememberJobs("x", "comparison", ["c"]);
    expect(rememberedJobs("x", "simulation")).toEqual(["a", "b"]);
    expect(rememberedJobs("x", "comparison")).toEqual(["c"]);
    expect(rememberedJobs("y", "simulation")).toEqual([]);
  });
  it("read the mean points per role from a summary", () => {
    expect(roleMeans(sim.summary).emperor).toBeCloseTo(0.5227, 3);
  });
});

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

describe("live re-scored averages", () => {
  it("re-score the last simulation under the edited table, debounced; a play change shows the 409", async () => {
    vi.useFakeTimers();
    const calls: { url: string; body: unknown }[] = [];
    const job = { id: "j1", status: "succeeded", version: 1, games: 200, seed: 1, summary: sim.summary };
    let conflict = false;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
        if (url.includes("/rescore/")) {
          if (conflict)
            return jsonResponse(409, { error: "play_differs", detail: "The new definition plays other games than the simulated version (play fields differ: end.solo_ends_on_first_out)" });
          return jsonResponse(200, { summary: { roles: { emperor: { points: { mean: 0.93 } }, guard: { points: { mean: 0.1 } } } }, rescored: { elapsed_ms: 4 } });
        }
        if (url.includes("?variant=")) return jsonResponse(200, [{ ...job, summary: undefined }]);
        return jsonResponse(200, job);
      }),
    );
    const state = (doc: Record<string, unknown>) => ({ doc, update: () => undefined, pinned: { byAnchor: new Map(), unpinned: [] } });
    const { rerender } = render(
      <I18nProvider lang="zh">
        <DocContext.Provider value={state({ scoring: { a: 1 } })}>
          <RescorePreview slug="baike-weihai" />
        </DocContext.Provider>
      </I18nProvider>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10); // the job list and the job
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RESCORE_DELAY_MS + 10);
    });
    expect(screen.getByTestId("rescore-emperor").textContent).toContain("皇帝平均 +0.52 → +0.93");
    expect(calls.filter((c) => c.url.includes("?variant=baike-weihai&kind=simulation"))).toHaveLength(1);
    // Three quick edits: one request, with the last definition.
    const before = calls.filter((c) => c.url.includes("/rescore/")).length;
    for (const a of [2, 3, 4])
      rerender(
        <I18nProvider lang="zh">
          <DocContext.Provider value={state({ scoring: { a } })}>
            <RescorePreview slug="baike-weihai" />
          </DocContext.Provider>
        </I18nProvider>,
      );
    conflict = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RESCORE_DELAY_MS + 10);
    });
    const rescores = calls.filter((c) => c.url.includes("/rescore/"));
    expect(rescores.length - before).toBe(1);
    expect(rescores[rescores.length - 1].body).toEqual({ definition: { scoring: { a: 4 } } });
    expect(screen.getByTestId("rescore-play").textContent).toContain("plays other games");
  });
});

describe("scoring calculator", () => {
  it("moves a seat in the finish order by swapping, and names each seat's role", () => {
    expect(placeSeat([0, 1, 2, 3, 4], 0, 3)).toEqual([3, 1, 2, 0, 4]);
    expect(seatRole(2, 2, null)).toBe("solo");
    expect(seatRole(1, 0, 1)).toBe("guard");
    expect(seatRole(4, 0, 1)).toBe("rebel");
  });

  it("asks the score endpoint and shows who gets what", async () => {
    vi.useFakeTimers();
    const bodies: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init?: RequestInit) => {
        bodies.push(JSON.parse(String(init!.body)));
        return jsonResponse(200, { points: [6, 3, -3, -3, -3], money: [6, 3, -3, -3, -3], outcome: "win", multiplier: 1, version: 1 });
      }),
    );
    const { ScoreCalculator } = await import("../src/screens/ScoreCalculator");
    render(
      <I18nProvider lang="en">
        <ScoreCalculator slug="baike-common" version={1} />
      </I18nProvider>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(screen.getByTestId("calc-seat-0").textContent).toContain("+6");
    fireEvent.click(screen.getByTestId("calc-ev-rebellion"));
    fireEvent.change(screen.getByTestId("calc-guard"), { target: { value: "none" } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(bodies[bodies.length - 1]).toEqual({ emperor: 0, guard: null, finish: [0, 1, 2, 3, 4], solo: "open", events: ["rebellion"], version: 1 });
  });

  it("says why under the figures: the server's sentences, asked for in the editor's language", async () => {
    vi.useFakeTimers();
    const languages: string[] = [];
    // What the server answers for jj-standard, emperor 1st and guard 2nd, an open guard that
    // wins (docs/rules.md §8.1, §8.3, §8.6: 6/3/−3 doubled; base 100, fee 20).
    const explanation = [
      { code: "score_row", params: { row: 1 }, text: "皇帝头客、侍卫二客——积分表第 1 行：皇帝 6，侍卫 3，每个平民 -3。" },
      { code: "score_doublings", params: { multiplier: 2 }, text: "翻倍：明保获胜：分数×2；全部分数×2。" },
      { code: "score_role", params: { points: 12 }, text: "皇帝（座位 0）：6 × 2 = 12。" },
      { code: "score_money_rate", params: { base: 100, fee: 20 }, text: "结算 = 分数 × 100 − 每人每局台费20。" },
    ];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init?: RequestInit) => {
        languages.push(new Headers(init?.headers).get("Accept-Language") ?? "");
        return jsonResponse(200, {
          points: [12, 6, -6, -6, -6],
          money: [1180, 580, -620, -620, -620],
          outcome: "win",
          multiplier: 2,
          tribute: { rule: null, shut_in: [], give: [], take: [] },
          base_points: [6, 3, -3, -3, -3],
          events: ["open_guard_win"],
          version: 1,
          explanation,
        });
      }),
    );
    const { ScoreCalculator } = await import("../src/screens/ScoreCalculator");
    render(
      <I18nProvider lang="zh">
        <ScoreCalculator slug="jj-standard" version={1} />
      </I18nProvider>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(languages[0]).toMatch(/^zh/);
    expect(screen.getByTestId("calc-seat-0").textContent).toContain("1180");
    expect(screen.getByText("为什么这样计分")).toBeTruthy();
    const sentences = Array.from(screen.getByTestId("calc-why").querySelectorAll("li")).map((li) => li.textContent);
    expect(sentences).toEqual(explanation.map((why) => why.text));
    // Under the figures: the table comes first, then the sentences.
    const table = screen.getByTestId("calc-seat-0").closest("table")!;
    expect(table.compareDocumentPosition(screen.getByTestId("calc-why")) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
