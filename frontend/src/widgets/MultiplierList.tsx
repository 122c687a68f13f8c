// Stake multipliers as a list of {event, factor}.
import { useI18n } from "../lib/i18n";
import { EVENTS, type Multiplier } from "../lib/model";
import { NumInput, SelectInput } from "./inputs";
import { ListEditor } from "./ListEditor";

export function MultiplierList(props: { items: Multiplier[] | undefined; onChange: (items: Multiplier[]) => void }) {
  const { t } = useI18n();
  return (
    <ListEditor
      testId="multipliers"
      items={props.items}
      onChange={props.onChange}
      create={(): Multiplier => ({ event: "open_guard", factor: 2 })}
      itemName={(m) => t(`ev.${m.event}`)}
      render={(m, set) => (
        <span className="inline">
          <SelectInput value={m.event} options={EVENTS} labelPrefix="ev." label={t("f.scoring.multipliers.event")} onChange={(v) => set({ ...m, event: v })} />
          <span className="times">×</span>
          <NumInput value={m.factor ?? 2} min={1} max={16} width="4em" label={t("f.scoring.multipliers.factor")} onChange={(v) => set({ ...m, factor: v ?? 2 })} />
        </span>
      )}
    />
  );
}
