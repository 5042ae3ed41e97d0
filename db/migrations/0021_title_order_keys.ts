import type { Kysely } from 'kysely';
import { ENTITY_KEYS, logChangesOf, stopLoggingChangesOf } from './0014_catalogue_changes.ts';

/**
 * A title's rating and popularity become logged keys (old and new values, 0014_catalogue_changes.ts): a person's
 * Known For carries each credit's place by them, which a change moves only when it crosses another of the person's
 * credits (src/lib/publishing/change-tags.ts). Without the values, every person credited in a title a sync touched
 * had to be loaded again to find out.
 */
const ORDER_KEYS = ['vote_average', 'popularity'];

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['movies', 'tv_shows']) {
    await stopLoggingChangesOf(db, table);
    await logChangesOf(db, table, [...ENTITY_KEYS[table]!, ...ORDER_KEYS]);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['movies', 'tv_shows']) {
    await stopLoggingChangesOf(db, table);
    await logChangesOf(db, table);
  }
}
