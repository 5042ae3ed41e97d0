/**
 * Everything the person page shows, for every person with a page at once (a build prerenders them all):
 * one query for the people and one per credit table.
 */
import type { Kysely } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import { titleHref, yearOf } from './client/cards.ts';
import { groupBy } from './title-page.ts';
import { creditedInPublishedTitle } from './people.ts';
import { compareKnownFor, instagramUrl, personAge, twitterUrl } from './client/people-params.ts';
import { slugify } from './client/slug.ts';

export interface KnownForCredit {
  type: ContentType;
  /** The title's page, or null when it has none (not published): shown as 'Link Unavailable'. */
  href: string | null;
  /** Null with href: an unpublished title's details stay private. */
  title: string | null;
  posterPath: string | null;
  year: number | null;
  character: string | null;
  popularity: number | null;
  date: string | null;
  rating: number | null;
}

export interface PersonPage {
  id: number;
  name: string;
  slug: string;
  profilePath: string | null;
  birthday: string | null;
  age: number | null;
  placeOfBirth: string | null;
  department: string | null;
  biography: string | null;
  twitterUrl: string | null;
  instagramUrl: string | null;
  /** Most popular first (the page's default sort). */
  knownFor: KnownForCredit[];
}

interface CreditRow {
  person_id: number; character_name: string | null; tmdb_id: number; title: string; poster_path: string | null;
  date: string | null; vote_average: number | null; popularity: number; is_published: boolean;
}

/** People with a page (credited in a published title): all, or those with the given ids. */
export async function loadPersonPages(db: Kysely<Database>, personIds?: number[], now: Date = new Date()): Promise<PersonPage[]> {
  if (personIds && personIds.length === 0) return [];
  const people = await db.selectFrom('people').selectAll().where(creditedInPublishedTitle)
    .$if(personIds !== undefined, (q) => q.where('people.id', 'in', personIds!))
    .orderBy('id').execute();
  if (people.length === 0) return [];
  const ids = personIds ? people.map((p) => p.id) : undefined;

  const [movieCredits, showCredits] = await Promise.all([
    db.selectFrom('movie_credits').innerJoin('movies', 'movies.id', 'movie_credits.movie_id')
      .select(['movie_credits.person_id', 'movie_credits.character_name', 'movies.tmdb_id', 'movies.title', 'movies.poster_path',
        'movies.release_date as date', 'movies.vote_average', 'movies.popularity', 'movies.is_published'])
      .$if(ids !== undefined, (q) => q.where('movie_credits.person_id', 'in', ids!))
      .execute(),
    db.selectFrom('tv_show_credits').innerJoin('tv_shows', 'tv_shows.id', 'tv_show_credits.tv_show_id')
      .select(['tv_show_credits.person_id', 'tv_show_credits.character_name', 'tv_shows.tmdb_id', 'tv_shows.name as title', 'tv_shows.poster_path',
        'tv_shows.first_air_date as date', 'tv_shows.vote_average', 'tv_shows.popularity', 'tv_shows.is_published'])
      .$if(ids !== undefined, (q) => q.where('tv_show_credits.person_id', 'in', ids!))
      .execute(),
  ]);
  const moviesByPerson = groupBy(movieCredits, (c) => c.person_id);
  const showsByPerson = groupBy(showCredits, (c) => c.person_id);

  return people.map((p) => ({
    id: p.id,
    name: p.name,
    slug: slugify(p.name),
    profilePath: p.profile_path,
    birthday: p.birthday,
    age: personAge(p.birthday, now),
    placeOfBirth: p.place_of_birth,
    department: p.known_for_department,
    biography: p.biography,
    twitterUrl: twitterUrl(p.twitter_id),
    instagramUrl: instagramUrl(p.instagram_id),
    knownFor: [
      ...(moviesByPerson.get(p.id) ?? []).map((c) => knownFor('movie', c)),
      ...(showsByPerson.get(p.id) ?? []).map((c) => knownFor('tv', c)),
    ].sort((a, b) => compareKnownFor('popularity', a, b)),
  }));
}

function knownFor(type: ContentType, row: CreditRow): KnownForCredit {
  if (!row.is_published) {
    return { type, href: null, title: null, posterPath: null, year: null, character: row.character_name, popularity: null, date: null, rating: null };
  }
  return {
    type,
    href: titleHref({ type, slug: slugify(row.title), tmdbId: row.tmdb_id }),
    title: row.title,
    posterPath: row.poster_path,
    year: yearOf(row.date),
    character: row.character_name,
    popularity: row.popularity,
    date: row.date,
    rating: row.vote_average,
  };
}
