/**
 * A route of the JSON API, declared once as data in its domain's `routes.ts` and used by
 * - the server: `export const GET = endpoint(route, { query: Schema, handler })` (endpoint.ts);
 * - the browser: `await call(route, { query })`, typed by the route with no cast (api-client.ts);
 * - the tests: the fuzz tier and the method and permission probes enumerate API_ROUTES (src/lib/api-routes.ts).
 *
 * Input and answer are types only. The zod schemas that check input at run time stay in the domain's
 * contract.ts and are handed to `endpoint()`, so that no browser bundle holds zod. The compiler binds the two
 * ends: a handler must return the route's answer, and a body schema must accept the route's body.
 *
 *   export const listRoutes = {
 *     add: route<{ body: ListItem; answer: ListChange }>()({ method: 'POST', path: '/api/me/lists', access: 'user' }),
 *   };
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: 'public' (anyone; no session lookup), 'session' (anyone; the handler sees the user when signed
 * in), 'user' (401 for a visitor), 'admin' (401 visitor, 403 non-admin).
 */
export type Access = 'public' | 'session' | 'user' | 'admin';

/**
 * Who is calling. Endpoints declare who may call them (`access`), and endpoint() looks the session user up on
 * demand through the request's `locals.lookUpUser` (installed by src/middleware.ts from src/lib/accounts), with the
 * role read from the users table.
 */
export interface SessionUser {
  id: string;
  email: string;
  role: 'user' | 'admin';
}

export type QueryValue = string | number | boolean | null | undefined;

/** What a route takes and answers. */
export interface RouteTypes {
  /** The path's `[name]` segments. */
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  answer: unknown;
}

export interface Route<T extends RouteTypes = RouteTypes, A extends Access = Access> {
  readonly method: Method;
  /** Astro's route pattern: `/api/person/[id]`. */
  readonly path: string;
  readonly access: A;
  /** The status of a successful answer (default 200). */
  readonly status?: 200 | 201 | 202;
  /** Never set: it carries the route's types for the compiler. */
  readonly types?: T;
}

/** Declares a route: `route<{ query: …; answer: … }>()({ method, path, access })` (curried so `access` stays literal). */
export const route = <T extends RouteTypes>() =>
  <A extends Access>(spec: Omit<Route<T, A>, 'types'>): Route<T, A> => spec;

export type TypesOf<R> = R extends Route<infer T> ? T : never;
export type AnswerOf<R> = TypesOf<R>['answer'];

/** What a caller passes: the route's params, query and body, each where the route has one. */
export type InputOf<R> = Omit<TypesOf<R>, 'answer'>;

/** The URL of a call: the path with its `[name]` segments filled, then the query (absent values left out). */
export function urlOf(route: Route, { params, query }: Omit<RouteTypes, 'answer'> = {}): string {
  const path = route.path.replace(/\[(\w+)\]/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${route.path} needs the parameter ${name}.`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
