/**
 * The web server killed (SIGKILL, with the build it runs) in the middle of a local rebuild: the old pages keep
 * being served, and the next rebuild succeeds (its pages show what changed) and leaves no stray build folders.
 */
import { cpSync, existsSync, readdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { expect, inject, it } from 'vitest';
import { caseDir, describeEachEngine, endedRebuild, renameNewestMovie, reportRecovery, requestRebuild, signedIn, waitUntil } from './support/harness.ts';

describeEachEngine('the web server killed during a rebuild (%s)', 'rebuild', (fault) => {
  it('keeps serving the old pages, and the next rebuild succeeds without stray folders', async () => {
    const { database, engine } = fault;
    // Its own copy of the shared build: rebuilds swap the served folder.
    const outDir = join(caseDir(`rebuild-dist-${engine}`), 'dist');
    cpSync(join(inject('faultsWorkDir'), 'dist'), outDir, { recursive: true });
    const buildsDir = join(outDir, 'builds');
    const env = { REBUILD_MODE: '' };
    const admin = await signedIn(database.db, 'admin');
    let site = await fault.startSite(env, outDir);
    const home = async (origin: string) => {
      const response = await fetch(origin, { signal: AbortSignal.timeout(30_000) });
      return { status: response.status, body: await response.text() };
    };
    const before = await home(site.origin);
    expect(before.status).toBe(200);
    // A change only a new build shows (renameNewestMovie).
    const renamed = `Renamed before the rebuild (${engine})`;
    const homePage = async (origin: string) => {
      const { status, body } = await home(origin);
      return { status, asBefore: body === before.body, showsChange: body.includes(renamed) };
    };
    await renameNewestMovie(database.db, renamed);

    await requestRebuild(site.origin, admin.cookie);
    // Under way: its folder exists and astro has started writing into it (0-initial is where the first swap moves
    // the served build).
    const newBuilds = () => (existsSync(buildsDir) ? readdirSync(buildsDir) : []).filter((name) => name !== '0-initial');
    await waitUntil('the rebuild to be writing its folder', () =>
      newBuilds().some((name) => readdirSync(join(buildsDir, name)).length > 0), 300_000);
    await site.kill();
    const cutOff = newBuilds();

    const restart = performance.now();
    site = await fault.startSite(env, outDir);
    expect(await homePage(site.origin)).toEqual({ status: 200, asBefore: true, showsChange: false });
    reportRecovery(`${engine}: old pages served again after a kill mid-rebuild`, performance.now() - restart);

    await requestRebuild(site.origin, admin.cookie);
    expect(await endedRebuild(site.origin, admin.cookie, 600_000)).toMatchObject({ status: 'succeeded', error: null });
    expect(await homePage(site.origin)).toEqual({ status: 200, asBefore: false, showsChange: true });

    // What stays: the build now served, and the one served before it (requests may still stream from it).
    const served = realpathSync(join(outDir, 'client'));
    const builds = readdirSync(buildsDir);
    expect(builds.filter((name) => cutOff.includes(name)), 'folders of the build cut off by the kill').toEqual([]);
    expect(builds).toHaveLength(2);
    expect(builds).toContain('0-initial');
    expect(builds.some((name) => served.startsWith(join(realpathSync(buildsDir), name)))).toBe(true);
    expect(readdirSync(outDir).filter((name) => name.startsWith('client.next'))).toEqual([]);
  });
});
