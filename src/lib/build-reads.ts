/**
 * Reads that every page of a build shares (the sitemap's entries, the home page's genre rows), made once per build.
 * The page builder (scripts/page-builder.ts) renders many builds' worth in one process: each republish forgets them.
 * The pages run in the build's bundle, a copy of this module apart from the page builder's own: the generation is
 * kept on globalThis, which both share.
 */
const GENERATION = Symbol.for('cinecat.build-reads-generation');
const registry = globalThis as { [GENERATION]?: number };

/** `load`, called at most once per build (a rejection is kept for the build too, as a failed build ends anyway). */
export function readOncePerBuild<T>(load: () => Promise<T>): () => Promise<T> {
  let memo: { generation: number; value: Promise<T> } | undefined;
  return () => {
    const generation = registry[GENERATION] ?? 0;
    if (memo?.generation !== generation) memo = { generation, value: load() };
    return memo.value;
  };
}

/** Makes the next page read the database again. */
export function forgetBuildReads(): void {
  registry[GENERATION] = (registry[GENERATION] ?? 0) + 1;
}
