/** Admin view of a show's episodes: one season at a time, single edits and bulk link uploads. */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { describeIssues } from '../http/contract.ts';
import { Conflict, NotFound } from '../http/errors.ts';
import { LinkItem, type AdminEpisodeRow, type AdminSeasonView, type LinkUploadError } from './contract.ts';

type Db = Kysely<Database>;



/** The show's seasons and the episodes of `season` (default: the first season above 0), or null for no show. */
export async function loadSeasonView(db: Db, showId: number, season?: number): Promise<AdminSeasonView | null> {
  const show = await db.selectFrom('tv_shows').select(['id', 'tmdb_id', 'name', 'number_of_seasons'])
    .where('id', '=', showId).executeTakeFirst();
  if (!show) return null;
  const specials = await db.selectFrom('tv_show_episodes').select('id')
    .where('tv_show_id', '=', showId).where('season_number', '=', 0).limit(1).executeTakeFirst();
  const seasons = [...(specials ? [0] : []), ...Array.from({ length: show.number_of_seasons }, (_, index) => index + 1)];
  const selected = season ?? seasons.find((number) => number > 0) ?? seasons[0] ?? 1;
  const episodes = await db.selectFrom('tv_show_episodes')
    .select(['id', 'season_number', 'episode_number', 'tmdb_id', 'name', 'overview', 'stream_url', 'download_url'])
    .where('tv_show_id', '=', showId).where('season_number', '=', selected)
    .orderBy('episode_number').execute();
  return {
    show: { id: show.id, tmdbId: show.tmdb_id, name: show.name, numberOfSeasons: show.number_of_seasons },
    seasons,
    season: selected,
    episodes: episodes.map(adminEpisodeRow),
  };
}

/** An episode as the database gives it. */
type AdminEpisodeRecord = Pick<Selectable<Database['tv_show_episodes']>, 'id' | 'season_number' | 'episode_number' | 'tmdb_id' | 'name'
  | 'overview' | 'stream_url' | 'download_url'>;

function adminEpisodeRow(row: AdminEpisodeRecord): AdminEpisodeRow {
  return {
    id: row.id, seasonNumber: row.season_number, episodeNumber: row.episode_number, tmdbId: row.tmdb_id,
    name: row.name, overview: row.overview, streamUrl: row.stream_url, downloadUrl: row.download_url,
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

/** Returns the show id of the updated episode; an episode number another episode of the season has is a Conflict. */
export async function updateEpisode(db: Db, id: number, edit: EpisodeEdit): Promise<number> {
  const episode = await db.selectFrom('tv_show_episodes').select(['tv_show_id', 'season_number']).where('id', '=', id).executeTakeFirst();
  if (!episode) throw new NotFound('Episode not found.');
  if (edit.episodeNumber !== undefined) {
    const taken = await db.selectFrom('tv_show_episodes').select('id').where('tv_show_id', '=', episode.tv_show_id)
      .where('season_number', '=', episode.season_number).where('episode_number', '=', edit.episodeNumber).where('id', '!=', id)
      .executeTakeFirst();
    if (taken) throw new Conflict(`Episode ${edit.episodeNumber} of season ${episode.season_number} already exists.`);
  }
  await db.updateTable('tv_show_episodes').set({
    name: edit.name, overview: edit.overview, stream_url: edit.streamUrl, download_url: edit.downloadUrl,
    tmdb_id: edit.tmdbId, episode_number: edit.episodeNumber,
  }).where('id', '=', id).execute();
  return episode.tv_show_id;
}

export async function deleteEpisode(db: Db, id: number): Promise<number | null> {
  const row = await db.deleteFrom('tv_show_episodes').where('id', '=', id).returning('tv_show_id').executeTakeFirst();
  return row?.tv_show_id ?? null;
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
