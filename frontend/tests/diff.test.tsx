import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { I18nProvider } from "../src/lib/i18n";
import { ChangeList } from "../src/screens/DiffTab";
import { scratchDefinition } from "../src/lib/scratch";
import type { ServerChange } from "../src/lib/api";

const change: ServerChange = {
  path: "scoring.two_person.rows[0].emperor",
  old: 6,
  new: 8,
  change: "changed",
  text: { zh: "皇帝头客、侍卫二客时皇帝得分 6 → 8", en: "Emperor 1st out, guard 2nd out: the emperor's points 6 → 8" },
};

describe("the server's changes", () => {
  it("are shown as sentences in the editor's language; the path only in English (in Chinese a tooltip)", () => {
    render(
      <I18nProvider lang="zh">
        <ChangeList changes={[change]} testid="changes" />
      </I18nProvider>,
    );
    const list = screen.getByTestId("changes");
    expect(list.textContent).toContain("皇帝头客、侍卫二客时皇帝得分 6 → 8");
    expect(list.textContent).not.toContain("scoring.two_person.rows[0].emperor");
    expect(list.querySelector("[title]")?.getAttribute("title")).toBe("scoring.two_person.rows[0].emperor");
    expect(list.textContent).not.toContain("Emperor 1st out");
  });

  it("keep the path beside the sentence in English", () => {
    render(
      <I18nProvider lang="en">
        <ChangeList changes={[change]} testid="changes-en" />
      </I18nProvider>,
    );
    expect(screen.getByTestId("changes-en").textContent).toContain("scoring.two_person.rows[0].emperor");
  });

  it("say so when there are none", () => {
    render(
      <I18nProvider lang="en">
        <ChangeList changes={[]} testid="changes" />
      </I18nProvider>,
    );
    expect(screen.getByTestId("changes-none").textContent).toBe("No changes.");
  });
});

describe("a rule set from scratch", () => {
  it("writes out the standard scoring: 20 zero-sum rows and both solo tables", () => {
    const doc = scratchDefinition("my-rules", "我的", "Mine") as {
      id: string;
      scoring: { two_person: { rows: { emperor: number; guard: number; rebels: number }[] }; solo: { open: unknown[]; hidden: unknown[] } };
    };
    expect(doc.id).toBe("my-rules");
    expect(doc.scoring.two_person.rows).toHaveLength(20);
    for (const r of doc.scoring.two_person.rows) expect(r.emperor + r.guard + 3 * r.rebels).toBe(0);
    expect(doc.scoring.solo.open).toHaveLength(5);
    expect(doc.scoring.solo.hidden).toHaveLength(5);
  });
});
