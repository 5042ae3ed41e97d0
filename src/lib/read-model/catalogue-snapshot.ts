/**
 * The in-memory catalogue kept between processes: after loading the catalogue from the database, a process keeps
 * its columns (catalogue-columns.ts) in a snapshot, and a process that needs the same stamp (a fresh one, or one
 * whose catalogue another process already reloaded) reads the snapshot instead of querying and indexing the whole
 * catalogue: a few hundred milliseconds at 200,000 titles and people, against seconds.
 *
 * A snapshot is used only at the exact stamp (catalogue-version.ts) it was taken at; anything else (another stamp,
 * another format, damaged bytes) is ignored and the database answers. Two places keep them:
 * - a directory, on a Node server: a file per stamp, written aside and renamed so that a reader never sees half of
 *   one. A reader after a change finds no file rather than reading the last stamp's whole. Writing one removes the
 *   database's older files, and the directory keeps the newest few databases';
 * - the database's catalogue_snapshot table, on a serverless host, whose instances share no disk: compressed, and
 *   written at most once per DATABASE_SNAPSHOT_INTERVAL_MS, as each write is the whole catalogue (about 10 MB at
 *   200,000 titles and people) and a bulk import changes the version every few seconds.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { deserialize, serialize } from 'node:v8';
import zlib from 'node:zlib';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { CatalogueStamp } from './catalogue-version.ts';
import type { CatalogueColumns } from './catalogue-columns.ts';

/** Bumped whenever CatalogueColumns changes shape: a snapshot of another format is ignored. */
const SNAPSHOT_FORMAT = 1;

/** Databases whose snapshots a directory keeps (tests and benchmarks make many). */
const KEPT_DATABASES = 4;
const SNAPSHOT_FILE = /^([0-9a-f-]+)\.\d+\.\d+\.catalogue$/;

const DATABASE_SNAPSHOT_INTERVAL_MS = 10 * 60_000;

/** Snapshot bytes, one per database. */
export interface SnapshotStore {
  /** The bytes kept for this stamp, or null (the store may give another stamp's: the reader checks). */
  read(stamp: CatalogueStamp): Promise<Uint8Array | null>;
  /** Keeps the bytes for this stamp; `bytes` is called only when the store is going to keep them. */
  write(stamp: CatalogueStamp, bytes: () => Uint8Array): Promise<void>;
}

interface Snapshot extends CatalogueStamp { format: number; columns: CatalogueColumns }

/** The catalogue's columns at exactly this stamp, or null when the store has no usable snapshot of them. */
export async function readCatalogueSnapshot(store: SnapshotStore, stamp: CatalogueStamp): Promise<CatalogueColumns | null> {
  try {
    const bytes = await store.read(stamp);
    if (!bytes) return null;
    const snapshot = deserialize(bytes) as Snapshot;
    const usable = snapshot.format === SNAPSHOT_FORMAT && snapshot.catalogueId === stamp.catalogueId
      && snapshot.version === stamp.version && snapshot.changedAt === stamp.changedAt;
    return usable ? snapshot.columns : null;
  } catch {
    return null;
  }
}

/** Keeps the columns loaded at this stamp for the next process; never throws (a snapshot is only a shortcut). */
export async function writeCatalogueSnapshot(store: SnapshotStore, stamp: CatalogueStamp, columns: CatalogueColumns): Promise<void> {
  const snapshot: Snapshot = { format: SNAPSHOT_FORMAT, ...stamp, columns };
  await store.write(stamp, () => serialize(snapshot)).catch(() => {});
}

export function directorySnapshots(dir: string): SnapshotStore {
  const nameOf = (stamp: CatalogueStamp) => `${stamp.catalogueId}.${stamp.version}.${Date.parse(stamp.changedAt)}.catalogue`;
  return {
    read: (stamp) => readFile(join(dir, nameOf(stamp))).catch(() => null),
    async write(stamp, bytes) {
      const aside = join(dir, `.${randomUUID()}.tmp`);
      try {
        await mkdir(dir, { recursive: true });
        await writeFile(aside, bytes());
        await rename(aside, join(dir, nameOf(stamp)));
        await removeOldSnapshots(dir, nameOf(stamp));
      } finally {
        await rm(aside, { force: true });
      }
    },
  };
}

/** Removes the written snapshot's database's other files, and all but the newest KEPT_DATABASES databases' files. */
async function removeOldSnapshots(dir: string, written: string): Promise<void> {
  const catalogueOf = (name: string) => SNAPSHOT_FILE.exec(name)?.[1];
  const others = (await readdir(dir)).filter((name) => catalogueOf(name) !== undefined && name !== written);
  const older = others.filter((name) => catalogueOf(name) === catalogueOf(written));
  const otherDatabases = await Promise.all(others.filter((name) => !older.includes(name))
    .map(async (name) => ({ name, changed: (await stat(join(dir, name))).mtimeMs })));
  otherDatabases.sort((a, b) => b.changed - a.changed);
  const stale = [...older, ...otherDatabases.slice(KEPT_DATABASES - 1).map((file) => file.name)];
  await Promise.all(stale.map((name) => rm(join(dir, name), { force: true })));
}

/**
 * The stored snapshot: its length in raw bytes (4 bytes, big-endian), then one zstd frame of it (level 3: a third of
 * the bytes to send, unpacked twice as fast as brotli's at the same size), cut in parts of PART_BYTES.
 *
 * A fresh process reads it with as few bytes written to fresh memory as it can, as writing to a page for the first
 * time is what costs most on a new instance: the parts come as base64 text (4/3 of the bytes, against twice as many
 * as hex for a bytea), are decoded into one buffer, and unpacked at once into one buffer of the raw length.
 */
const LENGTH_BYTES = 4;
/** The first four bytes of a zstd frame, little-endian. */
const ZSTD_MAGIC = 0xfd2fb528;
/** Parts of 256 KB: the pg driver gathers each row of the answer into one buffer, slowly for a row of megabytes. */
const PART_BYTES = 1 << 18;

/** The database store. A Node without zstd (before 22.15) neither reads nor writes its snapshots. */
export function databaseSnapshots(db: Kysely<Database>, intervalMs = DATABASE_SNAPSHOT_INTERVAL_MS, partBytes = PART_BYTES): SnapshotStore {
  if (!hasZstd) return { read: async () => null, write: async () => {} };
  return {
    async read(stamp) {
      // Filtered here so that another stamp's snapshot is not sent at all.
      const parts = await db.selectFrom('catalogue_snapshot').select(sql<string>`encode(data, 'base64')`.as('data'))
        .where('encoding', '=', ENCODING).where('version', '=', stamp.version).where('changed_at', '=', stamp.changedAt)
        .orderBy('part').execute();
      if (!parts.length) return null;
      // At most this many bytes (the line breaks of PostgreSQL's base64 count as characters here, and are skipped).
      const stored = Buffer.allocUnsafe(parts.reduce((sum, part) => sum + Buffer.byteLength(part.data, 'base64'), 0));
      let length = 0;
      for (const part of parts) length += stored.write(part.data, length, 'base64');
      // Damaged bytes are not trusted with the size of a buffer: past the length must come a zstd frame.
      if (length < LENGTH_BYTES + 4 || stored.readUInt32LE(LENGTH_BYTES) !== ZSTD_MAGIC) return null;
      // One output buffer of the raw length: with zlib's default 16 KB ones, unpacking took several times as long.
      const chunkSize = Math.max(stored.readUInt32BE(0), zlib.constants.Z_MIN_CHUNK);
      return decompress(stored.subarray(LENGTH_BYTES, length), { chunkSize });
    },
    async write(stamp, bytes) {
      const kept = await db.selectFrom('catalogue_snapshot').where('part', '=', 0).where('encoding', '=', ENCODING)
        .select(['version', 'changed_at', sql<number>`extract(epoch from now() - written_at) * 1000`.as('age_ms')])
        .executeTakeFirst();
      if (kept && ((Number(kept.version) === stamp.version && kept.changed_at === stamp.changedAt) || Number(kept.age_ms) < intervalMs)) return;
      const raw = bytes();
      const rawLength = Buffer.alloc(LENGTH_BYTES);
      rawLength.writeUInt32BE(raw.length);
      const stored = Buffer.concat([rawLength, await compress(raw)]);
      const parts = Array.from({ length: Math.ceil(stored.length / partBytes) }, (_, part) => ({
        part, version: stamp.version, changed_at: stamp.changedAt, encoding: ENCODING, data: stored.subarray(part * partBytes, (part + 1) * partBytes),
      }));
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('catalogue_snapshot').execute();
        await trx.insertInto('catalogue_snapshot').values(parts).execute();
      });
    },
  };
}

const hasZstd = typeof zlib.zstdCompress === 'function';
/**
 * The stored rows' encoding: rows of another one (brotli, then zstd without the length) are neither read nor kept in
 * place of a new write.
 */
const ENCODING = 'zstd-with-length';
const compress = (bytes: Uint8Array) => promisify(zlib.zstdCompress)(bytes, {
  params: { [zlib.constants.ZSTD_c_compressionLevel]: 3, [zlib.constants.ZSTD_c_checksumFlag]: 1 },
});
const decompress = promisify(zlib.zstdDecompress) as (bytes: Uint8Array, options: zlib.ZstdOptions) => Promise<Buffer>;
