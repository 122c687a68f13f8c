// The raw definition as YAML or JSON; edits that parse replace the document.
import { useEffect, useRef, useState } from "react";
import YAML from "yaml";
import { useI18n } from "../lib/i18n";

export function formatDoc(doc: unknown, format: "yaml" | "json"): string {
  return format === "json" ? JSON.stringify(doc, null, 2) : YAML.stringify(doc, { lineWidth: 0 });
}

export function parseDoc(text: string, format: "yaml" | "json"): unknown {
  return format === "json" ? JSON.parse(text) : YAML.parse(text);
}

export function RawTab({ doc, onChange }: { doc: Record<string, unknown>; onChange: (doc: Record<string, unknown>) => void }) {
  const { t } = useI18n();
  const [format, setFormat] = useState<"yaml" | "json">("yaml");
  const [text, setText] = useState(() => formatDoc(doc, "yaml"));
  const [error, setError] = useState<string | null>(null);
  const emitted = useRef<unknown>(doc);

  useEffect(() => {
    if (doc !== emitted.current) {
      emitted.current = doc;
      setText(formatDoc(doc, format));
      setError(null);
    }
  }, [doc, format]);

  return (
    <div className="raw-tab">
      <div className="raw-tools">
        {(["yaml", "json"] as const).map((f) => (
          <button
            key={f}
            type="button"
            className={format === f ? "active" : ""}
            onClick={() => {
              setFormat(f);
              setText(formatDoc(doc, f));
              setError(null);
            }}
          >
            {f.toUpperCase()}
          </button>
        ))}
        {error ? (
          <span className="parse-error" role="alert">
            {error}
          </span>
        ) : null}
      </div>
      <textarea
        className="raw"
        spellCheck={false}
        value={text}
        aria-label={t("ed.tab.raw")}
        data-testid="raw-text"
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          try {
            const parsed = parseDoc(next, format);
            if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
              setError(format === "json" ? "JSON: not an object" : "YAML: not a mapping");
              return;
            }
            setError(null);
            emitted.current = parsed;
            onChange(parsed as Record<string, unknown>);
          } catch (err) {
            setError(err instanceof Error ? err.message.split("\n")[0] : String(err));
          }
        }}
      />
    </div>
  );
}
