/**
 * Everything the TV page shows, loaded for many shows at once: a build prerenders every published show, so
 * each relation is one query over all of them rather than one query per page.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { titleCard, type TitleCard } from './client/cards.ts';
import { TITLE_KINDS } from './title-kinds.ts';
import { groupBy, loadTitleRelations, MORE_LIKE_THIS_LIMIT, relationIds, titlePageBase, type TitlePageBase } from './title-page-parts.ts';
import { seasonLabel } from './client/seasons.ts';
import type { SeasonView } from './contract.ts';



export interface TvPage extends TitlePageBase {
  firstAirDate: string | null;
  numberOfSeasons: number;
  /** Seasons that have episodes, in season order (Specials, season 0, first). */
  seasons: SeasonView[];
}

/** Published shows (all, or those with the given TMDB ids) with every relation the page shows. */
export async function loadTvPages(db: Kysely<Database>, tmdbIds?: number[]): Promise<TvPage[]> {
  const shows = tmdbIds?.length === 0 ? [] : await db.selectFrom('tv_shows').selectAll().where('is_published', '=', true)
    .$if(tmdbIds !== undefined, (q) => q.where('tmdb_id', 'in', tmdbIds!)).orderBy('id').execute();
  if (shows.length === 0) return [];
  const ids = relationIds(shows, tmdbIds);

  const [relationsOf, episodes, similar] = await Promise.all([
    loadTitleRelations(db, 'tv', ids),
    db.selectFrom('tv_show_episodes')
      .select(['tv_show_id', 'season_number', 'episode_number', 'name', 'overview', 'still_path', 'stream_url'])
      .$if(ids !== undefined, (q) => q.where('tv_show_id', 'in', ids!))
      .orderBy('tv_show_id').orderBy('season_number').orderBy('episode_number').execute(),
    moreLikeThis(db, ids),
  ]);
  const episodesByShow = groupBy(episodes, (e) => e.tv_show_id);

  return shows.map((s) => ({
    ...titlePageBase({ ...s, title: s.name, date: s.first_air_date }, relationsOf(s.id), similar.get(s.id) ?? []),
    firstAirDate: s.first_air_date,
    numberOfSeasons: s.number_of_seasons,
    seasons: [...groupBy(episodesByShow.get(s.id) ?? [], (e) => e.season_number)].map(([number, rows]) => ({
      number,
      label: seasonLabel(number),
      episodes: rows.map((e) => ({
        number: e.episode_number, name: e.name, overview: e.overview, stillPath: e.still_path, streamUrl: e.stream_url,
      })),
    })),
  }));
}

/**
 * The best-rated published shows of each genre that More Like This considers. Without a cap, ranking would
 * pair every show with every show sharing a genre: quadratic in the catalogue (7 s of a build at 2,000 shows).
 */
export const MORE_LIKE_THIS_CANDIDATES_PER_GENRE = 100;

/**
 * More Like This: published shows sharing the most genres with the show, best rated first (the spec's
 * get_recommended_shows), ranked for every show in one query among each genre's best-rated candidates.
 */
async function moreLikeThis(db: Kysely<Database>, showIds: number[] | undefined): Promise<Map<number, TitleCard[]>> {
  const rows = await db
    .with('candidates', (qc) => qc.selectFrom((eb) => eb.selectFrom('tv_show_genres')
        .innerJoin('tv_shows', 'tv_shows.id', 'tv_show_genres.tv_show_id')
        .select(['tv_show_genres.genre_id', 'tv_show_genres.tv_show_id',
          sql<number>`row_number() over (partition by tv_show_genres.genre_id order by tv_shows.vote_average desc nulls last, tv_shows.id)`.as('rank')])
        .where('tv_shows.is_published', '=', true)
        .as('ranked_in_genre'))
      .select(['genre_id', 'tv_show_id']).where('rank', '<=', MORE_LIKE_THIS_CANDIDATES_PER_GENRE))
    .selectFrom((eb) => eb.selectFrom('tv_show_genres as mine')
      .innerJoin('candidates as theirs', (join) => join.onRef('theirs.genre_id', '=', 'mine.genre_id')
        .onRef('theirs.tv_show_id', '<>', 'mine.tv_show_id'))
      .innerJoin('tv_shows', 'tv_shows.id', 'theirs.tv_show_id')
      .select(['mine.tv_show_id as show_id', ...TITLE_KINDS.tv.cardColumns,
        sql<number>`row_number() over (partition by mine.tv_show_id order by count(*) desc, tv_shows.vote_average desc nulls last, tv_shows.id)`.as('position')])
      .$if(showIds !== undefined, (q) => q.where('mine.tv_show_id', 'in', showIds!))
      .groupBy(['mine.tv_show_id', 'tv_shows.id'])
      .as('ranked'))
    .selectAll().where('position', '<=', MORE_LIKE_THIS_LIMIT).orderBy('show_id').orderBy('position').execute();
  const result = new Map<number, TitleCard[]>();
  for (const [showId, cards] of groupBy(rows, (r) => r.show_id)) result.set(showId, cards.map((card) => titleCard('tv', card)));
  return result;
}
