// The play checker: does the candidate play beat the previous one, and why (compare).
import { useEffect, useState } from "react";
import { ApiError, request, urls } from "../lib/api";
import { useI18n } from "../lib/i18n";
import { ScoreCalculator } from "./ScoreCalculator";

interface CompareResult {
  legal: boolean;
  beats: boolean;
  reason: string;
  previous?: string | null;
  candidate?: string;
  version?: number;
}

/** Example plays (server notation), tried against the open variant: only pairs it finds
 * legal are offered (a variant without 3s, 4s and 5s never shows "SJ 5 5 5 5"). */
export const EXAMPLES: [string, string][] = [
  ["7 7 7 7", "8 8 8 8"],
  ["A A A A", "BJ SJ SJ SJ"],
  ["SJ 8 8 8", "9 9 9 9"],
  ["SJ 5 5 5 5", "BJ 6 6 6 6"],
  ["9 9", "10 10"],
  ["K K K", "A A A"],
  ["Q", "K"],
];
/** Examples offered at most. */
const SHOWN = 4;

/** The words of the jokers in the player's language, and back to the server's codes. */
const JOKER_CODES = ["TOP2", "TOP", "BJ", "SJ"] as const;

/** A play in the server's notation written in the reader's words: SJ → 小王, BJ → 大王. */
export function playInWords(text: string, tk: (key: string) => string, lang: string): string {
  if (lang !== "zh") return text;
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((c) => ((JOKER_CODES as readonly string[]).includes(c.replace(/\*$/, "")) ? tk(`rank.${c.replace(/\*$/, "")}`) : c))
    .join(" ");
}

/** The server's sentence with its card codes in the reader's words (zh): SJ → 小王,
 * BJ → 大王, BJ* → 皇牌, SJ* → 侍卫牌. */
export function reasonInWords(text: string, tk: (key: string) => string, lang: string): string {
  if (lang !== "zh") return text;
  return text.replace(/(?<![A-Za-z])(TOP2|TOP|BJ|SJ)(\*?)(?![A-Za-z])/g, (_m, code: string, star: string) => {
    if (star) return code === "BJ" ? "皇牌" : code === "SJ" ? "侍卫牌" : tk(`rank.${code}`);
    return tk(`rank.${code}`);
  });
}

/** What the reader typed, in the server's notation: 小王 → SJ, 大王 → BJ (Chinese commas as
 * spaces). */
export function playAsCodes(text: string): string {
  return text
    .replace(/[，,、]/g, " ")
    .replace(/小王/g, " SJ ")
    .replace(/大王/g, " BJ ")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .join(" ");
}

export function CheckerTab({ slug, latest }: { slug: string; latest: number | null }) {
  const { t, tk, lang } = useI18n();
  const words = (text: string) => playInWords(text, tk, lang);
  const [previous, setPrevious] = useState("7 7 7 7");
  const [candidate, setCandidate] = useState("8 8 8 8");
  const [examples, setExamples] = useState<[string, string][]>([]);
  // Offer only examples the open variant finds legal (both plays).
  useEffect(() => {
    if (!latest) return;
    let alive = true;
    void Promise.all(
      EXAMPLES.map(async ([p, c]) => {
        try {
          const { data } = await request<CompareResult>(urls.compare(slug), { method: "POST", body: { previous: p, candidate: c } });
          return data.legal ? ([p, c] as [string, string]) : null;
        } catch {
          return null;
        }
      }),
    ).then((found) => {
      if (alive) setExamples(found.filter((e): e is [string, string] => e !== null).slice(0, SHOWN));
    });
    return () => {
      alive = false;
    };
  }, [slug, latest]);
  const [result, setResult] = useState<CompareResult | null>(null);
  const [error, setError] = useState<{ text: string; paths: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  if (!latest) return <p className="muted">{t("chk.needversion")}</p>;
  const run = async () => {
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const { data } = await request<CompareResult>(urls.compare(slug), {
        method: "POST",
        body: { previous: playAsCodes(previous) || null, candidate: playAsCodes(candidate) },
      });
      setResult(data);
    } catch (err) {
      if (err instanceof ApiError) setError({ text: err.message, paths: (err.body.errors ?? []).map((e) => e.path) });
      else setError({ text: String(err), paths: [] });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="checker">
      <h2>{t("chk.title")}</h2>
      <p className="help">{t("chk.help")}</p>
      <p className="muted small">{t("chk.against", { n: latest })}</p>
      <form
        className="checker-form"
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <label className={error?.paths.includes("previous") ? "has-error" : ""}>
          {t("chk.previous")}
          <input value={previous} onChange={(e) => setPrevious(e.target.value)} data-testid="chk-previous" />
        </label>
        <span className="arrow">→</span>
        <label className={error?.paths.includes("candidate") ? "has-error" : ""}>
          {t("chk.candidate")}
          <input value={candidate} onChange={(e) => setCandidate(e.target.value)} data-testid="chk-candidate" />
        </label>
        <button type="submit" className="primary" disabled={busy} data-testid="chk-run">
          {t("chk.run")}
        </button>
      </form>
      <div className="examples" data-testid="chk-examples">
        {examples.map(([p, c]) => (
          <button
            key={p + c}
            type="button"
            className="link"
            onClick={() => {
              setPrevious(words(p));
              setCandidate(words(c));
            }}
          >
            {words(p)} → {words(c)}
          </button>
        ))}
      </div>
      {error ? (
        <div className="banner error" role="alert">
          {error.text}
        </div>
      ) : null}
      {result ? (
        <div className={`verdict ${result.legal && result.beats ? "yes" : "no"}`} data-testid="chk-result" role="status">
          <div className="verdict-line">
            <code>{words(result.candidate ?? playAsCodes(candidate))}</code>{" "}
            {!result.legal ? t("chk.illegal") : result.beats ? t("chk.beats") : t("chk.notbeats")}{" "}
            {result.previous ? <code>{words(result.previous)}</code> : null}
          </div>
          <div className="reason">{reasonInWords(result.reason, tk, lang)}</div>
        </div>
      ) : null}
      <ScoreCalculator slug={slug} version={latest} />
    </div>
  );
}
