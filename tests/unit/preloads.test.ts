/**
 * A page kind whose build preloads every page (src/lib/pages/catalogue-page.ts preloaded()): the first listing reads
 * every answer at once, unless the build keeps the last run's pages, whose listing reads their params only.
 */
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { page, preloaded, type CataloguePage } from '../../src/lib/pages/catalogue-page.ts';

const db = {} as Kysely<Database>;
const slugs = ['heat', 'ronin'];

/** A kind over two pages, counting its reads: `loadAll` once for every page, `load` per page. */
function countedKind() {
  const reads = { all: 0, one: 0 };
  const kind: CataloguePage<{ slug: string }, string> = {
    route: '/movie/[slug]',
    paths: async () => slugs.map((slug) => ({ slug })),
    load: async (_, { slug }) => {
      reads.one++;
      return page(`${slug} now`, []);
    },
  };
  const loadAll = async () => {
    reads.all++;
    return slugs.map((slug) => ({ params: { slug }, answer: page(`${slug} preloaded`, []) }));
  };
  return { reads, kind: preloaded(kind, loadAll) };
}

afterEach(() => vi.unstubAllEnvs());

describe('a preloaded page kind', () => {
  it("reads every page at the build's first listing; each page takes its answer once, then reads its own", async () => {
    const { reads, kind } = countedKind();
    expect(await kind.paths(db)).toEqual([{ slug: 'heat' }, { slug: 'ronin' }]);
    expect(await kind.load(db, { slug: 'heat' })).toEqual(page('heat preloaded', []));
    expect(await kind.load(db, { slug: 'heat' })).toEqual(page('heat now', []));
    expect(reads).toEqual({ all: 1, one: 1 });
  });

  it("reads only the pages' params in a build that keeps the last run's pages", async () => {
    // As the page builder sets it (settings.ts setBuildKeepsPages).
    vi.stubEnv('CINECAT_BUILD_KEEPS_PAGES', '1');
    const { reads, kind } = countedKind();
    expect(await kind.paths(db)).toEqual([{ slug: 'heat' }, { slug: 'ronin' }]);
    expect(await kind.load(db, { slug: 'ronin' })).toEqual(page('ronin now', []));
    expect(reads).toEqual({ all: 0, one: 1 });
  });
});
