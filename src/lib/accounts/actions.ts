/**
 * What the account endpoints do (routes in src/pages/api/accounts and src/pages/api/me). Every answer that could
 * tell whether an e-mail has an account is the same either way, and takes the same work: the mail, and the lookups
 * it needs, are queued and sent after the answer (mail-queue.ts).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { InvalidInput, TooManyRequests } from '../http/errors.ts';
import { confirmEmail, replacePassword, type NewPassword } from './accounts.ts';
import { deviceCookie } from './device.ts';
import type { AccountMessage, ChangePasswordInput, ResetPasswordInput, SignUpInput } from './contract.ts';
import type { SessionUser } from './contract.ts';
import { enqueueAccountMail, sendQueuedAccountMail, type AccountMailJob, type MailQueueDeps } from './mail-queue.ts';
import { MESSAGES } from './client/messages.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { RATE_LIMITS, clientRateLimits, emailAndIpBucket, hitRateLimit, hitRateLimits, type RateLimit } from './rate-limit.ts';
import { emailProblem, newPasswordProblem, signUpProblem } from './client/rules.ts';
import { sessionCookie, type SessionKeys } from './session.ts';
import { consumeAuthToken } from './tokens.ts';

export interface AccountDeps extends MailQueueDeps {
  keys: SessionKeys;
  clientIp: string;
  /** The request's Cookie header: the device cookie's other tags are kept when a new password sets this account's. */
  cookies: string | null;
  /** Runs work once the answer is on its way (kept alive on Netlify by waitUntil); errors are the runner's to log. */
  afterResponse(work: () => Promise<unknown>): void;
}

/** A success that also signs the caller in: the answer, its session cookie and its device cookie (device.ts). */
export interface SignedIn extends AccountMessage { cookies: string[] }

function refuse(problem: string | null): void {
  if (problem) throw new InvalidInput(problem);
}

async function limit(db: Kysely<Database>, buckets: [string, RateLimit][]): Promise<void> {
  if (!(await hitRateLimits(db, buckets))) throw new TooManyRequests(MESSAGES.tooManyAttempts);
}

export async function signUp(deps: AccountDeps, { email, password, confirm }: SignUpInput): Promise<AccountMessage> {
  refuse(signUpProblem(email, password, confirm));
  await limit(deps.db, clientRateLimits('sign-up', deps.clientIp, RATE_LIMITS.signUp));
  const passwordHash = await hashPassword(password);
  await queueMail(deps, 'sign-up', { kind: 'sign_up', email, passwordHash });
  return { message: MESSAGES.confirmationSent };
}

/**
 * Queues the mail unless this requester (e-mail and client) already had its share this window. The share is the
 * requester's, not the address's: others asking for the same address never use up the owner's, so the owner's own
 * sign-up or reset always mails the owner. Past it the answer stays the usual one, which tells nothing.
 */
async function queueMail(deps: AccountDeps, action: string, job: AccountMailJob): Promise<void> {
  if (!(await hitRateLimit(deps.db, emailAndIpBucket(action, job.email, deps.clientIp), RATE_LIMITS.mailsPerEmailAndClient))) return;
  await enqueueAccountMail(deps.db, job);
  deps.afterResponse(() => sendQueuedAccountMail(deps));
}

/** The answer to a new password: the caller's fresh session, and this browser known to the account (device.ts). */
async function signedIn(deps: Pick<AccountDeps, 'keys' | 'cookies'>, message: string, { claims, device }: NewPassword): Promise<SignedIn> {
  const { keys } = deps;
  return { message, cookies: [await sessionCookie(claims, keys), deviceCookie(deps.cookies, keys.secret, device, keys.secure)] };
}

/** Activates the account of a confirmation token; answers whether it did (the login page then says how it went). */
export async function confirmAccount(db: Kysely<Database>, token: string): Promise<boolean> {
  const consumed = token.length <= 200 ? await consumeAuthToken(db, token, 'confirm_email') : null;
  if (consumed) await confirmEmail(db, consumed);
  return Boolean(consumed);
}

/**
 * The confirmation page's form POST: only a person pressing its button activates the account, never a mail
 * scanner that opens the link (a GET). Goes to the login page, which says how it went.
 */
export async function confirmFromForm(db: Kysely<Database>, request: Request): Promise<Response> {
  const form = await request.formData().catch(() => null);
  const token = form?.get('token');
  const confirmed = typeof token === 'string' && await confirmAccount(db, token);
  return new Response(null, { status: 303, headers: { Location: `/login?confirmed=${confirmed ? 1 : 0}`, 'Cache-Control': 'no-store' } });
}

export async function forgotPassword(deps: AccountDeps, { email }: { email: string }): Promise<AccountMessage> {
  refuse(emailProblem(email));
  await limit(deps.db, clientRateLimits('reset', deps.clientIp, RATE_LIMITS.reset));
  await queueMail(deps, 'reset', { kind: 'password_reset', email });
  return { message: MESSAGES.resetLinkSent };
}

/**
 * Sets the new password from a reset link; the caller is signed in, and this browser known to the account, so the
 * per-account sign-in limit never keeps out an owner who proved the address. Every other session and device ends.
 */
export async function resetPassword(deps: Pick<AccountDeps, 'db' | 'keys' | 'clientIp' | 'cookies'>, { token, password, confirm }: ResetPasswordInput): Promise<SignedIn> {
  // Checked before the token is spent, so a typo does not cost the link.
  refuse(newPasswordProblem(password, confirm));
  const { db } = deps;
  await limit(db, clientRateLimits('reset', deps.clientIp, RATE_LIMITS.reset));
  const consumed = await consumeAuthToken(db, token, 'reset_password');
  if (!consumed) throw new InvalidInput(MESSAGES.resetLinkInvalid);
  return signedIn(deps, MESSAGES.passwordReset, await replacePassword(db, consumed.userId, password, { confirmEmail: true }));
}

/** Needs the current password; re-issues the caller's cookies, other sessions and devices end. */
export async function changePassword(deps: Pick<AccountDeps, 'db' | 'keys' | 'cookies'>, user: SessionUser, { currentPassword, password, confirm }: ChangePasswordInput): Promise<SignedIn> {
  refuse(newPasswordProblem(password, confirm));
  const { db } = deps;
  await limit(db, [[`password-change:user:${user.id}`, RATE_LIMITS.passwordChangePerUser]]);
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
  if (!await verifyPassword(currentPassword, row.password_hash)) throw new InvalidInput(MESSAGES.currentPasswordWrong);
  return signedIn(deps, MESSAGES.passwordUpdated, await replacePassword(db, user.id, password));
}
