// The editor's tabs: arrow-key moves between them, and the guard that keeps raw text
// that does not parse from being lost when another tab is asked for.
import { useCallback, useRef, useState, type KeyboardEvent } from "react";
import { goToLine, type BrokenText } from "../RawTab";

export const TABS = ["rules", "raw", "diff", "check", "sim", "compare", "rulebook", "play", "watch"] as const;
export type Tab = (typeof TABS)[number];

/** The tab after a key press on the tab list (ArrowRight/Left wrap, Home, End), else null. */
export function tabForKey(tab: Tab, key: string): Tab | null {
  const at = TABS.indexOf(tab);
  if (key === "ArrowRight") return TABS[(at + 1) % TABS.length];
  if (key === "ArrowLeft") return TABS[(at - 1 + TABS.length) % TABS.length];
  if (key === "Home") return TABS[0];
  if (key === "End") return TABS[TABS.length - 1];
  return null;
}

export function useTabs(tab: Tab, onTab: (tab: Tab) => void) {
  // Raw text that does not parse: kept across tabs until fixed or discarded.
  const [rawBroken, setRawBroken] = useState<BrokenText | null>(null);
  // A tab asked for while the raw text does not parse (the choice is shown).
  const [pendingTab, setPendingTab] = useState<Tab | null>(null);
  const rawArea = useRef<HTMLTextAreaElement>(null);
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});

  const requestTab = useCallback(
    (next: Tab) => {
      if (next === tab) return;
      if (tab === "raw" && rawBroken) return setPendingTab(next);
      onTab(next);
    },
    [tab, rawBroken, onTab],
  );
  const keepEditing = useCallback(() => {
    setPendingTab(null);
    goToLine(rawArea.current, rawBroken?.problem.line ?? 1);
  }, [rawBroken]);
  const discardText = useCallback(() => {
    const next = pendingTab;
    setRawBroken(null);
    setPendingTab(null);
    if (next) onTab(next);
  }, [pendingTab, onTab]);
  const onTabKey = useCallback(
    (e: KeyboardEvent<HTMLButtonElement>) => {
      const target = tabForKey(tab, e.key);
      if (!target) return;
      e.preventDefault();
      requestTab(target);
      if (!(tab === "raw" && rawBroken)) tabRefs.current[target]?.focus();
    },
    [tab, rawBroken, requestTab],
  );

  return { rawBroken, setRawBroken, pendingTab, rawArea, tabRefs, requestTab, keepEditing, discardText, onTabKey };
}
