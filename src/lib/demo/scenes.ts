/**
 * Simple geometric scenery for generated artwork: a sky gradient plus one of a few landscapes, drawn from a
 * palette and a seeded generator. Output is compact SVG markup (integer coordinates, few elements).
 */
import type { Random } from '../random.ts';

export interface Palette {
  hue: number;
  skyTop: string;
  skyBottom: string;
  light: string;
  layers: [string, string, string];
  accent: string;
}

/** '#rrggbb' from hue (degrees), saturation and lightness (percent). */
export function hsl(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = s / 100;
  const lig = l / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = sat * Math.min(lig, 1 - lig);
  const f = (n: number) => lig - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return `#${[f(0), f(8), f(4)].map((v) => Math.round(v * 255).toString(16).padStart(2, '0')).join('')}`;
}

export function palette(random: Random): Palette {
  const hue = random.int(0, 359);
  const night = random.chance(0.45);
  // Foreground silhouettes: the sky's own hue, a cool shadow or a warm contrast.
  const shade = random.pick([10, 30, 200, 240, 260]);
  return {
    hue,
    skyTop: hsl(hue, 60, night ? 10 : 30),
    skyBottom: hsl(hue + 35, 75, night ? 38 : 62),
    light: hsl(hue + 55, 95, night ? 86 : 74),
    layers: [hsl(hue + shade, 30, 30), hsl(hue + shade + 10, 34, 19), hsl(hue + shade + 20, 40, 10)],
    accent: hsl(hue + 170, 80, 60),
  };
}

export type SceneKind = 'mountains' | 'city' | 'sea' | 'dunes' | 'forest' | 'space';
export const SCENE_KINDS: readonly SceneKind[] = ['mountains', 'city', 'sea', 'dunes', 'forest', 'space'];

const r = Math.round;

function ridge(random: Random, w: number, h: number, base: number, rough: number, fill: string): string {
  const steps = random.int(5, 8);
  const points = [`0,${h}`];
  for (let i = 0; i <= steps; i++) points.push(`${r((w * i) / steps)},${r(base - random.next() * rough)}`);
  points.push(`${w},${h}`);
  return `<polygon points="${points.join(' ')}" fill="${fill}"/>`;
}

function stars(random: Random, w: number, h: number, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += `<circle cx="${random.int(0, w)}" cy="${random.int(0, r(h * 0.5))}" r="${random.chance(0.2) ? 2 : 1}"/>`;
  return `<g fill="#fff" opacity=".7">${out}</g>`;
}

/** Scene markup for a w×h canvas; expects a gradient with id "sky" to be defined by the caller. */
export function scene(random: Random, kind: SceneKind, p: Palette, w: number, h: number): string {
  const unit = Math.min(w, h);
  const sunX = r(w * random.float(0.2, 0.8));
  const sunY = r(h * random.float(0.25, 0.5));
  const sunR = r(unit * random.float(0.08, 0.16));
  const sun = `<circle cx="${sunX}" cy="${sunY}" r="${sunR}" fill="${p.light}"/>`;
  const sky = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  switch (kind) {
    case 'mountains':
      return sky + stars(random, w, h, 12) + sun +
        ridge(random, w, h, h * 0.58, h * 0.22, p.layers[0]) +
        ridge(random, w, h, h * 0.7, h * 0.16, p.layers[1]) +
        ridge(random, w, h, h * 0.84, h * 0.1, p.layers[2]);
    case 'city': {
      let towers = '';
      for (let x = 0; x < w; ) {
        const bw = r(w * random.float(0.05, 0.11));
        const bh = r(h * random.float(0.18, 0.55));
        towers += `<rect x="${x}" y="${h - bh}" width="${bw - 2}" height="${bh}"/>`;
        x += bw;
      }
      let windows = '';
      for (let i = 0; i < 14; i++) windows += `<rect x="${random.int(0, w)}" y="${random.int(r(h * 0.55), h - 10)}" width="${r(unit * 0.015)}" height="${r(unit * 0.02)}"/>`;
      return sky + stars(random, w, h, 16) + sun + ridge(random, w, h, h * 0.62, h * 0.08, p.layers[0]) +
        `<g fill="${p.layers[2]}">${towers}</g><g fill="${p.light}" opacity=".8">${windows}</g>`;
    }
    case 'sea': {
      const horizon = r(h * random.float(0.55, 0.65));
      let glints = '';
      for (let i = 0; i < 7; i++) {
        const gw = r(sunR * random.float(0.6, 2));
        glints += `<rect x="${sunX - r(gw / 2)}" y="${horizon + r(((h - horizon) * (i + 0.5)) / 8)}" width="${gw}" height="${r(unit * 0.008) + 1}"/>`;
      }
      return sky + sun + ridge(random, w, h, horizon, h * 0.05, p.layers[0]) +
        `<rect y="${horizon}" width="${w}" height="${h - horizon}" fill="${hsl(p.hue + 15, 50, 16)}"/>` +
        `<g fill="${p.light}" opacity=".55">${glints}</g>`;
    }
    case 'dunes': {
      const dune = (base: number, fill: string) => {
        const mid = r(w * random.float(0.2, 0.8));
        return `<path d="M0 ${r(base)}Q${mid} ${r(base - h * random.float(0.1, 0.25))} ${w} ${r(base + h * random.float(-0.05, 0.05))}V${h}H0Z" fill="${fill}"/>`;
      };
      return sky + sun + dune(h * 0.66, p.layers[0]) + dune(h * 0.78, p.layers[1]) + dune(h * 0.92, p.layers[2]);
    }
    case 'forest': {
      let trees = '';
      for (let i = 0; i < 16; i++) {
        const x = random.int(0, w);
        const th = r(h * random.float(0.15, 0.35));
        const tw = r(th * 0.38);
        const base = r(h * random.float(0.86, 1.02));
        trees += `<polygon points="${x},${base - th} ${x - tw},${base} ${x + tw},${base}"/>`;
      }
      return sky + stars(random, w, h, 10) + sun + ridge(random, w, h, h * 0.66, h * 0.14, p.layers[0]) +
        ridge(random, w, h, h * 0.8, h * 0.06, p.layers[1]) + `<g fill="${p.layers[2]}">${trees}</g>`;
    }
    case 'space': {
      const px = r(w * random.float(0.25, 0.75));
      const py = r(h * random.float(0.45, 0.7));
      const pr = r(unit * random.float(0.2, 0.32));
      return `<rect width="${w}" height="${h}" fill="${p.layers[2]}"/>` + stars(random, w, h * 2, 34) +
        `<circle cx="${px}" cy="${py}" r="${pr}" fill="url(#sky)"/>` +
        `<ellipse cx="${px}" cy="${py}" rx="${r(pr * 1.7)}" ry="${r(pr * 0.35)}" fill="none" stroke="${p.accent}" stroke-width="${r(unit * 0.012) + 1}" opacity=".7"/>` +
        `<circle cx="${r(w * 0.15)}" cy="${r(h * 0.2)}" r="${r(unit * 0.04)}" fill="${p.light}"/>`;
    }
  }
}
