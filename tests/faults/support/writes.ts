/** Bursts of list writes from several signed-in users, remembering which ones the site acknowledged (2xx). */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { jsonRequest, signedIn } from './harness.ts';

export interface Acknowledged { userId: string; list: 'my_list' | 'wishlist'; tmdbId: number }

export interface WriteBurst {
  /** Writes answered 2xx so far. */
  acknowledged: Acknowledged[];
  /** Stops the writers (after the site died, their requests fail) and resolves when they are done. */
  stop(): Promise<void>;
}

/**
 * `writers` users each add every published movie to their lists, one at a time, until stopped or done: every write
 * is a distinct row, so each acknowledged write must be found in user_list_items.
 */
export async function startWriteBurst(db: Kysely<Database>, origin: string, writers: number): Promise<WriteBurst> {
  const movies = await db.selectFrom('movies').select('tmdb_id').where('is_published', '=', true).orderBy('tmdb_id').execute();
  const users = await Promise.all(Array.from({ length: writers }, () => signedIn(db)));
  const acknowledged: Acknowledged[] = [];
  let running = true;
  const loops = users.map(async (user) => {
    for (const list of ['my_list', 'wishlist'] as const) {
      for (const { tmdb_id: tmdbId } of movies) {
        if (!running) return;
        try {
          const response = await fetch(`${origin}/api/me/lists`, jsonRequest(origin, 'POST', { list, type: 'movie', tmdbId }, user.cookie));
          await response.arrayBuffer();
          if (response.ok) acknowledged.push({ userId: user.id, list, tmdbId });
        } catch {
          // The site died under this request: it was never acknowledged.
        }
      }
    }
  });
  return {
    acknowledged,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** The acknowledged writes missing from the database. */
export async function missingWrites(db: Kysely<Database>, acknowledged: Acknowledged[]): Promise<Acknowledged[]> {
  const rows = await db.selectFrom('user_list_items').select(['user_id', 'list', 'content_tmdb_id']).where('content_type', '=', 'movie').execute();
  const stored = new Set(rows.map((row) => `${row.user_id}/${row.list}/${row.content_tmdb_id}`));
  return acknowledged.filter((write) => !stored.has(`${write.userId}/${write.list}/${write.tmdbId}`));
}
