/** Admin view of a show's episodes: one season at a time, single edits and bulk link uploads. */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, TmdbEpisodeColumns } from '../../../db/schema.ts';
import { TITLE_KINDS } from '../titles/title-kinds.ts';
import { describeIssues } from '../http/contract.ts';
import { Conflict, NotFound } from '../http/errors.ts';
import { LinkItem, type AdminEpisodeRow, type AdminSeasonView, type EpisodeAdminField, type LinkUploadError } from './contract.ts';
import { adminOwned, claimEdited, EPISODE_OWNABLE, handBack, tmdbVersion } from './ownership.ts';

type Db = Kysely<Database>;
type Tx = Transaction<Database>;

/** The show's seasons and the episodes of `season` (default: the first season above 0), or null for no show. */
export async function loadSeasonView(db: Db, showId: number, season?: number): Promise<AdminSeasonView | null> {
  const show = await db.selectFrom('tv_shows').select(['id', 'tmdb_id', 'name', 'number_of_seasons', 'deleted_episodes'])
    .where('id', '=', showId).executeTakeFirst();
  if (!show) return null;
  const specials = await db.selectFrom('tv_show_episodes').select('id')
    .where('tv_show_id', '=', showId).where('season_number', '=', 0).limit(1).executeTakeFirst();
  const seasons = [...(specials ? [0] : []), ...Array.from({ length: show.number_of_seasons }, (_, index) => index + 1)];
  const selected = season ?? seasons.find((number) => number > 0) ?? seasons[0] ?? 1;
  const episodes = await db.selectFrom('tv_show_episodes')
    .select(['id', 'season_number', 'episode_number', 'tmdb_id', 'name', 'overview', 'stream_url', 'download_url', 'admin_overrides'])
    .where('tv_show_id', '=', showId).where('season_number', '=', selected)
    .orderBy('episode_number').execute();
  return {
    show: { id: show.id, tmdbId: show.tmdb_id, name: show.name, numberOfSeasons: show.number_of_seasons },
    seasons,
    season: selected,
    episodes: episodes.map(adminEpisodeRow),
    deleted: show.deleted_episodes.filter((episode) => episode.season_number === selected)
      .map((episode) => ({ tmdbId: episode.tmdb_id!, episodeNumber: episode.episode_number, name: episode.name })),
  };
}

/** An episode as the database gives it. */
type AdminEpisodeRecord = Pick<Selectable<Database['tv_show_episodes']>, 'id' | 'season_number' | 'episode_number' | 'tmdb_id' | 'name'
  | 'overview' | 'stream_url' | 'download_url' | 'admin_overrides'>;

function adminEpisodeRow(row: AdminEpisodeRecord): AdminEpisodeRow {
  return {
    id: row.id, seasonNumber: row.season_number, episodeNumber: row.episode_number, tmdbId: row.tmdb_id,
    name: row.name, overview: row.overview, streamUrl: row.stream_url, downloadUrl: row.download_url,
    adminOwned: adminOwned(row.admin_overrides, EPISODE_OWNABLE),
  };
}

export interface EpisodeEdit {
  name: string | null;
  overview: string | null;
  streamUrl: string | null;
  downloadUrl: string | null;
  tmdbId?: number | null;
  episodeNumber?: number;
}

/** The episode, locked until the transaction ends, so that an import of its show waits for the edit (or the edit for it). */
async function lockedEpisode(tx: Tx, id: number) {
  const episode = await tx.selectFrom('tv_show_episodes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!episode) throw new NotFound('Episode not found.');
  return episode;
}

/** A Conflict when another episode of the show than `exceptId` is episode `number` of `season`. */
async function refuseTakenSlot(tx: Tx, showId: number, season: number, number: number, exceptId: number | null = null) {
  const taken = await tx.selectFrom('tv_show_episodes').select('id').where('tv_show_id', '=', showId)
    .where('season_number', '=', season).where('episode_number', '=', number)
    .$if(exceptId !== null, (query) => query.where('id', '!=', exceptId!)).executeTakeFirst();
  if (taken) throw new Conflict(`Episode ${number} of season ${season} already exists.`);
}

/**
 * Returns the show id of the updated episode; an episode number another episode of the season has is a Conflict.
 * The fields the edit changes become the admin's.
 */
export async function updateEpisode(db: Db, id: number, edit: EpisodeEdit): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const episode = await lockedEpisode(tx, id);
    if (edit.episodeNumber !== undefined) await refuseTakenSlot(tx, episode.tv_show_id, episode.season_number, edit.episodeNumber, id);
    const columns = { name: edit.name, overview: edit.overview, tmdb_id: edit.tmdbId, episode_number: edit.episodeNumber };
    await tx.updateTable('tv_show_episodes').set({
      ...columns, stream_url: edit.streamUrl, download_url: edit.downloadUrl,
      admin_overrides: JSON.stringify(claimEdited(episode, columns, episode.admin_overrides, EPISODE_OWNABLE)),
    }).where('id', '=', id).execute();
    return episode.tv_show_id;
  });
}

/** "Use TMDB's" on an episode's field: TMDB's value, kept since the admin took the field, is put back at once. */
export async function episodeUseTmdb(db: Db, id: number, field: EpisodeAdminField): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const episode = await lockedEpisode(tx, id);
    const column = EPISODE_OWNABLE[field];
    const { value, overrides } = handBack(episode.admin_overrides, column);
    if (column === 'episode_number') await refuseTakenSlot(tx, episode.tv_show_id, episode.season_number, value as number, id);
    await tx.updateTable('tv_show_episodes').set({ [column]: value, admin_overrides: JSON.stringify(overrides) }).where('id', '=', id).execute();
  });
}

/**
 * Deletes an episode. One TMDB lists is remembered on its show (TMDB's version of it), so that no import adds it
 * again; "Use TMDB's" brings it back (restoreDeletedEpisode). A second row of the same TMDB episode (a duplicate)
 * needs no such memory: imports match the episode to the row that stays.
 */
export async function deleteEpisode(db: Db, id: number): Promise<number | null> {
  return db.transaction().execute(async (tx) => {
    const row = await tx.deleteFrom('tv_show_episodes').where('id', '=', id).returningAll().executeTakeFirst();
    if (!row) return null;
    const tmdbEpisode = tmdbVersion(row);
    if (tmdbEpisode.tmdb_id !== null && !(await hasTmdbEpisode(tx, row.tv_show_id, tmdbEpisode.tmdb_id))) {
      const show = await lockedShow(tx, row.tv_show_id);
      const deleted = [...show.deleted_episodes.filter((episode) => episode.tmdb_id !== tmdbEpisode.tmdb_id), tmdbEpisode];
      await tx.updateTable('tv_shows').set({ deleted_episodes: JSON.stringify(deleted) }).where('id', '=', row.tv_show_id).execute();
    }
    return row.tv_show_id;
  });
}

const hasTmdbEpisode = async (tx: Tx, showId: number, tmdbId: number) =>
  Boolean(await tx.selectFrom('tv_show_episodes').select('id').where('tv_show_id', '=', showId).where('tmdb_id', '=', tmdbId).executeTakeFirst());

async function lockedShow(tx: Tx, id: number) {
  const show = await tx.selectFrom('tv_shows').select('deleted_episodes').where('id', '=', id).forUpdate().executeTakeFirst();
  if (!show) throw new NotFound(TITLE_KINDS.tv.notFoundMessage);
  return show;
}

/** Brings back a deleted episode of TMDB's, as TMDB last gave it, in its place; a Conflict when that place is taken. */
export async function restoreDeletedEpisode(db: Db, showId: number, tmdbId: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const show = await lockedShow(tx, showId);
    const episode: TmdbEpisodeColumns | undefined = show.deleted_episodes.find((deleted) => deleted.tmdb_id === tmdbId);
    if (!episode) throw new NotFound('Episode not found.');
    if (await hasTmdbEpisode(tx, showId, tmdbId)) throw new Conflict(`An episode of this show has TMDB ID ${tmdbId} already.`);
    await refuseTakenSlot(tx, showId, episode.season_number, episode.episode_number);
    await tx.insertInto('tv_show_episodes').values({ ...episode, tv_show_id: showId }).execute();
    const deleted = show.deleted_episodes.filter((other) => other.tmdb_id !== tmdbId);
    await tx.updateTable('tv_shows').set({ deleted_episodes: JSON.stringify(deleted) }).where('id', '=', showId).execute();
  });
}

export interface LinkUploadResult {
  message: string;
  updated: number;
  errors: LinkUploadError[];
}

/**
 * Applies a season's links given in episode order: item i is episode i + 1 unless it names its episodeNumber.
 * Each item carries `watch` (or `streamUrl`) and `download` (or `downloadUrl`). Items that fail validation or
 * name a missing episode are reported per item; the others are applied.
 */
export async function uploadEpisodeLinks(db: Db, showId: number, season: number, links: unknown[]): Promise<LinkUploadResult | null> {
  const show = await db.selectFrom('tv_shows').select('id').where('id', '=', showId).executeTakeFirst();
  if (!show) return null;
  const existing = await db.selectFrom('tv_show_episodes').select(['id', 'episode_number'])
    .where('tv_show_id', '=', showId).where('season_number', '=', season).execute();
  const idByNumber = new Map(existing.map((episode) => [episode.episode_number, episode.id]));

  const errors: LinkUploadError[] = [];
  const updates: { id: number; stream_url: string | null; download_url: string | null }[] = [];
  links.forEach((raw, index) => {
    const fallbackNumber = rawEpisodeNumber(raw) ?? index + 1;
    const parsed = LinkItem.safeParse(raw);
    if (!parsed.success) {
      errors.push({ index, episodeNumber: fallbackNumber, error: describeIssues(parsed.error) });
      return;
    }
    const item = parsed.data;
    const episodeNumber = item.episodeNumber ?? index + 1;
    const id = idByNumber.get(episodeNumber);
    if (id === undefined) {
      errors.push({ index, episodeNumber, error: `Episode ${episodeNumber} of season ${season} does not exist.` });
      return;
    }
    updates.push({ id, stream_url: item.watch ?? item.streamUrl ?? null, download_url: item.download ?? item.downloadUrl ?? null });
  });

  if (updates.length) {
    await db.transaction().execute(async (trx) => {
      for (const { id, ...linkColumns } of updates) {
        await trx.updateTable('tv_show_episodes').set(linkColumns).where('id', '=', id).execute();
      }
    });
  }
  const message = errors.length
    ? `Updated ${updates.length} of ${links.length} episodes; ${errors.length} failed.`
    : `Updated links of ${updates.length} episode(s).`;
  return { message, updated: updates.length, errors };
}

function rawEpisodeNumber(raw: unknown): number | null {
  const value = raw && typeof raw === 'object' ? (raw as { episodeNumber?: unknown }).episodeNumber : undefined;
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}
