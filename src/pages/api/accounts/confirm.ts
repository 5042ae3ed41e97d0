/** The link in the confirmation e-mail: activates the account and goes to the login page. */
import type { APIRoute } from 'astro';
import { getDb } from '../../../lib/db.ts';
import { handleConfirmEmail } from '../../../lib/accounts/endpoints.ts';

export const prerender = false;

export const GET: APIRoute = async ({ url }) => handleConfirmEmail(url, { db: await getDb() });
