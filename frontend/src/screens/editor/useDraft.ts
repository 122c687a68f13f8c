// The draft of one rule set, loaded, edited, saved (If-Match) and published: the
// requests and the browser's backup around draftReducer.
import { useCallback, useEffect, useReducer } from "react";
import { ApiError, diffSides, request, urls } from "../../lib/api";
import type { Problem } from "../../lib/problems";
import { draftReducer, initialDraftState, type Backup, type DraftBody, type VariantDetail } from "./draftState";

const BACKUP_PREFIX = "baohuang.editor.unsaved.";

function readBackup(slug: string): Backup | null {
  try {
    const raw = localStorage.getItem(BACKUP_PREFIX + slug);
    return raw ? (JSON.parse(raw) as Backup) : null;
  } catch {
    return null;
  }
}

export function writeBackup(slug: string, backup: Backup | null) {
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

export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
const etagOf = (tag: string | null | undefined, draft: DraftBody) => tag ?? `"${draft.revision}"`;

/** The draft of `slug` and what may be done with it; `published(n)` words the success. */
export function useDraft(slug: string, published: (number: number) => string) {
  const [state, dispatch] = useReducer(draftReducer, initialDraftState);
  const { draft, doc, backup, variant } = state;

  const loadVariant = useCallback(async () => {
    try {
      const { data } = await request<VariantDetail>(urls.variant(slug));
      dispatch({ type: "variant", variant: data });
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) throw err;
    }
  }, [slug]);

  const load = useCallback(async () => {
    dispatch({ type: "loading" });
    try {
      const [{ data, etag: tag }] = await Promise.all([request<DraftBody>(urls.draft(slug)), loadVariant()]);
      const stored = readBackup(slug);
      const offer = stored && !same(stored.doc, data.definition) ? stored : undefined;
      if (!offer) writeBackup(slug, null);
      dispatch({ type: "loaded", draft: data, etag: etagOf(tag, data), backup: offer });
    } catch (err) {
      dispatch({ type: "loadFailed", message: messageOf(err) });
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

  const update = useCallback((path: string, value: unknown) => dispatch({ type: "edit", path, value }), []);
  const replace = useCallback((next: Record<string, unknown>) => dispatch({ type: "replace", doc: next }), []);

  const saveDraft = useCallback(
    async (ifMatch: string | null) => {
      if (!doc) return;
      dispatch({ type: "saving" });
      try {
        const { data, etag: tag } = await request<DraftBody>(urls.draft(slug), {
          method: "PUT",
          body: { definition: doc },
          ifMatch,
        });
        dispatch({ type: "saved", draft: data, etag: etagOf(tag, data), at: new Date() });
        writeBackup(slug, null);
      } catch (err) {
        if (err instanceof ApiError && err.status === 412) {
          let theirs: DraftBody | null = null;
          let theirTag: string | null = null;
          try {
            const r = await request<DraftBody>(urls.draft(slug));
            theirs = r.data;
            theirTag = etagOf(r.etag, r.data);
          } catch {
            /* shown without the comparison */
          }
          const changes = theirs ? await diffSides(theirs.definition, doc).catch(() => []) : [];
          dispatch({ type: "saveConflict", theirs, etag: theirTag, changes });
        } else if (err instanceof ApiError && err.status === 400 && err.body.errors?.length) {
          dispatch({ type: "saveRefused", problems: fromSaveErrors(err.body.errors), message: err.message });
        } else {
          dispatch({ type: "saveFailed", message: messageOf(err) });
        }
      }
    },
    [doc, slug],
  );

  /** After a conflict: their draft replaces the edits here (or a reload, without it). */
  const takeTheirs = useCallback(() => {
    if (state.save.kind !== "conflict" || !state.save.theirs) return void load();
    dispatch({ type: "takeTheirs", draft: state.save.theirs, etag: state.save.etag });
  }, [state.save, load]);

  // Publishing asks first: the changes since the latest version, as sentences.
  const askPublish = useCallback(async () => {
    if (!draft) return;
    const latestNow = variant?.version ?? draft.latest_version ?? null;
    if (!latestNow) return dispatch({ type: "confirm", confirming: { changes: [] }, clearMessage: true });
    dispatch({ type: "confirm", confirming: { changes: null }, clearMessage: true });
    try {
      dispatch({ type: "confirm", confirming: { changes: await diffSides(`${slug}@${latestNow}`, `${slug}@draft`) } });
    } catch (err) {
      dispatch({ type: "confirm", confirming: { changes: [], error: messageOf(err) } });
    }
  }, [draft, variant, slug]);

  const cancelPublish = useCallback(() => dispatch({ type: "confirm", confirming: null }), []);

  const publish = useCallback(async () => {
    if (!draft) return;
    dispatch({ type: "publishing" });
    try {
      const { data } = await request<{ number: number }>(urls.publish(slug), {
        method: "POST",
        body: { revision: draft.revision },
      });
      dispatch({ type: "publishResult", ok: true, text: published(data.number) });
      await loadVariant();
      const r = await request<DraftBody>(urls.draft(slug));
      dispatch({ type: "draftRefreshed", draft: r.data, etag: etagOf(r.etag, r.data) });
    } catch (err) {
      dispatch({ type: "publishResult", ok: false, text: messageOf(err) });
    } finally {
      dispatch({ type: "publishDone" });
    }
  }, [draft, slug, published, loadVariant]);

  const restoreBackup = useCallback(() => dispatch({ type: "restoreBackup" }), []);
  const discardBackup = useCallback(() => {
    writeBackup(slug, null);
    dispatch({ type: "discardBackup" });
  }, [slug]);

  return {
    ...state,
    dirty,
    load,
    update,
    replace,
    saveDraft,
    takeTheirs,
    askPublish,
    cancelPublish,
    publish,
    restoreBackup,
    discardBackup,
  };
}
