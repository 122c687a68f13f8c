import { describe, expect, it } from "vitest";
import { render, screen, fireEvent } from "@testing-library/react";
import { getIn, parsePath, setIn } from "../src/lib/path";
import { ANCHORS, anchorOf, pinProblems } from "../src/lib/problems";
import { histogramBins, normaliseStats } from "../src/lib/stats";
import sim from "./sim-baike-weihai-200.json";
import { I18nProvider, LANG_KEY, translate, useI18n } from "../src/lib/i18n";
import { DocContext } from "../src/widgets/doc";
import { RulesForm } from "../src/screens/RulesForm";
import { fromSaveErrors } from "../src/screens/Editor";
import { parseHash, routeHash } from "../src/App";
import { weihai } from "./fixtures";

describe("JSON paths", () => {
  it("parse, read and write the API's paths", () => {
    expect(parsePath("scoring.two_person.rows[3].guard")).toEqual(["scoring", "two_person", "rows", 3, "guard"]);
    const doc = weihai();
    expect(getIn(doc, "deal.hand_sizes[4]")).toBe(33);
    const next = setIn(doc, "deal.hand_sizes[4]", 32);
    expect(next.deal.hand_sizes).toEqual([33, 33, 33, 33, 32]);
    expect(doc.deal.hand_sizes[4]).toBe(33); // the original is untouched
    expect(setIn({ a: 1, b: 2 }, "b", undefined)).toEqual({ a: 1 });
  });
});

describe("pinning problems to fields", () => {
  it("takes the longest anchor that holds the path; others go to the summary", () => {
    expect(anchorOf("deal.hand_sizes")).toBe("deal.hand_sizes");
    expect(anchorOf("deal.hand_sizes[2]")).toBe("deal.hand_sizes");
    expect(anchorOf("scoring.two_person_guard_known.rows[0].guard")).toBe("scoring.two_person_guard_known");
    expect(anchorOf("deck")).toBeNull();
    expect(anchorOf("")).toBeNull();
    const pinned = pinProblems([
      { path: "deal.hand_sizes", message: "The hands add up to 165 cards but the deck has 164" },
      { path: "", message: "whole document" },
      { path: "mystery.field", message: "unknown" },
    ]);
    expect(pinned.byAnchor.get("deal.hand_sizes")).toHaveLength(1);
    expect(pinned.unpinned.map((p) => p.path)).toEqual(["", "mystery.field"]);
  });

  it("reads a failed save's paths (under definition.)", () => {
    expect(fromSaveErrors([{ path: "definition.deal.hand_sizes", message: "x" }, { path: "definition", message: "y" }]).map((p) => p.path)).toEqual([
      "deal.hand_sizes",
      "",
    ]);
  });

  it("every anchor is rendered by the rules form", () => {
    const { container } = render(
      <I18nProvider lang="en">
        <DocContext.Provider
          value={{
            doc: {
              ...weihai(),
              deal: { hand_sizes: [33, 33, 33, 33, 33], buy: { rank: "3", pay_with: "2" } },
              declarations: { rebellion: { threshold: 2 }, kick: {} },
              play: { roast: { joker_order: ["SJ", "BJ"] } },
              tribute: { shut_in: { count: 1 } },
              scoring: { ...weihai().scoring, two_person_guard_known: { rows: [] } },
            } as unknown as Record<string, unknown>,
            update: () => undefined,
            pinned: { byAnchor: new Map(), unpinned: [] },
          }}
        >
          <RulesForm />
        </DocContext.Provider>
      </I18nProvider>,
    );
    const rendered = new Set(
      [...container.querySelectorAll("[data-anchor], fieldset[id]")].map((el) => el.getAttribute("data-anchor") ?? el.id),
    );
    const missing = ANCHORS.filter((a) => !rendered.has(a) && !rendered.has("f-" + a.replace(/[^a-zA-Z0-9_-]/g, "-")));
    expect(missing).toEqual([]);
  });

  it("shows a pinned problem next to its field", () => {
    const problems = [{ path: "deal.hand_sizes", message: "The hands add up to 165 cards", severity: "error" as const }];
    render(
      <I18nProvider lang="en">
        <DocContext.Provider
          value={{ doc: weihai() as unknown as Record<string, unknown>, update: () => undefined, pinned: pinProblems(problems) }}
        >
          <RulesForm />
        </DocContext.Provider>
      </I18nProvider>,
    );
    const box = screen.getByTestId("problems-deal.hand_sizes");
    expect(box.textContent).toContain("add up to 165");
    expect(box.closest("[data-anchor]")?.getAttribute("data-anchor")).toBe("deal.hand_sizes");
    expect(box.closest("[data-anchor]")?.querySelector("[data-testid=hand-sizes]")).not.toBeNull();
  });
});

describe("simulation statistics", () => {
  // `baohuang simulate --json` of 200 games: the job's summary and counters, as the API
  // sends them (typed by the generated schema: a field renamed on the server fails here).
  it("reads the summary's rates and the counters' histograms", () => {
    const view = normaliseStats(sim)!;
    expect(view.games).toBe(200);
    expect(view.roles.map((r) => r.role)).toEqual(["emperor", "guard", "rebel", "solo"]);
    const emperor = view.roles[0];
    expect(emperor.n).toBe(176);
    expect(emperor.win).toBe(sim.summary.roles.emperor.win.rate);
    expect(emperor.loss).toBe(sim.summary.roles.emperor.loss.rate);
    expect(emperor.win + emperor.draw + emperor.loss).toBeCloseTo(1);
    expect(emperor.meanPoints).toBe(sim.summary.roles.emperor.points.mean);
    const counted = emperor.histogram.reduce((a, b) => a + b.count, 0);
    expect(counted).toBe(176);
    expect(emperor.histogram.map((b) => b.points)).toEqual([...emperor.histogram.map((b) => b.points)].sort((x, y) => x - y));
    expect(histogramBins(emperor.histogram).length).toBeGreaterThanOrEqual(emperor.histogram.length);
  });
  it("tells rates of games from counts per game", () => {
    const view = normaliseStats(sim)!;
    expect(view.rates).toContainEqual({ name: "rebellion", value: 0.035, perGame: false });
    expect(view.rates).toContainEqual({ name: "kicks", value: 0.015, perGame: true });
    expect(view.playsPerGame).toBe(sim.summary.plays_per_game.mean);
  });
});

describe("language", () => {
  function Switch() {
    const { t, lang, setLang } = useI18n();
    return (
      <button type="button" onClick={() => setLang(lang === "zh" ? "en" : "zh")}>
        {t("role.emperor")}
      </button>
    );
  }
  it("switches and remembers the choice", () => {
    expect(translate("zh", "step.grab_solo")).toBe("抢独");
    localStorage.setItem(LANG_KEY, "zh");
    render(
      <I18nProvider>
        <Switch />
      </I18nProvider>,
    );
    expect(screen.getByRole("button").textContent).toBe("皇帝");
    fireEvent.click(screen.getByRole("button"));
    expect(screen.getByRole("button").textContent).toBe("Emperor");
    expect(localStorage.getItem(LANG_KEY)).toBe("en");
  });
});

describe("routes", () => {
  it("round-trip", () => {
    expect(parseHash("#/variants/baike-weihai/sim")).toEqual({ slug: "baike-weihai", tab: "sim" });
    expect(parseHash("#/variants/hd")).toEqual({ slug: "hd", tab: "rules" });
    expect(parseHash("")).toEqual({ slug: null, tab: "rules" });
    expect(routeHash({ slug: "hd", tab: "raw" })).toBe("#/variants/hd/raw");
  });
});

describe("help", () => {
  it("opens the documentation site's getting-started page in the editor's language", async () => {
    const { helpUrl } = await import("../src/lib/api");
    document.getElementById("editor-context")?.remove();
    expect(helpUrl("en")).toBe("/docs/getting-started.html");
    expect(helpUrl("zh")).toBe("/docs/getting-started.zh.html");
  });
});
