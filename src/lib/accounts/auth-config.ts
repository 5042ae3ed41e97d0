/**
 * The Auth.js configuration mounted at /api/auth: e-mail + password (Credentials provider) checked against the
 * users table, JWT sessions in an HttpOnly, SameSite=Lax cookie (Secure over https). The token carries the
 * user's session_version so that a password change or reset ends the other sessions (see session.ts).
 */
import type { AuthConfig } from '@auth/core';
import { CredentialsSignin } from '@auth/core/errors';
import Credentials from '@auth/core/providers/credentials';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { SignInErrorCode } from './client/messages.ts';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { BACKOFFS, clearRateLimit, clientBuckets, emailAndIpBucket, emailBucket, forgiveAttempt, hitBackoffs, type Backoff } from './rate-limit.ts';
import type { DeviceAccount } from './device.ts';
import { ServerBusy } from '../http/errors.ts';
import { AUTH_BASE_PATH } from './client/routes.ts';
import { emailProblem, normaliseEmail } from './client/rules.ts';
import { sameOriginPath } from '../security/client/same-origin-path.ts';
import { endSessions, findUserByEmail } from './accounts.ts';
import { SESSION_MAX_AGE_SECONDS, userOfToken, type SessionKeys } from './session.ts';

class SignInRefused extends CredentialsSignin {
  constructor(code: SignInErrorCode) {
    super();
    this.code = code;
  }
}

export interface SignedInUser {
  id: string;
  email: string;
  session_version: number;
}

/** What one request to Auth.js did, for its route to add to the answer (the device cookie, Retry-After). */
export interface SignInOutcome {
  /** The account signed in to, with its password hash as it is after the sign-in (the device cookie's tag). */
  signedIn?: DeviceAccount;
  /** Shed: too much password hashing at once. */
  shed?: boolean;
}

/** What authorizeCredentials knows of the client besides its address. */
export interface SignInClient {
  /** Whether this browser signed in to the account since its password last changed (device.ts): the per-account limit leaves it alone. */
  knowsAccount(account: DeviceAccount): boolean;
  outcome: SignInOutcome;
}

const UNKNOWN_CLIENT: SignInClient = { knowsAccount: () => false, outcome: {} };

/**
 * Checks e-mail and password; throws SignInRefused with a code that never reveals whether the e-mail exists.
 * Failures slow down the client that makes them (per client and its IPv6 /48, per e-mail and client, and per
 * account for browsers that never signed in to it), never the owner signing in from a browser of theirs. A hash
 * made with weaker parameters than today's is replaced on success.
 */
export async function authorizeCredentials(
  db: Kysely<Database>,
  input: { email?: unknown; password?: unknown },
  clientIp: string,
  client: SignInClient = UNKNOWN_CLIENT,
): Promise<SignedInUser> {
  const email = typeof input.email === 'string' ? normaliseEmail(input.email) : '';
  const password = typeof input.password === 'string' ? input.password : '';
  if (emailProblem(email) || !password || password.length > 1024) throw new SignInRefused('invalid_credentials');
  // Looked up first: a browser is known to an account by its current password hash (device.ts).
  const user = await findUserByEmail(db, email);
  const clientAndNetwork = clientBuckets('sign-in', clientIp, BACKOFFS.signInPerClient, BACKOFFS.signInPerNetwork);
  const pairBucket = emailAndIpBucket('sign-in', email, clientIp);
  const known = user !== undefined && client.knowsAccount({ email: user.email, passwordHash: user.password_hash });
  const accountBucket = known ? null : emailBucket('sign-in', email);
  const buckets: [string, Backoff][] = [...clientAndNetwork, [pairBucket, BACKOFFS.signInPerEmailAndClient]];
  if (accountBucket) buckets.push([accountBucket, BACKOFFS.signInPerAccount]);
  if (!await hitBackoffs(db, buckets)) throw new SignInRefused('rate_limited');

  const matches = await verifyPassword(password, user?.password_hash ?? decoyHash()).catch((error: unknown) => {
    if (!(error instanceof ServerBusy)) throw error;
    client.outcome.shed = true;
    throw new SignInRefused('server_busy');
  });
  if (!user || !matches) throw new SignInRefused('invalid_credentials');
  await clearRateLimit(db, pairBucket);
  for (const [bucket] of clientAndNetwork) await forgiveAttempt(db, bucket);
  if (accountBucket) await forgiveAttempt(db, accountBucket);
  // Only someone who knows the password learns that the address is not confirmed yet.
  if (!user.email_confirmed_at) throw new SignInRefused('email_not_confirmed');
  const passwordHash = needsRehash(user.password_hash) ? await upgradePasswordHash(db, user.id, user.password_hash, password) : user.password_hash;
  client.outcome.signedIn = { email: user.email, passwordHash };
  return { id: user.id, email: user.email, session_version: user.session_version };
}

/**
 * Stores a hash at today's cost, unless the password changed meanwhile; answers the hash now stored. Sessions stay
 * valid (same password); device tags follow the hash, so the browser signing in gets a fresh one.
 */
async function upgradePasswordHash(db: Kysely<Database>, userId: string, oldHash: string, password: string): Promise<string> {
  const passwordHash = await hashPassword(password);
  const updated = await db.updateTable('users').set({ password_hash: passwordHash })
    .where('id', '=', userId).where('password_hash', '=', oldHash).executeTakeFirst();
  return updated.numUpdatedRows > 0n ? passwordHash : oldHash;
}

export function createAuthConfig(options: { keys: SessionKeys; db: Kysely<Database>; clientIp: string; client?: SignInClient }): AuthConfig {
  const { keys, db, clientIp, client } = options;
  return {
    basePath: AUTH_BASE_PATH,
    secret: keys.secret,
    trustHost: true,
    useSecureCookies: keys.secure,
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: '/login', error: '/login' },
    providers: [
      Credentials({
        credentials: { email: { type: 'email' }, password: { type: 'password' } },
        authorize: (credentials) => authorizeCredentials(db, credentials, clientIp, client),
      }),
    ],
    callbacks: {
      // callbackUrl (a form field, a query parameter or Auth.js's callback-url cookie): a page of this site or home.
      redirect: ({ url, baseUrl }) => `${baseUrl}${sameOriginPath(url, baseUrl) ?? '/'}`,
      async jwt({ token, user }) {
        if (user) {
          token.sub = user.id;
          token.session_version = (user as Partial<SignedInUser>).session_version;
          return token;
        }
        // /api/auth/session applies the same rule as the middleware: a stale token is dropped (cookie cleared).
        return (await userOfToken(db, token)) ? token : null;
      },
    },
    events: {
      // The cookie itself stays valid until it expires: signing out must end it on the server too.
      async signOut(message) {
        if ('token' in message && message.token) await endSessions(db, message.token);
      },
    },
    logger: {
      // Refused sign-ins are expected traffic, not server errors; anything else is one line (Auth.js's own logger
      // prints a stack per malformed /api/auth/* path, which lets any visitor flood the log).
      error(error) {
        if (!(error instanceof CredentialsSignin)) console.error(`[auth] ${authErrorLine(error)}`);
      },
    },
  };
}

const MAX_LOG_LINE = 300;

/** An Auth.js error and its underlying cause, on one bounded line (the message may echo the request's path). */
function authErrorLine(error: Error): string {
  const cause = (error.cause as { err?: unknown } | undefined)?.err;
  const text = `${error.name}: ${error.message}${cause instanceof Error ? ` (cause: ${cause.name}: ${cause.message})` : ''}`;
  return text.replace(/\s+/g, ' ').slice(0, MAX_LOG_LINE);
}
