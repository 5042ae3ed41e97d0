/**
 * Where a prerendered page lives in the client directory, and how the Node publisher replaces or removes it: each file
 * by rename(2), so a request reads a whole old or a whole new page, and a stale compressed variant never outlives it.
 */
import { mkdir, rename, rmdir, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import { ENCODED_SUFFIX } from '../compression/encodings.ts';

/**
 * The page a URL path names, however it is spelled (percent-encoded, doubled slashes, a trailing slash, the page's own
 * index.html or its precompressed variants), as Astro names its pathname: '/', '/movies', '/sitemap.xml'. Null for a
 * path that does not decode.
 */
export function pagePathOf(urlPath: string): string | null {
  let path: string;
  try {
    path = posix.normalize(decodeURIComponent(urlPath));
  } catch {
    return null;
  }
  path = path.replace(/\.(br|gz)$/, '').replace(/\/index\.html$/, '/').replace(/\/+$/, '');
  return path === '' ? '/' : path;
}

/**
 * The file of the page at `pathname` under `clientDir`: a page's folder's index.html, or an endpoint's own name
 * (/sitemap.xml). No page's path has a dot in its last segment (slugs keep letters, digits and hyphens).
 */
export function pageFile(clientDir: string, pathname: string): string {
  const path = pathname.replace(/\/+$/, '');
  if (/\.[^/]+$/.test(path)) return join(clientDir, path);
  if (path === '') return join(clientDir, 'index.html');
  if (path === '/404' || path === '/500') return join(clientDir, `${path}.html`);
  return join(clientDir, path, 'index.html');
}

/**
 * Where a new file is written before its rename: beside the client directory (the same file system, never served),
 * emptied at each start of the page builder, so a process killed mid-write leaves nothing behind in what is served.
 */
export function asideDirOf(clientDir: string): string {
  return join(dirname(clientDir), '.renewing');
}

/**
 * Replaces `file` with `content`: its old variants go first, so none is ever sent for the new content. Folders are
 * made only when missing: a renewed page's already are, and each call costs the publisher's main thread.
 */
export async function replaceFile(file: string, content: Uint8Array, asideDir: string): Promise<void> {
  await removeVariants(file);
  const aside = join(asideDir, `${process.pid}-${Math.random().toString(36).slice(2)}`);
  await inFolder(asideDir, () => writeFile(aside, content));
  await inFolder(dirname(file), () => rename(aside, file));
}

/** Removes a page's file and variants, and its folders up to `clientDir` as far as they are now empty. */
export async function removePageFile(clientDir: string, file: string): Promise<void> {
  await Promise.all([removeIfThere(file), removeVariants(file)]);
  for (let folder = dirname(file); folder.startsWith(clientDir) && folder !== clientDir; folder = dirname(folder)) {
    if (!(await rmdir(folder).then(() => true, () => false))) return;
  }
}

function removeVariants(file: string): Promise<unknown> {
  return Promise.all(Object.values(ENCODED_SUFFIX).map((suffix) => removeIfThere(file + suffix)));
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** unlink(2), for a file that may not be there (rm's force first looks at what the path is). */
async function removeIfThere(file: string): Promise<void> {
  await unlink(file).catch((error: unknown) => {
    if (!isMissing(error)) throw error;
  });
}

/** Runs `step`, and once more after making `folder` when a missing folder failed it. */
async function inFolder(folder: string, step: () => Promise<void>): Promise<void> {
  try {
    await step();
  } catch (error) {
    if (!isMissing(error)) throw error;
    await mkdir(folder, { recursive: true });
    await step();
  }
}
