/**
 * Imports TMDB titles into our tables. Re-import is idempotent and never writes what the admin set: links and the
 * publish state, and the fields the admin took (src/lib/admin/ownership.ts).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { z } from 'astro/zod';
import type { ContentType, Database } from '../../../db/schema.ts';
import { titleKind } from '../titles/title-kinds.ts';
import { TmdbError, type TmdbClient } from './client.ts';
import { MAX_TMDB_PAGE, type SkippedTitle } from '../admin/contract.ts';
import { keepAdminValues, sameOverrides, SHOW_OWNABLE } from '../admin/ownership.ts';
import { saveEpisodes } from './episodes.ts';
import { mapCredits, mapMovie, mapShow, mapProviders, type MappedWatchProviders } from './mapper.ts';
import { movieDetailsSchema, personSchema, idPageSchema, seasonSchema, showDetailsSchema, type TmdbSeason } from './schemas.ts';
import { errorMessage } from '../http/respond.ts';
import { defaultRegion } from '../settings.ts';
import { replaceTitleWatchData } from '../watch/title-watch-data.ts';

type Db = Kysely<Database>;
type Tx = Transaction<Database>;

export const MOVIE_APPEND = 'credits,videos,images,watch/providers,external_ids,recommendations,release_dates';
export const SHOW_APPEND = 'aggregate_credits,videos,images,watch/providers,external_ids,recommendations,content_ratings';
/** append_to_response takes 20 items; seasons are fetched in batches of this size. */
const SEASON_BATCH = 20;

export interface ImportSummary { id: number; tmdbId: number; title: string; created: boolean }
/** `region`: the one whose providers are the title's platforms (movie_providers...); the site's DEFAULT_REGION unless given. */
export interface ImportOptions { region?: string }

/** TMDB's answer in our shape, or an error that says which field did not fit (not zod's JSON dump). */
export function parseUpstream<Schema extends z.ZodType>(schema: Schema, raw: unknown, what: string): z.output<Schema> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(`TMDB sent a ${what} we cannot read (${issue?.path.join('.') || 'response'}: ${issue?.message ?? 'invalid'}).`);
}

async function upsertShared(tx: Tx, mapped: { genres: { id: number; name: string }[]; platforms: ReturnType<typeof mapProviders>;
  watch: MappedWatchProviders; people: ReturnType<typeof mapCredits>['people'] }) {
  if (mapped.genres.length) {
    await tx.insertInto('genres').values(mapped.genres.map(({ id, name }) => ({ id, name })))
      .onConflict((oc) => oc.column('id').doUpdateSet({ name: sql`excluded.name` })).execute();
  }
  // Every region's providers are platforms; a platform's display priority stays the default region's (below).
  if (mapped.watch.providers.length) {
    await tx.insertInto('platforms').values(mapped.watch.providers)
      .onConflict((oc) => oc.column('id').doUpdateSet({ name: sql`excluded.name`, logo_path: sql`excluded.logo_path` })).execute();
  }
  if (mapped.platforms.length) {
    await tx.insertInto('platforms').values(mapped.platforms)
      .onConflict((oc) => oc.column('id').doUpdateSet({ name: sql`excluded.name`, logo_path: sql`excluded.logo_path`,
        display_priority: sql`excluded.display_priority` })).execute();
  }
  if (mapped.people.length) {
    await tx.insertInto('people').values(mapped.people.map((person) => ({ ...person, updated_at: new Date() })))
      .onConflict((oc) => oc.column('id').doUpdateSet({ name: sql`excluded.name`, profile_path: sql`excluded.profile_path`,
        popularity: sql`excluded.popularity`, known_for_department: sql`coalesce(excluded.known_for_department, people.known_for_department)` }))
      .execute();
  }
}

/** What a mapped title links to: genres, platforms, every region's watch providers and credits. */
type TitleLinks = Pick<ReturnType<typeof mapMovie>, 'genres' | 'platforms' | 'watch' | 'credits'>;

/**
 * Writes a title's row (`update` when the TMDB id is already imported, else `insert`) and replaces its genres,
 * platforms, watch providers and credits with TMDB's.
 */
async function saveTitle(tx: Tx, type: ContentType, tmdbId: number, links: TitleLinks,
  write: { update(id: number): Promise<{ id: number }>; insert(): Promise<{ id: number }> }): Promise<{ id: number; created: boolean }> {
  const { table, genreTable, providerTable, creditTable, owner } = titleKind(type);
  const existing = await tx.selectFrom(table).select('id').where('tmdb_id', '=', tmdbId).executeTakeFirst();
  const { id } = existing ? await write.update(existing.id) : await write.insert();
  for (const junction of [genreTable, providerTable, creditTable]) await tx.deleteFrom(junction).where(owner, '=', id).execute();
  if (links.genres.length) await tx.insertInto(genreTable).values(links.genres.map((g) => ({ [owner]: id, genre_id: g.id }))).execute();
  if (links.platforms.length) await tx.insertInto(providerTable).values(links.platforms.map((p) => ({ [owner]: id, platform_id: p.id }))).execute();
  if (links.credits.length) await tx.insertInto(creditTable).values(links.credits.map((c) => ({ [owner]: id, ...c }))).execute();
  await replaceTitleWatchData(tx, type, id, links.watch);
  return { id, created: !existing };
}

export async function importMovie(db: Db, client: TmdbClient, tmdbId: number,
  admin: { streamUrl?: string | null; downloadUrl?: string | null } = {}, options: ImportOptions = {}): Promise<ImportSummary> {
  const raw = await client.get(`/movie/${tmdbId}`, { append_to_response: MOVIE_APPEND }, `movie with id ${tmdbId}`);
  const mapped = mapMovie(parseUpstream(movieDetailsSchema, raw, `movie with id ${tmdbId}`), options.region ?? defaultRegion());
  return db.transaction().execute(async (tx) => {
    await upsertShared(tx, mapped);
    if (mapped.collection) {
      await tx.insertInto('collections').values(mapped.collection)
        .onConflict((oc) => oc.column('id').doUpdateSet({ name: sql`excluded.name`, poster_path: sql`excluded.poster_path`,
          backdrop_path: sql`excluded.backdrop_path` })).execute();
    }
    const values = { ...mapped.row, production_companies: JSON.stringify(mapped.row.production_companies) };
    // Admin-entered URLs are only written when given; re-imports never clear them or touch is_published.
    const adminUrls = {
      ...(admin.streamUrl !== undefined ? { stream_url: admin.streamUrl } : {}),
      ...(admin.downloadUrl !== undefined ? { download_url: admin.downloadUrl } : {}),
    };
    const { id, created } = await saveTitle(tx, 'movie', tmdbId, mapped, {
      update: (id) => tx.updateTable('movies').set({ ...values, ...adminUrls, updated_at: new Date() }).where('id', '=', id)
        .returning('id').executeTakeFirstOrThrow(),
      insert: () => tx.insertInto('movies').values({ ...values, ...adminUrls, is_published: true, created_at: new Date(), updated_at: new Date() })
        .returning('id').executeTakeFirstOrThrow(),
    });
    return { id, tmdbId, title: mapped.row.title, created };
  });
}

async function fetchSeasons(client: TmdbClient, tmdbId: number, seasonNumbers: number[]): Promise<TmdbSeason[]> {
  const seasons: TmdbSeason[] = [];
  for (let start = 0; start < seasonNumbers.length; start += SEASON_BATCH) {
    const batch = seasonNumbers.slice(start, start + SEASON_BATCH);
    const raw = await client.get<Record<string, unknown>>(`/tv/${tmdbId}`,
      { append_to_response: batch.map((n) => `season/${n}`).join(',') }, `TV show with id ${tmdbId}`);
    for (const n of batch) if (raw[`season/${n}`]) seasons.push(parseUpstream(seasonSchema, raw[`season/${n}`], `season ${n} of TV show ${tmdbId}`));
  }
  return seasons;
}

export async function importShow(db: Db, client: TmdbClient, tmdbId: number, options: ImportOptions = {}): Promise<ImportSummary> {
  const what = `TV show with id ${tmdbId}`;
  const details = parseUpstream(showDetailsSchema, await client.get(`/tv/${tmdbId}`, { append_to_response: SHOW_APPEND }, what), what);
  const seasons = await fetchSeasons(client, tmdbId, details.seasons.map((season) => season.season_number));
  const mapped = mapShow(details, seasons, options.region ?? defaultRegion());
  return db.transaction().execute(async (tx) => {
    await upsertShared(tx, mapped);
    const { id, created } = await saveTitle(tx, 'tv', tmdbId, mapped, {
      update: async (id) => {
        const show = await tx.selectFrom('tv_shows').select('admin_overrides').where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
        const { row, overrides } = keepAdminValues(mapped.row, show.admin_overrides, SHOW_OWNABLE);
        return tx.updateTable('tv_shows')
          .set({ ...row, ...(!sameOverrides(overrides, show.admin_overrides) && { admin_overrides: JSON.stringify(overrides) }), updated_at: new Date() })
          .where('id', '=', id).returning('id').executeTakeFirstOrThrow();
      },
      insert: () => tx.insertInto('tv_shows').values({ ...mapped.row, is_published: true, created_at: new Date(), updated_at: new Date() })
        .returning('id').executeTakeFirstOrThrow(),
    });
    await saveEpisodes(tx, id, mapped.episodes);
    return { id, tmdbId, title: mapped.row.name, created };
  });
}

/** TMDB's pages of popular titles hold 20 ids. */
const POPULAR_PAGE_SIZE = 20;

/**
 * A page of ids as far as it is trusted: TMDB's pages run up to MAX_TMDB_PAGE and hold at most `pageSize` ids, so an
 * upstream that says otherwise cannot keep a job (and its lock) going without end.
 */
export async function fetchIdPage(client: TmdbClient, path: string, params: Record<string, string | number>, pageSize: number, what: string) {
  const list = parseUpstream(idPageSchema, await client.get(path, params, what), what);
  return { results: list.results.slice(0, pageSize), lastPage: Math.min(list.total_pages, MAX_TMDB_PAGE) };
}

export async function importPopularPage(db: Db, client: TmdbClient, kind: ContentType, page: number, options: ImportOptions = {}) {
  const list = await fetchIdPage(client, `/${kind}/popular`, { page }, POPULAR_PAGE_SIZE, `popular ${kind} page ${page}`);
  const summaries: ImportSummary[] = [];
  const skipped: SkippedTitle[] = [];
  for (const item of list.results) {
    try {
      summaries.push(kind === 'movie' ? await importMovie(db, client, item.id, {}, options) : await importShow(db, client, item.id, options));
    } catch (error) {
      if (stopsTheRun(error)) throw error;
      skipped.push({ tmdbId: item.id, reason: errorMessage(error) });
    }
  }
  return { processed: summaries.length, summaries, skipped, nextPage: page < list.lastPage ? page + 1 : null };
}

/** A rejected key or an unreachable TMDB would fail every following title too: that ends the run instead. */
export function stopsTheRun(error: unknown): boolean {
  return error instanceof TmdbError && (error.status === 0 || error.status === 401);
}

export async function fetchPerson(client: TmdbClient, personId: number) {
  const raw = await client.get(`/person/${personId}`, { append_to_response: 'combined_credits,external_ids' }, `person with id ${personId}`);
  return parseUpstream(personSchema, raw, `person with id ${personId}`);
}

/** A person's detail columns from TMDB's answer. */
export function personDetailColumns(person: Awaited<ReturnType<typeof fetchPerson>>) {
  return {
    profile_path: person.profile_path ?? null, birthday: person.birthday ?? null, deathday: person.deathday ?? null,
    place_of_birth: person.place_of_birth ?? null, known_for_department: person.known_for_department ?? null,
    // Never null once fetched: a null biography is what marks a row TMDB has not been asked about.
    biography: person.biography ?? '',
    twitter_id: person.external_ids?.twitter_id ?? null, instagram_id: person.external_ids?.instagram_id ?? null,
  };
}
