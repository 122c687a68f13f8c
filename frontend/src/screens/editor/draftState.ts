// The state of one rule set's draft in the editor, as a reducer: what the server holds
// (draft, ETag, published variant), the document being edited, saving, publishing, and
// the browser's backup of unsaved edits. Pure: no requests, no storage, no clock.
import type { BasedOn, ServerChange } from "../../lib/api";
import { setIn } from "../../lib/path";
import type { Problem } from "../../lib/problems";

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

/** Unsaved edits kept in this browser (a crash, a conflict: nothing is lost). */
export interface Backup {
  doc: Record<string, unknown>;
  revision: number;
  at: string;
}

export type SaveState =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved"; at: Date }
  | { kind: "error"; message: string }
  | { kind: "conflict"; theirs: DraftBody | null; etag: string | null; changes: ServerChange[] };

/** The changes shown before publishing (null changes: still loading). */
export interface Confirming {
  changes: ServerChange[] | null;
  error?: string;
}

export interface DraftState {
  draft: DraftBody | null;
  etag: string | null;
  doc: Record<string, unknown> | null;
  variant: VariantDetail | null;
  loadError: string | null;
  save: SaveState;
  publishMsg: { ok: boolean; text: string } | null;
  publishing: boolean;
  /** Null: no confirmation open. */
  confirming: Confirming | null;
  /** Problems the server gave for a refused save (shown until the next edit). */
  serverProblems: Problem[] | null;
  backup: Backup | null;
}

export const initialDraftState: DraftState = {
  draft: null,
  etag: null,
  doc: null,
  variant: null,
  loadError: null,
  save: { kind: "idle" },
  publishMsg: null,
  publishing: false,
  confirming: null,
  serverProblems: null,
  backup: null,
};

export type DraftAction =
  | { type: "loading" }
  | { type: "loadFailed"; message: string }
  /** The draft as the server has it; `backup` (when given) is offered for restoring. */
  | { type: "loaded"; draft: DraftBody; etag: string; backup?: Backup }
  | { type: "variant"; variant: VariantDetail }
  /** One field edited in the form. */
  | { type: "edit"; path: string; value: unknown }
  /** The whole document replaced (the raw text applied). */
  | { type: "replace"; doc: Record<string, unknown> }
  | { type: "saving" }
  | { type: "saved"; draft: DraftBody; etag: string; at: Date }
  | { type: "saveConflict"; theirs: DraftBody | null; etag: string | null; changes: ServerChange[] }
  | { type: "saveRefused"; problems: Problem[]; message: string }
  | { type: "saveFailed"; message: string }
  /** Their draft taken after a conflict: the edits here are dropped. */
  | { type: "takeTheirs"; draft: DraftBody; etag: string | null }
  | { type: "confirm"; confirming: Confirming | null; clearMessage?: boolean }
  | { type: "publishing" }
  | { type: "publishResult"; ok: boolean; text: string }
  | { type: "publishDone" }
  /** The draft re-read after publishing (its `changed` and `latest_version`); the document stays. */
  | { type: "draftRefreshed"; draft: DraftBody; etag: string }
  | { type: "restoreBackup" }
  | { type: "discardBackup" };

export function draftReducer(state: DraftState, action: DraftAction): DraftState {
  switch (action.type) {
    case "loading":
      return { ...state, loadError: null };
    case "loadFailed":
      return { ...state, loadError: action.message };
    case "loaded":
      return {
        ...state,
        draft: action.draft,
        etag: action.etag,
        doc: action.draft.definition,
        backup: action.backup ?? state.backup,
      };
    case "variant":
      return { ...state, variant: action.variant };
    case "edit":
      return {
        ...state,
        doc: state.doc ? setIn(state.doc, action.path, action.value) : state.doc,
        serverProblems: null,
        save: state.save.kind === "saved" || state.save.kind === "error" ? { kind: "idle" } : state.save,
      };
    case "replace":
      return { ...state, doc: action.doc, serverProblems: null };
    case "saving":
      return { ...state, save: { kind: "saving" } };
    case "saved":
      return {
        ...state,
        draft: action.draft,
        etag: action.etag,
        doc: action.draft.definition,
        save: { kind: "saved", at: action.at },
        backup: null,
      };
    case "saveConflict":
      return { ...state, save: { kind: "conflict", theirs: action.theirs, etag: action.etag, changes: action.changes } };
    case "saveRefused":
      return { ...state, serverProblems: action.problems, save: { kind: "error", message: action.message } };
    case "saveFailed":
      return { ...state, save: { kind: "error", message: action.message } };
    case "takeTheirs":
      return { ...state, draft: action.draft, etag: action.etag, doc: action.draft.definition, save: { kind: "idle" } };
    case "confirm":
      return { ...state, confirming: action.confirming, publishMsg: action.clearMessage ? null : state.publishMsg };
    case "publishing":
      return { ...state, confirming: null, publishing: true, publishMsg: null };
    case "publishResult":
      return { ...state, publishMsg: { ok: action.ok, text: action.text } };
    case "publishDone":
      return { ...state, publishing: false };
    case "draftRefreshed":
      return { ...state, draft: action.draft, etag: action.etag };
    case "restoreBackup":
      return state.backup ? { ...state, doc: state.backup.doc, backup: null } : state;
    case "discardBackup":
      return { ...state, backup: null };
  }
}
