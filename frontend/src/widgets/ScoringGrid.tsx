// A two-person scoring table as an emperor-rank × guard-rank grid, each cell with its sum.
import { useI18n } from "../lib/i18n";
import type { TwoPersonTable } from "../lib/model";
import { findRow, lianzhongTable, rowIndex, rowSum, setCell } from "../lib/scoring";
import { pathWithin } from "../lib/path";
import type { Problem } from "../lib/problems";
import { CheckInput, NumInput } from "./inputs";
import { ProblemList } from "./doc";

const RANKS = [1, 2, 3, 4, 5];
const FIELDS = ["emperor", "guard", "rebels"] as const;

export function ScoringGrid(props: {
  table: TwoPersonTable | undefined;
  onChange: (table: TwoPersonTable) => void;
  problems?: Problem[];
  basePath?: string;
  testId?: string;
}) {
  const { t, tk } = useI18n();
  const { table, onChange } = props;
  const base = props.basePath ?? "scoring.two_person";
  const problems = props.problems ?? [];
  const cellProblems = (e: number, g: number) => {
    const i = rowIndex(table, e, g);
    return i < 0 ? [] : problems.filter((p) => pathWithin(p.path, `${base}.rows[${i}]`));
  };
  const other = problems.filter((p) => !/\.rows\[\d+\]/.test(p.path.slice(base.length)));
  return (
    <div className="scoring" data-testid={props.testId ?? "scoring-grid"}>
      <div className="scoring-tools">
        <CheckInput
          checked={table?.zero_sum ?? true}
          label={t("f.scoring.two_person.zero_sum")}
          onChange={(v) => onChange({ ...(table ?? { rows: [] }), zero_sum: v })}
        />
        <button
          type="button"
          title={t("f.fill.help")}
          data-testid="fill-formula"
          onClick={() => onChange(lianzhongTable(table?.zero_sum ?? true))}
        >
          ƒ {t("f.fill")}
        </button>
        <span className="help">{t("f.fill.help")}</span>
      </div>
      <div className="legend">
        <span className="k-e">{t("role.emperor")}</span> / <span className="k-g">{t("role.guard")}</span> /{" "}
        <span className="k-r">{t("role.rebel")} ×3</span> → {t("f.sum")}
      </div>
      <div className="score-grid" role="table">
        <div className="score-row hdr-row" role="row">
        <div className="corner hdr" role="columnheader">
          {t("role.emperor")} ↓ · {t("role.guard")} →
        </div>
        {RANKS.map((g) => (
          <div key={`h${g}`} className="col-hdr hdr" role="columnheader">
            {t("f.guardRank", { p: tk(`place.${g}`) })}
          </div>
        ))}
        </div>
        {RANKS.map((e) => (
          <div key={`row${e}`} className="score-row" role="row">
          <div key={`r${e}`} className="row-hdr hdr" role="rowheader">
            {t("f.emperorRank", { p: tk(`place.${e}`) })}
          </div>
          {RANKS.map((g) => {
            if (e === g) return <div key={`${e}-${g}`} className="cell diag" role="cell" aria-label="—" />;
            const row = findRow(table, e, g);
            const sum = row ? rowSum(row) : null;
            const probs = cellProblems(e, g);
            return (
              <div
                key={`${e}-${g}`}
                className={`cell ${row ? "" : "missing"} ${sum ? "nonzero" : ""} ${probs.length ? "has-error" : ""}`}
                data-testid={`score-${e}-${g}`}
                role="cell"
              >
                <div className="cell-label">
                  {t("f.emperorRank", { p: tk(`place.${e}`) })} · {t("f.guardRank", { p: tk(`place.${g}`) })}
                </div>
                <div className="cell-inputs">
                  {FIELDS.map((f) => (
                    <NumInput
                      key={f}
                      className={`k-${f[0]}`}
                      value={row ? row[f] : undefined}
                      optional
                      label={`${t(`role.${f === "rebels" ? "rebel" : f}`)}（${tk(`place.${e}`)} / ${tk(`place.${g}`)}）`}
                      testId={`score-${e}-${g}-${f}`}
                      onChange={(v) => onChange(setCell(table, e, g, f, v ?? 0))}
                    />
                  ))}
                </div>
                <div className={`cell-sum ${sum ? "nonzero" : ""}`} data-testid={`score-${e}-${g}-sum`} title={t("f.sum")}>
                  {sum === null ? "—" : `Σ ${sum}`}
                </div>
                <ProblemList problems={probs} />
              </div>
            );
          })}
          </div>
        ))}
      </div>
      <ProblemList problems={other} anchor={base} />
    </div>
  );
}
