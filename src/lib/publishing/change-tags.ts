/**
 * Which page tags (pages/page-tags.ts) a batch of catalogue changes (change-log.ts) names: the pages that may show something
 * else now. A title's changed columns say which of its facets changed (its own page, its cards, its tiles) and which
 * lists it may have entered, left or moved in; a rating or a popularity that crosses another credit of a person's
 * names that person's page (their Known For's order); its genres and platforms (looked up, and read from
 * the link rows the batch added or removed) say which lists. A draft that stays a draft names nothing but its own
 * page, which does not exist. A path set (pathsTag) is named only when the change may add a page to it: a page that goes
 * shows what went, so its own tags make it stale, and its render answers 404 or a redirect. The sitemap's parts are
 * listed again whenever a URL comes or goes: fewer URLs may fold every part back into one sitemap.xml.
 */
import type { Kysely } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import { anyOf } from '../catalog/any-of.ts';
import { forEachKind, titleKind } from '../titles/title-kinds.ts';
import { shownRating } from '../titles/client/cards.ts';
import { CONTENT_TYPES } from '../titles/client/content-types.ts';
import { groupBy } from '../page-loaders/title-page-parts.ts';
import { partOf, sitemapPartName, TITLE_SECTION, type SitemapPart } from '../page-loaders/sitemap.ts';
import { defaultRegion } from '../settings.ts';
import type { CatalogueChange } from './change-log.ts';
import {
  ANY_CARD, EVERYTHING, isCardTag, isScoredOrder, LIST_ORDERS, pageTags, pathsTag, rowPathsTag, scoreMoveTags,
  type ListOrder, type ListScope, type ScoredOrder,
} from '../pages/page-tags.ts';

type Db = Kysely<Database>;

const TITLE_TABLES: Record<string, ContentType> = { movies: 'movie', tv_shows: 'tv' };
const GENRE_LINKS: Record<string, ContentType> = { movie_genres: 'movie', tv_show_genres: 'tv' };
const PROVIDER_LINKS: Record<string, ContentType> = { movie_providers: 'movie', tv_show_providers: 'tv' };
const CREDIT_LINKS: Record<string, ContentType> = { movie_credits: 'movie', tv_show_credits: 'tv' };
const OWNER: Record<ContentType, 'movie_id' | 'tv_show_id'> = { movie: 'movie_id', tv: 'tv_show_id' };
/** Every region's watch providers of a title, keyed (content_type, title_id): its page shows the default region's. */
const WATCH_TABLES = new Set(['title_watch_providers', 'title_watch_regions']);

/** What a tile shows of a title (and whether it is published): both kinds' column names. */
const TILE_COLUMNS = new Set(['tmdb_id', 'title', 'name', 'poster_path', 'backdrop_path', 'release_date', 'first_air_date', 'is_published']);
/** What a card shows of a title: a tile and the rating. */
const CARD_COLUMNS = new Set([...TILE_COLUMNS, 'vote_average']);
/** What a person's Known For orders credits by, each compared as the page places it (person-page.ts). */
interface TitleOrder { column: 'vote_average' | 'popularity'; place: (value: unknown) => number | null }
const ORDERS: TitleOrder[] = [
  { column: 'vote_average', place: (value) => (typeof value === 'number' ? shownRating(value) : null) },
  { column: 'popularity', place: (value) => (typeof value === 'number' ? value : null) },
];
/** The lists a column orders or filters (the list heroes need a backdrop). */
const ORDERED_BY: Record<string, ListOrder> = {
  created_at: 'added', backdrop_path: 'added', release_date: 'date', first_air_date: 'date', vote_average: 'rating', popularity: 'popularity',
};
/** The logged column (db/migrations/0021_title_order_keys.ts) each scored list orders by. */
const SCORE_COLUMN: Record<ScoredOrder, string> = { rating: 'vote_average', popularity: 'popularity' };
/** A title's score by `order` as the log has it: undefined when the log does not have it. */
function scoreOf(keys: Record<string, unknown>, order: ListOrder): number | null | undefined {
  if (!isScoredOrder(order)) return undefined;
  const score = keys[SCORE_COLUMN[order]];
  return score === null ? null : typeof score === 'number' ? score : undefined;
}
/** What the sitemap shows of a title or a person besides whether it has a page: its URL and when it changed. */
const SITEMAP_COLUMNS = new Set(['title', 'name', 'updated_at', 'has_page']);
/** What a person's card shows. */
const PERSON_CARD_COLUMNS = new Set(['name', 'profile_path', 'known_for_department']);

/** A title of the batch, by kind and row id. */
interface TitleRef { type: ContentType; id: number }
const refKey = (ref: TitleRef) => `${ref.type}:${ref.id}`;
const watchedTitle = (keys: Record<string, unknown>): TitleRef => ({ type: keys.content_type === 'tv' ? 'tv' : 'movie', id: Number(keys.title_id) });

export async function tagsOfChanges(db: Db, changes: readonly CatalogueChange[]): Promise<Set<string>> {
  const tags = new Set<string>();
  if (changes.some((change) => change.op === 'T')) return new Set([EVERYTHING]);
  const titles = new TitleFacts(db);
  for (const change of changes) titles.note(change);
  await titles.load();

  for (const change of changes) {
    const keys = change.keys ?? {};
    const titleType = TITLE_TABLES[change.table];
    if (titleType) {
      titleChange(tags, titles, titleType, change);
      continue;
    }
    const linkType = GENRE_LINKS[change.table] ?? PROVIDER_LINKS[change.table] ?? CREDIT_LINKS[change.table];
    if (linkType) {
      const title = titles.get({ type: linkType, id: Number(keys[OWNER[linkType]]) });
      if (title) tags.add(pageTags.title(linkType, title.tmdbId));
      // Whether the person has a page at all is people.has_page's change (personChange).
      if (CREDIT_LINKS[change.table]) {
        tags.add(pageTags.person(Number(keys.person_id)));
        continue;
      }
      // Which platforms have a page depends on which titles they have (catalog/platforms.ts hasPlatformPage).
      if (PROVIDER_LINKS[change.table]) platformSetChanged(tags, change);
      if (!title?.published) continue;
      const scope: ListScope = GENRE_LINKS[change.table] ? `g${Number(keys.genre_id)}` : `pl${Number(keys.platform_id)}`;
      addLists(tags, linkType, [scope], LIST_ORDERS);
      if (GENRE_LINKS[change.table]) {
        sitemapShows(tags, { section: 'pages' }, true);
        if (adds(change)) for (const tag of [pathsTag('category'), pathsTag('home-rows')]) tags.add(tag);
      }
      continue;
    }
    if (WATCH_TABLES.has(change.table)) {
      const title = titles.get(watchedTitle(keys));
      if (title && keys.region === defaultRegion()) tags.add(pageTags.title(watchedTitle(keys).type, title.tmdbId));
      if (change.table === 'title_watch_providers') platformSetChanged(tags, change);
      continue;
    }
    switch (change.table) {
      case 'tv_show_episodes': {
        const show = titles.get({ type: 'tv', id: Number(keys.tv_show_id) });
        const before = change.oldKeys && titles.get({ type: 'tv', id: Number(change.oldKeys.tv_show_id) });
        for (const owner of [show, before]) if (owner) tags.add(pageTags.title('tv', owner.tmdbId));
        break;
      }
      case 'people':
        personChange(tags, change);
        break;
      case 'genres':
        tags.add(pageTags.genre(Number(keys.id)));
        sitemapShows(tags, { section: 'pages' }, change.op !== 'U');
        if (adds(change)) for (const tag of [pathsTag('category'), pathsTag('home-rows')]) tags.add(tag);
        break;
      case 'platforms':
        tags.add(pageTags.platform(Number(keys.id)));
        platformSetChanged(tags, change);
        break;
      case 'collections':
        tags.add(pageTags.collection(Number(keys.id)));
        sitemapShows(tags, partOf('franchises', Number(keys.id)), change.op !== 'U');
        if (adds(change)) tags.add(pathsTag('franchise'));
        break;
    }
  }
  for (const person of await titles.reorderedPeople()) tags.add(pageTags.person(person));
  if ([...tags].some(isCardTag)) tags.add(ANY_CARD);
  return tags;
}

/** Whether a row change may add a page: a row removed only takes pages away. */
const adds = (change: CatalogueChange) => change.op !== 'D';
/** Whether a title change may move it into or out of every list: its whole row, or whether (or as what) it is published. */
const changesMembership = (change: CatalogueChange) =>
  change.op !== 'U' || (change.columns ?? []).some((column) => column === 'is_published' || column === 'tmdb_id');

function titleChange(tags: Set<string>, titles: TitleFacts, type: ContentType, change: CatalogueChange): void {
  const now = change.keys ?? {};
  const before = change.oldKeys ?? (change.op === 'D' ? now : {});
  const published = (change.op !== 'D' && now.is_published === true) || before.is_published === true;
  const tmdbIds = new Set([Number(now.tmdb_id), Number(before.tmdb_id)].filter(Number.isFinite));
  for (const tmdbId of tmdbIds) {
    tags.add(pageTags.title(type, tmdbId));
    // A draft that stays one: no page shows it, and it is in no list.
    if (!published) continue;
    const columns = change.op === 'U' ? change.columns ?? [] : null;
    if (columns === null || columns.some((column) => TILE_COLUMNS.has(column))) tags.add(pageTags.titleTile(type, tmdbId));
    if (columns === null || columns.some((column) => CARD_COLUMNS.has(column))) tags.add(pageTags.titleCard(type, tmdbId));
  }
  if (!published) return;
  const columns = change.op === 'U' ? change.columns ?? [] : null;
  const collections = [now.collection_id, before.collection_id].filter((id) => typeof id === 'number') as number[];
  const membership = changesMembership(change);
  const scopes: ListScope[] = ['all', ...titles.scopesOf({ type, id: Number(now.id) })];
  if (membership) addLists(tags, type, scopes, LIST_ORDERS);
  else for (const order of new Set(columns!.flatMap((column) => ORDERED_BY[column] ?? []))) {
    const [from, to] = [scoreOf(before, order), scoreOf(now, order)];
    if (!isScoredOrder(order) || from === undefined || to === undefined) addLists(tags, type, scopes, [order]);
    else for (const scope of scopes) for (const tag of scoreMoveTags(type, scope, order, from, to)) tags.add(tag);
  }
  const renamed = columns !== null && columns.some((column) => column === 'title' || column === 'name');
  // Pages are added only where the title is published now: on publishing, its own page, its credited people's, and
  // every set its genres and collection put pages in; on a rename, its own page at the new slug.
  const publishedNow = adds(change) && now.is_published === true;
  if (publishedNow && (membership || renamed)) tags.add(rowPathsTag(type, Number(now.tmdb_id)));
  // Its people's pages: each person it gives a first page or takes the last one from is people.has_page's change.
  if (publishedNow && membership) for (const route of ['category', 'franchise', 'home-rows'] as const) tags.add(pathsTag(route));
  if (membership || columns!.includes('collection_id')) {
    for (const id of collections) {
      tags.add(pageTags.collection(id));
      sitemapShows(tags, partOf('franchises', id), true);
    }
    if (publishedNow) tags.add(pathsTag('franchise'));
  }
  if (membership || columns!.some((column) => SITEMAP_COLUMNS.has(column))) {
    for (const tmdbId of tmdbIds) sitemapShows(tags, partOf(TITLE_SECTION[type], tmdbId), membership);
  }
  // Its genres' category pages may come or go.
  if (membership) sitemapShows(tags, { section: 'pages' }, true);
}

/**
 * The sitemap lists the URL of a page of `part`: sitemap.xml and that part show it. A URL that comes or goes also
 * changes how many the sitemap holds, so its set of parts is listed again (one file or an index; a part's first URL).
 */
function sitemapShows(tags: Set<string>, part: SitemapPart, urlsChange: boolean): void {
  for (const tag of [pageTags.sitemap, pageTags.sitemapPart(sitemapPartName(part))]) tags.add(tag);
  if (urlsChange) tags.add(pathsTag('sitemap'));
}

/** The platforms with a page may be others: the picker on every platform page, their set of pages, the sitemap. */
function platformSetChanged(tags: Set<string>, change: CatalogueChange): void {
  tags.add(pageTags.platforms);
  sitemapShows(tags, { section: 'pages' }, true);
  if (adds(change)) tags.add(pathsTag('platform'));
}

function personChange(tags: Set<string>, change: CatalogueChange): void {
  const id = Number((change.keys ?? {}).id);
  tags.add(pageTags.person(id));
  const columns = change.op === 'U' ? change.columns ?? [] : null;
  if (columns === null || columns.some((column) => PERSON_CARD_COLUMNS.has(column))) tags.add(pageTags.personCard(id));
  // A new name, or a page that appears or goes (people.has_page: the person's first credit in a published title, or
  // their last one gone). A page may be added only where the person has one now.
  if (columns === null || columns.includes('name') || columns.includes('has_page')) {
    for (const tag of [pageTags.peopleList('name'), pageTags.peopleList('popularity')]) tags.add(tag);
    if (adds(change) && (change.keys ?? {}).has_page === true) tags.add(rowPathsTag('person', id));
  }
  if (columns?.includes('popularity')) tags.add(pageTags.peopleList('popularity'));
  if (columns === null || columns.some((column) => SITEMAP_COLUMNS.has(column))) {
    sitemapShows(tags, partOf('people', id), columns === null || columns.includes('has_page'));
  }
}

function addLists(tags: Set<string>, type: ContentType, scopes: readonly ListScope[], orders: readonly ListOrder[]): void {
  for (const scope of scopes) for (const order of orders) tags.add(pageTags.titleList(type, scope, order));
}

/**
 * The batch's titles as a page knows them (TMDB id, published) and the genres and platforms that place them in
 * lists: read from the batch's own rows first (a deleted title is only there), then looked up in one query per table.
 */
class TitleFacts {
  readonly #db: Db;
  readonly #facts = new Map<string, { tmdbId: number; published: boolean }>();
  readonly #scopes = new Map<string, Set<ListScope>>();
  readonly #wanted = new Map<string, TitleRef>();
  /** Published titles whose rating or popularity moved, with the old and new values of each of the batch's updates. */
  readonly #moves = new Map<string, { ref: TitleRef; steps: { old: Record<string, unknown>; now: Record<string, unknown>; orders: TitleOrder[] }[] }>();

  constructor(db: Db) {
    this.#db = db;
  }

  note(change: CatalogueChange): void {
    const type = TITLE_TABLES[change.table];
    const keys = change.keys ?? {};
    if (type) {
      const ref = { type, id: Number(keys.id) };
      this.#facts.set(refKey(ref), { tmdbId: Number(keys.tmdb_id), published: keys.is_published === true || change.oldKeys?.is_published === true });
      if (change.op === 'U') this.#wanted.set(refKey(ref), ref);
      if (change.op === 'U' && keys.is_published === true && change.oldKeys?.is_published === true) this.#noteMove(ref, change);
      return;
    }
    const linkType = GENRE_LINKS[change.table] ?? PROVIDER_LINKS[change.table] ?? CREDIT_LINKS[change.table];
    if (linkType) {
      const ref = { type: linkType, id: Number(keys[OWNER[linkType]]) };
      this.#wanted.set(refKey(ref), ref);
      if (GENRE_LINKS[change.table]) this.#addScope(ref, `g${Number(keys.genre_id)}`);
      if (PROVIDER_LINKS[change.table]) this.#addScope(ref, `pl${Number(keys.platform_id)}`);
      return;
    }
    if (WATCH_TABLES.has(change.table)) {
      const ref = watchedTitle(keys);
      this.#wanted.set(refKey(ref), ref);
      return;
    }
    if (change.table === 'tv_show_episodes') {
      for (const owner of [keys.tv_show_id, change.oldKeys?.tv_show_id]) {
        if (owner !== undefined) this.#wanted.set(refKey({ type: 'tv', id: Number(owner) }), { type: 'tv', id: Number(owner) });
      }
    }
  }

  get(ref: TitleRef) {
    return this.#facts.get(refKey(ref));
  }

  /** A published title's rating or popularity that moved: each person's Known For orders their credits by both. */
  #noteMove(ref: TitleRef, change: CatalogueChange): void {
    const orders = ORDERS.filter(({ column, place }) =>
      change.columns?.includes(column) && place(change.oldKeys?.[column]) !== place(change.keys?.[column]));
    if (orders.length === 0) return;
    const move = this.#moves.get(refKey(ref)) ?? { ref, steps: [] };
    move.steps.push({ old: change.oldKeys ?? {}, now: change.keys ?? {}, orders });
    this.#moves.set(refKey(ref), move);
  }

  /**
   * The people whose Known For's order the batch's moves changed: a credit's place by an order changes when its
   * value crosses or meets another credit's (old or new), or comes from or goes to none.
   */
  async reorderedPeople(): Promise<number[]> {
    if (this.#moves.size === 0) return [];
    const movedCredits = await forEachKind(async (type) => {
      const ids = [...this.#moves.values()].filter(({ ref }) => ref.type === type).map(({ ref }) => ref.id);
      if (ids.length === 0) return [];
      const { creditLinks } = titleKind(type);
      return this.#db.selectFrom(creditLinks).select('credit_links.person_id').where('credit_links.title_id', '=', anyOf(ids)).execute();
    });
    const people = [...new Set(CONTENT_TYPES.flatMap((type) => movedCredits[type].map((credit) => credit.person_id)))];
    if (people.length === 0) return [];
    const credits = await forEachKind((type) => {
      const { creditLinks, titles } = titleKind(type);
      return this.#db.selectFrom(creditLinks).innerJoin(titles, 'titles.id', 'credit_links.title_id')
        .select(['credit_links.person_id', 'titles.id', 'titles.vote_average', 'titles.popularity'])
        .where('credit_links.person_id', '=', anyOf(people)).where('titles.is_published', '=', true).execute();
    });
    // Each published credit of those people, with its title's values: a moved title's every old and new one.
    const byPerson = groupBy(CONTENT_TYPES.flatMap((type) => credits[type].map((credit) => {
      const key = refKey({ type, id: credit.id });
      const move = this.#moves.get(key);
      return { person: credit.person_id, key, move, values: move ? move.steps.flatMap((step) => [step.old, step.now]) : [credit] };
    })), (credit) => credit.person);
    return [...byPerson].filter(([, personCredits]) => personCredits.some(({ key, move }) =>
      move?.steps.some((step) => step.orders.some(({ column, place }) => {
        const [from, to] = [place(step.old[column]), place(step.now[column])];
        if (from === null || to === null) return true;
        const [low, high] = from < to ? [from, to] : [to, from];
        return personCredits.some((other) => other.key !== key && other.values.some((values) => {
          const value = place(values[column]);
          return value !== null && value >= low && value <= high;
        }));
      })))).map(([person]) => person);
  }

  scopesOf(ref: TitleRef): ListScope[] {
    return [...(this.#scopes.get(refKey(ref)) ?? [])];
  }

  async load(): Promise<void> {
    for (const type of ['movie', 'tv'] as const) {
      const ids = [...this.#wanted.values()].filter((ref) => ref.type === type).map((ref) => ref.id);
      if (ids.length === 0) continue;
      const { titles, genreLinks, providerLinks } = titleKind(type);
      const [rows, genres, platforms] = await Promise.all([
        this.#db.selectFrom(titles).select(['titles.id', 'titles.tmdb_id', 'titles.is_published']).where('titles.id', '=', anyOf(ids)).execute(),
        this.#db.selectFrom(genreLinks).select(['genre_links.title_id', 'genre_links.genre_id']).where('genre_links.title_id', '=', anyOf(ids)).execute(),
        this.#db.selectFrom(providerLinks).select(['provider_links.title_id', 'provider_links.platform_id'])
          .where('provider_links.title_id', '=', anyOf(ids)).execute(),
      ]);
      for (const row of rows) {
        const key = refKey({ type, id: row.id });
        const known = this.#facts.get(key);
        this.#facts.set(key, { tmdbId: known?.tmdbId ?? row.tmdb_id, published: (known?.published ?? false) || row.is_published });
      }
      for (const row of genres) this.#addScope({ type, id: row.title_id }, `g${row.genre_id}`);
      for (const row of platforms) this.#addScope({ type, id: row.title_id }, `pl${row.platform_id}`);
    }
  }

  #addScope(ref: TitleRef, scope: ListScope): void {
    const key = refKey(ref);
    const scopes = this.#scopes.get(key) ?? new Set<ListScope>();
    scopes.add(scope);
    this.#scopes.set(key, scopes);
  }
}
