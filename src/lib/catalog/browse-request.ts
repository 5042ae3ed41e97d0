/** Validation of GET /api/catalog/browse: strict (unlike page URLs), so a bad request gets a 400 with a clear message. */
import { z } from 'astro/zod';
import { describeIssues } from '../http/respond.ts';
import { FIRST_FILTER_YEAR, isPageOutOfRange, type BrowsePage } from './browse-params.ts';
import type { BrowseQuery } from './browse.ts';

const MAX_GENRES = 20;
const MAX_PAGE = 100_000;

const integer = (name: string) => z.string().regex(/^\d{1,9}$/, `${name} must be a whole number.`).transform(Number);

/** Built once per year bound: building a zod schema costs more CPU than answering a browse from memory. */
const schemasByLastYear = new Map<number, ReturnType<typeof buildSchema>>();

export function browseRequestSchema(now: Date = new Date()) {
  const lastYear = now.getUTCFullYear();
  if (!schemasByLastYear.has(lastYear)) schemasByLastYear.set(lastYear, buildSchema(lastYear));
  return schemasByLastYear.get(lastYear)!;
}

function buildSchema(lastYear: number) {
  return z.object({
    type: z.enum(['movie', 'tv'], { error: 'type must be movie or tv.' }),
    genre: z.string().optional()
      .transform((value) => (value ? value.split(',') : []))
      .pipe(z.array(integer('genre').pipe(z.number().min(1, 'genre must be a positive id.')))
        .max(MAX_GENRES, `At most ${MAX_GENRES} genres.`)),
    year: integer('year').pipe(z.number().min(FIRST_FILTER_YEAR, `year must be between ${FIRST_FILTER_YEAR} and ${lastYear}.`)
      .max(lastYear, `year must be between ${FIRST_FILTER_YEAR} and ${lastYear}.`)).optional(),
    sort: z.enum(['just-added', 'newly-launched', 'top-rated', 'newest'], {
      error: 'sort must be just-added, newly-launched, top-rated or newest.',
    }).default('just-added'),
    page: integer('page').pipe(z.number().min(1, 'page must be at least 1.').max(MAX_PAGE, `page must be at most ${MAX_PAGE}.`))
      .default(1),
  });
}

export type BrowseRequestResult = { ok: true; query: BrowseQuery } | { ok: false; error: string };

/** Reads the endpoint's query string; empty parameters count as absent. */
export function parseBrowseRequest(params: URLSearchParams, now: Date = new Date()): BrowseRequestResult {
  const raw: Record<string, string> = {};
  for (const key of ['type', 'genre', 'year', 'sort', 'page']) {
    const value = params.get(key);
    if (value !== null && value !== '') raw[key] = value;
  }
  const result = browseRequestSchema(now).safeParse(raw);
  if (!result.success) return { ok: false, error: describeIssues(result.error) };
  const { type, genre, year, sort, page } = result.data;
  return { ok: true, query: { type, genreIds: genre, year: year ?? null, sort, page } };
}

/** The answer's status: 416 for a page past the last one (the island then keeps its current list). */
export function browseResponseStatus(result: BrowsePage<unknown>): 200 | 416 {
  return isPageOutOfRange(result.page, result.totalPages) ? 416 : 200;
}
