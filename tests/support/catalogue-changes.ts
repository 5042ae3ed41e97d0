/**
 * Every kind of change a catalogue goes through, generated with fast-check and applied as its writer applies it: the
 * admin's functions (publish, links, trailer, episodes, restore), plain SQL (renames, credits, franchises, platforms,
 * TMDB's rating and popularity as an import or the sync writes them) and a visitor's traffic (ratings, views). A change
 * names the rows it touches by a number, taken modulo what exists when it is applied.
 */
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import type { ContentType, Database } from '../../db/schema.ts';
import { deleteEpisode, updateEpisode } from '../../src/lib/admin/episodes.ts';
import { deleteTitles, setPublished, updateMovieLinks, updateShow } from '../../src/lib/admin/titles.ts';
import { recordView } from '../../src/lib/analytics/events.ts';
import { restoreBackup } from '../../src/lib/backup/restore.ts';
import type { Backup } from '../../src/lib/backup/backup.ts';
import { rateTitle } from '../../src/lib/ratings/ratings.ts';

type Db = Kysely<Database>;
const TYPES: ContentType[] = ['movie', 'tv'];
const type = fc.constantFrom<ContentType>(...TYPES);
const pick = fc.nat();
const name = fc.stringMatching(/^[A-Z][a-z]{2,8}( [A-Z][a-z]{2,8})?$/);

export type CatalogueChange =
  | { kind: 'add-title'; type: ContentType; published: boolean; pick: number; title: string }
  | { kind: 'publish' | 'unpublish' | 'delete'; type: ContentType; pick: number }
  | { kind: 'links'; pick: number; link: string | null }
  | { kind: 'trailer'; pick: number; key: string | null }
  | { kind: 'episode-rename' | 'episode-delete' | 'episode-renumber'; pick: number; name: string }
  | { kind: 'rename-title' | 'rename-person' | 'rename-genre' | 'rename-platform'; type: ContentType; pick: number; name: string }
  | { kind: 'credit-add' | 'credit-remove'; type: ContentType; pick: number; person: number }
  | { kind: 'genre-add' | 'genre-remove'; type: ContentType; pick: number; genre: number }
  | { kind: 'first-franchise' | 'last-platform'; type: ContentType; pick: number }
  | { kind: 'tmdb-refresh'; type: ContentType; pick: number; vote: number; popularity: number; backdrop: boolean }
  | { kind: 'rating' | 'view'; type: ContentType; pick: number; rating: number }
  | { kind: 'restore' };

export const catalogueChange: fc.Arbitrary<CatalogueChange> = fc.oneof(
  fc.record({ kind: fc.constant('add-title' as const), type, published: fc.boolean(), pick, title: name }),
  fc.record({ kind: fc.constantFrom('publish' as const, 'unpublish' as const, 'delete' as const), type, pick }),
  fc.record({ kind: fc.constant('links' as const), pick, link: fc.option(fc.webUrl({ validSchemes: ['https'] }), { nil: null }) }),
  fc.record({ kind: fc.constant('trailer' as const), pick, key: fc.option(fc.stringMatching(/^[A-Za-z0-9_-]{11}$/), { nil: null }) }),
  fc.record({ kind: fc.constantFrom('episode-rename' as const, 'episode-delete' as const, 'episode-renumber' as const), pick, name }),
  fc.record({ kind: fc.constantFrom('rename-title' as const, 'rename-person' as const, 'rename-genre' as const, 'rename-platform' as const), type, pick, name }),
  fc.record({ kind: fc.constantFrom('credit-add' as const, 'credit-remove' as const), type, pick, person: pick }),
  fc.record({ kind: fc.constantFrom('genre-add' as const, 'genre-remove' as const), type, pick, genre: pick }),
  fc.record({ kind: fc.constantFrom('first-franchise' as const, 'last-platform' as const), type, pick }),
  fc.record({ kind: fc.constant('tmdb-refresh' as const), type, pick, vote: fc.integer({ min: 0, max: 100 }), popularity: fc.integer({ min: 0, max: 1000 }), backdrop: fc.boolean() }),
  fc.record({ kind: fc.constantFrom('rating' as const, 'view' as const), type, pick, rating: fc.integer({ min: 1, max: 5 }) }),
  fc.constant({ kind: 'restore' as const }),
);

/** The row at `index` (modulo) of `rows`, or undefined when there are none. */
const at = <T>(rows: T[], index: number): T | undefined => rows[index % Math.max(rows.length, 1)];
const titleTable = (t: ContentType) => (t === 'movie' ? 'movies' : 'tv_shows');
const links = { movie: { table: 'movie_credits', owner: 'movie_id' }, tv: { table: 'tv_show_credits', owner: 'tv_show_id' } } as const;

async function titles(db: Db, t: ContentType, published?: boolean) {
  return db.selectFrom(titleTable(t)).select(['id', 'tmdb_id']).$if(published !== undefined, (q) => q.where('is_published', '=', published!))
    .orderBy('id').execute();
}

/** Applies `change` (nothing, when it names no row that exists); a restore puts back `backup`, ratings are `userId`'s. */
export async function applyChange(db: Db, change: CatalogueChange, context: { backup: Backup; userId: string }): Promise<void> {
  switch (change.kind) {
    case 'add-title': {
      const genre = at(await db.selectFrom('genres').select('id').orderBy('id').execute(), change.pick);
      const person = at(await db.selectFrom('people').select('id').orderBy('id').execute(), change.pick);
      const tmdbId = 5_000_000 + (await db.selectFrom(titleTable(change.type)).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n
        + change.pick % 1000 * 1000;
      await db.transaction().execute(async (trx) => {
        const values = { tmdb_id: tmdbId, is_published: change.published, overview: 'Added by the publishing test.', vote_average: 6 };
        const row = change.type === 'movie'
          ? await trx.insertInto('movies').values({ ...values, title: change.title, release_date: '2020-02-02' }).onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst()
          : await trx.insertInto('tv_shows').values({ ...values, name: change.title, first_air_date: '2020-02-02' }).onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst();
        if (!row) return;
        if (genre) {
          if (change.type === 'movie') await trx.insertInto('movie_genres').values({ movie_id: row.id, genre_id: genre.id }).execute();
          else await trx.insertInto('tv_show_genres').values({ tv_show_id: row.id, genre_id: genre.id }).execute();
        }
        if (person) {
          if (change.type === 'movie') await trx.insertInto('movie_credits').values({ movie_id: row.id, person_id: person.id, credit_order: 0, character_name: 'Lead' }).execute();
          else await trx.insertInto('tv_show_credits').values({ tv_show_id: row.id, person_id: person.id, credit_order: 0, character_name: 'Lead' }).execute();
        }
      });
      return;
    }
    case 'publish':
    case 'unpublish':
    case 'delete': {
      const title = at(await titles(db, change.type, change.kind === 'publish' ? false : change.kind === 'unpublish' ? true : undefined), change.pick);
      if (!title) return;
      if (change.kind === 'delete') await deleteTitles(db, change.type, [title.id]);
      else await setPublished(db, change.type, [title.id], change.kind === 'publish');
      return;
    }
    case 'links': {
      const movie = at(await titles(db, 'movie'), change.pick);
      if (movie) await updateMovieLinks(db, movie.id, { streamUrl: change.link, downloadUrl: null });
      return;
    }
    case 'trailer': {
      const show = at(await titles(db, 'tv'), change.pick);
      if (show) await updateShow(db, { id: show.id, trailerKey: change.key });
      return;
    }
    case 'episode-rename':
    case 'episode-delete':
    case 'episode-renumber': {
      const episode = at(await db.selectFrom('tv_show_episodes').select(['id', 'tv_show_id', 'season_number', 'episode_number', 'name', 'overview', 'tmdb_id', 'stream_url', 'download_url'])
        .orderBy('id').execute(), change.pick);
      if (!episode) return;
      if (change.kind === 'episode-delete') {
        await deleteEpisode(db, episode.id);
        return;
      }
      const last = await db.selectFrom('tv_show_episodes').select((eb) => eb.fn.max('episode_number').as('n'))
        .where('tv_show_id', '=', episode.tv_show_id).where('season_number', '=', episode.season_number).executeTakeFirstOrThrow();
      await updateEpisode(db, episode.id, {
        name: change.kind === 'episode-rename' ? change.name : episode.name, overview: episode.overview, tmdbId: episode.tmdb_id,
        episodeNumber: change.kind === 'episode-renumber' ? Number(last.n) + 1 : episode.episode_number,
        streamUrl: episode.stream_url, downloadUrl: episode.download_url,
      });
      return;
    }
    case 'rename-title': {
      const title = at(await titles(db, change.type), change.pick);
      if (!title) return;
      if (change.type === 'movie') await db.updateTable('movies').set({ title: change.name }).where('id', '=', title.id).execute();
      else await db.updateTable('tv_shows').set({ name: change.name }).where('id', '=', title.id).execute();
      return;
    }
    case 'rename-person':
    case 'rename-genre':
    case 'rename-platform': {
      const table = change.kind === 'rename-person' ? 'people' : change.kind === 'rename-genre' ? 'genres' : 'platforms';
      const row = at(await db.selectFrom(table).select('id').orderBy('id').execute(), change.pick);
      if (row) await db.updateTable(table).set({ name: change.name }).where('id', '=', row.id).execute();
      return;
    }
    case 'credit-add':
    case 'credit-remove': {
      const { table, owner } = links[change.type];
      if (change.kind === 'credit-remove') {
        const { rows } = await sql<{ title_id: number; person_id: number }>`select ${sql.ref(owner)} as title_id, person_id from ${sql.table(table)}
          order by 1, 2`.execute(db);
        const credit = at(rows, change.pick);
        if (credit) await sql`delete from ${sql.table(table)} where ${sql.ref(owner)} = ${credit.title_id} and person_id = ${credit.person_id}`.execute(db);
        return;
      }
      const title = at(await titles(db, change.type), change.pick);
      const person = at(await db.selectFrom('people').select('id').orderBy('id').execute(), change.person);
      if (title && person) {
        await sql`insert into ${sql.table(table)} (${sql.ref(owner)}, person_id, credit_order, character_name)
          values (${title.id}, ${person.id}, 99, 'Cameo') on conflict do nothing`.execute(db);
      }
      return;
    }
    case 'genre-add':
    case 'genre-remove': {
      const table = change.type === 'movie' ? 'movie_genres' : 'tv_show_genres';
      const owner = change.type === 'movie' ? 'movie_id' : 'tv_show_id';
      const title = at(await titles(db, change.type), change.pick);
      const genre = at(await db.selectFrom('genres').select('id').orderBy('id').execute(), change.genre);
      if (!title || !genre) return;
      if (change.kind === 'genre-add') await sql`insert into ${sql.table(table)} (${sql.ref(owner)}, genre_id) values (${title.id}, ${genre.id}) on conflict do nothing`.execute(db);
      else await sql`delete from ${sql.table(table)} where ${sql.ref(owner)} = ${title.id}`.execute(db);
      return;
    }
    case 'first-franchise': {
      // A new collection, its first movie a published one.
      const movie = at(await titles(db, 'movie', true), change.pick);
      if (!movie) return;
      const id = 8_000_000 + change.pick % 100_000;
      await db.insertInto('collections').values({ id, name: `Saga ${id}`, overview: null, poster_path: null, backdrop_path: null })
        .onConflict((oc) => oc.doNothing()).execute();
      await db.updateTable('movies').set({ collection_id: id }).where('id', '=', movie.id).execute();
      return;
    }
    case 'last-platform': {
      const table = change.type === 'movie' ? 'movie_providers' : 'tv_show_providers';
      const owner = change.type === 'movie' ? 'movie_id' : 'tv_show_id';
      const title = at(await titles(db, change.type), change.pick);
      if (title) await sql`delete from ${sql.table(table)} where ${sql.ref(owner)} = ${title.id}`.execute(db);
      return;
    }
    case 'tmdb-refresh': {
      const title = at(await titles(db, change.type), change.pick);
      if (!title) return;
      const values = { vote_average: change.vote / 10, popularity: change.popularity, backdrop_path: change.backdrop ? `/art/backdrop/x${change.pick}.svg` : null };
      await db.updateTable(titleTable(change.type)).set(values).where('id', '=', title.id).execute();
      return;
    }
    case 'rating':
    case 'view': {
      const title = at(await titles(db, change.type, true), change.pick);
      if (!title) return;
      if (change.kind === 'rating') await rateTitle(db, context.userId, { type: change.type, tmdbId: title.tmdb_id, rating: change.rating });
      else await recordView(db, { type: change.type, tmdbId: title.tmdb_id }, { clientIp: `10.9.${change.pick % 250}.1`, country: 'FR', deviceType: 'desktop' });
      return;
    }
    case 'restore':
      await restoreBackup(db, context.backup, 'replace');
      return;
  }
}

/** Whether a sequence only counts views and ratings: traffic, which no page shows. */
export const isTrafficOnly = (changes: CatalogueChange[]) => changes.every((change) => change.kind === 'rating' || change.kind === 'view');


