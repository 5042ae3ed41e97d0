/**
 * Type tests (vitest's expectTypeOf), checked by `npm run typecheck` (tsc over the whole project, tests included),
 * the first step of `npm test`: the schema (db/schema.ts, which imports no application code) and the
 * browser-safe contracts each declare the small unions they share; these keep the two declarations equal, so a
 * value added to one and not the other fails `npm test`.
 */
import type { SelectType } from 'kysely';
import { describe, expectTypeOf, it } from 'vitest';
import type { ContentType as ColumnContentType, Database, ListName as ColumnListName, RebuildStatus as ColumnRebuildStatus } from '../../db/schema.ts';
import type { SkippedTitle } from '../../src/lib/admin/contract.ts';
import type { ContentType } from '../../src/lib/titles/client/content-types.ts';
import type { ListName } from '../../src/lib/lists/contract.ts';
import type { RebuildStatus } from '../../src/lib/rebuild/contract.ts';

describe('schema and contracts agree', () => {
  it('on title kinds, list names and rebuild statuses', () => {
    expectTypeOf<ContentType>().toEqualTypeOf<ColumnContentType>();
    expectTypeOf<ListName>().toEqualTypeOf<ColumnListName>();
    expectTypeOf<RebuildStatus>().toEqualTypeOf<ColumnRebuildStatus>();
  });

  it('on the skipped titles an import job stores', () => {
    expectTypeOf<SelectType<Database['import_jobs']['skipped']>>().toEqualTypeOf<SkippedTitle[]>();
  });
});
