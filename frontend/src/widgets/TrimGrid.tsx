// Deck trims as a rank × suit grid, with the live card count and the hand-size sum.
import { useI18n } from "../lib/i18n";
import { ALL_RANKS, type Deck, type Rank, SUIT_SYMBOL, SUITS } from "../lib/model";
import {
  copiesOf,
  cycleSuit,
  deckComposition,
  deckSize,
  handSum,
  isJoker,
  removalFor,
  setRandomCount,
  suitLeft,
  toggleAll,
  trimMode,
} from "../lib/deck";
import { NumInput } from "./inputs";

export function rankLabel(rank: Rank, lang: "zh" | "en") {
  if (rank === "SJ" || rank === "BJ") {
    const long = rank === "SJ" ? (lang === "zh" ? "小王" : "small joker") : lang === "zh" ? "大王" : "big joker";
    return (
      <>
        {rank} <span className="rank-long">{long}</span>
      </>
    );
  }
  return rank;
}

export function CountSummary({ deck, handSizes }: { deck: Deck | undefined; handSizes: number[] | undefined }) {
  const { t } = useI18n();
  const size = deckSize(deck);
  const sum = handSum(handSizes);
  const bad = size !== sum;
  return (
    <div className={`count-summary ${bad ? "mismatch" : "ok"}`} data-testid="count-summary" role="status">
      <span data-testid="deck-size">{t("f.deckSize", { n: size })}</span>
      <span className="sep">·</span>
      <span data-testid="hand-sum">{t("f.handSum", { n: sum })}</span>
      {bad ? <strong className="mismatch-note"> — {t("f.mismatch")}</strong> : <span className="okmark"> ✓</span>}
    </div>
  );
}

export function TrimGrid(props: {
  deck: Deck | undefined;
  handSizes: number[] | undefined;
  onChange: (deck: Deck) => void;
}) {
  const { deck, onChange } = props;
  const { t, lang } = useI18n();
  const decks = deck?.decks ?? 4;
  const counts = deckComposition(deck);
  return (
    <div className="trim-grid-wrap">
      <table className="trim-grid" data-testid="trim-grid">
        <thead>
          <tr>
            <th scope="col">{t("f.rank")}</th>
            {SUITS.map((s) => (
              <th key={s} scope="col" className={`suit suit-${s}`}>
                {SUIT_SYMBOL[s]}
              </th>
            ))}
            <th scope="col">{t("f.all")}</th>
            <th scope="col">{t("f.random")}</th>
            <th scope="col">{t("f.left")}</th>
          </tr>
        </thead>
        <tbody>
          {ALL_RANKS.map((rank) => {
            const removal = removalFor(deck, rank);
            const mode = trimMode(removal);
            const joker = isJoker(rank);
            const left = counts[rank];
            const full = copiesOf(rank, decks);
            return (
              <tr key={rank} className={`mode-${mode} ${left === 0 ? "gone" : left < full ? "trimmed" : ""}`} data-rank={rank}>
                <th scope="row">{rankLabel(rank, lang)}</th>
                {SUITS.map((suit) =>
                  joker ? (
                    <td key={suit} className="na" aria-hidden="true">
                      ·
                    </td>
                  ) : (
                    <td key={suit}>
                      <button
                        type="button"
                        className={`suit-cell suit-${suit} ${suitLeft(deck, rank, suit) < decks ? "cut" : ""}`}
                        data-testid={`trim-${rank}-${suit}`}
                        title={`${rank}${SUIT_SYMBOL[suit]}`}
                        aria-label={`${rank}${SUIT_SYMBOL[suit]}: ${suitLeft(deck, rank, suit)} / ${decks}`}
                        disabled={mode === "count"}
                        onClick={() => onChange(cycleSuit(deck, rank, suit))}
                      >
                        {mode === "count" ? "?" : suitLeft(deck, rank, suit)}
                      </button>
                    </td>
                  ),
                )}
                <td>
                  <input
                    type="checkbox"
                    checked={mode === "all"}
                    aria-label={`${t("f.all")} ${rank}`}
                    data-testid={`trim-${rank}-all`}
                    onChange={() => onChange(toggleAll(deck, rank))}
                  />
                </td>
                <td>
                  <NumInput
                    value={mode === "count" ? (removal?.count ?? 0) : 0}
                    min={0}
                    max={full}
                    className="rand"
                    label={`${t("f.random")} ${rank}`}
                    testId={`trim-${rank}-random`}
                    onChange={(v) => onChange(setRandomCount(deck, rank, v ?? 0))}
                  />
                </td>
                <td className="left" data-testid={`trim-${rank}-left`}>
                  {left}
                  <span className="muted">/{full}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <CountSummary deck={deck} handSizes={props.handSizes} />
    </div>
  );
}
