/**
 * Accounts through the real screens: sign up, confirm through the outbox e-mail, sign in and out, reset and
 * change the password (other sessions end), and the page guards (spec 4, messages from spec 8).
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { hashPassword } from '../../src/lib/accounts/passwords.ts';
import { signIn, signOut } from './support/auth.ts';
import { outboxLink } from './support/outbox.ts';
import { expect, test } from './support/fixtures.ts';

const toast = (page: Page, text: string | RegExp) => page.locator('[data-toaster]').getByText(text).first();
const uniqueEmail = (name: string) => `${name}-${Date.now()}@example.com`;
const mailedLink = (to: string, subject: string) => outboxLink(join(process.env.E2E_WORK_DIR!, 'outbox'), to, subject);

async function sessionEmail(page: Page): Promise<string | null> {
  const body = (await (await page.request.get('/api/me')).json()) as { user: { email: string } | null };
  return body.user?.email ?? null;
}

test('sign up, confirm through the e-mailed link, sign in and sign out', async ({ page, db }) => {
  const email = uniqueEmail('newcomer');
  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'Sign Up' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill('first-pass');
  await form.getByLabel('Confirm Password', { exact: true }).fill('other-pass');
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await expect(toast(page, 'Passwords do not match.')).toBeVisible();

  await form.getByLabel('Confirm Password', { exact: true }).fill('first-pass');
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(toast(page, 'Confirmation email sent! Please check your inbox.')).toBeVisible();
  const row = await db.selectFrom('users').select(['role', 'email_confirmed_at']).where('email', '=', email).executeTakeFirstOrThrow();
  expect(row).toEqual({ role: 'user', email_confirmed_at: null });

  await page.goto('/login');
  const signInForm = page.getByRole('form', { name: 'Sign In' });
  await signInForm.getByLabel('Email', { exact: true }).fill(email);
  await signInForm.getByLabel('Password', { exact: true }).fill('first-pass');
  await signInForm.getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page, /Email not confirmed/)).toBeVisible();
  expect(await sessionEmail(page)).toBeNull();

  // Opening the link activates nothing (a mail scanner opens links too); the page's button does.
  await page.goto(await mailedLink(email, 'Confirm your email'));
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
  expect((await db.selectFrom('users').select('email_confirmed_at').where('email', '=', email).executeTakeFirstOrThrow()).email_confirmed_at).toBeNull();
  await page.getByRole('button', { name: 'Confirm Email' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  await expect(toast(page, 'Your email is confirmed. You can now sign in.')).toBeVisible();
  expect((await db.selectFrom('users').select('email_confirmed_at').where('email', '=', email).executeTakeFirstOrThrow()).email_confirmed_at).not.toBeNull();

  await signIn(page, email, 'first-pass');
  await expect(toast(page, 'Signed in successfully!')).toBeVisible();
  expect(await sessionEmail(page)).toBe(email);
  await page.getByRole('button', { name: 'Account menu' }).click();
  for (const item of ['Profile', 'My List', 'Wishlist', 'Recommendations', 'Sign Out']) {
    await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
  }
  await expect(page.getByRole('menuitem', { name: 'Admin' })).toBeHidden();
  await page.keyboard.press('Escape');

  await signOut(page);
  expect(await sessionEmail(page)).toBeNull();
});

test('a wrong password gets the generic error, the same as an unknown e-mail', async ({ page }) => {
  for (const email of ['user@example.com', uniqueEmail('nobody')]) {
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Sign In' });
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Password', { exact: true }).fill('not-the-password');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(toast(page, 'Invalid login credentials.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('forgot password: the e-mailed link sets a new password and signs in', async ({ page, db }) => {
  const email = uniqueEmail('forgetful');
  await db.insertInto('users').values({ email, password_hash: await hashPassword('old-pass1'), email_confirmed_at: new Date() }).execute();

  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  const forgot = page.getByRole('form', { name: 'Reset Password' });
  await forgot.getByLabel('Email', { exact: true }).fill(email);
  await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(toast(page, 'Password reset link sent! Please check your inbox.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Sign In' })).toBeVisible();

  const link = await mailedLink(email, 'Reset your password');
  await page.goto(link);
  const reset = page.getByRole('form', { name: 'Reset Password' });
  await reset.getByLabel('New Password', { exact: true }).fill('short');
  await reset.getByLabel('Confirm New Password', { exact: true }).fill('short');
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toast(page, 'Password should be at least 6 characters.')).toBeVisible();
  await reset.getByLabel('New Password', { exact: true }).fill('new-pass1');
  await reset.getByLabel('Confirm New Password', { exact: true }).fill('new-pass2');
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toast(page, 'Passwords do not match.')).toBeVisible();
  await reset.getByLabel('Confirm New Password', { exact: true }).fill('new-pass1');
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(toast(page, 'Your password has been reset successfully!')).toBeVisible();
  expect(await sessionEmail(page)).toBe(email);

  await page.goto(link);
  await reset.getByLabel('New Password', { exact: true }).fill('third-pass');
  await reset.getByLabel('Confirm New Password', { exact: true }).fill('third-pass');
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toast(page, 'This password reset link is invalid or has expired.')).toBeVisible();

  await signOut(page);
  await signIn(page, email, 'new-pass1');
});

test('profile: e-mail, avatar and password change that ends the other sessions', async ({ page, browser, db }) => {
  test.slow(); // five full-cost password hashes (scrypt N=2^17), seconds each on a busy machine
  const email = uniqueEmail('profile');
  await db.insertInto('users').values({ email, password_hash: await hashPassword('before-1'), email_confirmed_at: new Date() }).execute();
  const otherDevice = await browser.newPage({ baseURL: process.env.E2E_BASE_URL });
  await signIn(otherDevice, email, 'before-1');
  await signIn(page, email, 'before-1');

  await page.goto('/profile');
  await expect(page.getByTestId('profile-email')).toHaveText(email);
  const avatar = page.getByRole('img', { name: 'Your avatar' });
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  const form = page.getByRole('form', { name: 'Change Password' });
  const current = form.getByLabel('Current Password', { exact: true });
  await current.fill('wrong-one');
  await expect(current).toHaveAttribute('type', 'password');
  await form.getByRole('button', { name: 'Show current password' }).click();
  await expect(current).toHaveAttribute('type', 'text');
  await form.getByLabel('New Password', { exact: true }).fill('after-12');
  await form.getByLabel('Confirm New Password', { exact: true }).fill('after-12');
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expect(toast(page, 'Current password is incorrect.')).toBeVisible();

  await current.fill('before-1');
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expect(toast(page, 'Password updated successfully!')).toBeVisible();
  expect((await db.selectFrom('users').select('session_version').where('email', '=', email).executeTakeFirstOrThrow()).session_version).toBe(1);

  await page.reload();
  await expect(page.getByTestId('profile-email')).toHaveText(email);
  expect(await sessionEmail(otherDevice)).toBeNull();
  await otherDevice.close();
});

test('guards: visitors leave private pages, signed-in users leave /login and /signup, only admins see Admin', async ({ page }) => {
  test.slow(); // two full-cost sign-ins (scrypt N=2^17)
  for (const path of ['/profile', '/admin']) {
    await page.goto(path);
    await page.waitForURL((url) => url.pathname === '/');
  }
  await signIn(page, 'user@example.com', 'user12345');
  for (const path of ['/login', '/signup', '/admin']) {
    await page.goto(path);
    await page.waitForURL((url) => url.pathname === '/');
  }
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Admin' })).toBeHidden();

  await signOut(page);
  await signIn(page, 'admin@example.com', 'admin12345');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
});

test('a signed-in reload keeps Sign In out of the header while the session loads; after sign-out it shows at once', async ({ page }) => {
  await signIn(page, 'user@example.com', 'user12345');
  const signInLink = page.getByRole('banner').getByRole('link', { name: 'Sign In' });
  let delayed = true;
  await page.route('**/api/me', async (route) => {
    if (delayed) await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue();
  });
  await page.reload({ waitUntil: 'domcontentloaded' });
  // One look while /api/me is still held back: no retrying, which would only wait for the answer.
  expect(await signInLink.isVisible()).toBe(false);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  delayed = false;
  await signOut(page);
  delayed = true;
  await page.reload({ waitUntil: 'domcontentloaded' });
  expect(await signInLink.isVisible()).toBe(true);
});

test('a `next` that spells another host (dot segments, %2e) signs in and lands on the site, not on that host', async ({ browser }) => {
  test.slow(); // three full-cost sign-ins (scrypt N=2^17)
  const site = new URL(process.env.E2E_BASE_URL!).origin;
  for (const next of ['/.//evil.example/login', '/..//evil.example/x', '/%2e//evil.example']) {
    const context = await browser.newContext({ baseURL: site });
    const elsewhere: string[] = [];
    await context.route((url) => url.origin !== site, async (route) => {
      elsewhere.push(route.request().url());
      await route.abort();
    });
    const page = await context.newPage();
    await page.goto(`/login?${new URLSearchParams({ next })}`);
    const form = page.getByRole('form', { name: 'Sign In' });
    await form.getByLabel('Email', { exact: true }).fill('user@example.com');
    await form.getByLabel('Password', { exact: true }).fill('user12345');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(toast(page, 'Signed in successfully!')).toBeVisible();
    expect(new URL(page.url()).origin, next).toBe(site);
    expect(new URL(page.url()).pathname, next).toBe('/');
    expect(elsewhere, next).toEqual([]);
    await context.close();
  }
});
