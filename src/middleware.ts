/**
 * Sessions, CSRF and the private-API guard for every on-demand request (src/lib/accounts/request-guard.ts); the
 * first request of a server process also checks, in the background, that no demo password works in production.
 */
import { defineMiddleware } from 'astro:middleware';
import { getDb } from './lib/db.ts';
import { warnAboutDemoPasswordsOnce } from './lib/accounts/demo-passwords.ts';
import { createRequestGuard } from './lib/accounts/request-guard.ts';
import { sessionKeys, siteOrigin } from './lib/accounts/server-env.ts';

const guard = createRequestGuard({ sessionKeys, getDb, siteOrigin: siteOrigin() });

export const onRequest = defineMiddleware((context, next) => {
  if (!context.isPrerendered) void warnAboutDemoPasswordsOnce(getDb);
  return guard(context, next);
});
