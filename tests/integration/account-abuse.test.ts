/**
 * Abuse of the account endpoints, on real databases: what a refused client can make the server store, guessing
 * from many addresses, blocking someone else's mail, and the housekeeping job that keeps the tables bounded.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { forgotPassword, type AccountDeps } from '../../src/lib/accounts/actions.ts';
import type { MailMessage } from '../../src/lib/accounts/mail.ts';
import { authorizeCredentials } from '../../src/lib/accounts/auth-config.ts';
import { deviceCookie, isKnownDevice } from '../../src/lib/accounts/device.ts';
import { BACKOFFS, pruneIdleRateLimits, RATE_LIMITS, RATE_LIMIT_RETENTION_MS } from '../../src/lib/accounts/rate-limit.ts';
import { TooManyRequests } from '../../src/lib/http/errors.ts';
import { runHousekeeping } from '../../src/lib/housekeeping/index.ts';
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
    db, keys: TEST_SESSION_KEYS, siteOrigin: SITE, clientIp,
    mailer: async (message) => { mail.push(message); },
    afterResponse: (work) => { pending.push(work()); },
  };
  return { deps, mail, settled: () => Promise.all(pending.splice(0)) };
}

const buckets = (db: Kysely<Database>, like: string) =>
  db.selectFrom('rate_limits').select(['bucket', 'hits']).where('bucket', 'like', like).orderBy('bucket').execute();

describeEachEngine('account abuse', (getDb) => {
  it('a client refused at its own bucket creates and fills no per-e-mail bucket', async () => {
    const db = getDb();
    const attacker = harness(db);
    const ip = attacker.deps.clientIp;
    await db.insertInto('rate_limits').values({ bucket: `reset:ip:${ip}`, window_start: sql`now()`, hits: RATE_LIMITS.resetPerIp.limit }).execute();
    const victim = uniqueEmail('victim');
    for (let attempt = 0; attempt < 10; attempt++) {
      await expect(forgotPassword(attacker.deps, { email: victim })).rejects.toBeInstanceOf(TooManyRequests);
    }
    expect(await buckets(db, `reset:email:${victim}%`)).toEqual([]);
    expect(await buckets(db, `reset:ip:${ip}`)).toEqual([{ bucket: `reset:ip:${ip}`, hits: RATE_LIMITS.resetPerIp.limit + 10 }]);
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
    const owner = deviceCookie(null, secret, user.email, false).split(';')[0]!;
    const signIn = (ip: string, cookies: string | null, password = user.password) => authorizeCredentials(db, { email: user.email, password }, ip,
      { knowsAccount: (email) => isKnownDevice(cookies, secret, email), outcome: {} });
    // Guesses from many addresses, each under its own limits, add up on the account.
    for (let guess = 0; guess < BACKOFFS.signInPerAccount.free; guess++) {
      await expect(signIn(`10.8.${guess}.1`, null, 'wrong')).rejects.toMatchObject({ code: 'invalid_credentials' });
    }
    await expect(signIn('10.8.200.1', null)).rejects.toMatchObject({ code: 'rate_limited' });
    await expect(signIn('10.8.200.2', 'cinecat.devices=forged')).rejects.toMatchObject({ code: 'rate_limited' });
    // The owner's browser (its device cookie, from any address) is not slowed.
    const outcome = {};
    await expect(authorizeCredentials(db, { email: user.email, password: user.password }, '10.8.201.1',
      { knowsAccount: (email) => isKnownDevice(owner, secret, email), outcome })).resolves.toMatchObject({ id: user.id });
    expect(outcome).toEqual({ signedIn: user.email });
    // The cookie set at that sign-in keeps the account's tag first, next to the others the browser had.
    const other = deviceCookie(null, secret, 'other@example.com', false).split(';')[0]!;
    const both = deviceCookie(other, secret, user.email, true);
    expect(both).toMatch(/^cinecat\.devices=[\w-]{22}\.[\w-]{22}; Path=\/api\/auth; HttpOnly; SameSite=Lax; Max-Age=31536000; Secure$/);
    expect(isKnownDevice(both.split(';')[0]!, secret, 'other@example.com')).toBe(true);
    expect(isKnownDevice(both.split(';')[0]!, 'another-secret', user.email)).toBe(false);
  });
});
