/**
 * The unsubscribe page's form (src/pages/unsubscribe.astro) posts the mail's signed token here: no session needed.
 * A plain form (checked for the site's origin by Astro), so the link works before any script.
 */
import { UNSUBSCRIBE_PAGE_PATH } from '../../../lib/alerts/contract.ts';
import { alertRoutes } from '../../../lib/alerts/routes.ts';
import { unsubscribeWithToken } from '../../../lib/alerts/subscriptions.ts';
import { sessionKeys } from '../../../lib/accounts/server-env.ts';
import { endpoint, readLimitedText } from '../../../lib/http/endpoint.ts';
import { UnsupportedMediaType } from '../../../lib/http/errors.ts';

export const prerender = false;

const MAX_FORM_BYTES = 4096;

export const POST = endpoint(alertRoutes.unsubscribe, {
  handler: async ({ db, context }) => {
    if (!/^application\/x-www-form-urlencoded\b/i.test(context.request.headers.get('content-type') ?? '')) {
      throw new UnsupportedMediaType('Content-Type must be application/x-www-form-urlencoded.');
    }
    const form = new URLSearchParams(await readLimitedText(context.request, MAX_FORM_BYTES));
    await unsubscribeWithToken(db, sessionKeys(context).secret, form.get('token'));
    return new Response(null, { status: 303, headers: { Location: `${UNSUBSCRIBE_PAGE_PATH}?done=1`, 'Cache-Control': 'no-store' } });
  },
});
