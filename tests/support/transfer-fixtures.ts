/** Calls of the import and export endpoints, and a user's rows as a round trip compares them. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { SessionUser } from '../../src/lib/accounts/contract.ts';
import type { ExportFormat } from '../../src/lib/transfer/contract.ts';
import { POST as importEndpoint } from '../../src/pages/api/me/import.ts';
import { GET as exportEndpoint } from '../../src/pages/api/me/export.ts';
import { NO_ROUTE_CACHE } from './personal-fixtures.ts';

const context = (user: SessionUser, request: Request) =>
  ({ request, url: new URL(request.url), locals: { user }, params: {}, clientAddress: '127.0.0.1', cache: NO_ROUTE_CACHE }) as never;

/** POST /api/me/import with the file as the body, as the profile page sends it. */
export function postImport(user: SessionUser, bytes: Uint8Array, name: string, contentType = 'application/octet-stream'): Promise<Response> {
  const url = `http://localhost/api/me/import?${new URLSearchParams({ name })}`;
  return importEndpoint(context(user, new Request(url, { method: 'POST', headers: { 'Content-Type': contentType }, body: new Uint8Array(bytes) }))) as Promise<Response>;
}

/** GET /api/me/export: the downloaded file's bytes and headers. */
export async function downloadExport(user: SessionUser, format: ExportFormat): Promise<{ response: Response; bytes: Uint8Array }> {
  const response = await exportEndpoint(context(user, new Request(`http://localhost/api/me/export?format=${format}`))) as Response;
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** The user's lists, ratings and history, in a stable order, as a round trip must keep them. */
export async function userRows(db: Kysely<Database>, userId: string) {
  const [lists, ratings, history] = await Promise.all([
    db.selectFrom('user_list_items').select(['list', 'content_type as type', 'content_tmdb_id as tmdbId'])
      .where('user_id', '=', userId).orderBy('list').orderBy('content_type').orderBy('content_tmdb_id').execute(),
    db.selectFrom('user_ratings').select(['content_type as type', 'content_tmdb_id as tmdbId', 'rating'])
      .where('user_id', '=', userId).orderBy('content_type').orderBy('content_tmdb_id').execute(),
    db.selectFrom('watch_history')
      .select(['content_type as type', 'content_tmdb_id as tmdbId', 'season_number as season', 'episode_number as episode', 'progress_percentage as progress', 'last_watched_at'])
      .where('user_id', '=', userId).orderBy('content_type').orderBy('content_tmdb_id').execute(),
  ]);
  return {
    lists,
    ratings: ratings.map((row) => ({ ...row, rating: Number(row.rating) })),
    history: history.map(({ last_watched_at, ...row }) => ({ ...row, progress: Number(row.progress), watchedAt: new Date(last_watched_at).toISOString() })),
  };
}
