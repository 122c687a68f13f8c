// Simulation and comparison jobs of a rule set: start, follow (poll), remember the last ones in
// this browser (so results survive leaving or reloading the tab), list the history.
import { useCallback, useEffect, useRef, useState } from "react";
import type { components } from "../generated/api";
import { API, ApiError, listOf, request } from "./api";

type Schemas = components["schemas"];
/** A job's status code (the server's `StatusEnum`). */
export type JobStatus = Schemas["StatusEnum"];

/** A job as the editor holds it: a list item's fields, and the detail's once fetched
 * (`SimulationJob`, `ComparisonJob` in the API's schema). */
export interface JobBody {
  id: string;
  url?: string;
  kind?: Schemas["KindEnum"];
  status: JobStatus;
  status_text?: string;
  variant?: string;
  /** A's published version; null when the job simulated a draft. */
  version?: number | null;
  /** When the job simulated a draft: its revision then (the job keeps that snapshot). */
  draft_revision?: number | null;
  b?: string | null;
  games?: number;
  seed?: number;
  policy?: string;
  progress?: Schemas["Progress"];
  result?: Schemas["SimulationJob"]["result"] | Schemas["ComparisonJob"]["result"];
  summary?: Schemas["SimulationJob"]["summary"];
  error?: string | null;
  error_code?: string | null;
  created_at?: string;
  finished_at?: string | null;
}

export const jobUrls = {
  list: (slug: string, kind?: "simulation" | "comparison") =>
    `${API}/simulations/?variant=${encodeURIComponent(slug)}${kind ? `&kind=${kind}` : ""}`,
  simulation: (id: string) => `${API}/simulations/${id}/`,
  comparisons: () => `${API}/comparisons/`,
  comparison: (id: string) => `${API}/comparisons/${id}/`,
  rescore: (id: string) => `${API}/simulations/${id}/rescore/`,
  balance: (id: string) => `${API}/simulations/${id}/balance/`,
  cancel: (id: string) => `${API}/simulations/${id}/cancel/`,
  score: (slug: string) => `${API}/variants/${encodeURIComponent(slug)}/score/`,
};

export const DONE: ReadonlySet<string> = new Set<JobStatus>(["succeeded"]);
export const FAILED: ReadonlySet<string> = new Set<JobStatus>(["failed"]);
export const CANCELLED: ReadonlySet<string> = new Set<JobStatus>(["cancelled"]);
export const isTerminal = (status: string) => DONE.has(status) || FAILED.has(status) || CANCELLED.has(status);
export const succeeded = (job: { status: string } | null | undefined) => Boolean(job && DONE.has(job.status));

export function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err && typeof err === "object") {
    const o = err as Record<string, unknown>;
    return String(o.detail ?? o.message ?? JSON.stringify(err));
  }
  return String(err);
}

// ------------------------------------------------------------------ remembered jobs

const STORE = "baohuang.editor.jobs.";

export type JobSlot = "simulation" | "comparison" | "balance";

interface Remembered {
  simulation?: string[];
  comparison?: string[];
  balance?: string[];
}

function readStore(slug: string): Remembered {
  try {
    const raw = localStorage.getItem(STORE + slug);
    return raw ? (JSON.parse(raw) as Remembered) : {};
  } catch {
    return {};
  }
}

/** The jobs last shown in a slot of this rule set's tabs (ids), or []. */
export function rememberedJobs(slug: string, slot: JobSlot): string[] {
  const ids = readStore(slug)[slot];
  return Array.isArray(ids) ? ids.filter((x) => typeof x === "string") : [];
}

/** Remember the jobs a slot shows (a reload or a tab switch shows them again). */
export function rememberJobs(slug: string, slot: JobSlot, ids: string[]) {
  try {
    localStorage.setItem(STORE + slug, JSON.stringify({ ...readStore(slug), [slot]: ids }));
  } catch {
    /* storage unavailable: the tab still shows the job until it is left */
  }
}

/** The balance proposal last shown (kept whole: the server keeps no proposal). */
const PROPOSAL = "baohuang.editor.balance.";
export function rememberProposal(slug: string, proposal: unknown | null) {
  try {
    if (proposal) localStorage.setItem(PROPOSAL + slug, JSON.stringify(proposal));
    else localStorage.removeItem(PROPOSAL + slug);
  } catch {
    /* ignore */
  }
}
export function rememberedProposal<T>(slug: string): T | null {
  try {
    const raw = localStorage.getItem(PROPOSAL + slug);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------ following a job

/** Follow one job by its URL: fetch it, poll until it ends. `null` follows nothing. */
export function useFollowedJob(url: string | null) {
  const [job, setJob] = useState<JobBody | null>(null);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<number | null>(null);
  useEffect(() => {
    setJob(null);
    setError(null);
    if (!url) return;
    let alive = true;
    let delay = 400;
    const poll = async () => {
      try {
        const { data } = await request<JobBody>(url);
        if (!alive) return;
        setJob(data);
        if (!isTerminal(data.status)) {
          delay = Math.min(2000, delay * 1.3);
          timer.current = window.setTimeout(poll, delay);
        }
      } catch (err) {
        if (alive) setError(err instanceof ApiError && err.status === 404 ? "missing" : errorText(err));
      }
    };
    void poll();
    return () => {
      alive = false;
      if (timer.current) window.clearTimeout(timer.current);
    };
  }, [url]);
  return { job, error, setJob };
}

export async function cancelJob(id: string) {
  try {
    await request(jobUrls.cancel(id), { method: "POST", body: {} });
  } catch {
    /* it ended meanwhile */
  }
}

/** The rule set's past jobs (newest first), or an error message. */
export function useJobHistory(slug: string, refresh: number) {
  const [jobs, setJobs] = useState<JobBody[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      const { data } = await request<unknown>(jobUrls.list(slug));
      setJobs(listOf<JobBody>(data));
      setError(null);
    } catch (err) {
      setError(errorText(err));
    }
  }, [slug]);
  useEffect(() => {
    void load();
  }, [load, refresh]);
  return { jobs, error, reload: load };
}

/** The newest simulation of the rule set that succeeded (for re-scoring and balancing). */
export async function latestSucceededSimulation(slug: string): Promise<JobBody | null> {
  const { data } = await request<unknown>(jobUrls.list(slug, "simulation"));
  return listOf<JobBody>(data).find((j) => DONE.has(j.status)) ?? null;
}

/** The simulated version's mean points per role (the job's summary). */
export function roleMeans(summary: JobBody["summary"]): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  if (!summary || !("roles" in summary)) return out;
  for (const [role, s] of Object.entries(summary.roles)) out[role] = s.points.mean;
  return out;
}
