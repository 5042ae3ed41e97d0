import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../scripts/lib/processes.ts';
import { expect, test } from './support/fixtures.ts';

// The production adapter: the same database-backed build must succeed with @astrojs/netlify.
test('the site also builds for Netlify (static pages plus the SSR function)', async () => {
  test.setTimeout(240_000);
  const outDir = join(process.env.E2E_WORK_DIR!, 'netlify-dist');
  // With an ad network configured, which the Node build of the other specs is not.
  const adScript = 'https://ads.example/tag.js';
  await run('npx', ['astro', 'build'], { DEPLOY_TARGET: 'netlify', ASTRO_OUT_DIR: outDir, EMBEDDED_DB_PORT: process.env.E2E_DB_PORT!, PUBLIC_AD_SCRIPT_URL: adScript });
  expect(existsSync(join(outDir, 'index.html'))).toBe(true);
  expect(readdirSync(join(outDir, 'movie')).length).toBeGreaterThan(10);
  expect(existsSync('.netlify/v1/functions/ssr')).toBe(true);
  // Netlify's CDN sends the security headers with the prerendered files (src/lib/security/headers.ts).
  const headers = readFileSync(join(outDir, '_headers'), 'utf8');
  expect(headers).toMatch(/^\/\*\n/);
  expect(headers).toContain("  Content-Security-Policy: frame-ancestors 'none'; object-src 'none'; base-uri 'self'\n");
  expect(headers).toContain('  X-Content-Type-Options: nosniff\n');
  expect(headers).toContain('  Referrer-Policy: strict-origin-when-cross-origin\n');
  // The ad script runs only in the sandboxed /ad-frame (no allow-same-origin), never in the site's pages.
  const home = readFileSync(join(outDir, 'index.html'), 'utf8');
  expect(home).toContain('<iframe src="/ad-frame" title="Advertisement" loading="lazy" sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"');
  expect(home).not.toContain(adScript);
});
