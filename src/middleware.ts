/**
 * CSRF for every on-demand request (src/lib/accounts/request-guard.ts); endpoints guard themselves. The first
 * request of a server process also checks, in the background, that no demo password works in production.
 */
import { defineMiddleware } from 'astro:middleware';
import { getDb } from './lib/db.ts';
import { warnAboutDemoPasswordsOnce } from './lib/accounts/demo-passwords.ts';
import { requestGuard } from './lib/accounts/request-guard.ts';

export const onRequest = defineMiddleware((context, next) => {
  if (!context.isPrerendered) void warnAboutDemoPasswordsOnce(getDb);
  return requestGuard(context, next);
});
