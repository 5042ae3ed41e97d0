/** How housekeeping and the rate limiter delete: a batch at a time, so a backlog is worked off over several runs, never in one long lock. */
export interface BatchBound {
  batch?: number;
  maxBatches?: number;
}

/** Calls `deleteBatch(limit)` until it deletes fewer than a batch or the bound is reached; returns how many went. */
export async function deleteInBatches(
  deleteBatch: (limit: number) => Promise<bigint>, { batch = 5_000, maxBatches = 20 }: BatchBound = {},
): Promise<number> {
  let deleted = 0;
  for (let round = 0; round < maxBatches; round++) {
    const count = await deleteBatch(batch);
    deleted += Number(count);
    if (count < BigInt(batch)) break;
  }
  return deleted;
}
