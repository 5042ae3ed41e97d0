/** What the TMDB-backed endpoints do: add one title, and the actor details proxy (bulk imports: import-jobs.ts). */
import type { Kysely, Selectable } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import type { AddedTitle, AddMovieInput } from '../admin/contract.ts';
import { MESSAGES } from '../accounts/client/messages.ts';
import { clientRateLimits, hitRateLimits, type ClientRateLimit } from '../accounts/rate-limit.ts';
import { creditedInPublishedTitle } from '../catalog/people.ts';
import { found, InvalidInput, NotConfigured, TooManyRequests, UpstreamFailure, UpstreamNotFound } from '../http/errors.ts';
import { errorMessage } from '../http/respond.ts';
import { tmdbSettings } from '../settings.ts';
import { createTmdbClient, TmdbError, type TmdbClient } from './client.ts';
import type { PersonDetails } from '../catalog/contract.ts';
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
export async function addTitle(db: Db, client: TmdbClient | null, kind: ContentType, body: { tmdbId: number } & Partial<AddMovieInput>): Promise<AddedTitle> {
  const tmdb = requireClient(client);
  try {
    const summary = kind === 'movie'
      ? await importMovie(db, tmdb, body.tmdbId, { streamUrl: body.streamUrl ?? undefined, downloadUrl: body.downloadUrl ?? undefined })
      : await importShow(db, tmdb, body.tmdbId);
    return { message: 'Content added successfully!', id: summary.id, created: summary.created };
  } catch (error) {
    throw isTmdbNotFound(error) ? new InvalidInput(errorMessage(error)) : new UpstreamFailure(errorMessage(error));
  }
}

/** Person lookups per client and minute: a person page asks once; anything more is someone scanning. */
export const PERSON_LOOKUPS_PER_IP: ClientRateLimit = { perClient: 60, perNetwork: 240, windowMs: 60_000 };
/** How long TMDB's "no such person" and its failures are remembered before TMDB is asked again. */
const REMEMBER_NOT_FOUND_MS = 60 * 60_000;
const REMEMBER_FAILURE_MS = 60_000;
/** TMDB answers that were not a person, per person id (only people we list, so it stays catalogue-sized). */
const refusedLookups = new Map<number, { error: UpstreamNotFound | UpstreamFailure; until: number }>();

/**
 * fetch-actor-data, for people we list (credited in a published title) only: anyone else is 'Actor not found.'
 * without asking TMDB, so the endpoint is no open TMDB proxy. Our row answers when it holds the details (imports
 * bring names only; TMDB's answer is stored on the first lookup); TMDB's refusals are remembered for a while.
 * Limited per client (`ip`).
 */
export async function personDetails(db: Db, client: TmdbClient | null, id: number, ip: string): Promise<PersonDetails> {
  if (!(await hitRateLimits(db, clientRateLimits('person', ip, PERSON_LOOKUPS_PER_IP)))) throw new TooManyRequests(MESSAGES.tooManyAttempts);
  const row = found(await db.selectFrom('people')
    .select(['id', 'name', 'profile_path', 'birthday', 'deathday', 'place_of_birth', 'known_for_department', 'biography', 'twitter_id', 'instagram_id'])
    .where('id', '=', id).where(creditedInPublishedTitle).executeTakeFirst(), 'Actor not found.');
  if (row.biography !== null || !client) return personAnswer(row);
  const refused = refusedLookups.get(id);
  if (refused && refused.until > Date.now()) throw refused.error;
  let person: Awaited<ReturnType<typeof fetchPerson>>;
  try {
    person = await fetchPerson(client, id);
  } catch (error) {
    const notFound = isTmdbNotFound(error);
    const refusal = notFound ? new UpstreamNotFound('Actor not found.') : new UpstreamFailure(errorMessage(error));
    refusedLookups.set(id, { error: refusal, until: Date.now() + (notFound ? REMEMBER_NOT_FOUND_MS : REMEMBER_FAILURE_MS) });
    throw refusal;
  }
  refusedLookups.delete(id);
  // Only the page's details: the card's name, photo and department stay as imported, so this write (which any visitor
  // can cause) does not bump catalogue_version and make every process reload (0010_security_housekeeping.ts).
  const details = {
    birthday: person.birthday ?? null, deathday: person.deathday ?? null, place_of_birth: person.place_of_birth ?? null,
    // Never null once fetched: a null biography is what marks a row TMDB has not been asked about.
    biography: person.biography ?? '',
    twitter_id: person.external_ids?.twitter_id ?? null, instagram_id: person.external_ids?.instagram_id ?? null,
  };
  // Kept so the next build prerenders the full page and this lookup is not repeated.
  await db.updateTable('people').set({ ...details, updated_at: new Date() }).where('id', '=', id).execute();
  return personAnswer({ ...row, ...details });
}

/** A person's details as the people table holds them. */
type PersonRecord = Pick<Selectable<Database['people']>, 'id' | 'name' | 'profile_path' | 'birthday' | 'deathday' | 'place_of_birth'
  | 'known_for_department' | 'biography' | 'twitter_id' | 'instagram_id'>;

function personAnswer(row: PersonRecord): PersonDetails {
  return {
    id: row.id, name: row.name, profilePath: row.profile_path, birthday: row.birthday, deathday: row.deathday,
    placeOfBirth: row.place_of_birth, knownForDepartment: row.known_for_department, biography: row.biography,
    externalIds: { twitterId: row.twitter_id, instagramId: row.instagram_id },
  };
}
