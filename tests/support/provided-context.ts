/** Values the integration global setup hands to test workers through `project.provide` / `inject`. */
declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of a PostgreSQL server the suites may create databases on; null when none is available. */
    postgresUrl: string | null;
    /**
     * The ws->tcp proxy for the neon engine as Neon's `wsProxy` option wants it: host:port, no scheme
     * (e.g. 127.0.0.1:40123; the driver adds ws:// itself). Null when there is no server.
     */
    neonWsProxy: string | null;
    /** File holding an empty PGlite data dir to load suites' databases from (pglite-template.ts); null: create each. */
    pgliteTemplate: string | null;
  }
}

export {};
