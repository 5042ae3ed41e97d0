/** Queries on users behind the account endpoints. E-mails are matched case-insensitively (users_email_key). */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { hashPassword } from './passwords.ts';
import { normaliseEmail } from './client/rules.ts';
import { userOfToken, type SessionClaims } from './session.ts';
import { voidAuthTokens, type ConsumedToken } from './tokens.ts';
import type { DeviceAccount } from './device.ts';

export function findUserByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('users')
    .select(['id', 'email', 'password_hash', 'email_confirmed_at', 'session_version'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', normaliseEmail(email)))
    .executeTakeFirst();
}

/** Inserts an unconfirmed user; null when the e-mail is already taken (also by a concurrent sign-up). */
export async function insertUnconfirmedUser(db: Kysely<Database>, email: string, passwordHash: string): Promise<string | null> {
  const row = await db.insertInto('users')
    .values({ email: normaliseEmail(email), password_hash: passwordHash })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Follows a confirmation link: an unconfirmed account becomes confirmed with the password chosen with that link's
 * sign-up (not whichever sign-up for the address came first), and the address's other confirmation links die.
 * An account already confirmed keeps its password.
 */
export async function confirmEmail(db: Kysely<Database>, token: ConsumedToken): Promise<void> {
  await db.updateTable('users')
    .set((eb) => ({
      email_confirmed_at: eb.fn<Date>('now'),
      ...(token.passwordHash ? { password_hash: token.passwordHash } : {}),
    }))
    .where('id', '=', token.userId)
    .where('email_confirmed_at', 'is', null)
    .execute();
  await voidAuthTokens(db, token.userId, 'confirm_email');
}

/** After a new password: the claims of a fresh session for the caller, and the account for their device cookie. */
export interface NewPassword {
  claims: SessionClaims;
  device: DeviceAccount;
}

/**
 * Sets a new password and bumps session_version, which ends every existing session; returns the claims of a
 * fresh session for the caller. The new hash also voids every browser's device tag (device.ts). Following a reset
 * link also proves the address, so it confirms the e-mail.
 */
export async function replacePassword(
  db: Kysely<Database>, userId: string, password: string, options: { confirmEmail?: boolean } = {},
): Promise<NewPassword> {
  const passwordHash = await hashPassword(password);
  const row = await db.updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      session_version: eb('session_version', '+', 1),
      ...(options.confirmEmail ? { email_confirmed_at: eb.fn.coalesce('email_confirmed_at', eb.fn<Date>('now')) } : {}),
    }))
    .where('id', '=', userId)
    .returning(['id', 'email', 'session_version'])
    .executeTakeFirstOrThrow();
  // Pending reset links and, once the address is proven, pending sign-up confirmations (with their passwords) die.
  await voidAuthTokens(db, userId, 'reset_password');
  if (options.confirmEmail) await voidAuthTokens(db, userId, 'confirm_email');
  return { claims: { sub: row.id, email: row.email, session_version: row.session_version }, device: { email: row.email, passwordHash } };
}

/**
 * Sign-out: bumps session_version, which ends every session of the user (a copied cookie too), if the token is
 * still one of them (a stale cookie signs out nobody).
 */
export async function endSessions(db: Kysely<Database>, token: Record<string, unknown>): Promise<void> {
  const user = await userOfToken(db, token);
  if (!user) return;
  await db.updateTable('users').set((eb) => ({ session_version: eb('session_version', '+', 1) }))
    .where('id', '=', user.id).where('session_version', '=', token.session_version as number).execute();
}

export type AdminChange = 'created' | 'promoted' | 'updated';

/**
 * `npm run create-admin`: makes the address a confirmed admin with this password. An existing account is promoted
 * (or, already an admin, updated); either way its other sessions end, as with any password change.
 */
export async function createOrPromoteAdmin(db: Kysely<Database>, email: string, password: string): Promise<AdminChange> {
  const existing = await db.selectFrom('users').select(['id', 'role'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', normaliseEmail(email))).executeTakeFirst();
  if (!existing) {
    await db.insertInto('users')
      .values({ email: normaliseEmail(email), password_hash: await hashPassword(password), role: 'admin', email_confirmed_at: new Date() })
      .execute();
    return 'created';
  }
  await replacePassword(db, existing.id, password, { confirmEmail: true });
  await db.updateTable('users').set({ role: 'admin' }).where('id', '=', existing.id).execute();
  return existing.role === 'admin' ? 'updated' : 'promoted';
}
