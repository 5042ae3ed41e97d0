/**
 * Rebuilds the site on a schedule through the build hook (NETLIFY_BUILD_HOOK_URL), so time-based content
 * (e.g. "newly launched") stays fresh even without admin changes.
 *
 * Netlify reads `config.schedule` statically from this file, so it must be a literal: '@daily' by default.
 * REBUILD_SCHEDULE=off (an environment variable) turns the scheduled rebuild into a no-op without a code change.
 * Doing nothing is never a failure: a site without a build hook (or with the schedule off) answers 200 and
 * logs why, so Netlify does not report a failing function every day.
 */
import { postBuildHook } from '../../src/lib/rebuild/hook.ts';
import { buildHookUrl, scheduledRebuildEnabled } from '../../src/lib/settings.ts';

export const SCHEDULE_OFF = 'Scheduled rebuild is off (REBUILD_SCHEDULE=off).';
export const NO_BUILD_HOOK = 'Scheduled rebuild skipped: NETLIFY_BUILD_HOOK_URL is not set.';

export default async (): Promise<Response> => {
  if (!scheduledRebuildEnabled()) return skipped(SCHEDULE_OFF);
  if (!buildHookUrl()) return skipped(NO_BUILD_HOOK);
  try {
    await postBuildHook();
    return new Response('Build hook triggered.', { status: 200 });
  } catch (error) {
    console.error('[scheduled-rebuild]', error);
    return new Response(error instanceof Error ? error.message : 'Build hook failed.', { status: 500 });
  }
};

function skipped(reason: string): Response {
  console.log(`[scheduled-rebuild] ${reason}`);
  return new Response(reason, { status: 200 });
}

export const config = { schedule: '@daily' };
