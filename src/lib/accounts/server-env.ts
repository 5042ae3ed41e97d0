/**
 * The accounts' server dependencies, built from the settings (src/lib/settings.ts) and the request: session keys,
 * the mailer and the site origin. The logic they feed takes them as arguments, so tests can pass their own.
 */
import type { APIContext, MiddlewareNext } from 'astro';
import { getDb } from '../db.ts';
import { clientIp, json } from '../http/respond.ts';
import { authSecret, canonicalSiteUrl, mailSettings } from '../settings.ts';
import type { AccountDeps, SignedIn } from './actions.ts';
import type { MailQueueDeps } from './mail-queue.ts';
import { createMailer, type Mailer } from './mail.ts';
import { resolveAuthSecret } from './secret.ts';
import type { SessionUser } from './contract.ts';
import { getSessionUser, type SessionKeys } from './session.ts';

/** What the accounts code needs to know about the request: Astro's configured `site` (astro.config.mjs). */
export type SiteContext = Pick<APIContext, 'site'>;

let secret: string | undefined;
let mailer: Mailer | undefined;

const serverSecret = () => (secret ??= resolveAuthSecret(authSecret()));

export function sessionKeys(context: SiteContext): SessionKeys {
  return { secret: serverSecret(), secure: siteOrigin(context).startsWith('https:') };
}

/** The configured origin (astro.config.mjs `site`): links in e-mails never trust the request's Host header. */
export function siteOrigin(context: SiteContext): string {
  return (context.site ?? new URL('http://localhost:4321')).origin;
}

function configuredMailer(): Mailer {
  mailer ??= createMailer(mailSettings());
  return mailer;
}

export async function accountDeps(context: APIContext): Promise<AccountDeps> {
  return {
    db: await getDb(), mailer: configuredMailer(), keys: sessionKeys(context), siteOrigin: siteOrigin(context), clientIp: clientIp(context),
    cookies: context.request.headers.get('cookie'), afterResponse: afterResponseOf(context),
  };
}

/** The mail queue's dependencies outside a request (jobs, scripts): the site's origin comes from the settings. */
export function mailQueueDeps(db: MailQueueDeps['db']): MailQueueDeps {
  return { db, mailer: configuredMailer(), siteOrigin: new URL(canonicalSiteUrl()).origin, keys: { secret: serverSecret() } };
}

/** The answer to a success that signs the caller in: the message, and the session and device cookies set. */
export function signedInResponse({ message, cookies }: SignedIn): Response {
  const response = json({ message });
  for (const cookie of cookies) response.headers.append('Set-Cookie', cookie);
  return response;
}

interface NetlifyLocals {
  netlify?: { context?: { waitUntil?(promise: Promise<unknown>): void } };
}

/**
 * Work that runs after the answer. The Node server keeps running anyway; a Netlify function is frozen once it has
 * answered unless the work is handed to its context's waitUntil.
 */
export function afterResponseOf(context: APIContext): AccountDeps['afterResponse'] {
  const netlify = (context.locals as NetlifyLocals).netlify?.context;
  return (work) => {
    const running = work().catch((error: unknown) => console.error('[after response]', error));
    netlify?.waitUntil?.(running);
  };
}

/**
 * The signed-in user of this request, looked up once and only when an endpoint asks (public reads never pay for
 * the lookup). A value already on `locals` (tests, or an earlier call) is reused.
 */
export async function sessionUserOf(context: Pick<APIContext, 'request' | 'locals' | 'site'>): Promise<SessionUser | null> {
  if (context.locals.user === undefined) {
    context.locals.user = await getSessionUser(context.request, await getDb(), sessionKeys(context));
  }
  return context.locals.user;
}

/** Gives endpoint() (src/lib/http/endpoint.ts) the session lookup, as `locals.lookUpUser`; nothing is looked up yet. */
export function sessionLookup(context: Pick<APIContext, 'request' | 'locals' | 'site'>, next: MiddlewareNext): Promise<Response> {
  context.locals.lookUpUser = () => sessionUserOf(context);
  return next();
}
