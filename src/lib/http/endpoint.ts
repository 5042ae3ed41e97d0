/**
 * The server's one way to answer a route (route.ts) of a domain's routes.ts. The page file under src/pages/api
 * names the route and its schemas, and says what the handler does:
 *
 *   export const POST = endpoint(listRoutes.add, {
 *     body: ListItemBody,                       // zod schema (from the domain's contract.ts)
 *     handler: async ({ body, db, user }) => ({ inList: true, added: await addToList(db, user.id, body), message: 'Added' }),
 *   });
 *
 * The mechanism owns everything around the handler, so no route repeats it:
 * - the guard of the route's access (route.ts);
 * - input: params, query and body parsed with their schemas. Before any schema, every string anywhere in the
 *   input is refused if it holds a NUL byte or a lone surrogate (Postgres cannot store either), bodies are capped
 *   (413) and must be JSON (415), and nesting is bounded;
 * - one error shape `{ error }`, from domain errors (errors.ts) mapped to statuses in one place; data errors
 *   Postgres raises for input that slipped past a schema (a number out of range) are 400, never 500;
 * - `afterSuccess`: a domain's hook run once the handler succeeded (a catalogue change queues a site rebuild).
 *
 * A handler returns the route's answer (sent with the route's `status` and the spec's `headers`) or a Response
 * (redirects, cookies, other content types).
 */
import type { APIContext, APIRoute } from 'astro';
import type { Kysely } from 'kysely';
import { z } from 'astro/zod';
import type { Database } from '../../../db/schema.ts';
import { getDb } from '../db.ts';
import {
  Forbidden, InvalidInput, PayloadTooLarge, ServerBusy, Unauthenticated, UnsupportedMediaType, statusOfDomainError, type DomainError,
} from './errors.ts';
import { describeIssues } from './contract.ts';
import { databaseUnavailable, errorMessage, json, jsonError } from './respond.ts';
import { isDatabaseUnavailable } from '../../../db/connect.ts';
import type { Access, Route, RouteTypes, SessionUser } from './route.ts';

/** Default cap on a JSON body; endpoints that take more (restore) set their own. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;
const MAX_DEPTH = 32;

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type UserOf<A extends Access> = A extends 'user' | 'admin' ? SessionUser : SessionUser | null;
type Answer<T extends RouteTypes> = T['answer'];

/** A body schema must accept what the route's callers send; else `body` is asked to be something no schema is. */
type BodyCheck<T extends RouteTypes, B> = B extends Schema
  ? ([T['body']] extends [z.input<B>] ? unknown : { body: 'this schema does not accept the route\'s body' })
  : unknown;

export interface HandlerInput<A extends Access, P, Q, B> {
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  user: UserOf<A>;
  db: Kysely<Database>;
  context: APIContext;
}

export interface EndpointSpec<T extends RouteTypes, A extends Access, P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined> {
  params?: P;
  query?: Q;
  body?: B;
  /** Largest accepted body in bytes (default MAX_JSON_BODY_BYTES). */
  maxBodyBytes?: number;
  /** Headers of a successful answer: cache rules, or ones made from the answer (a download's file name). */
  headers?: Record<string, string> | ((answer: Answer<T>) => Record<string, string>);
  /** Runs after the handler succeeded, before the answer is sent: a catalogue change queues a rebuild (src/lib/rebuild). */
  afterSuccess?: (answer: Answer<T>, input: HandlerInput<A, P, Q, B>) => Promise<unknown> | undefined;
  handler: (input: HandlerInput<A, P, Q, B>) => Promise<Answer<T> | Response> | Answer<T> | Response;
}

/** An endpoint's handler, marked with the route it answers (the route-table test reads the mark). */
export type RouteHandler = APIRoute & { readonly route: Route };

export function endpoint<T extends RouteTypes, A extends Access, P extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, B extends Schema | undefined = undefined>(
  route: Route<T, A>,
  spec: EndpointSpec<T, A, P, Q, B> & BodyCheck<T, B>,
): RouteHandler {
  const handle: APIRoute = async (context) => {
    try {
      const user = await guard(route.access, context);
      const input = {
        params: parseInput(spec.params, context.params),
        query: parseInput(spec.query, firstValues(context.url.searchParams)),
        body: spec.body ? parseInput(spec.body, await readJsonBody(context.request, spec.maxBodyBytes ?? MAX_JSON_BODY_BYTES)) : undefined,
        user,
        db: await getDb(),
        context,
      } as HandlerInput<A, P, Q, B>;
      const result = await spec.handler(input);
      if (result instanceof Response) return result;
      if (spec.afterSuccess) await spec.afterSuccess(result, input);
      const headers = typeof spec.headers === 'function' ? spec.headers(result) : spec.headers;
      return json(result, route.status, headers);
    } catch (error) {
      // The client went away mid-request (its body cut off): nobody reads this answer, and it is no server fault.
      if (context.request.signal.aborted) return jsonError('The request was aborted.', 400);
      return errorResponse(error);
    }
  };
  return Object.assign(handle, { route });
}

/**
 * The caller, for an access that needs to know: `locals.user` when already looked up, else the session lookup the
 * middleware installed (src/middleware.ts); without one, a visitor.
 */
async function guard(access: Access, context: APIContext): Promise<SessionUser | null> {
  if (access === 'public') return null;
  const user = context.locals.user !== undefined ? context.locals.user : (await context.locals.lookUpUser?.()) ?? null;
  if (access === 'session') return user;
  if (!user) throw new Unauthenticated('You must be logged in.');
  if (access === 'admin' && user.role !== 'admin') throw new Forbidden('You do not have permission to perform this action.');
  return user;
}

/** The first value of each query parameter (a repeated parameter never turns a field into an array). */
function firstValues(params: URLSearchParams): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of params) if (!(key in values)) values[key] = value;
  return values;
}

function parseInput(schema: Schema | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  refuseUnstorableText(value);
  const result = schema.safeParse(value);
  if (!result.success) throw new InvalidInput(describeIssues(result.error));
  return result.data;
}

// A NUL byte, or a UTF-16 surrogate without its pair.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Refuses NUL bytes and lone surrogates in any string (keys included) and nesting deeper than MAX_DEPTH. */
function refuseUnstorableText(value: unknown, depth = 0): void {
  if (typeof value === 'string') {
    if (UNSTORABLE.test(value)) throw new InvalidInput('Text must not contain NUL bytes or invalid characters.');
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth > MAX_DEPTH) throw new InvalidInput('The input is nested too deeply.');
  for (const [key, item] of Object.entries(value)) {
    refuseUnstorableText(key, depth + 1);
    refuseUnstorableText(item, depth + 1);
  }
}

/**
 * Reads a JSON body of at most `maxBytes` (Content-Type application/json only: part of the CSRF defence);
 * `unreadable` is the message for a body that is not JSON.
 */
export async function readJsonBody(request: Request, maxBytes: number, unreadable = 'The request body is not valid JSON.'): Promise<unknown> {
  if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) {
    throw new UnsupportedMediaType('Content-Type must be application/json.');
  }
  const text = await readLimitedText(request, maxBytes);
  try {
    return JSON.parse(text);
  } catch {
    throw new InvalidInput(unreadable);
  }
}

/** The body as text, refused with 413 once it passes `maxBytes`, whatever Content-Length claims. */
export async function readLimitedText(request: Request, maxBytes: number): Promise<string> {
  // Decoded as it arrives: the raw bytes are never held whole next to the text (a restore may be 256 MB).
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (chunk?: Uint8Array) => {
    try {
      return decoder.decode(chunk, { stream: chunk !== undefined });
    } catch {
      throw new InvalidInput('The request body is not valid UTF-8.');
    }
  };
  let text = '';
  await readLimited(request, maxBytes, (chunk) => { text += decode(chunk); });
  return text + decode();
}

/** The body's bytes, refused with 413 once they pass `maxBytes`, whatever Content-Length claims. */
export async function readLimitedBytes(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  await readLimited(request, maxBytes, (chunk) => { chunks.push(chunk); });
  return new Uint8Array(Buffer.concat(chunks));
}

export const bodyTooLarge = (maxBytes: number) => new PayloadTooLarge(`The request body is larger than ${formatBytes(maxBytes)}.`);

/** True when Content-Length says the body is larger than `maxBytes` (an unreadable header claims nothing). */
export function declaresMoreThan(request: Request, maxBytes: number): boolean {
  const declared = Number(request.headers.get('content-length'));
  return Number.isFinite(declared) && declared > maxBytes;
}

async function readLimited(request: Request, maxBytes: number, take: (chunk: Uint8Array) => void): Promise<void> {
  if (declaresMoreThan(request, maxBytes)) throw bodyTooLarge(maxBytes);
  if (!request.body) return;
  const reader = request.body.getReader();
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw bodyTooLarge(maxBytes);
    }
    take(value);
  }
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

// SQLSTATE class 22 (data exception: out of range, bad encoding, invalid text) means the input got past a schema
// it should not have; the client still sent something wrong, so it is a 400, never a 500.
const isDataException = (error: unknown) =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
  && (error as { code: string }).code.startsWith('22');

export function errorResponse(error: unknown): Response {
  const status = statusOfDomainError(error);
  if (error instanceof ServerBusy) return json({ error: error.message }, status, { 'Retry-After': String(ServerBusy.RETRY_AFTER_SECONDS) });
  if (status !== undefined) return json({ error: (error as DomainError).message, ...(error as DomainError).details }, status);
  if (isDataException(error)) return jsonError('Invalid input.', 400);
  if (isDatabaseUnavailable(error)) {
    logDatabaseUnavailable(error);
    return databaseUnavailable(true);
  }
  console.error('[endpoint]', error);
  return jsonError('Something went wrong. Please try again.', 500);
}

/** One line per refused request while the database is away: no stack trace, it is no bug. */
export function logDatabaseUnavailable(error: unknown): void {
  console.warn(`[database unavailable] ${errorMessage(error) || (error as { code?: string }).code}`);
}
