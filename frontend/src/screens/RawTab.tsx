// The raw definition as YAML or JSON; edits that parse replace the document. Text that does
// not parse is kept (the editor holds it while the tab is away) and its problem is shown at
// its line, in a line-numbered text box.
import { useEffect, useRef, useState } from "react";
import { useI18n } from "../lib/i18n";
import { formatDoc, loadYaml, parseText, type Format, type TextProblem, type Yaml } from "../lib/rawText";

/** Text of the raw tab that does not parse: kept by the editor until fixed or discarded. */
export interface BrokenText {
  text: string;
  format: Format;
  problem: TextProblem;
}

/** The problem as a sentence: "Line 29, column 5: …". */
export function problemText(t: (key: string, vars?: Record<string, string | number>) => string, problem: TextProblem): string {
  const vars = { ...problem.vars };
  if (problem.key === "raw.err.notMapping") vars.kind = t(`raw.kind.${problem.vars.kind}`);
  const sentence = t(problem.key, vars);
  if (problem.line === null) return sentence;
  return `${t("raw.at", { line: problem.line, column: problem.column ?? 1 })}${sentence}`;
}

/** Select the start of a line in a text box and scroll it into view. */
export function goToLine(area: HTMLTextAreaElement | null, line: number) {
  if (!area) return;
  const lines = area.value.split("\n");
  const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  const end = start + (lines[line - 1]?.length ?? 0);
  area.focus();
  area.setSelectionRange(start, end);
  const lineHeight = parseFloat(getComputedStyle(area).lineHeight) || 18;
  area.scrollTop = Math.max(0, (line - 3) * lineHeight);
}

/** A text box with line numbers; `errorLine` is marked in the gutter and on the text. */
export function NumberedText(props: {
  value: string;
  onChange: (text: string) => void;
  errorLine: number | null;
  label: string;
  describedBy?: string;
  areaRef?: React.RefObject<HTMLTextAreaElement | null>;
}) {
  const gutter = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState(0);
  const count = props.value.split("\n").length;
  const numbers = [];
  for (let i = 1; i <= count; i++) {
    numbers.push(
      <div key={i} className={i === props.errorLine ? "err" : undefined}>
        {i}
      </div>,
    );
  }
  const digits = String(count).length;
  return (
    <div className="numbered" style={{ ["--gutter" as string]: `${digits + 1.6}ch` }}>
      <div className="gutter" ref={gutter} aria-hidden="true" data-testid="raw-gutter">
        {numbers}
      </div>
      {props.errorLine ? (
        <div
          className="err-band"
          aria-hidden="true"
          style={{ ["--line" as string]: props.errorLine - 1, ["--scroll" as string]: `${scroll}px` }}
        />
      ) : null}
      <textarea
        ref={props.areaRef}
        className="raw"
        spellCheck={false}
        wrap="off"
        value={props.value}
        aria-label={props.label}
        aria-invalid={props.errorLine !== null}
        aria-describedby={props.describedBy}
        data-testid="raw-text"
        onScroll={(e) => {
          const top = e.currentTarget.scrollTop;
          if (gutter.current) gutter.current.scrollTop = top;
          setScroll(top);
        }}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}

export function RawTab(props: {
  doc: Record<string, unknown>;
  onChange: (doc: Record<string, unknown>) => void;
  broken: BrokenText | null;
  onBroken: (broken: BrokenText | null) => void;
  areaRef?: React.RefObject<HTMLTextAreaElement | null>;
}) {
  const { doc, onChange, broken, onBroken } = props;
  const { t, tk } = useI18n();
  const [yaml, setYaml] = useState<Yaml | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [format, setFormat] = useState<Format>(broken?.format ?? "yaml");
  const [text, setText] = useState<string | null>(broken?.text ?? null);
  const emitted = useRef<unknown>(doc);
  const ownRef = useRef<HTMLTextAreaElement>(null);
  const areaRef = props.areaRef ?? ownRef;

  useEffect(() => {
    let live = true;
    loadYaml().then(
      (module) => live && setYaml(module),
      (err: unknown) => live && setLoadError(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      live = false;
    };
  }, []);

  // The text shown: kept broken text, else the document in the chosen format.
  useEffect(() => {
    if (yaml && text === null) setText(formatDoc(yaml, doc, format));
  }, [yaml, text, doc, format]);

  // The document changed elsewhere (a restored backup, a reload after a conflict).
  useEffect(() => {
    if (doc !== emitted.current) {
      emitted.current = doc;
      if (yaml) setText(formatDoc(yaml, doc, format));
      if (broken) onBroken(null);
    }
  }, [doc, format, yaml, broken, onBroken]);

  if (loadError)
    return (
      <p className="error-text" role="alert">
        {t("app.error")}: {loadError}
      </p>
    );
  if (!yaml || text === null) return <p className="muted">{t("app.loading")}</p>;

  const problem = broken?.problem ?? null;
  const discard = () => {
    setText(formatDoc(yaml, doc, format));
    onBroken(null);
  };

  return (
    <div className="raw-tab">
      <div className="raw-tools">
        {(["yaml", "json"] as const).map((f) => (
          <button
            key={f}
            type="button"
            className={format === f ? "active" : ""}
            aria-pressed={format === f}
            disabled={problem !== null && format !== f}
            title={problem !== null && format !== f ? t("raw.fixFirst") : undefined}
            onClick={() => {
              setFormat(f);
              setText(formatDoc(yaml, doc, f));
            }}
          >
            {f.toUpperCase()}
          </button>
        ))}
      </div>
      {problem ? (
        <div className="banner error raw-problem" role="alert" id="raw-problem" data-testid="raw-problem">
          <p data-testid="raw-problem-text">{problemText(tk, problem)}</p>
          {problem.line !== null ? (
            <pre className="raw-excerpt" data-testid="raw-excerpt">
              <span className="n">{problem.line}</span> {text.split("\n")[problem.line - 1] ?? ""}
            </pre>
          ) : null}
          <div className="buttons">
            {problem.line !== null ? (
              <button type="button" data-testid="raw-goto" onClick={() => goToLine(areaRef.current, problem.line ?? 1)}>
                {t("raw.goto", { line: problem.line })}
              </button>
            ) : null}
            <button type="button" data-testid="raw-discard-here" onClick={discard}>
              {t("raw.discard")}
            </button>
          </div>
        </div>
      ) : null}
      <NumberedText
        value={text}
        errorLine={problem?.line ?? null}
        label={t("ed.tab.raw")}
        describedBy={problem ? "raw-problem" : undefined}
        areaRef={areaRef}
        onChange={(next) => {
          setText(next);
          const parsed = parseText(yaml, next, format);
          if (!parsed.ok) {
            onBroken({ text: next, format, problem: parsed.problem });
            return;
          }
          onBroken(null);
          emitted.current = parsed.doc;
          onChange(parsed.doc);
        }}
      />
    </div>
  );
}
