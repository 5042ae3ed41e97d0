/**
 * Browser-safe building blocks of every domain's contract (src/lib/<domain>/contract.ts): the error body all
 * endpoints answer with, and field schemas bounded to what the database can store. Imported by endpoints and
 * islands alike, so it must not import anything server-only.
 */
import { z } from 'astro/zod';

/** Every refused request answers with this body and a 4xx (or 5xx) status. */
export interface ApiErrorBody {
  error: string;
}

/** Postgres `integer` (int4) bounds: ids and counts beyond them are refused before any query. */
export const INT4_MAX = 2_147_483_647;

/** The deepest page any paged list serves (browse, people, platforms, admin tables). */
export const MAX_PAGE = 100_000;

/** A positive int4 id, from JSON or from a query string / path segment ("42"). */
export const id = () => z.coerce.number().int().min(1).max(INT4_MAX);

/** A page number, 1-based, bounded to MAX_PAGE. */
export const page = () => z.coerce.number().int().min(1).max(MAX_PAGE).default(1);

/** Query parameters whose value is empty count as absent (`?year=` is no year filter). */
export const withoutEmptyParams = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value && typeof value === 'object'
    ? Object.fromEntries(Object.entries(value).filter(([, item]) => item !== ''))
    : value), schema);

/** The one text a refused input gets: the first issue, prefixed with where it is ("page: ..."). */
export function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input.';
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue.message}`;
}

/** Text with a length cap (in UTF-16 code units, as Postgres varchar counts close enough for caps). */
export const text = (max: number) => z.string().max(max, `Must be at most ${max} characters.`);
