/**
 * The byte budget of a title page on the production build, before any interaction: at most 60 KB gzip of
 * HTML + CSS + JS in all, of which at most 40 KB gzip of JS (React alone is ~65 KB, so islands there must
 * wait for interaction). Images are excluded. Each body is gzip-compressed here, whatever the server sent.
 */
import { gzipSync } from 'node:zlib';
import { expect, test } from './support/fixtures.ts';
import { slugify } from '../../src/lib/titles/client/slug.ts';

const TOTAL_BUDGET = 60 * 1024;
const JS_BUDGET = 40 * 1024;

test('a movie page ships within the byte budget before any interaction', async ({ page, db }) => {
  const movie = await db.selectFrom('movies').select(['tmdb_id', 'title'])
    .where('is_published', '=', true).where('stream_url', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
  const pending: Promise<{ type: string; url: string; bytes: number }>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (!['document', 'stylesheet', 'script'].includes(type) || response.status() >= 300) return;
    pending.push(response.body().then((body) => ({ type, url: response.url(), bytes: gzipSync(body).length })));
  });
  await page.goto(`/movie/${slugify(movie.title)}/${movie.tmdb_id}`, { waitUntil: 'networkidle' });
  const loaded = await Promise.all(pending);
  const js = loaded.filter((r) => r.type === 'script').reduce((sum, r) => sum + r.bytes, 0);
  const total = loaded.reduce((sum, r) => sum + r.bytes, 0);
  const report = loaded.map((r) => `${r.type} ${r.bytes} ${r.url}`).join('\n');
  console.log(`movie page before interaction: ${total} B gzip in all, ${js} B of JS\n${report}`);
  expect(loaded.some((r) => r.type === 'document'), report).toBe(true);
  expect(js, `JS gzip bytes before interaction:\n${report}`).toBeLessThanOrEqual(JS_BUDGET);
  expect(total, `HTML+CSS+JS gzip bytes:\n${report}`).toBeLessThanOrEqual(TOTAL_BUDGET);
});
