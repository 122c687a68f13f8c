// Live re-scored averages: after a simulation of this rule set has succeeded, every edit
// of the scoring re-scores that simulation's games under the edited table (no game is
// played: POST /api/v1/simulations/{id}/rescore/) and shows, per role, the mean points
// before → after. When the edit changes how the game is played, the server's 409 says so.
import { useEffect, useMemo, useState } from "react";
import { ApiError, request } from "../lib/api";
import { useI18n } from "../lib/i18n";
import type { components } from "../generated/api";
import { errorText, jobUrls, latestSucceededSimulation, roleMeans, type JobBody } from "../lib/jobs";
import { formatValue } from "../lib/compare";
import { roleColor } from "../charts/roles";
import { useDoc } from "./doc";

const ROLES = ["emperor", "guard", "rebel", "solo"];
export const RESCORE_DELAY_MS = 350;

type State =
  | { kind: "idle" }
  | { kind: "busy" }
  | { kind: "done"; after: Record<string, number | null>; ms: number | null; changed: string[] }
  | { kind: "play"; message: string }
  | { kind: "invalid"; message: string }
  | { kind: "error"; message: string };

export function RescorePreview({ slug }: { slug: string }) {
  const { t, tk } = useI18n();
  const { doc } = useDoc();
  const [base, setBase] = useState<JobBody | null | undefined>(undefined);
  const [state, setState] = useState<State>({ kind: "idle" });
  const key = useMemo(() => JSON.stringify(doc), [doc]);

  useEffect(() => {
    let alive = true;
    latestSucceededSimulation(slug)
      .then(async (job) => {
        if (!job) return alive && setBase(null);
        const { data } = await request<JobBody>(jobUrls.simulation(job.id));
        if (alive) setBase(data);
      })
      .catch(() => alive && setBase(null));
    return () => {
      alive = false;
    };
  }, [slug]);

  useEffect(() => {
    if (!base) return;
    const abort = new AbortController();
    const timer = window.setTimeout(() => {
      setState({ kind: "busy" });
      request<components["schemas"]["Rescored"]>(jobUrls.rescore(base.id), {
        method: "POST",
        body: { definition: JSON.parse(key) },
        signal: abort.signal,
      })
        .then(({ data }) =>
          setState({
            kind: "done",
            after: roleMeans(data.summary),
            ms: data.rescored?.elapsed_ms ?? null,
            changed: data.rescored?.settlement_fields ?? [],
          }),
        )
        .catch((err: unknown) => {
          if (abort.signal.aborted) return;
          if (err instanceof ApiError && err.status === 409) setState({ kind: "play", message: err.message });
          else if (err instanceof ApiError && err.status === 400) setState({ kind: "invalid", message: err.message });
          else setState({ kind: "error", message: errorText(err) });
        });
    }, RESCORE_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      abort.abort();
    };
  }, [base, key]);

  if (base === undefined) return null;
  if (base === null)
    return (
      <div className="rescore muted" data-testid="rescore-none">
        {t("rs.none")}{" "}
        <a href={`#/variants/${encodeURIComponent(slug)}/sim`}>{t("rs.simulate")}</a>
      </div>
    );
  const before = roleMeans(base.summary);
  return (
    <div className="rescore" data-testid="rescore" aria-live="polite">
      <div className="muted small">
        {t("rs.title", { v: base.version ?? "?", games: (base.games ?? 0).toLocaleString(), seed: base.seed ?? 0 })}
        {state.kind === "busy" ? ` · ${t("rs.busy")}` : state.kind === "done" && state.ms != null ? ` · ${t("rs.ms", { ms: state.ms })}` : ""}
      </div>
      {state.kind === "play" ? (
        <div className="banner error" role="status" data-testid="rescore-play">
          {state.message}
        </div>
      ) : state.kind === "invalid" ? (
        <div className="muted small" data-testid="rescore-invalid">
          {t("rs.invalid")}
        </div>
      ) : state.kind === "error" ? (
        <div className="error-text small">{state.message}</div>
      ) : (
        <ul>
          {ROLES.filter((r) => before[r] != null).map((r) => {
            const after = state.kind === "done" ? state.after[r] : null;
            const moved = after != null && before[r] != null && Math.abs(after - before[r]!) > 1e-9;
            return (
              <li key={r} data-testid={`rescore-${r}`} className={moved ? "changed" : ""}>
                <span className="role-dot" style={{ background: roleColor(r) }} />{" "}
                {t("rs.mean", {
                  role: tk(`role.${r}`),
                  before: formatValue("points", before[r]),
                  after: after == null ? "…" : formatValue("points", after),
                })}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
