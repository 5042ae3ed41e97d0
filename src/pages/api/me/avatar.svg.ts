/** The signed-in user's avatar as SVG. */
import type { APIRoute } from 'astro';
import { avatarSvg } from '../../../lib/accounts/avatar.ts';
import { refuseVisitor } from '../../../lib/accounts/guards.ts';

export const prerender = false;

export const GET: APIRoute = ({ locals }) =>
  refuseVisitor(locals) ??
  new Response(avatarSvg(locals.user!.email), {
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'private, max-age=86400' },
  });
