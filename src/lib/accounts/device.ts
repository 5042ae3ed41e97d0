/**
 * The device cookie: a browser that signed in to an account (or reset or changed its password there) carries a tag
 * for it, and the per-account sign-in limit then leaves it alone. Guessing from anywhere else slows down; the
 * owner's own browsers are never locked out. A tag is an HMAC, with AUTH_SECRET, of the address and the account's
 * password hash: it cannot be made up, says nothing readable, and dies with the password (a change or a reset
 * revokes every browser's tag but the one that made it).
 */
import { createHmac } from 'node:crypto';
import { normaliseEmail } from './client/rules.ts';

/** Sent to every /api request, since the reset and password change endpoints set it too (a new name: old tags are void). */
export const DEVICE_COOKIE = 'cinecat.known-devices';
const DEVICE_COOKIE_PATH = '/api';
/** Accounts one browser is remembered for (the most recent first). */
const MAX_ACCOUNTS = 5;
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The account a tag stands for, as it is now. */
export interface DeviceAccount {
  email: string;
  passwordHash: string;
}

function deviceTag(secret: string, { email, passwordHash }: DeviceAccount): string {
  return createHmac('sha256', secret).update(`device:${normaliseEmail(email)}\n${passwordHash}`).digest('base64url').slice(0, 22);
}

function tagsOf(cookieHeader: string | null): string[] {
  const value = cookieHeader?.split(';').map((cookie) => cookie.trim()).find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`));
  return value ? value.slice(DEVICE_COOKIE.length + 1).split('.').filter(Boolean).slice(0, MAX_ACCOUNTS) : [];
}

/** Whether this browser signed in to the account since its password last changed. */
export function isKnownDevice(cookieHeader: string | null, secret: string, account: DeviceAccount): boolean {
  return tagsOf(cookieHeader).includes(deviceTag(secret, account));
}

/** The Set-Cookie value after a sign-in to the account (or a new password): its tag first, then the others this browser had. */
export function deviceCookie(cookieHeader: string | null, secret: string, account: DeviceAccount, secure: boolean): string {
  const tag = deviceTag(secret, account);
  const tags = [tag, ...tagsOf(cookieHeader).filter((known) => known !== tag)].slice(0, MAX_ACCOUNTS);
  const attributes = [`${DEVICE_COOKIE}=${tags.join('.')}`, `Path=${DEVICE_COOKIE_PATH}`, 'HttpOnly', 'SameSite=Lax', `Max-Age=${MAX_AGE_SECONDS}`];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}
