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
      user?: import('./lib/http/route.ts').SessionUser | null;
      /** Looks the session user up once, on demand (installed by src/middleware.ts; read by src/lib/http/endpoint.ts). */
      lookUpUser?: () => Promise<import('./lib/http/route.ts').SessionUser | null>;
    }
  }
}

export {};
