/**
 * The platforms pages (spec sections 2, 4 and 9): every platform by name, and a platform's titles 20 a page
 * (10 movies plus 10 shows, shuffled). The shuffle is seeded by platform and page, so a page's answer is the
 * same every time and can be cached, and the prerendered first page matches the API's.
 */
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import { Random } from '../random.ts';
import { titleCard, type TitleCard } from '../titles/client/cards.ts';
import { PLATFORM_TITLES_PER_PAGE, type Platform, type PlatformPage } from './client/platform-params.ts';
import { CONTENT_TYPES } from '../titles/client/content-types.ts';
import { CARD_COLUMNS, forEachKind, titleKind } from '../titles/title-kinds.ts';
import type { ServicesFilterQuery } from '../watch/contract.ts';
import { onServices } from '../watch/providers.ts';

const PLATFORM_COLUMNS = ['id', 'name', 'logo_path'] as const;

/**
 * The platforms of the default region, which have pages: every platform but those known only as another region's
 * watch providers (db/migrations/0017_watch_providers.ts). Each condition is its own semi-join, so that each probes
 * the links' platform index: as an OR of EXISTS the planner scanned a platform's links for every platform (7 ms at 50k
 * titles, against 0.7).
 */
export function hasPlatformPage(eb: ExpressionBuilder<Database, 'platforms'>): Expression<SqlBool> {
  const candidates = () => eb.selectFrom('platforms as candidate').select('candidate.id');
  const [first, ...others] = [
    ...CONTENT_TYPES.map((type) => candidates().where((inner) => inner.exists(inner.selectFrom(titleKind(type).providerTable)
      .select('platform_id').whereRef('platform_id', '=', 'candidate.id')))),
    candidates().where((inner) => inner.not(inner.exists(inner.selectFrom('title_watch_providers').select('platform_id')
      .whereRef('title_watch_providers.platform_id', '=', 'candidate.id')))),
  ];
  return eb('platforms.id', 'in', others.reduce((union, query) => union.unionAll(query), first!));
}

export async function listPlatforms(db: Kysely<Database>): Promise<Platform[]> {
  const rows = await db.selectFrom('platforms').select(PLATFORM_COLUMNS).where(hasPlatformPage).orderBy('name').orderBy('id').execute();
  return rows.map(toPlatform);
}

function toPlatform(row: { id: number; name: string; logo_path: string | null }): Platform {
  return { id: row.id, name: row.name, logoPath: row.logo_path };
}

/** A platform's titles of one kind on a page, and how many it has of that kind in all. */
export interface PlatformShare { cards: TitleCard[]; total: number }

/** Published titles of the kind with their platforms, one row per title and platform. */
function publishedOnPlatforms(db: Kysely<Database>, type: ContentType) {
  const { titles, providerLinks } = titleKind(type);
  return db.selectFrom(providerLinks).innerJoin(titles, 'titles.id', 'provider_links.title_id').where('titles.is_published', '=', true);
}

/** A page of the platform's published titles (only those on `services`, when given), or null for an unknown platform. */
export async function platformTitles(db: Kysely<Database>, platformId: number, page: number, services: ServicesFilterQuery | null = null):
  Promise<PlatformPage | null> {
  return (await platformPageWithFloors(db, platformId, page, services))?.page ?? null;
}

/** A platform's published titles of each kind. */
export type PlatformTotals = Record<ContentType, number>;

/**
 * Each platform's published titles of each kind, one query per kind for any number of platforms: a count joins every
 * published title of the kind, whether it is for one platform or many.
 */
export async function platformTotals(db: Kysely<Database>, platformIds: number[]): Promise<{ platformId: number; totals: PlatformTotals }[]> {
  if (platformIds.length === 0) return [];
  const counts = await forEachKind(async (type) => new Map((await publishedOnPlatforms(db, type)
    .where('provider_links.platform_id', 'in', platformIds)
    .select(['provider_links.platform_id', (eb) => eb.fn.countAll<number>().as('total')])
    .groupBy('provider_links.platform_id').execute()).map((row) => [row.platform_id, Number(row.total)])));
  return platformIds.map((platformId) => ({ platformId, totals: { movie: counts.movie.get(platformId) ?? 0, tv: counts.tv.get(platformId) ?? 0 } }));
}

/**
 * A platform's page, and for each kind the lowest popularity it shows (null: it shows the kind's last titles): a
 * title that moves below it, far down the platform's list, changes nothing the page shows (pages/page-tags.ts
 * scoredListTags). `totals`: the platform's, when the caller has read them (platformTotals); counted here otherwise.
 */
export async function platformPageWithFloors(db: Kysely<Database>, platformId: number, page: number, services: ServicesFilterQuery | null = null,
  totals: PlatformTotals | null = null): Promise<{ page: PlatformPage; popularityFloors: Record<ContentType, number | null> } | null> {
  const platform = await db.selectFrom('platforms').select(PLATFORM_COLUMNS).where('id', '=', platformId).executeTakeFirst();
  if (!platform) return null;
  const shares = await forEachKind(async (type): Promise<PlatformShare & { floor: number | null }> => {
    const perPage = PLATFORM_TITLES_PER_PAGE[type];
    const onPlatform = publishedOnPlatforms(db, type).where('provider_links.platform_id', '=', platformId)
      .$if(services !== null, (q) => q.where(onServices(type, services!)));
    const [total, rows] = await Promise.all([
      totals?.[type] ?? onPlatform.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow().then((count) => Number(count.total)),
      onPlatform.select([...CARD_COLUMNS, 'titles.popularity']).orderBy('titles.popularity', 'desc').orderBy('titles.id')
        .limit(perPage).offset((page - 1) * perPage).execute(),
    ]);
    const floor = rows.length === perPage ? rows.at(-1)!.popularity : null;
    return { cards: rows.map((row) => titleCard(type, row)), total, floor };
  });
  return {
    page: platformPage(toPlatform(platform), page, shares),
    popularityFloors: { movie: shares.movie.floor, tv: shares.tv.floor },
  };
}

/** The platform's page from its titles of that page (each kind with the platform's total of that kind). */
export function platformPage(platform: Platform, page: number, shares: Record<ContentType, PlatformShare>): PlatformPage {
  const items = new Random(`platform-${platform.id}-page-${page}`).shuffle(CONTENT_TYPES.flatMap((type) => shares[type].cards));
  const totalPages = Math.max(...CONTENT_TYPES.map((type) => Math.ceil(shares[type].total / PLATFORM_TITLES_PER_PAGE[type])));
  const total = CONTENT_TYPES.reduce((sum, type) => sum + shares[type].total, 0);
  return { platform, items, page, totalPages, total };
}
