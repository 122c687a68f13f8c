import { describe, expect, it } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { lineColumn, loadYaml, parseText, unclosedOpener, type Yaml } from "../src/lib/rawText";
import { I18nProvider, translate, type Lang } from "../src/lib/i18n";
import { RawTab, problemText, type BrokenText } from "../src/screens/RawTab";
import { weihai } from "./fixtures";

const en = (key: string, vars?: Record<string, string | number>) => translate("en", key, vars);
const zh = (key: string, vars?: Record<string, string | number>) => translate("zh", key, vars);

async function yaml(): Promise<Yaml> {
  return loadYaml();
}

function problemOf(y: Yaml, text: string, format: "yaml" | "json" = "yaml") {
  const parsed = parseText(y, text, format);
  if (parsed.ok) throw new Error("expected a problem");
  return parsed.problem;
}

describe("the raw tab's text problems", () => {
  it("reports an unclosed [ at the line where it was opened, with a complete sentence", async () => {
    const y = await yaml();
    const lines = y.stringify(weihai(), { lineWidth: 0 }).split("\n");
    const at = lines.findIndex((l) => l.trim().startsWith("hand_sizes:"));
    lines[at] = lines[at].replace(/]\s*$/, "").replace(/hand_sizes:.*/, "hand_sizes: [33, 33, 33, 33, 33");
    const text = lines.join("\n");
    const problem = problemOf(y, text);

    expect(problem.key).toBe("raw.err.unclosed");
    expect(problem.line).toBe(at + 1);
    const sentence = problemText(en, problem);
    expect(sentence).toMatch(new RegExp(`^Line ${at + 1}, column \\d+: This “\\[” is never closed: add “]” where it ends\\.$`));
    expect(problemText(zh, problem)).toContain(`第 ${at + 1} 行`);
  });

  it("points an unclosed quote at its opening and a tab at its line", async () => {
    const y = await yaml();
    const quote = problemOf(y, "id: x\nsource: 'abc\nnotes: []\n");
    expect([quote.key, quote.line, quote.column]).toEqual(["raw.err.quote", 2, 9]);
    const tab = problemOf(y, "deal:\n\thand_sizes: [1]\n");
    expect([tab.key, tab.line]).toEqual(["raw.err.tab", 2]);
  });

  it("never ends with a dangling colon and keeps the library's reason otherwise", async () => {
    const y = await yaml();
    for (const text of ["a: b: c\n", "a: 1\na: 2\n", "a:\n  b: 1\n c: 2\n", "- a\nb: 1\n", "a: @x\n"]) {
      const sentence = problemText(en, problemOf(y, text));
      expect(sentence).not.toMatch(/:\s*$/);
      expect(sentence).toMatch(/^Line \d+, column \d+: \S/);
    }
  });

  it("phrases an empty text and a text that is not named sections for an operator", async () => {
    const y = await yaml();
    for (const text of ["", "   \n", "# only a comment\n"]) {
      const p = problemOf(y, text);
      expect(p.key).toBe("raw.err.empty");
      expect(problemText(en, p)).toMatch(/^The text is empty\. A rule set is written as named sections/);
      expect(problemText(zh, p)).toMatch(/^文本是空的/);
    }
    expect(problemText(en, problemOf(y, "- a\n- b\n"))).toBe(
      "A rule set is written as named sections (schema_version: 1, id: …, deck: …, one per line); this text is a list.",
    );
    expect(problemText(zh, problemOf(y, "hello\n"))).toContain("这段文本却是一段文字");
    expect(problemText(en, problemOf(y, "42"))).toContain("this text is a number");
    expect(problemText(en, problemOf(y, "[1, 2]", "json"))).toContain("this text is a list");
  });

  it("gives JSON errors their line", async () => {
    const y = await yaml();
    const p = problemOf(y, '{\n  "id": "x",\n  "deal": {\n}\n', "json");
    expect(p.key).toBe("raw.err.json");
    expect(p.line).not.toBeNull();
    expect(problemText(en, p)).toMatch(/^Line \d+, column \d+: JSON syntax error: /);
  });

  it("finds openers without being fooled by comments and quotes", () => {
    const text = "a: [1, 2] # [not this\nb: '[' \nc: {x: [1\n";
    const open = unclosedOpener(text, text.length);
    expect(open && lineColumn(text, open.index)).toEqual({ line: 3, column: 8 });
  });
});

function Harness({ lang = "en" as Lang }) {
  const [doc, setDoc] = useState<Record<string, unknown>>(weihai() as unknown as Record<string, unknown>);
  const [broken, setBroken] = useState<BrokenText | null>(null);
  return (
    <I18nProvider lang={lang}>
      <RawTab doc={doc} onChange={setDoc} broken={broken} onBroken={setBroken} />
      <output data-testid="doc-id">{String(doc.id)}</output>
    </I18nProvider>
  );
}

describe("the raw tab", () => {
  it("shows line numbers, marks the error's line, keeps the text and discards it on request", async () => {
    render(<Harness />);
    const area = (await screen.findByTestId("raw-text")) as HTMLTextAreaElement;
    const lines = area.value.split("\n").length;
    expect(screen.getByTestId("raw-gutter").children).toHaveLength(lines);

    fireEvent.change(area, { target: { value: area.value.replace("id: test-weihai", "id: [test-weihai") } });
    const problem = await screen.findByTestId("raw-problem-text");
    const line = Number(/^Line (\d+)/.exec(problem.textContent ?? "")?.[1]);
    expect(line).toBeGreaterThan(0);
    expect(screen.getByTestId("raw-gutter").querySelector(".err")?.textContent).toBe(String(line));
    expect(screen.getByTestId("raw-excerpt").textContent).toContain("[");
    expect(area.getAttribute("aria-invalid")).toBe("true");
    expect((screen.getByTestId("raw-text") as HTMLTextAreaElement).value).toContain("[");

    fireEvent.click(screen.getByTestId("raw-discard-here"));
    await waitFor(() => expect(screen.queryByTestId("raw-problem")).toBeNull());
    expect((screen.getByTestId("raw-text") as HTMLTextAreaElement).value).toContain("id: test-weihai");
    expect(screen.getByTestId("doc-id").textContent).toBe("test-weihai");
  });
});
