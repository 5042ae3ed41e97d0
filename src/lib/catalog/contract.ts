/**
 * Browser-safe contract of the public catalogue endpoints (/api/catalog/*, /api/search). Strict, unlike page URLs:
 * a bad request gets a 400 with a clear message. Empty parameters count as absent. Constants the islands need
 * stay in the pure modules (browse-params.ts), so that islands never bundle zod.
 */
import { z } from 'astro/zod';
import { id, MAX_PAGE, withoutEmptyParams } from '../http/contract.ts';
import { FIRST_FILTER_YEAR, type BrowseSort } from './client/browse-params.ts';
import type { ContentType } from '../titles/client/content-types.ts';
import { siteYear } from './client/site-clock.ts';
import type { ServicesFilter } from '../watch/client/services-filter.ts';
import { servicesFilterFields, type ServicesFilterQuery } from '../watch/contract.ts';

const MAX_GENRES = 20;
export const SEARCH_MAX_QUERY_LENGTH = 100;

const integer = (name: string) => z.string().regex(/^\d{1,9}$/, `${name} must be a whole number.`).transform(Number);
const pageParam = integer('page').pipe(z.number().min(1, 'page must be at least 1.').max(MAX_PAGE, `page must be at most ${MAX_PAGE}.`));

/** GET /api/catalog/browse; `now` gives the last year the filter accepts (the current one, read on each request). */
export function browseQuery(now: () => Date = () => new Date()) {
  return withoutEmptyParams(z.object({
    type: z.enum(['movie', 'tv'], { error: 'type must be movie or tv.' }),
    genre: z.string().optional()
      .transform((value) => (value ? value.split(',') : []))
      .pipe(z.array(integer('genre').pipe(z.number().min(1, 'genre must be a positive id.')))
        .max(MAX_GENRES, `At most ${MAX_GENRES} genres.`)),
    year: integer('year').superRefine((year, context) => {
      const lastYear = siteYear(now());
      if (year < FIRST_FILTER_YEAR || year > lastYear) {
        context.addIssue({ code: 'custom', message: `year must be between ${FIRST_FILTER_YEAR} and ${lastYear}.` });
      }
    }).optional(),
    sort: z.enum(['just-added', 'newly-launched', 'top-rated', 'newest'], {
      error: 'sort must be just-added, newly-launched, top-rated or newest.',
    }).default('just-added'),
    page: pageParam.default(1),
    ...servicesFilterFields,
  }).transform(({ type, genre, year, sort, page, on, region }) => ({
    type, genreIds: genre, year: year ?? null, sort, page, ...servicesFilterOf(on, region),
  })));
}

/**
 * The services filter a listing's query asks for, as an optional field (the endpoint puts in the default region when
 * it has none): `region` alone filters nothing.
 */
function servicesFilterOf(serviceIds: number[] | undefined, region: string | undefined): { servicesFilter?: ServicesFilter } {
  return serviceIds ? { servicesFilter: { serviceIds, region: region ?? null } } : {};
}

/** GET /api/catalog/people?sort=&page= */
export const PeopleQuery = withoutEmptyParams(z.object({
  sort: z.enum(['popularity', 'name'], { error: 'sort must be popularity or name.' }).default('popularity'),
  page: pageParam.default(1),
}));

/** GET /api/catalog/platform?id=&page= */
export const PlatformQuery = withoutEmptyParams(z.object({
  id: z.string({ error: 'id is required.' }).regex(/^\d{1,9}$/, 'id must be a whole number.').transform(Number),
  page: pageParam.default(1),
  ...servicesFilterFields,
}).transform(({ id, page, on, region }) => ({ id, page, ...servicesFilterOf(on, region) })));

/** GET /api/search?query= */
export const SearchQuery = z.object({
  query: z.string().default('').pipe(z.string().trim()
    .min(1, 'Enter something to search for.')
    .max(SEARCH_MAX_QUERY_LENGTH, `Search text must be at most ${SEARCH_MAX_QUERY_LENGTH} characters.`)),
});

export interface BrowseQuery {
  type: ContentType;
  /** Titles having any of these genres; empty or absent means all. */
  genreIds?: number[];
  /** Released (or first aired) in this calendar year. */
  year?: number | null;
  sort: BrowseSort;
  page?: number;
  pageSize?: number;
  /** Only titles offered on these services in this region ("Only on my services"). */
  services?: ServicesFilterQuery | null;
}

export interface EpisodeView {
  number: number;
  name: string | null;
  overview: string | null;
  stillPath: string | null;
  streamUrl: string | null;
}

export interface SeasonView {
  number: number;
  label: string;
  episodes: EpisodeView[];
}

const INVALID_ACTOR_ID = 'Invalid actor id.';
/** /api/person/[id]: a person's TMDB id (the spec's one message for any bad id). */
export const PersonParams = z.object({ id: z.string() }).transform((params, context) => {
  const parsed = id().safeParse(params.id);
  if (!parsed.success) {
    context.addIssue({ code: 'custom', message: INVALID_ACTOR_ID });
    return z.NEVER;
  }
  return { id: parsed.data };
});

/** The actor page's details (fetch-actor-data). */
export interface PersonDetails {
  id: number;
  name: string;
  profilePath: string | null;
  birthday: string | null;
  deathday: string | null;
  placeOfBirth: string | null;
  knownForDepartment: string | null;
  biography: string | null;
  externalIds: { twitterId: string | null; instagramId: string | null };
}
