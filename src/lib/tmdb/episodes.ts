/**
 * Writes TMDB's episodes of a show over ours. An episode of TMDB's is ours by its TMDB episode id first, then by its
 * season and number (for rows without TMDB's id), so an episode the admin renumbered is still itself. The admin's
 * fields stay (src/lib/admin/ownership.ts), episodes the admin deleted are not added again, and nothing is ever
 * deleted or written over another row: where TMDB's numbering and ours disagree, ours stays.
 */
import type { Transaction } from 'kysely';
import type { AdminOverrides, Database, TmdbEpisodeColumns } from '../../../db/schema.ts';
import { EPISODE_OWNABLE, keepAdminValues, sameOverrides, TMDB_EPISODE_COLUMNS } from '../admin/ownership.ts';

type Tx = Transaction<Database>;
export interface StoredEpisode extends TmdbEpisodeColumns { id: number; admin_overrides: AdminOverrides }
type Slot = Pick<TmdbEpisodeColumns, 'season_number' | 'episode_number'>;

export interface EpisodePlan {
  /** Rows to change: only the columns that change. */
  updates: { id: number; set: Partial<TmdbEpisodeColumns> & { admin_overrides?: AdminOverrides } }[];
  inserts: TmdbEpisodeColumns[];
  /** The show's deleted episodes, with TMDB's latest data of each; null when unchanged. */
  deleted: TmdbEpisodeColumns[] | null;
}

const slotKey = (slot: Slot) => `${slot.season_number}:${slot.episode_number}`;
const sameSlot = (a: Slot, b: Slot) => a.season_number === b.season_number && a.episode_number === b.episode_number;
const slotOf = ({ season_number, episode_number }: Slot): Slot => ({ season_number, episode_number });
const sameEpisode = (a: TmdbEpisodeColumns, b: TmdbEpisodeColumns) => TMDB_EPISODE_COLUMNS.every((column) => a[column] === b[column]);

/** Pairs each stored row with at most one of TMDB's episodes: by TMDB id, then by slot. */
function match(stored: StoredEpisode[], incoming: TmdbEpisodeColumns[]) {
  const pairs = new Map<number, TmdbEpisodeColumns>();
  const byTmdbId = new Map<number, StoredEpisode>();
  for (const row of [...stored].sort((a, b) => a.id - b.id)) if (row.tmdb_id !== null && !byTmdbId.has(row.tmdb_id)) byTmdbId.set(row.tmdb_id, row);
  const unmatched: TmdbEpisodeColumns[] = [];
  for (const episode of incoming) {
    const row = episode.tmdb_id === null ? undefined : byTmdbId.get(episode.tmdb_id);
    if (row && !pairs.has(row.id)) pairs.set(row.id, episode);
    else unmatched.push(episode);
  }
  // A row that carries the id of another of TMDB's episodes is that episode's (or a duplicate of it), never a slot's.
  const incomingIds = new Set(incoming.map((episode) => episode.tmdb_id));
  const bySlot = new Map(stored.map((row) => [slotKey(row), row]));
  const fresh: TmdbEpisodeColumns[] = [];
  for (const episode of unmatched) {
    const row = bySlot.get(slotKey(episode));
    if (row && !pairs.has(row.id) && !(row.tmdb_id !== null && incomingIds.has(row.tmdb_id))) pairs.set(row.id, episode);
    else fresh.push(episode);
  }
  return { pairs, fresh };
}

/**
 * Where each row ends up: TMDB's slot unless the admin owns the number, but never a slot another row keeps or
 * claims too. A row that cannot move stays, and may so keep another from moving: rounds go on until no two rows
 * want one slot.
 */
function finalSlots(stored: StoredEpisode[], pairs: Map<number, TmdbEpisodeColumns>): Map<number, Slot> {
  const target = new Map<number, Slot>(stored.map((row) => {
    const episode = pairs.get(row.id);
    return [row.id, episode && !('episode_number' in row.admin_overrides) ? slotOf(episode) : slotOf(row)];
  }));
  for (let settled = false; !settled;) {
    settled = true;
    const holders = new Map<string, StoredEpisode[]>();
    for (const row of stored) {
      const key = slotKey(target.get(row.id)!);
      holders.set(key, [...(holders.get(key) ?? []), row]);
    }
    const contested = [...holders.values()].filter((rows) => rows.length > 1).flat();
    for (const row of contested.filter((other) => !sameSlot(target.get(other.id)!, other))) {
      target.set(row.id, slotOf(row));
      settled = false;
    }
  }
  return target;
}

/** What writing TMDB's `incoming` episodes over the `stored` ones changes (pure: saveEpisodes applies it). */
export function planEpisodes(stored: StoredEpisode[], incoming: TmdbEpisodeColumns[], deleted: TmdbEpisodeColumns[]): EpisodePlan {
  const { pairs, fresh } = match(stored, incoming);
  const target = finalSlots(stored, pairs);
  const updates: EpisodePlan['updates'] = [];
  for (const row of stored) {
    const episode = pairs.get(row.id);
    if (!episode) continue;
    const { row: tmdbColumns, overrides } = keepAdminValues(episode, row.admin_overrides, EPISODE_OWNABLE);
    const wanted: Partial<TmdbEpisodeColumns> = { ...tmdbColumns, ...target.get(row.id) };
    const set: EpisodePlan['updates'][number]['set'] = {};
    for (const column of TMDB_EPISODE_COLUMNS) if (column in wanted && wanted[column] !== row[column]) Object.assign(set, { [column]: wanted[column] });
    if (!sameOverrides(overrides, row.admin_overrides)) set.admin_overrides = overrides;
    if (Object.keys(set).length) updates.push({ id: row.id, set });
  }

  const taken = new Set([...target.values()].map(slotKey));
  const deletedById = new Map(deleted.map((episode) => [episode.tmdb_id, episode]));
  let deletedChanged = false;
  const inserts: TmdbEpisodeColumns[] = [];
  for (const episode of fresh) {
    const gone = deletedById.get(episode.tmdb_id);
    if (gone) {
      // Deleted by the admin: not added again, but what "Use TMDB's" would bring back is TMDB's latest.
      if (!sameEpisode(gone, episode)) {
        deletedById.set(episode.tmdb_id, episode);
        deletedChanged = true;
      }
    } else if (!taken.has(slotKey(episode))) { // else the admin's episode holds TMDB's place
      taken.add(slotKey(episode));
      inserts.push(episode);
    }
  }
  return { updates, inserts, deleted: deletedChanged ? [...deletedById.values()] : null };
}

/** Postgres takes at most 65,535 parameters a statement: inserts go in chunks. */
const INSERT_CHUNK = 1000;

/**
 * Writes TMDB's episodes of show `showId` (planEpisodes). Rows that move are first parked past every number in use,
 * so that two episodes trading places never hold one place at once. Returns how many episodes were added.
 */
export async function saveEpisodes(tx: Tx, showId: number, incoming: TmdbEpisodeColumns[]): Promise<number> {
  const show = await tx.selectFrom('tv_shows').select('deleted_episodes').where('id', '=', showId).forUpdate().executeTakeFirstOrThrow();
  const stored = await tx.selectFrom('tv_show_episodes')
    .select(['id', ...TMDB_EPISODE_COLUMNS, 'admin_overrides'])
    .where('tv_show_id', '=', showId).orderBy('id').forUpdate().execute();
  const plan = planEpisodes(stored, incoming, show.deleted_episodes);

  const moving = plan.updates.filter(({ set }) => set.season_number !== undefined || set.episode_number !== undefined);
  let parking = Math.max(0, ...stored.map((row) => row.episode_number), ...incoming.map((episode) => episode.episode_number)) + 1;
  for (const { id } of moving) await tx.updateTable('tv_show_episodes').set({ episode_number: parking++ }).where('id', '=', id).execute();
  for (const { id, set: { admin_overrides: overrides, ...columns } } of plan.updates) {
    await tx.updateTable('tv_show_episodes').set({ ...columns, ...(overrides && { admin_overrides: JSON.stringify(overrides) }) })
      .where('id', '=', id).execute();
  }
  for (let start = 0; start < plan.inserts.length; start += INSERT_CHUNK) {
    await tx.insertInto('tv_show_episodes').values(plan.inserts.slice(start, start + INSERT_CHUNK).map((episode) => ({ ...episode, tv_show_id: showId })))
      .execute();
  }
  if (plan.deleted) await tx.updateTable('tv_shows').set({ deleted_episodes: JSON.stringify(plan.deleted) }).where('id', '=', showId).execute();
  return plan.inserts.length;
}
