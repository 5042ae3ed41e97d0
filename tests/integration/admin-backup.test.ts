import { afterAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachEngine, type TestDatabase } from '../support/engines.ts';
import { insertGenres, insertMovie, insertPerson, insertShow } from '../support/catalogue-fixtures.ts';
import { createBackup, type Backup } from '../../src/lib/backup/backup.ts';
import { restoreBackup } from '../../src/lib/backup/restore.ts';
import { ADDED_LATER, BACKUP_TABLE_ORDER, type BackupTable } from '../../src/lib/backup/tables.ts';
import { getSessionUser } from '../../src/lib/accounts/session.ts';
import { createTestUser, sessionCookieHeader, TEST_SESSION_KEYS } from '../support/sessions.ts';

/** A hash in the site's format (a 16-byte salt, a 64-byte key) that no password matches. */
const STORED_HASH = `scrypt$16384$8$1$${Buffer.alloc(16, 1).toString('base64')}$${Buffer.alloc(64, 2).toString('base64')}`;

describeEachEngine('backup and restore', (getDb, engine) => {
  const extra: TestDatabase[] = [];
  afterAll(async () => { for (const database of extra) await database.destroy(); });

  async function fillCatalogue() {
    const db = getDb();
    await insertGenres(db);
    await insertPerson(db, 70001, 'Ada Actor');
    await db.insertInto('platforms').values({ id: 8001, name: 'Streamly', logo_path: '/l.png' }).execute();
    await db.insertInto('collections').values({ id: 6001, name: 'Saga', overview: null, poster_path: null, backdrop_path: null }).execute();
    const movie = await insertMovie(db, {
      genres: [28, 12], collection_id: 6001, origin_country: ['US', 'GB'], screenshots: ['/s1.jpg'], recommended_tmdb_ids: [5, 6],
      production_companies: JSON.stringify([{ id: 1, name: 'Acme', logo_path: null }]), vote_average: 7.5, budget: 12_000_000_000,
      release_date: '1999-12-31', stream_url: '/embed/movie/1',
    });
    const show = await insertShow(db, { genres: [18], number_of_seasons: 1 });
    await db.insertInto('movie_credits').values({ movie_id: movie.id, person_id: 70001, credit_order: 0, character_name: 'Lead' }).execute();
    await db.insertInto('tv_show_credits').values({ tv_show_id: show.id, person_id: 70001, credit_order: 1, character_name: null }).execute();
    await db.insertInto('movie_providers').values({ movie_id: movie.id, platform_id: 8001 }).execute();
    await db.insertInto('tv_show_providers').values({ tv_show_id: show.id, platform_id: 8001 }).execute();
    await db.insertInto('tv_show_episodes').values({ tv_show_id: show.id, season_number: 1, episode_number: 1, air_date: '2020-01-02' }).execute();
    const user = await db.insertInto('users').values({ email: 'fan@example.com', password_hash: STORED_HASH, role: 'admin' })
      .returning('id').executeTakeFirstOrThrow();
    await db.insertInto('auth_tokens').values({ token_hash: 'secret-token', user_id: user.id, purpose: 'reset_password', expires_at: new Date(Date.now() + 3600_000) }).execute();
    await db.insertInto('user_list_items').values({ user_id: user.id, list: 'my_list', content_type: 'movie', content_tmdb_id: movie.tmdb_id }).execute();
    await db.insertInto('user_ratings').values({ user_id: user.id, content_type: 'tv', content_tmdb_id: show.tmdb_id, rating: 4 }).execute();
    await db.insertInto('watch_history').values({ user_id: user.id, content_type: 'movie', content_tmdb_id: movie.tmdb_id, progress_percentage: 42.5 }).execute();
    await db.insertInto('requests').values([{ message: 'Add more', user_id: user.id, user_email: 'fan@example.com' }, { message: 'Anon' }]).execute();
    await db.insertInto('view_events').values([{ country: 'DE', device_type: 'mobile', content_type: 'movie', content_tmdb_id: movie.tmdb_id }]).execute();
    await db.insertInto('view_event_days').values({ day: '2024-03-05', country: 'FR', device_type: 'desktop', views: 3_000_000_000 }).execute();
  }

  it('backs up every table in dependency order, with password hashes but no tokens', async () => {
    await fillCatalogue();
    const backup = await createBackup(getDb());
    expect(Object.keys(backup.tables)).toEqual(BACKUP_TABLE_ORDER);
    expect(BACKUP_TABLE_ORDER.indexOf('movies')).toBeLessThan(BACKUP_TABLE_ORDER.indexOf('movie_genres'));
    expect(backup.tables.users[0]).toMatchObject({ email: 'fan@example.com', password_hash: STORED_HASH });
    expect(JSON.stringify(backup)).not.toContain('secret-token');
    expect(backup.tables.movies[0]).toMatchObject({ origin_country: ['US', 'GB'], budget: 12_000_000_000, vote_average: 7.5, release_date: '1999-12-31' });
    expect(backup.tables.movie_genres).toHaveLength(2);
    // The yearly roll-up of views, which the analytics 'All' period adds up.
    expect(backup.tables.view_event_days).toEqual([{ day: '2024-03-05', country: 'FR', device_type: 'desktop', views: 3_000_000_000 }]);
  });

  it('round trip: restore into an empty database, then back up again gives the same content', async () => {
    const original = await createBackup(getDb());
    const target = await createTestDatabase(engine);
    extra.push(target);
    // The empty database has rows of its own that a restore must replace.
    await insertMovie(target.db, { title: 'Will be replaced' });
    const { rows } = await restoreBackup(target.db, JSON.parse(JSON.stringify(original)), 'replace');
    expect(rows).toBeGreaterThan(15);
    const again = await createBackup(target.db);
    // Everything comes back as it was, except that every user must sign in again.
    expect({ ...again.tables, users: [] }).toEqual({ ...original.tables, users: [] });
    expect(again.tables.users).toEqual(original.tables.users.map((user) => ({ ...user, session_version: (user.session_version as number) + 1 })));
    // Sequences continue after the restored ids.
    const next = await insertMovie(target.db, { title: 'After restore' });
    expect(next.id).toBeGreaterThan(Math.max(...original.tables.movies.map((row) => row.id as number)));
  });

  it('a partial file restores the tables it holds by upsert, and leaves the others untouched', async () => {
    const db = getDb();
    const before = await createBackup(db);
    const [movie] = before.tables.movies as { id: number; title: string; stream_url: string | null }[];
    const added = { ...(before.tables.movies[0] as Record<string, unknown>), id: 999_001, tmdb_id: 999_001, title: 'From the file' };
    const partial = {
      format: before.format, version: before.version,
      tables: { movies: [{ ...before.tables.movies[0], title: 'Renamed by restore', stream_url: null }, added], requests: [] },
    };
    const result = await restoreBackup(db, JSON.parse(JSON.stringify(partial)));
    expect(result).toEqual({ message: 'Database restore completed successfully!', rows: 2, tables: ['movies', 'requests'] });
    const after = await createBackup(db);
    // Upsert: the existing row is overwritten, the new one added; rows of the file's empty table stay.
    expect(after.tables.movies.map((row) => [row.id, row.title, row.stream_url])).toEqual([
      [movie!.id, 'Renamed by restore', null], [999_001, 'From the file', movie!.stream_url],
    ]);
    expect(after.tables.requests).toEqual(before.tables.requests);
    for (const table of BACKUP_TABLE_ORDER.filter((name) => name !== 'movies')) {
      expect(withoutSessionVersions(after.tables)[table], table).toEqual(withoutSessionVersions(before.tables)[table]);
    }
    // The movie's genres, credits and providers still point at it (no delete cascaded).
    expect(after.tables.movie_genres).toHaveLength(2);
    await restoreBackup(db, JSON.parse(JSON.stringify(before)));
    expect((await createBackup(db)).tables.movies.map((row) => row.title)).toEqual([movie!.title, 'From the file']);
    await db.deleteFrom('movies').where('id', '=', 999_001).execute();
  });

  it('replace everything empties every table first, and takes only a full backup', async () => {
    const db = getDb();
    const before = await createBackup(db);
    await insertMovie(db, { title: 'Not in the backup' });
    const { movies, ...rest } = before.tables;
    await expect(restoreBackup(db, { ...before, tables: { movies } }, 'replace'))
      .rejects.toThrow(`Replace everything needs a full backup; this file lacks ${Object.keys(rest)
        .filter((table) => !ADDED_LATER.includes(table as BackupTable)).join(', ')}.`);
    expect((await createBackup(db)).tables.movies.map((row) => row.title)).toContain('Not in the backup');
    await restoreBackup(db, JSON.parse(JSON.stringify(before)), 'replace');
    expect(withoutSessionVersions((await createBackup(db)).tables)).toEqual(withoutSessionVersions(before.tables));
  });

  it('an unreadable file or a bad table changes no row; the error names the table', async () => {
    const db = getDb();
    const before = await createBackup(db);
    const corrupt = JSON.parse(JSON.stringify(before)) as Backup;
    (corrupt.tables.tv_show_episodes[0] as Record<string, unknown>).season_number = 'one';
    await expect(restoreBackup(db, corrupt)).rejects.toThrow('Failed to restore table tv_show_episodes.');

    // Valid shape, but an upsert late in the order breaks a constraint: the transaction rolls everything back.
    const dangling = JSON.parse(JSON.stringify(before)) as Backup;
    (dangling.tables.movies[0] as Record<string, unknown>).title = 'Would be renamed';
    dangling.tables.movie_genres.push({ movie_id: 2_000_000_000, genre_id: 28 });
    await expect(restoreBackup(db, dangling)).rejects.toThrow('Failed to restore table movie_genres.');

    // A hash whose parameters would make one sign-in take 4 GiB, or no hash at all.
    for (const hash of ['scrypt$1048576$32$1$' + STORED_HASH.split('$').slice(4).join('$'), 'plain-text-password']) {
      const tampered = JSON.parse(JSON.stringify(before)) as Backup;
      (tampered.tables.users[0] as Record<string, unknown>).password_hash = hash;
      await expect(restoreBackup(db, tampered), hash).rejects.toThrow('Failed to restore table users.');
    }

    await expect(restoreBackup(db, { ...before, tables: { films: [] } })).rejects.toThrow('Failed to restore table films.');
    await expect(restoreBackup(db, { hello: 'world' })).rejects.toThrow('Error reading the file.');
    await expect(restoreBackup(db, { ...before, tables: {} })).rejects.toThrow('The backup file holds no table.');
    expect((await createBackup(db)).tables).toEqual(before.tables);
  });

  it('after a restore every session ends: the ones revoked since the backup and the ones made after it', async () => {
    const db = getDb();
    const user = await createTestUser(db, { email: 'restored@example.com' });
    const asRequest = async () => new Request('http://site.test/', { headers: { cookie: await sessionCookieHeader(db, user.id) } });
    const revokedLater = await asRequest();
    const backup = JSON.parse(JSON.stringify(await createBackup(db))) as Backup;
    // A password change after the backup revokes that session; a new one is issued.
    await db.updateTable('users').set({ session_version: 1 }).where('id', '=', user.id).execute();
    const current = await asRequest();
    expect(await getSessionUser(current, db, TEST_SESSION_KEYS)).toMatchObject({ id: user.id });
    expect(await getSessionUser(revokedLater, db, TEST_SESSION_KEYS)).toBeNull();

    await restoreBackup(db, backup);
    expect(await getSessionUser(revokedLater, db, TEST_SESSION_KEYS)).toBeNull();
    expect(await getSessionUser(current, db, TEST_SESSION_KEYS)).toBeNull();
    expect(await getSessionUser(await asRequest(), db, TEST_SESSION_KEYS)).toMatchObject({ id: user.id });
  });
});

/** Every restore ends every session (the next test): the users' other columns are what a comparison checks. */
function withoutSessionVersions(tables: Backup['tables']): Backup['tables'] {
  return { ...tables, users: tables.users.map((user) => ({ ...user, session_version: null })) };
}
