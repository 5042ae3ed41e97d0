/**
 * What follows an admin write that changes public pages, before its answer: every page cache that could still show
 * the old content catches up. On the Node server that is the static-page gate (static-pages.ts), told at once
 * instead of at its next poll; on Netlify, the CDN's cached detail pages (detail-cache.ts), purged by tag.
 *
 * scripts/serve.ts loads these modules from source while the endpoints run in the server bundle, a second copy of
 * them: the listeners are kept on globalThis, which both copies share.
 */
import type { APIContext } from 'astro';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { requestRebuild } from '../rebuild/index.ts';
import { DETAIL_PAGES_TAG } from './detail-cache.ts';

type Listener = () => Promise<void>;

const LISTENERS = Symbol.for('cinecat.catalogue-change-listeners');

function listeners(): Set<Listener> {
  const registry = globalThis as { [LISTENERS]?: Set<Listener> };
  return (registry[LISTENERS] ??= new Set());
}

/** Calls `listener` after every admin write that changes public pages; returns the unsubscribe. */
export function onCatalogueChange(listener: Listener): () => void {
  listeners().add(listener);
  return () => listeners().delete(listener);
}

/**
 * Resolves once every listener has caught up with the write just committed and the CDN purge was asked for. A
 * failure is logged, never thrown: the write stands, the gate's poll catches up, and a cached page expires.
 */
export async function catalogueChanged(cache: APIContext['cache']): Promise<void> {
  const log = (what: string) => (error: unknown) => console.error(`[publishing] ${what} failed`, error);
  await Promise.all([
    ...[...listeners()].map((listener) => listener().catch(log('a catalogue change listener'))),
    cache.enabled ? cache.invalidate({ tags: [DETAIL_PAGES_TAG] }).catch(log('the CDN purge')) : undefined,
  ]);
}

/**
 * An admin write changed what public pages show (an endpoint's `afterSuccess`): queue the rebuild for `reason`,
 * then wait until the pages served meanwhile have caught up. A title it made watchable is announced to the users
 * whose Wishlist holds it (src/lib/alerts/).
 */
export async function catalogueEdited(db: Kysely<Database>, context: APIContext, reason: string): Promise<void> {
  await requestRebuild(db, reason);
  await catalogueChanged(context.cache);
  // Loaded when first needed: scripts/serve.ts runs this module from source (onCatalogueChange), where the mail
  // code it reaches cannot load, and never edits the catalogue.
  const { alertAfterCatalogueWrite } = await import('../alerts/send.ts');
  await alertAfterCatalogueWrite(db, context);
}
