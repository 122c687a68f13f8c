// Simulation statistics, normalised for the charts. Accepts the simulation package's raw
// counters (`Stats.to_dict`: wins/draws/losses, histogram, ranks as counts) and its summary
// (`Stats.summary`: win/draw/loss rates, ranks as fractions), or a job result holding both.

export const ROLE_ORDER = ["emperor", "guard", "rebel", "solo"] as const;

export interface RoleView {
  role: string;
  n: number;
  win: number;
  draw: number;
  loss: number;
  meanPoints: number | null;
  histogram: { points: number; count: number }[] | null;
  ranks: number[] | null; // fractions 1st … 5th
}

export interface StatsView {
  games: number | null;
  roles: RoleView[];
  rates: { name: string; value: number; perGame: boolean }[];
  playsPerGame: number | null;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

function rateOf(v: unknown): number | null {
  if (isObj(v)) return num(v.rate);
  return num(v);
}

function roleView(role: string, raw: Obj | undefined, summary: Obj | undefined): RoleView | null {
  const r = raw ?? {};
  const s = summary ?? {};
  const n = num(r.n) ?? num(s.n) ?? 0;
  let win: number | null = rateOf(s.win) ?? rateOf(s.win_rate);
  let draw: number | null = rateOf(s.draw) ?? rateOf(s.draw_rate);
  let loss: number | null = rateOf(s.loss) ?? rateOf(s.loss_rate) ?? rateOf(s.lose);
  if ((win === null || loss === null) && n > 0 && num(r.wins) !== null) {
    win = (num(r.wins) ?? 0) / n;
    draw = (num(r.draws) ?? 0) / n;
    loss = (num(r.losses) ?? 0) / n;
  }
  if (win === null && isObj(r.win)) win = rateOf(r.win);
  let meanPoints: number | null = null;
  if (isObj(s.points)) meanPoints = num(s.points.mean);
  else if (isObj(r.points)) meanPoints = num((r.points as Obj).mean);
  else if (n > 0 && num(r.points) !== null) meanPoints = (num(r.points) ?? 0) / n;
  const histSource = isObj(r.histogram) ? r.histogram : isObj(s.histogram) ? s.histogram : null;
  const histogram = histSource
    ? Object.entries(histSource)
        .map(([k, v]) => ({ points: Number(k), count: num(v) ?? 0 }))
        .filter((b) => Number.isFinite(b.points))
        .sort((a, b) => a.points - b.points)
    : null;
  let ranks: number[] | null = null;
  const rankSource = Array.isArray(s.ranks) ? s.ranks : Array.isArray(r.ranks) ? r.ranks : null;
  if (rankSource) {
    const values = rankSource.map((x) => num(x) ?? 0);
    const total = values.reduce((a, b) => a + b, 0);
    ranks = total > 1.0001 ? values.map((x) => x / total) : values;
  }
  if (n === 0 && win === null && !histogram) return null;
  return { role, n, win: win ?? 0, draw: draw ?? 0, loss: loss ?? 0, meanPoints, histogram, ranks };
}

/** Find the raw counters and the summary inside a job result, wherever they sit. */
function parts(result: Obj): { raw?: Obj; summary?: Obj } {
  const candidates: Obj[] = [result];
  for (const key of ["stats", "raw", "counters", "summary", "statistics", "result"]) {
    if (isObj(result[key])) candidates.push(result[key] as Obj);
  }
  let raw: Obj | undefined;
  let summary: Obj | undefined;
  for (const c of candidates) {
    if (!isObj(c.roles)) continue;
    const first = Object.values(c.roles as Obj)[0];
    if (!isObj(first)) continue;
    if ("wins" in first || "histogram" in first) raw ??= c;
    if (isObj(first.win) || "win_rate" in first) summary ??= c;
  }
  return { raw, summary };
}

export function normaliseStats(result: unknown): StatsView | null {
  if (!isObj(result)) return null;
  const { raw, summary } = parts(result);
  if (!raw && !summary) return null;
  const rawRoles = (raw?.roles ?? {}) as Obj;
  const sumRoles = (summary?.roles ?? {}) as Obj;
  const names = [...new Set([...ROLE_ORDER, ...Object.keys(rawRoles), ...Object.keys(sumRoles)])];
  const roles = names
    .map((name) => roleView(name, rawRoles[name] as Obj | undefined, sumRoles[name] as Obj | undefined))
    .filter((r): r is RoleView => r !== null && r.n > 0);
  const rates: StatsView["rates"] = [];
  const games = num(summary?.games) ?? num(raw?.games) ?? num(result.games);
  if (isObj(summary?.rates)) {
    for (const [name, v] of Object.entries(summary!.rates as Obj)) {
      if (isObj(v) && num(v.rate) !== null) rates.push({ name, value: num(v.rate)!, perGame: false });
      else if (isObj(v) && num(v.per_game) !== null) rates.push({ name, value: num(v.per_game)!, perGame: true });
    }
  } else if (isObj(raw?.counters) && games) {
    for (const [name, v] of Object.entries(raw!.counters as Obj)) {
      if (num(v) !== null) rates.push({ name, value: num(v)! / games, perGame: name.endsWith("s") && !name.endsWith("_games") });
    }
  }
  let playsPerGame: number | null = null;
  if (isObj(summary?.plays_per_game)) playsPerGame = num((summary!.plays_per_game as Obj).mean);
  else if (raw && games) playsPerGame = (num(raw.plays) ?? 0) / games;
  return { games, roles, rates, playsPerGame };
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
