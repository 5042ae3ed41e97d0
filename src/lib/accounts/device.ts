/**
 * The device cookie: a browser that signed in to an account carries a tag for it (an HMAC of the address with
 * AUTH_SECRET, so it cannot be made up and says nothing readable), and the per-account sign-in limit then leaves
 * it alone. Guessing from anywhere else slows down; the owner's own browsers are never locked out.
 */
import { createHmac } from 'node:crypto';
import { normaliseEmail } from './client/rules.ts';
import { AUTH_BASE_PATH } from './client/routes.ts';

export const DEVICE_COOKIE = 'cinecat.devices';
/** Accounts one browser is remembered for (the most recent first). */
const MAX_ACCOUNTS = 5;
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

function deviceTag(secret: string, email: string): string {
  return createHmac('sha256', secret).update(`device:${normaliseEmail(email)}`).digest('base64url').slice(0, 22);
}

function tagsOf(cookieHeader: string | null): string[] {
  const value = cookieHeader?.split(';').map((cookie) => cookie.trim()).find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`));
  return value ? value.slice(DEVICE_COOKIE.length + 1).split('.').filter(Boolean).slice(0, MAX_ACCOUNTS) : [];
}

/** Whether this browser has signed in to the account before. */
export function isKnownDevice(cookieHeader: string | null, secret: string, email: string): boolean {
  return tagsOf(cookieHeader).includes(deviceTag(secret, email));
}

/** The Set-Cookie value after a sign-in to the account: its tag first, then the others this browser had. */
export function deviceCookie(cookieHeader: string | null, secret: string, email: string, secure: boolean): string {
  const tag = deviceTag(secret, email);
  const tags = [tag, ...tagsOf(cookieHeader).filter((known) => known !== tag)].slice(0, MAX_ACCOUNTS);
  const attributes = [`${DEVICE_COOKIE}=${tags.join('.')}`, `Path=${AUTH_BASE_PATH}`, 'HttpOnly', 'SameSite=Lax', `Max-Age=${MAX_AGE_SECONDS}`];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}
