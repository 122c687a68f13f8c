// Diffs, all computed by the server (one diff, with sentences in both languages): the
// editor's current text against the latest published version, a clone against the version
// it was cloned from, and any two published versions.
import { useEffect, useState } from "react";
import { ApiError, diffSides, listOf, request, urls, type BasedOn, type DiffSide, type ServerChange } from "../lib/api";
import { useI18n } from "../lib/i18n";
import { pendingModeKey } from "./CompareTab";
import type { StaleNote } from "../lib/notes";
import { StaleNoteList } from "../widgets/StaleNotes";

/** The changes as sentences in the editor's language, each with its path for reference. */
export function ChangeList({ changes, testid }: { changes: ServerChange[]; testid?: string }) {
  const { t, lang } = useI18n();
  if (changes.length === 0) return <p data-testid={testid ? `${testid}-none` : undefined}>{t("diff.nochange")}</p>;
  return (
    <>
      <p className="muted small">{t("diff.count", { n: changes.length })}</p>
      <ul className="change-list" data-testid={testid}>
        {changes.map((c, i) => (
          <li key={`${c.path}:${i}`} className={c.change}>
            {/* The field's path is for the English (technical) reader; in Chinese it stays a tooltip. */}
            <span className="sentence" title={lang === "zh" ? c.path : undefined}>
              {c.text[lang]}
            </span>
            {lang === "zh" ? null : (
              <>
                {" "}
                <code className="muted small">{c.path}</code>
              </>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Ask the server for the changes from `from` to `to` (again whenever a side changes). */
export function useServerDiff(from: DiffSide | null, to: DiffSide | null) {
  const [changes, setChanges] = useState<ServerChange[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify([from, to]);
  useEffect(() => {
    if (from === null || to === null) return;
    const abort = new AbortController();
    const timer = window.setTimeout(() => {
      diffSides(from, to, abort.signal)
        .then((c) => {
          setChanges(c);
          setError(null);
        })
        .catch((err: unknown) => {
          if (abort.signal.aborted) return;
          setError(err instanceof ApiError ? err.message : String(err));
        });
    }, 250);
    return () => {
      window.clearTimeout(timer);
      abort.abort();
    };
  }, [key]);
  return { changes, error };
}

export function DiffTab(props: {
  slug: string;
  doc: Record<string, unknown>;
  latest: number | null;
  basedOn: BasedOn | null;
  /** House notes whose rules changed since they were confirmed. */
  staleNotes?: StaleNote[];
  onConfirmNotes?: () => void;
}) {
  const { t } = useI18n();
  const published = useServerDiff(props.latest ? `${props.slug}@${props.latest}` : null, props.doc);
  const origin = useServerDiff(props.basedOn ? `${props.basedOn.slug}@${props.basedOn.version}` : null, props.doc);

  return (
    <div className="diff-tab">
      <section data-testid="diff-published">
        <h2>
          {t("diff.title")} {props.latest ? <span className="muted">(v{props.latest})</span> : null}
        </h2>
        {!props.latest ? (
          <p className="muted">{t("diff.nopublished")}</p>
        ) : published.error ? (
          <p className="error-text">{published.error}</p>
        ) : published.changes === null ? (
          <p className="muted">{t("app.loading")}</p>
        ) : (
          <ChangeList changes={published.changes} testid="diff-table" />
        )}
        {props.latest && published.changes?.length ? (
          <a
            className="button-link"
            href={`#/variants/${encodeURIComponent(props.slug)}/compare`}
            data-testid="diff-simulate"
            onClick={() => window.sessionStorage.setItem(pendingModeKey(props.slug), "draft")}
          >
            {t("cmp.fromDiff")}
          </a>
        ) : null}
      </section>
      {props.basedOn ? (
        <section data-testid="diff-origin">
          <h2>
            {t("diff.origin")}{" "}
            <span className="muted">
              ({props.basedOn.slug} {t("sim.versionN", { n: props.basedOn.version })})
            </span>
          </h2>
          {origin.error ? (
            <p className="error-text">{origin.error}</p>
          ) : origin.changes === null ? (
            <p className="muted">{t("app.loading")}</p>
          ) : (
            <ChangeList changes={origin.changes} testid="origin-changes" />
          )}
          {origin.changes?.length ? (
            <a
              className="button-link"
              href={`#/variants/${encodeURIComponent(props.slug)}/compare`}
              data-testid="origin-simulate"
              onClick={() => window.sessionStorage.setItem(pendingModeKey(props.slug), "origin")}
            >
              {t("cmp.fromOrigin")}
            </a>
          ) : null}
        </section>
      ) : null}
      {props.staleNotes?.length ? (
        <section data-testid="diff-stale-notes">
          <h2>{t("diff.staleNotes")}</h2>
          <p className="muted">{t("diff.staleNotes.help")}</p>
          <StaleNoteList notes={props.staleNotes} doc={props.doc} onGo={props.onConfirmNotes} />
        </section>
      ) : null}
      <VersionDiff slug={props.slug} />
    </div>
  );
}

function VersionDiff({ slug }: { slug: string }) {
  const { t } = useI18n();
  const [versions, setVersions] = useState<number[]>([]);
  const [a, setA] = useState<number | null>(null);
  const [b, setB] = useState<number | null>(null);
  const [result, setResult] = useState<ServerChange[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    request<unknown>(urls.versions(slug))
      .then(({ data }) => {
        const nums = listOf<{ number: number }>(data)
          .map((v) => v.number)
          .sort((x, y) => x - y);
        setVersions(nums);
        if (nums.length >= 2) {
          setA(nums[nums.length - 2]);
          setB(nums[nums.length - 1]);
        }
      })
      .catch(() => setVersions([]));
  }, [slug]);
  if (versions.length < 2) return null;
  return (
    <section className="version-diff">
      <h3>{t("diff.versions")}</h3>
      <div className="inline">
        <select value={a ?? ""} onChange={(e) => setA(Number(e.target.value))} aria-label="from">
          {versions.map((n) => (
            <option key={n} value={n}>
              v{n}
            </option>
          ))}
        </select>
        →
        <select value={b ?? ""} onChange={(e) => setB(Number(e.target.value))} aria-label="to">
          {versions.map((n) => (
            <option key={n} value={n}>
              v{n}
            </option>
          ))}
        </select>
        <button
          type="button"
          onClick={() => {
            if (a == null || b == null) return;
            setError(null);
            request<{ changes: ServerChange[] }>(urls.versionDiff(slug, a, b))
              .then(({ data }) => setResult(data.changes ?? []))
              .catch((err: unknown) => setError(err instanceof ApiError ? err.message : String(err)));
          }}
        >
          {t("diff.run")}
        </button>
      </div>
      {error ? <p className="error-text">{error}</p> : null}
      {result ? <ChangeList changes={result} testid="version-changes" /> : null}
    </section>
  );
}
