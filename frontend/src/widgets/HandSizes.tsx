// The five hand sizes, their sum against the trimmed deck, and "split evenly".
import { useI18n } from "../lib/i18n";
import { evenSplit, handSum } from "../lib/deck";
import { NumInput } from "./inputs";

export function HandSizes(props: {
  handSizes: number[] | undefined;
  /** The cards in play (the server's count), null while unknown. */
  deckSize: number | null;
  onChange: (sizes: number[]) => void;
}) {
  const { t } = useI18n();
  const sizes = props.handSizes ?? [0, 0, 0, 0, 0];
  const sum = handSum(sizes);
  const bad = props.deckSize !== null && sum !== props.deckSize;
  const deckSize = props.deckSize;
  return (
    <div className={`hand-sizes ${bad ? "mismatch" : ""}`} data-testid="hand-sizes">
      <div className="hand-inputs">
        {sizes.map((n, i) => (
          <label key={i} className="hand">
            <span>{t("f.seat", { n: i })}</span>
            <NumInput
              value={n}
              min={1}
              width="4.5em"
              label={t("f.seat", { n: i })}
              testId={`hand-size-${i}`}
              invalid={bad}
              onChange={(v) => props.onChange(sizes.map((x, j) => (j === i ? (v ?? 0) : x)))}
            />
          </label>
        ))}
      </div>
      <div className="hand-total">
        <span className={bad ? "mismatch-note" : ""} data-testid="hand-sizes-sum">
          Σ {sum} / {deckSize ?? "…"}
        </span>
        <button
          type="button"
          disabled={deckSize === null}
          onClick={() => deckSize !== null && props.onChange(evenSplit(deckSize, sizes.length || 5))}
        >
          {t("f.split")}
        </button>
      </div>
    </div>
  );
}
