/**
 * The public catalogue in memory: what /api/search and /api/catalog/{browse,people,platform} answer, loaded from
 * the database in a few bulk queries and answered without it. Public reads are the same for every visitor and
 * change only with the catalogue, so each process keeps one model per catalogue version (db/migrations/
 * 0005_catalogue_version.ts): it checks the version at most once a second and reloads once per change (at most
 * once per minimum reload interval), in the background, while requests keep the model they have. Orders come from
 * the database itself (row_number over the SQL sorts), so the answers are the ones catalog/browse.ts, people.ts and
 * platforms.ts would give. The model is held in flat columns (catalogue-columns.ts), and a process that finds a
 * snapshot of the current version (catalogue-snapshot.ts) reads it instead of the database.
 */
import { sql, type Kysely } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import { BROWSE_PAGE_SIZE, isPageOutOfRange, totalPagesFor, type BrowsePage, type BrowseSort } from '../catalog/client/browse-params.ts';
import { RangeNotSatisfiable } from '../http/errors.ts';
import { sortSql } from '../catalog/browse.ts';
import type { BrowseQuery } from '../catalog/contract.ts';
import { yearOf, type TitleCard } from '../titles/client/cards.ts';
import { slugify } from '../titles/client/slug.ts';
import { CARD_COLUMNS, titleKind } from '../titles/title-kinds.ts';
import { creditedInPublishedTitle } from '../catalog/people.ts';
import { PEOPLE_PAGE_SIZE, type PeopleSort, type PersonCard } from '../catalog/client/people-params.ts';
import { PLATFORM_TITLES_PER_PAGE, type Platform, type PlatformPage } from '../catalog/client/platform-params.ts';
import { listPlatforms, platformPage } from '../catalog/platforms.ts';
import { SearchIndex, searchIndexColumns } from '../search/search-index.ts';
import { listColumn, listHasAny, listIncludes, numberAt, numberColumn, stringAt, stringColumn } from '../columns.ts';
import type { CatalogueColumns, PeopleColumns, TitleColumns, TitleOrder } from './catalogue-columns.ts';
import { databaseSnapshots, directorySnapshots, readCatalogueSnapshot, writeCatalogueSnapshot, type SnapshotStore } from './catalogue-snapshot.ts';
import { readCatalogueStamp } from './catalogue-version.ts';
import { catalogueSnapshots } from '../settings.ts';
import type { PersonResult, SearchResults } from '../catalog/client/search-results.ts';

export const SEARCH_TITLE_LIMIT = 40;
export const SEARCH_PEOPLE_LIMIT = 12;

/** How often a process asks whether the catalogue changed: a change shows within about this long. */
export const VERSION_CHECK_MS = 1000;

/**
 * Reloads are at least this far apart (after the last load ends): a load costs the whole catalogue however small
 * the change, so whatever bumps the version often (a bug, a crawler behind one) cannot keep a process reloading.
 */
export const MIN_RELOAD_INTERVAL_MS = 5000;

const TITLE_ORDERS: Record<TitleOrder, BrowseSort | 'popular'> = {
  justAdded: 'just-added', released: 'newly-launched', rated: 'top-rated', popular: 'popular',
};
const OTHER_ORDERS = ['justAdded', 'released', 'rated'] as const;

function listOf(sort: BrowseSort): TitleOrder {
  return sort === 'just-added' ? 'justAdded' : sort === 'top-rated' ? 'rated' : 'released';
}

/** The card of the title at place i (slugs are made here, for the few cards an answer holds, not stored). */
function titleCardAt(type: ContentType, titles: TitleColumns, i: number): TitleCard {
  const title = stringAt(titles.title, i)!;
  return {
    type, tmdbId: titles.tmdbId[i]!, title, slug: slugify(title),
    posterPath: stringAt(titles.posterPath, i), backdropPath: stringAt(titles.backdropPath, i),
    voteAverage: numberAt(titles.voteAverage, i), year: numberAt(titles.year, i),
  };
}

function personCardAt(people: PeopleColumns, i: number): PersonCard {
  const name = stringAt(people.name, i)!;
  return {
    id: people.id[i]!, name, slug: slugify(name),
    profilePath: stringAt(people.profilePath, i), department: stringAt(people.department, i),
  };
}

/** A search hit's fields, made for the few people a search returns rather than kept for every person. */
function personResult(card: PersonCard): PersonResult {
  return { id: card.id, name: card.name, slug: card.slug, profilePath: card.profilePath, knownForDepartment: card.department };
}

const NO_PLACES = new Int32Array(0);

export class CatalogueReadModel {
  private readonly titleSearch: SearchIndex<TitleCard>;
  private readonly peopleSearch: SearchIndex<PersonCard>;
  private readonly platforms: Map<number, Platform>;
  /** Each kind's titles in each order, as places in its columns. */
  private readonly orders: Record<ContentType, Record<TitleOrder, Int32Array>>;
  /** An order's titles of one genre (a one-genre browse, the usual one, walks only these), made on first use. */
  private readonly genreOrders = new Map<string, Int32Array>();
  /** The genres each kind's titles have: only those get a genreOrders entry, whatever ids requests make up. */
  private readonly genres: Record<ContentType, Set<number>>;

  constructor(readonly columns: CatalogueColumns) {
    const { titles, people } = columns;
    this.platforms = new Map(columns.platforms.map((platform) => [platform.id, platform]));
    const ordersOf = (type: ContentType) => ({ ...titles[type].orders, popular: Int32Array.from(titles[type].tmdbId.keys()) });
    this.orders = { movie: ordersOf('movie'), tv: ordersOf('tv') };
    this.genres = { movie: new Set(titles.movie.genreIds.items), tv: new Set(titles.tv.genreIds.items) };
    const movieCount = titles.movie.tmdbId.length;
    this.titleSearch = new SearchIndex((entry) => (entry < movieCount
      ? titleCardAt('movie', titles.movie, entry) : titleCardAt('tv', titles.tv, entry - movieCount)), columns.titleSearch);
    this.peopleSearch = new SearchIndex((entry) => personCardAt(people, entry), columns.peopleSearch);
  }

  private genreOrder(type: ContentType, order: TitleOrder, genreId: number): Int32Array {
    if (!this.genres[type].has(genreId)) return NO_PLACES;
    const key = `${type} ${order} ${genreId}`;
    let places = this.genreOrders.get(key);
    if (!places) {
      const genreIds = this.columns.titles[type].genreIds;
      this.genreOrders.set(key, (places = this.orders[type][order].filter((place) => listIncludes(genreIds, place, genreId))));
    }
    return places;
  }

  /** Same answer as browseTitles. */
  browse(query: BrowseQuery): BrowsePage<TitleCard> {
    const { type, genreIds = [], year = null, sort, page = 1, pageSize = BROWSE_PAGE_SIZE } = query;
    const titles = this.columns.titles[type];
    const genres = new Set(genreIds);
    const first = (page - 1) * pageSize;
    const items: TitleCard[] = [];
    let total = 0;
    const order = listOf(sort);
    const places = genreIds.length === 1 ? this.genreOrder(type, order, genreIds[0]!) : this.orders[type][order];
    for (const place of places) {
      if (year !== null && titles.year[place] !== year) continue;
      if (genres.size && !listHasAny(titles.genreIds, place, genres)) continue;
      if (total >= first && items.length < pageSize) items.push(titleCardAt(type, titles, place));
      total++;
    }
    return { items, page, totalPages: totalPagesFor(total, pageSize), total };
  }

  /** Same answer as listPeople. */
  listPeople(sort: PeopleSort, page: number): BrowsePage<PersonCard> {
    const people = this.columns.people;
    const total = people.id.length;
    const first = (page - 1) * PEOPLE_PAGE_SIZE;
    const items: PersonCard[] = [];
    // The columns are in popularity order; the name order is a list of places in them.
    for (let at = first; at < Math.min(total, first + PEOPLE_PAGE_SIZE); at++) items.push(personCardAt(people, sort === 'name' ? people.byName[at]! : at));
    return { items, page, totalPages: totalPagesFor(total, PEOPLE_PAGE_SIZE), total };
  }

  /** Same answer as platformTitles: null for an unknown platform. */
  platformTitles(platformId: number, page: number): PlatformPage | null {
    const platform = this.platforms.get(platformId);
    if (!platform) return null;
    const onPlatform = (type: ContentType) => {
      const titles = this.columns.titles[type];
      const perPage = PLATFORM_TITLES_PER_PAGE[type];
      const first = (page - 1) * perPage;
      const cards: TitleCard[] = [];
      let total = 0;
      for (let place = 0; place < titles.tmdbId.length; place++) {
        if (!listIncludes(titles.platformIds, place, platformId)) continue;
        if (total >= first && cards.length < perPage) cards.push(titleCardAt(type, titles, place));
        total++;
      }
      return { cards, total };
    };
    return platformPage(platform, page, { movie: onPlatform('movie'), tv: onPlatform('tv') });
  }

  /** Published movies and shows, and people credited in them, best match first (see search/search-index.ts). */
  search(query: string): SearchResults {
    return {
      titles: this.titleSearch.search(query, SEARCH_TITLE_LIMIT),
      people: this.peopleSearch.search(query, SEARCH_PEOPLE_LIMIT).map(personResult),
    };
  }
}

/** The page, or RangeNotSatisfiable (416) when it lies past the last one: browse, people and platform answers. */
export function pageInRange<P extends { page: number; totalPages: number }>(answer: P): P {
  if (isPageOutOfRange(answer.page, answer.totalPages)) throw new RangeNotSatisfiable(`Page ${answer.page} is out of range.`);
  return answer;
}

/**
 * Places in the popularity order, listed in another order: `position(row, order)` is a row's 1-based position in
 * an order (row_number over all the rows, so every position from 1 to n once), the rows are in popularity order.
 */
function placesInOrder<R>(rows: R[], position: (row: R) => number): Int32Array {
  const places = new Int32Array(rows.length);
  rows.forEach((row, place) => { places[position(row) - 1] = place; });
  return places;
}

/** Rows in the order of a 1-based position column. */
function inPositionOrder<R>(rows: R[], position: (row: R) => number): R[] {
  const ordered = new Array<R>(rows.length);
  for (const row of rows) ordered[position(row) - 1] = row;
  return ordered;
}

/** Published titles of a type with everything the read model needs, and their search entries. */
async function loadTitles(db: Kysely<Database>, type: ContentType) {
  const { titles, genreLinks, providerLinks } = titleKind(type);
  const position = (order: BrowseSort | 'popular') => {
    const orderBy = order === 'popular' ? sql`titles.popularity desc, titles.id` : sortSql(order);
    return sql<number>`(row_number() over (order by ${orderBy}))::int`;
  };
  const unordered = await db.selectFrom(titles).where('titles.is_published', '=', true)
    .select((eb) => [...CARD_COLUMNS, 'titles.popularity', 'titles.vote_count',
      sql<number[]>`array(${eb.selectFrom(genreLinks).select('genre_links.genre_id').whereRef('genre_links.title_id', '=', 'titles.id')})`
        .as('genre_ids'),
      sql<number[]>`array(${eb.selectFrom(providerLinks).select('provider_links.platform_id')
        .whereRef('provider_links.title_id', '=', 'titles.id')})`.as('platform_ids'),
      position(TITLE_ORDERS.justAdded).as('justAdded'), position(TITLE_ORDERS.released).as('released'),
      position(TITLE_ORDERS.rated).as('rated'), position(TITLE_ORDERS.popular).as('popular')])
    .execute();
  const rows = inPositionOrder(unordered, (row) => Number(row.popular));
  // Read from the rows, not through titleCard: a card's slug is made when the card is (titleCardAt).
  const columns: TitleColumns = {
    tmdbId: Int32Array.from(rows, (row) => row.tmdb_id),
    title: stringColumn(rows.map((row) => row.title)),
    posterPath: stringColumn(rows.map((row) => row.poster_path)),
    backdropPath: stringColumn(rows.map((row) => row.backdrop_path)),
    voteAverage: numberColumn(rows.map((row) => row.vote_average)),
    year: numberColumn(rows.map((row) => yearOf(row.date))),
    genreIds: listColumn(rows.map((row) => row.genre_ids.map(Number))),
    platformIds: listColumn(rows.map((row) => row.platform_ids.map(Number))),
    orders: Object.fromEntries(OTHER_ORDERS.map((order) => [order, placesInOrder(rows, (row) => Number(row[order]))])) as TitleColumns['orders'],
  };
  const entries = rows.map((row) => ({ text: row.title, popularity: Number(row.popularity), voteCount: Number(row.vote_count) }));
  return { columns, entries };
}

async function loadPeople(db: Kysely<Database>) {
  const unordered = await db.selectFrom('people').where(creditedInPublishedTitle)
    .select(['people.id', 'people.name', 'people.profile_path', 'people.known_for_department', 'people.popularity',
      sql<number>`(row_number() over (order by people.popularity desc, people.name, people.id))::int`.as('popularity_position'),
      sql<number>`(row_number() over (order by people.name, people.id))::int`.as('name_position')])
    .execute();
  const rows = inPositionOrder(unordered, (row) => Number(row.popularity_position));
  const columns: PeopleColumns = {
    id: Int32Array.from(rows, (row) => row.id),
    name: stringColumn(rows.map((row) => row.name)),
    profilePath: stringColumn(rows.map((row) => row.profile_path)),
    department: stringColumn(rows.map((row) => row.known_for_department)),
    byName: placesInOrder(rows, (row) => Number(row.name_position)),
  };
  return { columns, entries: rows.map((row) => ({ text: row.name, popularity: Number(row.popularity), voteCount: 0 })) };
}

/** Reads the whole public catalogue: five queries, whatever its size. */
export async function loadCatalogueReadModel(db: Kysely<Database>): Promise<CatalogueReadModel> {
  const [movies, shows, people, platforms] = await Promise.all([
    loadTitles(db, 'movie'),
    loadTitles(db, 'tv'),
    loadPeople(db),
    listPlatforms(db),
  ]);
  return new CatalogueReadModel({
    titles: { movie: movies.columns, tv: shows.columns },
    people: people.columns,
    platforms,
    titleSearch: searchIndexColumns([...movies.entries, ...shows.entries], true),
    peopleSearch: searchIndexColumns(people.entries, false),
  });
}

function configuredSnapshots(db: Kysely<Database>): SnapshotStore | null {
  const place = catalogueSnapshots();
  return place === 'off' ? null : place === 'database' ? databaseSnapshots(db) : directorySnapshots(place.dir);
}

/**
 * One database's read model, kept current: the first request waits for the load; later ones get the loaded model
 * at once while, at most once per `checkEveryMs`, one background check reloads it if the version moved, and no
 * sooner than the minimum reload interval after the last load.
 */
export class CatalogueCache {
  private loaded: { version: number; model: CatalogueReadModel } | null = null;
  private checkedAt = -Infinity;
  private reloadAllowedAt = -Infinity;
  private refreshing: Promise<CatalogueReadModel> | null = null;
  private snapshotWritten: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly checkEveryMs = VERSION_CHECK_MS,
    private readonly minReloadIntervalMs = MIN_RELOAD_INTERVAL_MS,
    /** Where snapshots of the catalogue are kept (catalogue-snapshot.ts); null for none. */
    private readonly snapshots: SnapshotStore | null = configuredSnapshots(db),
  ) {}

  model(): Promise<CatalogueReadModel> {
    const now = performance.now();
    if (this.loaded && (now - this.checkedAt < this.checkEveryMs || now < this.reloadAllowedAt)) return Promise.resolve(this.loaded.model);
    this.refreshing ??= this.refresh().finally(() => { this.refreshing = null; });
    if (!this.loaded) return this.refreshing;
    // A failed background check is retried by the next request; this one keeps the model it has.
    this.refreshing.catch(() => {});
    return Promise.resolve(this.loaded.model);
  }

  /** The model after any check, reload or snapshot under way. */
  async settled(): Promise<CatalogueReadModel> {
    await this.refreshing?.catch(() => {});
    await this.snapshotWritten;
    return this.model();
  }

  private async refresh(): Promise<CatalogueReadModel> {
    // The version before the data: data loaded after it is at least that new, so no change is missed.
    const stamp = await readCatalogueStamp(this.db);
    this.checkedAt = performance.now();
    if (this.loaded?.version !== stamp.version) {
      // Another process may have loaded this version already and kept it on disk.
      const snapshot = this.snapshots && await readCatalogueSnapshot(this.snapshots, stamp);
      const model = snapshot ? new CatalogueReadModel(snapshot) : await loadCatalogueReadModel(this.db);
      this.loaded = { version: stamp.version, model };
      this.reloadAllowedAt = performance.now() + this.minReloadIntervalMs;
      if (!snapshot && this.snapshots) this.snapshotWritten = writeCatalogueSnapshot(this.snapshots, stamp, model.columns);
    }
    return this.loaded.model;
  }
}

const caches = new WeakMap<Kysely<Database>, CatalogueCache>();

/** The process's cache of the database's read model. */
export function catalogueCache(db: Kysely<Database>): CatalogueCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new CatalogueCache(db)));
  return cache;
}

/** The current read model of the database (one per process and database). */
export function catalogueReadModel(db: Kysely<Database>): Promise<CatalogueReadModel> {
  return catalogueCache(db).model();
}
