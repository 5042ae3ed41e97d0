/**
 * Sessions are Auth.js JWT cookies (encrypted with AUTH_SECRET). A cookie alone is not trusted: every request
 * loads the user row, so the role always comes from the database and a cookie whose `session_version` is older
 * than the user's (bumped on password change or reset) no longer resolves.
 */
import { createHash } from 'node:crypto';
import { decode, encode, getToken } from '@auth/core/jwt';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { SessionUser } from './contract.ts';

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export interface SessionKeys {
  secret: string;
  /** True when the site is served over https: the cookie gets Secure and Auth.js's __Secure- prefix. */
  secure: boolean;
}

/** The claims this project puts in the session token, next to Auth.js's own (sub, iat, exp, jti). */
export interface SessionClaims {
  sub: string;
  email: string;
  session_version: number;
}

/** Auth.js's cookie name (it also salts the encryption key with it). */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Secure-authjs.session-token' : 'authjs.session-token';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function getSessionUser(request: Request, db: Kysely<Database>, keys: SessionKeys): Promise<SessionUser | null> {
  const cookieName = sessionCookieName(keys.secure);
  const cookies = request.headers.get('cookie');
  if (!cookies?.includes(cookieName)) return null;
  const token = await decodedSessionToken(request, cookieName, keys);
  return token ? userOfToken(db, token) : null;
}

/**
 * Decoded session tokens by a hash of the token (the cookie's chunks reassembled as Auth.js does, so varying empty
 * or extra chunks of one cookie make one entry). Decrypting one takes several trips through the crypto thread pool,
 * each a wait behind whatever else the server is doing, and a signed-in visitor sends the same cookie with every
 * request. The token alone is never trusted (userOfToken still reads the user), so this only saves the
 * decryption; an entry lapses at the token's expiry, and the oldest go first past the byte bound.
 */
type DecodedToken = Record<string, unknown> & { exp: number };
const decodedTokens = new Map<string, { token: DecodedToken; bytes: number }>();
const MAX_DECODED_TOKEN_BYTES = 4 * 1024 * 1024;
let decodedTokenBytes = 0;

/** The cache's size, for tests of its bound. */
export function decodedTokenCacheSize(): { entries: number; bytes: number } {
  return { entries: decodedTokens.size, bytes: decodedTokenBytes };
}

function forgetDecoded(key: string): void {
  const entry = decodedTokens.get(key);
  if (!entry) return;
  decodedTokens.delete(key);
  decodedTokenBytes -= entry.bytes;
}

async function decodedSessionToken(request: Request, cookieName: string, keys: SessionKeys): Promise<Record<string, unknown> | null> {
  const token = await getToken({ req: request, secret: keys.secret, secureCookie: keys.secure, cookieName, raw: true, logger: silentLogger });
  if (!token) return null;
  const key = createHash('sha256').update(keys.secret).update('\u0000').update(token).digest('base64url');
  const known = decodedTokens.get(key);
  if (known && known.token.exp * 1000 > Date.now()) return known.token;
  forgetDecoded(key);
  const decoded = await decode({ token, secret: keys.secret, salt: cookieName }).catch(() => null);
  if (!decoded || typeof decoded.exp !== 'number') return decoded;
  const bytes = key.length + JSON.stringify(decoded).length;
  if (bytes > MAX_DECODED_TOKEN_BYTES) return decoded;
  while (decodedTokenBytes + bytes > MAX_DECODED_TOKEN_BYTES) forgetDecoded(decodedTokens.keys().next().value!);
  decodedTokens.set(key, { token: decoded as DecodedToken, bytes });
  decodedTokenBytes += bytes;
  return decoded;
}

/** The user a decoded token stands for, if the account still exists, is confirmed and has the token's session_version. */
export async function userOfToken(db: Kysely<Database>, token: Record<string, unknown>): Promise<SessionUser | null> {
  const id = token.sub;
  if (typeof id !== 'string' || !UUID.test(id) || typeof token.session_version !== 'number') return null;
  const user = await db.selectFrom('users')
    .select(['id', 'email', 'role', 'session_version', 'email_confirmed_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!user || user.session_version !== token.session_version || !user.email_confirmed_at) return null;
  return { id: user.id, email: user.email, role: user.role };
}

/** A Set-Cookie value with a fresh session for the user (after a password change, the caller stays signed in). */
export async function sessionCookie(claims: SessionClaims, keys: SessionKeys): Promise<string> {
  const name = sessionCookieName(keys.secure);
  const token = await encode({ token: claims, secret: keys.secret, salt: name, maxAge: SESSION_MAX_AGE_SECONDS });
  const attributes = [`${name}=${token}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${SESSION_MAX_AGE_SECONDS}`];
  if (keys.secure) attributes.push('Secure');
  return attributes.join('; ');
}

// A bad or stale cookie is an ordinary visitor, not an error worth logging.
const silentLogger = { error() {}, warn() {}, debug() {} } as unknown as Console;
