// The editor's draft state (src/screens/editor/draftState.ts): what a user sees change
// after an edit, a save, a conflict and a restore.
import { describe, expect, it } from "vitest";
import { draftReducer, initialDraftState, type DraftBody, type DraftState } from "../src/screens/editor/draftState";
import { tabForKey } from "../src/screens/editor/useTabs";

const draft = (revision: number, roast: boolean): DraftBody => ({
  slug: "baike-common",
  revision,
  definition: { id: "baike-common", play: { roast } },
});

const loaded = (): DraftState =>
  draftReducer(initialDraftState, { type: "loaded", draft: draft(3, false), etag: '"3"' });

describe("draftReducer", () => {
  it("edits the document, not the draft, and clears a refused save's problems", () => {
    let state = draftReducer(loaded(), {
      type: "saveRefused",
      problems: [{ path: "play.roast", message: "bad", severity: "error" }],
      message: "refused",
    });
    state = draftReducer(state, { type: "edit", path: "play.roast", value: true });
    expect(state.doc).toEqual({ id: "baike-common", play: { roast: true } });
    expect(state.draft?.definition).toEqual({ id: "baike-common", play: { roast: false } });
    expect(state.serverProblems).toBeNull();
    expect(state.save).toEqual({ kind: "idle" });
  });

  it("after a save the saved draft is the document and the backup offer is gone", () => {
    const offered = draftReducer(initialDraftState, {
      type: "loaded",
      draft: draft(3, false),
      etag: '"3"',
      backup: { doc: { id: "baike-common", play: { roast: true } }, revision: 3, at: "2026-12-03T08:42:00Z" },
    });
    expect(offered.backup).not.toBeNull();
    const at = new Date(0);
    const saved = draftReducer(offered, { type: "saved", draft: draft(4, true), etag: '"4"', at });
    expect(saved).toMatchObject({ etag: '"4"', doc: { play: { roast: true } }, backup: null, save: { kind: "saved", at } });
  });

  it("taking their draft after a conflict replaces the edits", () => {
    const edited = draftReducer(loaded(), { type: "edit", path: "play.roast", value: true });
    const theirs = draft(5, false);
    const conflict = draftReducer(edited, { type: "saveConflict", theirs, etag: '"5"', changes: [] });
    expect(conflict.save.kind).toBe("conflict");
    const taken = draftReducer(conflict, { type: "takeTheirs", draft: theirs, etag: '"5"' });
    expect(taken).toMatchObject({ etag: '"5"', doc: theirs.definition, save: { kind: "idle" } });
  });

  it("restoring the backup puts its document back", () => {
    const backup = { doc: { id: "baike-common", play: { roast: true } }, revision: 3, at: "x" };
    const offered = draftReducer(initialDraftState, { type: "loaded", draft: draft(3, false), etag: '"3"', backup });
    const restored = draftReducer(offered, { type: "restoreBackup" });
    expect(restored.doc).toEqual(backup.doc);
    expect(restored.backup).toBeNull();
  });

  it("publishing closes the confirmation and clears the last message", () => {
    let state = draftReducer(loaded(), { type: "publishResult", ok: false, text: "no" });
    state = draftReducer(state, { type: "confirm", confirming: { changes: [] } });
    state = draftReducer(state, { type: "publishing" });
    expect(state).toMatchObject({ confirming: null, publishing: true, publishMsg: null });
  });
});

describe("tabForKey", () => {
  it("wraps around with the arrows and jumps with Home and End", () => {
    expect(tabForKey("rules", "ArrowLeft")).toBe("watch");
    expect(tabForKey("watch", "ArrowRight")).toBe("rules");
    expect(tabForKey("sim", "Home")).toBe("rules");
    expect(tabForKey("sim", "End")).toBe("watch");
    expect(tabForKey("sim", "a")).toBeNull();
  });
});
