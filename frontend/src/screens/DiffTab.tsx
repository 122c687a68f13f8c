// The draft against the latest published version, and any two published versions.
import { useEffect, useMemo, useState } from "react";
import { ApiError, listOf, request, urls } from "../lib/api";
import { useI18n } from "../lib/i18n";
import { diffValues } from "../lib/diff";
import { comparable } from "../lib/normalise";

let schemaCache: Promise<Record<string, unknown> | null> | null = null;
export function variantSchema(): Promise<Record<string, unknown> | null> {
  schemaCache ??= request<Record<string, unknown>>(urls.schema())
    .then((r) => r.data)
    .catch(() => null);
  return schemaCache;
}

function show(v: unknown): string {
  if (v === undefined) return "—";
  return typeof v === "string" ? v : JSON.stringify(v);
}

interface ServerChange {
  path: string;
  old: unknown;
  new: unknown;
  change: string;
}

export function DiffTab(props: { slug: string; doc: Record<string, unknown>; published: Record<string, unknown> | null; latest: number | null }) {
  const { t } = useI18n();
  const [schema, setSchema] = useState<Record<string, unknown> | null | undefined>(undefined);
  useEffect(() => {
    void variantSchema().then(setSchema);
  }, []);
  const changes = useMemo(() => {
    if (!props.published || schema === undefined) return null;
    return diffValues(comparable(props.published, schema), comparable(props.doc, schema));
  }, [props.published, props.doc, schema]);

  return (
    <div className="diff-tab">
      <h2>
        {t("diff.title")} {props.latest ? <span className="muted">(v{props.latest})</span> : null}
      </h2>
      {!props.published ? (
        <p className="muted">{t("diff.nopublished")}</p>
      ) : changes === null ? (
        <p className="muted">{t("app.loading")}</p>
      ) : changes.length === 0 ? (
        <p data-testid="diff-none">{t("diff.none")}</p>
      ) : (
        <>
          <p>{t("diff.count", { n: changes.length })}</p>
          <div className="table-wrap">
            <table className="diff" data-testid="diff-table">
              <thead>
                <tr>
                  <th>{t("diff.path")}</th>
                  <th>{t("diff.before")}</th>
                  <th>{t("diff.after")}</th>
                </tr>
              </thead>
              <tbody>
                {changes.map((c) => (
                  <tr key={c.path} className={c.kind}>
                    <td>
                      <code>{c.path}</code>
                    </td>
                    <td className="before">{show(c.before)}</td>
                    <td className="after">{show(c.after)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
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
        const nums = listOf<{ number: number }>(data).map((v) => v.number).sort((x, y) => x - y);
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
    <div className="version-diff">
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
      {result ? (
        result.length === 0 ? (
          <p>{t("diff.none")}</p>
        ) : (
          <div className="table-wrap">
            <table className="diff">
              <thead>
                <tr>
                  <th>{t("diff.path")}</th>
                  <th>v{a}</th>
                  <th>v{b}</th>
                </tr>
              </thead>
              <tbody>
                {result.map((c) => (
                  <tr key={c.path} className={c.change}>
                    <td>
                      <code>{c.path}</code>
                    </td>
                    <td className="before">{show(c.old)}</td>
                    <td className="after">{show(c.new)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : null}
    </div>
  );
}
