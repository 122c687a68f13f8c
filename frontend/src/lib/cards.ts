// Cards as the server writes them (docs/rules.md §11): "10h", "As", "BJ*", "SJ", "TOP", "TOP2", or a bare
// rank "9" (in play the engine counts ranks only); in a play also a joker stack (叠加,
// "STK1" … "STK4": several jokers played as one card). Parsed for drawing and for matching a
// selection of cards against the legal plays.

/** Rank names low to high, as the engine orders them (3 … 2, SJ, BJ, then the cards above the
 * big joker with the joker stacks in their slots: STK1, TOP, STK2, TOP2, STK3, STK4). */
export const RANKS = [
  "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2",
  "SJ", "BJ", "STK1", "TOP", "STK2", "TOP2", "STK3", "STK4",
] as const;

/** A joker stack's rank name (STK1 … STK4). */
export function isStack(rank: string): boolean {
  return /^STK[1-4]$/.test(rank);
}

const SUITS: Record<string, { symbol: string; red: boolean }> = {
  s: { symbol: "♠", red: false },
  h: { symbol: "♥", red: true },
  c: { symbol: "♣", red: false },
  d: { symbol: "♦", red: true },
};

export interface CardFace {
  /** The notation as given ("10h", "BJ*"). */
  text: string;
  rank: string;
  /** 0 (3) … 20 (STK4). */
  order: number;
  suit: string | null;
  symbol: string | null;
  red: boolean;
  joker: boolean;
  /** BJ* (the emperor card) or SJ* (the guard card). */
  marked: boolean;
}

export function parseCard(text: string): CardFace {
  const marked = text.endsWith("*");
  const body = marked ? text.slice(0, -1) : text;
  let rank = body;
  let suit: string | null = null;
  const last = body.slice(-1);
  if (body.length > 1 && last in SUITS && !["SJ", "BJ", "TOP", "TOP2"].includes(body) && !isStack(body)) {
    rank = body.slice(0, -1);
    suit = last;
  }
  const order = (RANKS as readonly string[]).indexOf(rank);
  const joker = rank === "SJ" || rank === "BJ" || rank === "TOP" || rank === "TOP2" || isStack(rank);
  return {
    text,
    rank,
    order,
    suit,
    symbol: suit ? SUITS[suit].symbol : null,
    red: suit ? SUITS[suit].red : rank === "BJ" || rank === "TOP" || rank === "TOP2" || isStack(rank),
    joker,
    marked,
  };
}

/** The record text of playing these cards: "play BJ 9 9" (ranks high to low). */
export function playText(cards: string[]): string {
  const ranks = cards.map(parseCard).sort((a, b) => b.order - a.order);
  return `play ${ranks.map((c) => c.rank).join(" ")}`;
}

/** The legal plays among the legal actions, as lists of ranks. */
export function legalPlays(legal: string[]): string[][] {
  return legal.filter((a) => a.startsWith("play ")).map((a) => a.slice(5).split(" "));
}

/** Indexes of hand cards that make up a play (ranks), lowest-suit copies of a rank last. */
export function cardsFor(hand: string[], ranks: string[]): number[] {
  const used = new Set<number>();
  const picked: number[] = [];
  for (const rank of ranks) {
    // From the end of the hand: plain copies before a marked card (BJ*, SJ*) is used.
    let found = -1;
    for (let i = hand.length - 1; i >= 0; i -= 1) {
      if (used.has(i)) continue;
      const card = parseCard(hand[i]);
      if (card.rank !== rank) continue;
      if (found < 0 || (parseCard(hand[found]).marked && !card.marked)) found = i;
    }
    if (found < 0) return [];
    used.add(found);
    picked.push(found);
  }
  return picked;
}
