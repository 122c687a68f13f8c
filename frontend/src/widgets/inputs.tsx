// Small controlled inputs shared by every section.
import { useEffect, useId, useState, type ReactNode } from "react";
import { useI18n } from "../lib/i18n";

export function NumInput(props: {
  value: number | undefined | null;
  onChange: (value: number | undefined) => void;
  min?: number;
  max?: number;
  label?: string;
  id?: string;
  className?: string;
  invalid?: boolean;
  optional?: boolean;
  width?: string;
  testId?: string;
  /** What an empty optional input means ("no limit"). */
  placeholder?: string;
}) {
  const { value, onChange, min, max } = props;
  const [text, setText] = useState(value == null ? "" : String(value));
  useEffect(() => {
    setText((current) => {
      const parsed = current.trim() === "" ? undefined : Number(current);
      return parsed === (value ?? undefined) ? current : value == null ? "" : String(value);
    });
  }, [value]);
  const parsed = text.trim() === "" ? undefined : Number(text);
  const bad =
    (parsed === undefined && !props.optional) ||
    (parsed !== undefined &&
      (!Number.isInteger(parsed) || (min !== undefined && parsed < min) || (max !== undefined && parsed > max)));
  return (
    <input
      id={props.id}
      type="number"
      inputMode="numeric"
      className={`num ${props.className ?? ""} ${bad || props.invalid ? "invalid" : ""}`}
      style={props.width ? { width: props.width } : undefined}
      value={text}
      min={min}
      max={max}
      step={1}
      placeholder={props.placeholder}
      aria-label={props.label}
      aria-invalid={bad || props.invalid || undefined}
      data-testid={props.testId}
      onChange={(e) => {
        const next = e.target.value;
        setText(next);
        if (next.trim() === "") {
          if (props.optional) onChange(undefined);
          return;
        }
        const n = Number(next);
        if (Number.isInteger(n)) onChange(n);
      }}
    />
  );
}

export function SelectInput<T extends string>(props: {
  value: T | undefined | null;
  options: readonly T[];
  onChange: (value: T) => void;
  labelPrefix?: string;
  label?: string;
  id?: string;
  testId?: string;
  format?: (value: T) => string;
}) {
  const { tk } = useI18n();
  const label = (v: T) => {
    if (props.format) return props.format(v);
    if (v === "") return "—";
    const key = `${props.labelPrefix ?? "opt."}${v}`;
    const text = tk(key);
    return text === key ? v : text;
  };
  return (
    <select
      id={props.id}
      value={props.value ?? ""}
      aria-label={props.label}
      data-testid={props.testId}
      onChange={(e) => props.onChange(e.target.value as T)}
    >
      {props.value == null || !props.options.includes(props.value) ? <option value="">—</option> : null}
      {props.options.map((o) => (
        <option key={o} value={o}>
          {label(o)}
        </option>
      ))}
    </select>
  );
}

export function CheckInput(props: {
  checked: boolean;
  onChange: (value: boolean) => void;
  label: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <label className="check" htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        checked={props.checked}
        data-testid={props.testId}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <span>{props.label}</span>
    </label>
  );
}

export function TextInput(props: {
  value: string | undefined | null;
  onChange: (value: string) => void;
  label?: string;
  id?: string;
  placeholder?: string;
  readOnly?: boolean;
  testId?: string;
}) {
  return (
    <input
      id={props.id}
      type="text"
      value={props.value ?? ""}
      placeholder={props.placeholder}
      aria-label={props.label}
      readOnly={props.readOnly}
      data-testid={props.testId}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}

/** A set of checkboxes over a fixed list of words (callable ranks, attachable cards …). */
export function MultiCheck<T extends string>(props: {
  values: readonly T[] | undefined;
  options: readonly T[];
  onChange: (values: T[]) => void;
  render?: (value: T) => ReactNode;
  /** Show each option as the text of this catalog prefix (`rank.` → 小王) where it has one. */
  labelPrefix?: string;
  testId?: string;
}) {
  const { tk } = useI18n();
  const chosen = new Set(props.values ?? []);
  const label = (o: T): ReactNode => {
    if (props.render) return props.render(o);
    if (!props.labelPrefix) return o;
    const key = `${props.labelPrefix}${o}`;
    const text = tk(key);
    return text === key ? o : text;
  };
  return (
    <div className="chips" data-testid={props.testId}>
      {props.options.map((o) => (
        <label key={o} className={`chip ${chosen.has(o) ? "on" : ""}`}>
          <input
            type="checkbox"
            checked={chosen.has(o)}
            onChange={(e) => {
              const next = props.options.filter((x) => (x === o ? e.target.checked : chosen.has(x)));
              props.onChange(next);
            }}
          />
          {label(o)}
        </label>
      ))}
    </div>
  );
}

/** Up / down / remove buttons for an item of a list editor. */
export function ItemButtons(props: {
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove?: (index: number) => void;
  name?: string;
}) {
  const { t } = useI18n();
  const { index, count } = props;
  const what = props.name ? ` ${props.name}` : "";
  return (
    <span className="item-buttons">
      <button
        type="button"
        className="icon"
        title={t("f.up")}
        aria-label={`${t("f.up")}${what}`}
        disabled={index === 0}
        onClick={() => props.onMove(index, index - 1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="icon"
        title={t("f.down")}
        aria-label={`${t("f.down")}${what}`}
        disabled={index === count - 1}
        onClick={() => props.onMove(index, index + 1)}
      >
        ↓
      </button>
      {props.onRemove ? (
        <button
          type="button"
          className="icon danger"
          title={t("f.remove")}
          aria-label={`${t("f.remove")}${what}`}
          onClick={() => props.onRemove!(index)}
        >
          ✕
        </button>
      ) : null}
    </span>
  );
}
