/** Writes a title's watch providers, every region (the import and the sync replace them with TMDB's answer). */
import type { Kysely } from 'kysely';
import type { ContentType, Database, WatchKind } from '../../../db/schema.ts';

export interface TitleWatchData {
  offers: { region: string; kind: WatchKind; platform_id: number; display_priority: number }[];
  regions: { region: string; link: string | null }[];
}

/** Rows per insert: six columns each, well under Postgres' 65,535 parameters. */
const ROWS_PER_INSERT = 2000;

/** Replaces the title's rows with `data` (its platforms must exist). Run it inside the title's transaction. */
export async function replaceTitleWatchData(db: Kysely<Database>, type: ContentType, titleId: number, data: TitleWatchData): Promise<void> {
  const title = { content_type: type, title_id: titleId };
  await db.deleteFrom('title_watch_providers').where('content_type', '=', type).where('title_id', '=', titleId).execute();
  await db.deleteFrom('title_watch_regions').where('content_type', '=', type).where('title_id', '=', titleId).execute();
  for (let start = 0; start < data.offers.length; start += ROWS_PER_INSERT) {
    await db.insertInto('title_watch_providers').values(data.offers.slice(start, start + ROWS_PER_INSERT).map((offer) => ({ ...title, ...offer })))
      .execute();
  }
  if (data.regions.length) await db.insertInto('title_watch_regions').values(data.regions.map((region) => ({ ...title, ...region }))).execute();
}
