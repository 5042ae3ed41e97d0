/**
 * Generated SVG artwork for the demo catalogue, rendered from the path alone (no database):
 *
 *   /art/{kind}/{key}.svg   kind: poster | backdrop | screenshot | still | profile | logo
 *   key: a letter and an id ('m900123' movie, 't800001' show, 'c600001' collection, 'p700001' person,
 *        'l9001' platform), optionally followed by '-' and a slug ('m900123-the-last-horizon') or a variant
 *        ('m900123-2', 't800001-s1e3').
 *
 * Colours and scenery come from a hash of the letter+id part, so a title's poster, backdrop and screenshots
 * share a palette; the slug becomes the displayed title or name. Every SVG stays under 4 KB.
 */
import { titleFromSlug } from './names.ts';
import { Random } from '../random.ts';
import { hsl, palette, scene, SCENE_KINDS, type Palette } from './scenes.ts';

export type ArtworkKind = 'poster' | 'backdrop' | 'screenshot' | 'still' | 'profile' | 'logo';

export const ARTWORK_SIZES: Record<ArtworkKind, readonly [width: number, height: number]> = {
  poster: [500, 750],
  backdrop: [1280, 720],
  screenshot: [1280, 720],
  still: [1280, 720],
  profile: [500, 750],
  logo: [400, 400],
};

const PATH = /^\/art\/(poster|backdrop|screenshot|still|profile|logo)\/([a-z0-9-]{1,160})\.svg$/;
const KEY = /^([a-z])(\d{1,9})(?:-([a-z0-9]+(?:-[a-z0-9]+)*))?$/;

export interface ArtworkRef {
  kind: ArtworkKind;
  /** The whole key, e.g. 'm900123-the-last-horizon'. */
  key: string;
  /** The letter and id, e.g. 'm900123': seeds the palette. */
  ref: string;
  /** The part after the id ('the-last-horizon', '2', 's1e3'), if any. */
  slug: string | null;
}

export function parseArtworkPath(path: string): ArtworkRef | null {
  const match = PATH.exec(path);
  if (!match) return null;
  const key = KEY.exec(match[2]!);
  if (!key) return null;
  return { kind: match[1] as ArtworkKind, key: match[2]!, ref: `${key[1]}${key[2]}`, slug: key[3] ?? null };
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

function svg(width: number, height: number, label: string, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeXml(label)}"><title>${escapeXml(label)}</title><defs>${defs}</defs>${body}</svg>`;
}

const skyGradient = (p: Palette) =>
  `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/></linearGradient>`;

const fadeGradient = (from: number) =>
  `<linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="${from}" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".85"/></linearGradient>`;

const SERIF = "Georgia,'Times New Roman',serif";
const SANS = "'Helvetica Neue',Arial,sans-serif";

/** Greedy word wrap to at most `maxLines` lines of about `width` characters. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && (last.length + 1 + word.length <= width || lines.length >= maxLines)) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** A 2:3 poster: scenery, a dark fade and the title set large at the bottom (no text when title is null). */
export function posterSvg(title: string | null, ref: string): string {
  const [w, h] = ARTWORK_SIZES.poster;
  const random = new Random(ref);
  const p = palette(random);
  const art = scene(random, random.pick(SCENE_KINDS), p, w, h);
  let text = '';
  if (title) {
    const serif = random.chance(0.5);
    const shown = serif ? title : title.toUpperCase();
    const lines = wrap(shown, serif ? 14 : 12, 4);
    const longest = Math.max(...lines.map((l) => l.length));
    const size = Math.max(26, Math.min(78, Math.floor(430 / (longest * (serif ? 0.52 : 0.7)))));
    const lineHeight = Math.round(size * 1.08);
    const lastY = h - 64;
    const firstY = lastY - lineHeight * (lines.length - 1);
    const spans = lines.map((line, i) => `<tspan x="${w / 2}" y="${firstY + i * lineHeight}">${escapeXml(line)}</tspan>`).join('');
    text =
      `<rect x="${w / 2 - 30}" y="${firstY - size - 14}" width="60" height="4" fill="${p.accent}"/>` +
      `<text text-anchor="middle" font-family="${serif ? SERIF : SANS}" font-size="${size}" font-weight="${serif ? 400 : 700}"${serif ? '' : ' letter-spacing="2"'} fill="#fff">${spans}</text>`;
  }
  return svg(w, h, title ?? 'Poster', skyGradient(p) + fadeGradient(0.45), `${art}<rect width="${w}" height="${h}" fill="url(#fade)"/>${text}`);
}

/**
 * A 16:9 frame: backdrops use the title's own scene; screenshots and stills vary the scene per variant
 * but keep the title's palette.
 */
export function frameSvg(kind: 'backdrop' | 'screenshot' | 'still', ref: string, variant: string | null, label: string): string {
  const [w, h] = ARTWORK_SIZES[kind];
  const random = new Random(ref);
  const p = palette(random);
  const own = random.pick(SCENE_KINDS);
  const sceneRandom = kind === 'backdrop' || !variant ? random : new Random(`${ref}:${variant}`);
  const kindOfScene = kind === 'backdrop' || !variant ? own : sceneRandom.pick(SCENE_KINDS);
  let figure = '';
  if (kind !== 'backdrop' && sceneRandom.chance(0.6)) {
    // A lone figure in the foreground, as in a film still.
    const x = sceneRandom.int(200, w - 200);
    const s = sceneRandom.float(0.8, 1.3);
    figure = `<g fill="#0b0b10" transform="translate(${x} ${h}) scale(${s.toFixed(2)})"><circle cx="0" cy="-330" r="42"/><path d="M-70 0C-70-150-60-270 0-275C60-270 70-150 70 0Z"/></g>`;
  }
  return svg(w, h, label, skyGradient(p) + fadeGradient(0.6), `${scene(sceneRandom, kindOfScene, p, w, h)}${figure}<rect width="${w}" height="${h}" fill="url(#fade)" opacity=".6"/>`);
}

function initials(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words;
  return letters.map((w) => w[0]!.toUpperCase()).join('').slice(0, 2) || '?';
}

/** A 2:3 portrait: a stylised head-and-shoulders silhouette over a gradient, with the person's initials. */
export function profileSvg(name: string | null, ref: string): string {
  const [w, h] = ARTWORK_SIZES.profile;
  const random = new Random(ref);
  const p = palette(random);
  const hue = p.hue;
  const body = hsl(hue + 220, 30, 14);
  const text = name
    ? `<text x="250" y="655" text-anchor="middle" font-family="${SANS}" font-size="104" font-weight="700" letter-spacing="6" fill="${hsl(hue + 40, 90, 82)}">${escapeXml(initials(name))}</text>`
    : '';
  return svg(
    w, h, name ?? 'Profile', skyGradient(p),
    `<rect width="${w}" height="${h}" fill="url(#sky)"/><circle cx="250" cy="290" r="112" fill="${body}"/>` +
      `<path d="M58 750C58 545 140 440 250 440S442 545 442 750Z" fill="${body}"/>` +
      `<circle cx="250" cy="290" r="112" fill="none" stroke="${p.accent}" stroke-width="4" opacity=".5"/>${text}`,
  );
}

/** A square platform logo: a rounded tile, the initial in a disc and the name in capitals. */
export function logoSvg(name: string | null, ref: string): string {
  const [w, h] = ARTWORK_SIZES.logo;
  const random = new Random(ref);
  const hue = random.int(0, 359);
  const shown = (name ?? 'Platform').toUpperCase();
  const size = Math.max(22, Math.min(48, Math.floor(340 / (shown.length * 0.68))));
  return svg(
    w, h, name ?? 'Platform',
    `<linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 70, 42)}"/><stop offset="1" stop-color="${hsl(hue + 50, 80, 22)}"/></linearGradient>`,
    `<rect width="${w}" height="${h}" rx="72" fill="url(#sky)"/><circle cx="200" cy="168" r="92" fill="#fff" opacity=".92"/>` +
      `<text x="200" y="204" text-anchor="middle" font-family="${SANS}" font-size="104" font-weight="800" fill="${hsl(hue, 70, 32)}">${escapeXml(shown[0] ?? '?')}</text>` +
      `<text x="200" y="330" text-anchor="middle" font-family="${SANS}" font-size="${size}" font-weight="700" letter-spacing="3" fill="#fff">${escapeXml(shown)}</text>`,
  );
}

/** Only slugs that name something (not a bare number or an episode marker) become displayed text. */
function nameFromSlug(slug: string | null): string | null {
  if (!slug || /^\d+$/.test(slug) || /^s\d+e\d+$/.test(slug)) return null;
  return titleFromSlug(slug);
}

/** SVG text for an `/art/...` path, or null when the path is not one this generator serves. */
export function renderArtwork(path: string): string | null {
  const parsed = parseArtworkPath(path);
  if (!parsed) return null;
  const name = nameFromSlug(parsed.slug);
  switch (parsed.kind) {
    case 'poster':
      return posterSvg(name, parsed.ref);
    case 'backdrop':
      return frameSvg('backdrop', parsed.ref, null, name ?? 'Backdrop');
    case 'screenshot':
      return frameSvg('screenshot', parsed.ref, parsed.slug, 'Screenshot');
    case 'still':
      return frameSvg('still', parsed.ref, parsed.slug, 'Episode still');
    case 'profile':
      return profileSvg(name, parsed.ref);
    case 'logo':
      return logoSvg(name, parsed.ref);
  }
}
