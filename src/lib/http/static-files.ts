/**
 * The local Node server's static files: the build's client directory (prerendered pages, hashed assets, public
 * files), served with `send` (conditional requests, byte ranges and HEAD as RFC 9110 says) in front of the on-demand
 * handler, which is @astrojs/node in middleware mode. Requests under /api/, of which none is a file, go straight to
 * the handler without touching the file system. Directories serve their index.html with or without a trailing slash
 * (trailingSlash: 'ignore'), dotfiles are refused except under /.well-known/, and a path with no file falls through
 * to the handler (404 page and all), as does a path that reaches a file by another spelling of its name.
 *
 * A compressible file is sent as the variant the build stored beside it (src/lib/compression/precompress.ts: `.br`,
 * and `.gz` for hashed assets) that the client accepts most, as `negotiator` reads Accept-Encoding (q-values, `*`),
 * or as it is. Each variant is a file of its own, so it has its own ETag and its ranges count its encoded bytes.
 */
import { realpathSync, statSync, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import Negotiator from 'negotiator';
import send from 'send';
import { compressibleFileType, ENCODED_SUFFIX, ENCODINGS, type Encoding } from '../compression/encodings.ts';

/** A Connect-style step of the Node server: answers, or calls `next` to hand the request on. */
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** Astro's hashed build assets, cached for a year (as @astrojs/node does). */
const IMMUTABLE_PREFIX = '/_astro/';
/** Nothing under this prefix is prerendered: those requests skip the file system. */
const ON_DEMAND_PREFIX = '/api/';

/** A request for a file of the client directory, as the URL spells its path and decoded. */
interface StaticRequest { urlPath: string; path: string }

/** What a GET or HEAD outside /api/ asks for, or null (anything else, or a path that cannot name a file). */
function staticRequestOf(req: IncomingMessage): StaticRequest | null {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || req.url?.startsWith(ON_DEMAND_PREFIX)) return null;
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
function entryAt(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/**
 * The build `clientDir` names now, or undefined when it names none. A local rebuild re-points `clientDir` (a symlink,
 * rebuild/local-builder.ts): resolved once, every file of an answer comes from one build, and `send` cannot stat a
 * page in one build and stream it from the next.
 */
function buildDirOf(clientDir: string): string | undefined {
  try {
    return realpathSync.native(clientDir);
  } catch {
    return undefined;
  }
}

/**
 * Whether `file` is stored under exactly that name: on a case-insensitive file system `/MOVIE/x/1` opens
 * `/movie/x/1`'s file, which must not be served under a name the publisher does not know (a page it is taking down).
 */
function isStoredAs(file: string): boolean {
  try {
    return realpathSync.native(file) === file;
  } catch {
    return false;
  }
}

/** The stored variant of `file` the client accepts most, or undefined for the file as it is. */
function acceptedVariant(req: IncomingMessage, file: string): Encoding | undefined {
  const accepted = new Negotiator(req).encodings([...ENCODINGS, 'identity'], { preferred: ENCODINGS });
  for (const encoding of accepted) {
    if (encoding === 'identity') return undefined;
    if (entryAt(file + ENCODED_SUFFIX[encoding as Encoding])?.isFile()) return encoding as Encoding;
  }
  return undefined;
}

/** Refuses a URL that does not decode (400) before any other step reads it. */
export const decodableUrls: Middleware = (req, res, next) => {
  try {
    decodeURI(req.url ?? '/');
  } catch {
    res.writeHead(400).end('Bad request.');
    return;
  }
  next();
};

export function staticFiles(clientDir: string): Middleware {
  return (req, res, next) => {
    const request = staticRequestOf(req);
    if (!request) {
      next();
      return;
    }
    const root = buildDirOf(clientDir);
    if (!root) {
      next();
      return;
    }
    const directory = entryAt(join(root, request.path))?.isDirectory() ?? false;
    const urlPath = directory ? `${request.urlPath.replace(/\/$/, '')}/index.html` : request.urlPath;
    const path = directory ? join(request.path, 'index.html') : request.path;
    if (!isStoredAs(join(root, path))) {
      next();
      return;
    }
    const type = compressibleFileType(path);
    const encoding = type ? acceptedVariant(req, join(root, path)) : undefined;
    const immutable = request.path.startsWith(IMMUTABLE_PREFIX);
    let found = false;
    send(req, encoding ? urlPath + ENCODED_SUFFIX[encoding] : urlPath, {
      root,
      index: false,
      dotfiles: request.path.startsWith('/.well-known/') ? 'allow' : 'deny',
      ...(immutable ? { maxAge: '1y', immutable: true } : {}),
    })
      .on('file', () => { found = true; })
      .on('headers', () => {
        if (type) res.setHeader('Vary', 'Accept-Encoding');
        if (encoding && type) {
          res.setHeader('Content-Type', type);
          res.setHeader('Content-Encoding', encoding);
        }
      })
      .on('error', (error: { status?: number }) => {
        // No such file: the on-demand handler answers (a route, or the 404 page).
        if (!found) next();
        else res.writeHead(error.status ?? 500).end();
      })
      .pipe(res);
  };
}
