// The comparison view: A and B on the same deal seeds (a paired comparison job), with B the
// draft (as edited here) against the latest version, against the version it was cloned from
// (no publishing needed), or against any published rule set; or two published versions.
import { useEffect, useMemo, useState } from "react";
import { POLICIES, estimateSeconds, formatDuration, listOf, maxGames, request, urls, type BasedOn, type PolicyName } from "../lib/api";
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

type Mode = "origin" | "draft" | "other" | "versions";

/** The key under which the diff tab asks for a comparison mode ("simulate this change"). */
export const pendingModeKey = (slug: string) => `baohuang.cmp-mode.${slug}`;

function firstMode(slug: string, latest: number | null, basedOn: BasedOn | null): Mode {
  const asked = window.sessionStorage.getItem(pendingModeKey(slug));
  window.sessionStorage.removeItem(pendingModeKey(slug));
  if (asked === "origin" && basedOn) return "origin";
  if (asked === "draft" && latest) return "draft";
  // A clone is compared with the rules it started from by default.
  if (basedOn) return "origin";
  return latest ? "draft" : "other";
}

export function CompareTab(props: {
  slug: string;
  latest: number | null;
  doc: Record<string, unknown>;
  dirty: boolean;
  basedOn?: BasedOn | null;
}) {
  const { t, tk, lang } = useI18n();
  const { slug, latest } = props;
  const basedOn = props.basedOn ?? null;
  const [versions, setVersions] = useState<number[]>(latest ? [latest] : []);
  const [mode, setMode] = useState<Mode>(() => firstMode(slug, latest, basedOn));
  const [others, setOthers] = useState<string[]>([]);
  const [otherSlug, setOtherSlug] = useState<string>(basedOn?.slug ?? "");
  const [otherVersion, setOtherVersion] = useState<number | null>(null);
  const [a, setA] = useState<number | null>(latest);
  const [b, setB] = useState<number | null>(latest);
  const [games, setGames] = useState(500);
  const [seed, setSeed] = useState(1);
  const [policy, setPolicy] = useState<PolicyName>("heuristic");
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
  // Any published rule set can be A against this draft.
  useEffect(() => {
    request<unknown>(urls.variants())
      .then(({ data }) => {
        const slugs = listOf<{ slug: string; version?: number | null }>(data)
          .filter((v) => v.version != null && v.slug !== slug)
          .map((v) => v.slug)
          .sort();
        setOthers(slugs);
        setOtherSlug((cur) => cur || slugs[0] || "");
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
      // B is this rule set's draft (with unsaved edits, as a definition), except when
      // comparing two of its published versions.
      const draftSide = props.dirty ? { definition: props.doc } : { variant: slug, draft: true };
      const sides =
        mode === "versions"
          ? { a: { variant: slug, version: a }, b: { version: b } }
          : mode === "origin" && basedOn
            ? { a: { variant: basedOn.slug, version: basedOn.version }, b: draftSide }
            : mode === "other"
              ? { a: { variant: otherSlug, ...(otherVersion ? { version: otherVersion } : {}) }, b: draftSide }
              : { a: { variant: slug, version: latest }, b: draftSide };
      const { data } = await request<JobBody>(jobUrls.comparisons(), {
        method: "POST",
        body: { ...sides, games, seed, policy },
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
  const jobA = job
    ? `${job.variant ?? slug} ${job.version != null ? t("sim.versionN", { n: job.version }) : t("sim.draftRev", { n: job.draft_revision ?? "?" })}`
    : "";
  const sides = useMemo<[string, string]>(() => (job ? [jobA, job.b ?? "?"] : ["", ""]), [job, jobA]);
  useEffect(() => {
    if (job && isTerminal(job.status)) setRefresh((n) => n + 1);
  }, [job?.status]); // eslint-disable-line react-hooks/exhaustive-deps

  const opts = versions.map(String);
  const modes: Mode[] = [
    ...(basedOn ? (["origin"] as const) : []),
    ...(latest ? (["draft"] as const) : []),
    "other" as const,
    ...(versions.length > 1 ? (["versions"] as const) : []),
  ];
  const modeText = (m: Mode) =>
    m === "origin" && basedOn
      ? t("cmp.mode.origin", { slug: basedOn.slug, n: basedOn.version })
      : m === "draft"
        ? t("cmp.mode.draft", { n: latest ?? 0 })
        : m === "other"
          ? t("cmp.mode.other")
          : t("cmp.mode.versions");
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
          <SelectInput value={mode} options={modes} format={modeText} testId="cmp-mode" onChange={setMode} />
        </label>
        {mode === "other" ? (
          <>
            <label>
              {t("cmp.otherVariant")}
              <SelectInput value={otherSlug} options={others} testId="cmp-other" onChange={setOtherSlug} />
            </label>
            <label>
              {t("cmp.otherVersion")}
              <NumInput value={otherVersion} min={1} width="4em" optional testId="cmp-other-version" onChange={(v) => setOtherVersion(v ?? null)} />
            </label>
          </>
        ) : null}
        {mode === "versions" ? (
          <>
            <label>
              A
              <SelectInput value={String(a ?? "")} options={opts} format={(v) => t("sim.versionN", { n: Number(v) })} testId="cmp-a" onChange={(v) => setA(Number(v))} />
            </label>
            <label>
              B
              <SelectInput value={String(b ?? "")} options={opts} format={(v) => t("sim.versionN", { n: Number(v) })} testId="cmp-b" onChange={(v) => setB(Number(v))} />
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
          <SelectInput value={policy} options={POLICIES} labelPrefix="pol." onChange={setPolicy} />
        </label>
        <span className="small muted" data-testid="cmp-estimate">
          {t("sim.estimate", { time: formatDuration(estimateSeconds(policy, games, 2), lang) })}
        </span>
        <button
          type="submit"
          className="primary"
          disabled={running || starting || (mode === "versions" && a === b) || (mode === "other" && !otherSlug)}
          data-testid="cmp-start"
        >
          {t("cmp.start")}
        </button>
        {running && job ? (
          <button type="button" onClick={() => void cancelJob(job.id).then(() => open(job.id))}>
            {t("sim.cancel")}
          </button>
        ) : null}
      </form>
      {mode !== "versions" && props.dirty ? <p className="muted small">{t("cmp.unsavedIncluded")}</p> : null}
      {mode !== "versions" && !latest ? <p className="muted small" data-testid="cmp-unpublished">{t("cmp.unpublished")}</p> : null}
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
            {t("cmp.jobLine", { a: jobA, b: job.b ?? "", games: job.games ?? 0, seed: job.seed ?? 0 })} ·{" "}
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
