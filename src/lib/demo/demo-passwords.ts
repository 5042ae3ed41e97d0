/**
 * The demo accounts' passwords are printed in the README. On a production deployment (settings.ts) an account that
 * still accepts one is an open door: `npm start` refuses to serve, and the server log (at start) and the admin
 * dashboard (a banner) say so loudly until the password is changed or the account removed.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';
import { isProductionDeployment } from '../settings.ts';
import { verifyPassword } from '../accounts/passwords.ts';
import type { SecurityStatus } from '../accounts/contract.ts';

// Stored hash -> whether the demo password matches it: a hash only changes with the password, so each is checked
// once (scrypt at full cost) however often the dashboard asks.
const checked = new Map<string, Promise<boolean>>();

/** E-mails of the demo accounts whose README password still signs in. */
export async function accountsWithDemoPasswords(db: Kysely<Database>): Promise<string[]> {
  const emails = DEMO_ACCOUNTS.map((account) => account.email);
  const rows = await db.selectFrom('users').select(['email', 'password_hash'])
    .where((eb) => eb(eb.fn('lower', ['email']), 'in', emails)).orderBy('email').execute();
  const open: string[] = [];
  for (const row of rows) {
    const account = DEMO_ACCOUNTS.find((demo) => demo.email === row.email.toLowerCase())!;
    const key = `${account.email}\n${row.password_hash}`;
    if (!checked.has(key)) checked.set(key, verifyPassword(account.password, row.password_hash));
    if (await checked.get(key)) open.push(row.email);
  }
  return open;
}

/** The server log's warning, framed so it stands out in a build or function log. */
export function demoPasswordWarning(emails: string[]): string {
  const rule = '!'.repeat(80);
  return `\n${rule}\nSECURITY: ${emails.join(', ')} still accept${emails.length === 1 ? 's' : ''} the demo password printed in the README. `
    + 'Anyone can sign in. Change the password or delete the account (create your own admin with `npm run create-admin -- you@example.com`).'
    + `\n${rule}\n`;
}

/** The Node server (scripts/serve.ts, which npm start runs) in production refuses to serve while a demo account's README password works. */
export async function refuseDemoPasswordsInProduction(db: Kysely<Database>): Promise<void> {
  const open = (await securityStatus(db)).demoAccountsWithKnownPasswords;
  if (!open.length) return;
  throw new Error(`${demoPasswordWarning(open)}CineCat will not start here: this is a production deployment (a database URL, `
    + 'a HOST other than loopback, a SITE_URL or ALLOWED_HOSTS name other than localhost, or TRUSTED_PROXY_HOPS). Start it locally once '
    + '(`npm start` with those unset), sign in as each account and change its password under Account, or delete it; then start again.');
}


export async function securityStatus(db: Kysely<Database>): Promise<SecurityStatus> {
  return { demoAccountsWithKnownPasswords: isProductionDeployment() ? await accountsWithDemoPasswords(db) : [] };
}

/** Logs the warning once per server process (a Node start, a Netlify cold start); never fails a request. */
let warned: Promise<void> | undefined;
export function warnAboutDemoPasswordsOnce(getDb: () => Promise<Kysely<Database>>): Promise<void> {
  warned ??= (async () => {
    const open = (await securityStatus(await getDb())).demoAccountsWithKnownPasswords;
    if (open.length) console.error(demoPasswordWarning(open));
  })().catch((error: unknown) => console.error('[security] could not check the demo accounts:', error));
  return warned;
}
