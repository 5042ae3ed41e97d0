/**
 * The ad frame opened where its slot's sandbox attribute does not reach: at top level, as from a link someone sent
 * or a pop-up the ad opened. The answer's own sandbox gives it an opaque origin, so the ad network's script, run
 * in a signed-in visitor's browser, reads none of the site's cookies and cannot call its API.
 * The e2e build has no ad network; the same build is served a second time with one (the ad frame reads it at run
 * time), and the browser answers the ad script's URL itself.
 */
import { join } from 'node:path';
import { serveSite, waitForSite } from '../../scripts/lib/site.ts';
import { stopProcess } from '../../scripts/lib/processes.ts';
import { freePort } from '../support/ports.ts';
import { signIn } from './support/auth.ts';
import { htmlProblems } from './support/valid-html.ts';
import { expect, test } from './support/fixtures.ts';

const AD_SCRIPT_URL = 'https://ads.example/tag.js';

/** What a hostile ad would try: the page's cookies, and the signed-in visitor's account through the API. */
const HOSTILE_AD = `
  const report = (value) => { const line = document.createElement('p'); line.textContent = value; document.body.append(line); };
  try { report('cookies: ' + document.cookie); } catch (error) { report('cookies: refused'); }
  fetch('/api/me', { credentials: 'include' }).then((answer) => answer.text()).then(
    (text) => report('me: ' + text), () => report('me: refused'));
`;

test('the ad frame opened at top level reads no cookie of the site and cannot call /api/me', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = serveSite({ ASTRO_OUT_DIR: join(process.env.E2E_WORK_DIR!, 'dist'), HOST: '127.0.0.1', PORT: String(port),
    EMBEDDED_DB_PORT: process.env.E2E_DB_PORT, AUTH_SECRET: process.env.E2E_AUTH_SECRET, SITE_URL: baseURL, PUBLIC_AD_SCRIPT_URL: AD_SCRIPT_URL });
  try {
    await waitForSite(origin, server);
    // Cookies belong to the host, not the port: the session set by the e2e server is sent to this one too.
    await signIn(page, 'user@example.com', 'user12345');
    await context.addCookies([{ name: 'readable', value: 'by-scripts', url: origin }]);
    expect((await page.request.get(`${origin}/api/me`)).status()).toBe(200);
    await page.route(AD_SCRIPT_URL, (route) => route.fulfill({ contentType: 'text/javascript', body: HOSTILE_AD }));

    const answer = await page.goto(`${origin}/ad-frame`);
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['content-security-policy']).toMatch(/(^|; )sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox(;|$)/);
    expect(answer?.headers()['content-security-policy']).not.toMatch(/connect-src[^;]*'self'/);
    // Valid HTML, as every page type is (valid-html.spec.ts): this one is served only with an ad network.
    expect(await htmlProblems(await answer!.text(), 'ad-frame.astro')).toEqual([]);
    await expect(page.getByText(/^cookies: /)).toHaveText('cookies: refused');
    await expect(page.getByText(/^me: /)).toHaveText('me: refused');
    expect(await page.evaluate(() => window.origin)).toBe('null');
  } finally {
    await stopProcess(server);
  }
});
