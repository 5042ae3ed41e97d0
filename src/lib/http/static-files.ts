/**
 * The local Node server's static files: the build's client directory (prerendered pages, hashed assets, public
 * files), served with `send` (conditional requests, ranges, HEAD) in front of the on-demand handler, which is
 * @astrojs/node in middleware mode. Serving them here rather than through the adapter's standalone handler lets
 * requests under /api/, of which none is a file, go straight to the handler without touching the file system.
 * Directories serve their index.html with or without a trailing slash (trailingSlash: 'ignore'), dotfiles are
 * refused except under /.well-known/, and a path with no file falls through to the handler (404 page and all).
 */
import { statSync, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve, sep } from 'node:path';
import send from 'send';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** Astro's hashed build assets, cached for a year (as @astrojs/node does). */
export const IMMUTABLE_PREFIX = '/_astro/';
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Nothing under this prefix is prerendered: those requests skip the file system. */
const ON_DEMAND_PREFIX = '/api/';

/** Requests that must skip the files (src/lib/publishing/static-pages.ts: a page taken down or edited since the build). */
const onDemandOnly = new WeakSet<IncomingMessage>();

export function answerOnDemand(req: IncomingMessage): void {
  onDemandOnly.add(req);
}

/** A request for a file of the client directory, as the URL spells its path and decoded. */
export interface StaticRequest { urlPath: string; path: string }

/** What a GET or HEAD outside /api/ asks for, or null (anything else, or a path that cannot name a file). */
export function staticRequestOf(req: IncomingMessage): StaticRequest | null {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || req.url?.startsWith(ON_DEMAND_PREFIX) || onDemandOnly.has(req)) return null;
  const urlPath = URL.parse(req.url ?? '/', 'http://localhost')?.pathname;
  if (urlPath === undefined) return null;
  try {
    const path = decodeURIComponent(urlPath);
    return path.includes('\0') ? null : { urlPath, path };
  } catch {
    return null;
  }
}

/**
 * The entry at `path`, or undefined when there is none or it cannot be read (a name too long, no access): any
 * URL may name it. Synchronous, as the adapter's own static handler is: a local file's metadata is in memory, and
 * a round trip through the thread pool costs more than the call.
 */
export function entryAt(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** The file a request names under `clientDir` (a directory's index.html), or null when it names none there. */
export function staticFileOf(request: StaticRequest, clientDir: string): string | null {
  // Dotfiles stay with send's rules.
  if (request.path.includes('/.')) return null;
  const root = resolve(clientDir);
  const file = resolve(join(root, request.path));
  if (file !== root && !file.startsWith(root + sep)) return null;
  const found = entryAt(file);
  if (found?.isDirectory()) return join(file, 'index.html');
  return found?.isFile() ? file : null;
}

export function withStaticFiles(onDemand: NodeHandler, clientDir: string): NodeHandler {
  return (req, res) => {
    try {
      decodeURI(req.url ?? '/');
    } catch {
      res.writeHead(400).end('Bad request.');
      return;
    }
    const request = staticRequestOf(req);
    if (!request) {
      onDemand(req, res);
      return;
    }
    const directory = entryAt(join(clientDir, request.path))?.isDirectory() ?? false;
    const urlPath = directory && !request.urlPath.endsWith('/') ? `${request.urlPath}/index.html` : request.urlPath;
    let found = false;
    send(req, urlPath, { root: clientDir, dotfiles: request.path.startsWith('/.well-known/') ? 'allow' : 'deny' })
      .on('file', () => { found = true; })
      .on('headers', () => {
        if (request.path.startsWith(IMMUTABLE_PREFIX)) res.setHeader('Cache-Control', IMMUTABLE_CACHE_CONTROL);
      })
      .on('error', (error: { status?: number }) => {
        // No such file: the on-demand handler answers (a route, or the 404 page).
        if (!found) onDemand(req, res);
        else res.writeHead(error.status ?? 500).end();
      })
      .pipe(res);
  };
}
