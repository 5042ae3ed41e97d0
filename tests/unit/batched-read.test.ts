/** batchedRead (src/lib/page-loaders/batched-load.ts): pages renewed together share a read, and none is served one older than its ask. */
import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { batchedRead } from '../../src/lib/page-loaders/batched-load.ts';

const db = {} as Kysely<Database>;

/** A read that returns the number of reads started before it, and finishes when told. */
function controlledRead() {
  const started: (() => void)[] = [];
  const read = batchedRead(async () => {
    const number = started.length + 1;
    await new Promise<void>((resolve) => started.push(resolve));
    return number;
  });
  const until = async (count: number) => { while (started.length < count) await new Promise((resolve) => setTimeout(resolve, 1)); };
  return { read, started, until };
}

it('shares one read among pages that ask at once', async () => {
  const { read, started, until } = controlledRead();
  const asked = [read(db), read(db), read(db)];
  await until(1);
  started[0]!();
  expect(await Promise.all(asked)).toEqual([1, 1, 1]);
  expect(started).toHaveLength(1);
});

it('serves a page that asks while a read runs from the next read, which everyone who asked meanwhile shares', async () => {
  const { read, started, until } = controlledRead();
  const first = read(db);
  await until(1);
  const during = [read(db), read(db)];
  await new Promise((resolve) => setTimeout(resolve, 20));
  // The next read waits for the running one: it would not see what the later pages asked after.
  expect(started).toHaveLength(1);
  started[0]!();
  expect(await first).toBe(1);
  await until(2);
  started[1]!();
  expect(await Promise.all(during)).toEqual([2, 2]);
  expect(started).toHaveLength(2);
});
