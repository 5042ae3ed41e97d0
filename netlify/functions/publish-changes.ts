/**
 * Every minute on Netlify: purges the CDN of what changed that no admin write or script purged already (plain SQL,
 * a purge Netlify refused or that failed), from the catalogue's change log (src/lib/publishing/cdn-purge.ts).
 * Netlify reads `config.schedule` statically from this file, so it must be a literal.
 */
import { getDb } from '../../src/lib/db.ts';
import { errorMessage } from '../../src/lib/http/respond.ts';
import { purgeChangedPages } from '../../src/lib/publishing/cdn-purge.ts';

export default async (): Promise<Response> => {
  try {
    const { settled } = await purgeChangedPages(await getDb());
    await settled;
    return new Response('Purged what changed.', { status: 200 });
  } catch (error) {
    console.error('[publish-changes]', error);
    return new Response(errorMessage(error), { status: 500 });
  }
};

export const config = { schedule: '* * * * *' };
