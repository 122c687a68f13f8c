// Validation as you type: POST /api/v1/validate/, debounced; the latest answer wins.
import { useEffect, useRef, useState } from "react";
import { ApiError, request, urls } from "./api";
import type { Problem } from "./problems";

export interface ValidationResult {
  valid: boolean;
  errors: Problem[];
  warnings: Problem[];
  summary?: unknown;
}

export type ValidationState =
  | { state: "idle" }
  | { state: "checking"; last?: ValidationResult }
  | { state: "done"; result: ValidationResult }
  | { state: "unavailable"; message: string };

/** Normalise the API's answer: `{valid, errors:[{path,message}], warnings, summary}`. */
export function toResult(data: unknown): ValidationResult {
  const d = (data ?? {}) as Record<string, unknown>;
  const norm = (list: unknown, severity: "error" | "warning"): Problem[] =>
    Array.isArray(list)
      ? list.map((p) => {
          const o = (p ?? {}) as Record<string, unknown>;
          return {
            path: String(o.path ?? ""),
            message: String(o.message ?? o.detail ?? ""),
            code: o.code ? String(o.code) : undefined,
            severity,
            ...(o.params && typeof o.params === "object" ? { params: o.params as Record<string, unknown> } : {}),
          };
        })
      : [];
  const errors = norm(d.errors, "error");
  return { valid: d.valid === undefined ? errors.length === 0 : Boolean(d.valid), errors, warnings: norm(d.warnings, "warning"), summary: d.summary };
}

export async function validateDefinition(definition: unknown, signal?: AbortSignal): Promise<ValidationResult> {
  try {
    const { data } = await request<unknown>(urls.validate(), { method: "POST", body: definition, signal });
    return toResult(data);
  } catch (err) {
    // A 400 with the error shape still carries the problems.
    if (err instanceof ApiError && err.status === 400 && Array.isArray(err.body.errors)) {
      return toResult({ valid: false, errors: err.body.errors, warnings: err.body.warnings });
    }
    throw err;
  }
}

export function useValidation(doc: unknown, delay = 400): ValidationState {
  const [state, setState] = useState<ValidationState>({ state: "idle" });
  const lastResult = useRef<ValidationResult | undefined>(undefined);
  useEffect(() => {
    if (doc === undefined || doc === null) return;
    const controller = new AbortController();
    setState({ state: "checking", last: lastResult.current });
    const timer = window.setTimeout(() => {
      validateDefinition(doc, controller.signal)
        .then((result) => {
          lastResult.current = result;
          setState({ state: "done", result });
        })
        .catch((err: unknown) => {
          if (controller.signal.aborted) return;
          setState({ state: "unavailable", message: err instanceof Error ? err.message : String(err) });
        });
    }, delay);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [doc, delay]);
  return state;
}
