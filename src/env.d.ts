/// <reference types="astro/client" />

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first interaction with the island (src/lib/islands/interact-directive.ts). */
    'client:interact'?: boolean;
  }
}

declare global {
  namespace App {
    interface Locals {
      /** The signed-in user, or null for a visitor; undefined until looked up (accounts/server-env.ts sessionUserOf). */
      user?: import('./lib/accounts/contract.ts').SessionUser | null;
    }
  }
}

export {};
