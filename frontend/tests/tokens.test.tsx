// The API tokens screen: list, create (the key shown once, with the CSRF token sent), revoke.
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseHash, routeHash } from "../src/App";
import { I18nProvider } from "../src/lib/i18n";
import { TokensScreen } from "../src/screens/TokensScreen";

function jsonResponse(status: number, body: unknown) {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

const listed = {
  id: "11111111-1111-1111-1111-111111111111",
  url: "/api/v1/tokens/11111111-1111-1111-1111-111111111111/",
  name: "nightly",
  scope: "read",
  prefix: "bh_abcdefgh",
  state: "active",
  state_text: "有效",
  created_at: "2026-12-01T03:00:00Z",
  last_used_at: null,
  expires_at: null,
  revoked_at: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = "csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT";
});

describe("routes", () => {
  it("has a page for the API tokens", () => {
    expect(parseHash("#/tokens")).toEqual({ slug: null, tab: "rules", page: "tokens" });
    expect(routeHash({ slug: null, tab: "rules", page: "tokens" })).toBe("#/tokens");
  });
});

describe("API tokens screen", () => {
  it("creates a token, shows its key once, and revokes", async () => {
    document.cookie = "csrftoken=csrf-secret";
    const calls: { url: string; method: string; body: unknown; csrf: string | null }[] = [];
    let tokens: Record<string, unknown>[] = [listed];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? "GET";
        const headers = (init?.headers ?? {}) as Record<string, string>;
        calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : null, csrf: headers["X-CSRFToken"] ?? null });
        if (method === "POST") {
          const made = { ...listed, id: "22222222-2222-2222-2222-222222222222", name: "ci", scope: "write", key: "bh_SECRETSECRET" };
          const { key: _key, ...shown } = made;
          tokens = [shown, ...tokens];
          return jsonResponse(201, made);
        }
        if (method === "DELETE") {
          tokens = tokens.map((t) => (url.includes(String(t.id)) ? { ...t, state: "revoked", state_text: "已吊销" } : t));
          return new Response(null, { status: 204 });
        }
        return jsonResponse(200, tokens);
      }),
    );
    vi.stubGlobal("confirm", () => true);
    render(
      <I18nProvider lang="zh">
        <TokensScreen />
      </I18nProvider>,
    );
    await waitFor(() => expect(screen.getAllByTestId("token-row")).toHaveLength(1));
    expect(screen.getByTestId("token-last-used").textContent).toBe("从未使用");

    fireEvent.change(screen.getByTestId("token-name"), { target: { value: "  ci " } });
    fireEvent.change(screen.getByTestId("token-scope"), { target: { value: "write" } });
    fireEvent.change(screen.getByTestId("token-lifetime"), { target: { value: "30" } });
    await act(async () => {
      fireEvent.click(screen.getByTestId("token-create"));
    });
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.body).toEqual({ name: "ci", scope: "write", expires_in_days: 30 });
    expect(post.csrf).toBe("csrf-secret");
    expect((screen.getByTestId("token-key") as HTMLInputElement).value).toBe("bh_SECRETSECRET");
    expect(screen.getByTestId("token-created").textContent).toContain("只显示这一次");
    await waitFor(() => expect(screen.getAllByTestId("token-row")).toHaveLength(2));

    fireEvent.click(screen.getByTestId("token-created-done"));
    expect(screen.queryByTestId("token-key")).toBeNull(); // gone for good

    await act(async () => {
      fireEvent.click(screen.getAllByTestId("token-revoke")[1]);
    });
    const del = calls.find((c) => c.method === "DELETE")!;
    expect(del.url).toBe(`/api/v1/tokens/${listed.id}/`);
    expect(del.csrf).toBe("csrf-secret");
    await waitFor(() => expect(screen.getAllByTestId("token-revoke")).toHaveLength(1));
  });

  it("shows the server's sentence for a refused token", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === "POST")
          return jsonResponse(400, {
            error: "invalid",
            detail: "请求无效：name：…",
            errors: [{ path: "name", message: "请确保这个字段不超过 100 个字符。", code: "max_length", params: {} }],
          });
        return jsonResponse(200, []);
      }),
    );
    render(
      <I18nProvider lang="zh">
        <TokensScreen />
      </I18nProvider>,
    );
    await waitFor(() => expect(screen.getByTestId("tokens-empty")).toBeTruthy());
    fireEvent.change(screen.getByTestId("token-name"), { target: { value: "x" } });
    await act(async () => {
      fireEvent.click(screen.getByTestId("token-create"));
    });
    expect(screen.getByTestId("token-error").textContent).toBe("name: 请确保这个字段不超过 100 个字符。");
    expect(screen.queryByTestId("token-created")).toBeNull();
  });

  // Listings and the creation answered when the test says, in any order.
  function pendingServer() {
    const made = { ...listed, id: "33333333-3333-3333-3333-333333333333", name: "deploy", key: "bh_KEY" };
    const { key: _key, ...shown } = made;
    const gets: ((r: Response) => void)[] = [];
    let answerPost: (r: Response) => void = () => {};
    vi.stubGlobal(
      "fetch",
      vi.fn((_url: string, init?: RequestInit) =>
        new Promise<Response>((resolve) => {
          if ((init?.method ?? "GET") === "POST") answerPost = resolve;
          else gets.push(resolve);
        }),
      ),
    );
    render(
      <I18nProvider lang="en">
        <TokensScreen />
      </I18nProvider>,
    );
    fireEvent.change(screen.getByTestId("token-name"), { target: { value: "deploy" } });
    fireEvent.click(screen.getByTestId("token-create"));
    const names = () => screen.queryAllByTestId("token-row").map((row) => row.getAttribute("data-name"));
    const answer = async (resolve: (r: Response) => void, body: unknown, status = 200) => {
      await act(async () => resolve(jsonResponse(status, body)));
    };
    return { made, shown, gets, answerPost: (body: unknown) => answer(answerPost, body, 201), answer, names };
  }

  it("shows a new token once when the opening listing already has it", async () => {
    // The listing asked for when the screen opened is made by the server after the token was
    // created, and answered before the creation is: the token is then listed, not added twice.
    const server = pendingServer();
    await server.answer(server.gets[0], [server.shown, listed]);
    await server.answerPost(server.made);
    expect(server.names()).toEqual(["deploy", "nightly"]);
  });

  it("keeps a new token when the opening listing answers last", async () => {
    // The opening listing, made before the token was, answers after the listing asked for once
    // it was created: the older list does not replace the newer one.
    const server = pendingServer();
    await server.answerPost(server.made);
    expect(server.names()).toEqual(["deploy"]);
    await server.answer(server.gets[1], [server.shown, listed]);
    await server.answer(server.gets[0], [listed]);
    expect(server.names()).toEqual(["deploy", "nightly"]);
  });
});
