/**
 * The web server killed (SIGKILL, its page builder with it) while the publisher renews the pages of a change that
 * reaches nearly every page: started again, it keeps the pages its journal vouches for, renews the rest, and every
 * page is what a fresh build of the database shows; nothing the killed run was writing is left in the build.
 */
import { existsSync, readdirSync, readFileSync, statSync, watch } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { JOURNAL_FILE, replayJournal } from '../../src/lib/publishing/publish-journal.ts';
import { differencesFromFresh, settled } from '../support/published-site.ts';
import { caseDir, describeEachEngine, nicenessesOf, processTree, reportRecovery, waitUntil } from './support/harness.ts';

describeEachEngine('the web server killed while it publishes (%s)', 'publish', (fault) => {
  it('starts again with the pages its journal vouches for, and publishes the rest', async () => {
    const { database, engine } = fault;
    const outDir = join(caseDir(`publish-${engine}`), 'dist');
    // The site's URL is in every page: the same on both starts (each start has a new port).
    const env = { SITE_URL: 'http://cinecat.test' };
    let site = await fault.startSite(env, outDir, { build: true });
    // It built at a lower priority, and renders what changes at normal priority where the system lets it.
    const pageBuilder = processTree(site.child.pid!).find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('page-builder.ts'));
    expect(pageBuilder, 'the page builder runs').toBeDefined();
    const [main, ...others] = nicenessesOf(pageBuilder!);
    if (main === 0) expect(others.filter((niceness) => niceness !== 0), 'threads left at the build\'s niceness').toEqual([]);
    else expect(site.output()).toContain("the publisher keeps the build's niceness (10)");
    const journal = join(outDir, JOURNAL_FILE);
    const journalSize = () => statSync(journal).size;
    const { checkpoint: built } = await replayJournal(outDir);

    // Stopped the moment the first renewed page is in the journal (a poll can miss the whole publish of this small
    // site), then killed, before the publisher could vouch for the rest.
    const sizeBefore = journalSize();
    let stopped = false;
    const watcher = watch(journal, () => {
      if (stopped || journalSize() <= sizeBefore) return;
      process.kill(pageBuilder!, 'SIGSTOP');
      stopped = true;
    });
    // A sync's new popularity for every title and a cast member renamed: nearly every card, so nearly every page.
    await database.db.transaction().execute(async (trx) => {
      await trx.updateTable('movies').set({ popularity: sql`popularity + 1` }).execute();
      await trx.updateTable('people').set({ name: sql`name || ' Renamed'` }).where('id', '=', sql<number>`(select person_id from movie_credits group by person_id order by count(*) desc limit 1)`).execute();
    });
    await waitUntil('the publisher to renew a page', () => stopped, 60_000).finally(() => watcher.close());
    await site.kill();
    const { checkpoint: atKill } = await replayJournal(outDir);
    expect(atKill?.cursor, 'the kill came before the publisher vouched for the change').toBe(built?.cursor);

    const restart = performance.now();
    site = await fault.startSite(env, outDir, { build: true });
    reportRecovery(`${engine}: serving again after a kill mid-publish`, performance.now() - restart);
    expect(site.output()).toMatch(/Built in [\d.]+ s: \d+ pages rendered, [1-9]\d* kept from the last run/);
    await settled(database.db);
    expect(await differencesFromFresh({ db: database.db, outDir })).toEqual([]);
    expect(existsSync(join(outDir, '.renewing')) ? readdirSync(join(outDir, '.renewing')) : []).toEqual([]);
    await site.kill();
  });
});
