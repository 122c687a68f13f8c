// A solo table: points by the solo emperor's finish rank (emperor vs each of four others).
import { useI18n } from "../lib/i18n";
import type { SoloRow } from "../lib/model";
import { NumInput } from "./inputs";

export function soloSum(row: SoloRow): number {
  return (row.emperor || 0) + 4 * (row.others || 0);
}

export function SoloTable(props: { rows: SoloRow[] | undefined; onChange: (rows: SoloRow[]) => void; testId?: string }) {
  const { t } = useI18n();
  const rows = props.rows ?? [];
  const set = (rank: number, field: "emperor" | "others", value: number) => {
    const existing = rows.find((r) => r.emperor_rank === rank);
    const next = existing
      ? rows.map((r) => (r.emperor_rank === rank ? { ...r, [field]: value } : r))
      : [...rows, { emperor_rank: rank, emperor: 0, others: 0, [field]: value }].sort((a, b) => a.emperor_rank - b.emperor_rank);
    props.onChange(next);
  };
  return (
    <table className="solo-table" data-testid={props.testId}>
      <thead>
        <tr>
          <th>{t("f.scoring.solo.open.emperor_rank")}</th>
          <th>{t("role.solo")}</th>
          <th>{t("f.scoring.solo.open.others")}</th>
          <th>{t("f.sum")}</th>
        </tr>
      </thead>
      <tbody>
        {[1, 2, 3, 4, 5].map((rank) => {
          const row = rows.find((r) => r.emperor_rank === rank);
          const sum = row ? soloSum(row) : null;
          return (
            <tr key={rank} className={row ? "" : "missing"}>
              <th>{rank}</th>
              <td>
                <NumInput value={row?.emperor} optional width="5em" label={`${t("role.solo")} ${rank}`} onChange={(v) => set(rank, "emperor", v ?? 0)} />
              </td>
              <td>
                <NumInput value={row?.others} optional width="5em" label={`${t("f.scoring.solo.open.others")} ${rank}`} onChange={(v) => set(rank, "others", v ?? 0)} />
              </td>
              <td className={sum ? "nonzero" : ""}>{sum === null ? "—" : `Σ ${sum}`}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
