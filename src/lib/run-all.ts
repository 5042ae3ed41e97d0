/** Runs `task` over `items`, `concurrency` at a time (file work: enough to keep Node's thread pool busy). */
export async function runAll<T>(items: readonly T[], concurrency: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) await task(items[next++]!);
  }));
}
