/**
 * The public catalogue in memory: what /api/search and /api/catalog/{browse,people,platform} answer, loaded from
 * the database in a few bulk queries and answered without it. Public reads are the same for every visitor and
 * change only with the catalogue, so each process keeps one model per catalogue version (db/migrations/
 * 0005_catalogue_version.ts): it checks the version at most once a second and reloads once per change (at most
 * once per minimum reload interval), in the background, while requests keep the model they have. Orders come from
 * the database itself (row_number over the SQL sorts), so the answers are the ones browse.ts, people.ts and
 * platforms.ts would give.
 */
import { sql, type Kysely } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import { BROWSE_PAGE_SIZE, totalPagesFor, type BrowsePage, type BrowseSort } from './client/browse-params.ts';
import { sortSql } from './browse.ts';
import type { BrowseQuery } from './contract.ts';
import { titleCard, type TitleCard } from './client/cards.ts';
import { CARD_COLUMNS, titleKind } from './title-kinds.ts';
import { creditedInPublishedTitle, personCard } from './people.ts';
import { PEOPLE_PAGE_SIZE, type PeopleSort, type PersonCard } from './client/people-params.ts';
import { PLATFORM_TITLES_PER_PAGE, type Platform, type PlatformPage } from './client/platform-params.ts';
import { listPlatforms, platformPage } from './platforms.ts';
import { SearchIndex } from './search-index.ts';
import { readCatalogueVersion } from './catalogue-version.ts';
import type { PersonResult, SearchResults } from './client/search-results.ts';

export const SEARCH_TITLE_LIMIT = 40;
export const SEARCH_PEOPLE_LIMIT = 12;

/** How often a process asks whether the catalogue changed: a change shows within about this long. */
export const VERSION_CHECK_MS = 1000;

/**
 * Reloads are at least this far apart (after the last load ends): a load costs the whole catalogue however small
 * the change, so whatever bumps the version often (a bug, a crawler behind one) cannot keep a process reloading.
 */
export const MIN_RELOAD_INTERVAL_MS = 5000;

type TitleOrder = 'justAdded' | 'released' | 'rated' | 'popular';
const TITLE_ORDERS: Record<TitleOrder, BrowseSort | 'popular'> = {
  justAdded: 'just-added', released: 'newly-launched', rated: 'top-rated', popular: 'popular',
};

interface CatalogueTitle {
  card: TitleCard;
  /** Year of the release or first-air date, for the year filter. */
  year: number | null;
  genreIds: number[];
  platformIds: number[];
}

type TitleLists = Record<TitleOrder, CatalogueTitle[]>;

/** A search hit's fields, made for the few people a search returns rather than kept for every person. */
function personResult(card: PersonCard): PersonResult {
  return { id: card.id, name: card.name, slug: card.slug, profilePath: card.profilePath, knownForDepartment: card.department };
}

function hasAny(ids: number[], wanted: Set<number>): boolean {
  for (const id of ids) if (wanted.has(id)) return true;
  return false;
}

function byOrder<T>(value: (order: TitleOrder) => T): Record<TitleOrder, T> {
  return { justAdded: value('justAdded'), released: value('released'), rated: value('rated'), popular: value('popular') };
}

/** Each item's value at its 1-based position (row_number over all the rows: every position from 1 to n once). */
function byPosition<I, V>(items: I[], position: (item: I) => number, value: (item: I) => V): V[] {
  const ordered = new Array<V>(items.length);
  for (const item of items) ordered[position(item) - 1] = value(item);
  return ordered;
}

function listOf(sort: BrowseSort): TitleOrder {
  return sort === 'just-added' ? 'justAdded' : sort === 'top-rated' ? 'rated' : 'released';
}

export class CatalogueReadModel {
  private readonly titleSearch: SearchIndex<TitleCard>;
  private readonly peopleSearch: SearchIndex<PersonCard>;
  private readonly platforms: Map<number, Platform>;
  /** Each order's titles per genre: a one-genre browse (the usual one) walks only its genre. */
  private readonly byGenre: Record<ContentType, Record<TitleOrder, Map<number, CatalogueTitle[]>>>;

  constructor(
    private readonly titles: Record<ContentType, TitleLists>,
    private readonly people: Record<PeopleSort, PersonCard[]>,
    platforms: Platform[],
    titleSearch: SearchIndex<TitleCard>,
    peopleSearch: SearchIndex<PersonCard>,
  ) {
    this.platforms = new Map(platforms.map((platform) => [platform.id, platform]));
    const perGenre = (lists: TitleLists) => byOrder((order) => {
      const genres = new Map<number, CatalogueTitle[]>();
      for (const title of lists[order]) {
        for (const id of title.genreIds) {
          if (!genres.has(id)) genres.set(id, []);
          genres.get(id)!.push(title);
        }
      }
      return genres;
    });
    this.byGenre = { movie: perGenre(titles.movie), tv: perGenre(titles.tv) };
    this.titleSearch = titleSearch;
    this.peopleSearch = peopleSearch;
  }

  /** Same answer as browseTitles. */
  browse(query: BrowseQuery): BrowsePage<TitleCard> {
    const { type, genreIds = [], year = null, sort, page = 1, pageSize = BROWSE_PAGE_SIZE } = query;
    const genres = new Set(genreIds);
    const first = (page - 1) * pageSize;
    const items: TitleCard[] = [];
    let total = 0;
    const order = listOf(sort);
    const titles = genreIds.length === 1 ? this.byGenre[type][order].get(genreIds[0]!) ?? [] : this.titles[type][order];
    for (const title of titles) {
      if (year !== null && title.year !== year) continue;
      if (genres.size && !hasAny(title.genreIds, genres)) continue;
      if (total >= first && items.length < pageSize) items.push(title.card);
      total++;
    }
    return { items, page, totalPages: totalPagesFor(total, pageSize), total };
  }

  /** Same answer as listPeople. */
  listPeople(sort: PeopleSort, page: number): BrowsePage<PersonCard> {
    const all = this.people[sort];
    const items = all.slice((page - 1) * PEOPLE_PAGE_SIZE, page * PEOPLE_PAGE_SIZE);
    return { items, page, totalPages: totalPagesFor(all.length, PEOPLE_PAGE_SIZE), total: all.length };
  }

  /** Same answer as platformTitles: null for an unknown platform. */
  platformTitles(platformId: number, page: number): PlatformPage | null {
    const platform = this.platforms.get(platformId);
    if (!platform) return null;
    const onPlatform = (type: ContentType) => {
      const perPage = PLATFORM_TITLES_PER_PAGE[type];
      const titles = this.titles[type].popular.filter((title) => title.platformIds.includes(platformId));
      return { cards: titles.slice((page - 1) * perPage, page * perPage).map((title) => title.card), total: titles.length };
    };
    return platformPage(platform, page, { movie: onPlatform('movie'), tv: onPlatform('tv') });
  }

  /** Published movies and shows, and people credited in them, best match first (see search-index.ts). */
  search(query: string): SearchResults {
    return {
      titles: this.titleSearch.search(query, SEARCH_TITLE_LIMIT),
      people: this.peopleSearch.search(query, SEARCH_PEOPLE_LIMIT).map(personResult),
    };
  }
}

/** Published titles of a type with everything the read model needs, and their position in each order. */
async function loadTitles(db: Kysely<Database>, type: ContentType) {
  const { titles, genreLinks, providerLinks } = titleKind(type);
  const position = (order: BrowseSort | 'popular') => {
    const orderBy = order === 'popular' ? sql`titles.popularity desc, titles.id` : sortSql(order);
    return sql<number>`(row_number() over (order by ${orderBy}))::int`;
  };
  const rows = await db.selectFrom(titles).where('titles.is_published', '=', true)
    .select((eb) => [...CARD_COLUMNS, 'titles.popularity', 'titles.vote_count',
      sql<number[]>`array(${eb.selectFrom(genreLinks).select('genre_links.genre_id').whereRef('genre_links.title_id', '=', 'titles.id')})`
        .as('genre_ids'),
      sql<number[]>`array(${eb.selectFrom(providerLinks).select('provider_links.platform_id')
        .whereRef('provider_links.title_id', '=', 'titles.id')})`.as('platform_ids'),
      position(TITLE_ORDERS.justAdded).as('justAdded'), position(TITLE_ORDERS.released).as('released'),
      position(TITLE_ORDERS.rated).as('rated'), position(TITLE_ORDERS.popular).as('popular')])
    .execute();
  const loaded = rows.map((row) => {
    const card = titleCard(type, row);
    return {
      title: { card, year: card.year, genreIds: row.genre_ids.map(Number), platformIds: row.platform_ids.map(Number) },
      entry: { text: card.title, popularity: Number(row.popularity), voteCount: Number(row.vote_count), value: card },
      positions: byOrder((order) => Number(row[order])),
    };
  });
  const lists = byOrder((order) => byPosition(loaded, (t) => t.positions[order], (t) => t.title));
  return { lists, entries: loaded.map((t) => t.entry) };
}

async function loadPeople(db: Kysely<Database>) {
  const rows = await db.selectFrom('people').where(creditedInPublishedTitle)
    .select(['people.id', 'people.name', 'people.profile_path', 'people.known_for_department', 'people.popularity',
      sql<number>`(row_number() over (order by people.popularity desc, people.name, people.id))::int`.as('popularity_position'),
      sql<number>`(row_number() over (order by people.name, people.id))::int`.as('name_position')])
    .execute();
  const people = rows.map((row) => ({ row, card: personCard(row) }));
  const sorted = (key: 'popularity_position' | 'name_position') => byPosition(people, (p) => Number(p.row[key]), (p) => p.card);
  return {
    bySort: { popularity: sorted('popularity_position'), name: sorted('name_position') },
    entries: people.map(({ row, card }) => ({ text: row.name, popularity: Number(row.popularity), voteCount: 0, value: card })),
  };
}

/** Reads the whole public catalogue: five queries, whatever its size. */
export async function loadCatalogueReadModel(db: Kysely<Database>): Promise<CatalogueReadModel> {
  const [movies, shows, people, platforms] = await Promise.all([
    loadTitles(db, 'movie'),
    loadTitles(db, 'tv'),
    loadPeople(db),
    listPlatforms(db),
  ]);
  return new CatalogueReadModel(
    { movie: movies.lists, tv: shows.lists },
    people.bySort,
    platforms,
    new SearchIndex([...movies.entries, ...shows.entries], { joinAdjacentWords: true }),
    new SearchIndex(people.entries, { joinAdjacentWords: false }),
  );
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

  constructor(
    private readonly db: Kysely<Database>,
    private readonly checkEveryMs = VERSION_CHECK_MS,
    private readonly minReloadIntervalMs = MIN_RELOAD_INTERVAL_MS,
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

  /** The model after any check or reload under way. */
  async settled(): Promise<CatalogueReadModel> {
    await this.refreshing?.catch(() => {});
    return this.model();
  }

  private async refresh(): Promise<CatalogueReadModel> {
    // The version before the data: data loaded after it is at least that new, so no change is missed.
    const version = await readCatalogueVersion(this.db);
    this.checkedAt = performance.now();
    if (this.loaded?.version !== version) {
      this.loaded = { version, model: await loadCatalogueReadModel(this.db) };
      this.reloadAllowedAt = performance.now() + this.minReloadIntervalMs;
    }
    return this.loaded.model;
  }
}

const caches = new WeakMap<Kysely<Database>, CatalogueCache>();

/** The current read model of the database (one per process and database). */
export function catalogueReadModel(db: Kysely<Database>): Promise<CatalogueReadModel> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new CatalogueCache(db)));
  return cache.model();
}
