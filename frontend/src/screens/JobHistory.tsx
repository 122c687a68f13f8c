// The rule set's past simulations and comparisons (GET /api/v1/simulations/?variant=…):
// reopen any of them; a simulation opens in the Simulation tab, a comparison in Compare.
import { hasKey, useI18n } from "../lib/i18n";
import { DONE, rememberJobs, useJobHistory, type JobBody } from "../lib/jobs";

export function openJobElsewhere(slug: string, job: JobBody) {
  const slot = job.kind === "comparison" ? "comparison" : "simulation";
  rememberJobs(slug, slot, [job.id]);
  window.location.hash = `#/variants/${encodeURIComponent(slug)}/${slot === "comparison" ? "compare" : "sim"}`;
}

export function JobHistory(props: {
  slug: string;
  refresh: number;
  current?: string | null;
  /** Open a job here (true), or not (false: it opens in its own tab). */
  onOpen: (job: JobBody) => boolean;
}) {
  const { t, lang, tk } = useI18n();
  // What a job simulated (A): a published version, or a draft at the revision it was taken.
  const side = (j: JobBody) => (j.version != null ? t("sim.versionN", { n: j.version }) : t("sim.draftRev", { n: j.draft_revision ?? "?" }));
  const { jobs, error } = useJobHistory(props.slug, props.refresh);
  const when = (iso?: string) => {
    if (!iso) return "";
    const d = new Date(iso);
    return d.toLocaleString(lang === "zh" ? "zh-CN" : "en-GB", { dateStyle: "short", timeStyle: "short" });
  };
  return (
    <details className="job-history" data-testid="job-history" open>
      <summary>
        {t("hist.title")} {jobs ? <span className="muted">({jobs.length})</span> : null}
      </summary>
      {error ? <p className="error-text">{error}</p> : null}
      {jobs && !jobs.length ? <p className="muted small">{t("hist.empty")}</p> : null}
      {jobs && jobs.length ? (
        <div className="table-scroll" tabIndex={0}>
          <table className="mini history">
            <thead>
              <tr>
                <th>{t("hist.when")}</th>
                <th>{t("hist.kind")}</th>
                <th>{t("hist.what")}</th>
                <th>{t("sim.games")}</th>
                <th>{t("sim.seed")}</th>
                <th>{t("hist.status")}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {jobs.map((j) => (
                <tr key={j.id} className={j.id === props.current ? "current" : ""} data-testid="history-row" data-kind={j.kind}>
                  <td>{when(j.created_at)}</td>
                  <td>{t(`hist.kind.${j.kind ?? "simulation"}`)}</td>
                  <td>
                    {j.kind === "comparison"
                      ? `${side(j)} ↔ ${j.b ?? "?"}`
                      : `${side(j)} · ${hasKey(`pol.${j.policy}`) ? tk(`pol.${j.policy}`) : j.policy}`}
                  </td>
                  <td className="num">{j.games?.toLocaleString()}</td>
                  <td className="num">{j.seed}</td>
                  <td>{tk(`job.status.${j.status}`)}</td>
                  <td>
                    {j.id === props.current ? (
                      <span className="muted small">{t("hist.shown")}</span>
                    ) : (
                      <button
                        type="button"
                        className="link"
                        data-testid="history-open"
                        disabled={!DONE.has(j.status) && j.status !== "running" && j.status !== "queued"}
                        onClick={() => {
                          if (!props.onOpen(j)) openJobElsewhere(props.slug, j);
                        }}
                      >
                        {t("hist.open")}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </details>
  );
}
