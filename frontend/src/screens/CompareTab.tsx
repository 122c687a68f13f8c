// The comparison view: A and B on the same deal seeds (a paired comparison job), with B the
// draft (as edited here) against the latest version, or any two published versions.
import { useEffect, useMemo, useState } from "react";
import { listOf, maxGames, request, urls } from "../lib/api";
import { useI18n } from "../lib/i18n";
import {
  cancelJob,
  errorText,
  FAILED,
  isTerminal,
  jobUrls,
  rememberJobs,
  rememberedJobs,
  succeeded,
  useFollowedJob,
  type JobBody,
} from "../lib/jobs";
import type { ComparisonResult } from "../lib/compare";
import { Progress } from "../charts/charts";
import { NumInput, SelectInput } from "../widgets/inputs";
import { ComparisonReport } from "./ComparisonReport";
import { JobHistory } from "./JobHistory";

type Mode = "draft" | "versions";

export function CompareTab(props: { slug: string; latest: number | null; doc: Record<string, unknown>; dirty: boolean }) {
  const { t, tk } = useI18n();
  const { slug, latest } = props;
  const [versions, setVersions] = useState<number[]>(latest ? [latest] : []);
  const [mode, setMode] = useState<Mode>("draft");
  const [a, setA] = useState<number | null>(latest);
  const [b, setB] = useState<number | null>(latest);
  const [games, setGames] = useState(500);
  const [seed, setSeed] = useState(1);
  const [policy, setPolicy] = useState<"heuristic" | "random">("heuristic");
  const [jobId, setJobId] = useState<string | null>(() => rememberedJobs(slug, "comparison")[0] ?? null);
  const [startError, setStartError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [refresh, setRefresh] = useState(0);
  const { job, error } = useFollowedJob(jobId ? jobUrls.comparison(jobId) : null);

  useEffect(() => {
    request<unknown>(urls.versions(slug))
      .then(({ data }) => {
        const nums = listOf<{ number: number }>(data)
          .map((v) => v.number)
          .sort((x, y) => y - x);
        setVersions(nums);
        setA((cur) => cur ?? nums[0] ?? null);
        setB((cur) => (cur == null || cur === nums[0] ? (nums[1] ?? nums[0] ?? null) : cur));
      })
      .catch(() => undefined);
  }, [slug]);
  // Versions mode: A the older (second newest), B the newest by default.
  useEffect(() => {
    if (mode === "versions" && versions.length > 1 && a === b) {
      setA(versions[1]);
      setB(versions[0]);
    }
  }, [mode, versions, a, b]);

  const open = (id: string | null) => {
    setJobId(id);
    rememberJobs(slug, "comparison", id ? [id] : []);
  };

  const start = async () => {
    setStartError(null);
    setStarting(true);
    try {
      const side_b = mode === "draft" ? (props.dirty ? { definition: props.doc } : { draft: true }) : { version: b };
      const { data } = await request<JobBody>(jobUrls.comparisons(), {
        method: "POST",
        body: { a: { variant: slug, version: mode === "draft" ? latest : a }, b: side_b, games, seed, policy },
      });
      open(String(data.id));
      setRefresh((n) => n + 1);
    } catch (err) {
      setStartError(errorText(err));
    } finally {
      setStarting(false);
    }
  };

  const running = Boolean(job && !isTerminal(job.status));
  const result = succeeded(job) ? (job!.result as ComparisonResult | null) : null;
  const sides = useMemo<[string, string]>(() => (job ? [`${slug} v${job.version}`, job.b ?? "?"] : ["", ""]), [job, slug]);
  useEffect(() => {
    if (job && isTerminal(job.status)) setRefresh((n) => n + 1);
  }, [job?.status]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!latest) return <p className="muted">{t("sim.needversion")}</p>;
  const opts = versions.map(String);
  return (
    <div className="compare-tab">
      <h2>{t("cmp.title")}</h2>
      <p className="muted small">{t("cmp.intro")}</p>
      <form
        className="sim-form"
        onSubmit={(e) => {
          e.preventDefault();
          void start();
        }}
      >
        <label>
          {t("cmp.what")}
          <SelectInput
            value={mode}
            options={["draft", "versions"] as const}
            format={(m) => (m === "draft" ? t("cmp.mode.draft", { n: latest }) : t("cmp.mode.versions"))}
            testId="cmp-mode"
            onChange={setMode}
          />
        </label>
        {mode === "versions" ? (
          <>
            <label>
              A
              <SelectInput value={String(a ?? "")} options={opts} format={(v) => `v${v}`} testId="cmp-a" onChange={(v) => setA(Number(v))} />
            </label>
            <label>
              B
              <SelectInput value={String(b ?? "")} options={opts} format={(v) => `v${v}`} testId="cmp-b" onChange={(v) => setB(Number(v))} />
            </label>
          </>
        ) : null}
        <label>
          {t("cmp.games.label")}
          <NumInput value={games} min={2} max={maxGames()} width="6em" testId="cmp-games" onChange={(v) => setGames(v ?? 500)} />
        </label>
        <label>
          {t("sim.seed")}
          <NumInput value={seed} min={0} width="6em" testId="cmp-seed" onChange={(v) => setSeed(v ?? 0)} />
        </label>
        <label>
          {t("sim.policy")}
          <SelectInput value={policy} options={["heuristic", "random"] as const} labelPrefix="pol." onChange={setPolicy} />
        </label>
        <button type="submit" className="primary" disabled={running || starting || (mode === "versions" && a === b)} data-testid="cmp-start">
          {t("cmp.start")}
        </button>
        {running && job ? (
          <button type="button" onClick={() => void cancelJob(job.id).then(() => open(job.id))}>
            {t("sim.cancel")}
          </button>
        ) : null}
      </form>
      {mode === "draft" && props.dirty ? <p className="muted small">{t("cmp.unsavedIncluded")}</p> : null}
      {mode === "versions" && a === b ? <p className="muted small">{t("cmp.sameVersion")}</p> : null}
      {startError ? (
        <div className="banner error" role="alert" data-testid="cmp-error">
          {startError}
        </div>
      ) : null}
      {error && error !== "missing" ? (
        <div className="banner error" role="alert">
          {error}
        </div>
      ) : null}
      {job ? (
        <div className="cmp-job" data-testid="cmp-job">
          <div className="muted small" data-testid="cmp-status">
            {t("cmp.jobLine", { a: `v${job.version}`, b: job.b ?? "", games: job.games ?? 0, seed: job.seed ?? 0 })} ·{" "}
            {t("sim.status", { s: tk(`job.status.${job.status}`) })}
          </div>
          {!result ? <Progress done={job.progress?.done ?? 0} total={job.progress?.total ?? 0} testId="cmp-progress" /> : null}
          {FAILED.has(job.status) ? (
            <div className="banner error" role="alert">
              {t("sim.failed")}: {errorText(job.error)}
            </div>
          ) : null}
        </div>
      ) : null}
      {result ? <ComparisonReport result={result} sides={sides} /> : null}
      <JobHistory slug={slug} refresh={refresh} current={jobId} onOpen={(j) => {
          if (j.kind !== "comparison") return false;
          open(j.id);
          return true;
        }} />
    </div>
  );
}
