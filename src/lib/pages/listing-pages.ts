/**
 * The list pages: a genre's category page, a franchise, a platform, /platforms, /movies and /tv-shows, /people.
 * Each shows the first page of its list (the island pages on through the API) and is tagged with that list, in the
 * order it shows it, and the cards on it: a title entering, leaving or moving in the list, or a card changing, reaches
 * the page.
 */
import type { Kysely } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import { browseTitles, categoryHref, genresWithTitles, genreTotals, newestWithBackdrop, type ListHero } from '../catalog/browse.ts';
import { collectionsWithPublishedMovies, loadFranchisePages, type FranchisePage } from '../catalog/browse-franchises.ts';
import { listPeople } from '../catalog/people.ts';
import { listPlatforms, platformPageWithFloors, platformTotals } from '../catalog/platforms.ts';
import type { BrowsePage } from '../catalog/client/browse-params.ts';
import type { TitleCard } from '../titles/client/cards.ts';
import type { PersonCard } from '../catalog/client/people-params.ts';
import { platformHref, type Platform, type PlatformPage } from '../catalog/client/platform-params.ts';
import { slugify } from '../titles/client/slug.ts';
import { cardTags, pageTags, scoredListTags } from './page-tags.ts';
import { missing, page, type CataloguePage } from './catalogue-page.ts';
import { batchedLoad, batchedRead } from '../page-loaders/batched-load.ts';

type Db = Kysely<Database>;

/** A page at `canonical` asked for under another slug goes there; nothing else differs between the two. */
const redirectUnless = (canonical: string, asked: string) => (canonical === asked ? null : { kind: 'redirect' as const, location: canonical });

export interface CategoryPage { type: ContentType; genreId: number; name: string; firstPage: BrowsePage<TitleCard> }

/**
 * Each genre's count of published titles of a kind, read once for the category pages rendered together (a sync renews
 * most of them): each count joins every published title of the kind.
 */
const readGenreTotals = {
  movie: batchedLoad((db, ids: number[]) => genreTotals(db, 'movie', ids), (row) => row.genreId),
  tv: batchedLoad((db, ids: number[]) => genreTotals(db, 'tv', ids), (row) => row.genreId),
};

/** A genre's movies or shows: every genre with published titles of the type, sorted Newest. */
export const categoryPage: CataloguePage<{ type: string; genreId: string; slug: string }, { category: CategoryPage }> = {
  route: '/category/[type]/[genreId]/[slug]',
  pathSet: 'category',
  async paths(db) {
    const perType = await Promise.all((['movie', 'tv'] as const).map(async (type) =>
      (await genresWithTitles(db, type)).map((genre) => ({ type, genreId: String(genre.id), slug: slugify(genre.name) }))));
    return perType.flat();
  },
  async load(db, params) {
    if (params.type !== 'movie' && params.type !== 'tv') return missing;
    const type: ContentType = params.type;
    const genreId = Number(params.genreId);
    const slug = params.slug ?? '';
    const genre = Number.isSafeInteger(genreId) ? await db.selectFrom('genres').select(['id', 'name']).where('id', '=', genreId).executeTakeFirst() : undefined;
    if (!genre) return missing;
    // Counted only once the genre is known: an id from a URL that Postgres refuses would fail the whole shared batch.
    const total = (await readGenreTotals[type](db, genre.id))!.total;
    if (total === 0) return missing;
    const firstPage = await browseTitles(db, { type, genreIds: [genre.id], sort: 'newest' }, total);
    return redirectUnless(categoryHref(type, genre.id, genre.name), categoryHref(type, genreId, slug))
      ?? page({ category: { type, genreId: genre.id, name: genre.name, firstPage } },
        [pageTags.genre(genre.id), pageTags.titleList(type, `g${genre.id}`, 'date'), ...cardTags(firstPage.items)]);
  },
};

/** A franchise (collection) with its published movies in release order: every collection that has any. */
export const franchisePage: CataloguePage<{ id: string; slug: string }, { franchise: FranchisePage }> = {
  route: '/franchise/[id]/[slug]',
  pathSet: 'franchise',
  async paths(db) {
    const rows = await collectionsWithPublishedMovies(db).select(['collections.id', 'collections.name']).orderBy('collections.id').execute();
    return rows.map((row) => ({ id: String(row.id), slug: slugify(row.name) }));
  },
  async load(db, params) {
    const id = Number(params.id);
    const [franchise] = Number.isSafeInteger(id) ? await loadFranchisePages(db, [id]) : [];
    if (!franchise) return missing;
    return redirectUnless(`/franchise/${franchise.id}/${franchise.slug}`, `/franchise/${id}/${params.slug ?? ''}`)
      ?? page({ franchise }, [pageTags.collection(franchise.id), ...cardTags(franchise.movies)]);
  },
};

export interface PlatformPageProps { platforms: Platform[]; initial: PlatformPage | null }

/**
 * The platforms, and each platform's counts, read once for the platform pages rendered together (the publisher renews
 * every platform's page when titles are added): each count joins every published title of its kind.
 */
const readPlatforms = batchedRead(listPlatforms);
const readPlatformTotals = batchedLoad(platformTotals, (row) => row.platformId);

/** The platform picker and a platform's first page: what /platforms and each /platforms/{id}/{slug} show. */
async function platformProps(db: Db, platforms: Platform[], shown: Platform | undefined) {
  const first = shown ? await platformPageWithFloors(db, shown.id, 1, null, (await readPlatformTotals(db, shown.id))!.totals) : null;
  const tags = [pageTags.platforms, ...(first ? [pageTags.platform(first.page.platform.id), ...cardTags(first.page.items),
    ...(['movie', 'tv'] as const).flatMap((type) => scoredListTags(type, `pl${first.page.platform.id}`, 'popularity', first.popularityFloors[type]))] : [])];
  return page<PlatformPageProps>({ platforms, initial: first?.page ?? null }, tags);
}

export const platformPage: CataloguePage<{ id: string; slug: string }, PlatformPageProps> = {
  route: '/platforms/[id]/[slug]',
  pathSet: 'platform',
  async paths(db) {
    return (await readPlatforms(db)).map((platform) => ({ id: String(platform.id), slug: slugify(platform.name) }));
  },
  async load(db, params) {
    const platforms = await readPlatforms(db);
    const shown = platforms.find((platform) => String(platform.id) === params.id);
    if (!shown) return missing;
    return redirectUnless(platformHref(shown), `/platforms/${params.id}/${params.slug ?? ''}`) ?? platformProps(db, platforms, shown);
  },
};

/** /platforms: the picker and the first platform's first page. */
export const platformsPage: CataloguePage<Record<string, never>, PlatformPageProps> = {
  route: '/platforms',
  paths: async () => [{}],
  async load(db) {
    const platforms = await readPlatforms(db);
    return platformProps(db, platforms, platforms[0]);
  },
};

export interface KindListProps { hero: ListHero | null; firstPage: BrowsePage<TitleCard> }

/** /movies or /tv-shows: the newest title with a backdrop and the first page, Just Added, no filters. */
function kindListPage(type: ContentType, route: string): CataloguePage<Record<string, never>, KindListProps> {
  return {
    route,
    paths: async () => [{}],
    async load(db) {
      const [hero, firstPage] = await Promise.all([newestWithBackdrop(db, type), browseTitles(db, { type, sort: 'just-added' })]);
      return page({ hero, firstPage }, [pageTags.titleList(type, 'all', 'added'), ...cardTags(hero ? [hero, ...firstPage.items] : firstPage.items)]);
    },
  };
}

export const moviesPage = kindListPage('movie', '/movies');
export const tvShowsPage = kindListPage('tv', '/tv-shows');

/** /people: the first page by popularity. */
export const peoplePage: CataloguePage<Record<string, never>, { firstPage: BrowsePage<PersonCard> }> = {
  route: '/people',
  paths: async () => [{}],
  async load(db) {
    const firstPage = await listPeople(db, 'popularity', 1);
    return page({ firstPage }, [pageTags.peopleList('popularity'), ...firstPage.items.map((person) => pageTags.personCard(person.id))]);
  },
};
