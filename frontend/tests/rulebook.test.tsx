import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { I18nProvider, hasKey } from "../src/lib/i18n";
import {
  defaultRulebookVersion,
  fetchRulebook,
  forFrame,
  parseRulebookVersion,
  rulebookChoices,
  rulebookUrl,
} from "../src/lib/rulebook";
import { RulebookTab } from "../src/screens/RulebookTab";
import { TABS } from "../src/screens/Editor";

function staff(isStaff: boolean) {
  const el = document.createElement("script");
  el.id = "editor-context";
  el.type = "application/json";
  el.textContent = JSON.stringify({ user: "op", is_staff: isStaff, can_read_drafts: isStaff });
  document.body.appendChild(el);
}

interface Reply {
  status?: number;
  body: string;
}

function mockFetch(reply: (url: string) => Reply) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      calls.push(url);
      const r = reply(url);
      return new Response(r.body, { status: r.status ?? 200 });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById("editor-context")?.remove();
});

describe("rulebook URLs and versions", () => {
  it("asks for a language, a format and a version", () => {
    expect(rulebookUrl("baike-weihai", "zh", "draft")).toBe("/api/v1/variants/baike-weihai/rulebook/?lang=zh&format=html&version=draft");
    expect(rulebookUrl("a b", "en", 3, "json")).toBe("/api/v1/variants/a%20b/rulebook/?lang=en&format=json&version=3");
    expect(rulebookUrl("x", "en", null)).toBe("/api/v1/variants/x/rulebook/?lang=en&format=html");
  });

  it("offers the draft to staff only, then the published versions newest first", () => {
    expect(rulebookChoices(true, [1, 3, 2], 3)).toEqual(["draft", 3, 2, 1]);
    expect(rulebookChoices(false, [1, 2], 3)).toEqual([3, 2, 1]);
    expect(rulebookChoices(false, [], null)).toEqual([]);
    expect(defaultRulebookVersion(true, 4)).toBe("draft");
    expect(defaultRulebookVersion(false, 4)).toBe(4);
    expect(defaultRulebookVersion(false, null)).toBeNull();
    expect(parseRulebookVersion("draft")).toBe("draft");
    expect(parseRulebookVersion("7")).toBe(7);
    expect(parseRulebookVersion("")).toBeNull();
  });

  it("puts a base element into the page's head", () => {
    expect(forFrame('<html><head lang="zh"><title>x</title>')).toBe('<html><head lang="zh"><base target="_blank"><title>x</title>');
  });

  it("turns a failed answer into the server's message", async () => {
    mockFetch(() => ({
      status: 400,
      body: JSON.stringify({ detail: "The draft has errors; fix them to see its rulebook.", errors: [{ path: "definition", message: "deal: bad" }] }),
    }));
    await expect(fetchRulebook("/x")).rejects.toThrow("The draft has errors; fix them to see its rulebook. deal: bad");
  });

  it("has a tab label and wording in both languages", () => {
    expect(TABS).toContain("rulebook");
    for (const key of ["ed.tab.rulebook", "rb.title", "rb.print", "rb.loading", "rb.error", "rb.version", "rb.draft", "rb.noversion", "rb.unsaved"])
      expect(hasKey(key), key).toBe(true);
  });
});

describe("the rulebook tab", () => {
  const versions = JSON.stringify({ results: [{ number: 1 }, { number: 2 }] });

  it("shows the draft's rulebook to staff, in the editor's language, and another version on request", async () => {
    staff(true);
    const calls = mockFetch((url) => (url.includes("/versions/") ? { body: versions } : { body: "<html><head></head><body><h1>规则书</h1></body></html>" }));
    render(
      <I18nProvider lang="zh">
        <RulebookTab slug="baike-weihai" latest={2} revision={5} dirty={false} />
      </I18nProvider>,
    );
    expect(screen.getByTestId("rulebook-loading").textContent).toBe("规则书生成中…");
    const frame = await screen.findByTestId("rulebook-frame");
    expect(frame.getAttribute("srcdoc")).toContain("<h1>规则书</h1>");
    expect(frame.getAttribute("sandbox")).toBe("allow-same-origin allow-modals");
    expect(calls).toContain("/api/v1/variants/baike-weihai/rulebook/?lang=zh&format=html&version=draft");
    await waitFor(() => expect(screen.getByTestId("rulebook-version").querySelectorAll("option")).toHaveLength(3));
    fireEvent.change(screen.getByTestId("rulebook-version"), { target: { value: "1" } });
    await waitFor(() => expect(calls).toContain("/api/v1/variants/baike-weihai/rulebook/?lang=zh&format=html&version=1"));
    expect(screen.getByTestId("rulebook-open").getAttribute("href")).toBe("/api/v1/variants/baike-weihai/rulebook/?lang=zh&format=html&version=1");
  });

  it("shows the latest published version to others; an error with a retry", async () => {
    staff(false);
    let fail = true;
    const calls = mockFetch((url) =>
      url.includes("/versions/")
        ? { body: versions }
        : fail
          ? { status: 500, body: JSON.stringify({ detail: "boom" }) }
          : { body: "<html><head></head><body>ok</body></html>" },
    );
    render(
      <I18nProvider lang="en">
        <RulebookTab slug="v" latest={2} revision={1} dirty={true} />
      </I18nProvider>,
    );
    const error = await screen.findByTestId("rulebook-error");
    expect(error.textContent).toContain("The rulebook could not be made: boom");
    expect(calls).toContain("/api/v1/variants/v/rulebook/?lang=en&format=html&version=2");
    expect(screen.queryByTestId("rulebook-unsaved")).toBeNull(); // only for the draft
    expect((screen.getByTestId("rulebook-print") as HTMLButtonElement).disabled).toBe(true);
    fail = false;
    fireEvent.click(screen.getByText("Retry"));
    await screen.findByTestId("rulebook-frame");
    expect((screen.getByTestId("rulebook-print") as HTMLButtonElement).disabled).toBe(false);
  });

  it("says so when nothing is published and the user is not staff", async () => {
    staff(false);
    const calls = mockFetch(() => ({ body: "[]" }));
    render(
      <I18nProvider lang="en">
        <RulebookTab slug="v" latest={null} revision={1} dirty={false} />
      </I18nProvider>,
    );
    expect(screen.getByTestId("rulebook-none").textContent).toBe("No version is published yet, so there is no rulebook.");
    await waitFor(() => expect(calls).toEqual(["/api/v1/variants/v/versions/"]));
    await new Promise((r) => setTimeout(r, 0));
  });
});
