/**
 * Operator defaults against a real PostgreSQL (the scripts run as child processes, so an in-process PGlite cannot
 * be shared with them): `npm run seed` adds no demo accounts to a DATABASE_URL unless asked, `npm run create-admin`
 * makes or promotes an admin from a piped password without ever printing it, and a production deployment reports
 * demo accounts whose README password still works (endpoint for the admin banner).
 */
import { spawn } from 'node:child_process';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { authorizeCredentials } from '../../src/lib/accounts/auth-config.ts';
import { refuseDemoPasswordsInProduction } from '../../src/lib/demo/demo-passwords.ts';
import { hashPassword } from '../../src/lib/accounts/passwords.ts';
import { getSessionUser } from '../../src/lib/accounts/session.ts';
import { DEMO_ADMIN, DEMO_USER } from '../../src/lib/demo/accounts.ts';
import { createTestDatabase, describeEachEngine, engineUnavailableReason, type TestDatabase } from '../support/engines.ts';
import { callEndpoint } from '../support/personal-fixtures.ts';
import { serverArgs } from '../../scripts/lib/site.ts';
import { createTestUser, sessionCookieHeader, TEST_SESSION_KEYS } from '../support/sessions.ts';

let currentDb: Kysely<Database>;
vi.mock('../../src/lib/db.ts', () => ({ getDb: async () => currentDb }));
// endpoint() reads the session through server-env (astro:env, absent here); callEndpoint puts the user on locals.
vi.mock('../../src/lib/accounts/server-env.ts', () => ({ sessionUserOf: async (context: { locals: App.Locals }) => context.locals.user }));
const security = await import('../../src/pages/api/admin/security.ts');

/** Runs a script like `npm run <script>` would, against the test database, with `input` piped to its stdin. */
function runScript(script: string, args: string[], url: string, input = '') {
  return runNode(['--import', 'tsx', script, ...args], url, input);
}

function runNode(args: string[], url: string, input = ''): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, DATABASE_URL: url }, stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => { stdout += chunk; });
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

describe.skipIf(engineUnavailableReason('postgres') !== null)('operator scripts against a DATABASE_URL', () => {
  let testDb: TestDatabase;
  let url: string;
  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    url = (testDb.settings as { url: string }).url;
  });
  afterAll(async () => { await testDb?.destroy(); });
  const users = () => testDb.db.selectFrom('users').select(['email', 'role', 'email_confirmed_at', 'session_version']).orderBy('email').execute();

  it('seeding a DATABASE_URL adds no demo accounts unless --demo-accounts asks for them', async () => {
    const small = ['--movies', '6', '--shows', '2', '--people', '20'];
    const plain = await runScript('scripts/seed.ts', small, url);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('0 users');
    expect(plain.stdout).toContain('npm run create-admin -- you@example.com');
    expect(await users()).toEqual([]);

    const demo = await runScript('scripts/seed.ts', [...small, '--reset', '--demo-accounts'], url);
    expect(demo.code).toBe(0);
    expect(demo.stderr).toContain('WARNING: the demo accounts (README passwords) were added to a non-embedded database.');
    expect((await users()).map((user) => user.email)).toEqual([DEMO_ADMIN.email, DEMO_USER.email]);
  }, 120_000);

  it('create-admin makes a confirmed admin from a piped password, never printing it, and promotes an existing account', async () => {
    const secret = 'Piped-Secret-42';
    const created = await runScript('scripts/create-admin.ts', ['Boss@Example.com'], url, `${secret}\n`);
    expect(created).toMatchObject({ code: 0, stdout: 'Created admin boss@example.com (e-mail confirmed).\n' });
    expect(created.stdout + created.stderr).not.toContain(secret);
    expect((await users()).find((user) => user.email === 'boss@example.com')).toMatchObject({ role: 'admin', email_confirmed_at: expect.any(Date) });
    await expect(authorizeCredentials(testDb.db, { email: 'boss@example.com', password: secret }, '10.9.0.1')).resolves.toBeTruthy();

    const member = await createTestUser(testDb.db, { email: 'member@example.com' });
    const oldSession = await sessionCookieHeader(testDb.db, member.id);
    const promoted = await runScript('scripts/create-admin.ts', ['member@example.com'], url, 'New-Admin-Pass\n');
    expect(promoted.stdout).toBe('Promoted the existing account member@example.com to admin and set its new password; its other sessions are signed out.\n');
    expect((await users()).find((user) => user.email === 'member@example.com')).toMatchObject({ role: 'admin', session_version: 1 });
    await expect(authorizeCredentials(testDb.db, { email: 'member@example.com', password: 'New-Admin-Pass' }, '10.9.0.2')).resolves.toBeTruthy();
    expect(await getSessionUser(new Request('http://site.test/', { headers: { cookie: oldSession } }), testDb.db, TEST_SESSION_KEYS)).toBeNull();

    const again = await runScript('scripts/create-admin.ts', ['member@example.com'], url, 'Third-Pass-1\n');
    expect(again.stdout).toContain('member@example.com was already an admin: set its new password');
  }, 120_000);

  it('scripts/serve.ts run directly refuses to serve a production deployment while a demo password works', async () => {
    await testDb.db.deleteFrom('users').where('email', '=', DEMO_USER.email).execute();
    await testDb.db.insertInto('users')
      .values({ email: DEMO_USER.email, password_hash: await hashPassword(DEMO_USER.password), email_confirmed_at: new Date() }).execute();
    // A DATABASE_URL is production. The entry does not exist: the refusal must come before the server loads anything.
    const served = await runNode(serverArgs('/nonexistent/server/entry.mjs'), url); // as npm start runs it: Node's type stripping
    expect(served.code).toBe(1);
    expect(served.stderr).toMatch(new RegExp(`SECURITY: .*${DEMO_USER.email} still accepts? the demo password`));
    expect(served.stderr).toContain('CineCat will not start here: this is a production deployment');
    await testDb.db.deleteFrom('users').where('email', '=', DEMO_USER.email).execute();
  }, 120_000);

  it('create-admin refuses a bad address or a password under 12 characters and changes nothing', async () => {
    const before = await users();
    const short = await runScript('scripts/create-admin.ts', ['short@example.com'], url, 'abc\n');
    expect(short).toMatchObject({ code: 1, stderr: 'Password should be at least 6 characters.\n' });
    // Users keep the spec's 6 characters; an admin needs 12.
    const elevenCharacters = await runScript('scripts/create-admin.ts', ['short@example.com'], url, 'Eleven-char\n');
    expect(elevenCharacters).toMatchObject({ code: 1, stderr: 'An admin password should be at least 12 characters.\n' });
    const twoAddresses = await runScript('scripts/create-admin.ts', ['a@example.com,b@example.com'], url, 'Long-enough-1\n');
    expect(twoAddresses).toMatchObject({ code: 1, stderr: 'Please enter a valid email address.\n' });
    const none = await runScript('scripts/create-admin.ts', [], url);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('Usage: npm run create-admin -- <email>');
    expect(await users()).toEqual(before);
  }, 120_000);
});

describeEachEngine('demo passwords in production', (getDb) => {
  beforeAll(() => { currentDb = getDb(); });

  it('the admin security endpoint names demo accounts whose README password works, in production only', async () => {
    const db = getDb();
    const admin = await createTestUser(db, { email: 'owner@example.com', role: 'admin' });
    await db.insertInto('users').values([
      { email: DEMO_ADMIN.email, password_hash: await hashPassword(DEMO_ADMIN.password), role: 'admin', email_confirmed_at: new Date() },
      { email: DEMO_USER.email, password_hash: await hashPassword('changed-since'), email_confirmed_at: new Date() },
    ]).execute();
    const status = async () => (await callEndpoint(security.GET, admin, 'GET', '/api/admin/security')).json();

    vi.stubEnv('DATABASE_URL', '');
    vi.stubEnv('NETLIFY_DATABASE_URL', '');
    vi.stubEnv('NETLIFY', '');
    expect(await status()).toEqual({ demoAccountsWithKnownPasswords: [] });
    vi.stubEnv('DATABASE_URL', 'postgres://db.example.com/cinecat');
    expect(await status()).toEqual({ demoAccountsWithKnownPasswords: [DEMO_ADMIN.email] });
    await db.updateTable('users').set({ password_hash: await hashPassword('a-real-secret') }).where('email', '=', DEMO_ADMIN.email).execute();
    expect(await status()).toEqual({ demoAccountsWithKnownPasswords: [] });
    vi.unstubAllEnvs();

    const member = await createTestUser(db, { email: 'not-admin@example.com' });
    expect((await callEndpoint(security.GET, member, 'GET', '/api/admin/security')).status).toBe(403);
  });

  it('npm start refuses to serve a public embedded site while a demo password works, saying what to do', async () => {
    const db = getDb();
    await db.deleteFrom('users').where('email', '=', DEMO_ADMIN.email).execute();
    await db.insertInto('users')
      .values({ email: DEMO_ADMIN.email, password_hash: await hashPassword(DEMO_ADMIN.password), role: 'admin', email_confirmed_at: new Date() })
      .execute();
    for (const name of ['DATABASE_URL', 'NETLIFY_DATABASE_URL', 'NETLIFY', 'SITE_URL', 'TRUSTED_PROXY_HOPS']) vi.stubEnv(name, '');
    vi.stubEnv('HOST', '127.0.0.1');
    await expect(refuseDemoPasswordsInProduction(db)).resolves.toBeUndefined();
    vi.stubEnv('HOST', '0.0.0.0');
    await expect(refuseDemoPasswordsInProduction(db)).rejects.toThrow(
      /admin@example\.com still accepts the demo password[\s\S]*CineCat will not start here: this is a production deployment/);
    await expect(refuseDemoPasswordsInProduction(db)).rejects.toThrow('sign in as each account and change its password under Account, or delete it');
    vi.unstubAllEnvs();
  });
});
