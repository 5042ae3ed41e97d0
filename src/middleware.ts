/** CSRF for every on-demand request (src/lib/accounts/request-guard.ts); endpoints guard themselves. */
import { defineMiddleware } from 'astro:middleware';
import { requestGuard } from './lib/accounts/request-guard.ts';

export const onRequest = defineMiddleware(requestGuard);
