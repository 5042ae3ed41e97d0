/**
 * Reads of where to watch (db/migrations/0017_watch_providers.ts): a title's offers in a region, the regions that
 * have providers and the services of one, and the "on these services" condition the listings filter by.
 *
 * "Is title X on service S in region R" is `offeredOnServices` in SQL, `isOnServices` for one title (a service offers
 * a title when it streams it: flatrate, free or with ads, SERVICE_KINDS; renting and buying are not "on" it).
 */
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import { titleKind } from '../titles/title-kinds.ts';
import { groupOffers, SERVICE_KINDS, type TitleWatchOffers, type WatchProvider } from './client/offers.ts';
import { regionName, regionsByName } from './client/regions.ts';
import type { RegionList, RegionServices, ServicesFilterQuery } from './contract.ts';

type Db = Kysely<Database>;

export function provider(row: { platform_id: number; name: string; logo_path: string | null }): WatchProvider {
  return { id: row.platform_id, name: row.name, logoPath: row.logo_path };
}

/** Providers by name (sorted here: databases' collations differ on 'NOW' and 'Netflix'). */
export function byName(providers: WatchProvider[]): WatchProvider[] {
  return providers.sort((a, b) => a.name.localeCompare(b.name, 'en') || a.id - b.id);
}

/**
 * Offers in `region` of the titles of a kind with the given ids (movies.id or tv_shows.id), or of every title of
 * the kind when `ids` is undefined (a build's bulk load): two queries.
 */
export async function loadRegionOffers(db: Db, type: ContentType, region: string, ids: number[] | undefined):
  Promise<(titleId: number) => TitleWatchOffers> {
  if (ids?.length === 0) return () => ({ region, regionName: regionName(region), link: null, offers: [] });
  const [rows, links] = await Promise.all([
    db.selectFrom('title_watch_providers').innerJoin('platforms', 'platforms.id', 'title_watch_providers.platform_id')
      .select(['title_watch_providers.title_id', 'title_watch_providers.kind', 'title_watch_providers.platform_id', 'platforms.name',
        'platforms.logo_path'])
      .where('title_watch_providers.content_type', '=', type).where('title_watch_providers.region', '=', region)
      .$if(ids !== undefined, (q) => q.where('title_watch_providers.title_id', 'in', ids!))
      .orderBy('title_watch_providers.title_id').orderBy('title_watch_providers.display_priority').orderBy('platforms.name')
      .orderBy('title_watch_providers.platform_id').execute(),
    db.selectFrom('title_watch_regions').select(['title_id', 'link'])
      .where('content_type', '=', type).where('region', '=', region)
      .$if(ids !== undefined, (q) => q.where('title_id', 'in', ids!)).execute(),
  ]);
  const rowsOf = Map.groupBy(rows, (row) => row.title_id);
  const linkOf = new Map(links.map((row) => [row.title_id, row.link]));
  const name = regionName(region);
  return (titleId) => ({
    region, regionName: name, link: linkOf.get(titleId) ?? null,
    offers: groupOffers((rowsOf.get(titleId) ?? []).map((row) => ({ kind: row.kind, provider: provider(row) }))),
  });
}

/** A published title's offers in `region`, or null when no such title is published. */
export async function titleOffers(db: Db, type: ContentType, tmdbId: number, region: string): Promise<TitleWatchOffers | null> {
  const title = await db.selectFrom(titleKind(type).titles).select('titles.id')
    .where('titles.tmdb_id', '=', tmdbId).where('titles.is_published', '=', true).executeTakeFirst();
  return title ? (await loadRegionOffers(db, type, region, [title.id]))(title.id) : null;
}

/**
 * Regions some title has providers in, and the default one, by name. A skip scan over the region index: one probe per
 * region, however many rows each has.
 */
export async function listRegions(db: Db, defaultRegion: string): Promise<RegionList> {
  const { rows } = await sql<{ region: string }>`
    WITH RECURSIVE found AS (
      (SELECT region FROM title_watch_regions ORDER BY region LIMIT 1)
      UNION ALL
      SELECT (SELECT region FROM title_watch_regions WHERE region > found.region ORDER BY region LIMIT 1) FROM found
      WHERE found.region IS NOT NULL
    )
    SELECT region FROM found WHERE region IS NOT NULL`.execute(db);
  return { defaultRegion, regions: regionsByName([defaultRegion, ...rows.map((row) => row.region)]) };
}

/**
 * The providers that stream some title in `region` (SERVICE_KINDS), by name: the services a user can pick there.
 */
export async function regionServices(db: Db, region: string): Promise<RegionServices> {
  const rows = await db.selectFrom('platforms').select(['platforms.id as platform_id', 'platforms.name', 'platforms.logo_path'])
    .where((eb) => eb.exists(eb.selectFrom('title_watch_providers').select(sql`1`.as('one'))
      .whereRef('title_watch_providers.platform_id', '=', 'platforms.id')
      .where('title_watch_providers.region', '=', region).where('title_watch_providers.kind', 'in', SERVICE_KINDS)))
    .execute();
  return { region, services: byName(rows.map(provider)) };
}

/** A part of `offeredOnServices`: a value (a parameter) or SQL (a column, a list, a subquery). */
export type SqlPart = string | number | Expression<unknown>;

/**
 * "The title is on one of these services in this region": offered there by one of them with a kind in SERVICE_KINDS
 * (renting or buying is not "on" a service). The one statement of the rule: the listings' filter (`onServices`),
 * `isOnServices` and the Wishlist alerts (preferences.ts, `onUserServices`) are built on it.
 */
export function offeredOnServices(title: { type: SqlPart; id: SqlPart }, region: SqlPart, serviceIds: SqlPart): RawBuilder<SqlBool> {
  return sql<SqlBool>`EXISTS (SELECT 1 FROM title_watch_providers AS w WHERE w.content_type = ${title.type} AND w.title_id = ${title.id}
    AND w.region = ${region} AND w.kind IN (${sql.join(SERVICE_KINDS)}) AND w.platform_id IN (${serviceIds}))`;
}

/**
 * The listings' filter: the title of `type` that the query around names `titles` (title-kinds.ts) is offered in the
 * filter's region on one of its services.
 */
export function onServices(type: ContentType, filter: ServicesFilterQuery): Expression<SqlBool> {
  return offeredOnServices({ type, id: sql.ref('titles.id') }, filter.region, sql.join(filter.serviceIds));
}

/** Whether the title (by TMDB id) is offered in `region` on one of the services (platform ids). */
export async function isOnServices(db: Db, title: { type: ContentType; tmdbId: number }, region: string, serviceIds: number[]): Promise<boolean> {
  if (serviceIds.length === 0) return false;
  const row = await db.selectFrom(titleKind(title.type).titles).select('titles.id')
    .where('titles.tmdb_id', '=', title.tmdbId).where(onServices(title.type, { region, serviceIds })).executeTakeFirst();
  return row !== undefined;
}
