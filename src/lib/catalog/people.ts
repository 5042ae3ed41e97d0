/** The people list (spec section 7: count, name asc or popularity desc, range of 24). */
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { totalPagesFor, type BrowsePage } from './client/browse-params.ts';
import { PEOPLE_PAGE_SIZE, type PeopleSort, type PersonCard } from './client/people-params.ts';
import { slugify } from '../titles/client/slug.ts';

/** People with a page: those credited in at least one published movie or show (people.has_page, kept by triggers). */
export function creditedInPublishedTitle(eb: ExpressionBuilder<Database, 'people'>): Expression<SqlBool> {
  return eb('people.has_page', '=', true);
}

interface PersonCardRow { id: number; name: string; profile_path: string | null; known_for_department: string | null }

export function personCard(row: PersonCardRow): PersonCard {
  return { id: row.id, name: row.name, slug: slugify(row.name), profilePath: row.profile_path, department: row.known_for_department };
}

export async function listPeople(db: Kysely<Database>, sort: PeopleSort, page: number): Promise<BrowsePage<PersonCard>> {
  const base = db.selectFrom('people').where(creditedInPublishedTitle);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base.select(['people.id', 'people.name', 'people.profile_path', 'people.known_for_department'])
      .$if(sort === 'popularity', (q) => q.orderBy('people.popularity', 'desc'))
      .orderBy('people.name').orderBy('people.id')
      .limit(PEOPLE_PAGE_SIZE).offset((page - 1) * PEOPLE_PAGE_SIZE).execute(),
  ]);
  const total = Number(count.total);
  return {
    items: rows.map(personCard),
    page,
    totalPages: totalPagesFor(total, PEOPLE_PAGE_SIZE),
    total,
  };
}

