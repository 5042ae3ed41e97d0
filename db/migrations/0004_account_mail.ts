import { sql, type Kysely } from 'kysely';

/**
 * Account hardening:
 * - auth_tokens.password_hash: the password chosen with a sign-up travels with its confirmation link, so following
 *   a link activates that password and no other (someone who signed up first with another's address gains nothing);
 * - account_mail_jobs: sign-up and password-reset mail is queued and sent after the answer, so the answer takes
 *   the same work and time whether or not the address has an account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('auth_tokens').addColumn('password_hash', 'text').execute();

  await db.schema
    .createTable('account_mail_jobs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('sign_up', 'password_reset')`))
    .addColumn('email', 'text', (c) => c.notNull())
    // sign_up only: the hash of the password chosen (never the password).
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // Set while a drain works on the job; a job claimed long ago (a frozen function) is taken up again.
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_mail_jobs').ifExists().execute();
  await db.schema.alterTable('auth_tokens').dropColumn('password_hash').execute();
}
