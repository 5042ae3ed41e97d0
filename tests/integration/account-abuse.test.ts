/**
 * Abuse of the account endpoints, on real databases: what a refused client can make the server store, guessing
 * from many addresses, blocking someone else's mail, and the housekeeping job that keeps the tables bounded.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { changePassword, confirmAccount, forgotPassword, resetPassword, signUp, type AccountDeps } from '../../src/lib/accounts/actions.ts';
import { createMailer, MAIL_NOT_CONFIGURED, type MailMessage } from '../../src/lib/accounts/mail.ts';
import { authorizeCredentials } from '../../src/lib/accounts/auth-config.ts';
import { deviceCookie, isKnownDevice } from '../../src/lib/accounts/device.ts';
import { BACKOFFS, pruneIdleRateLimits, RATE_LIMITS, RATE_LIMIT_RETENTION_MS } from '../../src/lib/accounts/rate-limit.ts';
import { TooManyRequests } from '../../src/lib/http/errors.ts';
import { runHousekeeping } from '../../src/lib/housekeeping/index.ts';
import { FINISHED_JOBS_KEPT, purgeSpentAuthTokens } from '../../src/lib/housekeeping/purges.ts';
import { describeEachEngine } from '../support/engines.ts';
import { createTestUser, TEST_SESSION_KEYS } from '../support/sessions.ts';

const SITE = 'http://site.test';
let clients = 0;
const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/** Account deps for one client address; mail lands in `mail`, after-answer work is awaited by `settled()`. */
function harness(db: Kysely<Database>, clientIp = `10.9.${Math.floor(++clients / 250)}.${clients % 250}`) {
  const mail: MailMessage[] = [];
  const pending: Promise<unknown>[] = [];
  const deps: AccountDeps = {
    db, keys: TEST_SESSION_KEYS, siteOrigin: SITE, clientIp, cookies: null,
    mailer: async (message) => { mail.push(message); },
    afterResponse: (work) => { pending.push(work()); },
  };
  return { deps, mail, settled: () => Promise.all(pending.splice(0)) };
}

/** An account as its device tag sees it (device.ts): its address and current password hash. */
async function deviceAccountOf(db: Kysely<Database>, email: string) {
  const row = await db.selectFrom('users').select(['email', 'password_hash']).where('email', '=', email).executeTakeFirstOrThrow();
  return { email: row.email, passwordHash: row.password_hash };
}

const buckets = (db: Kysely<Database>, like: string) =>
  db.selectFrom('rate_limits').select(['bucket', 'hits']).where('bucket', 'like', like).orderBy('bucket').execute();

describeEachEngine('account abuse', (getDb) => {
  it('a client refused at its own bucket creates and fills no per-e-mail bucket', async () => {
    const db = getDb();
    const attacker = harness(db);
    const ip = attacker.deps.clientIp;
    await db.insertInto('rate_limits').values({ bucket: `reset:ip:${ip}`, window_start: sql`now()`, hits: RATE_LIMITS.reset.perClient }).execute();
    const victim = uniqueEmail('victim');
    for (let attempt = 0; attempt < 10; attempt++) {
      await expect(forgotPassword(attacker.deps, { email: victim })).rejects.toBeInstanceOf(TooManyRequests);
    }
    expect(await buckets(db, `reset:email:${victim}%`)).toEqual([]);
    expect(await buckets(db, `reset:ip:${ip}`)).toEqual([{ bucket: `reset:ip:${ip}`, hits: RATE_LIMITS.reset.perClient + 10 }]);
    await attacker.settled();
  });

  it('housekeeping drops buckets idle for a day, in bounded batches, and keeps live ones', async () => {
    const db = getDb();
    const idle = new Date(Date.now() - RATE_LIMIT_RETENTION_MS - 60_000);
    await db.insertInto('rate_limits').values(Array.from({ length: 30 }, (_, i) => ({ bucket: `hk:idle:${i}`, window_start: idle, hits: 1 }))).execute();
    await db.insertInto('rate_limits').values({ bucket: 'hk:live', window_start: new Date(), hits: 1 }).execute();
    // Requests leave the idle buckets to the job: new windows start, and nothing is deleted on their path.
    const client = harness(db);
    await forgotPassword(client.deps, { email: uniqueEmail('new') });
    await client.settled();
    expect(await buckets(db, 'hk:idle:%')).toHaveLength(30);
    expect(await pruneIdleRateLimits(db, { batch: 10, maxBatches: 2 })).toBe(20);
    expect(await buckets(db, 'hk:idle:%')).toHaveLength(10);
    expect(await runHousekeeping(db)).toMatchObject({ rateLimits: 10 });
    expect((await buckets(db, 'hk:%')).map((row) => row.bucket)).toEqual(['hk:live']);
  });

  it('an IPv6 client counts by its /64: fresh addresses in one network share its buckets', async () => {
    const db = getDb();
    for (const ip of ['2001:db8:7:1::1', '2001:db8:7:1:ffff:1:2:3', '2001:0db8:0007:0001::abcd']) {
      const client = harness(db, ip);
      await forgotPassword(client.deps, { email: uniqueEmail('v6') });
      await client.settled();
    }
    expect(await buckets(db, 'reset:ip:2001:db8:7:1%')).toEqual([{ bucket: 'reset:ip:2001:db8:7:1::/64', hits: 3 }]);
  });

  it('past the per-account limit, only browsers that never signed in to the account wait; the owner\'s go through', async () => {
    const db = getDb();
    const user = await createTestUser(db, { email: uniqueEmail('guessed') });
    const secret = TEST_SESSION_KEYS.secret;
    const account = await deviceAccountOf(db, user.email);
    const owner = deviceCookie(null, secret, account, false).split(';')[0]!;
    const signIn = (ip: string, cookies: string | null, password = user.password) => authorizeCredentials(db, { email: user.email, password }, ip,
      { knowsAccount: (known) => isKnownDevice(cookies, secret, known), outcome: {} });
    // Guesses from many addresses, each under its own limits, add up on the account.
    for (let guess = 0; guess < BACKOFFS.signInPerAccount.free; guess++) {
      await expect(signIn(`10.8.${guess}.1`, null, 'wrong')).rejects.toMatchObject({ code: 'invalid_credentials' });
    }
    await expect(signIn('10.8.200.1', null)).rejects.toMatchObject({ code: 'rate_limited' });
    await expect(signIn('10.8.200.2', 'cinecat.known-devices=forged')).rejects.toMatchObject({ code: 'rate_limited' });
    // The owner's browser (its device cookie, from any address) is not slowed.
    const outcome = {};
    await expect(authorizeCredentials(db, { email: user.email, password: user.password }, '10.8.201.1',
      { knowsAccount: (known) => isKnownDevice(owner, secret, known), outcome })).resolves.toMatchObject({ id: user.id });
    expect(outcome).toEqual({ signedIn: account });
    // The cookie set at that sign-in keeps the account's tag first, next to the others the browser had.
    const otherAccount = { email: 'other@example.com', passwordHash: 'scrypt$other' };
    const other = deviceCookie(null, secret, otherAccount, false).split(';')[0]!;
    const both = deviceCookie(other, secret, account, true);
    expect(both).toMatch(/^cinecat\.known-devices=[\w-]{22}\.[\w-]{22}; Path=\/api; HttpOnly; SameSite=Lax; Max-Age=31536000; Secure$/);
    expect(isKnownDevice(both.split(';')[0]!, secret, otherAccount)).toBe(true);
    expect(isKnownDevice(both.split(';')[0]!, 'another-secret', account)).toBe(false);
  });

  it('sign-up pre-hijack: others\' sign-ups for an address never keep the owner\'s own from mailing the owner, whose link sets the owner\'s password', async () => {
    const db = getDb();
    const email = uniqueEmail('claimed');
    for (const ip of ['10.14.0.1', '10.14.0.2', '10.14.0.3']) {
      const attacker = harness(db, ip);
      for (let attempt = 0; attempt < 5; attempt++) await signUp(attacker.deps, { email, password: 'attacker1', confirm: 'attacker1' });
      await attacker.settled();
      expect(attacker.mail).toHaveLength(RATE_LIMITS.mailsPerEmailAndClient.limit);
    }
    const owner = harness(db, '10.14.0.9');
    await signUp(owner.deps, { email, password: 'owner-pass', confirm: 'owner-pass' });
    await owner.settled();
    expect(owner.mail.map((mail) => [mail.to, mail.subject])).toEqual([[email.toLowerCase(), 'Confirm your email']]);
    expect(await confirmAccount(db, new URL(owner.mail[0]!.link).searchParams.get('token')!)).toBe(true);
    await expect(authorizeCredentials(db, { email, password: 'owner-pass' }, '10.14.0.9')).resolves.toMatchObject({ email: email.toLowerCase() });
    await expect(authorizeCredentials(db, { email, password: 'attacker1' }, '10.14.0.1')).rejects.toMatchObject({ code: 'invalid_credentials' });
  });

  it('an owner kept out by the per-account limit gets in through a reset, whose browser is then known; a new password revokes every other browser', async () => {
    const db = getDb();
    const user = await createTestUser(db, { email: uniqueEmail('locked-out') });
    const secret = TEST_SESSION_KEYS.secret;
    const oldBrowser = deviceCookie(null, secret, await deviceAccountOf(db, user.email), false).split(';')[0]!;
    // An attacker keeps the account's wait going from a few addresses.
    await db.insertInto('rate_limits').values({ bucket: `sign-in:email:${user.email}`, window_start: sql`now()`, hits: 40 }).execute();
    const signIn = (ip: string, cookies: string | null, password: string) => authorizeCredentials(db, { email: user.email, password }, ip,
      { knowsAccount: (known) => isKnownDevice(cookies, secret, known), outcome: {} });
    await expect(signIn('10.12.0.1', null, user.password)).rejects.toMatchObject({ code: 'rate_limited' });

    // The owner asks for a reset from that new browser: it always mails them, and following it signs them in.
    const newBrowser = harness(db, '10.12.0.2');
    await forgotPassword(newBrowser.deps, { email: user.email });
    await newBrowser.settled();
    const token = new URL(newBrowser.mail[0]!.link).searchParams.get('token')!;
    const reset = await resetPassword(newBrowser.deps, { token, password: 'after-reset', confirm: 'after-reset' });
    const known = reset.cookies.find((cookie) => cookie.startsWith('cinecat.known-devices='))!;
    expect(known).toMatch(/; Path=\/api; HttpOnly; SameSite=Lax; Max-Age=31536000$/);
    // That browser now passes the per-account wait; the browser known before the reset does not any more.
    await expect(signIn('10.12.0.3', known.split(';')[0]!, 'after-reset')).resolves.toMatchObject({ id: user.id });
    await expect(signIn('10.12.0.4', oldBrowser, 'after-reset')).rejects.toMatchObject({ code: 'rate_limited' });

    // A password change does the same: the browser that made it stays known, the others' tags die.
    const me = { id: user.id, email: user.email, role: user.role };
    const changed = await changePassword({ db, keys: TEST_SESSION_KEYS, cookies: known.split(';')[0]! }, me,
      { currentPassword: 'after-reset', password: 'after-change', confirm: 'after-change' });
    const changedBrowser = changed.cookies.find((cookie) => cookie.startsWith('cinecat.known-devices='))!.split(';')[0]!;
    await expect(signIn('10.12.0.5', changedBrowser, 'after-change')).resolves.toMatchObject({ id: user.id });
    await expect(signIn('10.12.0.6', known.split(';')[0]!, 'after-change')).rejects.toMatchObject({ code: 'rate_limited' });
  });

  it('an IPv6 /48 shares one sign-in budget: past it, fresh /64s are refused before any password is hashed, and add no rows', async () => {
    const db = getDb();
    const user = await createTestUser(db, { email: uniqueEmail('sprayed-v6') });
    const attempt = (subnet: number) => authorizeCredentials(db, { email: uniqueEmail('nobody'), password: 'guess' }, `2001:db8:48:${subnet.toString(16)}::1`);
    for (let subnet = 0; subnet < BACKOFFS.signInPerNetwork.free; subnet++) {
      await expect(attempt(subnet)).rejects.toMatchObject({ code: 'invalid_credentials' }); // hashed: a decoy check
    }
    const rows = (await buckets(db, 'sign-in:%')).length;
    for (let subnet = 1000; subnet < 1050; subnet++) await expect(attempt(subnet)).rejects.toMatchObject({ code: 'rate_limited' });
    expect((await buckets(db, 'sign-in:%')).length).toBe(rows);
    expect(await buckets(db, 'sign-in:net:2001:db8:48::/48')).toEqual([{ bucket: 'sign-in:net:2001:db8:48::/48', hits: BACKOFFS.signInPerNetwork.free }]);
    // Another /48, and IPv4 clients, are not slowed.
    await expect(authorizeCredentials(db, { email: user.email, password: user.password }, '2001:db8:49::1')).resolves.toMatchObject({ id: user.id });
    await expect(authorizeCredentials(db, { email: user.email, password: user.password }, '10.13.0.1')).resolves.toMatchObject({ id: user.id });
  });

  it('an IPv6 /48 shares one sign-up budget: past it, a fresh /64 is refused and adds no row', async () => {
    const db = getDb();
    const fromSubnet = (subnet: number) => harness(db, `2001:db8:4c:${subnet.toString(16)}::1`);
    for (let subnet = 0; subnet < RATE_LIMITS.signUp.perNetwork; subnet++) {
      const client = fromSubnet(subnet);
      await signUp(client.deps, { email: uniqueEmail('v6-signup'), password: 'secret12', confirm: 'secret12' });
      await client.settled();
    }
    const users = await db.selectFrom('users').select('id').execute();
    await expect(signUp(fromSubnet(4000).deps, { email: uniqueEmail('one-more'), password: 'secret12', confirm: 'secret12' }))
      .rejects.toBeInstanceOf(TooManyRequests);
    expect(await db.selectFrom('users').select('id').execute()).toHaveLength(users.length);
    expect(await buckets(db, 'sign-up:ip:2001:db8:4c:fa0::/64')).toEqual([]);
  });
});

describeEachEngine('account mail in production without SMTP', (getDb) => {
  it('the mail job fails loudly and stays queued with the reason; no link goes anywhere', async () => {
    const db = getDb();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    try {
      const user = await createTestUser(db);
      const client = harness(db);
      client.deps.mailer = createMailer({ production: true });
      await forgotPassword(client.deps, { email: user.email });
      await client.settled();
      const job = await db.selectFrom('account_mail_jobs').select(['last_error', 'attempts']).where('email', '=', user.email).executeTakeFirstOrThrow();
      expect(job).toEqual({ last_error: MAIL_NOT_CONFIGURED, attempts: 1 });
      expect(error.mock.calls.flat().join('\n')).toContain(MAIL_NOT_CONFIGURED);
      expect(info.mock.calls.flat().join('\n')).not.toContain('reset-password?token=');
    } finally {
      error.mockRestore();
      info.mockRestore();
    }
  });
});

describeEachEngine('housekeeping purges', (getDb) => {
  const ago = (ms: number) => new Date(Date.now() - ms);
  const HOUR = 60 * 60_000;
  const DAY = 24 * HOUR;

  it('drops spent e-mail tokens a day on, in bounded batches, and keeps live and lately used ones', async () => {
    const db = getDb();
    const user = await createTestUser(db);
    const token = (name: string, expires: Date, used: Date | null) =>
      ({ token_hash: `hk-${name}-${user.id}`, user_id: user.id, purpose: 'reset_password' as const, expires_at: expires, used_at: used });
    await db.insertInto('auth_tokens').values([
      token('used-long-ago', ago(-HOUR), ago(2 * DAY)), token('expired-long-ago', ago(2 * DAY), null),
      token('used-lately', ago(-HOUR), ago(HOUR)), token('live', ago(-HOUR), null),
    ]).execute();
    expect(await purgeSpentAuthTokens(db, { batch: 1, maxBatches: 1 })).toBe(1);
    expect((await runHousekeeping(db)).authTokens).toBeGreaterThanOrEqual(1);
    const left = await db.selectFrom('auth_tokens').select('token_hash').where('user_id', '=', user.id).orderBy('token_hash').execute();
    expect(left.map((row) => row.token_hash)).toEqual([`hk-live-${user.id}`, `hk-used-lately-${user.id}`]);
  });

  it('drops accounts never confirmed after a week, unless something was saved with them or a live link is out', async () => {
    const db = getDb();
    const unconfirmed = async (age: number) => {
      const user = await createTestUser(db, { confirmed: false });
      await db.updateTable('users').set({ created_at: ago(age) }).where('id', '=', user.id).execute();
      return user.id;
    };
    const abandoned = await unconfirmed(8 * DAY);
    const withList = await unconfirmed(8 * DAY);
    await db.insertInto('user_list_items').values({ user_id: withList, list: 'my_list', content_type: 'movie', content_tmdb_id: 1, added_at: new Date() }).execute();
    const withLiveLink = await unconfirmed(8 * DAY);
    await db.insertInto('auth_tokens').values({ token_hash: `hk-link-${withLiveLink}`, user_id: withLiveLink, purpose: 'confirm_email', expires_at: ago(-HOUR) }).execute();
    const recent = await unconfirmed(6 * DAY);
    const confirmed = (await createTestUser(db)).id;
    await db.updateTable('users').set({ created_at: ago(30 * DAY) }).where('id', '=', confirmed).execute();

    await runHousekeeping(db);
    const ids = [abandoned, withList, withLiveLink, recent, confirmed];
    const left = new Set((await db.selectFrom('users').select('id').where('id', 'in', ids).execute()).map((row) => row.id));
    expect(ids.map((id) => left.has(id))).toEqual([false, true, true, true, true]);
  });

  it('drops import jobs, rebuilds and TMDB syncs finished a week ago, but keeps the newest ones and the last completed sync; and changes a day old', async () => {
    const db = getDb();
    const old = ago(8 * DAY);
    await db.insertInto('rebuild_requests')
      .values({ status: 'succeeded', reason: 'hk', requested_at: old, started_at: old, finished_at: old }).execute();
    const rebuilds = await db.insertInto('rebuild_requests')
      .values(Array.from({ length: FINISHED_JOBS_KEPT + 5 }, () => ({ status: 'failed' as const, reason: 'hk', requested_at: old, started_at: old, finished_at: old })))
      .returning('id').execute();
    const running = (await db.insertInto('import_jobs')
      .values({ kind: 'movie', start_page: 1, end_page: 2, current_page: 1, status: 'running', created_at: old, updated_at: old }).returning('id').executeTakeFirstOrThrow()).id;
    const jobs = await db.insertInto('import_jobs')
      .values(Array.from({ length: FINISHED_JOBS_KEPT + 5 }, () => ({ kind: 'movie' as const, start_page: 1, end_page: 1, current_page: 1, status: 'done' as const, created_at: old, updated_at: old, finished_at: old })))
      .returning('id').execute();
    // The last completed sync (where the next one starts) is older than the failed ones after it.
    const sync = (status: 'done' | 'failed', until: Date) => ({ trigger: 'schedule' as const, since: ago(9 * DAY), until, status, created_at: old, updated_at: old, finished_at: old });
    const lastSync = (await db.insertInto('tmdb_syncs').values(sync('done', ago(8 * DAY))).returning('id').executeTakeFirstOrThrow()).id;
    const syncs = await db.insertInto('tmdb_syncs')
      .values(Array.from({ length: FINISHED_JOBS_KEPT + 5 }, () => sync('failed', ago(7.5 * DAY))))
      .returning('id').execute();

    await db.deleteFrom('catalogue_changes').execute();
    await db.insertInto('catalogue_changes').values({ table_name: 'genres', op: 'U', changed_at: ago(1.5 * DAY) }).execute();
    const recentChange = (await db.insertInto('catalogue_changes').values({ table_name: 'genres', op: 'U', changed_at: ago(0.5 * DAY) })
      .returning('id').executeTakeFirstOrThrow()).id;

    expect(await runHousekeeping(db)).toMatchObject({ importJobs: 5, rebuilds: 6, syncs: 5, catalogueChanges: 1 });
    const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
    expect(ids(await db.selectFrom('rebuild_requests').select('id').orderBy('id').execute())).toEqual(ids(rebuilds.slice(5)));
    expect(ids(await db.selectFrom('catalogue_changes').select('id').execute())).toEqual([recentChange]);
    expect(ids(await db.selectFrom('import_jobs').select('id').orderBy('id').execute()))
      .toEqual([running, ...ids(jobs.slice(5))]);
    expect(ids(await db.selectFrom('tmdb_syncs').select('id').orderBy('id').execute()))
      .toEqual([lastSync, ...ids(syncs.slice(5))]);
  });
});
