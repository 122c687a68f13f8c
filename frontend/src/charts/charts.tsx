// Small inline-SVG charts (no chart library, nothing from a CDN). Every chart has axis
// titles with their units and y-axis ticks; charts shown side by side take a shared scale
// (`yMax`, the same bins) so that A and B read on the same axes; bars take the colour of
// their role (charts/roles.ts), never of their column.
import { useI18n } from "../lib/i18n";
import { OUTCOME_COLORS, ROLE_COLORS, roleColor } from "./roles";

export { ROLE_COLORS, roleColor } from "./roles";

export const COLORS = {
  ...OUTCOME_COLORS,
  bar: "#607d8b",
};

function pct(x: number): string {
  return `${(x * 100).toFixed(x >= 0.1 || x === 0 ? 0 : 1)}%`;
}

/** "Nice" tick values covering [lo, hi] (steps of 1, 2, 2.5 or 5 × 10^k), about `count` of them. */
export function niceTicks(lo: number, hi: number, count = 4): number[] {
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [0];
  if (hi < lo) [lo, hi] = [hi, lo];
  if (hi === lo) {
    if (hi === 0) return [0];
    lo = Math.min(0, lo);
    hi = Math.max(0, hi);
  }
  const raw = (hi - lo) / Math.max(1, count);
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const ticks: number[] = [];
  const start = Math.floor(lo / step + 1e-9);
  const end = Math.ceil(hi / step - 1e-9);
  for (let k = start; k <= end && ticks.length <= 50; k++) ticks.push(Number((k * step).toPrecision(12)) || 0);
  return ticks;
}

/** The step between labelled bins of an integer axis (a points histogram): the smallest
 * round step (1, 2, 5, 10, 20, 50 …) that labels at most `most` of `count` bins. */
export function labelStep(count: number, most = 8): number {
  for (let mag = 1; ; mag *= 10) {
    for (const m of [1, 2, 5]) {
      const step = m * mag;
      if (Math.ceil(count / step) <= most || step >= 1e6) return step;
    }
  }
}

/** Whether a bin label is a whole number ("−12", "7"): such axes are labelled at round steps. */
function integerLabel(label: string): boolean {
  return /^[−-]?\d+$/.test(label);
}

/** A tick's text: no trailing zeros, the unit appended. */
export function tickText(v: number, unit = ""): string {
  const s = Math.abs(v) >= 100 || Number.isInteger(v) ? String(Math.round(v)) : String(Number(v.toFixed(2)));
  return `${s.replace("-", "−")}${unit}`;
}

export interface WdlRow {
  label: string;
  role?: string;
  win: number;
  draw: number;
  loss: number;
}

/** Win / draw / loss rates per role as horizontal 100% stacked bars (x: share of seat-games). */
export function StackedBars({ rows, testId }: { rows: WdlRow[]; testId?: string }) {
  const { t } = useI18n();
  const labelW = 104;
  const barW = 260;
  const rowH = 26;
  const axisY = rows.length * rowH + 4;
  const height = axisY + 52;
  return (
    <svg
      className="chart"
      viewBox={`0 0 ${labelW + barW + 14} ${height}`}
      role="img"
      aria-label={t("sim.wdl")}
      data-testid={testId ?? "chart-wdl"}
    >
      {rows.map((r, i) => {
        const total = r.win + r.draw + r.loss || 1;
        const parts = [
          ["win", r.win / total],
          ["draw", r.draw / total],
          ["loss", r.loss / total],
        ] as const;
        let x = labelW;
        return (
          <g key={r.label} transform={`translate(0, ${i * rowH})`}>
            <rect x={2} y={rowH / 2 - 5} width={10} height={10} fill={roleColor(r.role)} className="role-swatch" />
            <text x={labelW - 6} y={rowH / 2 + 4} textAnchor="end" className="axis-label">
              {r.label}
            </text>
            {parts.map(([k, v]) => {
              const w = v * barW;
              const rect = (
                <g key={k}>
                  <rect x={x} y={3} width={Math.max(0, w)} height={rowH - 6} fill={OUTCOME_COLORS[k]}>
                    <title>{`${r.label} ${t(`sim.${k}`)} ${pct(v)}`}</title>
                  </rect>
                  {w > 30 ? (
                    <text x={x + w / 2} y={rowH / 2 + 4} textAnchor="middle" className="bar-label">
                      {pct(v)}
                    </text>
                  ) : null}
                </g>
              );
              x += w;
              return rect;
            })}
          </g>
        );
      })}
      <g className="x-axis">
        <line x1={labelW} y1={axisY} x2={labelW + barW} y2={axisY} className="axis" />
        {[0, 25, 50, 75, 100].map((v) => (
          <g key={v}>
            <line x1={labelW + (v / 100) * barW} y1={axisY} x2={labelW + (v / 100) * barW} y2={axisY + 3} className="axis" />
            <text x={labelW + (v / 100) * barW} y={axisY + 13} textAnchor="middle" className="axis-label tick">
              {v}%
            </text>
          </g>
        ))}
        <text x={labelW + barW / 2} y={axisY + 26} textAnchor="middle" className="axis-title">
          {t("chart.shareOfSeatGames")}
        </text>
      </g>
      <g transform={`translate(${labelW}, ${axisY + 34})`}>
        {(["win", "draw", "loss"] as const).map((k, i) => (
          <g key={k} transform={`translate(${i * 70}, 0)`}>
            <rect width={10} height={10} fill={OUTCOME_COLORS[k]} />
            <text x={14} y={9} className="axis-label">
              {t(`sim.${k}`)}
            </text>
          </g>
        ))}
      </g>
    </svg>
  );
}

export interface Bin {
  label: string;
  value: number;
}

/** A vertical bar chart (a points histogram, a finish-rank distribution) with x and y titles,
 * y ticks, and an optional shared `yMax` (the same scale as a chart beside it). */
export function BarChart(props: {
  bins: Bin[];
  title: string;
  color?: string;
  role?: string;
  testId?: string;
  unit?: string;
  xTitle?: string;
  yTitle?: string;
  yMax?: number;
}) {
  const { bins } = props;
  const w = 300;
  const h = 150;
  const pad = { l: 52, r: 6, t: 10, b: 36 };
  const dataMax = Math.max(0, ...bins.map((b) => b.value));
  const ticks = niceTicks(0, Math.max(props.yMax ?? 0, dataMax) || 1, 4);
  const top = ticks[ticks.length - 1] || 1;
  const plotH = h - pad.t - pad.b;
  const y = (v: number) => h - pad.b - (v / top) * plotH;
  const bw = (w - pad.l - pad.r) / Math.max(1, bins.length);
  // Integer bins (points) are labelled at round steps (…, −10, −5, 0, 5, …); others (places)
  // every one, or every few when there are many.
  const integers = bins.length > 0 && bins.every((b) => integerLabel(b.label));
  const step = labelStep(bins.length);
  const labelled = (b: Bin, i: number) =>
    integers ? Number(b.label.replace("−", "-")) % step === 0 : i % Math.ceil(bins.length / 8) === 0;
  const fill = props.color ?? roleColor(props.role);
  const unit = props.unit ?? "";
  return (
    <figure className="chart-fig">
      <figcaption>{props.title}</figcaption>
      <svg className="chart" viewBox={`0 0 ${w} ${h}`} role="img" aria-label={props.title} data-testid={props.testId}>
        <g className="y-axis">
          {ticks.map((v) => (
            <g key={v}>
              <line x1={pad.l} y1={y(v)} x2={w - pad.r} y2={y(v)} className={v === 0 ? "axis" : "grid"} />
              <text x={pad.l - 4} y={y(v) + 3} textAnchor="end" className="axis-label tick">
                {tickText(v, unit)}
              </text>
            </g>
          ))}
          {props.yTitle ? (
            <text transform={`translate(9, ${pad.t + plotH / 2}) rotate(-90)`} textAnchor="middle" className="axis-title">
              {props.yTitle}
            </text>
          ) : null}
        </g>
        {bins.map((b, i) => {
          const bh = Math.max(0, h - pad.b - y(b.value));
          return (
            <g key={`${b.label}-${i}`}>
              <rect x={pad.l + i * bw + 1} y={h - pad.b - bh} width={Math.max(1, bw - 2)} height={bh} fill={fill}>
                <title>{`${b.label}: ${tickText(Math.round(b.value * 10) / 10, unit)}`}</title>
              </rect>
              {labelled(b, i) ? (
                <text x={pad.l + i * bw + bw / 2} y={h - pad.b + 12} textAnchor="middle" className="axis-label">
                  {b.label}
                </text>
              ) : null}
            </g>
          );
        })}
        {props.xTitle ? (
          <text x={pad.l + (w - pad.l - pad.r) / 2} y={h - 4} textAnchor="middle" className="axis-title">
            {props.xTitle}
          </text>
        ) : null}
      </svg>
    </figure>
  );
}

export interface PairedValue {
  label: string;
  role?: string;
  a: number | null;
  b: number | null;
}

/** A and B side by side per category (role), on one axis: A pale, B solid, both in the role's
 * colour; negative values go below the zero line. */
export function PairedBars(props: {
  items: PairedValue[];
  title: string;
  unit?: string;
  yTitle?: string;
  testId?: string;
  labels?: [string, string];
}) {
  const { t } = useI18n();
  const [la, lb] = props.labels ?? ["A", "B"];
  const w = 320;
  const h = 170;
  const pad = { l: 52, r: 6, t: 10, b: 46 };
  const values = props.items.flatMap((i) => [i.a ?? 0, i.b ?? 0]);
  const ticks = niceTicks(Math.min(0, ...values), Math.max(0, ...values) || 1, 4);
  const lo = ticks[0];
  const hi = ticks[ticks.length - 1] === lo ? lo + 1 : ticks[ticks.length - 1];
  const plotH = h - pad.t - pad.b;
  const y = (v: number) => pad.t + ((hi - v) / (hi - lo)) * plotH;
  const groupW = (w - pad.l - pad.r) / Math.max(1, props.items.length);
  const barW = Math.min(28, (groupW - 10) / 2);
  const unit = props.unit ?? "";
  return (
    <figure className="chart-fig">
      <figcaption>{props.title}</figcaption>
      <svg className="chart" viewBox={`0 0 ${w} ${h}`} role="img" aria-label={props.title} data-testid={props.testId}>
        {ticks.map((v) => (
          <g key={v}>
            <line x1={pad.l} y1={y(v)} x2={w - pad.r} y2={y(v)} className={v === 0 ? "axis" : "grid"} />
            <text x={pad.l - 4} y={y(v) + 3} textAnchor="end" className="axis-label tick">
              {tickText(v, unit)}
            </text>
          </g>
        ))}
        {props.yTitle ? (
          <text transform={`translate(9, ${pad.t + plotH / 2}) rotate(-90)`} textAnchor="middle" className="axis-title">
            {props.yTitle}
          </text>
        ) : null}
        {props.items.map((item, i) => {
          const cx = pad.l + i * groupW + groupW / 2;
          const color = roleColor(item.role);
          const bar = (v: number | null, x: number, side: "a" | "b") => {
            if (v == null) return null;
            const y0 = y(0);
            const y1 = y(v);
            return (
              <rect
                x={x}
                y={Math.min(y0, y1)}
                width={barW}
                height={Math.max(0.5, Math.abs(y1 - y0))}
                fill={color}
                fillOpacity={side === "a" ? 0.35 : 1}
                stroke={color}
                data-side={side}
              >
                <title>{`${item.label} ${side === "a" ? la : lb}: ${tickText(Math.round(v * 100) / 100, unit)}`}</title>
              </rect>
            );
          };
          return (
            <g key={item.label}>
              {bar(item.a, cx - barW - 1, "a")}
              {bar(item.b, cx + 1, "b")}
              <text x={cx} y={h - pad.b + 12} textAnchor="middle" className="axis-label">
                {item.label}
              </text>
            </g>
          );
        })}
        <g transform={`translate(${pad.l}, ${h - 14})`} className="legend">
          <rect width={10} height={10} fill="#777" fillOpacity={0.35} stroke="#777" />
          <text x={14} y={9} className="axis-label">
            {la}
          </text>
          <rect x={70} width={10} height={10} fill="#777" />
          <text x={84} y={9} className="axis-label">
            {lb}
          </text>
          <text x={150} y={9} className="axis-label muted-label">
            {t("chart.colourIsRole")}
          </text>
        </g>
      </svg>
    </figure>
  );
}

export interface DiffRow {
  label: string;
  role?: string;
  diff: number | null;
  lo: number | null;
  hi: number | null;
  significant: boolean;
}

/** B − A with its 95% interval per row (a forest plot): a dot and a whisker in the role's
 * colour, the zero line, ticks and the axis title with its unit. */
export function DiffPlot(props: { rows: DiffRow[]; title: string; xTitle: string; unit?: string; testId?: string }) {
  const rows = props.rows.filter((r) => r.diff != null);
  const labelW = 120;
  const w = 380;
  const rowH = 20;
  const top = 6;
  const axisY = top + rows.length * rowH + 2;
  const h = axisY + 34;
  const ext = rows.flatMap((r) => [r.lo ?? r.diff ?? 0, r.hi ?? r.diff ?? 0, r.diff ?? 0]);
  // All differences zero (identical games): a symmetric axis around 0, not a degenerate one.
  const span = Math.max(...ext.map(Math.abs), 0);
  const ticks = span < 1e-6 ? niceTicks(-1, 1, 4) : niceTicks(Math.min(0, ...ext), Math.max(0, ...ext), 4);
  const lo = ticks[0];
  const hi = ticks[ticks.length - 1] === lo ? lo + 1 : ticks[ticks.length - 1];
  const x = (v: number) => labelW + ((v - lo) / (hi - lo)) * (w - labelW - 10);
  const unit = props.unit ?? "";
  return (
    <figure className="chart-fig">
      <figcaption>{props.title}</figcaption>
      <svg className="chart" viewBox={`0 0 ${w} ${h}`} role="img" aria-label={props.title} data-testid={props.testId}>
        {ticks.map((v) => (
          <g key={v}>
            <line x1={x(v)} y1={top} x2={x(v)} y2={axisY} className={v === 0 ? "axis zero" : "grid"} />
            <text x={x(v)} y={axisY + 12} textAnchor="middle" className="axis-label tick">
              {tickText(v, unit)}
            </text>
          </g>
        ))}
        <line x1={labelW} y1={axisY} x2={w - 10} y2={axisY} className="axis" />
        {rows.map((r, i) => {
          const cy = top + i * rowH + rowH / 2;
          const color = roleColor(r.role);
          return (
            <g key={r.label} className={r.significant ? "sig" : ""}>
              <text x={labelW - 6} y={cy + 3} textAnchor="end" className={`axis-label ${r.significant ? "strong" : ""}`}>
                {r.label}
              </text>
              {r.lo != null && r.hi != null ? (
                <line x1={x(r.lo)} y1={cy} x2={x(r.hi)} y2={cy} stroke={color} strokeWidth={2} />
              ) : null}
              <circle cx={x(r.diff!)} cy={cy} r={r.significant ? 4.5 : 3.5} fill={r.significant ? color : "#fff"} stroke={color} strokeWidth={2}>
                <title>{`${r.label}: ${tickText(Math.round(r.diff! * 1000) / 1000, unit)}`}</title>
              </circle>
            </g>
          );
        })}
        <text x={labelW + (w - labelW - 10) / 2} y={h - 6} textAnchor="middle" className="axis-title">
          {props.xTitle}
        </text>
      </svg>
    </figure>
  );
}

/** The role colours' legend (one place, the same everywhere). */
export function RoleLegend({ roles }: { roles?: readonly string[] }) {
  const { tk } = useI18n();
  const list = roles ?? Object.keys(ROLE_COLORS);
  return (
    <div className="role-legend" data-testid="role-legend">
      {list.map((r) => (
        <span key={r} className="role-key">
          <span className="swatch" style={{ background: roleColor(r) }} />
          {tk(`role.${r}`)}
        </span>
      ))}
    </div>
  );
}

/** A progress bar for a running job. */
export function Progress({ done, total, testId }: { done: number; total: number; testId?: string }) {
  const { t } = useI18n();
  const frac = total > 0 ? Math.min(1, done / total) : 0;
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={t("sim.progressLabel")}
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={done}
      data-testid={testId ?? "sim-progress"}
    >
      <div className="progress-fill" style={{ width: `${frac * 100}%` }} />
      <span className="progress-text">
        {done} / {total}
      </span>
    </div>
  );
}
