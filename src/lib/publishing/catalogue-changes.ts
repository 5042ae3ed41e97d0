/**
 * What follows a write that changes public pages, before its answer: the caches that could still show the old content
 * catch up. Any writer's change reaches them through the change log anyway (the Node publisher reads it every few
 * hundred milliseconds; Netlify's purger runs after every write it knows of and every minute); an admin write waits so
 * that the panel can say its pages are current.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { errorMessage } from '../http/respond.ts';
import { targetsNetlify } from '../settings.ts';
import { addMarker, waitForReaders } from './change-log.ts';

/** Every Node publisher reads the log under a name with this prefix (scripts/page-builder.ts). */
export const NODE_READER_PREFIX = 'node:';
/** How long a write waits for the Node publishers to mark its pages stale. */
const WAIT_MS = 5_000;

/** Resolves once the pages the write changed are no longer served as they were. A failure is logged, never thrown. */
export async function catalogueChanged(db: Kysely<Database>): Promise<void> {
  try {
    if (targetsNetlify()) return;
    if (!(await waitForReaders(db, NODE_READER_PREFIX, await addMarker(db), WAIT_MS))) {
      console.error(`[publishing] a publisher did not catch up within ${WAIT_MS} ms; its pages follow when it does`);
    }
  } catch (error) {
    console.error(`[publishing] could not wait for the publishers: ${errorMessage(error)}`);
  }
}

/** What the admin panel says after an unpublish or delete of `count` titles, once catalogueChanged returned. */
export function takedownNotice(count: number): string {
  return `${count} item(s) offline now: their pages answer "not found", and the pages that listed them follow within seconds.`;
}
