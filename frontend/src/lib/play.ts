// The play-test table's API (issue #19): POST /api/v1/games/, GET …/{id}/, POST …/actions/.
import type { components } from "../generated/api";
import { API, request } from "./api";

/** One seat's view of a game (nothing another seat holds until `result`): the server's
 * shape, generated from the OpenAPI document (`make types`). */
export type GameView = components["schemas"]["GameView"];
/** One step of a game as the seat is told it (the server's sentence in our language). */
export type GameEvent = GameView["events"][number];
/** The settlement the view reveals at the end: the summary, every seat's cards, the record. */
export type GameResult = components["schemas"]["GameSettlement"];

export const gameUrls = {
  games: () => `${API}/games/`,
  game: (id: string) => `${API}/games/${id}/`,
  actions: (id: string) => `${API}/games/${id}/actions/`,
};

export interface NewGame {
  variant: string;
  version: number | "draft";
  seat: number;
  policy: string;
  seed?: number;
}

export async function startGame(body: NewGame): Promise<GameView> {
  return (await request<GameView>(gameUrls.games(), { method: "POST", body })).data;
}

export async function loadGame(id: string): Promise<GameView> {
  return (await request<GameView>(gameUrls.game(id))).data;
}

export async function sendAction(id: string, action: string): Promise<GameView> {
  return (await request<GameView>(gameUrls.actions(id), { method: "POST", body: { action } })).data;
}

const KEY = "baohuang.play.";

/** The game this browser last played on a rule set (to resume it after a reload). */
export function rememberedGame(slug: string): string | null {
  try {
    return localStorage.getItem(KEY + slug);
  } catch {
    return null;
  }
}

export function rememberGame(slug: string, id: string | null): void {
  try {
    if (id) localStorage.setItem(KEY + slug, id);
    else localStorage.removeItem(KEY + slug);
  } catch {
    /* storage may be unavailable */
  }
}
