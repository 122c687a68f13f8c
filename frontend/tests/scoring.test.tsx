import { useState } from "react";
import { describe, expect, it } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { I18nProvider } from "../src/lib/i18n";
import type { TwoPersonTable } from "../src/lib/model";
import { lianzhongRow, lianzhongTable, rowSum } from "../src/lib/scoring";
import { ScoringGrid } from "../src/widgets/ScoringGrid";

function Harness({ table: initial }: { table: TwoPersonTable }) {
  const [table, setTable] = useState(initial);
  return (
    <I18nProvider lang="en">
      <ScoringGrid table={table} onChange={setTable} />
      <output data-testid="rows">{table.rows.length}</output>
    </I18nProvider>
  );
}

describe("scoring formula", () => {
  it("is the Lianzhong table of docs/rules.md §8.1", () => {
    expect(lianzhongRow(1, 2)).toEqual({ emperor_rank: 1, guard_rank: 2, emperor: 6, guard: 3, rebels: -3 });
    expect(lianzhongRow(4, 5)).toEqual({ emperor_rank: 4, guard_rank: 5, emperor: -6, guard: -3, rebels: 3 });
    const table = lianzhongTable();
    expect(table.rows).toHaveLength(20);
    expect(table.rows.every((r) => rowSum(r) === 0)).toBe(true);
  });
});

describe("ScoringGrid", () => {
  it("shows each row's sum emperor + guard + 3 × rebels, highlighting non-zero", () => {
    render(<Harness table={lianzhongTable()} />);
    expect(screen.getByTestId("score-1-2-sum").textContent).toBe("Σ 0");
    expect(screen.getByTestId("score-1-2").className).not.toContain("nonzero");
    fireEvent.change(screen.getByTestId("score-1-2-emperor"), { target: { value: "7" } });
    expect(screen.getByTestId("score-1-2-sum").textContent).toBe("Σ 1");
    expect(screen.getByTestId("score-1-2").className).toContain("nonzero");
    fireEvent.change(screen.getByTestId("score-1-2-rebels"), { target: { value: "-4" } });
    // 7 + 3 + 3 × (−4) = −2
    expect(screen.getByTestId("score-1-2-sum").textContent).toBe("Σ -2");
  });

  it("fills the table from the formula", () => {
    render(<Harness table={{ zero_sum: true, rows: [{ emperor_rank: 1, guard_rank: 2, emperor: 1, guard: 1, rebels: 1 }] }} />);
    expect(screen.getByTestId("rows").textContent).toBe("1");
    expect(screen.getByTestId("score-2-1-sum").textContent).toBe("—"); // missing row
    expect(screen.getByTestId("score-1-2-sum").textContent).toBe("Σ 5");
    fireEvent.click(screen.getByTestId("fill-formula"));
    expect(screen.getByTestId("rows").textContent).toBe("20");
    expect((screen.getByTestId("score-3-1-guard") as HTMLInputElement).value).toBe("2");
    expect((screen.getByTestId("score-3-1-emperor") as HTMLInputElement).value).toBe("4");
    expect((screen.getByTestId("score-3-1-rebels") as HTMLInputElement).value).toBe("-2");
    for (const cell of screen.getAllByText(/^Σ /)) expect(cell.textContent).toBe("Σ 0");
  });

  it("creates a missing row when a cell is typed into", () => {
    render(<Harness table={{ rows: [] }} />);
    fireEvent.change(screen.getByTestId("score-5-4-guard"), { target: { value: "-3" } });
    expect(screen.getByTestId("rows").textContent).toBe("1");
    expect(screen.getByTestId("score-5-4-sum").textContent).toBe("Σ -3");
  });
});
