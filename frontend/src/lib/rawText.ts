// The raw tab's text: YAML (loaded on demand, a chunk of its own) or JSON, parsed into a
// definition, and every way that can fail described for an operator, with its line.
import type * as YamlModule from "yaml";

export type Format = "yaml" | "json";
export type Yaml = typeof YamlModule;

let loading: Promise<Yaml> | null = null;

/** The `yaml` package, imported the first time it is needed (only the raw tab needs it). */
export function loadYaml(): Promise<Yaml> {
  loading ??= import("yaml");
  return loading;
}

/** What is wrong with the text: an i18n key and its values, and where (1-based), if known. */
export interface TextProblem {
  key: string;
  vars: Record<string, string | number>;
  line: number | null;
  column: number | null;
}

export type Parsed = { ok: true; doc: Record<string, unknown> } | { ok: false; problem: TextProblem };

export function formatDoc(yaml: Yaml, doc: unknown, format: Format): string {
  return format === "json" ? JSON.stringify(doc, null, 2) : yaml.stringify(doc, { lineWidth: 0 });
}

/** Parse the text; a definition must be a mapping (named sections). */
export function parseText(yaml: Yaml, text: string, format: Format): Parsed {
  let data: unknown;
  try {
    data = format === "json" ? JSON.parse(text) : yaml.parse(text);
  } catch (err) {
    return { ok: false, problem: format === "json" ? jsonProblem(err, text) : yamlProblem(err, text) };
  }
  if (data !== null && typeof data === "object" && !Array.isArray(data)) {
    return { ok: true, doc: data as Record<string, unknown> };
  }
  return { ok: false, problem: notMapping(data, text) };
}

function notMapping(data: unknown, text: string): TextProblem {
  const at = { line: null, column: null };
  if (data === null || data === undefined || !text.trim()) return { key: "raw.err.empty", vars: {}, ...at };
  const kind = Array.isArray(data) ? "list" : typeof data === "string" ? "text" : typeof data === "number" ? "number" : "other";
  return { key: "raw.err.notMapping", vars: { kind }, ...at };
}

/** 1-based line and column of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split("\n");
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

/**
 * The innermost bracket (`[`, `{`) or quote still open at `end`: where an operator has to
 * look when the parser only notices the missing `]` lines later. Comments and quoted text
 * are skipped; a quote opens only where a YAML value can start.
 */
export function unclosedOpener(text: string, end: number): { index: number; char: string } | null {
  const stack: { index: number; char: string }[] = [];
  let quote: { index: number; char: string } | null = null;
  const stop = Math.min(end, text.length);
  for (let i = 0; i < stop; i++) {
    const c = text[i];
    if (quote) {
      if (quote.char === '"' && c === "\\") i++;
      else if (c === quote.char) {
        if (quote.char === "'" && text[i + 1] === "'") i++;
        else quote = null;
      }
      continue;
    }
    const prev = i === 0 ? "\n" : text[i - 1];
    if (c === "#" && /\s/.test(prev)) {
      const nl = text.indexOf("\n", i);
      i = nl < 0 ? stop : nl;
      continue;
    }
    if ((c === '"' || c === "'") && /[\s[{,:-]/.test(prev)) quote = { index: i, char: c };
    else if (c === "[" || c === "{") stack.push({ index: i, char: c });
    else if ((c === "]" || c === "}") && stack.length) stack.pop();
  }
  return quote ?? stack[stack.length - 1] ?? null;
}

const CLOSER: Record<string, string> = { "[": "]", "{": "}" };

/** The library's own sentence without its "at line N, column M:" and the excerpt after it. */
function reasonOf(message: string): string {
  const first = message.split("\n")[0].replace(/\s+at line \d+, column \d+:?\s*$/, "").trim();
  return /[.!?]$/.test(first) ? first : `${first}.`;
}

interface YamlLikeError {
  code?: string;
  message: string;
  pos?: [number, number];
  linePos?: [{ line: number; col: number }, ...{ line: number; col: number }[]];
}

export function yamlProblem(err: unknown, text: string): TextProblem {
  const e = (err ?? {}) as YamlLikeError;
  const message = String(e.message ?? err);
  const at = e.linePos?.[0];
  const where = { line: at?.line ?? null, column: at?.col ?? null };
  const offset = e.pos?.[0] ?? text.length;
  // "Flow sequence … must … end with a ]", "Missing closing 'quote": found where the text
  // ends or the indentation drops, reported where the bracket or quote was opened.
  if (/^Flow (sequence|map)\b/.test(message) || /^Missing closing .?quote/.test(message)) {
    const open = unclosedOpener(text, offset);
    if (open) {
      const pos = lineColumn(text, open.index);
      const key = open.char in CLOSER ? "raw.err.unclosed" : "raw.err.quote";
      return { key, vars: { open: open.char, close: CLOSER[open.char] ?? open.char }, ...pos };
    }
  }
  const byCode: Record<string, string> = {
    TAB_AS_INDENT: "raw.err.tab",
    DUPLICATE_KEY: "raw.err.duplicate",
    BLOCK_AS_IMPLICIT_KEY: "raw.err.nested",
  };
  if (e.code && byCode[e.code]) return { key: byCode[e.code], vars: {}, ...where };
  if (e.code === "BAD_INDENT" && /mapping items must start at the same column/i.test(message))
    return { key: "raw.err.indent", vars: {}, ...where };
  return { key: "raw.err.other", vars: { reason: reasonOf(message) }, ...where };
}

export function jsonProblem(err: unknown, text: string): TextProblem {
  const message = err instanceof Error ? err.message : String(err);
  let where: { line: number | null; column: number | null } = { line: null, column: null };
  const lc = /line (\d+) column (\d+)/.exec(message);
  const position = /at position (\d+)/.exec(message);
  if (lc) where = { line: Number(lc[1]), column: Number(lc[2]) };
  else if (position) where = lineColumn(text, Number(position[1]));
  else if (/end of (JSON )?(data|input)/i.test(message)) where = lineColumn(text, text.length);
  if (!text.trim()) return { key: "raw.err.empty", vars: {}, line: null, column: null };
  const reason = reasonOf(message.replace(/\s*(in JSON )?at position \d+.*$/, "").replace(/\s*\(line \d+ column \d+\)/, ""));
  return { key: "raw.err.json", vars: { reason }, ...where };
}
