/**
 * Issue 36 on the admin's screens, at phone size: a field the admin edits is marked as the admin's ("Yours"), and
 * "Use TMDB's" hands it back, after saying what TMDB has, by click and by keyboard; a deleted episode is listed and
 * can be brought back.
 */
import { canSignIn, signInAsAdmin, toast } from './support/admin.ts';
import { expect, test } from './support/fixtures.ts';

test.describe('the admin\'s fields', () => {
  test.skip(!canSignIn, 'tests/e2e/support/auth.ts (signIn) is not available yet');
  test.use({ viewport: { width: 390, height: 844 } });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => sessionStorage.setItem('mobile-app-prompt', 'skipped'));
    await signInAsAdmin(page);
  });

  test('a trailer and an episode name the admin set are marked Yours, and "Use TMDB\'s" puts TMDB\'s back, as it does a deleted episode', async ({ page, db }) => {
    // The newest show with a first season: admin.spec.ts edits the oldest.
    const show = await db.selectFrom('tv_shows').innerJoin('tv_show_episodes', 'tv_show_episodes.tv_show_id', 'tv_shows.id')
      .select(['tv_shows.id', 'tv_shows.name', 'tv_shows.trailer_key']).where('tv_show_episodes.season_number', '=', 1)
      .orderBy('tv_shows.id', 'desc').executeTakeFirstOrThrow();
    const pilot = await db.selectFrom('tv_show_episodes').select(['id', 'name']).where('tv_show_id', '=', show.id)
      .where('season_number', '=', 1).orderBy('episode_number').executeTakeFirstOrThrow();

    await page.getByRole('tab', { name: 'TV Shows' }).click();
    const searched = page.waitForResponse((response) => response.url().includes('/api/admin/tv?') && new URL(response.url()).searchParams.get('q') === show.name);
    await page.getByPlaceholder('Search TV shows...').fill(show.name);
    await searched;
    const row = page.locator(`[data-testid="admin-row"][data-id="${show.id}"]`);
    await expect(page.getByText('The status is yours, and so is a trailer you set (marked Yours)')).toBeVisible();
    await expect(row.getByText('Yours', { exact: true })).toHaveCount(0);
    await row.getByRole('button', { name: 'Edit' }).click();
    await row.getByLabel('Trailer key').fill('adminOwn_1');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Content updated successfully!')).toBeVisible();
    await expect(row.getByText('Yours', { exact: true })).toBeVisible();

    await row.getByRole('button', { name: 'Episodes' }).click();
    const first = page.getByTestId('episode-row').first();
    await first.getByRole('button', { name: 'Edit' }).click();
    await first.getByLabel('Name').fill('The admin\'s name');
    await first.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Episode updated successfully!')).toBeVisible();
    await expect(first).toContainText('The admin\'s name');
    // Only the name is the admin's: the form sent the other fields unchanged.
    await expect(first.getByText('Yours', { exact: true })).toHaveCount(1);

    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(`Use TMDB's name instead of yours? TMDB has "${pilot.name}".`);
      void dialog.accept();
    });
    await first.getByRole('button', { name: 'Use TMDB\'s name' }).click();
    await expect(toast(page, 'Episode updated successfully!')).toBeVisible();
    await expect(first).toContainText(pilot.name!);
    await expect(first.getByText('Yours', { exact: true })).toHaveCount(0);
    expect(await db.selectFrom('tv_show_episodes').select(['name', 'admin_overrides']).where('id', '=', pilot.id).executeTakeFirstOrThrow())
      .toEqual({ name: pilot.name, admin_overrides: {} });

    // A deleted episode is listed as the admin's deletion, and "Use TMDB's" brings it back.
    const rows = await page.getByTestId('episode-row').count();
    const last = page.getByTestId('episode-row').last();
    const lastNumber = await last.getAttribute('data-episode');
    page.once('dialog', (dialog) => void dialog.accept());
    await last.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Episode deleted successfully!')).toBeVisible();
    await expect(page.getByTestId('episode-row')).toHaveCount(rows - 1);
    const deleted = page.getByRole('region', { name: 'Deleted episodes' });
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(`Bring episode ${lastNumber} back from TMDB?`);
      void dialog.accept();
    });
    await deleted.getByRole('button', { name: `Use TMDB's episode ${lastNumber}` }).click();
    await expect(toast(page, 'Episode restored from TMDB.')).toBeVisible();
    await expect(page.getByTestId('episode-row')).toHaveCount(rows);
    await expect(deleted).toBeHidden();

    // By keyboard: the trailer's "Use TMDB's" takes focus and Enter.
    await page.getByRole('button', { name: '← Back to TV Shows' }).click();
    await page.getByPlaceholder('Search TV shows...').fill(show.name);
    page.once('dialog', (dialog) => void dialog.accept());
    const handBack = row.getByRole('button', { name: 'Use TMDB\'s trailer key' });
    await handBack.focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Content updated successfully!')).toBeVisible();
    await expect(row.getByText('Yours', { exact: true })).toHaveCount(0);
    expect(await db.selectFrom('tv_shows').select(['trailer_key', 'admin_overrides']).where('id', '=', show.id).executeTakeFirstOrThrow())
      .toEqual({ trailer_key: show.trailer_key, admin_overrides: {} });
  });
});
