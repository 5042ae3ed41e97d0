/** The admin dashboard for e2e tests: signing in as the seeded admin, and its toasts. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

const authHelper = join(import.meta.dirname, 'auth.ts');
/** Whether tests/e2e/support/auth.ts (session work) is there: without it the signed-in tests are skipped. */
export const canSignIn = existsSync(authHelper);

export async function signInAsAdmin(page: Page) {
  const { signIn } = (await import(authHelper)) as { signIn(page: Page, email: string, password: string): Promise<void> };
  await signIn(page, 'admin@example.com', 'admin12345');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
}

export const toast = (page: Page, text: string | RegExp) => page.locator('[data-toaster]').getByText(text).first();
