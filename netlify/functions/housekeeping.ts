/**
 * Runs the housekeeping job (src/lib/housekeeping/) once a day on Netlify, where no process lives long enough to
 * run it on a timer. Netlify reads `config.schedule` statically from this file, so it must be a literal.
 */
import { getDb } from '../../src/lib/db.ts';
import { runHousekeeping } from '../../src/lib/housekeeping/index.ts';

export default async (): Promise<Response> => {
  try {
    const report = await runHousekeeping(await getDb());
    console.log('[housekeeping]', JSON.stringify(report));
    return Response.json(report);
  } catch (error) {
    console.error('[housekeeping]', error);
    return new Response('Housekeeping failed.', { status: 500 });
  }
};

export const config = { schedule: '@daily' };
