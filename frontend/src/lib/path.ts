// JSON paths as the API writes them: `scoring.two_person.rows[3].guard`.

export type PathPart = string | number;

/** Split `a.b[2].c` into ["a", "b", 2, "c"]. */
export function parsePath(path: string): PathPart[] {
  const parts: PathPart[] = [];
  const re = /([^.[\]]+)|\[(\d+)\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(path)) !== null) {
    if (m[2] !== undefined) parts.push(Number(m[2]));
    else parts.push(m[1]);
  }
  return parts;
}

/** Join parts back: ["a", "b", 2] → `a.b[2]`. */
export function joinPath(parts: PathPart[]): string {
  let out = "";
  for (const part of parts) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${part}` : part;
  }
  return out;
}

/** The value at `path`, or undefined. */
export function getIn(doc: unknown, path: string | PathPart[]): unknown {
  const parts = typeof path === "string" ? parsePath(path) : path;
  let cur: unknown = doc;
  for (const part of parts) {
    if (cur === null || cur === undefined || typeof cur !== "object") return undefined;
    cur = (cur as Record<string | number, unknown>)[part];
  }
  return cur;
}

/**
 * A copy of `doc` with `value` at `path` (objects and arrays on the way are copied, missing
 * ones created). `undefined` deletes an object key, so defaults stay implicit.
 */
export function setIn<T>(doc: T, path: string | PathPart[], value: unknown): T {
  const parts = typeof path === "string" ? parsePath(path) : path;
  if (parts.length === 0) return value as T;
  const [head, ...rest] = parts;
  const base: unknown = doc ?? (typeof head === "number" ? [] : {});
  if (Array.isArray(base)) {
    const copy = base.slice();
    const index = head as number;
    copy[index] = setIn(copy[index], rest, value);
    return copy as T;
  }
  const copy: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  const next = setIn(copy[head as string], rest, value);
  if (next === undefined) delete copy[head as string];
  else copy[head as string] = next;
  return copy as T;
}

/** True when `path` is `prefix` or lies inside it (`deal.hand_sizes[0]` is in `deal.hand_sizes`). */
export function pathWithin(path: string, prefix: string): boolean {
  if (prefix === "") return true;
  if (path === prefix) return true;
  return path.startsWith(prefix + ".") || path.startsWith(prefix + "[");
}
