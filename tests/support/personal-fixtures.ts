/** Users and handler calls for the personal-feature suites (endpoints called through their Astro handlers). */
import type { APIContext, APIRoute } from 'astro';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { SessionUser } from '../../src/lib/accounts/contract.ts';

export async function insertUser(db: Kysely<Database>, email: string): Promise<SessionUser> {
  const row = await db.insertInto('users').values({ email, password_hash: 'not-a-real-hash', email_confirmed_at: new Date() })
    .returning(['id', 'email', 'role']).executeTakeFirstOrThrow();
  return row;
}

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  clientAddress?: string;
  /** The route's path parameters (`[id]`). */
  params?: Record<string, string>;
}

/** Astro's route cache where no cache provider is configured (the Node build): `enabled` false. */
export const NO_ROUTE_CACHE = { enabled: false } as APIContext['cache'];

/** Calls an endpoint handler as Astro would, with `user` as the request's session user (already looked up). */
export async function callEndpoint(handler: APIRoute, user: SessionUser | null, method: string, path: string, options: CallOptions = {}): Promise<Response> {
  const url = new URL(path, 'http://localhost');
  const { body, headers = {}, clientAddress = '127.0.0.1', params = {} } = options;
  const request = new Request(url, {
    method,
    headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return handler({ request, url, locals: { user }, params, clientAddress, cache: NO_ROUTE_CACHE } as never) as Promise<Response>;
}
