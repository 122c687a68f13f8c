// Cards drawn as cards: rank and suit symbol, jokers as 大王 / 小王 (BJ / SJ), the marked
// emperor and guard cards (BJ*, SJ*) with a star; a face-down back for hidden cards.
import { isStack, parseCard } from "../lib/cards";
import { useI18n } from "../lib/i18n";

export function Card(props: { card: string; selected?: boolean; onClick?: () => void; small?: boolean; testId?: string }) {
  const { t, lang } = useI18n();
  const face = parseCard(props.card);
  const zhJoker = face.joker && lang === "zh" ? (face.rank === "BJ" ? "大王" : face.rank === "SJ" ? "小王" : isStack(face.rank) ? "叠加" : "特画") : null;
  const jokerName =
    face.rank === "BJ" ? t("play.card.BJ") : face.rank === "SJ" ? t("play.card.SJ") : face.rank === "TOP" ? t("play.card.TOP") : face.rank === "TOP2" ? t("play.card.TOP2") : isStack(face.rank) ? t("play.card.STK") : null;
  // The name starts with what the card shows (大王★ in Chinese), as assistive technology expects.
  const label = face.marked
    ? `${jokerName}${lang === "zh" ? "★" : " ★"} ${face.rank === "BJ" ? t("play.card.emperor") : t("play.card.guard")}`
    : jokerName ?? `${face.rank}${face.symbol ?? ""}`;
  const className = [
    "pcard",
    face.red ? "red" : "black",
    face.joker ? "joker" : "",
    face.marked ? "marked" : "",
    props.selected ? "selected" : "",
    props.small ? "small" : "",
  ]
    .filter(Boolean)
    .join(" ");
  // The corner (rank over suit) stays readable when the cards overlap in a hand.
  const corner = face.joker ? (face.marked && !zhJoker ? "★" : "") : face.symbol ?? "";
  const inner = (
    <>
      <span className="pcard-corner">
        {/* In Chinese a joker reads as its name, top to bottom: 大 (corner) 王 (pip), 小 王, 特 画;
            in English its code (BJ, SJ, TOP). */}
        <span className="pcard-rank">{zhJoker ? zhJoker[0] : face.rank}</span>
        <span className="pcard-suit" aria-hidden="true">
          {corner}
        </span>
      </span>
      <span className="pcard-pip" aria-hidden="true">
        {zhJoker ? `${zhJoker[1]}${face.marked ? "★" : ""}` : face.joker ? (face.rank === "BJ" ? "大" : face.rank === "SJ" ? "小" : "特") : face.symbol ?? face.rank}
      </span>
    </>
  );
  if (props.onClick) {
    return (
      <button
        type="button"
        className={className}
        aria-label={label}
        aria-pressed={props.selected ?? false}
        data-card={props.card}
        data-testid={props.testId}
        onClick={props.onClick}
      >
        {inner}
      </button>
    );
  }
  return (
    <span className={className} role="img" aria-label={label} data-card={props.card} data-testid={props.testId}>
      {inner}
    </span>
  );
}

/** A row of cards (a trick, a revealed hand). */
export function CardRow(props: { cards: string[]; small?: boolean; testId?: string }) {
  return (
    <span className="pcard-row" data-testid={props.testId}>
      {props.cards.map((card, i) => (
        <Card key={`${card}-${i}`} card={card} small={props.small} />
      ))}
    </span>
  );
}

/** Face-down cards: how many a hidden hand holds. */
export function CardBacks(props: { count: number }) {
  const { t } = useI18n();
  return (
    <span className="pcard-backs" aria-label={t("play.cardsLeft", { n: props.count })}>
      <span className="pcard back small" aria-hidden="true" />
      <span className="pcard-count">{props.count}</span>
    </span>
  );
}
