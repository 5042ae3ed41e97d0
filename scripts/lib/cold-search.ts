/**
 * One search in a fresh process, as the first request of a new server process or function instance meets it:
 * scripts/bench.ts runs this with --expose-gc against its database and prints what it reports (one JSON line): the
 * first search's time (the catalogue's load included, from the database or from a snapshot in
 * CATALOGUE_SNAPSHOTS), wall clock and this process's CPU (on a shared machine the
 * wall clock mostly measures the neighbours), and what the loaded catalogue holds in memory.
 *
 *   node --expose-gc --import tsx scripts/lib/cold-search.ts <query>
 */
import { getDb } from '../../src/lib/db.ts';
import { searchCatalogue } from '../../src/lib/read-model/search.ts';
import { catalogueCache } from '../../src/lib/read-model/read-model.ts';

const query = process.argv[2] ?? '';
const gc = globalThis.gc;
if (!gc) throw new Error('Run with --expose-gc: the memory figures need a collection before and after.');

const db = await getDb();
// The connection is the platform's cost, not the catalogue's: open it before the clock starts.
await db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
gc();
const before = process.memoryUsage();
const start = performance.now();
const cpuBefore = process.cpuUsage();
const results = await searchCatalogue(db, query);
const firstSearchMs = performance.now() - start;
const cpu = process.cpuUsage(cpuBefore);
// A load from the database ends in writing a snapshot of it (src/lib/read-model/catalogue-snapshot.ts): not part of
// the catalogue's memory.
await catalogueCache(db).settled();
gc();
const after = process.memoryUsage();
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
console.log(JSON.stringify({
  firstSearchMs: Math.round(firstSearchMs),
  firstSearchCpuMs: Math.round((cpu.user + cpu.system) / 1000),
  catalogueMb: mb(after.heapUsed - before.heapUsed + after.external - before.external),
  rssGrowthMb: mb(after.rss - before.rss),
  peakRssMb: mb(process.resourceUsage().maxRSS * 1024),
  titlesFound: results.titles.length,
}));
await db.destroy();
