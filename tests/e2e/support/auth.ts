/** Signing in and out through the real screens (/login form, header menu), for any e2e test. */
import { expect, type Page } from '@playwright/test';

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign In' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeHidden();
}

export async function signOut(page: Page): Promise<void> {
  const menu = page.getByRole('button', { name: 'Account menu' });
  if (await menu.getAttribute('aria-expanded') !== 'true') await menu.click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
}
