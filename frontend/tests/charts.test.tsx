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
    expect(wdl.querySelectorAll("rect").length).toBe(stats.roles.length * 3 + 3 /* legend */);
    const points = screen.getByTestId("chart-points-emperor");
    const bins = Object.keys(sim.stats.roles.emperor.histogram).map(Number);
    expect(points.querySelectorAll("rect").length).toBe(Math.max(...bins) - Math.min(...bins) + 1);
    const ranks = screen.getByTestId("chart-emperor-rank");
    expect(ranks.querySelectorAll("rect")).toHaveLength(5);
    expect(ranks.querySelector("title")!.textContent).toMatch(/^#1: /);
  });

  it("shows the progress of a running job", () => {
    render(<Progress done={50} total={200} />);
    const bar = screen.getByTestId("sim-progress");
    expect(bar.getAttribute("aria-valuenow")).toBe("50");
    expect((bar.firstChild as HTMLElement).style.width).toBe("25%");
  });
});
