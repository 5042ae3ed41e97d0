/**
 * A republish asks every route for its paths and keys again, and the big routes read and map the whole catalogue to
 * answer. A route's paths are a function of the rows its queries return, so the page builder
 * (scripts/page-builder.ts) records those queries when a route loads, with a fingerprint of each one's rows taken by
 * the database. A republish reuses the route's paths
 * and keys, without loading it, when every fingerprint is unchanged: then no page of the route can have a new key.
 *
 * The queries and their fingerprints are read in one snapshot, so a write that lands while a route loads shows as a
 * change next time. Reused paths carry no props: only the republish, which renders pages whose key changed, may ask
 * for them (withReusedRoutes). The pages run in the build's bundle, a copy of this module apart from the page
 * builder's own: the records are kept on globalThis, which both share.
 */
import { sql, type Kysely, type KyselyPlugin, type QueryId, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { getDb } from '../db.ts';
import { buildWideKey, withCacheKeys } from './page-cache-key.ts';

interface RoutePath { params: Record<string, string>; cacheKey: string }
interface RecordedRoute { unread: string; queries: RootOperationNode[]; fingerprints: string[]; paths: RoutePath[] }
/** `unchanged`: during a republish, whether each recorded route's queries return the rows they returned. */
interface Records { routes: Map<string, RecordedRoute>; unchanged?: Map<string, Promise<boolean>> }

const RECORDS = Symbol.for('cinecat.route-fingerprints');
const registry = globalThis as { [RECORDS]?: Records };

/** In the page builder, before its build: routes loaded from now on record their queries. */
export function keepRouteFingerprints(): void {
  registry[RECORDS] ??= { routes: new Map() };
}

/**
 * Runs `task` (a republish's getStaticPaths) with the routes whose queries return what they did answering from their
 * records. `db`: the site's database unless given.
 */
export async function withReusedRoutes<T>(task: () => Promise<T>, db?: Kysely<Database>): Promise<T> {
  const records = registry[RECORDS];
  if (!records) return task();
  db ??= await getDb();
  const unread = inputsBesidesRows();
  // Every route is checked at once, each in its own snapshot: the database works on them while this process loads
  // the routes that changed. A check that fails counts as a change; loading the route then reports the failure.
  records.unchanged = new Map([...records.routes].map(([route, recorded]) => [route,
    recorded.unread === unread ? returnSameRows(db, recorded).catch(() => false) : Promise.resolve(false)]));
  try {
    return await task();
  } finally {
    records.unchanged = undefined;
  }
}

/** After a republish that failed midway: the served pages may no longer be those the records describe. */
export function forgetRouteFingerprints(): void {
  registry[RECORDS]?.routes.clear();
}

/**
 * A route's getStaticPaths entries with their cache keys (page-cache-key.ts). `route` names the route's records;
 * `load` must read the database only through the handle it is given. `db`: the site's database unless given.
 */
export async function keyedRoutePaths<Entry extends { params: Record<string, string>; props: unknown }>(
  route: string, load: (db: Kysely<Database>) => Promise<Entry[]>, db?: Kysely<Database>,
): Promise<(Entry & { cacheKey: string })[] | RoutePath[]> {
  db ??= await getDb();
  const records = registry[RECORDS];
  if (!records) return withCacheKeys(await load(db));
  const recorded = records.routes.get(route);
  if (recorded && await records.unchanged?.get(route)) return recorded.paths;

  records.routes.delete(route);
  const unread = inputsBesidesRows();
  const { loaded, queries, fingerprints } = await inOneSnapshot(db, async (snapshot) => {
    const recorder = new QueryRecorder();
    const rows = await load(snapshot.withPlugin(recorder));
    const taken = [];
    for (const query of recorder.executed) taken.push(await fingerprintOf(snapshot, query));
    return { loaded: rows, queries: recorder.executed, fingerprints: taken };
  });
  // Outside the snapshot: the embedded database has one session, which other connections wait for while it is open.
  const entries = withCacheKeys(loaded);
  records.routes.set(route, { unread, queries, fingerprints, paths: entries.map(({ params, cacheKey }) => ({ params, cacheKey })) });
  return entries;
}

/** What a route's paths depend on besides its rows: the build-wide values of every key, and the UTC day (a person's age). */
function inputsBesidesRows(): string {
  return `${buildWideKey()}\n${new Date().toISOString().slice(0, 10)}`;
}

/** Query by query, so that a changed route (its first query, as often as not) is told early. */
function returnSameRows(db: Kysely<Database>, { queries, fingerprints }: RecordedRoute): Promise<boolean> {
  return inOneSnapshot(db, async (snapshot) => {
    for (const [i, query] of queries.entries()) {
      if (await fingerprintOf(snapshot, query) !== fingerprints[i]) return false;
    }
    return true;
  });
}

function inOneSnapshot<T>(db: Kysely<Database>, task: (snapshot: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(task);
}

/**
 * The number of rows a query returns and a hash of each row's text and position among them, computed by the
 * database. (One statement for all of a route's queries took twice as long as one each.)
 */
async function fingerprintOf(db: Kysely<Database>, query: RootOperationNode): Promise<string> {
  const { rows } = await sql<{ fingerprint: string }>`
    select count(*) || ':' || coalesce(sum(hashtextextended(row_text, position)), 0) as fingerprint
      from (select rows::text as row_text, row_number() over () as position from ${{ toOperationNode: () => query }} as rows) as numbered`
    .execute(db);
  return rows[0]!.fingerprint;
}

/** Keeps every query that returned rows, in the order they returned (subqueries never do). */
class QueryRecorder implements KyselyPlugin {
  readonly executed: RootOperationNode[] = [];
  readonly #built = new Map<string, RootOperationNode>();

  transformQuery({ node, queryId }: { node: RootOperationNode; queryId: QueryId }): RootOperationNode {
    // The last plugin: the node is the one that runs.
    this.#built.set(queryId.queryId, node);
    return node;
  }

  async transformResult({ result, queryId }: { result: QueryResult<UnknownRow>; queryId: QueryId }): Promise<QueryResult<UnknownRow>> {
    const query = this.#built.get(queryId.queryId);
    if (query) this.executed.push(query);
    return result;
  }
}
