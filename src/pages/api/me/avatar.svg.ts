/** The signed-in user's avatar as SVG; never cached, since one URL serves whoever is signed in to the browser. */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { avatarSvg } from '../../../lib/accounts/avatar.ts';
import { accountRoutes } from '../../../lib/accounts/routes.ts';

export const prerender = false;

export const GET = endpoint(accountRoutes.avatar, {
  handler: ({ user }) => new Response(avatarSvg(user.email), {
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'no-store' },
  }),
});
