/// <reference types="astro/client" />

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first interaction with the island (src/lib/islands/interact-directive.ts). */
    'client:interact'?: boolean;
  }
}

export {};
