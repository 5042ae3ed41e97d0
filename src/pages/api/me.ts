/** The signed-in user (set by the middleware from the session cookie), or null for a visitor. */
import type { APIRoute } from 'astro';
import { json } from '../../lib/http/respond.ts';

export const prerender = false;

export const GET: APIRoute = ({ locals }) => json({ user: locals.user });
