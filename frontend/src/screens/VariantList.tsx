// The list of rule sets: name, status, latest version.
import { useEffect, useState } from "react";
import { ApiError, listOf, request, urls } from "../lib/api";
import { useI18n } from "../lib/i18n";

export interface VariantSummary {
  slug: string;
  name_zh?: string;
  name_en?: string;
  description?: string;
  version?: number | null;
  checksum?: string | null;
  versions?: number;
}

interface DraftInfo {
  changed?: boolean;
  valid?: boolean;
  revision?: number;
}

export function statusOf(v: VariantSummary, draft?: DraftInfo): "unpublished" | "changed" | "published" {
  if (v.version == null) return "unpublished";
  if (draft?.changed) return "changed";
  return "published";
}

export function VariantList({ onOpen }: { onOpen: (slug: string) => void }) {
  const { t, lang } = useI18n();
  const [items, setItems] = useState<VariantSummary[] | null>(null);
  const [drafts, setDrafts] = useState<Record<string, DraftInfo>>({});
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState("");
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setError(null);
    request<unknown>(urls.variants())
      .then(({ data }) => {
        if (!live) return;
        const list = listOf<VariantSummary>(data);
        setItems(list);
        // Draft status needs staff; failures just leave the status as "published".
        for (const v of list) {
          request<DraftInfo>(urls.draft(v.slug))
            .then(({ data: d }) => live && setDrafts((cur) => ({ ...cur, [v.slug]: d })))
            .catch(() => undefined);
        }
      })
      .catch((err: unknown) => live && setError(err instanceof ApiError ? err.message : String(err)));
    return () => {
      live = false;
    };
  }, [attempt]);

  if (error)
    return (
      <div className="panel error-panel" role="alert">
        <p>
          {t("app.error")}: {error}
        </p>
        <button type="button" onClick={() => setAttempt((a) => a + 1)}>
          {t("app.retry")}
        </button>
      </div>
    );
  if (!items) return <p className="muted">{t("app.loading")}</p>;
  const q = filter.trim().toLowerCase();
  const shown = items.filter(
    (v) => !q || [v.slug, v.name_zh, v.name_en].some((s) => (s ?? "").toLowerCase().includes(q)),
  );
  return (
    <div className="variant-list">
      <div className="list-head">
        <h1>{t("list.title")}</h1>
        <input type="search" placeholder={t("list.filter")} value={filter} aria-label={t("list.filter")} onChange={(e) => setFilter(e.target.value)} />
      </div>
      {items.length === 0 ? <p className="muted">{t("list.empty")}</p> : null}
      <ul className="cards" data-testid="variant-list">
        {shown.map((v) => {
          const status = statusOf(v, drafts[v.slug]);
          const primary = lang === "zh" ? v.name_zh : v.name_en;
          const secondary = lang === "zh" ? v.name_en : v.name_zh;
          return (
            <li key={v.slug} className="card" data-slug={v.slug}>
              <a
                href={`#/variants/${encodeURIComponent(v.slug)}`}
                className="card-link"
                onClick={(e) => {
                  e.preventDefault();
                  onOpen(v.slug);
                }}
              >
                <div className="card-title">
                  <strong>{primary || v.slug}</strong> <span className="muted">{secondary}</span>
                </div>
                <code className="slug">{v.slug}</code>
                <div className="card-meta">
                  <span className={`badge status-${status}`} data-testid={`status-${v.slug}`}>
                    {t(`status.${status}`)}
                  </span>
                  <span className="version">
                    {t("list.latest")}: {v.version != null ? `v${v.version}` : "—"}
                  </span>
                </div>
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
