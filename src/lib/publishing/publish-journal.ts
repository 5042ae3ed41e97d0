/**
 * What the Node publisher leaves behind for the next start of the server (`<outDir>/published.jsonl`): every page's
 * ETag and tags, and checkpoints, each saying that the files show every change committed up to a snapshot of the
 * change log, under a hash of the code that rendered them. A start with the same code (and year) keeps those files and
 * renews only what changed since the last checkpoint; any other start renders everything. An append-only file of
 * JSON lines, each checkpoint naming the database too (a cursor means nothing in another's change log): a page's line
 * follows its file's rename, a checkpoint follows the renewal of every page its changes made
 * stale, so a process killed at any point leaves a journal that never vouches for a file it did not write (a torn last
 * line is ignored).
 */
import { createHash } from 'node:crypto';
import { createWriteStream, readdirSync, readFileSync, type WriteStream } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { siteYear } from '../catalog/client/site-clock.ts';
import { canonicalSiteUrl, publicSettings } from '../settings.ts';
import { CHANGE_RETENTION_SECONDS } from './change-log.ts';

export const JOURNAL_FILE = 'published.jsonl';

/** A page as the journal keeps it (its route is the current build's, found by its path). */
export interface JournalPage { etag: string | null; tags: readonly string[] }
interface Checkpoint { code: string; database: string; cursor: string; at: string }
type Line = { checkpoint: Checkpoint } | { page: string; etag: string | null; tags: readonly string[] } | { gone: string };

/** The files whose change can change a rendered page: the site's source, its configuration and its dependencies. */
const CODE_ROOTS = ['src', 'public', 'db', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];

/**
 * A hash of everything that renders the pages besides the database: the code (CODE_ROOTS, under `root`), the public
 * settings and the site's URL. Any change to the code (a component, an integration, a Vite plugin, the chunking, the
 * CSP) makes every page new.
 */
export function codeHash(root = process.cwd()): string {
  const hash = createHash('sha256').update(JSON.stringify({ settings: publicSettings(), site: canonicalSiteUrl() }));
  for (const entry of CODE_ROOTS) {
    let files: string[];
    try {
      files = readdirSync(join(root, entry), { recursive: true, withFileTypes: true })
        .filter((dirent) => dirent.isFile()).map((dirent) => join(dirent.parentPath, dirent.name)).sort();
    } catch {
      files = [join(root, entry)];
    }
    for (const file of files) {
      hash.update(`\n${file.slice(root.length)}\n`);
      try { hash.update(readFileSync(file)); } catch { /* a root that does not exist */ }
    }
  }
  return hash.digest('base64url');
}

/** The pages the journal in `outDir` records, as its lines leave them, and its last checkpoint. */
export async function replayJournal(outDir: string): Promise<{ pages: Map<string, JournalPage>; checkpoint: Checkpoint | null }> {
  const text = await readFile(join(outDir, JOURNAL_FILE), 'utf8').catch(() => '');
  const pages = new Map<string, JournalPage>();
  let checkpoint: Checkpoint | null = null;
  for (const raw of text.split('\n')) {
    let line: Line;
    try {
      line = JSON.parse(raw) as Line;
    } catch {
      continue;
    }
    if ('checkpoint' in line) checkpoint = line.checkpoint;
    else if ('gone' in line) pages.delete(line.gone);
    else pages.set(line.page, { etag: line.etag, tags: line.tags });
  }
  return { pages, checkpoint };
}

/**
 * The pages and the last checkpoint of the journal in `outDir`, when the files there may be kept by code `code`
 * publishing from the database `database` (change-log.ts databaseId).
 */
export async function readJournal(outDir: string, code: string, database: string, now = new Date()): Promise<{ cursor: string; pages: Map<string, JournalPage> } | null> {
  const { pages, checkpoint } = await replayJournal(outDir);
  if (!checkpoint || checkpoint.code !== code || checkpoint.database !== database) return null;
  const at = new Date(checkpoint.at);
  // A cursor older than the log's memory, or from another year (every page shows the year), vouches for nothing.
  if (now.getTime() - at.getTime() > CHANGE_RETENTION_SECONDS * 1000 || siteYear(at) !== siteYear(now)) return null;
  return { cursor: checkpoint.cursor, pages };
}

/** Appends to the journal of `outDir`; `start` first rewrites it whole with the pages the build left. */
export class Journal {
  readonly #stream: WriteStream;
  readonly #code: string;
  readonly #database: string;

  private constructor(stream: WriteStream, code: string, database: string) {
    this.#stream = stream;
    this.#code = code;
    this.#database = database;
  }

  static async start(outDir: string, code: string, database: string, pages: Iterable<[string, JournalPage]>, cursor: string): Promise<Journal> {
    const file = join(outDir, JOURNAL_FILE);
    const lines = [...pages].map(([page, { etag, tags }]) => JSON.stringify({ page, etag, tags } satisfies Line));
    lines.push(JSON.stringify({ checkpoint: { code, database, cursor, at: new Date().toISOString() } } satisfies Line));
    const aside = `${file}.${process.pid}`;
    await writeFile(aside, `${lines.join('\n')}\n`);
    await rename(aside, file);
    return new Journal(createWriteStream(file, { flags: 'a' }), code, database);
  }

  page(page: string, record: JournalPage): void {
    this.#write({ page, etag: record.etag, tags: record.tags });
  }

  gone(page: string): void {
    this.#write({ gone: page });
  }

  /**
   * Every change committed up to `cursor` is in the files. Resolves once this line, and so every line before it, is
   * in the journal's file (or failed to be): a restart from then on keeps those pages.
   */
  checkpoint(cursor: string): Promise<void> {
    return new Promise((resolve) => {
      this.#write({ checkpoint: { code: this.#code, database: this.#database, cursor, at: new Date().toISOString() } }, () => resolve());
    });
  }

  #write(line: Line, written?: () => void): void {
    this.#stream.write(`${JSON.stringify(line)}\n`, written);
  }
}
