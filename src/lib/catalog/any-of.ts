/**
 * `column = any($1)`: a list of ids sent as one array parameter. An IN list takes a parameter per id, and Postgres's
 * protocol allows at most 65,535 in a statement, fewer than the ids of a large catalogue (a 100k catalogue's every
 * recommended movie, a sync's every changed title) or of a user's imported history.
 */
import { sql, type RawBuilder } from 'kysely';

export function anyOf(ids: readonly number[]): RawBuilder<number> {
  return sql<number>`any(${sql.val(ids)}::int[])`;
}
