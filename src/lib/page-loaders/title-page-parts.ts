/** What the movie, TV show and person pages share: the title page's common shape and the helpers that load it. */
import { sql, type Kysely } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import { yearOf, type TitleTile } from '../titles/client/cards.ts';
import { slugify } from '../titles/client/slug.ts';
import { titleKind } from '../titles/title-kinds.ts';
import { defaultRegion } from '../settings.ts';
import type { TitleWatchOffers } from '../watch/client/offers.ts';
import { loadRegionOffers } from '../watch/providers.ts';

export const TOP_CAST_LIMIT = 15;
export const MORE_LIKE_THIS_LIMIT = 12;

export interface CastMember {
  personId: number;
  name: string;
  slug: string;
  character: string | null;
  profilePath: string | null;
}

/** What a movie page and a TV show page both show. */
export interface TitlePageBase {
  tmdbId: number;
  title: string;
  slug: string;
  overview: string | null;
  tagline: string | null;
  posterPath: string | null;
  backdropPath: string | null;
  voteAverage: number | null;
  /** How many TMDB votes the average is over. */
  voteCount: number;
  year: number | null;
  originCountry: string[];
  screenshots: string[];
  trailerKey: string | null;
  genres: { id: number; name: string }[];
  platforms: { id: number; name: string; logoPath: string | null }[];
  /** Where to watch it in the site's default region (a visitor's own region comes with the page's script). */
  watch: TitleWatchOffers;
  cast: CastMember[];
  /** A movie's published recommendations, as tiles: the fragment that replaces them shows the whole row rated. */
  moreLikeThis: TitleTile[];
}

/** A title's relations on its page. */
export type TitleRelations = Pick<TitlePageBase, 'genres' | 'platforms' | 'watch' | 'cast'>;

/** The columns of a title row a page shows, with the kind's title and date columns passed as `title` and `date`. */
export interface TitlePageRow {
  tmdb_id: number; title: string; date: string | null; overview: string | null; tagline: string | null;
  poster_path: string | null; backdrop_path: string | null; vote_average: number | null; vote_count: number;
  origin_country: string[]; screenshots: string[]; trailer_key: string | null;
}

export function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/**
 * The ids to load the relations of rendered `rows` for: theirs when rendering the titles with the given TMDB ids,
 * undefined when rendering every published title (a build's bulk load then skips the long IN list).
 */
export function relationIds(rows: { id: number }[], tmdbIds: number[] | undefined): number[] | undefined {
  return tmdbIds ? rows.map((row) => row.id) : undefined;
}

/**
 * Genres (by name), platforms (by display priority), the default region's offers and top-billed cast of the titles
 * with the given ids, or of every title of the kind when `ids` is undefined: five queries.
 */
export async function loadTitleRelations(db: Kysely<Database>, type: ContentType, ids: number[] | undefined):
  Promise<(titleId: number) => TitleRelations> {
  const { genreLinks, providerLinks, creditLinks } = titleKind(type);
  const [genres, providers, cast, watchOf] = await Promise.all([
    db.selectFrom(genreLinks).innerJoin('genres', 'genres.id', 'genre_links.genre_id')
      .select(['genre_links.title_id', 'genres.id', 'genres.name'])
      .$if(ids !== undefined, (q) => q.where('genre_links.title_id', 'in', ids!))
      .orderBy('genres.name').execute(),
    db.selectFrom(providerLinks).innerJoin('platforms', 'platforms.id', 'provider_links.platform_id')
      .select(['provider_links.title_id', 'platforms.id', 'platforms.name', 'platforms.logo_path'])
      .$if(ids !== undefined, (q) => q.where('provider_links.title_id', 'in', ids!))
      .orderBy('platforms.display_priority').orderBy('platforms.name').execute(),
    db.selectFrom(db.selectFrom(creditLinks).innerJoin('people', 'people.id', 'credit_links.person_id')
        .select(['credit_links.title_id', 'credit_links.character_name', 'people.id', 'people.name', 'people.profile_path',
          sql<number>`row_number() over (partition by credit_links.title_id order by credit_links.credit_order, people.id)`.as('position')])
        .$if(ids !== undefined, (q) => q.where('credit_links.title_id', 'in', ids!))
        .as('ranked'))
      .selectAll().where('position', '<=', TOP_CAST_LIMIT).orderBy('title_id').orderBy('position').execute(),
    loadRegionOffers(db, type, defaultRegion(), ids),
  ]);
  const [genresOf, providersOf, castOf] = [groupBy(genres, (g) => g.title_id), groupBy(providers, (p) => p.title_id), groupBy(cast, (c) => c.title_id)];
  return (titleId) => ({
    genres: (genresOf.get(titleId) ?? []).map(({ id, name }) => ({ id, name })),
    platforms: (providersOf.get(titleId) ?? []).map(({ id, name, logo_path }) => ({ id, name, logoPath: logo_path })),
    watch: watchOf(titleId),
    cast: (castOf.get(titleId) ?? []).map((c) => ({
      personId: c.id, name: c.name, slug: slugify(c.name), character: c.character_name, profilePath: c.profile_path,
    })),
  });
}

export function titlePageBase(row: TitlePageRow, relations: TitleRelations, moreLikeThis: TitleTile[]): TitlePageBase {
  return {
    tmdbId: row.tmdb_id,
    title: row.title,
    slug: slugify(row.title),
    overview: row.overview,
    tagline: row.tagline,
    posterPath: row.poster_path,
    backdropPath: row.backdrop_path,
    voteAverage: row.vote_average,
    voteCount: row.vote_count,
    year: yearOf(row.date),
    originCountry: row.origin_country,
    screenshots: row.screenshots,
    trailerKey: row.trailer_key,
    ...relations,
    moreLikeThis,
  };
}
