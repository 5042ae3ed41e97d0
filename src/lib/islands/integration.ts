/**
 * Registers the project's custom client directives (see interact-directive.ts), and keeps Astro's island rule out of
 * the body: Astro writes `<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>` before the
 * page's first island, wherever that is, and a <style> in the body is invalid HTML. The rule is in
 * src/styles/global.css instead, which every page has in its head.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** The `<style>` in Astro's island prescripts (astro/dist/runtime/server/scripts.js, getPrescripts). */
const ISLAND_STYLE_ELEMENT = '<style>${ISLAND_STYLES}</style>';

const ASTRO_SCRIPTS_MODULE = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]scripts\.js$/;

export function islandDirectives(): AstroIntegration {
  return {
    name: 'cinecat:island-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective, updateConfig }) => {
        addClientDirective({ name: 'interact', entrypoint: fileURLToPath(new URL('./interact-directive.ts', import.meta.url)) });
        updateConfig({
          vite: {
            plugins: [{
              name: 'cinecat:island-styles-out-of-body',
              transform(code, id) {
                if (!ASTRO_SCRIPTS_MODULE.test(id)) return undefined;
                // Astro changed the module: the html-validate e2e pass (tests/e2e/valid-html.spec.ts) fails on the <style> again.
                if (!code.includes(ISLAND_STYLE_ELEMENT)) {
                  this.warn('Astro\'s island <style> was not found: it stays in the body.');
                  return undefined;
                }
                return { code: code.replace(ISLAND_STYLE_ELEMENT, ''), map: null };
              },
            }],
          },
        });
      },
    },
  };
}
