/**
 * Single-use e-mail tokens (confirm e-mail, reset password). Only a SHA-256 of the token is stored, so a leaked
 * database cannot be used to take over accounts; a token is consumed atomically, so it works once.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AuthTokensTable, Database } from '../../../db/schema.ts';

export type TokenPurpose = AuthTokensTable['purpose'];

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  confirm_email: 24 * 60 * 60_000,
  reset_password: 60 * 60_000,
};

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function tokenExpiry(purpose: TokenPurpose, now = new Date()): Date {
  return new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]);
}

/**
 * Creates a token for the user and returns it in clear (to put in the e-mailed link). A confirmation token carries
 * the hash of the password chosen with its sign-up.
 */
export async function createAuthToken(
  db: Kysely<Database>, userId: string, purpose: TokenPurpose, passwordHash: string | null = null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insertInto('auth_tokens')
    .values({ token_hash: hashToken(token), user_id: userId, purpose, expires_at: tokenExpiry(purpose), password_hash: passwordHash })
    .execute();
  return token;
}

export interface ConsumedToken {
  userId: string;
  passwordHash: string | null;
}

/** Marks an unused, unexpired token as used and returns what it carries; null when the token cannot be used. */
export async function consumeAuthToken(db: Kysely<Database>, token: string, purpose: TokenPurpose): Promise<ConsumedToken | null> {
  const row = await db.updateTable('auth_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['user_id', 'password_hash'])
    .executeTakeFirst();
  return row ? { userId: row.user_id, passwordHash: row.password_hash } : null;
}

/** Voids the user's unused tokens of one purpose (the account moved on: confirmed, or the password was reset). */
export async function voidAuthTokens(db: Kysely<Database>, userId: string, purpose: TokenPurpose): Promise<void> {
  await db.updateTable('auth_tokens').set({ used_at: new Date() })
    .where('user_id', '=', userId).where('purpose', '=', purpose).where('used_at', 'is', null).execute();
}
