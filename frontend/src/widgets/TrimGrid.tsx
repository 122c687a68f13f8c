// Deck trims as a rank × suit grid, with the live card count and the hand-size sum.
import { useI18n } from "../lib/i18n";
import { ALL_RANKS, type Deck, type Rank, SUIT_SYMBOL, SUITS } from "../lib/model";
import {
  cycleSuit,
  handSum,
  isJoker,
  rankCount,
  removalFor,
  setRandomCount,
  suitLeft,
  toggleAll,
  trimMode,
  type DeckCount,
} from "../lib/deck";
import { NumInput } from "./inputs";

export function rankLabel(rank: Rank, lang: "zh" | "en") {
  if (rank === "SJ" || rank === "BJ") {
    const long = rank === "SJ" ? (lang === "zh" ? "小王" : "small joker") : lang === "zh" ? "大王" : "big joker";
    if (lang === "zh") return <span className="rank-long">{long}</span>;
    return (
      <>
        {rank} <span className="rank-long">{long}</span>
      </>
    );
  }
  return rank;
}

/** The server's card count (`count`, null while unknown) against the hand sizes' sum. */
export function CountSummary({ count, handSizes }: { count: DeckCount | null; handSizes: number[] | undefined }) {
  const { t } = useI18n();
  const sum = handSum(handSizes);
  const bad = count !== null && count.size !== sum;
  return (
    <div
      className={`count-summary ${count === null ? "unknown" : bad ? "mismatch" : "ok"}`}
      data-testid="count-summary"
      role="status"
    >
      <span data-testid="deck-size">{t("f.deckSize", { n: count?.size ?? "…" })}</span>
      <span className="sep">·</span>
      <span data-testid="hand-sum">{t("f.handSum", { n: sum })}</span>
      {count === null ? null : bad ? (
        <strong className="mismatch-note"> — {t("f.mismatch")}</strong>
      ) : (
        <span className="okmark"> ✓</span>
      )}
    </div>
  );
}

export function TrimGrid(props: {
  deck: Deck | undefined;
  handSizes: number[] | undefined;
  /** The server's count of `deck` (useDeckCount), null while unknown. */
  count: DeckCount | null;
  onChange: (deck: Deck) => void;
}) {
  const { deck, count, onChange } = props;
  const { t, lang } = useI18n();
  const decks = deck?.decks ?? 4;
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
            const counted = rankCount(count, rank);
            const state = !counted ? "" : counted.left === 0 ? "gone" : counted.left < counted.full ? "trimmed" : "";
            return (
              <tr key={rank} className={`mode-${mode} ${state}`} data-rank={rank}>
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
                    max={counted?.full}
                    className="rand"
                    label={`${t("f.random")} ${rank}`}
                    testId={`trim-${rank}-random`}
                    onChange={(v) => onChange(setRandomCount(deck, rank, v ?? 0))}
                  />
                </td>
                <td className="left" data-testid={`trim-${rank}-left`}>
                  {counted ? counted.left : "…"}
                  <span className="muted">/{counted ? counted.full : "…"}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <CountSummary count={count} handSizes={props.handSizes} />
    </div>
  );
}
