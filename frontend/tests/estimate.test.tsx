import { afterEach, describe, expect, it } from "vitest";
import { POLICIES, estimateSeconds, formatDuration } from "../src/lib/api";
import { translate } from "../src/lib/i18n";

function context(value: object) {
  const el = document.createElement("script");
  el.id = "editor-context";
  el.type = "application/json";
  el.textContent = JSON.stringify(value);
  document.body.appendChild(el);
}

afterEach(() => document.getElementById("editor-context")?.remove());

describe("run-time estimate before a job starts (issue 35)", () => {
  it("multiplies the server's CPU seconds per game by games and sides", () => {
    context({ seconds_per_game: { heuristic: 0.0004, random: 0.0008, mc: 0.144 } });
    expect(estimateSeconds("heuristic", 200)).toBeCloseTo(0.08);
    expect(estimateSeconds("mc", 1000)).toBeCloseTo(144);
    expect(estimateSeconds("mc", 1000, 2)).toBeCloseTo(288);
    expect(POLICIES).toContain("mc");
  });

  it("falls back to built-in figures when the page gives none", () => {
    expect(estimateSeconds("mc", 100)).toBeGreaterThan(estimateSeconds("heuristic", 100) * 100);
  });

  it("says the time in the reader's language", () => {
    expect(formatDuration(0.2, "en")).toBe("< 1 s");
    expect(formatDuration(42, "en")).toBe("42 s");
    expect(formatDuration(600, "en")).toBe("10 min");
    expect(formatDuration(9000, "en")).toBe("2.5 h");
    expect(formatDuration(42, "zh")).toBe("42 秒");
    expect(formatDuration(600, "zh")).toBe("10 分钟");
    expect(formatDuration(9000, "zh")).toBe("2.5 小时");
    expect(translate("zh", "sim.estimate", { time: "10 分钟" })).toBe("预计耗时：单核约 10 分钟（多个工作进程分担时更快）");
    expect(translate("en", "sim.estimate", { time: "10 min" })).toContain("about 10 min of one core");
  });
});
