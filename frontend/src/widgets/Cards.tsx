// Cards drawn as cards: rank and suit symbol, jokers as 大王 / 小王 (BJ / SJ), the marked
// emperor and guard cards (BJ*, SJ*) with a star; a face-down back for hidden cards.
import { isStack, parseCard } from "../lib/cards";
import { useI18n } from "../lib/i18n";

export function Card(props: { card: string; selected?: boolean; onClick?: () => void; small?: boolean; testId?: string }) {
  const { t } = useI18n();
  const face = parseCard(props.card);
  const jokerName =
    face.rank === "BJ" ? t("play.card.BJ") : face.rank === "SJ" ? t("play.card.SJ") : face.rank === "TOP" ? t("play.card.TOP") : face.rank === "TOP2" ? t("play.card.TOP2") : isStack(face.rank) ? t("play.card.STK") : null;
  const label = face.marked
    ? `${jokerName} ★ ${face.rank === "BJ" ? t("play.card.emperor") : t("play.card.guard")}`
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
  const corner = face.joker ? (face.marked ? "★" : "") : face.symbol ?? "";
  const inner = (
    <>
      <span className="pcard-corner">
        <span className="pcard-rank">{face.rank}</span>
        <span className="pcard-suit" aria-hidden="true">
          {corner}
        </span>
      </span>
      <span className="pcard-pip" aria-hidden="true">
        {face.joker ? (face.rank === "BJ" ? "大" : face.rank === "SJ" ? "小" : "特") : face.symbol ?? face.rank}
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
