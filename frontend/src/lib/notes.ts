// House notes that never silently contradict the rules (issue 34 §3): the rules a note is
// about (`about`), and which notes went stale (the server's `note_stale` warnings).
import type { Problem } from "./problems";

/** The rules a note may be said to be about, offered in the editor (others still show). */
export const NOTE_FIELDS = [
  "scoring.two_person",
  "scoring.two_person_guard_known",
  "scoring.solo",
  "scoring.multipliers",
  "scoring.outcome",
  "scoring.money",
  "tribute",
  "bidding.flow",
  "bidding.guard",
  "bidding.solo",
  "declarations.guard_reveal",
  "declarations.rebellion",
  "declarations.kick",
  "play.automatic",
  "play.bombs",
  "play.hold_back",
  "deck",
  "deal.next_dealer",
  "end",
] as const;

/** The i18n key naming a rule path: its own, else its nearest listed ancestor's, else its section's. */
export function noteFieldKey(path: string, has: (key: string) => boolean): string {
  let p = path;
  while (p) {
    if (has(`about.${p}`)) return `about.${p}`;
    p = p.includes(".") ? p.slice(0, p.lastIndexOf(".")) : "";
  }
  return `sec.${path.split(".")[0]}`;
}

export interface StaleNote {
  index: number;
  fields: string[];
  message: string;
}

/** The stale notes named by the validation warnings (`note_stale` at `house_notes[i]`). */
export function staleNotes(problems: Problem[]): StaleNote[] {
  const out: StaleNote[] = [];
  for (const p of problems) {
    if (p.code !== "note_stale") continue;
    const m = /^house_notes\[(\d+)\]$/.exec(p.path);
    if (!m) continue;
    const fields = Array.isArray(p.params?.fields) ? (p.params!.fields as unknown[]).map(String) : [];
    out.push({ index: Number(m[1]), fields, message: p.message });
  }
  return out;
}

/** A note confirmed (or edited): its fingerprint is left out, and the save takes it anew. */
export function unconfirmed<T extends { checked?: string | null }>(note: T): T {
  const { checked: _dropped, ...rest } = note;
  void _dropped;
  return rest as T;
}

/** A problem's path in the reader's words (the Chinese editor shows no field paths): a house
 * note by its number, else the rule it belongs to (its nearest named field, or its section). */
export function pathInWords(path: string, tk: (key: string, vars?: Record<string, string | number>) => string, has: (key: string) => boolean = () => true): string {
  const note = /^house_notes\[(\d+)\]/.exec(path);
  if (note) return tk("path.houseNote", { n: Number(note[1]) + 1 });
  const bare = path.replace(/\[\d+\]/g, "");
  return tk(noteFieldKey(bare, has));
}
