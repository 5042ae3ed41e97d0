import { sql, type Kysely } from 'kysely';
import { logChangesOf, stopLoggingChangesOf } from './0014_catalogue_changes.ts';

/**
 * people.has_page: whether the person is credited in a published title, which is when they have a page. The sitemap,
 * the people list and the person route ask it of every person on each publish that names them; worked out from the
 * credits it took 1.3 s at 150,000 people. Triggers keep it in the writer's own transaction, whoever writes: a credit
 * added, moved or removed (a title or a person deleted removes its credits), a title published or taken down. An
 * update of it is logged like any other column (0014_catalogue_changes.ts), and it is one of a person's logged keys:
 * whether the page appeared or went.
 */
const KINDS = [
  { titles: 'movies', credits: 'movie_credits', owner: 'movie_id' },
  { titles: 'tv_shows', credits: 'tv_show_credits', owner: 'tv_show_id' },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE people ADD COLUMN has_page boolean NOT NULL DEFAULT false`.execute(db);
  const credited = (kind: (typeof KINDS)[number], person: string) => sql.raw(`EXISTS (SELECT 1 FROM ${kind.credits} c
    JOIN ${kind.titles} t ON t.id = c.${kind.owner} WHERE c.person_id = ${person} AND t.is_published)`);
  const hasPage = (person: string) => sql.join(KINDS.map((kind) => credited(kind, person)), sql.raw(' OR '));
  await sql`
    CREATE FUNCTION refresh_people_pages(person_ids integer[]) RETURNS void LANGUAGE sql AS $$
      UPDATE people SET has_page = fresh.has_page
      FROM (SELECT ids.id, ${hasPage('ids.id')} AS has_page FROM (SELECT DISTINCT unnest(person_ids) AS id) ids) fresh
      WHERE people.id = fresh.id AND people.has_page <> fresh.has_page
    $$`.execute(db);
  await sql`
    CREATE FUNCTION credits_refresh_people_pages() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        PERFORM refresh_people_pages(ARRAY(SELECT id FROM people WHERE has_page));
      ELSIF TG_OP = 'INSERT' THEN
        PERFORM refresh_people_pages(ARRAY(SELECT person_id FROM new_rows));
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM refresh_people_pages(ARRAY(SELECT person_id FROM old_rows));
      ELSE
        PERFORM refresh_people_pages(ARRAY(SELECT person_id FROM new_rows UNION SELECT person_id FROM old_rows));
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  for (const kind of KINDS) {
    const trigger = (what: string) => sql.raw(`${kind.credits}_people_pages_${what}`);
    const credits = sql.table(kind.credits);
    await sql`CREATE TRIGGER ${trigger('insert')} AFTER INSERT ON ${credits} REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION credits_refresh_people_pages()`.execute(db);
    await sql`CREATE TRIGGER ${trigger('update')} AFTER UPDATE ON ${credits} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION credits_refresh_people_pages()`.execute(db);
    await sql`CREATE TRIGGER ${trigger('delete')} AFTER DELETE ON ${credits} REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION credits_refresh_people_pages()`.execute(db);
    await sql`CREATE TRIGGER ${trigger('truncate')} AFTER TRUNCATE ON ${credits}
      FOR EACH STATEMENT EXECUTE FUNCTION credits_refresh_people_pages()`.execute(db);

    // A title published or taken down: the people credited in it. Row by row, on that column only: a view counted
    // (an update of view_count) fires nothing.
    const refresh = sql.raw(`${kind.titles}_refresh_people_pages`);
    await sql`
      CREATE FUNCTION ${refresh}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM refresh_people_pages(ARRAY(SELECT person_id FROM ${sql.raw(kind.credits)} WHERE ${sql.raw(kind.owner)} = NEW.id));
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${kind.titles}_people_pages_update`)} AFTER UPDATE OF is_published ON ${sql.table(kind.titles)}
      FOR EACH ROW WHEN (OLD.is_published IS DISTINCT FROM NEW.is_published) EXECUTE FUNCTION ${refresh}()`.execute(db);
  }

  // The people who have a page now, without logging each as a change: their pages are not new.
  await sql`ALTER TABLE people DISABLE TRIGGER USER`.execute(db);
  await sql`UPDATE people SET has_page = true WHERE ${hasPage('people.id')}`.execute(db);
  await sql`ALTER TABLE people ENABLE TRIGGER USER`.execute(db);
  await sql`CREATE INDEX people_with_page_idx ON people (id) WHERE has_page`.execute(db);
  await stopLoggingChangesOf(db, 'people');
  await logChangesOf(db, 'people', ['id', 'has_page']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await stopLoggingChangesOf(db, 'people');
  await logChangesOf(db, 'people');
  for (const kind of KINDS) {
    for (const what of ['insert', 'update', 'delete', 'truncate']) {
      await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${kind.credits}_people_pages_${what}`)} ON ${sql.table(kind.credits)}`.execute(db);
    }
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${kind.titles}_people_pages_update`)} ON ${sql.table(kind.titles)}`.execute(db);
    await sql`DROP FUNCTION IF EXISTS ${sql.raw(`${kind.titles}_refresh_people_pages`)}()`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS credits_refresh_people_pages()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS refresh_people_pages(integer[])`.execute(db);
  await sql`ALTER TABLE people DROP COLUMN IF EXISTS has_page`.execute(db);
}
