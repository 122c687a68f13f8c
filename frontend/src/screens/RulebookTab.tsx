// The rulebook of the edited variant (the saved draft for staff, else a published version),
// in the editor's language: the server's HTML page in a sandboxed frame, printed on its own.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { listOf, pageContext, request, urls } from "../lib/api";
import { useI18n } from "../lib/i18n";
import {
  defaultRulebookVersion,
  fetchRulebook,
  forFrame,
  parseRulebookVersion,
  rulebookChoices,
  rulebookUrl,
  type RulebookVersion,
} from "../lib/rulebook";

/** Where the page scrolls to show `target` (in the frame) just below the editor's sticky head. */
function sectionTop(frame: HTMLIFrameElement, target: Element): number {
  const head = document.querySelector<HTMLElement>(".editor-head");
  const covered = head ? (parseFloat(getComputedStyle(head).top) || 0) + head.offsetHeight : 0;
  return window.scrollY + frame.getBoundingClientRect().top + target.getBoundingClientRect().top - covered - 8;
}

type State = { kind: "loading" } | { kind: "error"; message: string } | { kind: "ready"; html: string };

export function RulebookTab(props: { slug: string; latest: number | null; revision: number; dirty: boolean }) {
  const { slug, latest, revision } = props;
  const { t, lang } = useI18n();
  // The draft is readable by those who may change the rule set (the API's rule).
  const isStaff = useMemo(() => Boolean(pageContext().can_read_drafts), []);
  const [published, setPublished] = useState<number[]>([]);
  const [version, setVersion] = useState<RulebookVersion | null>(() => defaultRulebookVersion(isStaff, latest));
  const [state, setState] = useState<State>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    request<unknown>(urls.versions(slug))
      .then(({ data }) => setPublished(listOf<{ number: number }>(data).map((v) => v.number)))
      .catch(() => setPublished([]));
  }, [slug, latest]);
  useEffect(() => {
    // Not staff: the latest version once it is known (or published meanwhile).
    setVersion((cur) => cur ?? defaultRulebookVersion(isStaff, latest));
  }, [isStaff, latest]);

  const choices = rulebookChoices(isStaff, published, latest);
  const url = version === null ? null : rulebookUrl(slug, lang, version);

  useEffect(() => {
    if (url === null) return;
    const controller = new AbortController();
    setState({ kind: "loading" });
    fetchRulebook(url, controller.signal)
      .then((html) => setState({ kind: "ready", html: forFrame(html) }))
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        setState({ kind: "error", message: err instanceof Error ? err.message : String(err) });
      });
    return () => controller.abort();
    // The draft's rulebook changes when the draft is saved (a new revision).
  }, [url, revision, attempt]);

  // The frame takes its content's height (the editor page scrolls, not the frame), and its
  // contents links scroll to their section instead of loading the editor's URL in the frame.
  const fit = useCallback(() => {
    const doc = frame.current?.contentDocument;
    if (!frame.current || !doc?.documentElement) return;
    frame.current.style.height = `${Math.ceil(doc.documentElement.scrollHeight) + 4}px`;
  }, []);
  const onLoad = useCallback(() => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    fit();
    doc.addEventListener("click", (e) => {
      const link = (e.target as Element | null)?.closest?.("a[href^='#']");
      if (!link) return;
      e.preventDefault();
      const target = doc.getElementById(decodeURIComponent(link.getAttribute("href")!.slice(1)));
      if (target && frame.current) window.scrollTo({ top: sectionTop(frame.current, target) });
    });
    if (typeof ResizeObserver !== "undefined" && doc.body) new ResizeObserver(fit).observe(doc.body);
  }, [fit]);
  useEffect(() => {
    window.addEventListener("resize", fit);
    return () => window.removeEventListener("resize", fit);
  }, [fit]);

  const print = () => {
    const win = frame.current?.contentWindow;
    if (!win) return;
    win.focus();
    win.print();
  };

  const label = (v: RulebookVersion) => (v === "draft" ? t("rb.draft") : t("sim.versionN", { n: Number(v) }));

  return (
    <div className="rulebook-tab" data-testid="rulebook-tab">
      <div className="rulebook-bar">
        <h2>{t("rb.title")}</h2>
        {choices.length ? (
          <label>
            {t("rb.version")}{" "}
            <select
              data-testid="rulebook-version"
              value={version === null ? "" : String(version)}
              onChange={(e) => setVersion(parseRulebookVersion(e.target.value))}
            >
              {choices.map((v) => (
                <option key={String(v)} value={String(v)}>
                  {label(v)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <button type="button" className="primary" data-testid="rulebook-print" disabled={state.kind !== "ready"} onClick={print}>
          {t("rb.print")}
        </button>
        {url ? (
          <a href={url} target="_blank" rel="noopener" data-testid="rulebook-open">
            {t("rb.open")}
          </a>
        ) : null}
      </div>
      {version === "draft" && props.dirty ? (
        <p className="banner conflict" data-testid="rulebook-unsaved">
          {t("rb.unsaved")}
        </p>
      ) : null}
      {url === null ? (
        <p className="muted" data-testid="rulebook-none">
          {t("rb.noversion")}
        </p>
      ) : state.kind === "loading" ? (
        <p className="muted" data-testid="rulebook-loading">
          {t("rb.loading")}
        </p>
      ) : state.kind === "error" ? (
        <div className="banner error" role="alert" data-testid="rulebook-error">
          <p>
            {t("rb.error")}: {state.message}
          </p>
          <button type="button" onClick={() => setAttempt((n) => n + 1)}>
            {t("app.retry")}
          </button>
        </div>
      ) : null}
      {state.kind === "ready" && url !== null ? (
        <iframe
          ref={frame}
          className="rulebook-frame"
          data-testid="rulebook-frame"
          title={t("rb.title")}
          // No scripts run in it; same origin so that the editor can size it and print it.
          sandbox="allow-same-origin allow-modals"
          srcDoc={state.html}
          onLoad={onLoad}
        />
      ) : null}
    </div>
  );
}
