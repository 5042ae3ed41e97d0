/**
 * Global setup of the fault tier: one site build shared by every case (building is the slow part), from a tiny
 * seeded catalogue kept as a closed PGlite data directory that each embedded case copies. Everything lives in a
 * work dir inside the project (so the built server resolves node_modules), removed at the end.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb } from '../../../db/connect.ts';
import { startEmbeddedServer } from '../../../db/embedded-server.ts';
import { run } from '../../../scripts/lib/processes.ts';
import { freePort } from '../../support/ports.ts';
import { seedFaultsCatalogue } from './catalogue.ts';
import type {} from './provided-context.ts';

export default async function setup(project: TestProject) {
  mkdirSync('.faults', { recursive: true });
  const workDir = mkdtempSync(join(process.cwd(), '.faults', 'run-'));
  const removeWorkDir = () => rmSync(workDir, { recursive: true, force: true });
  process.once('exit', removeWorkDir);

  const dataTemplate = join(workDir, 'pglite-template');
  const port = await freePort();
  const server = await startEmbeddedServer({ dataDir: dataTemplate, port });
  try {
    const db = await createDb({ kind: 'embedded', port });
    await seedFaultsCatalogue(db);
    await db.destroy();
    const started = performance.now();
    await run('npx', ['astro', 'build'], { EMBEDDED_DB_PORT: String(port), ASTRO_OUT_DIR: join(workDir, 'dist'), SITE_URL: 'http://localhost' });
    console.log(`[faults] shared build: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await server.stop();
  }

  project.provide('faultsWorkDir', workDir);
  project.provide('faultsDataTemplate', dataTemplate);
  return removeWorkDir;
}
