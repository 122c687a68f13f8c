// A paired comparison's result: the play-unchanged message, the power estimate in words,
// charts on one axis per figure (A pale, B solid, colour = role), B − A with its 95%
// interval, and the table of every metric with significant differences highlighted.
import { useState } from "react";
import { hasKey, useI18n } from "../lib/i18n";
import {
  detectSize,
  detectableWith,
  isUnchanged,
  findMetric,
  methodKey,
  formatDiff,
  formatInterval,
  formatValue,
  groupMetrics,
  metricKind,
  pairingKey,
  splitMetric,
  type ComparisonResult,
  type Metric,
} from "../lib/compare";
import { DiffPlot, PairedBars, RoleLegend } from "../charts/charts";
import { roleColor } from "../charts/roles";

const ROLE_LIST = ["emperor", "guard", "rebel", "solo"] as const;

export function useMetricLabel() {
  const { t, tk } = useI18n();
  return (name: string) => {
    const { role, measure } = splitMetric(name);
    const m = tk(`cmp.m.${measure}`);
    const measureText = m === `cmp.m.${measure}` ? measure : m;
    if (!role) return measureText;
    const r = tk(`cmp.r.${role}`);
    return t("cmp.label", { role: r === `cmp.r.${role}` ? role : r, measure: measureText });
  };
}

export function methodText(t: (k: string, v?: Record<string, string | number>) => string, metric: Metric | string): string {
  const { key, identical } = methodKey(metric);
  const base = key ? t(key) : typeof metric === "string" ? metric : metric.method;
  return identical ? `${base}${t("cmp.method.identical")}` : base;
}

/** "To detect ±1 point of the emperor's win rate you need about N games"; when the run
 * already had that many, what it could detect instead ("these 5,000 games detect ±0.07"). */
export function powerSentence(
  t: (k: string, v?: Record<string, string | number>) => string,
  label: string,
  m: Metric,
  games?: number,
): string | null {
  if (!m.power || m.power.games == null) return null;
  const kind = metricKind(m.name);
  if (games && m.power.games <= games) {
    const size = detectableWith(m, games);
    if (size != null) {
      const shown = kind === "rate" ? String(Math.round(size * 1000) / 10) : size < 0.01 ? size.toPrecision(1) : size.toFixed(2);
      return t(`cmp.powerDone.${kind}`, { size: shown, metric: label, n: games.toLocaleString() });
    }
  }
  return t(`cmp.power.${kind}`, { size: detectSize(kind, m.power.detect), metric: label, n: m.power.games.toLocaleString() });
}

export function ComparisonReport(props: { result: ComparisonResult; labels?: [string, string]; sides?: [string, string]; testId?: string }) {
  const { t, lang, tk } = useI18n();
  const label = useMetricLabel();
  const [detail, setDetail] = useState(false);
  const { result } = props;
  const [la, lb] = props.labels ?? ["A", "B"];
  const pt = t("cmp.pt");
  // The power headline: only figures that can differ (identical games leave win rates equal).
  const useful = (m: Metric | undefined) => (m && m.power?.games ? m : undefined);
  const headline = useful(findMetric(result, "emperor.win_rate"));
  const pointsHeadline = useful(findMetric(result, "emperor.points"));
  const pKey = pairingKey(result);
  const significant = result.metrics.filter((m) => m.significant);
  const roles = ROLE_LIST.filter((r) => findMetric(result, `${r}.win_rate`)?.a != null || findMetric(result, `${r}.win_rate`)?.b != null);
  const byRole = (measure: string) =>
    roles.map((r) => {
      const m = findMetric(result, `${r}.${measure}`);
      return { role: r, label: t(`role.${r}`), m };
    });
  return (
    <div className="comparison" data-testid={props.testId ?? "cmp-result"}>
      {result.summary ? (
        <p className="plain-summary" data-testid="cmp-plain">
          {result.summary[lang]}
        </p>
      ) : null}
      <div className={`banner ${result.play_unchanged ? "ok" : "info"}`} role="status" data-testid="cmp-message">
        {result.message ? result.message[lang] : null}
      </div>
      {result.policies && result.policies.length ? (
        <p className="small" data-testid="cmp-players">
          {t("cmp.players", {
            players: [...new Set(result.policies)].map((p) => (hasKey(`pol.${p}`) ? tk(`pol.${p}`) : p)).join(" · "),
          })}
          {result.players_adapt ? <> {t("cmp.playersAdapt")}</> : null}
        </p>
      ) : null}
      {props.sides ? (
        <p className="small" data-testid="cmp-sides">
          <strong>{la}</strong> = {props.sides[0]} · <strong>{lb}</strong> = {props.sides[1]}
        </p>
      ) : null}
      <p className="muted small" data-testid="cmp-summary">
        {t("cmp.games", { n: result.games.toLocaleString() })} · {pKey ? tk(pKey) : result.pairing}
        {" · "}
        {significant.length ? t("cmp.nSignificant", { n: significant.length }) : t("cmp.noneSignificant")}
      </p>
      {headline || pointsHeadline ? (
        <ul className="power" data-testid="cmp-power">
          {[headline, pointsHeadline].map((m) => {
            const text = m ? powerSentence(tk, label(m.name), m, result.games) : null;
            return text ? <li key={m!.name}>{text}</li> : null;
          })}
        </ul>
      ) : null}

      <RoleLegend roles={roles} />
      <div className="chart-grid cmp-charts">
        <PairedBars
          title={t("cmp.chart.win")}
          testId="cmp-chart-win"
          unit="%"
          yTitle={t("cmp.axis.winRate")}
          labels={[la, lb]}
          items={byRole("win_rate").map(({ role, label: l, m }) => ({
            label: l,
            role,
            a: m?.a == null ? null : m.a * 100,
            b: m?.b == null ? null : m.b * 100,
          }))}
        />
        <PairedBars
          title={t("cmp.chart.points")}
          testId="cmp-chart-points"
          yTitle={t("cmp.axis.points")}
          labels={[la, lb]}
          items={byRole("points").map(({ role, label: l, m }) => ({ label: l, role, a: m?.a ?? null, b: m?.b ?? null }))}
        />
        <DiffPlot
          title={t("cmp.chart.diffWin")}
          testId="cmp-chart-diff-win"
          unit=""
          xTitle={t("cmp.axis.diffPt")}
          rows={byRole("win_rate").map(({ role, label: l, m }) => ({
            label: l,
            role,
            diff: m?.diff == null ? null : m.diff * 100,
            lo: m?.ci95?.[0] == null ? null : m.ci95[0] * 100,
            hi: m?.ci95?.[1] == null ? null : m.ci95[1] * 100,
            significant: Boolean(m?.significant),
          }))}
        />
        <DiffPlot
          title={t("cmp.chart.diffPoints")}
          testId="cmp-chart-diff-points"
          xTitle={t("cmp.axis.diffPoints")}
          rows={byRole("points").map(({ role, label: l, m }) => ({
            label: l,
            role,
            diff: m?.diff ?? null,
            lo: m?.ci95?.[0] ?? null,
            hi: m?.ci95?.[1] ?? null,
            significant: Boolean(m?.significant),
          }))}
        />
      </div>

      <div className="cmp-table-tools">
        <label className="check">
          <input type="checkbox" checked={detail} onChange={(e) => setDetail(e.target.checked)} data-testid="cmp-detail" />{" "}
          {t("cmp.detail")}
        </label>
        <span className="muted small">
          <span className="sig-key">■</span> {t("cmp.sigKey")}
        </span>
      </div>
      <div className="table-scroll" tabIndex={0}>
        <table className="cmp-table" data-testid="cmp-table">
          <thead>
            <tr>
              <th>{t("cmp.col.metric")}</th>
              <th className="num">{la}</th>
              <th className="num">{lb}</th>
              <th className="num">
                {lb} − {la}
              </th>
              <th>{t("cmp.col.ci")}</th>
              <th className="num">{t("cmp.col.power")}</th>
              <th>{t("cmp.col.method")}</th>
            </tr>
          </thead>
          {groupMetrics(result.metrics, detail).map((g) => (
            <tbody key={g.key}>
              <tr className="group">
                <th colSpan={7}>
                  {g.key in { emperor: 1, guard: 1, rebel: 1, solo: 1 } ? <span className="role-dot" style={{ background: roleColor(g.key) }} /> : null}{" "}
                  {tk(`cmp.group.${g.key}`)}
                </th>
              </tr>
              {g.metrics.map((m) => {
                const kind = metricKind(m.name);
                return (
                  <tr key={m.name} className={m.significant ? "sig" : ""} data-testid={`cmp-row-${m.name}`} data-significant={m.significant ? "yes" : "no"}>
                    <th>{label(m.name)}</th>
                    <td className="num">{formatValue(kind, m.a)}</td>
                    <td className="num">{formatValue(kind, m.b)}</td>
                    {isUnchanged(m) ? (
                      <td className="num diff" colSpan={2} data-unchanged="yes">
                        {t("cmp.unchanged")}
                      </td>
                    ) : (
                      <>
                        <td className="num diff">{formatDiff(kind, m.diff, pt)}</td>
                        <td className="ci">{formatInterval(kind, m.ci95, pt)}</td>
                      </>
                    )}
                    <td className="num" title={powerSentence(tk, label(m.name), m, result.games) ?? undefined}>
                      {!m.power?.games ? "—" : m.power.games <= result.games ? t("cmp.powerEnough") : t("cmp.powerCell", { n: m.power.games.toLocaleString() })}
                    </td>
                    <td className="muted small" title={methodText(tk, m)}>
                      {tk(`${methodKey(m).key || "cmp.method.other"}.short`)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          ))}
        </table>
      </div>
      <p className="muted small">{t("cmp.powerNote")}</p>
      <p className="muted small">{t("cmp.methodNote")}</p>
    </div>
  );
}
