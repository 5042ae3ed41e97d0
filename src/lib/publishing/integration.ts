/** Stamps the Node build's client directory with when the build started reading the database (see static-pages.ts). */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { BUILD_START_FILE } from './static-pages.ts';

export function buildStartStamp(builtAt: string): AstroIntegration {
  return {
    name: 'cinecat:build-start',
    hooks: { 'astro:build:done': ({ dir }) => writeFile(join(fileURLToPath(dir), BUILD_START_FILE), builtAt) },
  };
}
