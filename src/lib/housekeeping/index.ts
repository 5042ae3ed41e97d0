/**
 * The housekeeping job: drops rows nothing needs any more (and sends the Wishlist alerts any catalogue change left due), in bounded batches, on a schedule rather than on the
 * path of a request (so a flood of requests never pays for it, and a backlog is worked off over several runs).
 * The Node server runs it every hour from its first request; on Netlify the scheduled function
 * netlify/functions/housekeeping.ts runs it daily.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { pruneIdleRateLimits } from '../accounts/rate-limit.ts';
import { onServerlessHost } from '../settings.ts';
import { sendWishlistAlerts } from '../alerts/send.ts';
import {
  purgeFinishedImportJobs, purgeFinishedRebuilds, purgeFinishedSyncs, purgeOldChanges, purgeSpentAuthTokens, purgeUnconfirmedAccounts,
} from './purges.ts';

export interface HousekeepingReport {
  rateLimits: number;
  authTokens: number;
  unconfirmedAccounts: number;
  importJobs: number;
  rebuilds: number;
  syncs: number;
  catalogueChanges: number;
  /** Wishlist alerts found due and sent: a catalogue change no writer announced (src/lib/alerts/). */
  wishlistAlerts: number;
}

/** One after the other, so the job never holds more than one batch's locks. */
export async function runHousekeeping(db: Kysely<Database>): Promise<HousekeepingReport> {
  return {
    rateLimits: await pruneIdleRateLimits(db),
    authTokens: await purgeSpentAuthTokens(db),
    unconfirmedAccounts: await purgeUnconfirmedAccounts(db),
    importJobs: await purgeFinishedImportJobs(db),
    rebuilds: await purgeFinishedRebuilds(db),
    syncs: await purgeFinishedSyncs(db),
    catalogueChanges: await purgeOldChanges(db),
    wishlistAlerts: await sendWishlistAlerts(db),
  };
}

const NODE_INTERVAL_MS = 60 * 60_000;
let scheduled = false;

/** On a long-running server (not a function), runs the job a minute after the first request and then hourly. */
export function scheduleHousekeepingOnce(getDb: () => Promise<Kysely<Database>>): void {
  if (scheduled || onServerlessHost()) return;
  scheduled = true;
  const run = () => void getDb().then(runHousekeeping).catch((error: unknown) => console.error('[housekeeping]', error));
  setTimeout(run, 60_000).unref();
  setInterval(run, NODE_INTERVAL_MS).unref();
}
