// Chinese and English labels (docs/rules.md terms), switchable; the choice is kept in localStorage.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { FIELD_LABELS } from "../generated/fields";
import { EDITOR_MESSAGES } from "../generated/messages";

export type Lang = "zh" | "en";
export const LANG_KEY = "baohuang.editor.lang";

type Entry = readonly [zh: string, en: string];

/** The editor's own strings, which `make types` generates (frontend/src/generated/messages.ts)
 * from baohuang/editor/messages.py and the editor app's gettext catalog: the server's
 * translation pipeline, so one translator edits both (docs/editor.md, "The editor's words"). */
const OWN = EDITOR_MESSAGES;

/** The keys of the editor's own strings (a test checks none shadows a field's name). */
export const OWN_KEYS: ReadonlyArray<string> = Object.keys(OWN);

/** The whole catalog: the editor's own strings and every field's name (`f.<path>`), which
 * `make types` generates from the server's model and catalogs (frontend/src/generated/fields.ts). */
const CATALOG = { ...FIELD_LABELS, ...OWN };

/** A key of the editor's catalog: `t("ed.sav")` is a type error, not an English fallback. */
export type Key = keyof typeof CATALOG;

/** Every key with both its texts (for the completeness test). */
export const ENTRIES: ReadonlyArray<readonly [Key, Entry]> = Object.entries(CATALOG) as [Key, Entry][];

type Vars = Record<string, string | number>;

/** The text of a key built at run time (`sec.${name}`); an unknown key shows itself. */
export function translate(lang: Lang, key: string, vars?: Vars): string {
  const entry = (CATALOG as Record<string, Entry>)[key];
  let text = entry ? entry[lang === "zh" ? 0 : 1] : key;
  if (vars) for (const [k, v] of Object.entries(vars)) text = text.split(`{${k}}`).join(String(v));
  return text;
}

export function hasKey(key: string): boolean {
  return key in CATALOG;
}

export function initialLang(): Lang {
  try {
    const stored = localStorage.getItem(LANG_KEY);
    if (stored === "zh" || stored === "en") return stored;
  } catch {
    /* storage may be unavailable */
  }
  if (typeof navigator !== "undefined" && navigator.language && !navigator.language.startsWith("zh")) return "en";
  return "zh";
}

interface I18n {
  lang: Lang;
  setLang: (lang: Lang) => void;
  /** A literal key, checked by the type checker. */
  t: (key: Key, vars?: Vars) => string;
  /** A key made at run time (`sec.${name}`): check it with hasKey where it may be missing. */
  tk: (key: string, vars?: Vars) => string;
}

const I18nContext = createContext<I18n>({
  lang: "en",
  setLang: () => undefined,
  t: (key, vars) => translate("en", key, vars),
  tk: (key, vars) => translate("en", key, vars),
});

/** The language the API is asked to answer in (sent with every request). */
let apiLang: Lang = "zh";
export function currentLang(): Lang {
  return apiLang;
}

export function I18nProvider({ children, lang: forced }: { children: ReactNode; lang?: Lang }) {
  const [lang, setLangState] = useState<Lang>(forced ?? initialLang());
  apiLang = lang;
  const setLang = useCallback((next: Lang) => {
    setLangState(next);
    try {
      localStorage.setItem(LANG_KEY, next);
    } catch {
      /* ignore */
    }
    document.documentElement.lang = next === "zh" ? "zh-CN" : "en";
  }, []);
  const value = useMemo<I18n>(
    () => ({ lang, setLang, t: (key, vars) => translate(lang, key, vars), tk: (key, vars) => translate(lang, key, vars) }),
    [lang, setLang],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  return useContext(I18nContext);
}
