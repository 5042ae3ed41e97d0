/** What the TMDB-backed endpoints do: add one title, and the actor details proxy (bulk imports: import-jobs.ts). */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { AddedTitle } from '../admin/contract.ts';
import { InvalidInput, NotConfigured, NotFound, UpstreamFailure, UpstreamNotFound } from '../http/errors.ts';
import { errorMessage } from '../http/respond.ts';
import { tmdbSettings } from '../settings.ts';
import { createTmdbClient, TmdbError, type TmdbClient } from './client.ts';
import type { AddMovieInput, PersonDetails } from './contract.ts';
import { fetchPerson, importMovie, importShow } from './importer.ts';

type Db = Kysely<Database>;

const clients = new Map<string, TmdbClient>();

/**
 * The TMDB client for this configuration, one per process: its rate limiter and connection cap must span
 * requests, or every request would start with a fresh budget. Null when no API key is set.
 */
export function tmdbClientFor(settings: { apiKey?: string; baseUrl?: string }): TmdbClient | null {
  if (!settings.apiKey) return null;
  const key = `${settings.baseUrl ?? ''} ${settings.apiKey}`;
  let client = clients.get(key);
  if (!client) {
    client = createTmdbClient({ apiKey: settings.apiKey, ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}) });
    clients.set(key, client);
  }
  return client;
}

/** The TMDB client of the configured settings (src/lib/settings.ts), or null when TMDB_API_KEY is unset. */
export const configuredTmdbClient = () => tmdbClientFor(tmdbSettings());

const NOT_CONFIGURED = 'TMDB is not configured (set TMDB_API_KEY).';

function requireClient(client: TmdbClient | null): TmdbClient {
  if (!client) throw new NotConfigured(NOT_CONFIGURED);
  return client;
}

const isTmdbNotFound = (error: unknown) => error instanceof TmdbError && error.status === 404;

/** Adds (or refreshes) one title by TMDB id; a movie may come with the admin's links. An unknown id is bad input. */
export async function addTitle(db: Db, client: TmdbClient | null, kind: 'movie' | 'tv', body: { tmdb_id: number } & Partial<AddMovieInput>): Promise<AddedTitle> {
  const tmdb = requireClient(client);
  try {
    const summary = kind === 'movie'
      ? await importMovie(db, tmdb, body.tmdb_id, { streamUrl: body.stream_url ?? undefined, downloadUrl: body.download_url ?? undefined })
      : await importShow(db, tmdb, body.tmdb_id);
    return { message: 'Content added successfully!', id: summary.id, created: summary.created };
  } catch (error) {
    throw isTmdbNotFound(error) ? new InvalidInput(errorMessage(error)) : new UpstreamFailure(errorMessage(error));
  }
}

/** fetch-actor-data: our people row first, TMDB as the fallback when configured. */
export async function personDetails(db: Db, client: TmdbClient | null, id: number): Promise<PersonDetails> {
  const row = await db.selectFrom('people')
    .select(['id', 'name', 'profile_path', 'birthday', 'deathday', 'place_of_birth', 'known_for_department', 'biography', 'twitter_id', 'instagram_id'])
    .where('id', '=', id).executeTakeFirst();
  if (row?.biography != null || (row && !client)) {
    const { twitter_id, instagram_id, ...person } = row;
    return { ...person, external_ids: { twitter_id, instagram_id } };
  }
  if (!client) throw new NotFound('Actor not found.');
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
    return { id: person.id, name: person.name, ...rest, external_ids: { twitter_id, instagram_id } };
  } catch (error) {
    if (isTmdbNotFound(error)) throw new UpstreamNotFound('Actor not found.');
    throw new UpstreamFailure(errorMessage(error));
  }
}
