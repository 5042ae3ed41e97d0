/** src/lib/settings.ts is the only reader of the environment, and reads it as the project documents. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { databaseEnv, isProductionDeployment, mailSettings, publicSettings, rebuildsDisabled, targetsNetlify } from '../../src/lib/settings.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const SETTINGS = 'src/lib/settings.ts';
// A quoted 'import.meta.env.X' is a name Vite defines (astro.config.mjs stamps SITE_BUILT_AT), not a read.
const READS_ENVIRONMENT = /process\.env|(?<!['"])import\.meta\.env|astro:env/;

const SOURCE = /\.(ts|tsx|mts|js|mjs|cjs|astro)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) ? [path] : [];
  });
}

/** Test runners' own configs (CI, CHROMIUM_PATH) are test tooling, like tests/, not the application's settings. */
const TEST_RUNNER_CONFIG = /^(playwright|vitest)(\.[a-z]+)?\.config\.ts$/;

/** The project's root files (astro.config.mjs, ...) and every source file of its folders. */
const projectSources = () => [
  ...readdirSync(ROOT).filter((name) => SOURCE.test(name) && !TEST_RUNNER_CONFIG.test(name) && statSync(join(ROOT, name)).isFile())
    .map((name) => join(ROOT, name)),
  ...['src', 'db', 'scripts', 'netlify'].flatMap((dir) => sourceFiles(join(ROOT, dir))),
];

afterEach(() => vi.unstubAllEnvs());

describe('settings', () => {
  it('no file but src/lib/settings.ts reads process.env, import.meta.env or astro:env', () => {
    const readers = projectSources()
      .map((path) => relative(ROOT, path))
      .filter((path) => path !== SETTINGS && READS_ENVIRONMENT.test(readFileSync(join(ROOT, path), 'utf8')));
    expect(readers).toEqual([]);
  });

  it('reads values when asked, empty meaning unset, and validates numbers and URLs', () => {
    vi.stubEnv('DATABASE_URL', '');
    vi.stubEnv('EMBEDDED_DB_PORT', '6543');
    expect(databaseEnv()).toMatchObject({ DATABASE_URL: undefined, EMBEDDED_DB_PORT: 6543 });
    vi.stubEnv('SMTP_PORT', 'twenty-five');
    expect(() => mailSettings()).toThrow(/SMTP_PORT is invalid/);
    vi.stubEnv('PUBLIC_AD_SCRIPT_URL', 'not a url');
    expect(() => publicSettings()).toThrow(/PUBLIC_AD_SCRIPT_URL is invalid/);
    vi.stubEnv('PUBLIC_AD_SCRIPT_URL', '');
    expect(publicSettings()).toMatchObject({ siteName: 'CineCat', adScriptUrl: undefined, defaultRegion: 'US' });
  });

  it('DEFAULT_REGION is an assigned ISO 3166-1 code in capitals, US unless set', () => {
    vi.stubEnv('DEFAULT_REGION', 'GB');
    expect(publicSettings().defaultRegion).toBe('GB');
    for (const bad of ['gb', 'UK', 'GBR', 'ZZ']) {
      vi.stubEnv('DEFAULT_REGION', bad);
      expect(() => publicSettings(), bad).toThrow(/The setting DEFAULT_REGION is invalid/);
    }
  });

  it('knows a serverless host (no local disk for a generated secret) and REBUILD_MODE=off', () => {
    for (const name of ['NETLIFY', 'AWS_LAMBDA_FUNCTION_NAME', 'DEPLOY_TARGET']) vi.stubEnv(name, '');
    expect(targetsNetlify()).toBe(false);
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'fn');
    expect(targetsNetlify()).toBe(true);
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', '');
    vi.stubEnv('DEPLOY_TARGET', 'netlify');
    expect(targetsNetlify()).toBe(true);
    vi.stubEnv('REBUILD_MODE', 'off');
    expect(rebuildsDisabled()).toBe(true);
  });

  it('counts a server others can reach as production: a public HOST, SITE_URL or ALLOWED_HOSTS name, or proxies in front', () => {
    const PRODUCTION_SETTINGS = ['DATABASE_URL', 'NETLIFY_DATABASE_URL', 'NETLIFY', 'HOST', 'SITE_URL', 'TRUSTED_PROXY_HOPS', 'ALLOWED_HOSTS'];
    const productionWith = (name: string, value: string) => {
      for (const other of PRODUCTION_SETTINGS) vi.stubEnv(other, '');
      vi.stubEnv(name, value);
      return isProductionDeployment();
    };
    for (const [name, value] of [['HOST', '127.0.0.1'], ['HOST', '::1'], ['HOST', 'localhost'], ['SITE_URL', 'http://localhost:4321'],
      ['SITE_URL', 'http://127.0.0.1:8080'], ['SITE_URL', 'http://[::1]:4321'], ['TRUSTED_PROXY_HOPS', '0'],
      ['ALLOWED_HOSTS', 'cinecat.localhost, 127.0.0.2']] as const) {
      expect(productionWith(name, value), `${name}=${value}`).toBe(false);
    }
    for (const [name, value] of [['HOST', '0.0.0.0'], ['HOST', '::'], ['HOST', '192.168.1.5'], ['SITE_URL', 'https://cinecat.example'],
      ['TRUSTED_PROXY_HOPS', '1'], ['DATABASE_URL', 'postgres://db.example.com/cinecat'], ['ALLOWED_HOSTS', 'localhost,www.example.org']] as const) {
      expect(productionWith(name, value), `${name}=${value}`).toBe(true);
    }
  });
});
