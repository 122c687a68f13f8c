// Simulation jobs: start one (or two versions side by side), poll the progress, chart the result.
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, POLICIES, estimateSeconds, formatDuration, listOf, maxGames, request, urls, type PolicyName } from "../lib/api";
import { hasKey, useI18n } from "../lib/i18n";
import { histogramBins, normaliseStats, sharePercent, sharedScale, simulationParts, type ChartScale, type StatsView } from "../lib/stats";
import { BarChart, Progress, RoleLegend, StackedBars } from "../charts/charts";
import { NumInput, SelectInput } from "../widgets/inputs";
import {
  DONE,
  FAILED,
  isTerminal,
  rememberJobs,
  rememberedJobs,
  succeeded as succeededJob,
  type JobBody,
  type JobStatus,
} from "../lib/jobs";
import { JobHistory } from "./JobHistory";
import { BalancePanel } from "./BalancePanel";
import { WatchLink } from "./WatchTab";

export interface Job {
  id: string | number;
  status: JobStatus;
  /** The published version simulated; null when the draft was (see `draft_revision`). */
  version?: number | null;
  /** The draft's revision when the job started (the job keeps that snapshot). */
  draft_revision?: number | null;
  games?: number;
  seed?: number;
  /** The status in the language the request named (the server's label for `status`). */
  status_text?: string;
  /** Why the job failed, as a code (chunk_failed, worker_lost); `error` is its sentence. */
  error_code?: string | null;
  progress?: JobBody["progress"];
  result?: JobBody["result"];
  summary?: JobBody["summary"];
  error?: string | null;
}
/** The job's status for people: the server's label, else ours for its code, else the code. */
export function statusLabel(job: Pick<Job, "status" | "status_text">, tk: (key: string) => string): string {
  if (job.status_text) return job.status_text;
  const key = `job.${job.status}`;
  return hasKey(key) ? tk(key) : job.status;
}

/** What a run simulates: a published version's number, or the draft. */
type Side = number | "draft";

interface RunState {
  version: Side;
  job: Job | null;
  error: string | null;
}

function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err && typeof err === "object") {
    const o = err as Record<string, unknown>;
    return String(o.detail ?? o.message ?? JSON.stringify(err));
  }
  return String(err);
}

/** Start jobs (or reopen past ones) and poll them until they end; returns the live state.
 * The jobs shown are remembered for the rule set, so they survive leaving or reloading the tab. */
function useJob(slug: string) {
  const [runs, setRuns] = useState<RunState[]>([]);
  const timers = useRef<number[]>([]);
  useEffect(
    () => () => {
      for (const id of timers.current) window.clearTimeout(id);
    },
    [],
  );
  const follow = useCallback((index: number, id: string | number, set: (patch: Partial<RunState>) => void) => {
    let delay = 400;
    const poll = async () => {
      try {
        const { data: job } = await request<Job>(urls.simulation(id));
        set({ job, version: job.version ?? (job.draft_revision != null ? "draft" : undefined) } as Partial<RunState>);
        if (!isTerminal(job.status)) {
          delay = Math.min(2000, delay * 1.3);
          timers.current.push(window.setTimeout(poll, delay));
        }
      } catch (err) {
        set({ error: err instanceof ApiError && err.status === 404 ? "gone" : errorText(err) });
      }
    };
    timers.current.push(window.setTimeout(poll, index === -1 ? 0 : delay));
  }, []);
  const setter = (index: number) => (patch: Partial<RunState>) =>
    setRuns((cur) => cur.map((r, i) => (i === index ? { ...r, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) } : r)));
  const start = useCallback(
    async (versions: Side[], games: number, seed: number, policy: string) => {
      for (const id of timers.current) window.clearTimeout(id);
      timers.current = [];
      setRuns(versions.map((v) => ({ version: v, job: null, error: null })));
      const ids: string[] = [];
      await Promise.all(
        versions.map(async (version, index) => {
          const set = setter(index);
          try {
            const { data } = await request<Job>(urls.simulations(), {
              method: "POST",
              body: version === "draft" ? { variant: slug, draft: true, games, seed, policy } : { variant: slug, version, games, seed, policy },
            });
            ids[index] = String(data.id);
            set({ job: { progress: { done: 0, total: games }, ...data, status: data.status ?? "queued" } });
            follow(index, data.id, set);
          } catch (err) {
            set({ error: err instanceof ApiError && err.status === 404 ? "missing" : errorText(err) });
          }
        }),
      );
      rememberJobs(slug, "simulation", ids.filter(Boolean));
    },
    [slug, follow],
  );
  /** Show past jobs again (after a reload, or from the history). */
  const reopen = useCallback(
    (ids: string[]) => {
      for (const id of timers.current) window.clearTimeout(id);
      timers.current = [];
      setRuns(ids.map(() => ({ version: 0, job: null, error: null })));
      ids.forEach((id, index) => follow(-1, id, setter(index)));
      rememberJobs(slug, "simulation", ids);
    },
    [slug, follow],
  );
  const cancel = useCallback(async () => {
    for (const id of timers.current) window.clearTimeout(id);
    timers.current = [];
    for (const r of runs) {
      if (r.job && !isTerminal(r.job.status)) {
        try {
          await request(urls.simulationCancel(r.job.id), { method: "POST", body: {} });
        } catch {
          /* ignore */
        }
      }
    }
    setRuns((cur) => cur.map((r) => (r.job && !isTerminal(r.job.status) ? { ...r, job: { ...r.job, status: "cancelled", status_text: undefined } } : r)));
  }, [runs]);
  return { runs, start, reopen, cancel };
}

/** A run's side for people: "v3", or "草稿". */
function sideLabel(side: Side, t: (key: "sim.draft" | "sim.versionN", vars?: { n: number }) => string): string {
  return side === "draft" ? t("sim.draft") : t("sim.versionN", { n: side });
}

export function SimulationTab({ slug, latest, dirty = false }: { slug: string; latest: number | null; dirty?: boolean }) {
  const { t, lang } = useI18n();
  const [versions, setVersions] = useState<number[]>([]);
  // A rule set never published is simulated as its draft (a snapshot kept with the job).
  const [version, setVersion] = useState<Side>(latest ?? "draft");
  const [other, setOther] = useState<Side | null>(null);
  const [games, setGames] = useState(200);
  const [seed, setSeed] = useState(1);
  const [policy, setPolicy] = useState<PolicyName>("heuristic");
  const { runs, start, reopen, cancel } = useJob(slug);
  const [refresh, setRefresh] = useState(0);
  // The jobs this tab showed last time (leaving or reloading the tab keeps them).
  useEffect(() => {
    const ids = rememberedJobs(slug, "simulation");
    if (ids.length) reopen(ids);
  }, [slug, reopen]);
  const finished = runs.filter((r) => r.job && isTerminal(r.job.status)).length;
  useEffect(() => setRefresh((n) => n + 1), [finished]);

  useEffect(() => {
    request<unknown>(urls.versions(slug))
      .then(({ data }) => {
        const nums = listOf<{ number: number; retired?: boolean }>(data)
          .map((v) => v.number)
          .sort((a, b) => b - a);
        setVersions(nums);
      })
      .catch(() => setVersions(latest ? [latest] : []));
  }, [slug, latest]);

  const running = runs.some((r) => r.job && !isTerminal(r.job.status) && !r.error);
  const missing = runs.some((r) => r.error === "missing");
  const options = ["draft", ...versions.map(String)];
  const asSide = (v: string): Side => (v === "draft" ? "draft" : Number(v));
  const scale = runs.length > 1 ? sharedScale(runs.map((r) => statsOf(r.job))) : undefined;

  return (
    <div className="simulation">
      <h2>{t("sim.title")}</h2>
      <form
        className="sim-form"
        onSubmit={(e) => {
          e.preventDefault();
          void start(other != null && other !== version ? [version, other] : [version], games, seed, policy).then(() => setRefresh((n) => n + 1));
        }}
      >
        <label>
          {t("sim.version")}
          <SelectInput value={String(version)} options={options} format={(v) => sideLabel(asSide(v), t)} testId="sim-version" onChange={(v) => setVersion(asSide(v))} />
        </label>
        <label>
          {t("sim.games")}
          <NumInput value={games} min={1} max={maxGames()} width="6em" testId="sim-games" onChange={(v) => setGames(v ?? 200)} />
        </label>
        <label>
          {t("sim.seed")}
          <NumInput value={seed} min={0} width="6em" onChange={(v) => setSeed(v ?? 0)} />
        </label>
        <label>
          {t("sim.policy")}
          <SelectInput value={policy} options={POLICIES} labelPrefix="pol." onChange={setPolicy} />
        </label>
        <label>
          {t("sim.compareWith")}
          <SelectInput
            value={other == null ? "none" : String(other)}
            options={["none", ...options.filter((o) => o !== String(version))]}
            format={(v) => (v === "none" ? "—" : sideLabel(asSide(v), t))}
            testId="sim-compare"
            onChange={(v) => setOther(v === "none" ? null : asSide(v))}
          />
        </label>
        <button type="submit" className="primary" disabled={running} data-testid="sim-start">
          {t("sim.start")}
        </button>
        {running ? (
          <button type="button" onClick={() => void cancel()}>
            {t("sim.cancel")}
          </button>
        ) : null}
        <span className="small muted" data-testid="sim-estimate">
          {t("sim.estimate", { time: formatDuration(estimateSeconds(policy, games, other != null && other !== version ? 2 : 1), lang) })}
        </span>
      </form>
      {version === "draft" || other === "draft" ? (
        <p className="muted small" data-testid="sim-draft-note">
          {t(dirty ? "sim.draftUnsaved" : "sim.draftNote")}
        </p>
      ) : null}
      {missing ? (
        <div className="banner error" role="alert" data-testid="sim-missing">
          {t("sim.missing")}
        </div>
      ) : null}
      <p className="small">
        <a href={`#/variants/${encodeURIComponent(slug)}/compare`} data-testid="sim-to-compare">
          {t("cmp.fromSim")}
        </a>
      </p>
      <div className={`sim-results ${runs.length > 1 ? "side-by-side" : ""}`}>
        {runs.map((r, i) => (
          <RunView key={`${r.version}-${i}`} run={r} compare={runs.length > 1} scale={scale} />
        ))}
      </div>
      {runs.length === 1 && succeededJob(runs[0].job) ? <BalancePanel slug={slug} job={runs[0].job!} /> : null}
      <JobHistory
        slug={slug}
        refresh={refresh}
        current={runs.length === 1 ? (runs[0].job ? String(runs[0].job.id) : null) : null}
        onOpen={(j) => {
          if (j.kind === "comparison") return false;
          reopen([j.id]);
          return true;
        }}
      />
    </div>
  );
}

/** A finished job's statistics for the charts: `result` holds the raw counters
 * (histograms), `summary` the rates and intervals. */
export function statsOf(job: Job | null): StatsView | null {
  const parts = job && DONE.has(job.status) ? simulationParts(job) : null;
  return parts ? normaliseStats(parts) : null;
}

function RunView({ run, compare, scale }: { run: RunState; compare: boolean; scale?: ChartScale }) {
  const { t, tk } = useI18n();
  const job = run.job;
  const stats = statsOf(job);
  return (
    <div className="sim-run" data-testid={`sim-run-v${run.version}`}>
      {compare ? <h3>{sideLabel(run.version, t)}</h3> : null}
      {run.error && run.error !== "missing" ? (
        <div className="banner error" role="alert">
          {t("sim.failed")}: {run.error}
        </div>
      ) : null}
      {job ? (
        <>
          <div className="muted small" data-testid="sim-status">
            {t("sim.status", { s: statusLabel(job, tk) })}
          </div>
          <Progress done={job.progress?.done ?? 0} total={job.progress?.total ?? 0} />
          {(job as { variant?: string }).variant ? <WatchLink slug={(job as { variant?: string }).variant!} jobId={job.id} /> : null}
          {FAILED.has(job.status) ? (
            <div className="banner error" role="alert">
              {t("sim.failed")}: {errorText(job.error)}
            </div>
          ) : null}
        </>
      ) : !run.error ? (
        <p className="muted">{t("app.loading")}</p>
      ) : null}
      {stats ? <StatsCharts stats={stats} scale={scale} /> : null}
    </div>
  );
}

export function StatsCharts({ stats, scale }: { stats: StatsView; scale?: ChartScale }) {
  const { t, tk } = useI18n();
  const roleLabel = (role: string) => {
    const key = `role.${role}`;
    const text = tk(key);
    return text === key ? role : text;
  };
  const rateLabel = (name: string) => {
    const text = tk(`rate.${name}`);
    return text === `rate.${name}` ? name : text;
  };
  const emperor = stats.roles.find((r) => r.role === "emperor");
  const guard = stats.roles.find((r) => r.role === "guard");
  // Side by side, both runs read on one scale (the same bins and y-axis).
  const own = scale ?? sharedScale([stats]);
  const rankBins = (ranks: number[]) => ranks.map((v, i) => ({ label: tk(`place.${i + 1}`), value: Math.round(v * 1000) / 10 }));
  return (
    <div className="stats" data-testid="sim-charts">
      {stats.games != null ? <p className="muted small">{t("sim.games.done", { n: stats.games })}</p> : null}
      <section>
        <h4>{t("sim.wdl")}</h4>
        <StackedBars rows={stats.roles.map((r) => ({ label: roleLabel(r.role), role: r.role, win: r.win, draw: r.draw, loss: r.loss }))} />
        <table className="mini">
          <tbody>
            {stats.roles.map((r) => (
              <tr key={r.role}>
                <th>{roleLabel(r.role)}</th>
                <td>{t("sim.n", { n: r.n })}</td>
                <td>
                  {t("sim.meanPoints")}: {r.meanPoints == null ? "—" : r.meanPoints.toFixed(2)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section>
        <h4>{t("sim.points")}</h4>
        <RoleLegend roles={stats.roles.map((r) => r.role)} />
        <div className="chart-grid">
          {stats.roles
            .filter((r) => r.histogram && r.histogram.length)
            .map((r) => (
              <BarChart
                key={r.role}
                title={roleLabel(r.role)}
                bins={sharePercent(histogramBins(r.histogram!, own.points[r.role]))}
                role={r.role}
                unit="%"
                yMax={own.pointsMax[r.role]}
                xTitle={t("chart.pointsPerSeatGame")}
                yTitle={t("chart.shareOfSeatGamesShort")}
                testId={`chart-points-${r.role}`}
              />
            ))}
        </div>
      </section>
      <section>
        <div className="chart-grid">
          {emperor?.ranks ? (
            <BarChart
              title={t("sim.finish")}
              bins={rankBins(emperor.ranks)}
              role="emperor"
              testId="chart-emperor-rank"
              unit="%"
              yMax={own.rankMax}
              xTitle={t("chart.finishRank")}
              yTitle={t("chart.shareOfGames")}
            />
          ) : null}
          {guard?.ranks ? (
            <BarChart
              title={t("sim.guardFinish")}
              bins={rankBins(guard.ranks)}
              role="guard"
              testId="chart-guard-rank"
              unit="%"
              yMax={own.rankMax}
              xTitle={t("chart.finishRank")}
              yTitle={t("chart.shareOfGames")}
            />
          ) : null}
        </div>
      </section>
      {stats.rates.length ? (
        <section>
          <h4>{t("sim.rates")}</h4>
          <table className="mini rates">
            <tbody>
              {stats.rates.map((r) => (
                <tr key={r.name}>
                  <th>{rateLabel(r.name)}</th>
                  <td>{r.perGame ? r.value.toFixed(2) : `${(r.value * 100).toFixed(1)}%`}</td>
                </tr>
              ))}
              {stats.playsPerGame != null ? (
                <tr>
                  <th>{rateLabel("plays")}</th>
                  <td>{stats.playsPerGame.toFixed(1)}</td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </section>
      ) : null}
    </div>
  );
}
