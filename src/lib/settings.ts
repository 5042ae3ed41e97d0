/**
 * Every setting the project reads from its environment, in one place, for the Astro server, the Netlify functions
 * and the scripts (run under tsx) alike; no other file reads process.env or import.meta.env.* (tests/unit/settings.test.ts
 * checks).
 * Settings are read and validated when asked for, never cached: scripts and tests may change the environment
 * while the process runs, and importing this module never fails. An empty value counts as unset.
 * Server-only: islands must not import it (their public values come from the pages that render them).
 */
import { z } from 'astro/zod';
import { isIsoRegion } from './watch/client/regions.ts';

const optionalText = z.string().optional();
const optionalPort = z.coerce.number().int().min(1).max(65_535).optional();
const optionalUrl = z.string().url().optional();

function read<S extends z.ZodType>(name: string, schema: S): z.output<S> {
  const raw = process.env[name];
  const result = schema.safeParse(raw === '' ? undefined : raw);
  if (!result.success) throw new Error(`The setting ${name} is invalid: ${result.error.issues[0]?.message ?? 'unexpected value'}.`);
  return result.data;
}

const text = (name: string) => read(name, optionalText);

/** The database settings db/connect.ts `databaseSettings` reads. */
export function databaseEnv() {
  return {
    DATABASE_URL: text('DATABASE_URL'),
    NETLIFY_DATABASE_URL: text('NETLIFY_DATABASE_URL'),
    EMBEDDED_DB_PORT: read('EMBEDDED_DB_PORT', optionalPort),
    NEON_WS_PROXY: text('NEON_WS_PROXY'),
  };
}

/** Data directory of the embedded database (db/embedded-server.ts has the default). */
export const embeddedDbDir = () => text('EMBEDDED_DB_DIR');

/**
 * How many reverse proxies of our own sit in front of the server (TRUSTED_PROXY_HOPS, default 0); rate limits then
 * key on the client they saw (http/respond.ts clientIp).
 */
export function trustedProxyHops(): number {
  const hops = Number(text('TRUSTED_PROXY_HOPS') ?? 0);
  return Number.isInteger(hops) && hops > 0 ? hops : 0;
}

/** A loopback name or address: `localhost`, `*.localhost`, 127.x.y.z, ::1. */
export const isLoopback = (host: string) =>
  ['localhost', '::1', '[::1]'].includes(host.toLowerCase()) || host.toLowerCase().endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host);

/**
 * A real deployment, where the demo accounts' README passwords must not work: a database URL, Netlify, or a server
 * others can reach (a HOST other than loopback, a SITE_URL or an ALLOWED_HOSTS name other than localhost, or
 * proxies in front of it).
 */
export const isProductionDeployment = () => Boolean(text('DATABASE_URL') || text('NETLIFY_DATABASE_URL') || onNetlify())
  || !isLoopback(serverHost()) || !isLoopback(new URL(siteUrlSetting() ?? 'http://localhost').hostname) || trustedProxyHops() > 0
  || extraAllowedHosts().some((name) => !isLoopback(name));

/** Session cookie secret; unset means a generated local one (accounts/secret.ts). */
export const authSecret = () => text('AUTH_SECRET');

/** Running on Netlify itself (which sets NETLIFY=true), the only host whose geolocation header is vouched for. */
export const onNetlify = () => text('NETLIFY') === 'true';

/** Netlify builds and functions (and any AWS Lambda host) have no persistent local disk. */
export const onServerlessHost = () => Boolean(text('NETLIFY') || text('AWS_LAMBDA_FUNCTION_NAME'));
/** Building or running for Netlify (DEPLOY_TARGET=netlify selects its adapter). */
export const targetsNetlify = () => onServerlessHost() || text('DEPLOY_TARGET') === 'netlify';

/** Outgoing mail, in accounts/mail.ts `createMailer`'s terms. */
export function mailSettings() {
  return {
    smtpUrl: text('SMTP_URL'),
    smtpHost: text('SMTP_HOST'),
    smtpPort: read('SMTP_PORT', optionalPort),
    smtpUser: text('SMTP_USER'),
    smtpPassword: text('SMTP_PASSWORD'),
    smtpAllowPlaintext: text('SMTP_ALLOW_PLAINTEXT') === 'true',
    from: text('MAIL_FROM'),
    outboxDir: text('OUTBOX_DIR'),
    production: isProductionDeployment(),
  };
}

/** TMDB access: no key means TMDB is not configured. */
export const tmdbSettings = () => ({ apiKey: text('TMDB_API_KEY'), baseUrl: read('TMDB_API_BASE_URL', optionalUrl) });

/** Netlify's build hook for rebuilds after admin changes and on schedule. */
export const buildHookUrl = () => text('NETLIFY_BUILD_HOOK_URL');
/** REBUILD_MODE=off: admin changes queue rebuilds that never run (tests, or by choice). */
export const rebuildsDisabled = () => text('REBUILD_MODE') === 'off';
/** PUBLISHING=off: the Node server's page builder ends with its build, and its pages stay as built. */
export const publishingEnabled = () => text('PUBLISHING') !== 'off';
/** REBUILD_SCHEDULE=off turns the scheduled Netlify rebuild into a no-op. */
export const scheduledRebuildEnabled = () => text('REBUILD_SCHEDULE') !== 'off';

/**
 * Purging Netlify's CDN after catalogue changes (src/lib/publishing/cdn-purge.ts): Netlify gives its functions the site's
 * id and a purge token; a process elsewhere (the CLI import, a sync run by hand) needs SITE_ID and
 * NETLIFY_PURGE_API_TOKEN (a personal access token). NETLIFY_API_URL points elsewhere than Netlify's API (tests).
 */
export function cdnPurgeSettings(): { siteId: string; token: string; apiUrl: string | undefined } | null {
  const siteId = text('SITE_ID');
  const token = text('NETLIFY_PURGE_API_TOKEN');
  return siteId && token ? { siteId, token, apiUrl: read('NETLIFY_API_URL', optionalUrl) } : null;
}

/** Netlify's URL: the site's main address, where its functions (the background import) answer. */
export const netlifySiteUrl = () => read('URL', optionalUrl);

/** Where `astro build` writes (astro.config.mjs `outDir`). */
export const astroOutDir = () => text('ASTRO_OUT_DIR');
/**
 * Set by the page builder (scripts/page-builder.ts) in its own environment when its build keeps the last run's pages,
 * which then preloads nothing (pages/catalogue-page.ts): the build's bundle has its own copy of every module.
 */
const BUILD_KEEPS_PAGES = 'CINECAT_BUILD_KEEPS_PAGES';
export const buildKeepsPages = () => text(BUILD_KEEPS_PAGES) === '1';
export function setBuildKeepsPages(): void {
  process.env[BUILD_KEEPS_PAGES] = '1';
}
/** Astro's cacheDir: the precompressed variants. Inside the project, like the output. */
export const astroCacheDir = () => text('ASTRO_CACHE_DIR') ?? 'node_modules/.astro';
/**
 * Where snapshots of the in-memory catalogue are kept (src/lib/read-model/catalogue-snapshot.ts), CATALOGUE_SNAPSHOTS:
 * a directory (default on a Node server), `database` (default on a serverless host, whose instances share no disk)
 * or `off`.
 */
export function catalogueSnapshots(): { dir: string } | 'database' | 'off' {
  const place = text('CATALOGUE_SNAPSHOTS');
  if (place === 'off' || place === 'database') return place;
  return place ? { dir: place } : onServerlessHost() ? 'database' : { dir: 'node_modules/.cache/cinecat' };
}
/** Where `npm start` serves. */
export const serverPort = () => read('PORT', optionalPort) ?? 4321;
export const serverHost = () => text('HOST') ?? '127.0.0.1';
/** Host names the Node server answers for besides loopback, IP addresses and SITE_URL's (ALLOWED_HOSTS, comma-separated). */
export const extraAllowedHosts = () => (text('ALLOWED_HOSTS') ?? '').split(',').map((name) => name.trim().toLowerCase()).filter(Boolean);
/** The canonical origin given to builds (astro.config.mjs `site`), defaulting to the local server. */
export const siteUrlSetting = () => read('SITE_URL', optionalUrl);
/** The build's canonical origin: SITE_URL, else Netlify's URL, else the local server's default address. */
export const canonicalSiteUrl = () => siteUrlSetting() ?? netlifySiteUrl() ?? 'http://localhost:4321';

/**
 * A value Vite bakes into the bundle; undefined under tsx, which has no import.meta.env.* (so it throws). Always
 * `import.meta.env.NAME`: wherever this file named the object alone, Astro would inline into it every environment
 * variable whose name the file mentions (ASTRO_OUT_DIR...), changing the code hash that incremental builds compare.
 */
function bundled<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/** True in a production build, for pages prerendered and rendered on demand alike (the server keeps process.env for run time). */
export const isProductionBuild = () => bundled(() => import.meta.env.PROD) === true;

/**
 * DEFAULT_REGION: the region whose watch providers the prerendered pages show and the platform pages list, and the
 * region of a visitor who has picked none (src/lib/watch/).
 */
const regionSetting = z.string().regex(/^[A-Z]{2}$/, 'Expected a two-letter ISO 3166-1 code in capitals, such as US.')
  .refine(isIsoRegion, 'Not an ISO 3166-1 region code.').optional();
export const defaultRegion = (): string => read('DEFAULT_REGION', regionSetting) ?? 'US';

/** Public values baked into the pages at build time. */
export function publicSettings() {
  return {
    siteName: text('SITE_NAME') ?? 'CineCat',
    defaultRegion: defaultRegion(),
    /** Ad network script for the ad slots; none: the slots render nothing. */
    adScriptUrl: read('PUBLIC_AD_SCRIPT_URL', optionalUrl),
    // Footer links (placeholders until the project has its own pages).
    donateUrl: read('PUBLIC_DONATE_URL', optionalUrl) ?? 'https://www.buymeacoffee.com/',
    twitterUrl: read('PUBLIC_SOCIAL_TWITTER_URL', optionalUrl) ?? 'https://twitter.com/',
    instagramUrl: read('PUBLIC_SOCIAL_INSTAGRAM_URL', optionalUrl) ?? 'https://www.instagram.com/',
    facebookUrl: read('PUBLIC_SOCIAL_FACEBOOK_URL', optionalUrl) ?? 'https://www.facebook.com/',
  };
}

/** The environment for a child process: this one's, plus `extra`. */
export const childEnv = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ ...process.env, ...extra });
