/**
 * The accounts settings read from the server environment (astro:env). Only routes and the middleware import
 * this module; the logic they call takes the settings as arguments, so tests can pass their own.
 */
import {
  AUTH_SECRET, MAIL_FROM, OUTBOX_DIR, SMTP_HOST, SMTP_PASSWORD, SMTP_PORT, SMTP_URL, SMTP_USER,
} from 'astro:env/server';
import type { APIContext } from 'astro';
import { getDb } from '../db.ts';
import { clientIp } from '../http/respond.ts';
import type { AccountDeps } from './endpoints.ts';
import { createMailer, type Mailer } from './mail.ts';
import { resolveAuthSecret } from './secret.ts';
import type { SessionUser } from './guards.ts';
import { getSessionUser, type SessionKeys } from './session.ts';

let keys: SessionKeys | undefined;
let mailer: Mailer | undefined;

export function sessionKeys(): SessionKeys {
  keys ??= { secret: resolveAuthSecret(AUTH_SECRET), secure: siteOrigin().startsWith('https:') };
  return keys;
}

/** The configured origin (astro.config.mjs `site`): links in e-mails never trust the request's Host header. */
export function siteOrigin(): string {
  return new URL(import.meta.env.SITE ?? 'http://localhost:4321').origin;
}

function configuredMailer(): Mailer {
  mailer ??= createMailer({
    smtpUrl: SMTP_URL, smtpHost: SMTP_HOST, smtpPort: SMTP_PORT, smtpUser: SMTP_USER, smtpPassword: SMTP_PASSWORD,
    from: MAIL_FROM, outboxDir: OUTBOX_DIR,
  });
  return mailer;
}

export async function accountDeps(context: APIContext): Promise<AccountDeps> {
  return {
    db: await getDb(), mailer: configuredMailer(), keys: sessionKeys(), siteOrigin: siteOrigin(), clientIp: clientIp(context),
    afterResponse: afterResponseOf(context),
  };
}

interface NetlifyLocals {
  netlify?: { context?: { waitUntil?(promise: Promise<unknown>): void } };
}

/**
 * Work that runs after the answer. The Node server keeps running anyway; a Netlify function is frozen once it has
 * answered unless the work is handed to its context's waitUntil.
 */
function afterResponseOf(context: APIContext): AccountDeps['afterResponse'] {
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
export async function sessionUserOf(context: Pick<APIContext, 'request' | 'locals'>): Promise<SessionUser | null> {
  if (context.locals.user === undefined) {
    context.locals.user = await getSessionUser(context.request, await getDb(), sessionKeys());
  }
  return context.locals.user;
}
