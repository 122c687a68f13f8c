// The document being edited, with the validation problems pinned to their fields.
import { createContext, useContext, type ReactNode } from "react";
import { useI18n } from "../lib/i18n";
import { getIn } from "../lib/path";
import { pathWithin } from "../lib/path";
import type { Pinned, Problem } from "../lib/problems";
import { CheckInput, NumInput, SelectInput, TextInput } from "./inputs";

export interface DocState {
  doc: Record<string, unknown>;
  update: (path: string, value: unknown) => void;
  pinned: Pinned;
}

export const DocContext = createContext<DocState>({
  doc: {},
  update: () => undefined,
  pinned: { byAnchor: new Map(), unpinned: [] },
});

export function useDoc(): DocState {
  return useContext(DocContext);
}

export function useValue<T>(path: string): T | undefined {
  return getIn(useDoc().doc, path) as T | undefined;
}

/** The problems pinned at `anchor` (optionally only those inside `within`). */
export function useProblems(anchor: string, within?: string): Problem[] {
  const list = useDoc().pinned.byAnchor.get(anchor) ?? [];
  return within ? list.filter((p) => pathWithin(p.path, within)) : list;
}

export function ProblemList({ problems, anchor }: { problems: Problem[]; anchor?: string }) {
  const { lang } = useI18n();
  if (!problems.length) return null;
  return (
    // The alert is a box around the list (a list given another role no longer holds its items).
    <div role="alert">
      <ul className="problems" data-testid={anchor ? `problems-${anchor}` : undefined}>
        {problems.map((p, i) => (
          <li key={i} className={p.severity === "warning" ? "warning" : "error"}>
            {p.message}
            {p.path && p.path !== anchor && lang !== "zh" ? <code className="path"> {p.path}</code> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A labelled field; shows the problems pinned at `anchor` right below it. */
export function Field(props: {
  anchor?: string;
  label?: ReactNode;
  help?: ReactNode;
  children: ReactNode;
  wide?: boolean;
  htmlFor?: string;
}) {
  const problems = useProblems(props.anchor ?? "\u0000");
  const hasError = problems.some((p) => p.severity !== "warning");
  return (
    <div
      className={`field ${props.wide ? "wide" : ""} ${hasError ? "has-error" : problems.length ? "has-warning" : ""}`}
      id={props.anchor ? anchorId(props.anchor) : undefined}
      data-anchor={props.anchor}
    >
      {props.label ? (
        <label className="field-label" htmlFor={props.htmlFor}>
          {props.label}
        </label>
      ) : null}
      <div className="field-body">{props.children}</div>
      {props.help ? <div className="help">{props.help}</div> : null}
      <ProblemList problems={problems} anchor={props.anchor} />
    </div>
  );
}

export function anchorId(anchor: string): string {
  return "f-" + anchor.replace(/[^a-zA-Z0-9_-]/g, "-");
}

// ---- path-bound inputs -------------------------------------------------------------

export function PNum(props: { path: string; label: string; min?: number; max?: number; optional?: boolean; anchor?: string; fallback?: number; placeholder?: string }) {
  const { update } = useDoc();
  const value = useValue<number>(props.path);
  const id = anchorId(props.path) + "-input";
  return (
    <Field anchor={props.anchor ?? props.path} label={props.label} htmlFor={id}>
      <NumInput
        id={id}
        value={value ?? props.fallback}
        min={props.min}
        max={props.max}
        optional={props.optional}
        placeholder={props.placeholder}
        onChange={(v) => update(props.path, v)}
      />
    </Field>
  );
}

export function PSelect<T extends string>(props: {
  path: string;
  label: string;
  options: readonly T[];
  fallback?: T;
  anchor?: string;
  labelPrefix?: string;
}) {
  const { update } = useDoc();
  const value = useValue<T>(props.path);
  const id = anchorId(props.path) + "-input";
  return (
    <Field anchor={props.anchor ?? props.path} label={props.label} htmlFor={id}>
      <SelectInput
        id={id}
        value={value ?? props.fallback}
        options={props.options}
        labelPrefix={props.labelPrefix}
        onChange={(v) => update(props.path, v)}
      />
    </Field>
  );
}

export function PCheck(props: { path: string; label: string; fallback?: boolean; anchor?: string }) {
  const { update } = useDoc();
  const value = useValue<boolean>(props.path);
  return (
    <Field anchor={props.anchor ?? props.path}>
      <CheckInput checked={value ?? props.fallback ?? false} label={props.label} onChange={(v) => update(props.path, v)} />
    </Field>
  );
}

export function PText(props: { path: string; label: string; anchor?: string; readOnly?: boolean; wide?: boolean }) {
  const { update } = useDoc();
  const value = useValue<string>(props.path);
  const id = anchorId(props.path) + "-input";
  return (
    <Field anchor={props.anchor ?? props.path} label={props.label} htmlFor={id} wide={props.wide}>
      <TextInput id={id} value={value} readOnly={props.readOnly} onChange={(v) => update(props.path, v)} />
    </Field>
  );
}

/** An optional sub-object: a checkbox that creates it (with defaults) or removes it (null). */
export function Optional(props: {
  path: string;
  label: string;
  create: () => unknown;
  off?: null | undefined;
  children: ReactNode;
}) {
  const { update } = useDoc();
  const value = useValue<unknown>(props.path);
  const on = value !== null && value !== undefined;
  return (
    <fieldset className={`optional ${on ? "on" : "off"}`} id={anchorId(props.path)}>
      <legend>
        <CheckInput
          checked={on}
          label={props.label}
          onChange={(v) => update(props.path, v ? props.create() : props.off === undefined ? undefined : null)}
        />
      </legend>
      {on ? props.children : null}
      <ProblemList problems={useProblems(props.path)} anchor={props.path} />
    </fieldset>
  );
}
