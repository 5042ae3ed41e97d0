/**
 * Every on-demand request: security headers on whatever answers (src/lib/security/headers.ts), then CSRF
 * (src/lib/accounts/request-guard.ts); endpoints guard themselves. The first request of a server process also
 * checks, in the background, that no demo password works in production.
 */
import { defineMiddleware, sequence } from 'astro:middleware';
import { getDb } from './lib/db.ts';
import { warnAboutDemoPasswordsOnce } from './lib/accounts/demo-passwords.ts';
import { requestGuard } from './lib/accounts/request-guard.ts';
import { withSecurityHeaders } from './lib/security/headers.ts';

const securityHeaders = defineMiddleware(async (context, next) => withSecurityHeaders(await next(), context.url.pathname));

const csrf = defineMiddleware((context, next) => {
  if (!context.isPrerendered) void warnAboutDemoPasswordsOnce(getDb);
  return requestGuard(context, next);
});

export const onRequest = sequence(securityHeaders, csrf);
