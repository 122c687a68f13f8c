// The list of rule sets: name, status, latest version.
import { useEffect, useState } from "react";
import { ApiError, listOf, pageContext, request, urls, type BasedOn } from "../lib/api";
import { useI18n } from "../lib/i18n";
import { scratchDefinition } from "../lib/scratch";

export interface VariantSummary {
  slug: string;
  name_zh?: string;
  name_en?: string;
  description?: string;
  version?: number | null;
  checksum?: string | null;
  versions?: number;
  based_on?: BasedOn | null;
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
  // The "new rule set" panel: from scratch ("") or cloning a rule set.
  const [creating, setCreating] = useState<{ from: string } | null>(null);
  // The buttons follow the account's permissions, as the admin and the API do.
  const canAdd = Boolean(pageContext().can_add);

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
        {canAdd ? (
          <button type="button" className="primary" data-testid="new-rule-set" onClick={() => setCreating({ from: "" })}>
            {t("list.new")}
          </button>
        ) : null}
      </div>
      {creating ? (
        <NewRuleSet
          key={creating.from}
          items={items}
          from={creating.from}
          onCancel={() => setCreating(null)}
          onCreated={(slug) => {
            setCreating(null);
            onOpen(slug);
          }}
        />
      ) : null}
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
                    {t("list.latest")}: {v.version != null ? t("sim.versionN", { n: v.version }) : "—"}
                  </span>
                  {v.based_on ? (
                    <span className="muted small">{t("list.basedOn", { slug: v.based_on.slug, n: v.based_on.version })}</span>
                  ) : null}
                </div>
              </a>
              {canAdd && v.version != null ? (
                <button type="button" className="card-action" data-testid={`clone-${v.slug}`} onClick={() => setCreating({ from: v.slug })}>
                  {t("list.clone")}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Create a rule set from scratch or by cloning any published version of another. */
function NewRuleSet(props: {
  items: VariantSummary[];
  from: string;
  onCancel: () => void;
  onCreated: (slug: string) => void;
}) {
  const { t } = useI18n();
  const [from, setFrom] = useState(props.from);
  const [versions, setVersions] = useState<number[]>([]);
  const [version, setVersion] = useState<number | null>(null);
  const [slug, setSlug] = useState("");
  // Until the operator edits it, the id follows the Chinese name (its pinyin, from the server).
  const [slugEdited, setSlugEdited] = useState(false);
  const [zh, setZh] = useState("");
  const [en, setEn] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sources = props.items.filter((v) => v.version != null);

  useEffect(() => {
    setVersions([]);
    setVersion(null);
    if (!from) return;
    request<unknown>(urls.versions(from))
      .then(({ data }) => {
        const nums = listOf<{ number: number }>(data)
          .map((v) => v.number)
          .sort((a, b) => b - a);
        setVersions(nums);
        setVersion(nums[0] ?? null);
      })
      .catch(() => setVersions([]));
  }, [from]);

  const origin = props.items.find((v) => v.slug === from);
  const nameForSlug = zh.trim() || (origin ? `${origin.name_zh || origin.slug}（副本）` : "");
  useEffect(() => {
    if (slugEdited) return;
    if (!nameForSlug) {
      setSlug("");
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      request<{ slug: string }>(urls.slug(nameForSlug))
        .then(({ data }) => live && setSlug(data.slug))
        .catch(() => undefined);
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [nameForSlug, slugEdited]);

  const submit = async () => {
    setBusy(true);
    setError(null);
    const names = { ...(zh ? { name_zh: zh } : {}), ...(en ? { name_en: en } : {}) };
    const body = from
      ? { slug, based_on: { slug: from, version }, ...names }
      : { slug, definition: scratchDefinition(slug, zh, en), ...names };
    try {
      const { data } = await request<{ slug?: string }>(urls.variants(), { method: "POST", body });
      props.onCreated(data?.slug ?? slug);
    } catch (err) {
      const detail =
        err instanceof ApiError && err.body.errors?.length
          ? err.body.errors.map((e) => `${e.path}: ${e.message}`).join("; ")
          : err instanceof Error
            ? err.message
            : String(err);
      setError(detail);
      setBusy(false);
    }
  };

  return (
    <form
      className="panel new-rule-set"
      data-testid="new-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2>{t("new.title")}</h2>
      <label>
        {t("new.from")}{" "}
        <select value={from} onChange={(e) => setFrom(e.target.value)} data-testid="new-from">
          <option value="">{t("new.scratch")}</option>
          {sources.map((v) => (
            <option key={v.slug} value={v.slug}>
              {v.slug}
            </option>
          ))}
        </select>
      </label>
      {from && versions.length ? (
        <label>
          {t("new.version")}{" "}
          <select value={version ?? ""} onChange={(e) => setVersion(Number(e.target.value))} data-testid="new-version">
            {versions.map((n) => (
              <option key={n} value={n}>
                v{n}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label>
        {t("new.zh")} <input value={zh} onChange={(e) => setZh(e.target.value)} data-testid="new-zh" />
      </label>
      <label>
        {t("new.slug")}{" "}
        <input
          value={slug}
          onChange={(e) => {
            setSlugEdited(true);
            setSlug(e.target.value.trim());
          }}
          data-testid="new-slug"
          aria-describedby="new-slug-auto"
          required
        />
        {!slugEdited ? (
          <span className="muted small" id="new-slug-auto">
            {" "}
            {t("new.slug.auto")}
          </span>
        ) : null}
      </label>
      <label>
        {t("new.en")} <input value={en} onChange={(e) => setEn(e.target.value)} data-testid="new-en" />
      </label>
      {error ? (
        <p className="error-text" role="alert" data-testid="new-error">
          {error}
        </p>
      ) : null}
      <div className="buttons">
        <button type="submit" className="primary" disabled={busy || !slug} data-testid="new-create">
          {busy ? t("new.creating") : t("new.create")}
        </button>
        <button type="button" onClick={props.onCancel}>
          {t("new.cancel")}
        </button>
      </div>
    </form>
  );
}
