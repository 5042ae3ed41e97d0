import { describe, expect, it } from 'vitest';
import { escapeXml, logoSvg, parseArtworkPath, posterSvg, profileSvg, renderArtwork } from '../../src/lib/demo/artwork.ts';
import { titleCase, titleFromSlug } from '../../src/lib/demo/names.ts';
import { Random, WeightedPicker, hashString } from '../../src/lib/random.ts';

/** A minimal well-formedness check: tags balance, attributes are quoted, text has no raw markup characters. */
function expectWellFormed(svg: string): void {
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  for (let match = tag.exec(svg); match; match = tag.exec(svg)) {
    const text = svg.slice(last, match.index);
    expect(text, 'text between tags').not.toMatch(/[<>]|&(?!(amp|lt|gt|quot|apos);)/);
    last = match.index + match[0].length;
    const [, closing, name, , selfClosing] = match;
    if (closing) expect(stack.pop(), `closing </${name}>`).toBe(name);
    else if (!selfClosing) stack.push(name!);
  }
  expect(svg.slice(last)).toBe('');
  expect(stack).toEqual([]);
}

const SAMPLES: [string, string][] = [
  ['/art/poster/m900123-the-last-horizon.svg', '0 0 500 750'],
  ['/art/poster/t800001-shadows-of-elmere.svg', '0 0 500 750'],
  ['/art/poster/c600001-the-hungry-city-collection.svg', '0 0 500 750'],
  ['/art/poster/m900124.svg', '0 0 500 750'],
  ['/art/backdrop/m900123-the-last-horizon.svg', '0 0 1280 720'],
  ['/art/screenshot/m900123-3.svg', '0 0 1280 720'],
  ['/art/still/t800001-s2e7.svg', '0 0 1280 720'],
  ['/art/profile/p700001-maren-vollaski.svg', '0 0 500 750'],
  ['/art/logo/l9001-lumora.svg', '0 0 400 400'],
];

describe('renderArtwork', () => {
  it.each(SAMPLES)('%s is a small, well-formed SVG of the right shape', (path, viewBox) => {
    const svg = renderArtwork(path)!;
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" /);
    expect(svg).toContain(`viewBox="${viewBox}"`);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(new TextEncoder().encode(svg).length).toBeLessThan(4096);
    expectWellFormed(svg);
  });

  it('stays under 4 KB and well formed across many keys', () => {
    for (let id = 1; id <= 300; id++) {
      for (const path of [
        `/art/poster/m${id}-the-extraordinarily-long-and-winding-road-to-quorhaven-station-2.svg`,
        `/art/backdrop/t${id}-x.svg`,
        `/art/screenshot/m${id}-${id % 6}.svg`,
        `/art/still/t${id}-s1e${id % 12}.svg`,
      ]) {
        const svg = renderArtwork(path)!;
        expect(svg.length, path).toBeLessThan(4096);
        expectWellFormed(svg);
      }
    }
  });

  it('shows the title from the slug on posters, initials on profiles and the name on logos', () => {
    expect(renderArtwork('/art/poster/m900123-the-last-horizon.svg')).toMatch(/The Last Horizon|THE LAST HORIZON/);
    expect(renderArtwork('/art/poster/m900123-the-last-horizon.svg')).toContain('aria-label="The Last Horizon"');
    expect(renderArtwork('/art/profile/p700001-maren-vollaski.svg')).toContain('>MV</text>');
    expect(renderArtwork('/art/logo/l9006-nightjar-tv.svg')).toContain('>NIGHTJAR TV</text>');
  });

  it('is deterministic, and a title keeps its palette across poster and backdrop', () => {
    const poster = renderArtwork('/art/poster/m900123-the-last-horizon.svg')!;
    expect(renderArtwork('/art/poster/m900123-the-last-horizon.svg')).toBe(poster);
    const stops = (svg: string) => svg.match(/<linearGradient id="sky".*?<\/linearGradient>/)![0];
    expect(stops(renderArtwork('/art/backdrop/m900123-the-last-horizon.svg')!)).toBe(stops(poster));
    expect(renderArtwork('/art/poster/m900124-the-last-horizon.svg')).not.toBe(poster);
  });

  it.each([
    '',
    '/art/poster/',
    '/art/poster/.svg',
    '/art/unknown/m1-x.svg',
    '/art/poster/M1-x.svg',
    '/art/poster/m1-x.png',
    '/art/poster/m1-x.svg/extra',
    '/art/poster/../../etc/passwd.svg',
    '/art/poster/m1--x.svg',
    '/art/poster/m1-x-.svg',
    '/art/poster/title-only.svg',
    '/art/poster/m1-<script>.svg',
    '/art/poster/m1-x%20y.svg',
    `/art/poster/m1-${'a'.repeat(200)}.svg`,
    'art/poster/m1-x.svg',
    '/art/poster/m1-x.svg?x=1',
  ])('returns null for %j', (path) => {
    expect(renderArtwork(path)).toBeNull();
  });

  it('parses paths into kind, reference and slug', () => {
    expect(parseArtworkPath('/art/still/t800001-s1e3.svg')).toEqual({ kind: 'still', key: 't800001-s1e3', ref: 't800001', slug: 's1e3' });
    expect(parseArtworkPath('/art/poster/m5.svg')).toEqual({ kind: 'poster', key: 'm5', ref: 'm5', slug: null });
  });
});

describe('escaping', () => {
  const nasty = `Tom & Jerry's <script>alert("x")</script>`;

  it('escapes XML special characters', () => {
    expect(escapeXml(nasty)).toBe('Tom &amp; Jerry&apos;s &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });

  it.each([
    ['poster', () => posterSvg(nasty, 'm1')],
    ['profile', () => profileSvg(nasty, 'p1')],
    ['logo', () => logoSvg(nasty, 'l1')],
  ])('%s text is escaped wherever it appears', (_, render) => {
    const svg = render();
    expect(svg).not.toMatch(/<script/i);
    expect(svg).toContain('&amp;');
    expect(svg).toContain('&lt;');
    expectWellFormed(svg);
  });
});

describe('names', () => {
  it('title-cases with small words in lower case, and round-trips through slugs', () => {
    expect(titleCase(['the', 'last', 'of', 'the', 'wolves'])).toBe('The Last of the Wolves');
    expect(titleFromSlug('a-house-in-velmere-2')).toBe('A House in Velmere 2');
  });
});

describe('random', () => {
  it('repeats for a seed and differs across seeds', () => {
    const draw = (seed: number | string) => {
      const r = new Random(seed);
      return Array.from({ length: 20 }, () => r.nextUint32());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    expect(draw('m900123')).toEqual(draw(hashString('m900123')));
  });

  it('keeps int() within bounds and reaches both ends', () => {
    const r = new Random(1);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const n = r.int(3, 7);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(7);
      seen.add(n);
    }
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7]);
  });

  it('picks by weight and makes version-4 shaped UUIDs', () => {
    const r = new Random(5);
    const picker = new WeightedPicker([0, 1, 0, 9]);
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 5000; i++) counts[picker.pick(r)]!++;
    expect(counts[0]).toBe(0);
    expect(counts[2]).toBe(0);
    expect(counts[3]! / counts[1]!).toBeGreaterThan(6);
    expect(r.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
