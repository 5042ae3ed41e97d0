/**
 * Accounts on real databases: sign up, confirm, sign in through Auth.js, reset and change password with the
 * session_version rule, rate limits, the middleware's CSRF check and the endpoints' own session guard.
 * The account routes are called through their Astro handlers, with the harness's mailer, keys and origin.
 */
import { Auth } from '@auth/core';
import type { APIRoute } from 'astro';
import { sql, type Kysely } from 'kysely';
import { expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { confirmFromForm, type AccountDeps } from '../../src/lib/accounts/actions.ts';
import { authorizeCredentials, createAuthConfig } from '../../src/lib/accounts/auth-config.ts';
import type { SessionUser } from '../../src/lib/accounts/contract.ts';
import type { MailMessage } from '../../src/lib/accounts/mail.ts';
import { sendQueuedAccountMail } from '../../src/lib/accounts/mail-queue.ts';
import { hashPassword, needsRehash } from '../../src/lib/accounts/passwords.ts';
import { hitRateLimit } from '../../src/lib/accounts/rate-limit.ts';
import { requestGuard } from '../../src/lib/accounts/request-guard.ts';
import { getSessionUser } from '../../src/lib/accounts/session.ts';
import { describeEachEngine } from '../support/engines.ts';
import { createTestUser, sessionCookieHeader, TEST_SESSION_KEYS } from '../support/sessions.ts';

let currentDb: Kysely<Database>;
let currentDeps: AccountDeps;
vi.mock('../../src/lib/db.ts', () => ({ getDb: async () => currentDb }));
vi.mock('../../src/lib/accounts/server-env.ts', async (original) => ({
  ...(await original<typeof import('../../src/lib/accounts/server-env.ts')>()),
  accountDeps: async () => currentDeps,
}));
// The endpoints read sessions with the configured secret: the one the test cookies are made with.
vi.stubEnv('AUTH_SECRET', TEST_SESSION_KEYS.secret);

const { sessionLookup, sessionUserOf } = await import('../../src/lib/accounts/server-env.ts');
const routes = {
  signUp: (await import('../../src/pages/api/accounts/signup.ts')).POST,
  confirmLink: (await import('../../src/pages/api/accounts/confirm.ts')).GET,
  forgot: (await import('../../src/pages/api/accounts/forgot-password.ts')).POST,
  reset: (await import('../../src/pages/api/accounts/reset-password.ts')).POST,
  change: (await import('../../src/pages/api/me/password.ts')).POST,
  me: (await import('../../src/pages/api/me.ts')).GET,
  avatar: (await import('../../src/pages/api/me/avatar.svg.ts')).GET,
  movies: await import('../../src/pages/api/admin/movies/index.ts'),
};

const SITE = 'http://site.test';
let ipCounter = 0;

/** An Astro context for a request to the site, with `user` as the already looked-up session user (undefined: not yet). */
function contextOf(request: Request, user?: SessionUser | null) {
  return { request, url: new URL(request.url), locals: (user === undefined ? {} : { user }) as App.Locals, params: {}, site: new URL(SITE) };
}
async function callRoute(route: APIRoute, request: Request, deps: AccountDeps, user?: SessionUser): Promise<Response> {
  currentDeps = deps;
  currentDb = deps.db;
  return route(contextOf(request, user ?? null) as never) as Promise<Response>;
}
const signUp = (request: Request, deps: AccountDeps) => callRoute(routes.signUp, request, deps);
/** Presses the confirmation page's button (src/pages/confirm-email.astro) for the token. */
const confirm = (token: string, deps: AccountDeps) =>
  confirmFromForm(deps.db, new Request(`${SITE}/confirm-email`, { method: 'POST', body: new URLSearchParams({ token }) }));
const forgotPassword = (request: Request, deps: AccountDeps) => callRoute(routes.forgot, request, deps);
const resetPassword = (request: Request, deps: AccountDeps) => callRoute(routes.reset, request, deps);
const changePassword = (request: Request, user: SessionUser, deps: AccountDeps) => callRoute(routes.change, request, deps, user);

/** Account deps whose mail lands in `mail`; `afterResponse` work runs at once and `settled()` waits for it. */
function harness(db: Kysely<Database>) {
  const mail: MailMessage[] = [];
  const pending: Promise<unknown>[] = [];
  const deps: AccountDeps = {
    db, keys: TEST_SESSION_KEYS, siteOrigin: SITE, clientIp: `10.0.0.${++ipCounter}`, cookies: null,
    mailer: async (message) => { mail.push(message); },
    afterResponse: (work) => { pending.push(work()); },
  };
  const tokenFrom = (message: MailMessage | undefined) => new URL(message!.link).searchParams.get('token')!;
  const settled = () => Promise.all(pending.splice(0));
  return { deps, mail, tokenFrom, settled };
}

const post = (body: unknown, cookie?: string) => new Request(`${SITE}/api`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...(cookie ? { cookie } : {}) },
  body: JSON.stringify(body),
});
const asRequest = (cookie: string) => new Request(`${SITE}/`, { headers: { cookie } });
const cookieOf = (response: Response) => response.headers.get('set-cookie')!.split(';')[0]!;
const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/** Signs in through Auth.js itself (CSRF token, credentials callback) and returns its answer. */
async function signInThroughAuthJs(db: Kysely<Database>, email: string, password: string) {
  const config = createAuthConfig({ keys: TEST_SESSION_KEYS, db, clientIp: `10.1.0.${++ipCounter}` });
  const csrf = await Auth(new Request(`${SITE}/api/auth/csrf`), config);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookies = csrf.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const response = await Auth(new Request(`${SITE}/api/auth/callback/credentials`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Auth-Return-Redirect': '1', cookie: cookies },
    body: new URLSearchParams({ email, password, csrfToken, callbackUrl: '/' }),
  }), config);
  const { url } = (await response.json()) as { url: string };
  const session = response.headers.getSetCookie().find((c) => c.startsWith('authjs.session-token='));
  return { url: new URL(url), cookie: session?.split(';')[0] };
}

describeEachEngine('accounts', (getDb) => {
  it('sign up sends a confirmation link that activates the account once; then Auth.js signs in', async () => {
    const db = getDb();
    const { deps, mail, tokenFrom, settled } = harness(db);
    const email = uniqueEmail('New');
    const answer = await signUp(post({ email, password: 'secret1', confirm: 'secret1' }), deps);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ message: 'Confirmation email sent! Please check your inbox.' });
    await settled();
    const user = await db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: 'user', email_confirmed_at: null });
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toBe(email.toLowerCase());
    expect(mail[0]!.link).toMatch(/^http:\/\/site\.test\/confirm-email\?token=/);

    const beforeConfirm = await signInThroughAuthJs(db, email, 'secret1');
    expect(beforeConfirm.url.searchParams.get('code')).toBe('email_not_confirmed');
    expect(beforeConfirm.cookie).toBeUndefined();

    const token = tokenFrom(mail[0]);
    const stored = await db.selectFrom('auth_tokens').select('token_hash').where('user_id', '=', user.id).execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
    // Opening a link (what a mail scanner does, also the old /api/accounts/confirm links) activates nothing.
    const opened = await callRoute(routes.confirmLink, new Request(`${SITE}/api/accounts/confirm?token=${token}`), deps);
    expect([opened.status, opened.headers.get('location')]).toEqual([303, `/confirm-email?token=${token}`]);
    expect(await db.selectFrom('users').select('email_confirmed_at').where('id', '=', user.id).executeTakeFirstOrThrow()).toEqual({ email_confirmed_at: null });
    const confirmed = await confirm(token, deps);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('/login?confirmed=1');
    const again = await confirm(token, deps);
    expect(again.headers.get('location')).toBe('/login?confirmed=0');
    expect((await db.selectFrom('users').select('email_confirmed_at').where('id', '=', user.id).executeTakeFirstOrThrow()).email_confirmed_at)
      .not.toBeNull();

    const signedIn = await signInThroughAuthJs(db, email.toUpperCase(), 'secret1');
    expect(signedIn.url.searchParams.get('error')).toBeNull();
    expect(await getSessionUser(asRequest(signedIn.cookie!), db, TEST_SESSION_KEYS)).toEqual({ id: user.id, email: email.toLowerCase(), role: 'user' });
  });

  it('sign up refuses mismatched passwords and, for a taken address, answers the same without a new account', async () => {
    const db = getDb();
    const { deps, mail, settled } = harness(db);
    const mismatch = await signUp(post({ email: uniqueEmail('m'), password: 'secret1', confirm: 'secret2' }), deps);
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toEqual({ error: 'Passwords do not match.' });
    const short = await signUp(post({ email: uniqueEmail('s'), password: 'abc', confirm: 'abc' }), deps);
    expect(await short.json()).toEqual({ error: 'Password should be at least 6 characters.' });

    const existing = await createTestUser(db, { email: uniqueEmail('taken') });
    const taken = await signUp(post({ email: existing.email.toUpperCase(), password: 'other123', confirm: 'other123' }), deps);
    expect(await taken.json()).toEqual({ message: 'Confirmation email sent! Please check your inbox.' });
    await settled();
    const rows = await db.selectFrom('users').select('password_hash').where((eb) => eb(eb.fn('lower', ['email']), '=', existing.email.toLowerCase())).execute();
    expect(rows).toHaveLength(1);
    expect(mail.map((m) => m.subject)).toEqual(['You already have an account']);
  });

  it('registering first with someone else\'s address gains nothing: the owner\'s link activates the owner\'s password', async () => {
    const db = getDb();
    const { deps, mail, tokenFrom, settled } = harness(db);
    const email = uniqueEmail('victim');
    const follow = (message: MailMessage | undefined) => confirm(tokenFrom(message), deps);

    await signUp(post({ email, password: 'attacker1', confirm: 'attacker1' }), deps);
    await signUp(post({ email, password: 'owner-pass', confirm: 'owner-pass' }), deps);
    await settled();
    expect(mail.map((m) => [m.to, m.subject])).toEqual([[email.toLowerCase(), 'Confirm your email'], [email.toLowerCase(), 'Confirm your email']]);
    // The owner follows the link of their own sign-up.
    expect((await follow(mail[1])).headers.get('location')).toBe('/login?confirmed=1');
    await expect(authorizeCredentials(db, { email, password: 'owner-pass' }, '10.6.0.1')).resolves.toMatchObject({ email: email.toLowerCase() });
    await expect(authorizeCredentials(db, { email, password: 'attacker1' }, '10.6.0.2')).rejects.toMatchObject({ code: 'invalid_credentials' });
    // The first sign-up's link died with the confirmation: it cannot swap the password later.
    expect((await follow(mail[0])).headers.get('location')).toBe('/login?confirmed=0');
    await expect(authorizeCredentials(db, { email, password: 'attacker1' }, '10.6.0.3')).rejects.toMatchObject({ code: 'invalid_credentials' });

    // A sign-up after the account is confirmed changes nothing and tells the owner.
    await signUp(post({ email, password: 'attacker2', confirm: 'attacker2' }), deps);
    await settled();
    expect(mail[2]!.subject).toBe('You already have an account');
    await expect(authorizeCredentials(db, { email, password: 'owner-pass' }, '10.6.0.4')).resolves.toBeTruthy();
  });

  it('forgot password: known and unknown addresses get the same answer and queue the same job; the mail follows', async () => {
    const db = getDb();
    const { deps, mail, settled } = harness(db);
    const user = await createTestUser(db, { email: uniqueEmail('queued') });
    let afterResponse = 0;
    const counting: AccountDeps = { ...deps, afterResponse: () => { afterResponse++; } };

    const answers = [];
    for (const email of [user.email, uniqueEmail('nobody')]) {
      const answer = await forgotPassword(post({ email }), counting);
      answers.push({ status: answer.status, headers: [...answer.headers], body: await answer.text() });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(afterResponse).toBe(2);
    // Nothing was looked up or sent during the answers: two identical jobs wait, no token exists yet.
    expect(mail).toEqual([]);
    const jobs = await db.selectFrom('account_mail_jobs').select(['kind', 'password_hash', 'attempts']).execute();
    expect(jobs).toEqual([{ kind: 'password_reset', password_hash: null, attempts: 0 }, { kind: 'password_reset', password_hash: null, attempts: 0 }]);
    expect(await db.selectFrom('auth_tokens').select('token_hash').where('user_id', '=', user.id).execute()).toEqual([]);

    // The next request's drain (or the scheduled function) sends it.
    expect(await sendQueuedAccountMail(deps)).toBe(2);
    expect(mail.map((m) => [m.to, m.subject])).toEqual([[user.email, 'Reset your password']]);
    expect(await db.selectFrom('account_mail_jobs').select('id').execute()).toEqual([]);

    // A failed send stays queued and is retried once its claim times out.
    const failing: AccountDeps = { ...deps, mailer: async () => { throw new Error('SMTP down'); } };
    await forgotPassword(post({ email: user.email }), counting);
    expect(await sendQueuedAccountMail(failing)).toBe(0);
    expect(await db.selectFrom('account_mail_jobs').select(['attempts', 'last_error']).execute()).toEqual([{ attempts: 1, last_error: 'SMTP down' }]);
    expect(await sendQueuedAccountMail(deps)).toBe(0);
    await db.updateTable('account_mail_jobs').set({ claimed_at: new Date(Date.now() - 10 * 60_000) }).execute();
    expect(await sendQueuedAccountMail(deps)).toBe(1);
    expect(mail).toHaveLength(2);
    await settled();
  });

  it('sign-in errors are generic: unknown e-mail and wrong password look the same', async () => {
    const db = getDb();
    const user = await createTestUser(db, { email: uniqueEmail('known') });
    const wrong = await signInThroughAuthJs(db, user.email, 'wrong-password');
    const unknown = await signInThroughAuthJs(db, uniqueEmail('nobody'), 'wrong-password');
    expect(wrong.url.searchParams.get('code')).toBe('invalid_credentials');
    expect(unknown.url.searchParams.get('code')).toBe('invalid_credentials');
    expect(wrong.url.pathname).toBe('/login');
    expect(wrong.cookie).toBeUndefined();
    // Not one address: refused like any wrong credentials, before any lookup or rate-limit bucket.
    const buckets = await db.selectFrom('rate_limits').select('bucket').execute();
    await expect(authorizeCredentials(db, { email: `${user.email},${uniqueEmail('other')}`, password: user.password }, '10.7.0.1'))
      .rejects.toMatchObject({ code: 'invalid_credentials' });
    expect(await db.selectFrom('rate_limits').select('bucket').execute()).toEqual(buckets);
  });

  it('reset links work once, expire, and end the other sessions', async () => {
    const db = getDb();
    const { deps, mail, tokenFrom, settled } = harness(db);
    const user = await createTestUser(db, { email: uniqueEmail('reset') });
    const oldSession = await sessionCookieHeader(db, user.id);
    expect(await getSessionUser(asRequest(oldSession), db, TEST_SESSION_KEYS)).not.toBeNull();

    const unknown = await forgotPassword(post({ email: uniqueEmail('ghost') }), deps);
    const sent = await forgotPassword(post({ email: user.email }), deps);
    for (const answer of [unknown, sent]) expect(await answer.json()).toEqual({ message: 'Password reset link sent! Please check your inbox.' });
    await settled();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.link).toMatch(/^http:\/\/site\.test\/reset-password\?token=/);
    const token = tokenFrom(mail[0]);

    const mismatch = await resetPassword(post({ token, password: 'newpass1', confirm: 'newpass2' }), deps);
    expect(await mismatch.json()).toEqual({ error: 'Passwords do not match.' });
    const reset = await resetPassword(post({ token, password: 'newpass1', confirm: 'newpass1' }), deps);
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ message: 'Your password has been reset successfully!' });
    expect(await getSessionUser(asRequest(oldSession), db, TEST_SESSION_KEYS)).toBeNull();
    expect(await getSessionUser(asRequest(cookieOf(reset)), db, TEST_SESSION_KEYS)).toMatchObject({ id: user.id });
    await expect(authorizeCredentials(db, { email: user.email, password: 'newpass1' }, '10.2.0.1')).resolves.toMatchObject({ id: user.id });

    const reused = await resetPassword(post({ token, password: 'another1', confirm: 'another1' }), deps);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({ error: 'This password reset link is invalid or has expired.' });

    await forgotPassword(post({ email: user.email }), deps);
    await settled();
    const expiring = tokenFrom(mail[1]);
    await db.updateTable('auth_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', user.id).where('used_at', 'is', null).execute();
    const expired = await resetPassword(post({ token: expiring, password: 'another1', confirm: 'another1' }), deps);
    expect(await expired.json()).toEqual({ error: 'This password reset link is invalid or has expired.' });
    await expect(authorizeCredentials(db, { email: user.email, password: 'newpass1' }, '10.2.0.2')).resolves.toBeTruthy();
  });

  it('changing the password needs the current one, bumps session_version and re-issues only the caller\'s cookie', async () => {
    const db = getDb();
    const { deps } = harness(db);
    const user = await createTestUser(db, { email: uniqueEmail('change'), password: 'before1' });
    const me = { id: user.id, email: user.email, role: user.role };
    const otherDevice = await sessionCookieHeader(db, user.id);

    const wrong = await changePassword(post({ currentPassword: 'nope', password: 'after12', confirm: 'after12' }), me, deps);
    expect(await wrong.json()).toEqual({ error: 'Current password is incorrect.' });
    const short = await changePassword(post({ currentPassword: 'before1', password: 'a', confirm: 'a' }), me, deps);
    expect(await short.json()).toEqual({ error: 'Password should be at least 6 characters.' });

    const changed = await changePassword(post({ currentPassword: 'before1', password: 'after12', confirm: 'after12' }), me, deps);
    expect(await changed.json()).toEqual({ message: 'Password updated successfully!' });
    expect(changed.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Lax/);
    expect((await db.selectFrom('users').select('session_version').where('id', '=', user.id).executeTakeFirstOrThrow()).session_version).toBe(1);
    expect(await getSessionUser(asRequest(otherDevice), db, TEST_SESSION_KEYS)).toBeNull();
    expect(await getSessionUser(asRequest(cookieOf(changed)), db, TEST_SESSION_KEYS)).toEqual(me);
    await expect(authorizeCredentials(db, { email: user.email, password: 'before1' }, '10.3.0.1')).rejects.toMatchObject({ code: 'invalid_credentials' });

    // Auth.js's own session endpoint applies the same rule.
    const config = createAuthConfig({ keys: TEST_SESSION_KEYS, db, clientIp: '10.3.0.2' });
    const sessionOf = async (cookie: string) =>
      (await Auth(new Request(`${SITE}/api/auth/session`, { headers: { cookie } }), config)).json() as Promise<{ user?: { email: string } } | null>;
    expect(await sessionOf(otherDevice)).toBeNull();
    expect((await sessionOf(cookieOf(changed)))?.user?.email).toBe(user.email);
  });

  it('rate limits count per bucket within a window; past a requester\'s share no more mail goes, and nobody is refused', async () => {
    const db = getDb();
    const limit = { limit: 2, windowMs: 60_000 };
    expect(await hitRateLimit(db, 'test:bucket', limit)).toBe(true);
    expect(await hitRateLimit(db, 'test:bucket', limit)).toBe(true);
    expect(await hitRateLimit(db, 'test:bucket', limit)).toBe(false);
    expect(await hitRateLimit(db, 'test:other', limit)).toBe(true);
    await db.updateTable('rate_limits').set({ window_start: new Date(Date.now() - 61_000) }).where('bucket', '=', 'test:bucket').execute();
    expect(await hitRateLimit(db, 'test:bucket', limit)).toBe(true);

    // Someone floods the owner's address from many clients: each requester has its own small share of mail, so the
    // owner's own request is answered as usual and mails the owner.
    const owner = await createTestUser(db, { email: uniqueEmail('flooded') });
    const sentTo = harness(db);
    for (let attempt = 0; attempt < 8; attempt++) {
      const attacker = { ...sentTo.deps, clientIp: `10.6.0.${attempt}` };
      for (let again = 0; again < 4; again++) {
        const answer = await forgotPassword(post({ email: owner.email }), attacker);
        expect([answer.status, await answer.json()]).toEqual([200, { message: 'Password reset link sent! Please check your inbox.' }]);
      }
    }
    await sentTo.settled();
    expect(sentTo.mail).toHaveLength(8 * 3);
    const ownRequest = await forgotPassword(post({ email: owner.email }), sentTo.deps);
    expect([ownRequest.status, await ownRequest.json()]).toEqual([200, { message: 'Password reset link sent! Please check your inbox.' }]);
    await sentTo.settled();
    expect(sentTo.mail).toHaveLength(8 * 3 + 1);
    expect(await db.selectFrom('account_mail_jobs').select('id').execute()).toEqual([]);
  });

  it('sign-in failures slow down the client making them, never the owner signing in elsewhere', async () => {
    const db = getDb();
    const user = await createTestUser(db, { email: uniqueEmail('targeted') });
    const [attacker, owner] = ['10.4.0.1', '10.4.0.2'];
    const signIn = (password: string, ip: string, email = user.email) => authorizeCredentials(db, { email, password }, ip);
    const pair = `sign-in:email:${user.email.toLowerCase()}:ip:${attacker}`;
    const lastFailureAgo = (bucket: string, seconds: number) => db.updateTable('rate_limits')
      .set({ window_start: sql`now() - make_interval(secs => ${seconds})` }).where('bucket', '=', bucket).execute();

    for (let attempt = 0; attempt < 5; attempt++) await expect(signIn('wrong', attacker)).rejects.toMatchObject({ code: 'invalid_credentials' });
    // Past the free failures the next attempt waits 1 s, then 2 s, 4 s...: refused before, even with the right password.
    await lastFailureAgo(pair, 0);
    await expect(signIn(user.password, attacker)).rejects.toMatchObject({ code: 'rate_limited' });
    await lastFailureAgo(pair, 1.5);
    await expect(signIn('wrong', attacker)).rejects.toMatchObject({ code: 'invalid_credentials' });
    await lastFailureAgo(pair, 1.5);
    await expect(signIn('wrong', attacker)).rejects.toMatchObject({ code: 'rate_limited' });
    await lastFailureAgo(pair, 2.5);
    await expect(signIn('wrong', attacker)).rejects.toMatchObject({ code: 'invalid_credentials' });

    // The owner, on another client, is not slowed at all.
    await expect(signIn(user.password, owner)).resolves.toMatchObject({ id: user.id });
    expect(await signInThroughAuthJs(db, user.email, user.password)).toMatchObject({ cookie: expect.any(String) });

    // A client spraying many addresses is slowed as a whole; the same addresses from elsewhere are not.
    await db.updateTable('rate_limits').set({ hits: 30, window_start: sql`now()` }).where('bucket', '=', `sign-in:ip:${attacker}`).execute();
    const other = await createTestUser(db, { email: uniqueEmail('sprayed') });
    await expect(signIn(other.password, attacker, other.email)).rejects.toMatchObject({ code: 'rate_limited' });
    await expect(signIn(other.password, owner, other.email)).resolves.toMatchObject({ id: other.id });
  });

  it('signing out ends the session on the server: the cookie no longer works, even replayed', async () => {
    const db = getDb();
    const user = await createTestUser(db, { email: uniqueEmail('leaving') });
    const { cookie } = await signInThroughAuthJs(db, user.email, user.password);
    expect(await getSessionUser(asRequest(cookie!), db, TEST_SESSION_KEYS)).toMatchObject({ id: user.id });
    const config = createAuthConfig({ keys: TEST_SESSION_KEYS, db, clientIp: '10.5.0.9' });
    const csrf = await Auth(new Request(`${SITE}/api/auth/csrf`, { headers: { cookie: cookie! } }), config);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookies = [cookie!, ...csrf.headers.getSetCookie().map((c) => c.split(';')[0])].join('; ');
    const signOut = await Auth(new Request(`${SITE}/api/auth/signout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Auth-Return-Redirect': '1', cookie: cookies },
      body: new URLSearchParams({ csrfToken, callbackUrl: '/' }),
    }), config);
    expect(signOut.status).toBe(200);
    expect(await getSessionUser(asRequest(cookie!), db, TEST_SESSION_KEYS)).toBeNull();
    // Signing in again works as before.
    expect((await signInThroughAuthJs(db, user.email, user.password)).cookie).toEqual(expect.any(String));
  });

  it('a hash made with older scrypt parameters is replaced at sign-in, and the password still works', async () => {
    const db = getDb();
    const user = await createTestUser(db, { email: uniqueEmail('rehash') });
    const oldHash = await hashPassword(user.password, { N: 16384, r: 8, p: 1 });
    await db.updateTable('users').set({ password_hash: oldHash }).where('id', '=', user.id).execute();
    const storedHash = async () => (await db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow()).password_hash;

    await expect(authorizeCredentials(db, { email: user.email, password: 'wrong' }, '10.5.0.1')).rejects.toMatchObject({ code: 'invalid_credentials' });
    expect(await storedHash()).toBe(oldHash);
    const session = await sessionCookieHeader(db, user.id);
    await expect(authorizeCredentials(db, { email: user.email, password: user.password }, '10.5.0.1')).resolves.toMatchObject({ id: user.id });
    const upgraded = await storedHash();
    expect(upgraded).not.toBe(oldHash);
    expect(needsRehash(upgraded)).toBe(false);
    expect(upgraded.startsWith('scrypt$16384$')).toBe(false);
    await expect(authorizeCredentials(db, { email: user.email, password: user.password }, '10.5.0.2')).resolves.toMatchObject({ id: user.id });
    // The same password: sessions stay.
    expect(await getSessionUser(asRequest(session), db, TEST_SESSION_KEYS)).toMatchObject({ id: user.id });
  });

  it('the middleware refuses cross-site writes; each endpoint guards itself from the session cookie', async () => {
    const db = getDb();
    currentDb = db;
    const user = await createTestUser(db, { email: uniqueEmail('mw') });
    const admin = await createTestUser(db, { email: uniqueEmail('mw-admin'), role: 'admin' });
    const call = async (path: string, route: APIRoute | null, init: RequestInit = {}) => {
      const context = contextOf(new Request(new URL(path, SITE), init));
      let reached = false;
      const response = await requestGuard(context as never, async () => {
        reached = true;
        return sessionLookup(context as never, async () => (route ? route(context as never) as Promise<Response> : new Response('ok')));
      });
      return { response: response as Response, reached, context };
    };
    const cookie = { user: await sessionCookieHeader(db, user.id), admin: await sessionCookieHeader(db, admin.id) };

    const home = await call('/', null, { headers: { cookie: cookie.user } });
    expect(home.context.locals.user).toBeUndefined(); // nothing looked up until an endpoint asks
    expect(await sessionUserOf(home.context as never)).toEqual({ id: user.id, email: user.email, role: 'user' });

    const noOrigin = await call('/api/me/password', routes.change, { method: 'POST', headers: { cookie: cookie.user } });
    expect(noOrigin.reached).toBe(false);
    expect(noOrigin.response.status).toBe(403);
    expect(await noOrigin.response.json()).toEqual({ error: 'Cross-site request refused.' });
    const foreign = await call('/api/admin/movies', routes.movies.DELETE, { method: 'DELETE', headers: { cookie: cookie.admin, origin: 'https://evil.example' } });
    expect(foreign.response.status).toBe(403);
    expect(foreign.reached).toBe(false);
    const sameSite = await call('/api/me/password', routes.change, { method: 'POST', headers: { cookie: cookie.user, origin: SITE } });
    expect(sameSite.reached).toBe(true);

    expect((await call('/api/admin/movies', routes.movies.GET)).response.status).toBe(401);
    const nonAdmin = await call('/api/admin/movies', routes.movies.GET, { headers: { cookie: cookie.user } });
    expect(nonAdmin.response.status).toBe(403);
    expect(await nonAdmin.response.json()).toEqual({ error: 'You do not have permission to perform this action.' });
    expect((await call('/api/admin/movies', routes.movies.GET, { headers: { cookie: cookie.admin } })).response.status).toBe(200);
    // One URL serves whoever is signed in: the browser must not keep the last user's avatar.
    const avatar = await call('/api/me/avatar.svg', routes.avatar, { headers: { cookie: cookie.user } });
    expect(avatar.response.status).toBe(200);
    expect(avatar.response.headers.get('Cache-Control')).toBe('no-store');
    const visitorMe = await call('/api/me/avatar.svg', routes.avatar);
    expect(visitorMe.response.status).toBe(401);
    expect(await visitorMe.response.json()).toEqual({ error: 'You must be logged in.' });
    expect(await (await call('/api/me', routes.me)).response.json()).toEqual({ user: null });

    await db.updateTable('users').set({ role: 'user' }).where('id', '=', admin.id).execute();
    expect((await call('/api/admin/movies', routes.movies.GET, { headers: { cookie: cookie.admin } })).response.status).toBe(403);
  });
});
