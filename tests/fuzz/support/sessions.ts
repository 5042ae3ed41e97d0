/** A user and an admin with real session cookies for the built server (its AUTH_SECRET comes from the global setup). */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { createTestUser, sessionCookieHeader } from '../../support/sessions.ts';

export type Role = 'visitor' | 'user' | 'admin';

export interface FuzzSessions {
  cookieFor(role: Role): string | null;
}

export async function fuzzSessions(db: Kysely<Database>): Promise<FuzzSessions> {
  const secret = process.env.E2E_AUTH_SECRET;
  if (!secret) throw new Error('E2E_AUTH_SECRET is not set: the fuzz tier runs under the e2e global setup.');
  const keys = { secret, secure: false };
  const user = await createTestUser(db, { role: 'user' });
  const admin = await createTestUser(db, { role: 'admin' });
  const cookies = {
    visitor: null,
    user: await sessionCookieHeader(db, user.id, keys),
    admin: await sessionCookieHeader(db, admin.id, keys),
  };
  return { cookieFor: (role) => cookies[role] };
}
