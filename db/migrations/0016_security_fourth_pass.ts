import { isIP } from 'node:net';
import { sql, type Kysely } from 'kysely';
import { visitorKey } from '../../src/lib/analytics/visitor-key.ts';

/**
 * Security, fourth pass: view_dedupe kept each client's raw address, which the privacy page says the site does not
 * store. Today's rows take the keyed hash of the client's network that the site now writes
 * (src/lib/analytics/visitor-key.ts), so nobody already counted today counts again; several addresses of one IPv6
 * /64 become one row per subject. Earlier days' rows go, as the site drops them anyway.
 */
const BATCH = 1_000;

export async function up(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('view_dedupe').where(sql<boolean>`day < (now() AT TIME ZONE 'UTC')::date`).execute();
  for (;;) {
    const rows: { client_key: string; subject: string; day: string }[] = await db.selectFrom('view_dedupe')
      .select(['client_key', 'subject', sql<string>`day::text`.as('day')]).where(sql<boolean>`client_key ~ '^[0-9a-fA-F.:]+$'`).limit(BATCH).execute();
    const addresses = rows.filter((row) => isIP(row.client_key) !== 0);
    if (!addresses.length) return;
    await db.insertInto('view_dedupe')
      .values(addresses.map((row) => ({ client_key: visitorKey(row.client_key), subject: row.subject, day: row.day })))
      .onConflict((oc) => oc.columns(['client_key', 'subject', 'day']).doNothing()).execute();
    await db.deleteFrom('view_dedupe').where('client_key', 'in', [...new Set(addresses.map((row) => row.client_key))]).execute();
  }
}

/** The addresses cannot come back: the rows of today go, which counts each visitor at most once more today. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('view_dedupe').execute();
}
