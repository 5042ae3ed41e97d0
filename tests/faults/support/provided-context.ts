/** Values the fault tier's global setup hands to its test files through `project.provide` / `inject`. */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's work dir inside the project; the shared build is in its `dist`. */
    faultsWorkDir: string;
    /** A closed PGlite data dir holding the migrated, seeded catalogue the shared build was made from. */
    faultsDataTemplate: string;
  }
}

export {};
