// Small inline-SVG charts (no chart library, nothing from a CDN).
import { useI18n } from "../lib/i18n";

export const COLORS = {
  win: "#2e7d32",
  draw: "#9e9e9e",
  loss: "#c62828",
  bar: "#3f51b5",
  bar2: "#ef6c00",
};

function pct(x: number): string {
  return `${(x * 100).toFixed(x >= 0.1 || x === 0 ? 0 : 1)}%`;
}

export interface WdlRow {
  label: string;
  win: number;
  draw: number;
  loss: number;
}

/** Win / draw / loss rates per role as horizontal 100% stacked bars. */
export function StackedBars({ rows, testId }: { rows: WdlRow[]; testId?: string }) {
  const { t } = useI18n();
  const labelW = 92;
  const barW = 260;
  const rowH = 26;
  const height = rows.length * rowH + 26;
  return (
    <svg
      className="chart"
      viewBox={`0 0 ${labelW + barW + 8} ${height}`}
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
            <text x={labelW - 6} y={rowH / 2 + 4} textAnchor="end" className="axis-label">
              {r.label}
            </text>
            {parts.map(([k, v]) => {
              const w = v * barW;
              const rect = (
                <g key={k}>
                  <rect x={x} y={3} width={Math.max(0, w)} height={rowH - 6} fill={COLORS[k]}>
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
      <g transform={`translate(${labelW}, ${rows.length * rowH + 8})`}>
        {(["win", "draw", "loss"] as const).map((k, i) => (
          <g key={k} transform={`translate(${i * 70}, 0)`}>
            <rect width={10} height={10} fill={COLORS[k]} />
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

/** A vertical bar chart (a histogram of points, a finish-rank distribution). */
export function BarChart(props: { bins: Bin[]; title: string; color?: string; testId?: string; asRate?: boolean; unit?: string }) {
  const { bins } = props;
  const w = 300;
  const h = 130;
  const pad = { l: 42, r: 6, t: 16, b: 22 };
  const max = Math.max(1e-9, ...bins.map((b) => b.value));
  const total = bins.reduce((a, b) => a + b.value, 0) || 1;
  const bw = (w - pad.l - pad.r) / Math.max(1, bins.length);
  const every = Math.ceil(bins.length / 12);
  return (
    <figure className="chart-fig">
      <figcaption>{props.title}</figcaption>
      <svg className="chart" viewBox={`0 0 ${w} ${h}`} role="img" aria-label={props.title} data-testid={props.testId}>
        <line x1={pad.l} y1={h - pad.b} x2={w - pad.r} y2={h - pad.b} className="axis" />
        <text x={pad.l - 4} y={pad.t + 4} textAnchor="end" className="axis-label">
          {props.asRate ? pct(max / total) : `${max}${props.unit ?? ""}`}
        </text>
        <text x={pad.l - 4} y={h - pad.b} textAnchor="end" className="axis-label">
          0
        </text>
        {bins.map((b, i) => {
          const bh = (b.value / max) * (h - pad.t - pad.b);
          return (
            <g key={`${b.label}-${i}`}>
              <rect
                x={pad.l + i * bw + 1}
                y={h - pad.b - bh}
                width={Math.max(1, bw - 2)}
                height={bh}
                fill={props.color ?? COLORS.bar}
              >
                <title>{props.unit ? `${b.label}: ${b.value}${props.unit}` : `${b.label}: ${b.value} (${pct(b.value / total)})`}</title>
              </rect>
              {i % every === 0 ? (
                <text x={pad.l + i * bw + bw / 2} y={h - pad.b + 13} textAnchor="middle" className="axis-label">
                  {b.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

/** A progress bar for a running job. */
export function Progress({ done, total }: { done: number; total: number }) {
  const frac = total > 0 ? Math.min(1, done / total) : 0;
  return (
    <div
      className="progress"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={done}
      data-testid="sim-progress"
    >
      <div className="progress-fill" style={{ width: `${frac * 100}%` }} />
      <span className="progress-text">
        {done} / {total}
      </span>
    </div>
  );
}
