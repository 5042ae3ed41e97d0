/**
 * The movie, TV show and person pages: every published title and every person credited in one, at
 * `{prefix}/{slug}/{id}`. A stale slug redirects to the canonical URL; a missing or unpublished row gets the spec's
 * message (detail-fallback.ts). What each page shows is in its tags: the row itself, its genres, platforms and cast,
 * and every title it lists (including recommendations not published yet, so that publishing one reaches the page).
 */
import type { Kysely } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import { DETAIL_KINDS, resolveDetailFallback, type DetailKind } from '../page-loaders/detail-fallback.ts';
import { loadMoviePages, type MoviePage } from '../page-loaders/movie-page.ts';
import { anyOf } from '../catalog/any-of.ts';
import { creditedInPublishedTitle } from '../catalog/people.ts';
import { loadPersonPages, type PersonPage } from '../page-loaders/person-page.ts';
import { slugify } from '../titles/client/slug.ts';
import { titleKind } from '../titles/title-kinds.ts';
import type { TitlePageBase } from '../page-loaders/title-page-parts.ts';
import { loadTvPages, type TvPage } from '../page-loaders/tv-page.ts';
import { cardTags, pageTags, tileTags } from './page-tags.ts';
import { batchedLoad } from '../page-loaders/batched-load.ts';
import { page, preloaded, type CataloguePage, type PageAnswer } from './catalogue-page.ts';

type Db = Kysely<Database>;
type TitleParams = { slug: string; tmdbId: string };
type PersonParams = { slug: string; id: string };

/** A detail page kind: also loaded from the rest of any URL under its prefix (the on-demand [...fallback] routes). */
export interface DetailPage<P extends TitleParams | PersonParams, Props> extends CataloguePage<P, Props> {
  loadRest(db: Db, rest: string | undefined): Promise<PageAnswer<Props>>;
}

/** The published titles' params, or those of the titles with TMDB ids `only`. */
async function publishedTitleParams(db: Db, type: ContentType, only?: readonly number[]): Promise<TitleParams[]> {
  if (only?.length === 0) return [];
  const rows = await db.selectFrom(titleKind(type).titles).select(['titles.tmdb_id', 'titles.title'])
    .where('titles.is_published', '=', true).$if(only !== undefined, (query) => query.where('titles.tmdb_id', '=', anyOf(only!)))
    .orderBy('titles.tmdb_id').execute();
  return rows.map((row) => ({ slug: slugify(row.title), tmdbId: String(row.tmdb_id) }));
}

/** The params of every person credited in a published title, or of those with ids `only`. */
async function personParams(db: Db, only?: readonly number[]): Promise<PersonParams[]> {
  if (only?.length === 0) return [];
  const rows = await db.selectFrom('people').select(['id', 'name']).where(creditedInPublishedTitle)
    .$if(only !== undefined, (query) => query.where('id', '=', anyOf(only!))).orderBy('id').execute();
  return rows.map((row) => ({ slug: slugify(row.name), id: String(row.id) }));
}

/** A detail page from a URL's rest: the row's page, the redirect of a stale slug, or the kind's message. */
function detailPage<P extends TitleParams | PersonParams, Props>(kind: DetailKind, route: string,
  paths: (db: Db, only?: readonly number[]) => Promise<P[]>,
  idOf: (params: Partial<P>) => string | undefined, load: (db: Db, id: number) => Promise<PageAnswer<Props>>): DetailPage<P, Props> {
  const loadRest = async (db: Db, rest: string | undefined): Promise<PageAnswer<Props>> => {
    const outcome = await resolveDetailFallback(db, kind, rest);
    if (outcome.kind === 'redirect') return { kind: 'redirect', location: outcome.location };
    if (outcome.kind === 'error') return { kind: 'missing', message: outcome.message };
    return load(db, outcome.id);
  };
  return {
    route,
    pathSet: kind,
    paths: (db) => paths(db),
    pathsOf: paths,
    load: (db, params) => loadRest(db, `${params.slug ?? ''}/${idOf(params) ?? ''}`),
    loadRest,
  };
}

/** What a title page shows besides its own row: genres, platforms, cast, the cards it lists. */
function titleTags(type: ContentType, title: TitlePageBase): string[] {
  return [
    pageTags.title(type, title.tmdbId),
    ...title.genres.map((genre) => pageTags.genre(genre.id)),
    ...title.platforms.map((platform) => pageTags.platform(platform.id)),
    ...title.watch.offers.flatMap((offer) => offer.providers.map((provider) => pageTags.platform(provider.id))),
    ...title.cast.map((member) => pageTags.personCard(member.personId)),
    ...tileTags(title.moreLikeThis),
  ];
}

function movieTags(movie: MoviePage): string[] {
  return [
    ...titleTags('movie', movie),
    ...movie.recommendedTmdbIds.map((tmdbId) => pageTags.titleTile('movie', tmdbId)),
    ...(movie.collection ? [pageTags.collection(movie.collection.id), ...cardTags(movie.collection.parts)] : []),
  ];
}

function personTags(person: PersonPage): string[] {
  return [pageTags.person(person.id), ...tileTags(person.creditedTitles)];
}

const titleParams = (title: { slug: string; tmdbId: number }): TitleParams => ({ slug: title.slug, tmdbId: String(title.tmdbId) });

const loadMoviePage = batchedLoad(loadMoviePages, (movie) => movie.tmdbId);
const loadTvPage = batchedLoad(loadTvPages, (show) => show.tmdbId);
const loadPersonPage = batchedLoad((db, ids: number[]) => loadPersonPages(db, ids), (person) => person.id);

const movieAnswer = (movie: MoviePage | undefined) => (movie ? page({ movie }, movieTags(movie)) : { kind: 'missing' as const, message: DETAIL_KINDS.movie.notFoundMessage });
const movies = detailPage<TitleParams, { movie: MoviePage }>('movie', '/movie/[slug]/[tmdbId]', (db, only) => publishedTitleParams(db, 'movie', only),
  (params) => params.tmdbId, async (db, tmdbId) => movieAnswer(await loadMoviePage(db, tmdbId)));
export const moviePage = withLoadRest(preloaded(movies, async (db) =>
  (await loadMoviePages(db)).map((movie) => ({ params: titleParams(movie), answer: movieAnswer(movie) }))), movies);

const showAnswer = (show: TvPage | undefined) => (show ? page({ show }, titleTags('tv', show)) : { kind: 'missing' as const, message: DETAIL_KINDS.tv.notFoundMessage });
const shows = detailPage<TitleParams, { show: TvPage }>('tv', '/tv/[slug]/[tmdbId]', (db, only) => publishedTitleParams(db, 'tv', only),
  (params) => params.tmdbId, async (db, tmdbId) => showAnswer(await loadTvPage(db, tmdbId)));
export const tvPage = withLoadRest(preloaded(shows, async (db) =>
  (await loadTvPages(db)).map((show) => ({ params: titleParams(show), answer: showAnswer(show) }))), shows);

const personAnswer = (person: PersonPage | undefined) =>
  (person ? page({ person }, personTags(person)) : { kind: 'missing' as const, message: DETAIL_KINDS.person.notFoundMessage });
const people = detailPage<PersonParams, { person: PersonPage }>('person', '/people/[slug]/[id]', personParams, (params) => params.id,
  async (db, id) => personAnswer(await loadPersonPage(db, id)));
export const personPage = withLoadRest(preloaded(people, async (db) =>
  (await loadPersonPages(db)).map((person) => ({ params: { slug: person.slug, id: String(person.id) }, answer: personAnswer(person) }))), people);

/** A preloaded detail kind, which loads other URLs' rests as the kind itself does. */
function withLoadRest<P extends TitleParams | PersonParams, Props>(kind: CataloguePage<P, Props>, detail: DetailPage<P, Props>): DetailPage<P, Props> {
  return { ...kind, loadRest: detail.loadRest };
}
