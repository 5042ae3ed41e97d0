/** Registers the project's custom client directives (see interact-directive.ts). */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export function islandDirectives(): AstroIntegration {
  return {
    name: 'cinecat:island-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interact', entrypoint: fileURLToPath(new URL('./interact-directive.ts', import.meta.url)) });
      },
    },
  };
}
