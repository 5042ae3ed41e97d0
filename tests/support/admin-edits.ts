/**
 * What an admin does to the catalogue in the ownership tests, through the dashboard's own endpoints, and how the
 * tests read the result. Needs `src/lib/db.ts` mocked to the test's database (vi.mock) before it is imported.
 */
import type { APIRoute } from 'astro';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../db/schema.ts';
import type { AdminEpisodeRow, AdminSeasonView, AdminTitleRow, EpisodeUpdateRequest, UseTmdbRequest } from '../../src/lib/admin/contract.ts';
import { callEndpoint } from './personal-fixtures.ts';

const episodesRoute = await import('../../src/pages/api/admin/tv/episodes.ts');
const showRoute = await import('../../src/pages/api/admin/tv/show.ts');
const tvRoute = await import('../../src/pages/api/admin/tv/index.ts');
const moviesRoute = await import('../../src/pages/api/admin/movies/index.ts');
const movieLinksRoute = await import('../../src/pages/api/admin/movies/links.ts');
const uploadRoute = await import('../../src/pages/api/admin/tv/upload-episode-links.ts');
const useTmdbRoute = await import('../../src/pages/api/admin/tv/use-tmdb.ts');
const addShowRoute = await import('../../src/pages/api/admin/tv/add.ts');
const addMovieRoute = await import('../../src/pages/api/admin/movies/add.ts');

export const ADMIN = { id: '00000000-0000-0000-0000-000000000002', email: 'admin@example.com', role: 'admin' as const };

/** Calls an admin endpoint as the admin; the answer must be a success. */
async function asAdmin<T>(handler: APIRoute, method: string, path: string, body?: unknown): Promise<T> {
  const response = await callEndpoint(handler, ADMIN, method, path, body === undefined ? {} : { body });
  const answer = await response.json();
  expect(response.status, JSON.stringify(answer)).toBeLessThan(300);
  return answer as T;
}

/** The admin's Edit of an episode: the form sends every field, changed or not. */
export async function editEpisode(db: Kysely<Database>, id: number, changes: Partial<EpisodeUpdateRequest>): Promise<void> {
  const row = await db.selectFrom('tv_show_episodes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  await asAdmin(episodesRoute.PATCH, 'PATCH', '/api/admin/tv/episodes', {
    id, name: row.name, overview: row.overview, streamUrl: row.stream_url, downloadUrl: row.download_url, tmdbId: row.tmdb_id,
    episodeNumber: row.episode_number, ...changes,
  });
}

export const deleteEpisode = (id: number) => asAdmin(episodesRoute.DELETE, 'DELETE', '/api/admin/tv/episodes', { id });
export const editShowTrailer = (id: number, trailerKey: string) => asAdmin(showRoute.PATCH, 'PATCH', '/api/admin/tv/show', { id, trailerKey });
export const editMovieLinks = (id: number, streamUrl: string, downloadUrl: string) =>
  asAdmin(movieLinksRoute.PATCH, 'PATCH', '/api/admin/movies/links', { id, streamUrl, downloadUrl });
export const publish = (kind: 'movie' | 'tv', ids: number[], isPublished: boolean) =>
  asAdmin(kind === 'movie' ? moviesRoute.PATCH : tvRoute.PATCH, 'PATCH', `/api/admin/${kind === 'movie' ? 'movies' : 'tv'}`, { ids, isPublished });
export const uploadLinks = (tvShowId: number, seasonNumber: number, links: unknown[]) =>
  asAdmin(uploadRoute.POST, 'POST', '/api/admin/tv/upload-episode-links', { tvShowId, seasonNumber, links });
export const useTmdb = (body: UseTmdbRequest) => asAdmin<{ message: string }>(useTmdbRoute.POST, 'POST', '/api/admin/tv/use-tmdb', body);
/** "Use TMDB's" as the server answers it, success or not. */
export const tryUseTmdb = (body: UseTmdbRequest) => callEndpoint(useTmdbRoute.POST, ADMIN, 'POST', '/api/admin/tv/use-tmdb', { body });
/** Add New of a show (the TMDB client comes from TMDB_API_KEY and TMDB_API_BASE_URL). */
export const addShow = (tmdbId: number) => asAdmin<{ id: number; created: boolean }>(addShowRoute.POST, 'POST', '/api/admin/tv/add', { tmdbId });
/** Add New of a movie with the form's link fields left empty, as the form sends them. */
export const addMovie = (tmdbId: number) =>
  asAdmin<{ id: number; created: boolean }>(addMovieRoute.POST, 'POST', '/api/admin/movies/add', { tmdbId, streamUrl: null, downloadUrl: null });

/** The admin's season view, as the Episodes screen loads it. */
export const seasonView = (showId: number, season: number) =>
  asAdmin<AdminSeasonView>(episodesRoute.GET, 'GET', `/api/admin/tv/episodes?showId=${showId}&season=${season}`);
/** The admin's TV row of the show, as the TV Shows table loads it. */
export async function showRow(tmdbId: number): Promise<AdminTitleRow> {
  const list = await asAdmin<{ items: AdminTitleRow[] }>(tvRoute.GET, 'GET', `/api/admin/tv?q=${tmdbId}`);
  return list.items.find((item) => item.tmdbId === tmdbId)!;
}

/** A season's episodes in order, as the columns the tests look at. */
export const seasonEpisodes = (db: Kysely<Database>, showId: number, season: number) =>
  db.selectFrom('tv_show_episodes').select(['id', 'episode_number', 'tmdb_id', 'name', 'overview', 'stream_url', 'download_url'])
    .where('tv_show_id', '=', showId).where('season_number', '=', season).orderBy('episode_number').execute();

/** The episode row now in that place. */
export const episodeAt = (db: Kysely<Database>, showId: number, season: number, number: number) =>
  db.selectFrom('tv_show_episodes').selectAll().where('tv_show_id', '=', showId).where('season_number', '=', season)
    .where('episode_number', '=', number).executeTakeFirstOrThrow();

/** The admin's fields of an episode, as the Episodes screen shows them. */
export async function ownedOf(showId: number, season: number, episodeId: number): Promise<AdminEpisodeRow['adminOwned']> {
  return (await seasonView(showId, season)).episodes.find((episode) => episode.id === episodeId)!.adminOwned;
}
