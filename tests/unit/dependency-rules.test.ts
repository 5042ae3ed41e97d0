/**
 * The import rules of .dependency-cruiser.cjs (no cycles, type-only imports included; browser code and contracts
 * import only browser-safe modules; the schema imports no application code; the HTTP layer calls no domain), checked
 * over the whole project with dependency-cruiser, and once over a small tree that breaks each rule, so that a rule
 * that stopped matching would fail here too.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const CLI = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');

/** The rules broken in `cwd`'s tree, one `rule: from → to` line each. */
async function violations(cwd: string, paths: string[]): Promise<string[]> {
  const run = promisify(execFile)(process.execPath, [CLI, '--config', CONFIG, '--output-type', 'json', ...paths], { cwd, maxBuffer: 64 << 20 })
    .catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const report = JSON.parse((await run).stdout) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
  return report.summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`).sort();
}

describe('import rules', () => {
  it('hold over the project', async () => {
    expect(await violations(ROOT, ['src', 'db', 'scripts', 'netlify', 'astro.config.mjs'])).toEqual([]);
  }, 300_000); // a few seconds alone; the shared 2-core machine can be many times slower

  const scratch = mkdtempSync(join(tmpdir(), 'cinecat-deps-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('catch a cycle, a contract importing a server type, the schema importing app code and the HTTP layer calling a domain', async () => {
    const files: Record<string, string> = {
      'tsconfig.json': JSON.stringify({ compilerOptions: { allowImportingTsExtensions: true, noEmit: true, module: 'nodenext' } }),
      'db/schema.ts': "import type { Row } from '../src/lib/shop/contract.ts';\nexport type Table = Row;\n",
      'src/lib/shop/contract.ts': "import type { Order } from './orders.ts';\nexport type Row = Order;\n",
      'src/lib/shop/orders.ts': "import type { Row } from './contract.ts';\nexport interface Order { row?: Row }\n",
      'src/lib/http/endpoint.ts': "import { ship } from '../shop/shipping.ts';\nexport const run = ship;\n",
      'src/lib/shop/shipping.ts': 'export const ship = 1;\n',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(scratch, path)), { recursive: true });
      writeFileSync(join(scratch, path), text);
    }
    expect(await violations(scratch, ['src', 'db'])).toEqual([
      'browser-code-imports-only-browser-safe-modules: src/lib/shop/contract.ts → src/lib/shop/orders.ts',
      'http-layer-knows-no-domain: src/lib/http/endpoint.ts → src/lib/shop/shipping.ts',
      'no-cycles: src/lib/shop/contract.ts → src/lib/shop/orders.ts',
      'schema-imports-no-app-code: db/schema.ts → src/lib/shop/contract.ts',
    ]);
  }, 300_000); // a few seconds alone; the shared 2-core machine can be many times slower
});
