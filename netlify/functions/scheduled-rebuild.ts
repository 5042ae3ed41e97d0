/**
 * Rebuilds the site on a schedule through the build hook (NETLIFY_BUILD_HOOK_URL), so time-based content
 * (e.g. "newly launched") stays fresh even without admin changes.
 *
 * Netlify reads `config.schedule` statically from this file, so it must be a literal: '@daily' by default.
 * REBUILD_SCHEDULE=off (an environment variable) turns the scheduled rebuild into a no-op without a code change.
 */
import { postBuildHook } from '../../src/lib/rebuild/hook.ts';
import { scheduledRebuildEnabled } from '../../src/lib/settings.ts';

export default async (): Promise<Response> => {
  if (!scheduledRebuildEnabled()) return new Response('Scheduled rebuild is off.', { status: 200 });
  try {
    await postBuildHook();
    return new Response('Build hook triggered.', { status: 200 });
  } catch (error) {
    console.error('[scheduled-rebuild]', error);
    return new Response(error instanceof Error ? error.message : 'Build hook failed.', { status: 500 });
  }
};

export const config = { schedule: '@daily' };
