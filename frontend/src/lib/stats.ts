// Simulation statistics, for the charts: a job's `summary` (Stats.summary: rates, means and
// intervals) and its `result` (Stats.to_dict: the counters, with the points histograms), typed
// by the API's generated schema (baohuang/simulation/stats.py declares both shapes).
import type { components } from "../generated/api";

type Job = components["schemas"]["SimulationJob"];
/** A simulation's summary (a comparison job's is `{a, b}`, one per side). */
export type SimulationSummary = Extract<NonNullable<Job["summary"]>, { roles: unknown }>;
/** A simulation's counters (`result` of the job, `stats` of `baohuang simulate --json`). */
export type SimulationCounters = Extract<NonNullable<Job["result"]>, { roles: unknown }>;

/** A simulation job's summary and counters, or null (not finished, or a comparison job's). */
export function simulationParts(job: {
  result?: Job["result"] | Record<string, unknown> | null;
  summary?: Job["summary"];
}): { summary: SimulationSummary; stats: SimulationCounters } | null {
  const { result, summary } = job;
  if (!result || !summary || !("roles" in summary) || !("roles" in result)) return null;
  return { summary, stats: result as SimulationCounters };
}

export const ROLE_ORDER = ["emperor", "guard", "rebel", "solo"] as const;

export interface RoleView {
  role: string;
  n: number;
  win: number;
  draw: number;
  loss: number;
  meanPoints: number;
  histogram: { points: number; count: number }[];
  ranks: number[]; // fractions 1st … 5th
}

export interface StatsView {
  games: number;
  roles: RoleView[];
  rates: { name: string; value: number; perGame: boolean }[];
  playsPerGame: number;
}

/** The charts' view of a simulation: its summary and its counters (both sent by the API for
 * a job that succeeded; `baohuang simulate --json` prints them as `summary` and `stats`). */
export function normaliseStats(sim: { summary: SimulationSummary; stats: SimulationCounters }): StatsView {
  const { summary, stats } = sim;
  const names = [...new Set([...ROLE_ORDER, ...Object.keys(summary.roles)])];
  const roles: RoleView[] = [];
  for (const role of names) {
    const s = summary.roles[role];
    if (!s || s.n === 0) continue;
    const histogram = Object.entries(stats.roles[role]?.histogram ?? {})
      .map(([points, count]) => ({ points: Number(points), count }))
      .sort((a, b) => a.points - b.points);
    roles.push({
      role,
      n: s.n,
      win: s.win.rate,
      draw: s.draw.rate,
      loss: s.loss.rate,
      meanPoints: s.points.mean,
      histogram,
      ranks: s.ranks,
    });
  }
  const rates: StatsView["rates"] = [];
  for (const [name, figure] of Object.entries(summary.rates)) {
    if (figure.per_game !== undefined) rates.push({ name, value: figure.per_game, perGame: true });
    else if (figure.rate !== undefined) rates.push({ name, value: figure.rate, perGame: false });
  }
  return { games: summary.games, roles, rates, playsPerGame: summary.plays_per_game.mean };
}

/** Histogram bins with every integer between the extremes (empty bins shown as gaps), or
 * between `range`'s ends (a scale shared with a chart beside it). */
export function histogramBins(
  histogram: { points: number; count: number }[],
  range?: [number, number] | null,
): { label: string; value: number }[] {
  if (!histogram.length && !range) return [];
  const lo = range ? range[0] : histogram[0].points;
  const hi = range ? range[1] : histogram[histogram.length - 1].points;
  const map = new Map(histogram.map((b) => [b.points, b.count]));
  // Every integer of a shared range (up to 120 bins), so that both charts have the same bins.
  if (hi - lo > (range ? 120 : 40)) return histogram.map((b) => ({ label: String(b.points), value: b.count }));
  const out: { label: string; value: number }[] = [];
  for (let p = lo; p <= hi; p++) out.push({ label: String(p), value: map.get(p) ?? 0 });
  return out;
}

/** A histogram as shares of its seat-games, in percent. */
export function sharePercent(bins: { label: string; value: number }[]): { label: string; value: number }[] {
  const total = bins.reduce((a, b) => a + b.value, 0) || 1;
  return bins.map((b) => ({ label: b.label, value: (100 * b.value) / total }));
}

/** The scale charts shown side by side share, per role: the points range of its histograms
 * and their largest bar (% of seat-games); and the largest finish-rank bar (%). */
export interface ChartScale {
  points: Record<string, [number, number]>;
  pointsMax: Record<string, number>;
  rankMax: number;
}

export function sharedScale(views: (StatsView | null)[]): ChartScale {
  const points: Record<string, [number, number]> = {};
  const pointsMax: Record<string, number> = {};
  let rankMax = 0;
  for (const v of views) {
    if (!v) continue;
    for (const r of v.roles) {
      if (r.histogram?.length) {
        const [lo, hi] = points[r.role] ?? [Infinity, -Infinity];
        points[r.role] = [Math.min(lo, r.histogram[0].points), Math.max(hi, r.histogram[r.histogram.length - 1].points)];
        const total = r.histogram.reduce((a, b) => a + b.count, 0) || 1;
        pointsMax[r.role] = Math.max(pointsMax[r.role] ?? 0, ...r.histogram.map((b) => (100 * b.count) / total));
      }
      if (r.ranks && (r.role === "emperor" || r.role === "guard")) rankMax = Math.max(rankMax, ...r.ranks.map((x) => 100 * x));
    }
  }
  return { points, pointsMax, rankMax };
}
