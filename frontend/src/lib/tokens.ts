// The API tokens of the logged-in account (GET/POST /api/v1/tokens/, DELETE …/{id}/): session
// only, so the editor's cookie and CSRF token are what authenticates these calls.
import { API, request } from "./api";

export type TokenScope = "read" | "write";
export type TokenState = "active" | "expired" | "revoked";

/** A token as listed: never its key (the server keeps only a digest). */
export interface ApiToken {
  id: string;
  url: string;
  name: string;
  scope: TokenScope;
  prefix: string;
  state: TokenState;
  state_text: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
}

/** The answer to a creation: the token and, this once, its key. */
export interface CreatedToken extends ApiToken {
  key: string;
}

export interface NewToken {
  name: string;
  scope: TokenScope;
  expires_in_days: number | null;
}

export const tokenUrls = {
  list: () => `${API}/tokens/`,
  one: (id: string) => `${API}/tokens/${encodeURIComponent(id)}/`,
};

export async function listTokens(signal?: AbortSignal): Promise<ApiToken[]> {
  const { data } = await request<ApiToken[]>(tokenUrls.list(), { signal });
  return data ?? [];
}

export async function createToken(body: NewToken): Promise<CreatedToken> {
  const { data } = await request<CreatedToken>(tokenUrls.list(), { method: "POST", body });
  return data;
}

export async function revokeToken(id: string): Promise<void> {
  await request<null>(tokenUrls.one(id), { method: "DELETE" });
}

/** Lifetimes offered in the form (days; null: never). */
export const LIFETIMES: ReadonlyArray<number | null> = [null, 7, 30, 90, 365];
