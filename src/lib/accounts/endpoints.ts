/**
 * The account endpoints (routes in src/pages/api/accounts and src/pages/api/me are one-line wrappers).
 * Every answer that could tell whether an e-mail has an account is the same either way, and takes the same work:
 * the mail, and the lookups it needs, are queued and sent after the answer (mail-queue.ts).
 */
import { z } from 'astro/zod';
import { json, jsonError, readJson } from '../http/respond.ts';
import { confirmEmail, replacePassword } from './accounts.ts';
import type { SessionUser } from './guards.ts';
import { enqueueAccountMail, sendQueuedAccountMail, type AccountMailJob, type MailQueueDeps } from './mail-queue.ts';
import { MESSAGES } from './messages.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { RATE_LIMITS, emailBucket, hitRateLimits, ipBucket } from './rate-limit.ts';
import { emailProblem, newPasswordProblem, signUpProblem } from './rules.ts';
import { sessionCookie, type SessionKeys } from './session.ts';
import { consumeAuthToken } from './tokens.ts';

export interface AccountDeps extends MailQueueDeps {
  keys: SessionKeys;
  clientIp: string;
  /** Runs work once the answer is on its way (kept alive on Netlify by waitUntil); errors are the runner's to log. */
  afterResponse(work: () => Promise<unknown>): void;
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
  await queueMail(deps, { kind: 'sign_up', email, passwordHash: await hashPassword(password) });
  return json({ message: MESSAGES.confirmationSent });
}

async function queueMail(deps: AccountDeps, job: AccountMailJob): Promise<void> {
  await enqueueAccountMail(deps.db, job);
  deps.afterResponse(() => sendQueuedAccountMail(deps));
}

/** GET /api/accounts/confirm?token=...: activates the account, then the login page says how it went. */
export async function handleConfirmEmail(url: URL, deps: Pick<AccountDeps, 'db'>): Promise<Response> {
  const token = url.searchParams.get('token') ?? '';
  const consumed = token.length <= 200 ? await consumeAuthToken(deps.db, token, 'confirm_email') : null;
  if (consumed) await confirmEmail(deps.db, consumed);
  return new Response(null, { status: 303, headers: { Location: `/login?confirmed=${consumed ? 1 : 0}`, 'Cache-Control': 'no-store' } });
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
  await queueMail(deps, { kind: 'password_reset', email });
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
  const consumed = await consumeAuthToken(db, token, 'reset_password');
  if (!consumed) return jsonError(MESSAGES.resetLinkInvalid);
  const claims = await replacePassword(db, consumed.userId, password, { confirmEmail: true });
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
