// The editor of one rule set: the draft with live validation, save (If-Match), publish,
// and the raw, diff, play-checker and simulation tabs.
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { ApiError, diffSides, pageContext, request, urls, type BasedOn, type ServerChange } from "../lib/api";
import { hasKey, useI18n } from "../lib/i18n";
import { setIn } from "../lib/path";
import { ANCHORS, pinProblems, sectionOf, type Problem } from "../lib/problems";
import { useValidation } from "../lib/validate";
import { DocContext, ProblemList, anchorId } from "../widgets/doc";
import { RulesForm, SECTIONS } from "./RulesForm";
import { RawTab, goToLine, problemText, type BrokenText } from "./RawTab";
import { ChangeList, DiffTab } from "./DiffTab";
import { pathInWords, staleNotes } from "../lib/notes";
import { StaleNoteList } from "../widgets/StaleNotes";
import { CheckerTab } from "./CheckerTab";
import { SimulationTab } from "./SimulationTab";
import { CompareTab } from "./CompareTab";
import { RulebookTab } from "./RulebookTab";
import { PlayTab } from "./PlayTab";
import { WatchTab } from "./WatchTab";

export interface DraftBody {
  slug: string;
  name_zh?: string;
  name_en?: string;
  revision: number;
  definition: Record<string, unknown>;
  valid?: boolean;
  errors?: Problem[];
  warnings?: Problem[];
  latest_version?: number | null;
  changed?: boolean;
  based_on?: BasedOn | null;
}

export interface VariantDetail {
  slug: string;
  name_zh?: string;
  name_en?: string;
  version: number | null;
  definition: Record<string, unknown> | null;
}

export const TABS = ["rules", "raw", "diff", "check", "sim", "compare", "rulebook", "play", "watch"] as const;
export type Tab = (typeof TABS)[number];

const BACKUP_PREFIX = "baohuang.editor.unsaved.";

interface Backup {
  doc: Record<string, unknown>;
  revision: number;
  at: string;
}

function readBackup(slug: string): Backup | null {
  try {
    const raw = localStorage.getItem(BACKUP_PREFIX + slug);
    return raw ? (JSON.parse(raw) as Backup) : null;
  } catch {
    return null;
  }
}

function writeBackup(slug: string, backup: Backup | null) {
  try {
    if (backup) localStorage.setItem(BACKUP_PREFIX + slug, JSON.stringify(backup));
    else localStorage.removeItem(BACKUP_PREFIX + slug);
  } catch {
    /* storage full or unavailable: the page still holds the edits */
  }
}

/** Problems from a failed save: paths come under `definition.`; strip that prefix. */
export function fromSaveErrors(errors: { path: string; message: string }[] | undefined): Problem[] {
  return (errors ?? []).map((e) => ({
    path: e.path.replace(/^definition(\.|(?=\[)|$)/, ""),
    message: e.message,
    severity: "error" as const,
  }));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

type SaveState =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved"; at: Date }
  | { kind: "error"; message: string }
  | { kind: "conflict"; theirs: DraftBody | null; etag: string | null; changes: ServerChange[] };

export function Editor({ slug, tab, onTab }: { slug: string; tab: Tab; onTab: (tab: Tab) => void }) {
  const { t, tk, lang } = useI18n();
  const ctx = useMemo(pageContext, []);
  const [draft, setDraft] = useState<DraftBody | null>(null);
  const [etag, setEtag] = useState<string | null>(null);
  const [doc, setDoc] = useState<Record<string, unknown> | null>(null);
  const [variant, setVariant] = useState<VariantDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [save, setSave] = useState<SaveState>({ kind: "idle" });
  const [publishMsg, setPublishMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const [publishing, setPublishing] = useState(false);
  // The changes shown before publishing (null: no confirmation open).
  const [confirming, setConfirming] = useState<{ changes: ServerChange[] | null; error?: string } | null>(null);
  const [serverProblems, setServerProblems] = useState<Problem[] | null>(null);
  const [backup, setBackup] = useState<Backup | null>(null);
  // Raw text that does not parse: kept across tabs until fixed or discarded.
  const [rawBroken, setRawBroken] = useState<BrokenText | null>(null);
  // A tab asked for while the raw text does not parse (the choice is shown).
  const [pendingTab, setPendingTab] = useState<Tab | null>(null);
  const rawArea = useRef<HTMLTextAreaElement>(null);
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const validation = useValidation(doc);

  const requestTab = useCallback(
    (next: Tab) => {
      if (next === tab) return;
      if (tab === "raw" && rawBroken) return setPendingTab(next);
      onTab(next);
    },
    [tab, rawBroken, onTab],
  );
  const keepEditing = useCallback(() => {
    setPendingTab(null);
    goToLine(rawArea.current, rawBroken?.problem.line ?? 1);
  }, [rawBroken]);
  const discardText = useCallback(() => {
    const next = pendingTab;
    setRawBroken(null);
    setPendingTab(null);
    if (next) onTab(next);
  }, [pendingTab, onTab]);
  const onTabKey = useCallback(
    (e: KeyboardEvent<HTMLButtonElement>) => {
      const at = TABS.indexOf(tab);
      const target =
        e.key === "ArrowRight"
          ? TABS[(at + 1) % TABS.length]
          : e.key === "ArrowLeft"
            ? TABS[(at - 1 + TABS.length) % TABS.length]
            : e.key === "Home"
              ? TABS[0]
              : e.key === "End"
                ? TABS[TABS.length - 1]
                : null;
      if (!target) return;
      e.preventDefault();
      requestTab(target);
      if (!(tab === "raw" && rawBroken)) tabRefs.current[target]?.focus();
    },
    [tab, rawBroken, requestTab],
  );

  const loadVariant = useCallback(async () => {
    try {
      const { data } = await request<VariantDetail>(urls.variant(slug));
      setVariant(data);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) throw err;
    }
  }, [slug]);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const [{ data, etag: tag }] = await Promise.all([request<DraftBody>(urls.draft(slug)), loadVariant()]);
      setDraft(data);
      setEtag(tag ?? `"${data.revision}"`);
      setDoc(data.definition);
      const stored = readBackup(slug);
      if (stored && !same(stored.doc, data.definition)) setBackup(stored);
      else writeBackup(slug, null);
    } catch (err) {
      setLoadError(err instanceof Error ? err.message : String(err));
    }
  }, [slug, loadVariant]);

  useEffect(() => {
    void load();
  }, [load]);

  const dirty = draft !== null && doc !== null && !same(doc, draft.definition);

  // Keep unsaved edits in this browser so that nothing is lost (a crash, a conflict).
  useEffect(() => {
    if (!draft || !doc) return;
    if (dirty) writeBackup(slug, { doc, revision: draft.revision, at: new Date().toISOString() });
    else if (!backup) writeBackup(slug, null);
  }, [doc, draft, dirty, slug, backup]);

  useEffect(() => {
    if (!dirty && !rawBroken) return;
    const handler = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", handler);
    return () => window.removeEventListener("beforeunload", handler);
  }, [dirty, rawBroken]);

  const update = useCallback((path: string, value: unknown) => {
    setDoc((cur) => (cur ? setIn(cur, path, value) : cur));
    setServerProblems(null);
    setSave((s) => (s.kind === "saved" || s.kind === "error" ? { kind: "idle" } : s));
  }, []);

  // The problems shown: the latest validation (kept while a new one runs).
  const result =
    validation.state === "done" ? validation.result : validation.state === "checking" ? validation.last : undefined;
  const problems: Problem[] = useMemo(() => {
    if (serverProblems) return serverProblems;
    if (result) return [...result.errors, ...result.warnings];
    if (validation.state === "unavailable" && draft && doc && same(doc, draft.definition))
      return [...(draft.errors ?? []).map((p) => ({ ...p, severity: "error" as const })), ...(draft.warnings ?? []).map((p) => ({ ...p, severity: "warning" as const }))];
    return [];
  }, [serverProblems, result, validation.state, draft, doc]);
  const pinned = useMemo(() => pinProblems(problems, ANCHORS), [problems]);
  const errorCount = problems.filter((p) => p.severity !== "warning").length;
  const warningCount = problems.length - errorCount;
  const valid = validation.state === "done" ? validation.result.valid : errorCount === 0;
  const checking = validation.state === "checking" || validation.state === "idle";

  const doSave = useCallback(
    async (ifMatch: string | null) => {
      if (!doc) return;
      setSave({ kind: "saving" });
      try {
        const { data, etag: tag } = await request<DraftBody>(urls.draft(slug), {
          method: "PUT",
          body: { definition: doc },
          ifMatch,
        });
        setDraft(data);
        setEtag(tag ?? `"${data.revision}"`);
        setDoc(data.definition);
        setSave({ kind: "saved", at: new Date() });
        setBackup(null);
        writeBackup(slug, null);
      } catch (err) {
        if (err instanceof ApiError && err.status === 412) {
          let theirs: DraftBody | null = null;
          let theirTag: string | null = null;
          try {
            const r = await request<DraftBody>(urls.draft(slug));
            theirs = r.data;
            theirTag = r.etag ?? `"${r.data.revision}"`;
          } catch {
            /* shown without the comparison */
          }
          const changes = theirs ? await diffSides(theirs.definition, doc).catch(() => []) : [];
          setSave({ kind: "conflict", theirs, etag: theirTag, changes });
        } else if (err instanceof ApiError && err.status === 400 && err.body.errors?.length) {
          setServerProblems(fromSaveErrors(err.body.errors));
          setSave({ kind: "error", message: err.message });
        } else {
          setSave({ kind: "error", message: err instanceof Error ? err.message : String(err) });
        }
      }
    },
    [doc, slug],
  );

  // Publishing asks first: the changes since the latest version, as sentences.
  const askPublish = useCallback(async () => {
    if (!draft) return;
    const latestNow = variant?.version ?? draft.latest_version ?? null;
    setPublishMsg(null);
    if (!latestNow) return setConfirming({ changes: [] });
    setConfirming({ changes: null });
    try {
      setConfirming({ changes: await diffSides(`${slug}@${latestNow}`, `${slug}@draft`) });
    } catch (err) {
      setConfirming({ changes: [], error: err instanceof Error ? err.message : String(err) });
    }
  }, [draft, variant, slug]);

  const doPublish = useCallback(async () => {
    if (!draft) return;
    setConfirming(null);
    setPublishing(true);
    setPublishMsg(null);
    try {
      const { data } = await request<{ number: number }>(urls.publish(slug), {
        method: "POST",
        body: { revision: draft.revision },
      });
      setPublishMsg({ ok: true, text: t("ed.published", { n: data.number }) });
      await loadVariant();
      const r = await request<DraftBody>(urls.draft(slug));
      setDraft(r.data);
      setEtag(r.etag ?? `"${r.data.revision}"`);
    } catch (err) {
      setPublishMsg({ ok: false, text: err instanceof Error ? err.message : String(err) });
    } finally {
      setPublishing(false);
    }
  }, [draft, slug, t, loadVariant]);

  const docState = useMemo(() => ({ doc: doc ?? {}, update, pinned }), [doc, update, pinned]);
  // House notes whose rules changed since they were confirmed (issue 34 §3).
  const stale = useMemo(() => staleNotes(problems), [problems]);
  const goToNotes = useCallback(() => {
    onTab("rules");
    window.setTimeout(() => document.getElementById(anchorId("house_notes"))?.scrollIntoView({ block: "center" }), 50);
  }, [onTab]);
  const sectionErrors = useMemo(() => {
    const counts: Record<string, number> = {};
    for (const p of problems) if (p.severity !== "warning") counts[sectionOf(p.path)] = (counts[sectionOf(p.path)] ?? 0) + 1;
    return counts;
  }, [problems]);

  if (loadError)
    return (
      <div className="panel error-panel" role="alert">
        <p>
          {t("app.error")}: {loadError}
        </p>
        <button type="button" onClick={() => void load()}>
          {t("app.retry")}
        </button>
      </div>
    );
  if (!draft || !doc) return <p className="muted">{t("app.loading")}</p>;

  const latest = variant?.version ?? draft.latest_version ?? null;
  const canPublish = Boolean(ctx.can_publish);
  const name = (doc.name ?? {}) as { zh?: string; en?: string };

  return (
    <DocContext.Provider value={docState}>
      <div className="editor">
        <div className="editor-head">
          <div className="title-row">
            <h1>
              {lang === "zh" ? (
                name.zh || draft.name_zh
              ) : (
                <>
                  {name.zh || draft.name_zh} <span className="muted">{name.en || draft.name_en}</span>
                </>
              )}
            </h1>
            <code className="slug">{slug}</code>
            <span className="muted small">
              {t("ed.revision", { n: draft.revision })} · {latest ? t("ed.version", { n: latest }) : t("ed.noversion")}
            </span>
          </div>
          <div className="action-row">
            <span className={`validity ${rawBroken ? "bad" : checking ? "checking" : valid ? "ok" : "bad"}`} data-testid="validity">
              {rawBroken
                ? t(rawBroken.problem.line === null ? "val.rawBroken" : "val.rawBrokenAt", {
                    format: rawBroken.format.toUpperCase(),
                    line: rawBroken.problem.line ?? "",
                  })
                : checking
                ? t("val.checking")
                : validation.state === "unavailable"
                  ? t("val.unreachable")
                  : errorCount
                    ? t("val.errors", { n: errorCount })
                    : t("val.ok")}
              {warningCount && !rawBroken ? ` · ${t("val.warnings", { n: warningCount })}` : ""}
            </span>
            <span className={`dirty ${dirty || rawBroken ? "yes" : ""}`} data-testid="dirty">
              {rawBroken
                ? t("ed.textNotApplied")
                : dirty
                  ? t("ed.unsaved")
                  : save.kind === "saved"
                    ? t("ed.saved")
                    : t("ed.nochanges")}
            </span>
            <button
              type="button"
              className="primary"
              data-testid="save"
              disabled={!dirty || save.kind === "saving" || rawBroken !== null}
              title={rawBroken ? t("ed.save.textBroken") : undefined}
              onClick={() => void doSave(etag)}
            >
              {save.kind === "saving" ? t("ed.saving") : t("ed.save")}
            </button>
            {canPublish ? (
              <button
                type="button"
                className="publish"
                data-testid="publish"
                disabled={publishing || dirty || !valid || !draft.changed || rawBroken !== null}
                title={dirty ? t("ed.publish.saveFirst") : !valid ? t("ed.publish.invalid") : undefined}
                onClick={() => void askPublish()}
              >
                {publishing ? t("ed.publishing") : t("ed.publish")}
              </button>
            ) : null}
          </div>
          {confirming ? (
            <div className="banner confirm" role="dialog" aria-label={t("ed.publish.title")} data-testid="publish-confirm">
              <strong>{t("ed.publish.title")}</strong>
              <p>{t("ed.publish.confirm")}</p>
              {confirming.error ? <p className="error-text">{confirming.error}</p> : null}
              {stale.length ? (
                <div className="banner conflict" role="alert" data-testid="publish-stale-notes">
                  <p>{t("ed.publish.staleNotes", { n: stale.length })}</p>
                  <StaleNoteList
                    notes={stale}
                    doc={doc}
                    onGo={() => {
                      setConfirming(null);
                      goToNotes();
                    }}
                  />
                </div>
              ) : null}
              {confirming.changes === null ? (
                <p className="muted">{t("app.loading")}</p>
              ) : latest ? (
                <ChangeList changes={confirming.changes} testid="publish-changes" />
              ) : (
                <p>{t("ed.publish.first")}</p>
              )}
              <div className="buttons">
                <button
                  type="button"
                  className="publish"
                  data-testid="publish-go"
                  disabled={confirming.changes === null}
                  onClick={() => void doPublish()}
                >
                  {t("ed.publish.go")}
                </button>
                <button type="button" data-testid="publish-cancel" onClick={() => setConfirming(null)}>
                  {t("ed.publish.cancel")}
                </button>
              </div>
            </div>
          ) : null}
          {save.kind === "error" ? (
            <div className="banner error" role="alert" data-testid="save-error">
              {save.message}
            </div>
          ) : null}
          {publishMsg ? (
            <div className={`banner ${publishMsg.ok ? "ok" : "error"}`} role="status" data-testid="publish-result">
              {publishMsg.text}
            </div>
          ) : null}
          {save.kind === "conflict" ? (
            <div className="banner conflict" role="alert" data-testid="conflict">
              <strong>{t("ed.conflict.title")}</strong>
              <p>{t("ed.conflict.body")}</p>
              {save.changes.length ? (
                <details>
                  <summary>
                    {t("ed.conflict.changes")} ({save.changes.length})
                  </summary>
                  <ul className="mini-diff">
                    {save.changes.slice(0, 40).map((c, i) => (
                      <li key={`${c.path}:${i}`}>{c.text[lang]}</li>
                    ))}
                  </ul>
                </details>
              ) : null}
              <div className="buttons">
                <button
                  type="button"
                  data-testid="conflict-reload"
                  onClick={() => {
                    if (!save.theirs) return void load();
                    setDraft(save.theirs);
                    setEtag(save.etag);
                    setDoc(save.theirs.definition);
                    setSave({ kind: "idle" });
                  }}
                >
                  {t("ed.conflict.reload")}
                </button>
                <button type="button" data-testid="conflict-overwrite" onClick={() => void doSave(save.etag ?? "*")}>
                  {t("ed.conflict.overwrite")}
                </button>
              </div>
            </div>
          ) : null}
          {backup ? (
            <div className="banner conflict" role="alert" data-testid="restore">
              <strong>{t("ed.restore.title")}</strong> <span className="muted">({localTime(backup.at, lang)})</span>
              <div className="buttons">
                <button
                  type="button"
                  onClick={() => {
                    setDoc(backup.doc);
                    setBackup(null);
                  }}
                >
                  {t("ed.restore.apply")}
                </button>
                <button
                  type="button"
                  onClick={() => {
                    writeBackup(slug, null);
                    setBackup(null);
                  }}
                >
                  {t("ed.restore.discard")}
                </button>
              </div>
            </div>
          ) : null}
          <div className="tabs" role="tablist" aria-label={t("ed.tabs")}>
            {TABS.map((name) => (
              <button
                key={name}
                ref={(el) => {
                  tabRefs.current[name] = el;
                }}
                type="button"
                role="tab"
                id={`edtab-${name}`}
                aria-controls={`edpanel-${name}`}
                aria-selected={tab === name}
                tabIndex={tab === name ? 0 : -1}
                className={tab === name ? "active" : ""}
                data-testid={`tab-${name}`}
                onClick={() => requestTab(name)}
                onKeyDown={onTabKey}
              >
                {t(`ed.tab.${name}`)}
              </button>
            ))}
          </div>
          {pendingTab && rawBroken ? (
            <div
              className="banner conflict"
              role="alertdialog"
              aria-labelledby="raw-leave-title"
              aria-describedby="raw-leave-body"
              data-testid="raw-leave"
            >
              <strong id="raw-leave-title">{t("raw.leave.title", { format: rawBroken.format.toUpperCase() })}</strong>
              <p id="raw-leave-body">
                {problemText(tk, rawBroken.problem)} {t("raw.leave.body", { tab: t(`ed.tab.${pendingTab}`) })}
              </p>
              <div className="buttons">
                <button type="button" className="primary" data-testid="raw-keep" autoFocus onClick={keepEditing}>
                  {t("raw.leave.keep")}
                </button>
                <button type="button" data-testid="raw-discard" onClick={discardText}>
                  {t("raw.leave.discard", { tab: t(`ed.tab.${pendingTab}`) })}
                </button>
              </div>
            </div>
          ) : null}
          {rawBroken && tab !== "raw" ? (
            <div className="banner conflict" role="status" data-testid="raw-kept">
              {t("raw.kept", { format: rawBroken.format.toUpperCase() })}{" "}
              <button type="button" onClick={() => onTab("raw")}>
                {t("raw.kept.back")}
              </button>{" "}
              <button type="button" onClick={() => setRawBroken(null)}>
                {t("raw.discard")}
              </button>
            </div>
          ) : null}
        </div>

        <div role="tabpanel" id={`edpanel-${tab}`} aria-labelledby={`edtab-${tab}`} tabIndex={0} className="tab-panel">

        {tab === "rules" || tab === "raw" ? (
          <Summary problems={pinned.unpinned} pinnedCount={problems.length - pinned.unpinned.length} all={problems} showAll={tab === "raw"} />
        ) : null}

        {tab === "rules" ? (
          <div className="rules-layout">
            <nav className="section-nav" aria-label={t("ed.sections")}>
              {SECTIONS.map((s) => (
                <a key={s} href={`#sec-${s}`} onClick={(e) => {
                  e.preventDefault();
                  document.getElementById(`sec-${s}`)?.scrollIntoView({ behavior: "smooth", block: "start" });
                }}>
                  {t(`sec.${s}`)}
                  {sectionErrors[s] ? <span className="count-badge">{sectionErrors[s]}</span> : null}
                </a>
              ))}
            </nav>
            <RulesForm slug={slug} />
          </div>
        ) : null}
        {tab === "raw" ? (
          <RawTab
            doc={doc}
            onChange={(d) => {
              setDoc(d);
              setServerProblems(null);
            }}
            broken={rawBroken}
            onBroken={setRawBroken}
            areaRef={rawArea}
          />
        ) : null}
        {tab === "diff" ? (
          <DiffTab slug={slug} doc={doc} latest={latest} basedOn={draft.based_on ?? null} staleNotes={stale} onConfirmNotes={goToNotes} />
        ) : null}
        {tab === "check" ? <CheckerTab slug={slug} latest={latest} /> : null}
        {tab === "sim" ? <SimulationTab slug={slug} latest={latest} dirty={dirty} /> : null}
        {tab === "compare" ? <CompareTab slug={slug} latest={latest} doc={doc} dirty={dirty} basedOn={draft.based_on ?? null} /> : null}
        {tab === "play" ? <PlayTab slug={slug} latest={latest} /> : null}
        {tab === "watch" ? <WatchTab slug={slug} /> : null}
        {tab === "rulebook" ? <RulebookTab slug={slug} latest={latest} revision={draft.revision} dirty={dirty} /> : null}
        </div>
        {TABS.filter((name) => name !== tab).map((name) => (
          <div key={name} role="tabpanel" id={`edpanel-${name}`} aria-labelledby={`edtab-${name}`} hidden />
        ))}
      </div>
    </DocContext.Provider>
  );
}

function Summary(props: { problems: Problem[]; pinnedCount: number; all: Problem[]; showAll: boolean }) {
  const { t, tk, lang } = useI18n();
  const list = props.showAll ? props.all : props.problems;
  if (!list.length && !props.pinnedCount) return null;
  return (
    <div className="summary" data-testid="problem-summary">
      {list.length ? (
        <>
          <strong>{props.showAll ? t("val.pinned").replace(/[:：]$/, "") : t("val.summary")}</strong>
          <ProblemList problems={list} />
        </>
      ) : null}
      {!props.showAll && props.pinnedCount ? (
        <div className="pinned-links">
          {t("val.pinned")}{" "}
          {props.all
            .filter((p) => !props.problems.includes(p))
            .map((p, i) => {
              const anchor = ANCHORS.filter((a) => p.path === a || p.path.startsWith(a + ".") || p.path.startsWith(a + "[")).sort((a, b) => b.length - a.length)[0];
              return (
                <a
                  key={i}
                  href={`#${anchorId(anchor ?? "")}`}
                  className={`jump ${p.severity === "warning" ? "warning" : "error"}`}
                  onClick={(e) => {
                    e.preventDefault();
                    document.getElementById(anchorId(anchor ?? ""))?.scrollIntoView({ behavior: "smooth", block: "center" });
                  }}
                >
                  {lang === "zh" ? pathInWords(p.path, tk, hasKey) : p.path}
                </a>
              );
            })}
        </div>
      ) : null}
    </div>
  );
}

/** A stored ISO time as the reader's clock shows it (2026/12/3 08:42), not the raw string. */
function localTime(iso: string, lang: "zh" | "en"): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return at.toLocaleString(lang === "zh" ? "zh-CN" : "en-GB", { dateStyle: "medium", timeStyle: "short" });
}
