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
  /** The method as a code (results stored before the codes have only `method`). */
  method_code?: MethodCode;
  /** Identical games, scored twice (the play did not change). */
  same_games?: boolean;
  n?: [number, number];
  power?: { detect: number; games: number | null };
}

export interface ComparisonResult {
  play_unchanged: boolean;
  games: number;
  metrics: Metric[];
  play_fields?: string[];
  message?: { zh: string; en: string };
  /** The result in plain words, figures second (how often it matters, each side per seat). */
  summary?: { zh: string; en: string };
  pairing?: string;
  pairing_code?: PairingCode;
  pairing_params?: { fields?: string[] };
  variants?: { a?: string; b?: string };
  /** The five seats' players (policy names). */
  policies?: string[];
  /** The players read the scoring (adaptive, mc): both sides were played. */
  players_adapt?: boolean;
}

export type MethodCode = "paired_t" | "paired_ratio" | "no_estimate" | "paired_sides" | "one_sample";
export type PairingCode = "identical" | "deck_differs" | "same_deck";

const METHOD_KEYS: Record<MethodCode, string> = {
  paired_t: "cmp.method.pairedT",
  paired_ratio: "cmp.method.ratio",
  no_estimate: "cmp.method.none",
  paired_sides: "cmp.method.sides",
  one_sample: "cmp.method.oneSample",
};

const PAIRING_KEYS: Record<PairingCode, string> = {
  identical: "cmp.pairing.identical",
  deck_differs: "cmp.pairing.deck",
  same_deck: "cmp.pairing.same",
};

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

/** Signed to `digits` places; a value that rounds to zero has no sign (never "−0.00"). */
const sign = (x: number, digits: number) => {
  const shown = Math.abs(x).toFixed(digits);
  if (Number(shown) === 0) return shown;
  return `${x > 0 ? "+" : "−"}${shown}`;
};

/** An exactly unchanged figure: the same games scored the same (difference and interval 0). */
export function isUnchanged(m: Pick<Metric, "diff" | "ci95">): boolean {
  return m.diff === 0 && (!m.ci95 || ((m.ci95[0] ?? 0) === 0 && (m.ci95[1] ?? 0) === 0));
}

/** The difference this run could detect (95% confidence, 80% power): the power estimate's
 * size scaled from the games it needs to the games run. */
export function detectableWith(m: Metric, games: number): number | null {
  if (!m.power || m.power.games == null || games <= 0) return null;
  return m.power.detect * Math.sqrt(m.power.games / games);
}

/** A value in its unit: a rate as a percentage, points and money signed, plays per game. */
export function formatValue(kind: Kind, v: number | null | undefined): string {
  if (v == null || !Number.isFinite(v)) return "—";
  if (kind === "rate") return `${(v * 100).toFixed(1)}%`;
  if (kind === "plays") return v.toFixed(1);
  return sign(v, 2);
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

/** Which method a metric was estimated by, as an i18n key: from its `method_code` (the
 * English `method` sentence is read only for results stored before the codes). */
export function methodKey(metric: Pick<Metric, "method" | "method_code" | "same_games"> | string): {
  key: string;
  identical: boolean;
} {
  if (typeof metric !== "string" && metric.method_code) {
    const key = METHOD_KEYS[metric.method_code] ?? "";
    return { key, identical: metric.method_code !== "no_estimate" && !!metric.same_games };
  }
  const method = typeof metric === "string" ? metric : metric.method;
  const identical = method.includes("identical games");
  if (method.startsWith("no estimate")) return { key: "cmp.method.none", identical: false };
  if (method.startsWith("paired t")) return { key: "cmp.method.pairedT", identical };
  if (method.startsWith("paired ratio")) return { key: "cmp.method.ratio", identical };
  if (method.startsWith("paired within games")) return { key: "cmp.method.sides", identical };
  if (method.startsWith("one-sample")) return { key: "cmp.method.oneSample", identical };
  return { key: "", identical };
}

/** The pairing of a comparison → an i18n key (or "" when unknown): its `pairing_code`, or
 * for results stored before the codes, the English note. */
export function pairingKey(result: Pick<ComparisonResult, "pairing" | "pairing_code"> | string | undefined): string {
  if (result && typeof result !== "string" && result.pairing_code) return PAIRING_KEYS[result.pairing_code] ?? "";
  const note = typeof result === "string" ? result : result?.pairing;
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
