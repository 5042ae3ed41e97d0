/** My List and Wishlist (spec sections 4 and 7): a user's saved titles, newest first, toggled one at a time. */
import { sql, type Kysely } from 'kysely';
import type { ContentType, Database, ListName } from '../../../db/schema.ts';
export { LIST_LABELS } from './client/labels.ts';
import { titleKind } from '../titles/title-kinds.ts';
import { titleKey, type TitleCard } from '../titles/client/cards.ts';
import { loadTitleCards, requirePublishedTitle } from '../personal/titles.ts';
import type { TitleRef } from '../personal/contract.ts';
import type { ListItem } from './contract.ts';
import { recordAlreadyWatchable } from '../alerts/watchable.ts';

type Db = Kysely<Database>;



/** The published titles of a list, most recently added first. */
export async function titlesInList(db: Db, userId: string, list: ListName): Promise<TitleCard[]> {
  const rows = await db.selectFrom('user_list_items').select(['content_type', 'content_tmdb_id'])
    .where('user_id', '=', userId).where('list', '=', list)
    .orderBy('added_at', 'desc').orderBy('content_tmdb_id', 'desc').execute();
  const refs: TitleRef[] = rows.map((row) => ({ type: row.content_type, tmdbId: row.content_tmdb_id }));
  const cards = await loadTitleCards(db, refs);
  return refs.flatMap((ref) => cards.get(titleKey(ref)) ?? []);
}

/** The lists that hold the title. */
export async function listsHolding(db: Db, userId: string, ref: TitleRef): Promise<ListName[]> {
  const rows = await db.selectFrom('user_list_items').select('list')
    .where('user_id', '=', userId).where('content_type', '=', ref.type).where('content_tmdb_id', '=', ref.tmdbId).execute();
  return rows.map((row) => row.list);
}

/**
 * Adds the title if it is published, in one statement (a write is a single trip to the database); false when it
 * was already in the list (its place in the list is kept). NotFound for a title visitors cannot see. A title joining
 * the Wishlist already watchable is recorded as such in the same transaction: it is never announced as becoming so.
 */
export async function addToList(db: Db, userId: string, item: ListItem): Promise<boolean> {
  const inserted = item.list !== 'wishlist' ? await insertListItem(db, userId, item) : await db.transaction().execute(async (trx) => {
    const row = await insertListItem(trx, userId, item);
    if (row) await recordAlreadyWatchable(trx, userId, [item]);
    return row;
  });
  if (inserted) return true;
  // Nothing inserted: either the list already holds the title, or the title is not published.
  await requirePublishedTitle(db, item);
  return false;
}

function insertListItem(db: Db, userId: string, item: ListItem) {
  return db.insertInto('user_list_items')
    .columns(['user_id', 'list', 'content_type', 'content_tmdb_id'])
    .expression((eb) => eb.selectFrom(titleKind(item.type).titles)
      .select([sql<string>`${userId}::uuid`.as('user_id'), sql<ListName>`${item.list}::text`.as('list'),
        sql<ContentType>`${item.type}::content_type`.as('content_type'), 'titles.tmdb_id'])
      .where('titles.tmdb_id', '=', item.tmdbId).where('titles.is_published', '=', true))
    .onConflict((oc) => oc.columns(['user_id', 'list', 'content_type', 'content_tmdb_id']).doNothing())
    .returning('added_at').executeTakeFirst();
}

/** Removes the title; false when it was not in the list. */
export async function removeFromList(db: Db, userId: string, item: ListItem): Promise<boolean> {
  const deleted = await db.deleteFrom('user_list_items')
    .where('user_id', '=', userId).where('list', '=', item.list)
    .where('content_type', '=', item.type).where('content_tmdb_id', '=', item.tmdbId)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}
