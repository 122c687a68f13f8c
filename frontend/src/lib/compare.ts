// The paired comparison's result (POST /api/v1/comparisons/, `baohuang compare --json`):
// reading its metrics, formatting them in the metric's unit, and saying the method, the
// pairing and the power estimate in the operator's language.

export interface Metric {
  name: string;
  a: number | null;
  b: number | null;
  diff: number | null;
  ci95: [number | null, number | null];
  significant: boolean;
  method: string;
  n?: [number, number];
  power?: { detect: number; games: number | null };
}

export interface ComparisonResult {
  play_unchanged: boolean;
  games: number;
  metrics: Metric[];
  play_fields?: string[];
  message?: { zh: string; en: string };
  pairing?: string;
  variants?: { a?: string; b?: string };
}

export type Kind = "rate" | "points" | "money" | "plays";

/** The unit of a metric, as the server's `metric_kind`. */
export function metricKind(name: string): Kind {
  if (name.endsWith(".money")) return "money";
  if (name.endsWith("points") || name.endsWith("points_per_seat")) return "points";
  if (name === "plays_per_game") return "plays";
  return "rate";
}

/** `emperor.win_rate` → role `emperor`, measure `win_rate`; `rebellion_rate` → no role. */
export function splitMetric(name: string): { role: string | null; measure: string } {
  const dot = name.indexOf(".");
  if (dot < 0) return { role: null, measure: name };
  return { role: name.slice(0, dot), measure: name.slice(dot + 1) };
}

const sign = (x: number, digits: number) => `${x > 0 ? "+" : x < 0 ? "−" : "±"}${Math.abs(x).toFixed(digits)}`;

/** A value in its unit: a rate as a percentage, points and money signed, plays per game. */
export function formatValue(kind: Kind, v: number | null | undefined): string {
  if (v == null || !Number.isFinite(v)) return "—";
  if (kind === "rate") return `${(v * 100).toFixed(1)}%`;
  if (kind === "plays") return v.toFixed(1);
  return sign(v, 2).replace("±", "");
}

/** A difference in its unit: rates in percentage points (`pt`), the rest signed. */
export function formatDiff(kind: Kind, v: number | null | undefined, pt = "pt"): string {
  if (v == null || !Number.isFinite(v)) return "—";
  if (kind === "rate") return `${sign(v * 100, 1)} ${pt}`;
  if (kind === "plays") return sign(v, 1);
  return sign(v, 2);
}

export function formatInterval(kind: Kind, ci: [number | null, number | null] | undefined, pt = "pt"): string {
  if (!ci || ci[0] == null || ci[1] == null) return "—";
  const f = (v: number) => (kind === "rate" ? sign(v * 100, 1) : kind === "plays" ? sign(v, 1) : sign(v, 2));
  return `${f(ci[0])} … ${f(ci[1])}${kind === "rate" ? ` ${pt}` : ""}`;
}

/** Which of the server's method sentences this is (translated by the editor). */
export function methodKey(method: string): { key: string; identical: boolean } {
  const identical = method.includes("identical games");
  if (method.startsWith("no estimate")) return { key: "cmp.method.none", identical: false };
  if (method.startsWith("paired t")) return { key: "cmp.method.pairedT", identical };
  if (method.startsWith("paired ratio")) return { key: "cmp.method.ratio", identical };
  if (method.startsWith("paired within games")) return { key: "cmp.method.sides", identical };
  if (method.startsWith("one-sample")) return { key: "cmp.method.oneSample", identical };
  return { key: "", identical };
}

/** The server's pairing note → an i18n key (or "" when unknown). */
export function pairingKey(note: string | undefined): string {
  if (!note) return "";
  if (note.startsWith("identical games")) return "cmp.pairing.identical";
  if (note.includes("decks differ")) return "cmp.pairing.deck";
  if (note.startsWith("same deal seeds and the same deck")) return "cmp.pairing.same";
  return "";
}

/** The size of difference the power estimate is for, in words' parameters. */
export function detectSize(kind: Kind, detect: number): string {
  if (kind === "rate") return String(Math.round(detect * 100 * 10) / 10);
  return String(detect);
}

export interface MetricGroup {
  key: string; // role, "sides" or "game"
  metrics: Metric[];
}

/** Metrics grouped for the table: per role (emperor, guard, rebel, solo), the two sides,
 * and the per-game figures; within a role, rates and means first, finish ranks and money last. */
export function groupMetrics(metrics: Metric[], detail = false): MetricGroup[] {
  const groups = new Map<string, Metric[]>();
  for (const m of metrics) {
    const { role, measure } = splitMetric(m.name);
    const key = role === "royal_side" || role === "rebel_side" ? "sides" : role === "seat0" || role === null ? "game" : role;
    if (!detail && (measure.startsWith("rank_") || measure === "money")) continue;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(m);
  }
  return [...groups.entries()].map(([key, list]) => ({ key, metrics: list }));
}

export function findMetric(result: ComparisonResult | null | undefined, name: string): Metric | undefined {
  return result?.metrics.find((m) => m.name === name);
}
