/**
 * Every on-demand request: security headers on whatever answers (src/lib/security/headers.ts), body size limits
 * (src/lib/http/body-limit.ts), then CSRF (src/lib/accounts/request-guard.ts); endpoints guard themselves.
 * While the Node build prerenders, each page's final body also goes to the build's compressor
 * (src/lib/compression/prerender-capture.ts). The first request of a server process also checks, in the
 * background, that no demo password works in production, and starts the housekeeping timer (src/lib/housekeeping/).
 */
import { defineMiddleware, sequence } from 'astro:middleware';
import { getDb } from './lib/db.ts';
import { warnAboutDemoPasswordsOnce } from './lib/accounts/demo-passwords.ts';
import { scheduleHousekeepingOnce } from './lib/housekeeping/index.ts';
import { requestGuard } from './lib/accounts/request-guard.ts';
import { bodyLimitGuard } from './lib/http/body-limit.ts';
import { capturePrerendered } from './lib/compression/prerender-capture.ts';
import { withSecurityHeaders } from './lib/security/headers.ts';

const securityHeaders = defineMiddleware(async (context, next) => withSecurityHeaders(await next(), context.url.pathname));

const csrf = defineMiddleware((context, next) => {
  if (!context.isPrerendered) {
    void warnAboutDemoPasswordsOnce(getDb);
    scheduleHousekeepingOnce(getDb);
  }
  return requestGuard(context, next);
});

const bodyLimit = defineMiddleware(bodyLimitGuard);

export const onRequest = sequence(capturePrerendered, securityHeaders, bodyLimit, csrf);
