/**
 * What follows a write that changes public pages, before its answer: the caches that could still show the old content
 * catch up. Any writer's change reaches them through the change log anyway (the Node publisher reads it every few
 * hundred milliseconds; Netlify's purger runs after every write it knows of and every minute); a writer that calls
 * this waits, so that the admin panel can say its pages are current and a script ends with its pages purged. Titles
 * the write made watchable are then announced to the users whose Wishlist holds them (src/lib/alerts/).
 */
import type { APIContext } from 'astro';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { alertAfterCatalogueWrite, sendWishlistAlerts } from '../alerts/send.ts';
import { errorMessage } from '../http/respond.ts';
import { addMarker, waitForReaders } from './change-log.ts';
import { purgeChangedPages, purgesCdn } from './cdn-purge.ts';

/** Every Node publisher reads the log under a name with this prefix (scripts/page-builder.ts). */
export const NODE_READER_PREFIX = 'node:';
/** How long a write waits for the Node publishers to mark its pages stale. */
const WAIT_MS = 5_000;

/** What Netlify's adapter puts in an on-demand request's locals: the function's context. */
interface NetlifyLocals { netlify?: { context?: { waitUntil?: (work: Promise<unknown>) => void } } }

/**
 * Resolves once the pages the write changed are no longer served as they were: the running Node publishers have
 * marked them stale, and the CDN has purged them. In a Netlify function (`context`'s), the purges that follow a moment
 * later keep it running after the answer; elsewhere they are awaited. A failure is logged, never thrown.
 */
export async function catalogueChanged(db: Kysely<Database>, context?: APIContext): Promise<void> {
  const waitUntil = (context?.locals as NetlifyLocals | undefined)?.netlify?.context?.waitUntil;
  try {
    const [purged, caughtUp] = await Promise.all([
      purgesCdn() ? purgeChangedPages(db) : null,
      addMarker(db).then((marker) => waitForReaders(db, NODE_READER_PREFIX, marker, WAIT_MS)),
    ]);
    if (!caughtUp) console.error(`[publishing] a Node publisher did not catch up within ${WAIT_MS} ms; its pages follow when it does`);
    if (purged) {
      if (waitUntil) waitUntil(purged.settled);
      else await purged.settled;
    }
  } catch (error) {
    console.error(`[publishing] could not wait for the publishers: ${errorMessage(error)}`);
  }
  // An admin's write sends after its answer; a job or a script, before it goes on.
  await (context ? alertAfterCatalogueWrite(db, context) : sendWishlistAlerts(db))
    .catch((error: unknown) => console.error(`[alerts] after a catalogue write: ${errorMessage(error)}`));
}

/** What the admin panel says after an unpublish or delete of `count` titles, once catalogueChanged returned. */
export function takedownNotice(count: number): string {
  return `${count} item(s) offline now: their pages answer "not found", and the pages that listed them follow within seconds.`;
}
