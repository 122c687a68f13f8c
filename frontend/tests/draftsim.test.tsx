// Issue 34 §1: a rule set never published is simulated as its draft (no "publish first"),
// and a balance proposal's verification row shows a value with the interval of that value.
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { I18nProvider } from "../src/lib/i18n";
import { rememberProposal } from "../src/lib/jobs";
import { SimulationTab } from "../src/screens/SimulationTab";
import { BalancePanel } from "../src/screens/BalancePanel";

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("simulating a draft", () => {
  it("offers the draft of a clone with no version, and asks the server for it", async () => {
    const posted: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === "POST") {
          posted.push(JSON.parse(String(init.body)));
          return jsonResponse(202, { id: "d1", url: "/api/v1/simulations/d1/", status: "queued", version: null, draft_revision: 2, variant: "wo-men-de-wei-hai" });
        }
        if (url.includes("/versions/")) return jsonResponse(200, []);
        if (url.includes("/simulations/d1/")) return jsonResponse(200, { id: "d1", status: "running", version: null, draft_revision: 2, progress: { done: 3, total: 40 } });
        return jsonResponse(200, []);
      }),
    );
    render(
      <I18nProvider lang="zh">
        <SimulationTab slug="wo-men-de-wei-hai" latest={null} />
      </I18nProvider>,
    );
    await act(async () => undefined);
    expect(screen.queryByText(/请先发布/)).toBeNull();
    const select = screen.getByTestId("sim-version") as HTMLSelectElement;
    expect(select.value).toBe("draft");
    expect(select.selectedOptions[0].textContent).toBe("草稿");
    expect(screen.getByTestId("sim-draft-note").textContent).toContain("不用先发布");
    fireEvent.change(screen.getByTestId("sim-games"), { target: { value: "40" } });
    await act(async () => {
      fireEvent.click(screen.getByTestId("sim-start"));
    });
    expect(posted).toEqual([{ variant: "wo-men-de-wei-hai", draft: true, games: 40, seed: 1, policy: "heuristic" }]);
  });
});

describe("the verification row", () => {
  it("shows the proposal's royal − rebel with the interval of that same figure", async () => {
    const metric = (name: string, a: number, b: number) => ({ name, a, b, diff: b - a, ci95: [b - a - 0.05, b - a + 0.05], significant: true, method: "" });
    const verification = {
      id: "v1",
      status: "succeeded",
      progress: { done: 40, total: 40 },
      result: {
        play_unchanged: true,
        games: 40,
        metrics: [metric("royal_side.points_per_seat", 0.9, 0.05), metric("rebel_side.points_per_seat", -0.6, -0.03), metric("emperor.points", 1.3, 0.1)],
        verified: { royal_minus_rebel: { value: 0.08, ci95: [-0.42, 0.58] }, emperor_points: { value: 0.1, ci95: [-0.5, 0.7] } },
      },
    };
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse(200, verification)),
    );
    const target = { name: "royal_side_minus_rebel_side.points_per_seat", a: -0.1, b: 0.1, diff: 0.02, ci95: [-0.3, 0.34], significant: false, method: "" };
    rememberProposal("wo-men-de-wei-hai", {
      job: "s1",
      from: "wo-men-de-wei-hai@draft",
      roleBefore: {},
      definition: {},
      changes: [{ path: "scoring.two_person.rows[0].emperor", old: 2, new: 1, text: { zh: "头客/二客：皇帝 2 → 1", en: "" } }],
      predicted: { games: 40, seed: 5, target, before: { ...target, diff: 1.5 }, roles: {} },
      accept: { url: "/accept/" },
      verification: { id: "v1", url: "/api/v1/comparisons/v1/", games: 40, seed: 6 },
      solver: { name: "", status: "optimal", variables: 1, constraints: 1, ms: 1 },
      notes: [],
    });
    render(
      <I18nProvider lang="zh">
        <BalancePanel slug="wo-men-de-wei-hai" job={{ id: "s1", version: null, games: 40 }} />
      </I18nProvider>,
    );
    await act(async () => undefined);
    // Not 0.05 − (−0.03) with the interval of the change B − A.
    expect(screen.getByTestId("bal-verified-value").textContent).toBe("+0.08");
    expect(screen.getByTestId("bal-verified-ci").textContent).toBe("−0.42 … +0.58");
  });
});

describe("the balance scope", () => {
  it("sends a target per table for the tables chosen (the solo table aims at equal sides)", async () => {
    const posted: Record<string, unknown>[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === "POST") posted.push(JSON.parse(String(init.body)));
        return jsonResponse(400, { detail: "stop here" });
      }),
    );
    render(
      <I18nProvider lang="zh">
        <BalancePanel slug="wo-men-de-wei-hai" job={{ id: "s1", version: null, games: 40 }} />
      </I18nProvider>,
    );
    expect(screen.getByTestId("bal-tables").textContent).toContain("普通计分表");
    fireEvent.click(screen.getByTestId("bal-table-two_person_guard_known"));
    fireEvent.click(screen.getByTestId("bal-per-table"));
    fireEvent.change(screen.getByTestId("bal-target"), { target: { value: "emperor-mean" } });
    await act(async () => {
      fireEvent.click(screen.getByTestId("bal-start"));
    });
    expect(posted[0].table_targets).toEqual({ two_person: "emperor-mean=1", solo: "equal-sides" });
    expect(posted[0].tables).toBeUndefined();
  });
});
