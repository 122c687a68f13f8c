// Balance: from a finished simulation, ask the solver for a scoring table that meets a target
// (equal sides, or the emperor's mean = X), keeping the table's shape. The proposal is only a
// proposal: its grid beside today's, the predicted figures with their intervals and the
// verification run (fresh seeds) are shown here, and the operator keeps it in this rule set's
// draft or saves it as a new rule set (whose origin is the simulated version).
import { useEffect, useState } from "react";
import { diffSides, maxGames, request, type ServerChange } from "../lib/api";
import { hasKey, useI18n } from "../lib/i18n";
import { errorText, FAILED, jobUrls, roleMeans, rememberProposal, rememberedProposal, succeeded, useFollowedJob, type JobBody } from "../lib/jobs";
import { findMetric, formatDiff, formatInterval, formatValue, type ComparisonResult, type Metric } from "../lib/compare";
import { Progress } from "../charts/charts";
import { roleColor } from "../charts/roles";
import { ChangeList } from "./DiffTab";
import { ComparisonReport } from "./ComparisonReport";
import { CheckInput, NumInput, SelectInput } from "../widgets/inputs";

interface RoleMean {
  n: number;
  mean: number | null;
  ci95: [number | null, number | null];
}

export interface Proposal {
  definition: Record<string, unknown>;
  changes: { path: string; old: number; new: number; text?: { zh: string; en: string } }[];
  predicted: {
    games: number;
    seed: number;
    target: Metric;
    before: Metric;
    roles: Record<string, RoleMean>;
    solver_value?: number;
    /** With a target per table: each table's figure on the games it scores. */
    tables?: Record<string, { target: string; goal: number; before: number; solver_value: number; ci95?: [number | null, number | null] }>;
  };
  accept: { url: string };
  verification: { id: string; url: string; games: number; seed: number };
  solver: { name: string; status: string; variables: number; constraints: number; ms: number };
  notes: string[];
}

interface Stored extends Proposal {
  job: string;
  from: string; // slug@N of the simulated version, slug@draft for a draft
  roleBefore: Record<string, number | null>;
  kept?: { slug: string; into: "draft" | "new" };
}

type Cell = Proposal["changes"][number];

/** The tables the solver may change (the server's names). */
const BALANCE_TABLES = ["two_person", "two_person_guard_known", "solo"] as const;

/** A verification's figures of the proposal itself (the server's `result.verified`). */
export interface VerifiedFigures {
  royal_minus_rebel: { value: number | null; ci95: [number | null, number | null] };
  emperor_points: { value: number | null; ci95: [number | null, number | null] };
}

/** Today's table and the proposal side by side: each table the solver changed, one row per
 * finish pair (or solo rank), a changed cell as "old → new", highlighted. */
function ProposalGrid({ definition, changes }: { definition: Record<string, unknown>; changes: Cell[] }) {
  const { t, tk } = useI18n();
  const byPath = new Map(changes.map((c) => [c.path, c]));
  const scoring = (definition.scoring ?? {}) as Record<string, unknown>;
  const tables: { key: string; title: string; rows: Record<string, number>[]; roles: string[] }[] = [];
  for (const name of ["two_person", "two_person_guard_known"]) {
    const table = scoring[name] as { rows?: Record<string, number>[] } | null | undefined;
    if (table?.rows && changes.some((c) => c.path.startsWith(`scoring.${name}.`)))
      tables.push({ key: `scoring.${name}.rows`, title: tk(`f.scoring.${name}`), rows: table.rows, roles: ["emperor", "guard", "rebels"] });
  }
  const solo = (scoring.solo ?? {}) as Record<string, Record<string, number>[]>;
  for (const kind of ["open", "hidden"]) {
    if (solo[kind] && changes.some((c) => c.path.startsWith(`scoring.solo.${kind}[`)))
      tables.push({ key: `scoring.solo.${kind}`, title: tk(`f.scoring.solo.${kind}`), rows: solo[kind], roles: ["emperor", "others"] });
  }
  return (
    <div className="proposal-grids" data-testid="bal-grid">
      {tables.map((tb) => (
        <div key={tb.key} className="table-scroll" tabIndex={0}>
          <table className="cmp-table grid">
            <caption>{tb.title}</caption>
            <thead>
              <tr>
                <th>{t("bal.grid.places")}</th>
                {tb.roles.map((r) => (
                  <th key={r} className="num">
                    {tk(`bal.grid.${r}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {tb.rows.map((row, i) => (
                <tr key={i}>
                  <th>{row.guard_rank != null ? `${tk(`place.${row.emperor_rank}`)} / ${tk(`place.${row.guard_rank}`)}` : tk(`place.${row.emperor_rank}`)}</th>
                  {tb.roles.map((r) => {
                    const c = byPath.get(`${tb.key}[${i}].${r}`);
                    return (
                      <td key={r} className={`num${c ? " changed" : ""}`} data-changed={c ? "yes" : undefined}>
                        {c ? `${c.old} → ${c.new}` : row[r]}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}

export function BalancePanel(props: {
  slug: string;
  job: { id: string | number; version?: number | null; games?: number; seed?: number; policy?: string; summary?: JobBody["summary"] };
}) {
  const { t, lang, tk } = useI18n();
  const { slug, job } = props;
  const [target, setTarget] = useState<"equal-sides" | "emperor-mean">("equal-sides");
  const [goal, setGoal] = useState("1.0");
  const [maxChange, setMaxChange] = useState<number | null>(null);
  const [keepShape, setKeepShape] = useState(true);
  const [keep, setKeep] = useState(false);
  // Which tables may change, and whether each meets the target on its own games.
  const [tables, setTables] = useState<string[]>([...BALANCE_TABLES]);
  const [perTable, setPerTable] = useState(false);
  const [verifyGames, setVerifyGames] = useState<number>(job.games ?? 500);
  const [verifyPolicy, setVerifyPolicy] = useState<"same" | "adaptive">("same");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [proposal, setProposal] = useState<Stored | null>(() => {
    const p = rememberedProposal<Stored>(slug);
    return p && p.job === String(job.id) ? p : null;
  });
  const [changes, setChanges] = useState<ServerChange[] | null>(null);
  const [newName, setNewName] = useState("");
  const verification = useFollowedJob(proposal ? proposal.verification.url : null);

  useEffect(() => {
    setChanges(null);
    if (!proposal) return;
    if (proposal.changes.every((c) => c.text)) return;
    diffSides(proposal.from, proposal.definition)
      .then((all) => setChanges(all.filter((c) => c.path.startsWith("scoring"))))
      .catch(() => setChanges([]));
  }, [proposal]);

  const ask = async () => {
    setBusy(true);
    setError(null);
    try {
      const targetText = target === "equal-sides" ? "equal-sides" : `emperor-mean=${Number(goal)}`;
      const scope = perTable
        ? // A solo emperor has no guard: the solo table aims at equal sides.
          { table_targets: Object.fromEntries(tables.map((name) => [name, name === "solo" ? "equal-sides" : targetText])) }
        : { tables };
      const { data } = await request<Proposal>(jobUrls.balance(String(job.id)), {
        method: "POST",
        body: {
          ...scope,
          target: targetText,
          max_change: maxChange,
          release: keepShape ? [] : ["equal", "order", "ratio"],
          keep_outcomes: keep,
          verify_games: verifyGames,
          ...(verifyPolicy === "adaptive" ? { verify_policy: "adaptive" } : {}),
        },
      });
      const stored: Stored = { ...data, job: String(job.id), from: job.version != null ? `${slug}@${job.version}` : `${slug}@draft`, roleBefore: roleMeans(job.summary) };
      rememberProposal(slug, stored);
      setProposal(stored);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const keepIn = async (into: "draft" | "new") => {
    if (!proposal) return;
    setBusy(true);
    setError(null);
    try {
      const { data } = await request<{ slug: string }>(proposal.accept.url, {
        method: "POST",
        body: { verification: proposal.verification.id, into, ...(into === "new" ? { name_zh: newName.trim() } : {}) },
      });
      const stored: Stored = { ...proposal, kept: { slug: data.slug, into } };
      rememberProposal(slug, stored);
      setProposal(stored);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const vjob = verification.job;
  const verified = succeeded(vjob) ? (vjob!.result as ComparisonResult | null) : null;
  const p = proposal?.predicted;
  const sides = p?.target.name === "royal_side_minus_rebel_side.points_per_seat";
  const vRoyal = findMetric(verified, "royal_side.points_per_seat");
  const vRebel = findMetric(verified, "rebel_side.points_per_seat");
  const vEmperor = findMetric(verified, "emperor.points");
  // What the verification measured of the proposal itself, each value with its own interval
  // (the comparison's metrics are B − A, the change, whose intervals are of the change).
  const own = (verified as (ComparisonResult & { verified?: VerifiedFigures }) | null)?.verified ?? null;
  const goalValue = typeof p?.target.a === "number" ? p.target.a : null;
  const vRow: { value: number | null; ci: [number | null, number | null] } | null = own
    ? sides
      ? { value: own.royal_minus_rebel.value, ci: own.royal_minus_rebel.ci95 }
      : goalValue != null && own.emperor_points.value != null
        ? {
            value: own.emperor_points.value - goalValue,
            ci: [own.emperor_points.ci95[0] == null ? null : own.emperor_points.ci95[0] - goalValue, own.emperor_points.ci95[1] == null ? null : own.emperor_points.ci95[1] - goalValue],
          }
        : null
    : null;
  const num = (v: number | null | undefined) => formatValue("points", v);
  // Verified minus predicted, in the target's own terms (royal − rebel side, or the mean − goal).
  const verifiedValue = sides
    ? vRoyal?.b != null && vRebel?.b != null
      ? vRoyal.b - vRebel.b
      : null
    : vEmperor?.b != null && p?.target.a != null
      ? vEmperor.b - p.target.a
      : null;
  const adaptGap = verified?.players_adapt && verifiedValue != null && p?.target.diff != null ? verifiedValue - p.target.diff : null;

  return (
    <section className="balance panel-lite" data-testid="balance">
      <h3>{t("bal.title")}</h3>
      <p className="muted small">{t("bal.intro")}</p>
      <form
        className="sim-form"
        onSubmit={(e) => {
          e.preventDefault();
          void ask();
        }}
      >
        <label>
          {t("bal.target")}
          <SelectInput
            value={target}
            options={["equal-sides", "emperor-mean"] as const}
            format={(v) => t(`bal.target.${v}`)}
            testId="bal-target"
            onChange={setTarget}
          />
        </label>
        {target === "emperor-mean" ? (
          <label>
            {t("bal.goalValue")}
            <input type="number" step="0.1" value={goal} onChange={(e) => setGoal(e.target.value)} style={{ width: "5em" }} data-testid="bal-goal" />
          </label>
        ) : null}
        <label>
          {t("bal.maxChange")}
          <NumInput value={maxChange} min={0} max={50} width="4em" optional testId="bal-k" onChange={(v) => setMaxChange(v ?? null)} />
        </label>
        <fieldset className="bal-tables" data-testid="bal-tables">
          <legend>{t("bal.tables")}</legend>
          {BALANCE_TABLES.map((name) => (
            <label key={name} className="check">
              <input
                type="checkbox"
                checked={tables.includes(name)}
                disabled={tables.length === 1 && tables.includes(name)}
                onChange={(e) => setTables((cur) => (e.target.checked ? BALANCE_TABLES.filter((n) => n === name || cur.includes(n)) : cur.filter((n) => n !== name)))}
                data-testid={`bal-table-${name}`}
              />{" "}
              {t(`bal.table.${name}`)}
            </label>
          ))}
          <label className="check">
            <input type="checkbox" checked={perTable} onChange={(e) => setPerTable(e.target.checked)} data-testid="bal-per-table" /> {t("bal.perTable")}
          </label>
        </fieldset>
        <label className="check">
          <input type="checkbox" checked={keepShape} onChange={(e) => setKeepShape(e.target.checked)} data-testid="bal-shape" />{" "}
          {t("bal.keepShape")}
        </label>
        <label>
          {t("bal.verifyGames")}
          <NumInput value={verifyGames} min={2} max={maxGames()} width="6em" testId="bal-games" onChange={(v) => setVerifyGames(v ?? 500)} />
        </label>
        <label>
          {t("bal.verifyPolicy")}
          <select value={verifyPolicy} data-testid="bal-policy" onChange={(e) => setVerifyPolicy(e.target.value === "adaptive" ? "adaptive" : "same")}>
            <option value="same">{hasKey(`pol.${job.policy}`) ? tk(`pol.${job.policy}`) : String(job.policy ?? "")}</option>
            {job.policy === "adaptive" ? null : <option value="adaptive">{tk("pol.adaptive")}</option>}
          </select>
        </label>
        <CheckInput checked={keep} label={t("bal.keep")} testId="bal-keep" onChange={setKeep} />
        <button type="submit" className="primary" disabled={busy} data-testid="bal-start">
          {busy ? t("bal.solving") : t("bal.start")}
        </button>
      </form>
      {error ? (
        <div className="banner error" role="alert" data-testid="bal-error">
          {error}
        </div>
      ) : null}
      {proposal && p ? (
        <div className="proposal" data-testid="bal-proposal">
          {proposal.kept ? (
            <div className="banner ok" role="status" data-testid="bal-kept">
              {t(proposal.kept.into === "draft" ? "bal.keptDraft" : "bal.keptNew", { slug: proposal.kept.slug })}{" "}
              <a href={`#/variants/${encodeURIComponent(proposal.kept.slug)}`} data-testid="bal-open-draft">
                {t("bal.openDraft")}
              </a>
            </div>
          ) : (
            <div className="banner info" role="status">
              <p>{t("bal.notSaved")}</p>
              <div className="row">
                <button type="button" className="primary" disabled={busy} onClick={() => void keepIn("draft")} data-testid="bal-into-draft">
                  {t("bal.intoDraft")}
                </button>
                <label>
                  {t("bal.newName")}{" "}
                  <input value={newName} onChange={(e) => setNewName(e.target.value)} data-testid="bal-new-name" />
                </label>
                <button type="button" disabled={busy || !newName.trim()} onClick={() => void keepIn("new")} data-testid="bal-into-new">
                  {t("bal.intoNew")}
                </button>
              </div>
            </div>
          )}
          <ProposalGrid definition={proposal.definition} changes={proposal.changes} />
          <p className="muted small">
            {t("bal.solver", { name: proposal.solver.name, ms: proposal.solver.ms, v: proposal.solver.variables, c: proposal.solver.constraints })}
          </p>
          <h4>{t("bal.changes", { n: proposal.changes.length })}</h4>
          {proposal.changes.every((c) => c.text) ? (
            <ul className="change-list">
              {proposal.changes.map((c) => (
                <li key={c.path}>{c.text![lang]}</li>
              ))}
            </ul>
          ) : changes === null ? (
            <p className="muted">{t("app.loading")}</p>
          ) : (
            <ChangeList changes={changes} testid="bal-changes" />
          )}

          <h4>{sides ? t("bal.sidesTitle") : t("bal.emperorTitle")}</h4>
          <div className="table-scroll" tabIndex={0}>
            <table className="cmp-table" data-testid="bal-figures">
              <thead>
                <tr>
                  <th />
                  <th className="num">{t("hist.games")}</th>
                  <th className="num">{sides ? t("bal.rebelSide") : t("bal.goal")}</th>
                  <th className="num">{sides ? t("bal.royalSide") : t("bal.emperorMean")}</th>
                  <th className="num">{sides ? t("bal.royalMinusRebel") : t("bal.meanMinusGoal")}</th>
                  <th>{t("cmp.col.ci")}</th>
                </tr>
              </thead>
              <tbody>
                <FigureRow label={t("bal.row.today")} games={p.games} m={p.before} />
                <FigureRow label={t("bal.row.predicted")} games={p.games} m={p.target} testId="bal-predicted" />
                <tr data-testid="bal-verified" className="verified">
                  <th>{t("bal.row.verified", { seed: proposal.verification.seed })}</th>
                  <td className="num">{proposal.verification.games.toLocaleString()}</td>
                  {verified ? (
                    sides ? (
                      <>
                        <td className="num">{num(vRebel?.b)}</td>
                        <td className="num">{num(vRoyal?.b)}</td>
                        <td className="num" data-testid="bal-verified-value">
                          {vRow?.value != null ? formatDiff("points", vRow.value) : vRoyal?.b != null && vRebel?.b != null ? formatDiff("points", vRoyal.b - vRebel.b) : "—"}
                        </td>
                        <td data-testid="bal-verified-ci">{vRow ? formatInterval("points", vRow.ci) : "—"}</td>
                      </>
                    ) : (
                      <>
                        <td className="num">{num(p.target.a)}</td>
                        <td className="num">{num(vEmperor?.b)}</td>
                        <td className="num" data-testid="bal-verified-value">
                          {vRow?.value != null ? formatDiff("points", vRow.value) : vEmperor?.b != null && p.target.a != null ? formatDiff("points", vEmperor.b - p.target.a) : "—"}
                        </td>
                        <td data-testid="bal-verified-ci">{vRow ? formatInterval("points", vRow.ci) : "—"}</td>
                      </>
                    )
                  ) : (
                    <td colSpan={4}>
                      {vjob && FAILED.has(vjob.status) ? (
                        <span className="error-text">{errorText(vjob.error)}</span>
                      ) : (
                        <Progress done={vjob?.progress?.done ?? 0} total={vjob?.progress?.total ?? proposal.verification.games} testId="bal-progress" />
                      )}
                    </td>
                  )}
                </tr>
              </tbody>
            </table>
          </div>

          {p.tables ? (
            <>
              <h4>{t("bal.perTableTitle")}</h4>
              <div className="table-scroll" tabIndex={0}>
                <table className="cmp-table" data-testid="bal-per-table-figures">
                  <thead>
                    <tr>
                      <th>{t("bal.tables")}</th>
                      <th className="num">{t("bal.row.today")}</th>
                      <th className="num">{t("bal.row.predicted")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {Object.entries(p.tables).map(([name, f]) => (
                      <tr key={name} data-testid={`bal-per-table-${name}`}>
                        <th>{hasKey(`bal.table.${name}`) ? tk(`bal.table.${name}`) : name}</th>
                        <td className="num">{formatDiff("points", f.before - f.goal)}</td>
                        <td className="num">{formatDiff("points", f.solver_value - f.goal)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          ) : null}

          <h4>{t("bal.byRole")}</h4>
          <div className="table-scroll" tabIndex={0}>
            <table className="cmp-table" data-testid="bal-roles">
              <thead>
                <tr>
                  <th>{t("bal.role")}</th>
                  <th className="num">{t("bal.row.today")}</th>
                  <th className="num">{t("bal.row.predicted")}</th>
                  <th>{t("cmp.col.ci")}</th>
                  <th className="num">{t("bal.row.verifiedShort")}</th>
                  <th>{t("bal.verifiedDiff")}</th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(p.roles).map(([role, r]) => {
                  const v = findMetric(verified, `${role}.points`);
                  return (
                    <tr key={role}>
                      <th>
                        <span className="role-dot" style={{ background: roleColor(role) }} /> {tk(`role.${role}`)}
                      </th>
                      <td className="num">{num(proposal.roleBefore[role])}</td>
                      <td className="num">{num(r.mean)}</td>
                      <td>{formatInterval("points", r.ci95)}</td>
                      <td className="num">{verified ? num(v?.b) : "…"}</td>
                      <td>{verified && v ? `${formatDiff("points", v.diff)} (${formatInterval("points", v.ci95)})` : ""}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <ul className="notes muted small" data-testid="bal-notes">
            {proposal.notes.map((n, i) => (
              <li key={i}>{n}</li>
            ))}
            {proposal.notes.length ? null : <li>{t("bal.limit")}</li>}
            {adaptGap != null ? <li data-testid="bal-adapt-gap">{t("bal.adaptGap", { diff: formatDiff("points", adaptGap) })}</li> : null}
          </ul>
          {verified ? (
            <details>
              <summary>{t("bal.verifyReport")}</summary>
              <ComparisonReport result={verified} labels={[t("bal.today"), t("bal.proposal")]} testId="bal-verify-report" />
            </details>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function FigureRow({ label, games, m, testId }: { label: string; games: number; m: Metric; testId?: string }) {
  return (
    <tr data-testid={testId} className={m.significant ? "sig" : ""}>
      <th>{label}</th>
      <td className="num">{games.toLocaleString()}</td>
      <td className="num">{formatValue("points", m.a)}</td>
      <td className="num">{formatValue("points", m.b)}</td>
      <td className="num">{formatDiff("points", m.diff)}</td>
      <td>{formatInterval("points", m.ci95)}</td>
    </tr>
  );
}
