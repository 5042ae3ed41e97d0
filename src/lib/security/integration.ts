/** Writes Netlify's `_headers` file (./headers.ts) next to the prerendered files its CDN serves. */
import { writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { netlifyHeadersFile } from './headers.ts';

export function netlifySecurityHeaders(): AstroIntegration {
  return {
    name: 'cinecat:netlify-security-headers',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        await writeFile(new URL('_headers', dir), netlifyHeadersFile());
      },
    },
  };
}
