/** The web server killed (SIGKILL) during a burst of list writes: every write it acknowledged is in the database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseDir, reportRecovery, startDatabase, startSite, waitUntil, type Engine, type FaultDatabase, type Site } from './support/harness.ts';
import { missingWrites, startWriteBurst } from './support/writes.ts';

describe.each<Engine>(['embedded', 'postgres'])('the web server killed during a burst of list writes (%s)', (engine) => {
  let database: FaultDatabase;
  let site: Site | undefined;

  beforeAll(async () => {
    database = await startDatabase(engine, caseDir(`writes-${engine}`));
  });
  afterAll(async () => {
    await site?.kill();
    await database?.close();
  });

  it('keeps every write answered 2xx, and the restarted site takes writes again', async () => {
    site = await startSite(database);
    const burst = await startWriteBurst(database.db, site.origin, 8);
    await waitUntil('acknowledged writes', () => burst.acknowledged.length >= 60);
    await site.kill();
    await burst.stop();
    const acknowledged = burst.acknowledged.length;
    expect(await missingWrites(database.db, burst.acknowledged)).toEqual([]);

    const restart = performance.now();
    site = await startSite(database);
    const again = await startWriteBurst(database.db, site.origin, 1);
    await waitUntil('a write after the restart', () => again.acknowledged.length > 0);
    reportRecovery(`${engine}: ${acknowledged} writes acknowledged before the kill, none lost; site writing again after`, performance.now() - restart);
    await again.stop();
    expect(await missingWrites(database.db, again.acknowledged)).toEqual([]);
  });
});
