/**
 * The in-memory catalogue kept on disk: after loading the catalogue from the database, a Node process writes its
 * columns (read-model.ts) to a file per database, and a process that needs the same version (a fresh one, or one
 * whose catalogue another process already reloaded) reads that file instead of querying and indexing the whole
 * catalogue: a few hundred milliseconds at 200,000 titles and people, against seconds.
 *
 * A file is used only for the exact stamp (catalogue-version.ts) it was written at; anything else (another version, another format,
 * a damaged file) is ignored and the database answers. Files are written aside and renamed, so a reader never
 * sees half of one, and the directory keeps the newest few databases' files.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { CatalogueStamp } from './catalogue-version.ts';
import type { CatalogueColumns } from './catalogue-columns.ts';

/** Bumped whenever CatalogueColumns changes shape: a file of another format is ignored. */
const SNAPSHOT_FORMAT = 1;

/** Databases whose snapshots a directory keeps (tests and benchmarks make many). */
const KEPT_DATABASES = 4;

interface SnapshotFile extends CatalogueStamp { format: number; columns: CatalogueColumns }

const fileOf = (dir: string, catalogueId: string) => join(dir, `${catalogueId}.catalogue`);

/** The catalogue's columns at exactly this version, or null when no usable snapshot has them. */
export async function readCatalogueSnapshot(dir: string, stamp: CatalogueStamp): Promise<CatalogueColumns | null> {
  try {
    const file = deserialize(await readFile(fileOf(dir, stamp.catalogueId))) as SnapshotFile;
    const usable = file.format === SNAPSHOT_FORMAT && file.catalogueId === stamp.catalogueId && file.version === stamp.version
      && file.changedAt === stamp.changedAt;
    return usable ? file.columns : null;
  } catch {
    return null;
  }
}

/** Keeps the columns loaded at this version for the next process; never throws (a snapshot is only a shortcut). */
export async function writeCatalogueSnapshot(dir: string, stamp: CatalogueStamp, columns: CatalogueColumns): Promise<void> {
  const file: SnapshotFile = { format: SNAPSHOT_FORMAT, ...stamp, columns };
  const aside = join(dir, `.${randomUUID()}.tmp`);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(aside, serialize(file));
    await rename(aside, fileOf(dir, stamp.catalogueId));
    await removeOldSnapshots(dir);
  } catch {
    await rm(aside, { force: true }).catch(() => {});
  }
}

async function removeOldSnapshots(dir: string): Promise<void> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.catalogue'));
  if (names.length <= KEPT_DATABASES) return;
  const files = await Promise.all(names.map(async (name) => ({ name, changed: (await stat(join(dir, name))).mtimeMs })));
  files.sort((a, b) => b.changed - a.changed);
  await Promise.all(files.slice(KEPT_DATABASES).map((file) => rm(join(dir, file.name), { force: true })));
}
