// The rulebook of a variant, as the server renders it (GET /api/v1/variants/{slug}/rulebook/).
import { API, ApiError, type ApiErrorBody } from "./api";
import type { Lang } from "./i18n";

/** Which rulebook: the (saved) draft, a published version, or none yet. */
export type RulebookVersion = "draft" | number;
export type RulebookFormat = "html" | "md" | "json";

export function rulebookUrl(slug: string, lang: Lang, version: RulebookVersion | null, format: RulebookFormat = "html"): string {
  const params = new URLSearchParams({ lang, format });
  if (version !== null) params.set("version", String(version));
  return `${API}/variants/${encodeURIComponent(slug)}/rulebook/?${params.toString()}`;
}

/** The versions to offer, newest first: the draft (staff only), then the published ones. */
export function rulebookChoices(isStaff: boolean, published: readonly number[], latest: number | null): RulebookVersion[] {
  const numbers = new Set(published);
  if (latest !== null) numbers.add(latest);
  const sorted = [...numbers].filter((n) => Number.isInteger(n) && n > 0).sort((a, b) => b - a);
  return isStaff ? ["draft", ...sorted] : sorted;
}

/** The version shown first: the draft for staff, else the latest published version. */
export function defaultRulebookVersion(isStaff: boolean, latest: number | null): RulebookVersion | null {
  return isStaff ? "draft" : latest;
}

/** `"draft"` or a version number from a `<select>` value. */
export function parseRulebookVersion(value: string): RulebookVersion | null {
  if (value === "draft") return "draft";
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** The rulebook page (HTML text); an ApiError with the server's message when it fails. */
export async function fetchRulebook(url: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" }, signal });
  const text = await response.text();
  if (!response.ok) {
    let body: ApiErrorBody = {};
    try {
      body = JSON.parse(text) as ApiErrorBody;
    } catch {
      body = { detail: text.slice(0, 300) };
    }
    // A draft the rulebook cannot be made of: the server says why in errors[].message.
    const why = body.errors?.map((e) => e.message).filter(Boolean).join("; ");
    if (why && body.detail !== why && body.error !== why) body = { ...body, detail: `${body.detail ?? body.error ?? ""} ${why}`.trim() };
    throw new ApiError(response.status, body, `HTTP ${response.status}`);
  }
  return text;
}

/** Prepare the server's page for an iframe's srcdoc: in-page links (the contents) stay in it. */
export function forFrame(html: string): string {
  // A srcdoc document's base URL is the editor's; `#rb-…` would load the editor into the frame.
  // The frame's click handler scrolls instead; <base target> is a fallback for other links.
  const base = '<base target="_blank">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (m) => m + base) : base + html;
}
