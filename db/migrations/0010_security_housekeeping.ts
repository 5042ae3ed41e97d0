import { sql, type Kysely } from 'kysely';

/**
 * Security, third pass:
 * - rate_limits_window_idx: the housekeeping job (src/lib/housekeeping/) drops idle buckets by their window in
 *   bounded batches, which without an index would scan the table each time.
 * - people_catalogue_version fires on UPDATE only of the columns the in-memory catalogue shows (name, photo,
 *   department, popularity): the person details an anonymous GET /api/person/{id} stores must not make every
 *   process reload the catalogue.
 */
const PEOPLE_CARD_COLUMNS = ['id', 'name', 'profile_path', 'known_for_department', 'popularity'];

async function peopleTrigger(db: Kysely<any>, update: string): Promise<void> {
  await sql`DROP TRIGGER people_catalogue_version ON people`.execute(db);
  await sql`
    CREATE CONSTRAINT TRIGGER people_catalogue_version
    AFTER INSERT OR DELETE OR ${sql.raw(update)} ON people
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version()
  `.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('rate_limits_window_idx').on('rate_limits').column('window_start').execute();
  await peopleTrigger(db, `UPDATE OF ${PEOPLE_CARD_COLUMNS.join(', ')}`);
}

export async function down(db: Kysely<any>): Promise<void> {
  await peopleTrigger(db, 'UPDATE');
  await db.schema.dropIndex('rate_limits_window_idx').ifExists().execute();
}
