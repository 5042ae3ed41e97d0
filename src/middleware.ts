/** Sessions, CSRF and the private-API guard for every on-demand request (src/lib/accounts/request-guard.ts). */
import { defineMiddleware } from 'astro:middleware';
import { getDb } from './lib/db.ts';
import { createRequestGuard } from './lib/accounts/request-guard.ts';
import { sessionKeys, siteOrigin } from './lib/accounts/server-env.ts';

export const onRequest = defineMiddleware(createRequestGuard({ sessionKeys, getDb, siteOrigin }));
