/**
 * The admin dashboard, tab by tab, with the spec's messages, checked against the database; and an admin change
 * (publishing a draft) that is on the pages that show it by the time the admin is told.
 * Signing in uses tests/e2e/support/auth.ts (session work); without it the signed-in tests are skipped.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { slugify } from '../../src/lib/titles/client/slug.ts';
import { BROKEN_MOVIE_ID, HOSTILE_POPULAR_PAGE } from '../support/tmdb-fixtures/index.ts';
import { canSignIn, signInAsAdmin, toast } from './support/admin.ts';
import { expect, test } from './support/fixtures.ts';

test('visitors are sent from /admin to the home page', async ({ page }) => {
  await page.goto('/admin');
  await page.waitForURL((url) => url.pathname === '/');
});

test.describe('signed in as admin', () => {
  test.skip(!canSignIn, 'tests/e2e/support/auth.ts (signIn) is not available yet');
  test.beforeEach(async ({ page }) => signInAsAdmin(page));

  test('movies: search, edit links, status toggle, bulk publish and delete', async ({ page, db }) => {
    const [first, second] = await db.selectFrom('movies').select(['id', 'title', 'tmdb_id'])
      .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(2).execute();
    const total = Number((await db.selectFrom('movies').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    await expect(page.getByTestId('total-count')).toHaveText(`${total} movies`);
    const search = page.getByPlaceholder('Search movies...');
    await search.fill(String(first!.tmdb_id));
    await expect(page.getByTestId('admin-row')).toHaveCount(1);
    const row = page.getByTestId('admin-row').first();
    await expect(row).toContainText(first!.title);

    await row.getByRole('button', { name: 'Edit' }).click();
    await expect(row.getByLabel('Title')).toBeDisabled();
    await expect(row.getByLabel('TMDB ID')).toBeDisabled();
    await row.getByLabel('Stream URL').fill('https://cdn.example.com/new-stream');
    await row.getByLabel('Download URL').fill('');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Content updated successfully!')).toBeVisible();
    expect(await db.selectFrom('movies').select(['stream_url', 'download_url']).where('id', '=', first!.id).executeTakeFirstOrThrow())
      .toEqual({ stream_url: 'https://cdn.example.com/new-stream', download_url: null });

    const wasPublished = (await db.selectFrom('movies').select('is_published').where('id', '=', first!.id).executeTakeFirstOrThrow()).is_published;
    page.once('dialog', (dialog) => dialog.accept());
    await row.getByRole('button', { name: wasPublished ? 'Published' : 'Draft' }).click();
    await expect(toast(page, `1 item(s) ${wasPublished ? 'unpublished' : 'published'}!`)).toBeVisible();
    await expect(row.getByRole('button', { name: wasPublished ? 'Draft' : 'Published' })).toBeVisible();

    await search.fill('');
    await expect(page.getByTestId('admin-row')).toHaveCount(50); // first page of the full list
    await page.getByLabel(`Select ${first!.title}`).check();
    await page.getByLabel(`Select ${second!.title}`).check();
    page.once('dialog', (dialog) => dialog.accept());
    await page.getByRole('button', { name: 'Draft', exact: true }).first().click();
    await expect(toast(page, '2 item(s) unpublished!')).toBeVisible();
    const drafts = await db.selectFrom('movies').select('is_published').where('id', 'in', [first!.id, second!.id]).execute();
    expect(drafts.every((movie) => !movie.is_published)).toBe(true);

    await page.getByLabel(`Select ${second!.title}`).check();
    page.once('dialog', (dialog) => dialog.accept());
    await page.getByRole('button', { name: /Delete selected/ }).click();
    await expect(toast(page, '1 item(s) deleted successfully!')).toBeVisible();
    expect(await db.selectFrom('movies').select('id').where('id', '=', second!.id).executeTakeFirst()).toBeUndefined();
  });

  test('add and bulk import forms validate before calling the server', async ({ page }) => {
    const add = page.getByRole('form', { name: 'Add New' });
    await expect(add.getByRole('button', { name: 'Add Content' })).toBeDisabled();
    await add.getByLabel('TMDB ID').fill('12');
    await expect(add.getByRole('button', { name: 'Add Content' })).toBeEnabled();
    const bulk = page.getByRole('group', { name: 'Bulk Import' });
    await expect(bulk.getByLabel('Start Page')).toHaveValue('1');
    await expect(bulk.getByLabel('End Page')).toHaveValue('5');
    await bulk.getByLabel('Start Page').fill('4');
    await bulk.getByLabel('End Page').fill('2');
    await bulk.getByRole('button', { name: 'Import Movies' }).click();
    await expect(toast(page, 'Invalid page numbers.')).toBeVisible();
  });

  test('import from the (fake) TMDB: add one movie by id, then bulk import pages with a running counter', async ({ page, db }) => {
    const add = page.getByRole('form', { name: 'Add New' });
    await add.getByLabel('TMDB ID').fill('550');
    await add.getByRole('button', { name: 'Add Content' }).click();
    await expect(toast(page, 'Content added successfully!')).toBeVisible({ timeout: 30_000 });
    expect(await db.selectFrom('movies').select(['title', 'is_published']).where('tmdb_id', '=', 550).executeTakeFirst())
      .toMatchObject({ title: 'Movie 550' });
    // Its canonical page answers at once: rendered on demand until the publisher has written it.
    const added = await page.request.get('/movie/movie-550/550');
    expect(added.status()).toBe(200);
    expect(await added.text()).toContain('<h1>Movie 550</h1>');

    const bulk = page.getByRole('group', { name: 'Bulk Import' });
    await bulk.getByLabel('Start Page').fill('1');
    await bulk.getByLabel('End Page').fill('2');
    await bulk.getByRole('button', { name: 'Import Movies' }).click();
    await expect(bulk.getByRole('button', { name: 'Import Movies' })).toBeDisabled();
    await expect(toast(page, 'Bulk import completed!')).toBeVisible({ timeout: 60_000 });
    // The fake's popular list has five movies per page: two pages process ten items.
    await expect(bulk.getByTestId('import-progress')).toHaveText('10 item(s) processed.');
    await expect(bulk.getByRole('button', { name: 'Import Movies' })).toBeEnabled();
    const imported = await db.selectFrom('movies').select('title').where('tmdb_id', 'in', [1, 2, 3, 4, 5]).orderBy('tmdb_id').execute();
    expect(imported.map((movie) => movie.title)).toEqual(['Movie 1', 'Movie 2', 'Movie 3', 'Movie 4', 'Movie 5']);
  });

  test('bulk import skips a title TMDB sends unusable data for, imports the rest, and lists the skipped one with its reason', async ({ page, db }) => {
    const bulk = page.getByRole('group', { name: 'Bulk Import' });
    await bulk.getByLabel('Start Page').fill(String(HOSTILE_POPULAR_PAGE));
    await bulk.getByLabel('End Page').fill(String(HOSTILE_POPULAR_PAGE));
    await bulk.getByRole('button', { name: 'Import Movies' }).click();
    await expect(toast(page, 'Bulk import completed!')).toBeVisible({ timeout: 60_000 });
    await expect(bulk.getByTestId('import-progress')).toHaveText('3 item(s) processed.');
    const skipped = bulk.getByTestId('import-skipped');
    await expect(skipped.getByText('1 title(s) skipped')).toBeVisible();
    await expect(skipped.getByRole('listitem')).toHaveText(
      `TMDB ${BROKEN_MOVIE_ID}: TMDB sent a movie with id ${BROKEN_MOVIE_ID} we cannot read (title: Invalid input: expected string, received undefined).`);
    expect(await db.selectFrom('movies').select('tmdb_id').where('tmdb_id', '=', BROKEN_MOVIE_ID).executeTakeFirst()).toBeUndefined();
  });

  test('TV: episodes by season, edit, delete and bulk link upload', async ({ page, db }) => {
    const show = await db.selectFrom('tv_shows').innerJoin('tv_show_episodes', 'tv_show_episodes.tv_show_id', 'tv_shows.id')
      .select(['tv_shows.id', 'tv_shows.name', 'tv_shows.tmdb_id']).where('tv_show_episodes.season_number', '=', 1)
      .orderBy('tv_shows.id').executeTakeFirstOrThrow();
    await page.getByRole('tab', { name: 'TV Shows' }).click();
    // The table reloads once the debounced search answers, which would end an edit begun before it.
    const searched = page.waitForResponse((response) => response.url().includes('/api/admin/tv?') && new URL(response.url()).searchParams.get('q') === show.name);
    await page.getByPlaceholder('Search TV shows...').fill(show.name);
    await searched;
    // By id: in edit mode the name is an input's value, which hasText does not see.
    const row = page.locator(`[data-testid="admin-row"][data-id="${show.id}"]`);
    // A TV row is edited as a movie row is: name and TMDB ID stay, the trailer changes.
    await row.getByRole('button', { name: 'Edit' }).click();
    await expect(row.getByLabel('Title')).toBeDisabled();
    await expect(row.getByLabel('TMDB ID')).toBeDisabled();
    await row.getByLabel('Trailer key').fill('e2eTrailer_1');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Content updated successfully!')).toBeVisible();
    await expect(row).toContainText('e2eTrailer_1');
    expect(await db.selectFrom('tv_shows').select('trailer_key').where('id', '=', show.id).executeTakeFirstOrThrow()).toEqual({ trailer_key: 'e2eTrailer_1' });
    await row.getByRole('button', { name: 'Episodes' }).click();
    await expect(page.getByRole('tab', { name: 'Season 1' })).toHaveAttribute('aria-selected', 'true');
    const episodes = await db.selectFrom('tv_show_episodes').select(['id', 'episode_number']).where('tv_show_id', '=', show.id)
      .where('season_number', '=', 1).orderBy('episode_number').execute();
    await expect(page.getByTestId('episode-row')).toHaveCount(episodes.length);

    const firstRow = page.getByTestId('episode-row').first();
    await firstRow.getByRole('button', { name: 'Edit' }).click();
    await firstRow.getByLabel('Name').fill('Renamed Pilot');
    await firstRow.getByLabel('Stream URL').fill('https://cdn.example.com/e1');
    await firstRow.getByLabel('TMDB ID').fill('987654');
    await firstRow.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Episode updated successfully!')).toBeVisible();
    expect(await db.selectFrom('tv_show_episodes').select(['name', 'stream_url', 'tmdb_id', 'episode_number']).where('id', '=', episodes[0]!.id).executeTakeFirstOrThrow())
      .toEqual({ name: 'Renamed Pilot', stream_url: 'https://cdn.example.com/e1', tmdb_id: 987654, episode_number: episodes[0]!.episode_number });

    const links = page.getByLabel('Links JSON');
    const uploadButton = page.getByRole('button', { name: 'Upload Links' });
    await expect(uploadButton).toBeDisabled();
    await links.fill('[{ "watch": ');
    await uploadButton.click();
    await expect(toast(page, /^Invalid JSON format: /)).toBeVisible();
    await links.fill('{ "watch": "https://x.example" }');
    await uploadButton.click();
    await expect(toast(page, 'JSON data must be an array.')).toBeVisible();
    await links.fill(JSON.stringify([{ watch: 'https://cdn.example.com/w1', download: 'https://dl.example.com/d1' }]));
    await uploadButton.click();
    await expect(toast(page, 'Updated links of 1 episode(s).')).toBeVisible();
    expect(await db.selectFrom('tv_show_episodes').select('download_url').where('id', '=', episodes[0]!.id).executeTakeFirstOrThrow())
      .toEqual({ download_url: 'https://dl.example.com/d1' });
    await links.fill(JSON.stringify([{ watch: 'nope' }]));
    await uploadButton.click();
    await expect(toast(page, 'Some episodes failed to update. Check console for details.')).toBeVisible();

    const file = join(process.env.E2E_WORK_DIR!, 'links.json');
    writeFileSync(file, JSON.stringify([{ watch: 'https://cdn.example.com/file1' }]));
    await page.getByLabel('Choose .json file').setInputFiles(file);
    await expect(toast(page, 'JSON file loaded. Click "Upload Links" to apply.')).toBeVisible();

    const last = page.getByTestId('episode-row').last();
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Are you sure you want to delete this episode?');
      void dialog.accept();
    });
    await last.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Episode deleted successfully!')).toBeVisible();
    expect(await db.selectFrom('tv_show_episodes').select('id').where('id', '=', episodes.at(-1)!.id).executeTakeFirst()).toBeUndefined();
    await page.getByRole('button', { name: '← Back to TV Shows' }).click();
    await expect(page.getByPlaceholder('Search TV shows...')).toBeVisible();
  });

  test('requests: newest first, search and delete', async ({ page, db }) => {
    await db.insertInto('requests').values([
      { message: 'E2E older request', created_at: new Date(Date.now() - 60_000) },
      { message: 'E2E newest request' },
    ]).execute();
    await page.getByRole('tab', { name: 'Requests' }).click();
    await page.getByPlaceholder('Search requests...').fill('E2E');
    await expect(page.getByTestId('request-row')).toHaveCount(2);
    await expect(page.getByTestId('request-row').first()).toContainText('E2E newest request');
    page.once('dialog', (dialog) => dialog.accept());
    await page.getByTestId('request-row').first().getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Request deleted successfully.')).toBeVisible();
    await expect(page.getByTestId('request-row')).toHaveCount(1);
    expect(await db.selectFrom('requests').select('id').where('message', '=', 'E2E newest request').executeTakeFirst()).toBeUndefined();
  });

  test('requests: every one reachable through the pager, 50 a page', async ({ page, db }) => {
    await db.insertInto('requests').values(Array.from({ length: 55 }, (_, index) => (
      { message: `E2E paged request ${index}`, created_at: new Date(Date.now() - (index + 1) * 60_000) }))).execute();
    try {
      await page.getByRole('tab', { name: 'Requests' }).click();
      await page.getByPlaceholder('Search requests...').fill('E2E paged');
      // The search applies after a pause in typing, and resets the pager to page 1: wait until it has.
      await expect(page.getByTestId('total-count')).toHaveText('55 requests');
      const pager = page.getByRole('navigation', { name: 'Pages' });
      await expect(pager.getByText('Page 1 of 2')).toBeVisible();
      await expect(page.getByTestId('request-row')).toHaveCount(50);
      await expect(page.getByTestId('request-row').first()).toContainText('E2E paged request 0');
      await pager.getByRole('button', { name: 'Next' }).click();
      await expect(pager.getByText('Page 2 of 2')).toBeVisible();
      await expect(page.getByTestId('request-row')).toHaveCount(5);
      await expect(page.getByTestId('request-row').last()).toContainText('E2E paged request 54');
    } finally {
      await db.deleteFrom('requests').where('message', 'like', 'E2E paged request %').execute();
    }
  });

  test('bulk import: the panel follows the running job after a tab switch and a reload, Import stays off until it ends', async ({ page, db }) => {
    // Another admin's import in progress (touched just now: its worker is alive).
    const job = await db.insertInto('import_jobs').values({ kind: 'movie', start_page: 7, end_page: 8, current_page: 7, processed: 4, status: 'running' })
      .returning('id').executeTakeFirstOrThrow();
    try {
      await page.reload(); // the panel looks for a running job as it mounts, which may have been before the insert
      const bulk = page.getByRole('group', { name: 'Bulk Import' });
      const following = async () => {
        await expect(bulk.getByTestId('import-progress')).toHaveText('Importing movies, pages 7-8… 4 item(s) processed.');
        await expect(bulk.getByRole('button', { name: 'Import Movies' })).toBeDisabled();
        await expect(bulk.getByRole('button', { name: 'Import TV' })).toBeDisabled();
      };
      await following();
      await page.getByRole('tab', { name: 'TV Shows' }).click();
      await following();
      await page.reload();
      await following();
      await db.updateTable('import_jobs').set({ status: 'done', processed: 10, current_page: 8, finished_at: new Date() }).where('id', '=', job.id).execute();
      await expect(toast(page, 'Bulk import completed!')).toBeVisible({ timeout: 30_000 });
      await expect(bulk.getByTestId('import-progress')).toHaveText('10 item(s) processed.');
      await expect(bulk.getByRole('button', { name: 'Import Movies' })).toBeEnabled();
    } finally {
      await db.updateTable('import_jobs').set({ status: 'done' }).where('id', '=', job.id).execute();
    }
  });

  test('analytics: totals per period', async ({ page, db }) => {
    // 'All' also counts the events past the retention, rolled up per day (view_event_days).
    const rolledUp = async () => Number((await db.selectFrom('view_event_days')
      .select((eb) => eb.fn.coalesce(eb.fn.sum('views'), eb.lit(0)).as('n')).executeTakeFirstOrThrow()).n);
    const count = async (sinceDays: number | null) => Number((await db.selectFrom('view_events')
      .$if(sinceDays !== null, (qb) => qb.where('occurred_at', '>=', new Date(Date.now() - sinceDays! * 86_400_000)))
      .select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n) + (sinceDays === null ? await rolledUp() : 0);
    await db.insertInto('view_events').values([
      { country: 'NZ', device_type: 'mobile' },
      { country: 'NZ', device_type: 'mobile', occurred_at: new Date(Date.now() - 100 * 86_400_000) },
    ]).execute();
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect(page.getByTestId('total-views')).toHaveText(String(await count(7)));
    await expect(page.getByText(/^A view is counted once per address and day .*once per address, title and day\.$/)).toBeVisible();
    await page.getByRole('tab', { name: '1Y' }).click();
    await expect(page.getByTestId('total-views')).toHaveText(String(await count(365)));
    await expect(page.getByText('Top countries')).toBeVisible();
    await page.getByRole('tab', { name: 'All' }).click();
    await expect(page.getByTestId('total-views')).toHaveText(String(await count(null)));
  });

  test('backup downloads a dated JSON file; restore validates, asks for RESTORE and applies it', async ({ page, db }) => {
    test.setTimeout(120_000); // two restores of the whole catalogue
    await page.getByRole('tab', { name: 'Backup & Restore' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Backup' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`backup-${new Date().toISOString().slice(0, 10)}.json`);
    await expect(toast(page, 'Database backup downloaded successfully!')).toBeVisible();
    const saved = join(process.env.E2E_WORK_DIR!, 'backup.json');
    await file.saveAs(saved);
    expect(JSON.parse(readFileSync(saved, 'utf8')).tables.movies.length).toBeGreaterThan(100);

    await page.getByRole('button', { name: 'Restore' }).click();
    await expect(toast(page, 'Please select a backup file to restore.')).toBeVisible();
    const text = join(process.env.E2E_WORK_DIR!, 'notes.txt');
    writeFileSync(text, 'hello');
    await page.getByLabel('Backup file').setInputFiles(text);
    await expect(toast(page, 'Please select a valid .json backup file.')).toBeVisible();

    const broken = join(process.env.E2E_WORK_DIR!, 'broken.json');
    writeFileSync(broken, '{"format": "cinecat-');
    await page.getByLabel('Backup file').setInputFiles(broken);
    await page.getByRole('button', { name: 'Restore' }).click();
    await expect(toast(page, 'Error reading the file.')).toBeVisible();

    await page.getByLabel('Backup file').setInputFiles(saved);
    page.once('dialog', (dialog) => dialog.accept('restore'));
    await page.getByRole('button', { name: 'Restore' }).click();
    await expect(toast(page, 'Restore cancelled.')).toBeVisible();

    // By default the file's rows are upserted: a request made after the backup stays.
    await db.insertInto('requests').values({ message: 'Made after the backup' }).execute();
    const firstMovie = JSON.parse(readFileSync(saved, 'utf8')).tables.movies[0] as { id: number; title: string };
    await db.updateTable('movies').set({ title: 'Renamed after the backup' }).where('id', '=', firstMovie.id).execute();
    page.once('dialog', (dialog) => dialog.accept('RESTORE'));
    await page.getByRole('button', { name: 'Restore' }).click();
    await expect(toast(page, 'Database restore completed successfully!')).toBeVisible({ timeout: 30_000 });
    expect(await db.selectFrom('requests').select('id').where('message', '=', 'Made after the backup').executeTakeFirst()).toBeDefined();
    expect(await db.selectFrom('movies').select('title').where('id', '=', firstMovie.id).executeTakeFirstOrThrow()).toEqual({ title: firstMovie.title });

    // The restore signed everyone out, this admin too.
    expect((await page.request.get('/api/admin/security')).status()).toBe(401);
    await signInAsAdmin(page);
    await page.getByRole('tab', { name: 'Backup & Restore' }).click();
    await page.getByLabel('Backup file').setInputFiles(saved);

    // Replace everything: rows the backup lacks are gone.
    await page.getByLabel(/Replace everything/).check();
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe("This deletes ALL data and loads the backup's. It signs everyone out (you too). Type RESTORE to confirm.");
      void dialog.accept('RESTORE');
    });
    await page.getByRole('button', { name: 'Restore' }).click();
    await expect(toast(page, 'Database restore completed successfully!').last()).toBeVisible({ timeout: 30_000 });
    await expect.poll(async () => db.selectFrom('requests').select('id').where('message', '=', 'Made after the backup').executeTakeFirst()).toBeUndefined();
  });

  test('publishing a draft: its page and the sitemap are current by the time the admin is told', async ({ page, db, baseURL }) => {
    const draft = await db.selectFrom('movies').select(['id', 'title', 'tmdb_id']).where('is_published', '=', false)
      .orderBy('id').executeTakeFirstOrThrow();
    const publicPath = `/movie/${slugify(draft.title)}/${draft.tmdb_id}`;
    const sitemap = async () => (await page.request.get(`${baseURL}/sitemap.xml`)).text();
    expect((await page.request.get(`${baseURL}${publicPath}`)).status()).toBe(404);
    expect(await sitemap()).not.toContain(`${publicPath}</loc>`);

    await page.getByPlaceholder('Search movies...').fill(String(draft.tmdb_id));
    const row = page.getByTestId('admin-row').filter({ hasText: draft.title }).first();
    page.once('dialog', (dialog) => dialog.accept());
    await row.getByRole('button', { name: 'Draft' }).click();
    await expect(toast(page, '1 item(s) published!')).toBeVisible();

    // The answer came once the server knew: the very next requests are served the published pages.
    expect(await sitemap()).toContain(`${publicPath}</loc>`);
    const visitor = await page.context().newPage();
    await visitor.goto(publicPath);
    await expect(visitor.getByRole('heading', { level: 1, name: draft.title })).toBeVisible();
    await expect(visitor.getByRole('list', { name: 'Genres' })).toBeVisible();
    await expect(visitor.getByRole('list', { name: 'Details' })).toBeVisible();
    await visitor.close();
  });
});
