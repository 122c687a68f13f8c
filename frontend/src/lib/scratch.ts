// A new rule set from scratch: the smallest definition the server accepts, with the
// standard (Lianzhong) scoring written out (docs/rules.md §8.1, §8.2). The operator edits it
// from there.

export function scratchDefinition(slug: string, zh: string, en: string): Record<string, unknown> {
  const rows = [];
  for (let e = 1; e <= 5; e++)
    for (let g = 1; g <= 5; g++) {
      if (e === g) continue;
      const guard = 6 - (e + g);
      rows.push({ emperor_rank: e, guard_rank: g, emperor: 2 * guard, guard, rebels: -guard });
    }
  const ranks = [1, 2, 3, 4, 5];
  return {
    schema_version: 1,
    id: slug,
    name: { zh: zh || slug, en: en || slug },
    deck: { decks: 4, marks: { emperor_card: "BJ", guard_card: "SJ" } },
    deal: { hand_sizes: [44, 43, 43, 43, 43] },
    bidding: { guard: { by: "fixed_card" }, flow: [{ step: "offer_throne", rounds: 2 }, { step: "redeal" }] },
    scoring: {
      two_person: { rows },
      solo: {
        open: ranks.map((r) => ({ emperor_rank: r, emperor: r === 1 ? 24 : -24, others: r === 1 ? -6 : 6 })),
        hidden: ranks.map((r) => ({
          emperor_rank: r,
          emperor: r === 1 ? 12 : r === 2 ? 0 : -12,
          others: r === 1 ? -3 : r === 2 ? 0 : 3,
        })),
      },
    },
  };
}
