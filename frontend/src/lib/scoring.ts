// Scoring-table arithmetic for the emperor-rank × guard-rank grid.
import { ORDERED_RANK_PAIRS, type TwoPersonRow, type TwoPersonTable } from "./model";

/** Points a row hands out in total: emperor + guard + 3 × rebels (0 for a zero-sum row). */
export function rowSum(row: Pick<TwoPersonRow, "emperor" | "guard" | "rebels">): number {
  return (row.emperor || 0) + (row.guard || 0) + 3 * (row.rebels || 0);
}

/** The Lianzhong / JJ standard formula (docs/rules.md §8.1). */
export function lianzhongRow(emperorRank: number, guardRank: number): TwoPersonRow {
  const guard = 6 - (emperorRank + guardRank);
  // `|| 0` turns a -0 into 0 so the table reads cleanly.
  return { emperor_rank: emperorRank, guard_rank: guardRank, emperor: 2 * guard || 0, guard: guard || 0, rebels: -guard || 0 };
}

/** A full 20-row table from the Lianzhong formula. */
export function lianzhongTable(zeroSum = true): TwoPersonTable {
  return { zero_sum: zeroSum, rows: ORDERED_RANK_PAIRS.map(([e, g]) => lianzhongRow(e, g)) };
}

/** The row for (emperor rank, guard rank), if the table has it. */
export function findRow(table: TwoPersonTable | undefined, e: number, g: number): TwoPersonRow | undefined {
  return table?.rows?.find((r) => r.emperor_rank === e && r.guard_rank === g);
}

/** The table with one field of the (e, g) row set; a missing row is created (zeros). */
export function setCell(
  table: TwoPersonTable | undefined,
  e: number,
  g: number,
  field: "emperor" | "guard" | "rebels",
  value: number,
): TwoPersonTable {
  const rows = (table?.rows ?? []).slice();
  const index = rows.findIndex((r) => r.emperor_rank === e && r.guard_rank === g);
  if (index >= 0) rows[index] = { ...rows[index], [field]: value };
  else {
    rows.push({ emperor_rank: e, guard_rank: g, emperor: 0, guard: 0, rebels: 0, [field]: value });
    rows.sort((a, b) => a.emperor_rank - b.emperor_rank || a.guard_rank - b.guard_rank);
  }
  return { ...(table ?? {}), rows };
}

/** The index of the (e, g) row in the table's rows (for JSON paths), or -1. */
export function rowIndex(table: TwoPersonTable | undefined, e: number, g: number): number {
  return (table?.rows ?? []).findIndex((r) => r.emperor_rank === e && r.guard_rank === g);
}
