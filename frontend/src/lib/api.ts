// The REST API v1 client (docs/design.md §7): session auth, CSRF cookie for writes. Every request
// names the editor's language (Accept-Language), so the server's messages come back in it.
import type { components } from "../generated/api";
import { currentLang } from "./i18n";

/** One problem of an error: its path, the server's sentence (in our language), a code. */
export interface ApiProblem {
  path: string;
  message: string;
  code?: string;
  params?: Record<string, unknown>;
}

export interface ApiErrorBody {
  error?: string;
  detail?: string;
  errors?: ApiProblem[];
  [key: string]: unknown;
}

/** The Accept-Language header for the editor's language (Chinese first, English next). */
export function acceptLanguage(lang = currentLang()): string {
  return lang === "zh" ? "zh-Hans, zh;q=0.9, en;q=0.5" : "en, zh-Hans;q=0.5";
}

export class ApiError extends Error {
  status: number;
  body: ApiErrorBody;
  constructor(status: number, body: ApiErrorBody, fallback: string) {
    super(body.detail || body.error || fallback);
    this.status = status;
    this.body = body;
  }
}

export interface ApiResponse<T> {
  status: number;
  data: T;
  etag: string | null;
}

/** The page context the Django view writes into index.html (user, permissions, CSRF). */
export interface PageContext {
  user?: string;
  can_publish?: boolean;
  is_staff?: boolean;
  /** The account's model permissions, as the admin checks them (not "is staff"). */
  can_add?: boolean;
  can_change?: boolean;
  can_simulate?: boolean;
  can_read_drafts?: boolean;
  /** The most games one job may ask for (the server's BAOHUANG_MAX_SIMULATION_GAMES). */
  max_games?: number;
  /** CPU seconds of one game per policy on one core (the server's estimate, issue 35). */
  seconds_per_game?: Record<string, number>;
  csrf_token?: string;
  login_url?: string;
  logout_url?: string;
  /** The documentation site (`/docs/`): the Help link opens its getting-started page. */
  help_url?: string;
}

/** The Help link: the documentation site's getting-started page in the editor's language. */
export function helpUrl(lang: "zh" | "en"): string {
  const base = pageContext().help_url ?? "/docs/";
  return base + (lang === "zh" ? "getting-started.zh.html" : "getting-started.html");
}

/** The server's limit on games per job (its default when the page does not say). */
export function maxGames(): number {
  return pageContext().max_games ?? 200000;
}

/** Policies a job may be run with from the editor. */
export const POLICIES = ["heuristic", "adaptive", "random", "mc"] as const;
export type PolicyName = (typeof POLICIES)[number];

/** The server's figures when the page gives none: one heuristic game of 0.25 ms, random and
 *  adaptive 2×, the search player (mc) 400× (baohuang.bots.policy_seconds). */
const DEFAULT_SECONDS: Record<PolicyName, number> = {
  heuristic: 0.00025,
  adaptive: 0.0005,
  random: 0.0005,
  mc: 0.1,
};

/** Estimated CPU seconds (one core) of `games` games of `policy`, × `sides` (a comparison
 *  whose sides play differently plays both games of each pair). */
export function estimateSeconds(policy: PolicyName, games: number, sides = 1): number {
  const per = pageContext().seconds_per_game?.[policy] ?? DEFAULT_SECONDS[policy];
  return per * Math.max(0, games) * sides;
}

/** A duration in words: "< 1 s", "12 s", "3 min", "1.5 h" (zh: 秒 / 分钟 / 小时). */
export function formatDuration(seconds: number, lang: "zh" | "en"): string {
  const zh = lang === "zh";
  if (seconds < 1) return zh ? "不到 1 秒" : "< 1 s";
  if (seconds < 90) return zh ? `${Math.round(seconds)} 秒` : `${Math.round(seconds)} s`;
  if (seconds < 5400) return zh ? `${Math.round(seconds / 60)} 分钟` : `${Math.round(seconds / 60)} min`;
  const hours = Math.round((seconds / 3600) * 10) / 10;
  return zh ? `${hours} 小时` : `${hours} h`;
}

export function pageContext(): PageContext {
  const el = typeof document !== "undefined" ? document.getElementById("editor-context") : null;
  if (!el?.textContent) return {};
  try {
    return JSON.parse(el.textContent) as PageContext;
  } catch {
    return {};
  }
}

function cookie(name: string): string | null {
  if (typeof document === "undefined") return null;
  for (const part of document.cookie.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return null;
}

export function csrfToken(): string | null {
  return cookie("csrftoken") ?? pageContext().csrf_token ?? null;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  ifMatch?: string | null;
  signal?: AbortSignal;
}

export async function request<T>(url: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const method = options.method ?? "GET";
  const headers: Record<string, string> = { Accept: "application/json", "Accept-Language": acceptLanguage() };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET" && method !== "HEAD") {
    const token = csrfToken();
    if (token) headers["X-CSRFToken"] = token;
  }
  if (options.ifMatch) headers["If-Match"] = options.ifMatch;
  const response = await fetch(url, {
    method,
    headers,
    credentials: "same-origin",
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { detail: text.slice(0, 500) };
    }
  }
  if (!response.ok) {
    throw new ApiError(response.status, (data ?? {}) as ApiErrorBody, `${method} ${url}: HTTP ${response.status}`);
  }
  return { status: response.status, data: data as T, etag: response.headers.get("ETag") };
}

export const API = "/api/v1";

export const urls = {
  variants: () => `${API}/variants/`,
  slug: (name: string) => `${API}/slug/?name=${encodeURIComponent(name)}`,
  variant: (slug: string) => `${API}/variants/${encodeURIComponent(slug)}/`,
  draft: (slug: string) => `${API}/variants/${encodeURIComponent(slug)}/draft/`,
  publish: (slug: string) => `${API}/variants/${encodeURIComponent(slug)}/publish/`,
  versions: (slug: string) => `${API}/variants/${encodeURIComponent(slug)}/versions/`,
  version: (slug: string, n: number) => `${API}/variants/${encodeURIComponent(slug)}/versions/${n}/`,
  versionDiff: (slug: string, n: number, m: number) =>
    `${API}/variants/${encodeURIComponent(slug)}/versions/${n}/diff/${m}/`,
  diff: () => `${API}/diff/`,
  diffOrigin: (slug: string, to?: string) =>
    `${API}/variants/${encodeURIComponent(slug)}/diff-origin/${to ? `?to=${encodeURIComponent(to)}` : ""}`,
  compare: (slug: string) => `${API}/variants/${encodeURIComponent(slug)}/compare/`,
  validate: () => `${API}/validate/`,
  deck: () => `${API}/deck/`,
  schema: () => `${API}/schema/variant/`,
  simulations: () => `${API}/simulations/`,
  simulation: (id: string | number) => `${API}/simulations/${id}/`,
  simulationCancel: (id: string | number) => `${API}/simulations/${id}/cancel/`,
  me: () => `${API}/me/`,
};

/** A list endpoint's items, paginated (`{results}`) or not. */
export function listOf<T>(data: unknown): T[] {
  if (Array.isArray(data)) return data as T[];
  if (data && typeof data === "object" && Array.isArray((data as { results?: unknown }).results)) {
    return (data as { results: T[] }).results;
  }
  return [];
}

/** One change between two definitions, as the server's diff answers it. */
export type ServerChange = components["schemas"]["Change"];

/** The published version a clone came from. */
export type BasedOn = components["schemas"]["BasedOn"];

/** A side of a diff: `slug@N`, `slug@draft`, `slug`, or a whole definition (unsaved edits). */
export type DiffSide = string | Record<string, unknown>;

/** The changes from one side to the other (the server's one diff, with sentences). */
export async function diffSides(from: DiffSide, to: DiffSide, signal?: AbortSignal): Promise<ServerChange[]> {
  const { data } = await request<components["schemas"]["AnyDiff"]>(urls.diff(), {
    method: "POST",
    body: { from, to },
    signal,
  });
  return data.changes ?? [];
}
