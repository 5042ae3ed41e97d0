/**
 * Global setup of the integration project: prepares, once per run, what the test workers share.
 *
 * - a throwaway PostgreSQL server (tests/support/postgres-server.ts), or the server at $TEST_POSTGRES_URL if set
 *   (a superuser URL, for running the suites against another PostgreSQL version);
 * - the ws->tcp proxy that lets Neon's serverless driver reach that server;
 * - an empty PGlite data dir that suites load instead of creating PGlite from scratch (pglite-template.ts).
 *
 * Their locations reach the workers through `provide`/`inject` (see provided-context.ts and engines.ts).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { writePGliteTemplate } from './pglite-template.ts';
import { isAlive, startPostgresServer, type PostgresServer } from './postgres-server.ts';
import type {} from './provided-context.ts';
import { startWsProxy } from './ws-proxy.ts';

export default async function setup(project: TestProject) {
  let server: PostgresServer | null = null;
  let postgresUrl = process.env.TEST_POSTGRES_URL || null;
  if (postgresUrl) {
    console.log('[test db] postgres + neon engines: the server at TEST_POSTGRES_URL');
  } else {
    server = await startPostgresServer();
    if (server) {
      postgresUrl = server.url;
      console.log(`[test db] postgres + neon engines: ${server.version}, 127.0.0.1:${server.port}`);
    } else {
      console.warn(
        '[test db] NOTE: no PostgreSQL server binaries (initdb, pg_ctl, postgres) found; ' +
          'the postgres and neon engines are SKIPPED. Install the Debian package postgresql, or set PG_BINDIR.',
      );
    }
  }
  const proxy = postgresUrl ? await startWsProxy() : null;

  const templateDir = makeTemplateDir();
  const removeTemplate = () => rmSync(templateDir, { recursive: true, force: true });
  process.once('exit', removeTemplate);
  const templateFile = join(templateDir, 'empty.tar');
  await writePGliteTemplate(templateFile);

  project.provide('postgresUrl', postgresUrl);
  project.provide('neonWsProxy', proxy?.address ?? null);
  project.provide('pgliteTemplate', templateFile);

  return async function teardown() {
    await proxy?.close();
    await server?.stop();
    removeTemplate();
  };
}

const TEMPLATE_PREFIX = 'cinecat-pglite-';

/** A temp dir named after this process; dirs named after processes that are gone (killed runs) are removed. */
function makeTemplateDir(): string {
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(name.startsWith(TEMPLATE_PREFIX) && name.slice(TEMPLATE_PREFIX.length).split('-')[0]);
    if (pid && !isAlive(pid)) rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
  return mkdtempSync(join(tmpdir(), `${TEMPLATE_PREFIX}${process.pid}-`));
}
