/**
 * The More Like This fragment of a title page (/fragments/more-like-this/{type}/{tmdbId}/), rendered on demand: the
 * whole row, topped up from lists many titles share (page-loaders/more-like-this.ts). Tagged with those lists, so a CDN
 * purges it when they change.
 */
import type { ContentType } from '../../../db/schema.ts';
import { moreLikeThisRow } from '../page-loaders/more-like-this.ts';
import type { TitleCard } from '../titles/client/cards.ts';
import { cardTags, pageTags, scoredListTags } from './page-tags.ts';
import { missing, page, type CataloguePage } from './catalogue-page.ts';

export function moreLikeThisHref(type: ContentType, tmdbId: number): string {
  return `/fragments/more-like-this/${type}/${tmdbId}/`;
}

export const moreLikeThisPage: CataloguePage<{ type: string; tmdbId: string }, { cards: TitleCard[] }> = {
  route: '/fragments/more-like-this/[type]/[tmdbId]',
  // On demand only: it shows lists many titles share.
  paths: async () => [],
  async load(db, params) {
    const type = params.type === 'movie' || params.type === 'tv' ? params.type : null;
    const tmdbId = Number(params.tmdbId);
    if (!type || !/^\d{1,9}$/.test(params.tmdbId ?? '')) return missing;
    const row = await moreLikeThisRow(db, type, tmdbId);
    if (!row) return missing;
    return page({ cards: row.cards }, [
      pageTags.title(type, tmdbId), ...cardTags(row.cards),
      ...row.recommended.map((id) => pageTags.titleCard(type, id)),
      ...row.ratingLists.flatMap(({ genreId, floor }) => scoredListTags(type, `g${genreId}`, 'rating', floor)),
    ]);
  },
};
