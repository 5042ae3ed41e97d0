/** The signed-in user's avatar as SVG. */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { avatarSvg } from '../../../lib/accounts/avatar.ts';

export const prerender = false;

export const GET = endpoint({
  access: 'user',
  handler: ({ user }) => new Response(avatarSvg(user.email), {
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'private, max-age=86400' },
  }),
});
