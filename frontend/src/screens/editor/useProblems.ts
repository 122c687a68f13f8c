// The problems the editor shows, from the live validation, a refused save or the draft
// as the server checked it, with their counts per section.
import { useMemo } from "react";
import { ANCHORS, pinProblems, sectionOf, type Problem } from "../../lib/problems";
import type { ValidationState } from "../../lib/validate";
import type { DraftBody } from "./draftState";
import { same } from "./useDraft";

export function useProblems(
  validation: ValidationState,
  serverProblems: Problem[] | null,
  draft: DraftBody | null,
  doc: Record<string, unknown> | null,
) {
  // The latest validation (kept while a new one runs).
  const result =
    validation.state === "done" ? validation.result : validation.state === "checking" ? validation.last : undefined;
  const problems: Problem[] = useMemo(() => {
    if (serverProblems) return serverProblems;
    if (result) return [...result.errors, ...result.warnings];
    if (validation.state === "unavailable" && draft && doc && same(doc, draft.definition))
      return [
        ...(draft.errors ?? []).map((p) => ({ ...p, severity: "error" as const })),
        ...(draft.warnings ?? []).map((p) => ({ ...p, severity: "warning" as const })),
      ];
    return [];
  }, [serverProblems, result, validation.state, draft, doc]);
  const pinned = useMemo(() => pinProblems(problems, ANCHORS), [problems]);
  const errorCount = problems.filter((p) => p.severity !== "warning").length;
  const warningCount = problems.length - errorCount;
  const valid = validation.state === "done" ? validation.result.valid : errorCount === 0;
  const checking = validation.state === "checking" || validation.state === "idle";
  const sectionErrors = useMemo(() => {
    const counts: Record<string, number> = {};
    for (const p of problems) if (p.severity !== "warning") counts[sectionOf(p.path)] = (counts[sectionOf(p.path)] ?? 0) + 1;
    return counts;
  }, [problems]);
  return { problems, pinned, errorCount, warningCount, valid, checking, sectionErrors };
}
