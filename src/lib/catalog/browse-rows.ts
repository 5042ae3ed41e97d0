/**
 * Home genre rows (spec sections 2 and 9): each row fetches the genre's 50 best-rated titles and shows 20 of
 * them after removing titles the page already shows (Recently Added and earlier rows). Pure, for unit tests.
 */
import type { TitleCard } from './client/cards.ts';

export const GENRE_ROW_CANDIDATES = 50;
export const GENRE_ROW_SHOWN = 20;

export function cardKey(card: Pick<TitleCard, 'type' | 'tmdbId'>): string {
  return `${card.type}:${card.tmdbId}`;
}

/**
 * Goes through the rows in page order and keeps, per row, the first `shown` candidates not already on the
 * page; what a row keeps counts as shown for the rows after it. Candidate order is kept.
 */
export function removeAlreadyShown<R extends { candidates: TitleCard[] }>(
  rows: R[],
  alreadyShown: Iterable<Pick<TitleCard, 'type' | 'tmdbId'>>,
  shown = GENRE_ROW_SHOWN,
): (R & { cards: TitleCard[] })[] {
  const seen = new Set<string>();
  for (const card of alreadyShown) seen.add(cardKey(card));
  return rows.map((row) => {
    const cards: TitleCard[] = [];
    for (const card of row.candidates) {
      if (cards.length >= shown) break;
      const key = cardKey(card);
      if (seen.has(key)) continue;
      seen.add(key);
      cards.push(card);
    }
    return { ...row, cards };
  });
}
