/**
 * Users and real session cookies for integration tests: the cookie is what Auth.js would set after signing in,
 * so endpoints and the middleware can be called exactly as a browser would call them.
 */
import type { Kysely } from 'kysely';
import type { Database, Role } from '../../db/schema.ts';
import { hashPassword } from '../../src/lib/accounts/passwords.ts';
import { sessionCookie, type SessionKeys } from '../../src/lib/accounts/session.ts';

export const TEST_SESSION_KEYS: SessionKeys = { secret: 'integration-test-secret-0123456789abcdef', secure: false };

export interface TestUser {
  id: string;
  email: string;
  password: string;
  role: Role;
}

let counter = 0;

export async function createTestUser(
  db: Kysely<Database>,
  options: { email?: string; password?: string; role?: Role; confirmed?: boolean } = {},
): Promise<TestUser> {
  const email = options.email ?? `user${++counter}-${Date.now()}@example.com`;
  const password = options.password ?? 'secret123';
  const role = options.role ?? 'user';
  const row = await db.insertInto('users')
    .values({ email, password_hash: await hashPassword(password), role, email_confirmed_at: options.confirmed === false ? null : new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email, password, role };
}

/** A `Cookie` header value carrying a session for the user, with the user's current session_version. */
export async function sessionCookieHeader(db: Kysely<Database>, userId: string, keys = TEST_SESSION_KEYS): Promise<string> {
  const user = await db.selectFrom('users').select(['id', 'email', 'session_version']).where('id', '=', userId).executeTakeFirstOrThrow();
  const setCookie = await sessionCookie({ sub: user.id, email: user.email, session_version: user.session_version }, keys);
  return setCookie.split(';')[0]!;
}
