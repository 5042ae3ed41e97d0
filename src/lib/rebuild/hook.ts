/** The Netlify build hook: one POST starts a deploy that prerenders the site from the database. */
import { buildHookUrl } from '../settings.ts';

/** POSTs the Netlify build hook; also used by the scheduled function. */
export async function postBuildHook(url = buildHookUrl(), fetchImpl: typeof fetch = fetch): Promise<void> {
  if (!url) throw new Error('NETLIFY_BUILD_HOOK_URL is not set.');
  const response = await fetchImpl(url, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } });
  if (!response.ok) throw new Error(`Build hook answered ${response.status}.`);
}
