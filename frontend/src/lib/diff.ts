// A client-side structural diff of two definitions: the changed JSON paths.
import { joinPath, type PathPart } from "./path";

export interface Change {
  path: string;
  kind: "added" | "removed" | "changed";
  before?: unknown;
  after?: unknown;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

export function diffValues(before: unknown, after: unknown, parts: PathPart[] = [], out: Change[] = []): Change[] {
  if (isObject(before) && isObject(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const key of [...keys].sort()) {
      if (!(key in after)) out.push({ path: joinPath([...parts, key]), kind: "removed", before: before[key] });
      else if (!(key in before)) out.push({ path: joinPath([...parts, key]), kind: "added", after: after[key] });
      else diffValues(before[key], after[key], [...parts, key], out);
    }
    return out;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const n = Math.max(before.length, after.length);
    for (let i = 0; i < n; i++) {
      if (i >= after.length) out.push({ path: joinPath([...parts, i]), kind: "removed", before: before[i] });
      else if (i >= before.length) out.push({ path: joinPath([...parts, i]), kind: "added", after: after[i] });
      else diffValues(before[i], after[i], [...parts, i], out);
    }
    return out;
  }
  if (JSON.stringify(before) !== JSON.stringify(after)) {
    out.push({ path: joinPath(parts), kind: "changed", before, after });
  }
  return out;
}
