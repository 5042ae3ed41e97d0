/** Small hand-made catalogue rows for integration tests (the demo seed is for people, these are for assertions). */
import type { Kysely } from 'kysely';
import type { Database, NewMovie, NewTvShow } from '../../db/schema.ts';
import { GENRES } from '../../src/lib/catalog/client/genres.ts';

let nextTmdbId = 1000;

export async function insertGenres(db: Kysely<Database>): Promise<void> {
  await db.insertInto('genres').values(Object.entries(GENRES).map(([id, name]) => ({ id: Number(id), name })))
    .onConflict((oc) => oc.column('id').doNothing()).execute();
}

export async function insertMovie(
  db: Kysely<Database>,
  values: Partial<NewMovie> & { genres?: number[] } = {},
): Promise<{ id: number; tmdb_id: number; title: string }> {
  const { genres = [], ...columns } = values;
  const tmdbId = columns.tmdb_id ?? nextTmdbId++;
  const row = await db.insertInto('movies').values({
    title: `Movie ${tmdbId}`, is_published: true, poster_path: `/art/poster/m${tmdbId}-movie.svg`, ...columns, tmdb_id: tmdbId,
  }).returning(['id', 'tmdb_id', 'title']).executeTakeFirstOrThrow();
  if (genres.length) await db.insertInto('movie_genres').values(genres.map((genre_id) => ({ movie_id: row.id, genre_id }))).execute();
  return row;
}

export async function insertShow(
  db: Kysely<Database>,
  values: Partial<NewTvShow> & { genres?: number[] } = {},
): Promise<{ id: number; tmdb_id: number; name: string }> {
  const { genres = [], ...columns } = values;
  const tmdbId = columns.tmdb_id ?? nextTmdbId++;
  const row = await db.insertInto('tv_shows').values({
    name: `Show ${tmdbId}`, is_published: true, ...columns, tmdb_id: tmdbId,
  }).returning(['id', 'tmdb_id', 'name']).executeTakeFirstOrThrow();
  if (genres.length) await db.insertInto('tv_show_genres').values(genres.map((genre_id) => ({ tv_show_id: row.id, genre_id }))).execute();
  return row;
}

export async function insertPerson(db: Kysely<Database>, id: number, name: string): Promise<void> {
  await db.insertInto('people').values({ id, name, profile_path: null, birthday: null, deathday: null, place_of_birth: null,
    known_for_department: 'Acting', biography: null, twitter_id: null, instagram_id: null }).execute();
}
