/**
 * Every on-demand request: security headers on whatever answers (src/lib/security/headers.ts), body size limits
 * (src/lib/http/body-limit.ts), a database that is away answered 503 (pages too; endpoints answer it themselves,
 * src/lib/http/endpoint.ts), then CSRF (src/lib/accounts/request-guard.ts); endpoints guard themselves.
 * While the Node build prerenders, each page's final body also goes to the build's compressor
 * (src/lib/compression/prerender-capture.ts). The first request of a server process also checks, in the
 * background, that no demo password works in production.
 */
import { defineMiddleware, sequence } from 'astro:middleware';
import { getDb } from './lib/db.ts';
import { warnAboutDemoPasswordsOnce } from './lib/accounts/demo-passwords.ts';
import { requestGuard } from './lib/accounts/request-guard.ts';
import { bodyLimitGuard } from './lib/http/body-limit.ts';
import { capturePrerendered } from './lib/compression/prerender-capture.ts';
import { withSecurityHeaders } from './lib/security/headers.ts';
import { isDatabaseUnavailable } from '../db/connect.ts';
import { logDatabaseUnavailable } from './lib/http/endpoint.ts';
import { databaseUnavailable } from './lib/http/respond.ts';

const securityHeaders = defineMiddleware(async (context, next) => withSecurityHeaders(await next(), context.url.pathname));

const csrf = defineMiddleware((context, next) => {
  if (!context.isPrerendered) void warnAboutDemoPasswordsOnce(getDb);
  return requestGuard(context, next);
});

const bodyLimit = defineMiddleware(bodyLimitGuard);

const databaseOutage = defineMiddleware(async (context, next) => {
  try {
    return await next();
  } catch (error) {
    if (context.isPrerendered || !isDatabaseUnavailable(error)) throw error;
    logDatabaseUnavailable(error);
    return databaseUnavailable(context.url.pathname.startsWith('/api/'));
  }
});

export const onRequest = sequence(capturePrerendered, securityHeaders, databaseOutage, bodyLimit, csrf);
