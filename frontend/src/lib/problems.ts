// Validation problems and where the editor shows them.
import { pathWithin } from "./path";

export interface Problem {
  path: string;
  message: string;
  code?: string;
  severity?: "error" | "warning";
  /** What the sentence says, as values (the server's `params`). */
  params?: Record<string, unknown>;
}

/** Every field the editor pins problems to: a problem goes to the longest anchor holding it. */
export const ANCHORS: string[] = [
  "id",
  "name",
  "source",
  "notes",
  "house_notes",
  "deck.decks",
  "deck.remove",
  "deck.marks",
  "deal.hand_sizes",
  "deal.first_dealer",
  "deal.next_dealer",
  "deal.buy",
  "bidding.guard",
  "bidding.solo",
  "bidding.flow",
  "declarations.guard_reveal",
  "declarations.rebellion",
  "declarations.kick",
  "play.attach",
  "play.top_card",
  "play.special_beats",
  "play.hold_back",
  "play.wind",
  "play.defer",
  "play.roast",
  "play.automatic",
  "end",
  "scoring.two_person",
  "scoring.two_person_guard_known",
  "scoring.solo",
  "scoring.multipliers",
  "scoring.outcome",
  "scoring.money",
  "tribute.rules",
  "tribute.card",
  "tribute.paid_in",
  "tribute.shut_in",
];

/** The anchor a problem at `path` is shown at, or null (then it goes to the summary). */
export function anchorOf(path: string, anchors: readonly string[] = ANCHORS): string | null {
  let best: string | null = null;
  for (const anchor of anchors) {
    if (pathWithin(path, anchor) && (best === null || anchor.length > best.length)) best = anchor;
  }
  return best;
}

export interface Pinned {
  byAnchor: Map<string, Problem[]>;
  unpinned: Problem[];
}

export function pinProblems(problems: readonly Problem[], anchors: readonly string[] = ANCHORS): Pinned {
  const byAnchor = new Map<string, Problem[]>();
  const unpinned: Problem[] = [];
  for (const p of problems) {
    const anchor = anchorOf(p.path ?? "", anchors);
    if (anchor === null) unpinned.push(p);
    else byAnchor.set(anchor, [...(byAnchor.get(anchor) ?? []), p]);
  }
  return { byAnchor, unpinned };
}

/** The section (deck, deal, …) a path belongs to, for the section navigation badges. */
export function sectionOf(path: string): string {
  const head = path.split(/[.[]/)[0];
  return ["id", "name", "source", "notes", "house_notes", "schema_version"].includes(head) ? "general" : head;
}
