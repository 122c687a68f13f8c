import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { I18nProvider } from "../src/lib/i18n";
import { normaliseStats } from "../src/lib/stats";
import { StatsCharts } from "../src/screens/SimulationTab";
import { Progress } from "../src/charts/charts";
// `baohuang simulate baike-weihai --games 200 --seed 1 --json` (summary and raw counters).
import sim from "./sim-baike-weihai-200.json";

describe("simulation charts", () => {
  it("draw role results, points histograms and the emperor's finish ranks as SVG", () => {
    const stats = normaliseStats(sim)!;
    expect(stats.games).toBe(200);
    const emperor = stats.roles.find((r) => r.role === "emperor")!;
    expect(emperor.n).toBe(176);
    expect(emperor.win + emperor.draw + emperor.loss).toBeCloseTo(1);
    render(
      <I18nProvider lang="en">
        <StatsCharts stats={stats} />
      </I18nProvider>,
    );
    const wdl = screen.getByTestId("chart-wdl");
    expect(wdl.tagName.toLowerCase()).toBe("svg");
    // One stacked bar (three segments) per role that occurred.
    expect(wdl.querySelectorAll("rect").length).toBe(stats.roles.length * 4 /* swatch + 3 */ + 3 /* legend */);
    expect(wdl.querySelectorAll("text.tick")).toHaveLength(5); // 0 … 100%
    const points = screen.getByTestId("chart-points-emperor");
    const bins = Object.keys(sim.stats.roles.emperor.histogram).map(Number);
    expect(points.querySelectorAll("rect").length).toBe(Math.max(...bins) - Math.min(...bins) + 1);
    const ranks = screen.getByTestId("chart-emperor-rank");
    expect(ranks.querySelectorAll("rect")).toHaveLength(5);
    expect(ranks.querySelector("title")!.textContent).toMatch(/^1st: /);
  });

  it("shows the progress of a running job", () => {
    render(<Progress done={50} total={200} />);
    const bar = screen.getByTestId("sim-progress");
    expect(bar.getAttribute("aria-valuenow")).toBe("50");
    expect((bar.firstChild as HTMLElement).style.width).toBe("25%");
  });
});

describe("shared chart component (issue 20 item 8)", () => {
  it("nice ticks cover the range in round steps", async () => {
    const { niceTicks, tickText } = await import("../src/charts/charts");
    expect(niceTicks(0, 37)).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(0, 1)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(niceTicks(-0.8, 1.3)).toEqual([-1, 0, 1, 2]);
    expect(niceTicks(-0.8, 1.3, 8)).toEqual([-1, -0.5, 0, 0.5, 1, 1.5]);
    expect(niceTicks(0, 0)).toEqual([0]);
    expect(tickText(-0.5, "%")).toBe("−0.5%");
  });

  it("bar charts have axis titles, y ticks beyond the maximum, role colours and a shared scale", async () => {
    const { BarChart, ROLE_COLORS } = await import("../src/charts/charts");
    render(
      <I18nProvider lang="en">
        <BarChart
          title="Guard"
          role="guard"
          bins={[
            { label: "1", value: 10 },
            { label: "2", value: 30 },
          ]}
          unit="%"
          yMax={60}
          xTitle="points per seat-game"
          yTitle="share (%)"
          testId="c"
        />
      </I18nProvider>,
    );
    const svg = screen.getByTestId("c");
    const ticks = [...svg.querySelectorAll("text.tick")].map((n) => n.textContent);
    expect(ticks).toEqual(["0%", "20%", "40%", "60%"]); // the shared maximum, not this chart's 30
    const titles = [...svg.querySelectorAll("text.axis-title")].map((n) => n.textContent);
    expect(titles).toEqual(["share (%)", "points per seat-game"]);
    const bars = [...svg.querySelectorAll("rect")];
    expect(bars.every((b) => b.getAttribute("fill") === ROLE_COLORS.guard)).toBe(true);
  });

  it("side-by-side runs share the points bins and the y scale", async () => {
    const { sharedScale, histogramBins } = await import("../src/lib/stats");
    const a = normaliseStats(sim)!;
    const b = structuredClone(a);
    b.roles[0].histogram = [{ points: -30, count: 1 }, ...b.roles[0].histogram!];
    const scale = sharedScale([a, b]);
    const role = a.roles[0].role;
    expect(scale.points[role][0]).toBe(-30);
    expect(histogramBins(a.roles[0].histogram!, scale.points[role])[0].label).toBe("-30");
    expect(histogramBins(a.roles[0].histogram!, scale.points[role]).map((x) => x.label)).toEqual(
      histogramBins(b.roles[0].histogram!, scale.points[role]).map((x) => x.label),
    );
    expect(scale.pointsMax[role]).toBeGreaterThan(0);
  });

  it("colours the simulation's charts by role", async () => {
    const { ROLE_COLORS } = await import("../src/charts/charts");
    render(
      <I18nProvider lang="en">
        <StatsCharts stats={normaliseStats(sim)!} />
      </I18nProvider>,
    );
    const fill = (id: string) => screen.getByTestId(id).querySelector("rect")!.getAttribute("fill");
    expect(fill("chart-points-emperor")).toBe(ROLE_COLORS.emperor);
    expect(fill("chart-points-rebel")).toBe(ROLE_COLORS.rebel);
    expect(fill("chart-guard-rank")).toBe(ROLE_COLORS.guard);
    expect(screen.getByTestId("chart-emperor-rank").querySelectorAll("text.axis-title")).toHaveLength(2);
  });
});

describe("difference plot", () => {
  it("keeps a readable axis when every difference is zero (identical games)", async () => {
    const { DiffPlot } = await import("../src/charts/charts");
    render(
      <I18nProvider lang="en">
        <DiffPlot title="d" xTitle="B − A (pt)" testId="d" rows={[{ label: "Emperor", role: "emperor", diff: 0, lo: 0, hi: 0, significant: false }]} />
      </I18nProvider>,
    );
    const ticks = [...screen.getByTestId("d").querySelectorAll("text.tick")].map((n) => n.textContent);
    expect(ticks).toEqual(["−1", "−0.5", "0", "0.5", "1"]);
  });

  it("labels a points histogram at round steps, and the finish ranks by place", async () => {
    const { BarChart, labelStep } = await import("../src/charts/charts");
    expect(labelStep(5)).toBe(1);
    expect(labelStep(13)).toBe(2);
    expect(labelStep(37)).toBe(5);
    expect(labelStep(120)).toBe(20);
    const bins = Array.from({ length: 37 }, (_, i) => ({ label: String(i - 12), value: 1 }));
    render(
      <I18nProvider lang="zh">
        <BarChart title="皇帝" bins={bins} testId="h" />
        <BarChart title="名次" bins={["头客", "二客", "三客", "二落", "大落"].map((label) => ({ label, value: 20 }))} testId="r" />
      </I18nProvider>,
    );
    const labels = (id: string) => [...screen.getByTestId(id).querySelectorAll("text.axis-label:not(.tick)")].map((n) => n.textContent);
    expect(labels("h")).toEqual(["-10", "-5", "0", "5", "10", "15", "20"]);
    expect(labels("r")).toEqual(["头客", "二客", "三客", "二落", "大落"]);
  });
});
