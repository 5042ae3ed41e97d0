/**
 * What the account endpoints do (routes in src/pages/api/accounts and src/pages/api/me). Every answer that could
 * tell whether an e-mail has an account is the same either way.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { InvalidInput, TooManyRequests } from '../http/errors.ts';
import { confirmEmail, findUserByEmail, insertUnconfirmedUser, replacePassword } from './accounts.ts';
import type { AccountMessage, ChangePasswordInput, ResetPasswordInput, SignUpInput } from './contract.ts';
import { alreadyRegisteredEmail, confirmationEmail, passwordResetEmail } from './emails.ts';
import type { SessionUser } from './guards.ts';
import type { Mailer } from './mail.ts';
import { MESSAGES } from './messages.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { RATE_LIMITS, emailBucket, hitRateLimits, ipBucket, type RateLimit } from './rate-limit.ts';
import { emailProblem, newPasswordProblem, normaliseEmail, signUpProblem } from './rules.ts';
import { sessionCookie, type SessionKeys } from './session.ts';
import { consumeAuthToken, createAuthToken } from './tokens.ts';

export interface AccountDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  keys: SessionKeys;
  /** Origin for links in e-mails (the configured site, never the request's Host header). */
  siteOrigin: string;
  clientIp: string;
}

/** A success that also signs the caller in: the answer and its session cookie. */
export interface SignedIn extends AccountMessage { cookie: string }

function refuse(problem: string | null): void {
  if (problem) throw new InvalidInput(problem);
}

async function limit(db: Kysely<Database>, buckets: [string, RateLimit][]): Promise<void> {
  if (!(await hitRateLimits(db, buckets))) throw new TooManyRequests(MESSAGES.tooManyAttempts);
}

export async function signUp(deps: AccountDeps, { email, password, confirm }: SignUpInput): Promise<AccountMessage> {
  refuse(signUpProblem(email, password, confirm));
  const { db } = deps;
  await limit(db, [[ipBucket('sign-up', deps.clientIp), RATE_LIMITS.signUpPerIp], [emailBucket('sign-up', email), RATE_LIMITS.signUpPerEmail]]);
  // Hashed before the lookup so that a new and a known address take the same time.
  const passwordHash = await hashPassword(password);
  const newUserId = await insertUnconfirmedUser(db, email, passwordHash);
  const existing = newUserId ? null : await findUserByEmail(db, email);
  if (newUserId || (existing && !existing.email_confirmed_at)) {
    const token = await createAuthToken(db, (newUserId ?? existing!.id), 'confirm_email');
    await deps.mailer(confirmationEmail(existing?.email ?? normaliseEmail(email), `${deps.siteOrigin}/api/accounts/confirm?token=${token}`));
  } else if (existing) {
    await deps.mailer(alreadyRegisteredEmail(existing.email, `${deps.siteOrigin}/login`));
  }
  return { message: MESSAGES.confirmationSent };
}

/** Activates the account of a confirmation token; answers whether it did (the login page then says how it went). */
export async function confirmAccount(db: Kysely<Database>, token: string): Promise<boolean> {
  const userId = token.length <= 200 ? await consumeAuthToken(db, token, 'confirm_email') : null;
  if (userId) await confirmEmail(db, userId);
  return Boolean(userId);
}

export async function forgotPassword(deps: AccountDeps, { email }: { email: string }): Promise<AccountMessage> {
  refuse(emailProblem(email));
  const { db } = deps;
  await limit(db, [[ipBucket('reset', deps.clientIp), RATE_LIMITS.resetPerIp], [emailBucket('reset', email), RATE_LIMITS.resetPerEmail]]);
  const user = await findUserByEmail(db, email);
  if (user) {
    const token = await createAuthToken(db, user.id, 'reset_password');
    await deps.mailer(passwordResetEmail(user.email, `${deps.siteOrigin}/reset-password?token=${token}`));
  }
  return { message: MESSAGES.resetLinkSent };
}

/** Sets the new password from a reset link; the caller is signed in and every other session ends. */
export async function resetPassword(deps: Pick<AccountDeps, 'db' | 'keys' | 'clientIp'>, { token, password, confirm }: ResetPasswordInput): Promise<SignedIn> {
  // Checked before the token is spent, so a typo does not cost the link.
  refuse(newPasswordProblem(password, confirm));
  const { db } = deps;
  await limit(db, [[ipBucket('reset', deps.clientIp), RATE_LIMITS.resetPerIp]]);
  const userId = await consumeAuthToken(db, token, 'reset_password');
  if (!userId) throw new InvalidInput(MESSAGES.resetLinkInvalid);
  const claims = await replacePassword(db, userId, password, { confirmEmail: true });
  // Other reset links sent before this one are void too.
  await db.updateTable('auth_tokens').set({ used_at: new Date() })
    .where('user_id', '=', userId).where('purpose', '=', 'reset_password').where('used_at', 'is', null).execute();
  return { message: MESSAGES.passwordReset, cookie: await sessionCookie(claims, deps.keys) };
}

/** Needs the current password; re-issues the caller's cookie, other sessions end. */
export async function changePassword(deps: Pick<AccountDeps, 'db' | 'keys'>, user: SessionUser, { currentPassword, password, confirm }: ChangePasswordInput): Promise<SignedIn> {
  refuse(newPasswordProblem(password, confirm));
  const { db } = deps;
  await limit(db, [[`password-change:user:${user.id}`, RATE_LIMITS.passwordChangePerUser]]);
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
  if (!await verifyPassword(currentPassword, row.password_hash)) throw new InvalidInput(MESSAGES.currentPasswordWrong);
  const claims = await replacePassword(db, user.id, password);
  return { message: MESSAGES.passwordUpdated, cookie: await sessionCookie(claims, deps.keys) };
}
