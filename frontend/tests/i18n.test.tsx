// The editor's catalog: every key has both languages, and the API is asked in the chosen one.
import { describe, expect, it } from "vitest";
import { acceptLanguage } from "../src/lib/api";
import { FIELD_KINDS, FIELD_LABELS } from "../src/generated/fields";
import { ENTRIES, OWN_KEYS, translate } from "../src/lib/i18n";
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
