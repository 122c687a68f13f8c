// A small valid-looking document (Weihai-like) for widget tests.
import type { Variant } from "../src/lib/model";
import { lianzhongTable } from "../src/lib/scoring";

export function weihai(): Variant {
  return {
    schema_version: 1,
    id: "test-weihai",
    name: { zh: "威海玩法", en: "Weihai" },
    deck: {
      decks: 4,
      remove: [{ rank: "3" }, { rank: "4" }, { rank: "5" }, { rank: "6", count: 3 }],
      marks: { emperor_card: "BJ", guard_card: "SJ" },
    },
    deal: { hand_sizes: [33, 33, 33, 33, 33] },
    bidding: {
      guard: { by: "fixed_card" },
      flow: [
        { step: "grab_solo" },
        { step: "offer_throne", rounds: 2, tip: "two_or_highest", tip_from_pass: 2 },
        { step: "redeal" },
      ],
    },
    scoring: {
      two_person: lianzhongTable(),
      solo: {
        open: [1, 2, 3, 4, 5].map((r) => ({ emperor_rank: r, emperor: r === 1 ? 24 : -24, others: r === 1 ? -6 : 6 })),
        hidden: [1, 2, 3, 4, 5].map((r) => ({ emperor_rank: r, emperor: r === 1 ? 12 : r === 2 ? 0 : -12, others: r === 1 ? -3 : r === 2 ? 0 : 3 })),
      },
      multipliers: [{ event: "open_guard", factor: 2 }],
    },
  };
}
