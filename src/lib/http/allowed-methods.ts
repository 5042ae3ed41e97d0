/**
 * 405 with `Allow` for a method an endpoint under src/pages/api does not export; Astro itself answers 404 then, as
 * if the route did not exist. Each endpoint's methods are the handlers its module exports (GET also allows HEAD, as
 * Astro answers HEAD with GET); the module is the one Astro routes to, found by its route pattern.
 */
import type { MiddlewareHandler } from 'astro';
import { json } from './respond.ts';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

const endpointModules = new Map(Object.entries(import.meta.glob<Record<string, unknown>>('../../pages/api/**/*.ts'))
  .map(([file, load]) => [routePatternOf(file), load]));

/** Astro's route pattern for a page file: `../../pages/api/titles/[id].ts` → `/api/titles/[id]`, `…/index.ts` → its folder. */
export function routePatternOf(file: string): string {
  return file.replace(/^.*?\/pages(?=\/)/, '').replace(/\.ts$/, '').replace(/\/index$/, '');
}

/** The methods an endpoint module answers, or null when it answers every method (`ALL`). */
function methodsOf(module: Record<string, unknown>): string[] | null {
  if (typeof module.ALL === 'function') return null;
  return METHODS.filter((method) => typeof module[method] === 'function' || (method === 'HEAD' && typeof module.GET === 'function'));
}

export const allowedMethods: MiddlewareHandler = async (context, next) => {
  const load = endpointModules.get(context.routePattern);
  if (!load) return next();
  const allowed = methodsOf(await load());
  const method = context.request.method.toUpperCase();
  if (!allowed || allowed.includes(method)) return next();
  return json({ error: `${method} is not allowed here; use ${allowed.join(' or ')}.` }, 405, { Allow: allowed.join(', ') });
};
