/**
 * The Node server's page builder (started by src/lib/publishing/page-builder-client.ts, never by hand): one
 * `astro build` into ASTRO_OUT_DIR, recorded page by page (page-recorder.ts); then, unless publishing is off, it stays
 * as the site's publisher (node-publisher.ts), renewing the built pages as the catalogue changes, with the prerenderer
 * the build set up. It ends with its parent.
 *
 * A start with the code and the database of the last run keeps that run's pages (publish-journal.ts): the build renders only the pages
 * the journal does not have, and the publisher renews those the changes since its last checkpoint made stale.
 */
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { build } from 'astro';
import { getDb } from '../src/lib/db.ts';
import { variantCacheIn } from '../src/lib/compression/precompress.ts';
import { errorMessage } from '../src/lib/http/respond.ts';
import { currentSnapshot, databaseId } from '../src/lib/publishing/change-log.ts';
import { NodePublisher } from '../src/lib/publishing/node-publisher.ts';
import { asideDirOf, pageFile, removePageFile } from '../src/lib/publishing/page-files.ts';
import { pageRecorder } from '../src/lib/publishing/page-recorder.ts';
import { publishAtNormalPriority, type BuilderMessage, type ServerMessage } from '../src/lib/publishing/page-builder-client.ts';
import { codeHash, Journal, readJournal } from '../src/lib/publishing/publish-journal.ts';
import { astroCacheDir, astroOutDir, canonicalSiteUrl, publishingEnabled, setBuildKeepsPages } from '../src/lib/settings.ts';

const send = (message: BuilderMessage) => { process.send!(message); };
process.on('disconnect', () => process.exit(0));

const outDir = resolve(astroOutDir() ?? 'dist');
const clientDir = join(outDir, 'client');
const db = await getDb();
const code = codeHash();
const database = await databaseId(db);
const previous = await readJournal(outDir, code, database);
// Before the build reads anything: the publisher takes every change committed after this.
const since = previous?.cursor ?? await currentSnapshot(db);
// Nothing of another code's build is kept, nor a file a killed run was writing.
if (!previous) await rm(outDir, { recursive: true, force: true });
await rm(asideDirOf(clientDir), { recursive: true, force: true });
const recorder = pageRecorder(previous?.pages);
if (previous) setBuildKeepsPages();
try {
  // Per-page lines would be 40,000 writes to a pipe nobody reads; warnings and errors still reach stderr.
  await build({ logLevel: 'warn', integrations: [recorder.integration], vite: { build: { emptyOutDir: false } } });
} catch (error) {
  send({ type: 'failed', message: errorMessage(error) });
  process.exit(1);
}
// Pages of the last run that no route lists any more.
let kept = 0;
for (const path of previous?.pages.keys() ?? []) {
  if (recorder.index.get(path)) kept++;
  else await removePageFile(clientDir, pageFile(clientDir, path));
}
const journal = await Journal.start(outDir, code, database, [...recorder.index.entries()].map(([path, { etag, tags }]) => [path, { etag, tags }]), since);
const built: BuilderMessage = { type: 'built', rendered: recorder.index.size - kept, kept, peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) };
if (!publishingEnabled()) {
  send(built);
  process.exit(0);
}

publishAtNormalPriority();
const acks = new Map<number, () => void>();
let nextId = 0;
const publisher = new NodePublisher({
  db, prerenderer: recorder.prerenderer(), index: recorder.index, clientDir, journal,
  origin: new URL(canonicalSiteUrl()).origin, reader: `node:${outDir}`, since, variants: variantCacheIn(resolve(astroCacheDir())),
  listener: {
    stale: (paths) => new Promise((resolveAck) => {
      const id = ++nextId;
      acks.set(id, resolveAck);
      send({ type: 'stale', id, paths });
    }),
    current: (paths) => send({ type: 'current', paths }),
  },
});
// Live before the server answers anyone: a writer then waits for this publisher (change-log.ts waitForReaders), even
// after a downtime long enough for its reader to have been taken for gone.
await publisher.announce();
if (kept > 0) await publisher.warmUp();
send(built);
process.on('message', (message: ServerMessage) => {
  if (message.type === 'ack') {
    acks.get(message.id)?.();
    acks.delete(message.id);
  } else if (message.type === 'renew') {
    void publisher.renewNow(message.path).then(() => send({ type: 'renewed', id: message.id }));
  }
});
publisher.start();
