/** Request handling shared by the import/add/person endpoints (kept out of the pages so they stay thin). */
import { z } from 'astro/zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { json, jsonError, readJson, errorMessage } from '../http/respond.ts';
import { optionalUrl } from '../admin/validation.ts';
import { requestRebuild } from '../rebuild/index.ts';
import { createTmdbClient, TmdbError, type TmdbClient } from './client.ts';
import { fetchPerson, importMovie, importPopularPage, importShow, MAX_POPULAR_PAGE } from './importer.ts';

type Db = Kysely<Database>;

const clients = new Map<string, TmdbClient>();

/**
 * The TMDB client for this configuration, one per process: its rate limiter and connection cap must span
 * requests, or every request would start with a fresh budget.
 */
export function tmdbClientFromEnv(env: { apiKey?: string; baseUrl?: string }): TmdbClient | null {
  if (!env.apiKey) return null;
  const key = `${env.baseUrl ?? ''} ${env.apiKey}`;
  let client = clients.get(key);
  if (!client) {
    client = createTmdbClient({ apiKey: env.apiKey, ...(env.baseUrl ? { baseUrl: env.baseUrl } : {}) });
    clients.set(key, client);
  }
  return client;
}

const NOT_CONFIGURED = 'TMDB is not configured (set TMDB_API_KEY).';
const upstreamStatus = (error: unknown) => (error instanceof TmdbError && error.status === 404 ? 404 : 502);

const pageSchema = z.object({ page: z.number().int().min(1).max(MAX_POPULAR_PAGE), endPage: z.number().int().min(1).max(MAX_POPULAR_PAGE) })
  .refine((body) => body.endPage >= body.page, { message: 'Invalid page numbers.' });

export async function handleBulkImport(request: Request, db: Db, client: TmdbClient | null, kind: 'movie' | 'tv'): Promise<Response> {
  const parsed = await readJson(request, pageSchema);
  if (!parsed.ok) return parsed.response;
  if (!client) return json({ error: NOT_CONFIGURED, message: NOT_CONFIGURED, totalProcessedInRun: 0, nextPage: null }, 503);
  const { page, endPage } = parsed.data;
  try {
    const result = await importPopularPage(db, client, kind, page);
    await requestRebuild(db, `bulk import ${kind} page ${page}`);
    const nextPage = result.nextPage !== null && result.nextPage <= endPage ? result.nextPage : null;
    const skippedNote = result.skipped.length ? ` Skipped ${result.skipped.length}.` : '';
    return json({ message: `Imported page ${page}: ${result.processed} item(s).${skippedNote}`, totalProcessedInRun: result.processed,
      skipped: result.skipped, nextPage });
  } catch (error) {
    return json({ error: errorMessage(error), message: `Failed to import page ${page}.`, totalProcessedInRun: 0, nextPage: null }, 502);
  }
}

const addMovieSchema = z.object({ tmdb_id: z.number().int().min(1), stream_url: optionalUrl, download_url: optionalUrl });
const addShowSchema = z.object({ tmdb_id: z.number().int().min(1) });

export async function handleAdd(request: Request, db: Db, client: TmdbClient | null, kind: 'movie' | 'tv'): Promise<Response> {
  const parsed = kind === 'movie' ? await readJson(request, addMovieSchema) : await readJson(request, addShowSchema);
  if (!parsed.ok) return parsed.response;
  if (!client) return jsonError(NOT_CONFIGURED, 503);
  try {
    const body = parsed.data as z.infer<typeof addMovieSchema>;
    const summary = kind === 'movie'
      ? await importMovie(db, client, body.tmdb_id, { streamUrl: body.stream_url ?? undefined, downloadUrl: body.download_url ?? undefined })
      : await importShow(db, client, body.tmdb_id);
    await requestRebuild(db, `added ${kind} ${summary.tmdbId}`);
    return json({ message: 'Content added successfully!', id: summary.id, created: summary.created });
  } catch (error) {
    return jsonError(errorMessage(error), upstreamStatus(error) === 404 ? 400 : 502);
  }
}

/** fetch-actor-data: our people row first, TMDB as the fallback when configured. */
export async function handlePerson(idParam: string | undefined, db: Db, client: TmdbClient | null): Promise<Response> {
  const id = Number(idParam);
  if (!Number.isInteger(id) || id < 1) return jsonError('Invalid actor id.');
  const row = await db.selectFrom('people')
    .select(['id', 'name', 'profile_path', 'birthday', 'deathday', 'place_of_birth', 'known_for_department', 'biography', 'twitter_id', 'instagram_id'])
    .where('id', '=', id).executeTakeFirst();
  if (row?.biography != null || (row && !client)) {
    const { twitter_id, instagram_id, ...person } = row;
    return json({ ...person, external_ids: { twitter_id, instagram_id } });
  }
  if (!client) return jsonError('Actor not found.', 404);
  try {
    const person = await fetchPerson(client, id);
    const details = {
      profile_path: person.profile_path ?? null, birthday: person.birthday ?? null, deathday: person.deathday ?? null,
      place_of_birth: person.place_of_birth ?? null, known_for_department: person.known_for_department ?? null,
      biography: person.biography ?? null,
      twitter_id: person.external_ids?.twitter_id ?? null, instagram_id: person.external_ids?.instagram_id ?? null,
    };
    // Imports bring people from credits (name, photo) only; keep what TMDB now told us, so the next build
    // prerenders the full page and this lookup is not repeated. Only people we already list are updated.
    if (row) await db.updateTable('people').set({ ...details, updated_at: new Date() }).where('id', '=', id).execute();
    const { twitter_id, instagram_id, ...rest } = details;
    return json({ id: person.id, name: person.name, ...rest, external_ids: { twitter_id, instagram_id } });
  } catch (error) {
    if (upstreamStatus(error) === 404) return jsonError('Actor not found.', 404);
    return jsonError(errorMessage(error), 502);
  }
}
