/**
 * Every on-demand request: security headers on whatever answers (src/lib/security/headers.ts), a database that is
 * away answered 503 (pages too; endpoints answer it themselves, src/lib/http/endpoint.ts), 405 for a method an
 * endpoint lacks (src/lib/http/allowed-methods.ts), body size limits (src/lib/http/body-limit.ts), then CSRF
 * (src/lib/accounts/request-guard.ts), and the session lookup endpoints guard themselves with
 * (src/lib/accounts/server-env.ts sessionLookup).
 * The first request of a server process also checks, in the background, that no demo password works in production,
 * starts the Node server's schedule (src/lib/tmdb/daily.ts) and its housekeeping timer (src/lib/housekeeping/).
 */
import { defineMiddleware, sequence } from 'astro:middleware';
import { getDb } from './lib/db.ts';
import { warnAboutDemoPasswordsOnce } from './lib/demo/demo-passwords.ts';
import { scheduleHousekeepingOnce } from './lib/housekeeping/index.ts';
import { requestGuard } from './lib/accounts/request-guard.ts';
import { sessionLookup } from './lib/accounts/server-env.ts';
import { allowedMethods } from './lib/http/allowed-methods.ts';
import { startServerSchedule } from './lib/tmdb/daily.ts';
import { bodyLimitGuard } from './lib/http/body-limit.ts';
import { AUTH_BASE_PATH } from './lib/accounts/client/routes.ts';
import { MAX_BACKUP_BYTES } from './lib/admin/contract.ts';
import { withSecurityHeaders } from './lib/security/headers.ts';
import { isDatabaseUnavailable } from '../db/connect.ts';
import { logDatabaseUnavailable } from './lib/http/endpoint.ts';
import { databaseUnavailable } from './lib/http/respond.ts';

const securityHeaders = defineMiddleware(async (context, next) => withSecurityHeaders(await next(), context.url.pathname));

/** What a server process starts with its first on-demand request (each runs once per process). */
const serverStart = defineMiddleware((context, next) => {
  if (!context.isPrerendered) {
    void warnAboutDemoPasswordsOnce(getDb);
    startServerSchedule(getDb);
    scheduleHousekeepingOnce(getDb);
  }
  return next();
});

const csrf = defineMiddleware(requestGuard);

const bodyLimit = defineMiddleware(bodyLimitGuard({ authBasePath: AUTH_BASE_PATH, largestBodyBytes: MAX_BACKUP_BYTES }));

const databaseOutage = defineMiddleware(async (context, next) => {
  try {
    return await next();
  } catch (error) {
    if (context.isPrerendered || !isDatabaseUnavailable(error)) throw error;
    logDatabaseUnavailable(error);
    return databaseUnavailable(context.url.pathname.startsWith('/api/'));
  }
});

export const onRequest = sequence(securityHeaders, databaseOutage, allowedMethods, bodyLimit, serverStart, csrf, defineMiddleware(sessionLookup));
