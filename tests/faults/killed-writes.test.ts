/** The web server killed (SIGKILL) during a burst of list writes: every write it acknowledged is in the database. */
import { expect, it } from 'vitest';
import { describeEachEngine, reportRecovery, waitUntil } from './support/harness.ts';
import { missingWrites, startWriteBurst } from './support/writes.ts';

describeEachEngine('the web server killed during a burst of list writes (%s)', 'writes', (fault) => {
  it('keeps every write answered 2xx, and the restarted site takes writes again', async () => {
    const { db } = fault.database;
    let site = await fault.startSite();
    const burst = await startWriteBurst(db, site.origin, 8);
    await waitUntil('acknowledged writes', () => burst.acknowledged.length >= 60);
    await site.kill();
    await burst.stop();
    const acknowledged = burst.acknowledged.length;
    expect(await missingWrites(db, burst.acknowledged)).toEqual([]);

    const restart = performance.now();
    site = await fault.startSite();
    const again = await startWriteBurst(db, site.origin, 1);
    await waitUntil('a write after the restart', () => again.acknowledged.length > 0);
    reportRecovery(`${fault.engine}: ${acknowledged} writes acknowledged before the kill, none lost; site writing again after`, performance.now() - restart);
    await again.stop();
    expect(await missingWrites(db, again.acknowledged)).toEqual([]);
  });
});
