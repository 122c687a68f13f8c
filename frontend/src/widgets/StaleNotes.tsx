// The house notes whose rules changed since they were confirmed (issue 34 §3), listed where
// an operator reviews changes: the diff tab and the publish confirmation.
import { hasKey, useI18n } from "../lib/i18n";
import { noteFieldKey, type StaleNote } from "../lib/notes";

export function StaleNoteList(props: {
  notes: StaleNote[];
  doc: Record<string, unknown>;
  onGo?: () => void;
  testid?: string;
}) {
  const { t, tk, lang } = useI18n();
  if (!props.notes.length) return null;
  const texts = (Array.isArray(props.doc.house_notes) ? props.doc.house_notes : []) as { zh?: string; en?: string }[];
  return (
    <div className="stale-notes" data-testid={props.testid}>
      <ul>
        {props.notes.map((n) => (
          <li key={n.index}>
            <span className="sentence">{texts[n.index]?.[lang] ?? ""}</span>{" "}
            <span className="muted small">
              （{n.fields.map((f) => tk(noteFieldKey(f, hasKey))).join(t("note.sep"))}）
            </span>
          </li>
        ))}
      </ul>
      {props.onGo ? (
        <button type="button" onClick={props.onGo}>
          {t("diff.staleNotes.go")}
        </button>
      ) : null}
    </div>
  );
}
