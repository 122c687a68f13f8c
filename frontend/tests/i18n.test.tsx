// The editor's catalog: every key has both languages, and the API is asked in the chosen one.
/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import { acceptLanguage } from "../src/lib/api";
import { FIELD_KINDS, FIELD_LABELS } from "../src/generated/fields";
import { EDITOR_MESSAGES } from "../src/generated/messages";
import { ENTRIES, OWN_KEYS, hasKey, translate } from "../src/lib/i18n";
import { statusLabel } from "../src/screens/SimulationTab";

describe("the editor's catalog", () => {
  it("has a Chinese and an English text for every key", () => {
    expect(ENTRIES.length).toBeGreaterThan(100);
    for (const [key, [zh, en]] of ENTRIES) {
      expect(zh.trim(), key).not.toBe("");
      expect(en.trim(), key).not.toBe("");
    }
  });

  it("names every field with the words the server's model gives it (make types)", () => {
    expect(Object.keys(FIELD_LABELS).length).toBeGreaterThan(150);
    for (const key of Object.keys(FIELD_KINDS)) expect(`f.${key}` in FIELD_LABELS, key).toBe(true);
    // The rulebook's words, not a second wording of the editor's own.
    expect(translate("zh", "f.play.roast")).toBe("烤牌");
    expect(translate("en", "f.play.roast")).toBe("Roasting");
    expect(translate("zh", "f.bidding.flow.tip")).toBe("贴牌");
  });

  it("keeps no string of its own under a field's key", () => {
    const shadowed = OWN_KEYS.filter((key) => key in FIELD_LABELS);
    expect(shadowed).toEqual([]);
  });

  it("reads its own strings from the server's catalog (make types)", () => {
    expect(OWN_KEYS).toEqual(Object.keys(EDITOR_MESSAGES));
    expect(OWN_KEYS.length).toBeGreaterThan(500);
    expect(translate("zh", "ed.save")).toBe("保存草稿");
    expect(translate("en", "ed.save")).toBe("Save draft");
    expect(translate("en", "list.basedOn", { slug: "std", n: 3 })).toBe("from std v3");
    expect(translate("zh", "list.basedOn", { slug: "std", n: 3 })).toBe("来自 std 第 3 版");
  });

  it("has every key the screens ask for", () => {
    // A literal key is checked by the type checker only where it is passed to `t`; a key built
    // at run time (`tk(\`sec.${name}\`)`) is not, so each literal and each prefix is looked up.
    const files = import.meta.glob(["../src/**/*.{ts,tsx}", "!../src/generated/**"], {
      query: "?raw",
      import: "default",
      eager: true,
    });
    const sources = Object.values(files) as string[];
    expect(sources.length).toBeGreaterThan(20);
    // Comments may show a wrong key on purpose (i18n.tsx: `t("ed.sav")` is a type error).
    const text = sources
      .join("\n")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/^\s*\/\/.*$/gm, "");
    const literals = [...text.matchAll(/\btk?\(\s*"([^"]+)"/g)].map((m) => m[1]);
    const prefixes = [...text.matchAll(/\btk?\(\s*`([^`$]+)\$\{/g)].map((m) => m[1]);
    expect(literals.length).toBeGreaterThan(300);
    expect(literals.filter((key) => !hasKey(key))).toEqual([]);
    const keys = ENTRIES.map(([key]) => key as string);
    expect(prefixes.filter((prefix) => !keys.some((key) => key.startsWith(prefix)))).toEqual([]);
  });

  it("names the language in every request", () => {
    expect(acceptLanguage("zh").startsWith("zh-Hans")).toBe(true);
    expect(acceptLanguage("en").startsWith("en")).toBe(true);
  });

  it("shows a job's status from the server, else from its own typed map", () => {
    const tk = (key: string) => translate("zh", key);
    expect(statusLabel({ status: "succeeded", status_text: "已完成" }, tk)).toBe("已完成");
    expect(statusLabel({ status: "failed" }, tk)).toBe("失败");
    expect(statusLabel({ status: "cancelled" }, (key) => translate("en", key))).toBe("cancelled");
  });
});
