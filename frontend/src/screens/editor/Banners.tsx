// The banners of the editor's head: publishing's confirmation, a save conflict, the
// backup offered for restoring, and the choice when leaving raw text that does not parse.
import { useI18n } from "../../lib/i18n";
import type { ServerChange } from "../../lib/api";
import type { StaleNote } from "../../lib/notes";
import { StaleNoteList } from "../../widgets/StaleNotes";
import { ChangeList } from "../DiffTab";
import { problemText, type BrokenText } from "../RawTab";
import type { Backup, Confirming } from "./draftState";
import type { Tab } from "./useTabs";

export function PublishConfirm(props: {
  confirming: Confirming;
  stale: StaleNote[];
  doc: Record<string, unknown>;
  latest: number | null;
  onGoToNotes: () => void;
  onPublish: () => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const { confirming, stale } = props;
  return (
    <div className="banner confirm" role="dialog" aria-label={t("ed.publish.title")} data-testid="publish-confirm">
      <strong>{t("ed.publish.title")}</strong>
      <p>{t("ed.publish.confirm")}</p>
      {confirming.error ? <p className="error-text">{confirming.error}</p> : null}
      {stale.length ? (
        <div className="banner conflict" role="alert" data-testid="publish-stale-notes">
          <p>{t("ed.publish.staleNotes", { n: stale.length })}</p>
          <StaleNoteList
            notes={stale}
            doc={props.doc}
            onGo={() => {
              props.onCancel();
              props.onGoToNotes();
            }}
          />
        </div>
      ) : null}
      {confirming.changes === null ? (
        <p className="muted">{t("app.loading")}</p>
      ) : props.latest ? (
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
          onClick={props.onPublish}
        >
          {t("ed.publish.go")}
        </button>
        <button type="button" data-testid="publish-cancel" onClick={props.onCancel}>
          {t("ed.publish.cancel")}
        </button>
      </div>
    </div>
  );
}

export function ConflictBanner(props: { changes: ServerChange[]; onReload: () => void; onOverwrite: () => void }) {
  const { t, lang } = useI18n();
  return (
    <div className="banner conflict" role="alert" data-testid="conflict">
      <strong>{t("ed.conflict.title")}</strong>
      <p>{t("ed.conflict.body")}</p>
      {props.changes.length ? (
        <details>
          <summary>
            {t("ed.conflict.changes")} ({props.changes.length})
          </summary>
          <ul className="mini-diff">
            {props.changes.slice(0, 40).map((c, i) => (
              <li key={`${c.path}:${i}`}>{c.text[lang]}</li>
            ))}
          </ul>
        </details>
      ) : null}
      <div className="buttons">
        <button type="button" data-testid="conflict-reload" onClick={props.onReload}>
          {t("ed.conflict.reload")}
        </button>
        <button type="button" data-testid="conflict-overwrite" onClick={props.onOverwrite}>
          {t("ed.conflict.overwrite")}
        </button>
      </div>
    </div>
  );
}

export function RestoreBanner(props: { backup: Backup; onRestore: () => void; onDiscard: () => void }) {
  const { t, lang } = useI18n();
  return (
    <div className="banner conflict" role="alert" data-testid="restore">
      <strong>{t("ed.restore.title")}</strong> <span className="muted">({localTime(props.backup.at, lang)})</span>
      <div className="buttons">
        <button type="button" onClick={props.onRestore}>
          {t("ed.restore.apply")}
        </button>
        <button type="button" onClick={props.onDiscard}>
          {t("ed.restore.discard")}
        </button>
      </div>
    </div>
  );
}

export function RawLeaveBanner(props: { broken: BrokenText; pendingTab: Tab; onKeep: () => void; onDiscard: () => void }) {
  const { t, tk } = useI18n();
  const { broken, pendingTab } = props;
  return (
    <div
      className="banner conflict"
      role="alertdialog"
      aria-labelledby="raw-leave-title"
      aria-describedby="raw-leave-body"
      data-testid="raw-leave"
    >
      <strong id="raw-leave-title">{t("raw.leave.title", { format: broken.format.toUpperCase() })}</strong>
      <p id="raw-leave-body">
        {problemText(tk, broken.problem)} {t("raw.leave.body", { tab: t(`ed.tab.${pendingTab}`) })}
      </p>
      <div className="buttons">
        <button type="button" className="primary" data-testid="raw-keep" autoFocus onClick={props.onKeep}>
          {t("raw.leave.keep")}
        </button>
        <button type="button" data-testid="raw-discard" onClick={props.onDiscard}>
          {t("raw.leave.discard", { tab: t(`ed.tab.${pendingTab}`) })}
        </button>
      </div>
    </div>
  );
}

export function RawKeptBanner(props: { broken: BrokenText; onBack: () => void; onDiscard: () => void }) {
  const { t } = useI18n();
  return (
    <div className="banner conflict" role="status" data-testid="raw-kept">
      {t("raw.kept", { format: props.broken.format.toUpperCase() })}{" "}
      <button type="button" onClick={props.onBack}>
        {t("raw.kept.back")}
      </button>{" "}
      <button type="button" onClick={props.onDiscard}>
        {t("raw.discard")}
      </button>
    </div>
  );
}

/** A stored ISO time as the reader's clock shows it (2026/12/3 08:42), not the raw string. */
function localTime(iso: string, lang: "zh" | "en"): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return at.toLocaleString(lang === "zh" ? "zh-CN" : "en-GB", { dateStyle: "medium", timeStyle: "short" });
}
