/**
 * What the account endpoints do (routes in src/pages/api/accounts and src/pages/api/me). Every answer that could
 * tell whether an e-mail has an account is the same either way, and takes the same work: the mail, and the lookups
 * it needs, are queued and sent after the answer (mail-queue.ts).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { InvalidInput, TooManyRequests } from '../http/errors.ts';
import { confirmEmail, replacePassword } from './accounts.ts';
import type { AccountMessage, ChangePasswordInput, ResetPasswordInput, SignUpInput } from './contract.ts';
import type { SessionUser } from './contract.ts';
import { enqueueAccountMail, sendQueuedAccountMail, type AccountMailJob, type MailQueueDeps } from './mail-queue.ts';
import { MESSAGES } from './client/messages.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { RATE_LIMITS, emailBucket, hitRateLimit, hitRateLimits, ipBucket, type RateLimit } from './rate-limit.ts';
import { emailProblem, newPasswordProblem, signUpProblem } from './client/rules.ts';
import { sessionCookie, type SessionKeys } from './session.ts';
import { consumeAuthToken } from './tokens.ts';

export interface AccountDeps extends MailQueueDeps {
  keys: SessionKeys;
  clientIp: string;
  /** Runs work once the answer is on its way (kept alive on Netlify by waitUntil); errors are the runner's to log. */
  afterResponse(work: () => Promise<unknown>): void;
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
  await limit(deps.db, [[ipBucket('sign-up', deps.clientIp), RATE_LIMITS.signUpPerIp]]);
  const passwordHash = await hashPassword(password);
  await queueMail(deps, emailBucket('sign-up', email), RATE_LIMITS.signUpPerEmail, { kind: 'sign_up', email, passwordHash });
  return { message: MESSAGES.confirmationSent };
}

/**
 * Queues the mail unless the address already had its share this window. Past that cap the answer stays the
 * usual one: refusing would let anyone block a chosen address's sign-up or reset, and tell them it is blocked.
 */
async function queueMail(deps: AccountDeps, emailBucketName: string, perEmail: RateLimit, job: AccountMailJob): Promise<void> {
  if (!(await hitRateLimit(deps.db, emailBucketName, perEmail))) return;
  await enqueueAccountMail(deps.db, job);
  deps.afterResponse(() => sendQueuedAccountMail(deps));
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
  await limit(deps.db, [[ipBucket('reset', deps.clientIp), RATE_LIMITS.resetPerIp]]);
  await queueMail(deps, emailBucket('reset', email), RATE_LIMITS.resetPerEmail, { kind: 'password_reset', email });
  return { message: MESSAGES.resetLinkSent };
}

/** Sets the new password from a reset link; the caller is signed in and every other session ends. */
export async function resetPassword(deps: Pick<AccountDeps, 'db' | 'keys' | 'clientIp'>, { token, password, confirm }: ResetPasswordInput): Promise<SignedIn> {
  // Checked before the token is spent, so a typo does not cost the link.
  refuse(newPasswordProblem(password, confirm));
  const { db } = deps;
  await limit(db, [[ipBucket('reset', deps.clientIp), RATE_LIMITS.resetPerIp]]);
  const consumed = await consumeAuthToken(db, token, 'reset_password');
  if (!consumed) throw new InvalidInput(MESSAGES.resetLinkInvalid);
  const claims = await replacePassword(db, consumed.userId, password, { confirmEmail: true });
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
