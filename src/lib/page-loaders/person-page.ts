/**
 * Everything the person page shows, for every person with a page at once (a build prerenders them all):
 * one query for the people and one per credit table.
 */
import type { Kysely } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import { shownRating, titleHref, yearOf } from '../titles/client/cards.ts';
import { groupBy } from './title-page-parts.ts';
import { CONTENT_TYPES } from '../titles/client/content-types.ts';
import { forEachKind, titleKind, type TitleRow } from '../titles/title-kinds.ts';
import { creditedInPublishedTitle } from '../catalog/people.ts';
import { compareKnownFor, instagramUrl, personAge, twitterUrl } from '../catalog/client/people-params.ts';
import { slugify } from '../titles/client/slug.ts';

export interface KnownForCredit {
  type: ContentType;
  /** The title's page, or null when it has none (not published): shown as 'Link Unavailable'. */
  href: string | null;
  /** Null with href: an unpublished title's details stay private. */
  title: string | null;
  posterPath: string | null;
  year: number | null;
  character: string | null;
  /**
   * Its place in the person's credits by TMDB popularity, the most popular highest: the page shows that order, and
   * the score itself drifts with every sync.
   */
  popularity: number | null;
  date: string | null;
  /**
   * Its place by rating to one decimal (shownRating), the best highest, for the Top Rated sort. The page shows no
   * rating: a person's page would change with every rating a sync moves in any of their titles.
   */
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
  /** Every title the person is credited in, published or not: publishing one changes the page. */
  creditedTitles: { type: ContentType; tmdbId: number }[];
}

/** People with a page (credited in a published title): all, or those with the given ids. */
export async function loadPersonPages(db: Kysely<Database>, personIds?: number[], now: Date = new Date()): Promise<PersonPage[]> {
  if (personIds && personIds.length === 0) return [];
  const people = await db.selectFrom('people').selectAll().where(creditedInPublishedTitle)
    .$if(personIds !== undefined, (q) => q.where('people.id', 'in', personIds!))
    .orderBy('id').execute();
  if (people.length === 0) return [];
  const ids = personIds ? people.map((p) => p.id) : undefined;

  const credits = await forEachKind(async (type) => {
    const { creditLinks, titles } = titleKind(type);
    const rows = await db.selectFrom(creditLinks).innerJoin(titles, 'titles.id', 'credit_links.title_id')
      .select(['credit_links.person_id', 'credit_links.character_name', 'titles.tmdb_id', 'titles.title', 'titles.poster_path',
        'titles.date', 'titles.vote_average', 'titles.popularity', 'titles.is_published'])
      .$if(ids !== undefined, (q) => q.where('credit_links.person_id', 'in', ids!))
      .execute();
    return groupBy(rows, (c) => c.person_id);
  });

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
    knownFor: ranked(CONTENT_TYPES.flatMap((type) => (credits[type].get(p.id) ?? []).map((c) => knownFor(type, c)))),
    creditedTitles: CONTENT_TYPES.flatMap((type) => (credits[type].get(p.id) ?? []).map((c) => ({ type, tmdbId: c.tmdb_id })))
      .sort((a, b) => a.type.localeCompare(b.type) || a.tmdbId - b.tmdbId),
  }));
}

/** Credits most popular first, each carrying its places by popularity and by rating instead of the scores. */
function ranked(credits: KnownForCredit[]): KnownForCredit[] {
  const popularity = places(credits.map((credit) => credit.popularity));
  const rating = places(credits.map((credit) => credit.rating));
  return credits.sort((a, b) => compareKnownFor('popularity', a, b))
    .map((credit) => ({ ...credit, popularity: popularity(credit.popularity), rating: rating(credit.rating) }));
}

/** Each value's place among the distinct values, the lowest 1: equal values share a place, so sorts compare alike. */
function places(values: (number | null)[]): (value: number | null) => number | null {
  const sorted = [...new Set(values.filter((value) => value !== null))].sort((a, b) => a - b);
  const place = new Map(sorted.map((value, index) => [value, index + 1]));
  return (value) => (value === null ? null : place.get(value)!);
}

/** A person's credit in a title, with what the page shows of the title. */
interface CreditRow extends Pick<TitleRow, 'tmdb_id' | 'title' | 'poster_path' | 'date' | 'vote_average' | 'popularity' | 'is_published'> {
  character_name: string | null;
}

function knownFor(type: ContentType, row: CreditRow): KnownForCredit {
  // An unpublished title shows nothing of itself, its character name included (it can name the title).
  if (!row.is_published) {
    return { type, href: null, title: null, posterPath: null, year: null, character: null, popularity: null, date: null, rating: null };
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
    rating: shownRating(row.vote_average),
  };
}
