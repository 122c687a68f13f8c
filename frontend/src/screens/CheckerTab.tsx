// The play checker: does the candidate play beat the previous one, and why (compare).
import { useState } from "react";
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

const EXAMPLES: [string, string][] = [
  ["7 7 7 7", "8 8 8 8"],
  ["A A A A", "BJ SJ SJ SJ"],
  ["SJ 8 8 8", "9 9 9 9"],
  ["SJ 5 5 5 5", "BJ 6 6 6 6"],
];

export function CheckerTab({ slug, latest }: { slug: string; latest: number | null }) {
  const { t } = useI18n();
  const [previous, setPrevious] = useState("7 7 7 7");
  const [candidate, setCandidate] = useState("8 8 8 8");
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
        body: { previous: previous.trim() || null, candidate },
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
      <div className="examples">
        {EXAMPLES.map(([p, c]) => (
          <button
            key={p + c}
            type="button"
            className="link"
            onClick={() => {
              setPrevious(p);
              setCandidate(c);
            }}
          >
            {p} → {c}
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
            <code>{result.candidate ?? candidate}</code>{" "}
            {!result.legal ? t("chk.illegal") : result.beats ? t("chk.beats") : t("chk.notbeats")}{" "}
            {result.previous ? <code>{result.previous}</code> : null}
          </div>
          <div className="reason">{result.reason}</div>
        </div>
      ) : null}
      <ScoreCalculator slug={slug} version={latest} />
    </div>
  );
}
