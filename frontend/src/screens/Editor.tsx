// The editor of one rule set: the draft with live validation, save (If-Match), publish,
// and the raw, diff, play-checker and simulation tabs. The draft's state and requests are
// in editor/useDraft.ts (a reducer, editor/draftState.ts), the tabs and the raw-text guard
// in editor/useTabs.ts, the problems shown in editor/useProblems.ts, the banners in
// editor/Banners.tsx.
import { useCallback, useEffect, useMemo, type KeyboardEvent, type RefObject } from "react";
import { pageContext } from "../lib/api";
import { hasKey, useI18n } from "../lib/i18n";
import { ANCHORS, type Problem } from "../lib/problems";
import { useValidation } from "../lib/validate";
import { DocContext, ProblemList, anchorId } from "../widgets/doc";
import { RulesForm, SECTIONS } from "./RulesForm";
import { RawTab } from "./RawTab";
import { DiffTab } from "./DiffTab";
import { pathInWords, staleNotes } from "../lib/notes";
import { CheckerTab } from "./CheckerTab";
import { SimulationTab } from "./SimulationTab";
import { CompareTab } from "./CompareTab";
import { RulebookTab } from "./RulebookTab";
import { PlayTab } from "./PlayTab";
import { WatchTab } from "./WatchTab";
import { ConflictBanner, PublishConfirm, RawKeptBanner, RawLeaveBanner, RestoreBanner } from "./editor/Banners";
import { useDraft } from "./editor/useDraft";
import { useProblems } from "./editor/useProblems";
import { TABS, useTabs, type Tab } from "./editor/useTabs";

export type { DraftBody, VariantDetail } from "./editor/draftState";
export { fromSaveErrors } from "./editor/useDraft";
export { TABS, type Tab } from "./editor/useTabs";

export function Editor({ slug, tab, onTab }: { slug: string; tab: Tab; onTab: (tab: Tab) => void }) {
  const { t, lang } = useI18n();
  const ctx = useMemo(pageContext, []);
  const publishedText = useCallback((n: number) => t("ed.published", { n }), [t]);
  const editor = useDraft(slug, publishedText);
  const { draft, doc, variant, save, dirty } = editor;
  const tabs = useTabs(tab, onTab);
  const { rawBroken, setRawBroken, pendingTab } = tabs;
  const validation = useValidation(doc);
  const { problems, pinned, errorCount, warningCount, valid, checking, sectionErrors } = useProblems(
    validation,
    editor.serverProblems,
    draft,
    doc,
  );

  useEffect(() => {
    if (!dirty && !rawBroken) return;
    const handler = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", handler);
    return () => window.removeEventListener("beforeunload", handler);
  }, [dirty, rawBroken]);

  const docState = useMemo(() => ({ doc: doc ?? {}, update: editor.update, pinned }), [doc, editor.update, pinned]);
  // House notes whose rules changed since they were confirmed (issue 34 §3).
  const stale = useMemo(() => staleNotes(problems), [problems]);
  const goToNotes = useCallback(() => {
    onTab("rules");
    window.setTimeout(() => document.getElementById(anchorId("house_notes"))?.scrollIntoView({ block: "center" }), 50);
  }, [onTab]);

  if (editor.loadError)
    return (
      <div className="panel error-panel" role="alert">
        <p>
          {t("app.error")}: {editor.loadError}
        </p>
        <button type="button" onClick={() => void editor.load()}>
          {t("app.retry")}
        </button>
      </div>
    );
  if (!draft || !doc) return <p className="muted">{t("app.loading")}</p>;

  const latest = variant?.version ?? draft.latest_version ?? null;
  const canPublish = Boolean(ctx.can_publish);
  const name = (doc.name ?? {}) as { zh?: string; en?: string };
  const { confirming, publishing, publishMsg, backup, etag } = editor;

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
              onClick={() => void editor.saveDraft(etag)}
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
                onClick={() => void editor.askPublish()}
              >
                {publishing ? t("ed.publishing") : t("ed.publish")}
              </button>
            ) : null}
          </div>
          {confirming ? (
            <PublishConfirm
              confirming={confirming}
              stale={stale}
              doc={doc}
              latest={latest}
              onGoToNotes={goToNotes}
              onPublish={() => void editor.publish()}
              onCancel={editor.cancelPublish}
            />
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
            <ConflictBanner
              changes={save.changes}
              onReload={editor.takeTheirs}
              onOverwrite={() => void editor.saveDraft(save.etag ?? "*")}
            />
          ) : null}
          {backup ? (
            <RestoreBanner backup={backup} onRestore={editor.restoreBackup} onDiscard={editor.discardBackup} />
          ) : null}
          <TabList tab={tab} tabRefs={tabs.tabRefs} onRequest={tabs.requestTab} onKeyDown={tabs.onTabKey} />
          {pendingTab && rawBroken ? (
            <RawLeaveBanner
              broken={rawBroken}
              pendingTab={pendingTab}
              onKeep={tabs.keepEditing}
              onDiscard={tabs.discardText}
            />
          ) : null}
          {rawBroken && tab !== "raw" ? (
            <RawKeptBanner broken={rawBroken} onBack={() => onTab("raw")} onDiscard={() => setRawBroken(null)} />
          ) : null}
        </div>

        <div role="tabpanel" id={`edpanel-${tab}`} aria-labelledby={`edtab-${tab}`} tabIndex={0} className="tab-panel">

        {tab === "rules" || tab === "raw" ? (
          <Summary problems={pinned.unpinned} pinnedCount={problems.length - pinned.unpinned.length} all={problems} showAll={tab === "raw"} />
        ) : null}

        {tab === "rules" ? (
          <div className="rules-layout">
            <SectionNav sectionErrors={sectionErrors} />
            <RulesForm slug={slug} />
          </div>
        ) : null}
        {tab === "raw" ? (
          <RawTab
            doc={doc}
            onChange={editor.replace}
            broken={rawBroken}
            onBroken={setRawBroken}
            areaRef={tabs.rawArea}
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

/** The editor's tabs: one button per tab, the arrow keys move between them. */
function TabList(props: {
  tab: Tab;
  tabRefs: RefObject<Partial<Record<Tab, HTMLButtonElement | null>>>;
  onRequest: (tab: Tab) => void;
  onKeyDown: (e: KeyboardEvent<HTMLButtonElement>) => void;
}) {
  const { t } = useI18n();
  return (
    <div className="tabs" role="tablist" aria-label={t("ed.tabs")}>
      {TABS.map((name) => (
        <button
          key={name}
          ref={(el) => {
            props.tabRefs.current[name] = el;
          }}
          type="button"
          role="tab"
          id={`edtab-${name}`}
          aria-controls={`edpanel-${name}`}
          aria-selected={props.tab === name}
          tabIndex={props.tab === name ? 0 : -1}
          className={props.tab === name ? "active" : ""}
          data-testid={`tab-${name}`}
          onClick={() => props.onRequest(name)}
          onKeyDown={props.onKeyDown}
        >
          {t(`ed.tab.${name}`)}
        </button>
      ))}
    </div>
  );
}

/** Links to the form's sections, each with its count of errors. */
function SectionNav(props: { sectionErrors: Record<string, number> }) {
  const { t } = useI18n();
  return (
    <nav className="section-nav" aria-label={t("ed.sections")}>
      {SECTIONS.map((s) => (
        <a key={s} href={`#sec-${s}`} onClick={(e) => {
          e.preventDefault();
          document.getElementById(`sec-${s}`)?.scrollIntoView({ behavior: "smooth", block: "start" });
        }}>
          {t(`sec.${s}`)}
          {props.sectionErrors[s] ? <span className="count-badge">{props.sectionErrors[s]}</span> : null}
        </a>
      ))}
    </nav>
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
