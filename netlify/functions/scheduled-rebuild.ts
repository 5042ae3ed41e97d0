/**
 * The daily job on Netlify (src/lib/tmdb/daily.ts), the site's one scheduler: with TMDB_API_KEY it starts the
 * TMDB sync in the sync background function, whose changes purge the CDN tags of the pages that show them as it
 * stores them (src/lib/publishing/cdn-purge.ts); without it, it requests a rebuild through the build hook, so that
 * time-based content (e.g. "newly launched") stays fresh.
 *
 * Netlify reads `config.schedule` statically from this file, so it must be a literal: '@daily'.
 * REBUILD_SCHEDULE=off (an environment variable) turns it into a no-op without a code change. Doing nothing is
 * never a failure: a site without a build hook (or with the schedule off) answers 200 and logs why, so Netlify
 * does not report a failing function every day.
 */
import type { Config, Context } from '@netlify/functions';
import { getDb } from '../../src/lib/db.ts';
import { errorMessage } from '../../src/lib/http/respond.ts';
import { runDailyJob } from '../../src/lib/tmdb/daily.ts';

export default async (_request: Request, context: Context): Promise<Response> => {
  try {
    const run = await runDailyJob(await getDb(), context.site.url ?? '');
    context.waitUntil(run.pending);
    console.log(`[scheduled-rebuild] ${run.message}`);
    return new Response(run.message, { status: 200 });
  } catch (error) {
    console.error('[scheduled-rebuild]', error);
    return new Response(errorMessage(error), { status: 500 });
  }
};

export const config: Config = { schedule: '@daily' };
