import { sql, type Kysely } from 'kysely';

/**
 * Security, fourth pass: view_dedupe kept each client's raw address, which the privacy page says the site does not
 * store. The site now writes a keyed hash of the client's network (src/lib/analytics/visitor-key.ts). Rows holding
 * an address go: rehashing them would need the site's secret, which db/ does not know, so a visitor already counted
 * today counts at most once more today. Earlier days' rows go, as the site drops them anyway.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('view_dedupe').where(sql<boolean>`day < (now() AT TIME ZONE 'UTC')::date`).execute();
  // A keyed hash is base64url, which has no '.' or ':'; every IPv4 or IPv6 address has one.
  await db.deleteFrom('view_dedupe').where(sql<boolean>`client_key ~ '[.:]'`).execute();
}

/** The addresses cannot come back: the rows of today go, which counts each visitor at most once more today. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('view_dedupe').execute();
}
