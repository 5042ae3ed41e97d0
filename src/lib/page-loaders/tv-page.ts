/**
 * Everything the TV page shows, loaded for many shows at once: a build prerenders every published show, so
 * each relation is one query over all of them rather than one query per page.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { groupBy, loadTitleRelations, relationIds, titlePageBase, type TitlePageBase } from './title-page-parts.ts';
import { seasonLabel } from '../catalog/client/seasons.ts';
import type { SeasonView } from '../catalog/contract.ts';



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

  const [relationsOf, episodes] = await Promise.all([
    loadTitleRelations(db, 'tv', ids),
    db.selectFrom('tv_show_episodes')
      .select(['tv_show_id', 'season_number', 'episode_number', 'name', 'overview', 'still_path', 'stream_url'])
      .$if(ids !== undefined, (q) => q.where('tv_show_id', 'in', ids!))
      .orderBy('tv_show_id').orderBy('season_number').orderBy('episode_number').execute(),
  ]);
  const episodesByShow = groupBy(episodes, (e) => e.tv_show_id);

  return shows.map((s) => ({
    // More Like This is all on demand: its part of the static page would be empty (more-like-this.ts).
    ...titlePageBase({ ...s, title: s.name, date: s.first_air_date }, relationsOf(s.id), []),
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
