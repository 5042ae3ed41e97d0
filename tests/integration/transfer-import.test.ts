/**
 * Importing Letterboxd and Trakt exports through POST /api/me/import: where each entry goes, the rating rule, matching
 * by TMDB id or by title and year (published titles only; several matches are not guessed), the report, bad lines
 * skipped while good ones are written, refused files changing nothing, and a second import changing nothing.
 */
import { strToU8, zipSync } from 'fflate';
import type { Kysely } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema.ts';
import type { SessionUser } from '../../src/lib/accounts/contract.ts';
import type { ImportEntry, ImportReport } from '../../src/lib/transfer/contract.ts';
import { NOT_AN_EXPORT } from '../../src/lib/transfer/read-file.ts';
import { describeEachEngine } from '../support/engines.ts';
import { insertMovie, insertShow } from '../support/catalogue-fixtures.ts';
import { insertUser } from '../support/personal-fixtures.ts';
import { postImport, userRows } from '../support/transfer-fixtures.ts';

let currentDb: Kysely<Database>;
vi.mock('../../src/lib/db.ts', () => ({ getDb: async () => currentDb }));

const LETTERBOXD = {
  'ratings.csv': 'Date,Name,Year,Letterboxd URI,Rating\n2024-01-02,Heat Wave,1995,https://boxd.it/a,3.5\n'
    + '2024-01-03,Quiet Town,2001,https://boxd.it/b,0.5\n2024-01-04,Twin Peaks Road,2010,,4\n2024-01-05,Nowhere Film,1999,,5\n'
    + '2024-01-06,Heat Wave,1995,,6\n',
  'watchlist.csv': 'Date,Name,Year,Letterboxd URI\n2024-02-01,Quiet Town,2001,\n2024-02-02,Draft Picture,2020,\n',
  'watched.csv': 'Date,Name,Year,Letterboxd URI\n2023-05-01,Heat Wave,1995,\n2023-13-01,Quiet Town,2001,\n',
  'diary.csv': 'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n2024-03-10,Heat Wave,1995,,4.5,Yes,,2024-03-09\n',
};

describeEachEngine('importing a history', (getDb) => {
  let alice: SessionUser;
  let bob: SessionUser;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    currentDb = getDb();
    alice = await insertUser(currentDb, 'import-alice@example.com');
    bob = await insertUser(currentDb, 'import-bob@example.com');
    ids.heat = (await insertMovie(currentDb, { title: 'Heat  wave', release_date: '1995-12-15' })).tmdb_id;
    ids.quiet = (await insertMovie(currentDb, { title: 'Quiet Town', release_date: '2001-03-01' })).tmdb_id;
    ids.quietRemake = (await insertMovie(currentDb, { title: 'Quiet Town', release_date: '2019-03-01' })).tmdb_id;
    ids.twinA = (await insertMovie(currentDb, { title: 'Twin Peaks Road', release_date: '2010-01-01' })).tmdb_id;
    ids.twinB = (await insertMovie(currentDb, { title: 'Twin Peaks Road', release_date: '2010-06-01' })).tmdb_id;
    ids.draft = (await insertMovie(currentDb, { title: 'Draft Picture', release_date: '2020-01-01', is_published: false })).tmdb_id;
    ids.show = (await insertShow(currentDb, { name: 'Harbour Lights', first_air_date: '2015-01-01' })).tmdb_id;
    ids.byName = (await insertMovie(currentDb, { title: 'Only By Name', release_date: '2005-01-01' })).tmdb_id;
  });
  beforeEach(async () => {
    currentDb = getDb();
    for (const table of ['user_list_items', 'user_ratings', 'watch_history', 'rate_limits'] as const) await currentDb.deleteFrom(table).execute();
  });

  const byTitle = (report: ImportReport, title: string, action: ImportEntry['action']) =>
    report.entries.filter((entry) => entry.title === title && entry.action === action).map((entry) => [entry.outcome, entry.reason]);

  it('imports a Letterboxd ZIP: half stars rounded half up, the watchlist to the Wishlist, watches to the history', async () => {
    const zip = zipSync(Object.fromEntries(Object.entries(LETTERBOXD).map(([name, text]) => [name, strToU8(text)])));
    const response = await postImport(alice, zip, 'letterboxd-export.zip', 'application/zip');
    expect(response.status).toBe(200);
    const report = await response.json() as ImportReport;
    expect(report.format).toBe('letterboxd');
    expect(report.files).toEqual(['diary.csv', 'ratings.csv', 'watched.csv', 'watchlist.csv']);

    const rows = await userRows(currentDb, alice.id);
    // 3.5 → 4 (ratings.csv, 2024-01-02) lost to the diary's later 4.5 → 5 (2024-03-10); 0.5 → 1.
    expect(rows.ratings).toEqual([{ type: 'movie', tmdbId: ids.heat, rating: 5 }, { type: 'movie', tmdbId: ids.quiet, rating: 1 }]);
    expect(rows.lists).toEqual([{ list: 'wishlist', type: 'movie', tmdbId: ids.quiet }]);
    expect(rows.history).toEqual([{ type: 'movie', tmdbId: ids.heat, season: null, episode: null, progress: 100, watchedAt: '2024-03-09T00:00:00.000Z' }]);

    expect(byTitle(report, 'Heat Wave', 'rating')).toEqual(expect.arrayContaining([
      ['skipped', 'Rating "6" is not 0.5 to 5 stars in half stars.'], ['added', null], ['superseded', 'A later entry counts: diary.csv line 2.'],
    ]));
    expect(byTitle(report, 'Twin Peaks Road', 'rating')).toEqual([
      ['not_matched', '2 published movies are named "Twin Peaks Road" (2010): not imported rather than guessed. Add it from its page.'],
    ]);
    expect(byTitle(report, 'Nowhere Film', 'rating')).toEqual([['not_matched', 'No published movie named "Nowhere Film" (1999) here.']]);
    expect(byTitle(report, 'Draft Picture', 'wishlist')).toEqual([['not_matched', 'No published movie named "Draft Picture" (2020) here.']]);
    expect(byTitle(report, 'Quiet Town', 'history')).toEqual([['skipped', 'Date "2023-13-01" is not a YYYY-MM-DD date.']]);
    expect(report.entries.find((entry) => entry.title === 'Quiet Town' && entry.action === 'rating')?.match).toMatchObject({ tmdbId: ids.quiet });
    expect(report.counts).toEqual({ added: 4, updated: 0, unchanged: 0, superseded: 2, not_matched: 3, skipped: 2 });
    expect(report.message).toBe('Import finished: 4 added, 0 updated, 0 already here, 3 not matched, 2 skipped, 2 replaced by a later entry.');

    // The same file again changes nothing, and says so.
    const again = await (await postImport(alice, zip, 'letterboxd-export.zip', 'application/zip')).json() as ImportReport;
    expect(again.counts).toMatchObject({ added: 0, updated: 0, unchanged: 4 });
    expect(await userRows(currentDb, alice.id)).toEqual(rows);
    expect(await userRows(currentDb, bob.id)).toEqual({ lists: [], ratings: [], history: [] });
  });

  it('imports one Letterboxd CSV, by its name or its columns', async () => {
    const watchlist = await postImport(alice, strToU8(LETTERBOXD['watchlist.csv']), 'watchlist.csv', 'text/csv');
    expect((await watchlist.json() as ImportReport).counts.added).toBe(1);
    const ratings = await postImport(alice, strToU8(LETTERBOXD['ratings.csv']), 'export (1).csv', 'text/csv');
    expect((await ratings.json() as ImportReport).counts.added).toBe(2);
    const unnamed = await postImport(alice, strToU8(LETTERBOXD['watched.csv']), 'export.csv', 'text/csv');
    expect(unnamed.status).toBe(400);
    expect(await unnamed.json()).toEqual({ error: 'export.csv does not say which Letterboxd file it is: upload it named watchlist.csv or watched.csv, or upload the whole ZIP.' });
  });

  it('imports a Trakt export: ids.tmdb first, ratings 1-10 halved and rounded up, the latest episode watched', async () => {
    const movie = (tmdb: number | null, title = 'x', year = 2000) => ({ title, year, ids: { trakt: 1, slug: 's', tmdb } });
    const trakt = {
      watchlist: [
        { rank: 1, listed_at: '2024-04-01T10:00:00.000Z', type: 'movie', movie: movie(ids.quiet!) },
        { rank: 2, listed_at: '2024-04-02T10:00:00.000Z', type: 'show', show: movie(ids.show!) },
        { rank: 3, listed_at: '2024-04-03T10:00:00.000Z', type: 'episode', episode: { season: 1, number: 1 }, show: movie(ids.show!) },
      ],
      ratings: [
        { rated_at: '2024-04-04T10:00:00.000Z', rating: 7, type: 'movie', movie: movie(ids.heat!) },
        { rated_at: '2024-04-05T10:00:00.000Z', rating: 1, type: 'show', show: movie(ids.show!) },
        { rated_at: '2024-04-06T10:00:00.000Z', rating: 8, type: 'movie', movie: movie(null, 'Only By Name', 2005) },
        { rated_at: '2024-04-07T10:00:00.000Z', rating: 11, type: 'movie', movie: movie(ids.quiet!) },
        { rated_at: '2024-04-08T10:00:00.000Z', rating: 9, type: 'movie', movie: movie(999_999, 'Elsewhere') },
      ],
      history: [
        { id: 1, watched_at: '2024-04-09T20:00:00.000Z', action: 'watch', type: 'episode', episode: { season: 1, number: 2 }, show: movie(ids.show!) },
        { id: 2, watched_at: '2024-04-10T20:00:00.000Z', action: 'scrobble', type: 'episode', episode: { season: 2, number: 1 }, show: movie(ids.show!) },
        { id: 3, watched_at: 'yesterday', action: 'watch', type: 'movie', movie: movie(ids.heat!) },
      ],
    };
    const report = await (await postImport(alice, strToU8(JSON.stringify(trakt)), 'trakt.json', 'application/json')).json() as ImportReport;
    expect(report.format).toBe('trakt');
    const rows = await userRows(currentDb, alice.id);
    expect(rows.ratings).toEqual([
      { type: 'movie', tmdbId: ids.heat, rating: 4 }, { type: 'movie', tmdbId: ids.byName, rating: 4 }, { type: 'tv', tmdbId: ids.show, rating: 1 },
    ]);
    expect(rows.lists).toEqual([{ list: 'wishlist', type: 'movie', tmdbId: ids.quiet }, { list: 'wishlist', type: 'tv', tmdbId: ids.show }]);
    expect(rows.history).toEqual([{ type: 'tv', tmdbId: ids.show, season: 2, episode: 1, progress: 100, watchedAt: '2024-04-10T20:00:00.000Z' }]);
    expect(report.entries.filter((entry) => entry.outcome === 'skipped').map((entry) => [entry.source, entry.reason])).toEqual([
      ['trakt.json: watchlist item 3', 'An episode in the watchlist has no place here: only movies and shows are rated and listed.'],
      ['trakt.json: ratings item 4', 'Rating "11" is not a whole number from 1 to 10.'],
      ['trakt.json: history item 3', 'watched_at is not a date.'],
    ]);
    expect(byTitle(report, 'Elsewhere', 'rating')).toEqual([['not_matched', 'No published movie with TMDB id 999999 here.']]);
    const again = await (await postImport(alice, strToU8(JSON.stringify(trakt)), 'trakt.json', 'application/json')).json() as ImportReport;
    expect(again.counts).toMatchObject({ added: 0, updated: 0, unchanged: 6 });
    expect(await userRows(currentDb, alice.id)).toEqual(rows);
  });

  it('a later import updates what changed; an older file never undoes a later rating or watch', async () => {
    const csv = (rating: string, day: string) => strToU8(`Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n${day},Quiet Town,2001,,${rating},,,${day}\n`);
    await postImport(alice, csv('2', '2024-01-01'), 'diary.csv', 'text/csv');
    const newer = await (await postImport(alice, csv('3', '2024-02-01'), 'diary.csv', 'text/csv')).json() as ImportReport;
    expect(newer.counts).toMatchObject({ updated: 2 });
    const older = await (await postImport(alice, csv('2', '2023-01-01'), 'diary.csv', 'text/csv')).json() as ImportReport;
    expect(older.entries.map((entry) => [entry.action, entry.outcome])).toEqual([['history', 'unchanged'], ['rating', 'unchanged']]);
    expect((await userRows(currentDb, alice.id)).ratings[0]?.rating).toBe(3);
    expect((await userRows(currentDb, alice.id)).history[0]?.watchedAt).toBe('2024-02-01T00:00:00.000Z');
  });

  describe('files it refuses change nothing', () => {
    const refusals: [string, Uint8Array, string, string, number, string][] = [
      ['a picture', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), 'photo.png', 'application/octet-stream', 400, 'photo.png is not UTF-8 text. ' + NOT_AN_EXPORT],
      ['plain text', strToU8('hello world\nnot a csv'), 'notes.txt', 'application/octet-stream', 400, NOT_AN_EXPORT],
      ['broken JSON', strToU8('{"watchlist": ['), 'trakt.json', 'application/json', 400, 'trakt.json is not valid JSON (Unexpected end of JSON input).'],
      ['JSON that is no export', strToU8('{"name": "x"}'), 'x.json', 'application/json', 400, `x.json is not a Trakt export: it has no watchlist, rating or history item. ${NOT_AN_EXPORT}`],
      ['a damaged ZIP', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 9, 9, 9]), 'export.zip', 'application/zip', 400, 'The ZIP file is damaged and cannot be opened.'],
      ['a ZIP without our files', zipSync({ 'profile.csv': strToU8('a,b\n') }), 'export.zip', 'application/zip', 400, `The ZIP holds none of the files we read. ${NOT_AN_EXPORT}`],
      ['an empty file', new Uint8Array(), 'ratings.csv', 'text/csv', 400, 'The file is empty.'],
      ['a form post', strToU8(LETTERBOXD['ratings.csv']), 'ratings.csv', 'text/plain', 415,
        'Send the file itself as the body, with Content-Type application/octet-stream, application/zip, application/x-zip-compressed, text/csv, application/json.'],
      ['a file over 10 MB', new Uint8Array(10 * 1024 * 1024 + 1).fill(0x41), 'ratings.csv', 'text/csv', 413, 'The file is larger than 10 MB, the most an import takes.'],
    ];
    for (const [what, bytes, name, type, status, error] of refusals) {
      it(what, async () => {
        const response = await postImport(alice, bytes, name, type);
        expect(response.status).toBe(status);
        expect(await response.json()).toEqual({ error });
        expect(await userRows(currentDb, alice.id)).toEqual({ lists: [], ratings: [], history: [] });
      });
    }
  });
});
