/**
 * Every on-demand request: security headers on whatever answers (src/lib/security/headers.ts), then sessions,
 * CSRF and the private-API guard (src/lib/accounts/request-guard.ts).
 */
import { defineMiddleware, sequence } from 'astro:middleware';
import { getDb } from './lib/db.ts';
import { createRequestGuard } from './lib/accounts/request-guard.ts';
import { sessionKeys, siteOrigin } from './lib/accounts/server-env.ts';
import { withSecurityHeaders } from './lib/security/headers.ts';

const securityHeaders = defineMiddleware(async (context, next) => withSecurityHeaders(await next(), context.url.pathname));

export const onRequest = sequence(securityHeaders, defineMiddleware(createRequestGuard({ sessionKeys, getDb, siteOrigin: siteOrigin() })));
