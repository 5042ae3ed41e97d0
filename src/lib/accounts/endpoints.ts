/**
 * The account endpoints (routes in src/pages/api/accounts and src/pages/api/me are one-line wrappers).
 * Every answer that could tell whether an e-mail has an account is the same either way.
 */
import { z } from 'astro/zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { json, jsonError, readJson } from '../http/respond.ts';
import { confirmEmail, findUserByEmail, insertUnconfirmedUser, replacePassword } from './accounts.ts';
import { alreadyRegisteredEmail, confirmationEmail, passwordResetEmail } from './emails.ts';
import type { SessionUser } from './guards.ts';
import type { Mailer } from './mail.ts';
import { MESSAGES } from './messages.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { RATE_LIMITS, emailBucket, hitRateLimits, ipBucket } from './rate-limit.ts';
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

const password = z.string().max(1024);
const SignUpBody = z.object({ email: z.string().max(320), password, confirm: password });
const ForgotBody = z.object({ email: z.string().max(320) });
const ResetBody = z.object({ token: z.string().min(1).max(200), password, confirm: password });
const ChangeBody = z.object({ currentPassword: password, password, confirm: password });

const tooManyAttempts = () => jsonError(MESSAGES.tooManyAttempts, 429);

export async function handleSignUp(request: Request, deps: AccountDeps): Promise<Response> {
  const body = await readJson(request, SignUpBody);
  if (!body.ok) return body.response;
  const { email, password, confirm } = body.data;
  const problem = signUpProblem(email, password, confirm);
  if (problem) return jsonError(problem);
  const { db } = deps;
  if (!await hitRateLimits(db, [[ipBucket('sign-up', deps.clientIp), RATE_LIMITS.signUpPerIp], [emailBucket('sign-up', email), RATE_LIMITS.signUpPerEmail]])) {
    return tooManyAttempts();
  }
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
  return json({ message: MESSAGES.confirmationSent });
}

/** GET /api/accounts/confirm?token=...: activates the account, then the login page says how it went. */
export async function handleConfirmEmail(url: URL, deps: Pick<AccountDeps, 'db'>): Promise<Response> {
  const token = url.searchParams.get('token') ?? '';
  const userId = token.length <= 200 ? await consumeAuthToken(deps.db, token, 'confirm_email') : null;
  if (userId) await confirmEmail(deps.db, userId);
  return new Response(null, { status: 303, headers: { Location: `/login?confirmed=${userId ? 1 : 0}`, 'Cache-Control': 'no-store' } });
}

export async function handleForgotPassword(request: Request, deps: AccountDeps): Promise<Response> {
  const body = await readJson(request, ForgotBody);
  if (!body.ok) return body.response;
  const { email } = body.data;
  const problem = emailProblem(email);
  if (problem) return jsonError(problem);
  const { db } = deps;
  if (!await hitRateLimits(db, [[ipBucket('reset', deps.clientIp), RATE_LIMITS.resetPerIp], [emailBucket('reset', email), RATE_LIMITS.resetPerEmail]])) {
    return tooManyAttempts();
  }
  const user = await findUserByEmail(db, email);
  if (user) {
    const token = await createAuthToken(db, user.id, 'reset_password');
    await deps.mailer(passwordResetEmail(user.email, `${deps.siteOrigin}/reset-password?token=${token}`));
  }
  return json({ message: MESSAGES.resetLinkSent });
}

/** Sets the new password from a reset link; the caller is signed in and every other session ends. */
export async function handleResetPassword(request: Request, deps: AccountDeps): Promise<Response> {
  const body = await readJson(request, ResetBody);
  if (!body.ok) return body.response;
  const { token, password, confirm } = body.data;
  // Checked before the token is spent, so a typo does not cost the link.
  const problem = newPasswordProblem(password, confirm);
  if (problem) return jsonError(problem);
  const { db } = deps;
  if (!await hitRateLimits(db, [[ipBucket('reset', deps.clientIp), RATE_LIMITS.resetPerIp]])) return tooManyAttempts();
  const userId = await consumeAuthToken(db, token, 'reset_password');
  if (!userId) return jsonError(MESSAGES.resetLinkInvalid);
  const claims = await replacePassword(db, userId, password, { confirmEmail: true });
  // Other reset links sent before this one are void too.
  await db.updateTable('auth_tokens').set({ used_at: new Date() })
    .where('user_id', '=', userId).where('purpose', '=', 'reset_password').where('used_at', 'is', null).execute();
  return json({ message: MESSAGES.passwordReset }, 200, { 'Set-Cookie': await sessionCookie(claims, deps.keys) });
}

/** POST /api/me/password: needs the current password; re-issues the caller's cookie, other sessions end. */
export async function handleChangePassword(request: Request, user: SessionUser, deps: Pick<AccountDeps, 'db' | 'keys'>): Promise<Response> {
  const body = await readJson(request, ChangeBody);
  if (!body.ok) return body.response;
  const { currentPassword, password, confirm } = body.data;
  const problem = newPasswordProblem(password, confirm);
  if (problem) return jsonError(problem);
  const { db } = deps;
  if (!await hitRateLimits(db, [[`password-change:user:${user.id}`, RATE_LIMITS.passwordChangePerUser]])) return tooManyAttempts();
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
  if (!await verifyPassword(currentPassword, row.password_hash)) return jsonError(MESSAGES.currentPasswordWrong);
  const claims = await replacePassword(db, user.id, password);
  return json({ message: MESSAGES.passwordUpdated }, 200, { 'Set-Cookie': await sessionCookie(claims, deps.keys) });
}
