/**
 * The import rules of .dependency-cruiser.cjs (no cycles, type-only imports included; browser code and contracts
 * import only browser-safe modules; db/ imports no application code; the HTTP layer calls no domain; pages and
 * components use the publishing machinery only through its entries) and no two src/lib folders importing each
 * other, checked over every source file, .astro files included (tests/support/import-graph.ts), and once over a
 * small tree that breaks each rule, so that a rule that stopped matching would fail here too.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { folderCycles, importGraph, ruleViolations } from '../support/import-graph.ts';

const ROOT = resolve(import.meta.dirname, '../..');

describe('import rules', () => {
  const project = importGraph(ROOT, ['src', 'db', 'scripts', 'netlify', 'astro.config.mjs']);

  it('read the .astro files too', async () => {
    const edges = await project;
    expect(edges.filter(({ from }) => from.endsWith('.astro')).length).toBeGreaterThan(200);
    expect(edges).toContainEqual({ from: 'src/pages/index.astro', to: 'src/lib/publishing/page-answer.ts', circular: false });
  }, 300_000);

  it('hold over the project', async () => {
    expect(ruleViolations(await project)).toEqual([]);
  }, 300_000); // a few seconds alone; the shared 2-core machine can be many times slower

  it('leave no two src/lib folders importing each other', async () => {
    const pairs = folderCycles(await project).map((line) => line.split(':')[0]!);
    expect(pairs).toEqual([]);
  }, 300_000);

  const scratch = mkdtempSync(join(tmpdir(), 'cinecat-deps-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('catch each rule broken, in TypeScript and in .astro files', async () => {
    const files: Record<string, string> = {
      'tsconfig.json': JSON.stringify({ compilerOptions: { allowImportingTsExtensions: true, noEmit: true, module: 'nodenext' } }),
      'db/schema.ts': "import type { Row } from '../src/lib/shop/contract.ts';\nexport type Table = Row;\n",
      'db/migrations/0001_start.ts': "import { ship } from '../../src/lib/shop/shipping.ts';\nexport const up = ship;\n",
      'src/lib/shop/contract.ts': "import type { Order } from './orders.ts';\nexport type Row = Order;\n",
      'src/lib/shop/orders.ts': "import type { Row } from './contract.ts';\nexport interface Order { row?: Row }\n",
      'src/lib/http/endpoint.ts': "import { ship } from '../shop/shipping.ts';\nexport const run = ship;\n",
      'src/lib/shop/shipping.ts': "import { stock } from '../store/stock.ts';\nexport const ship = stock;\n",
      'src/lib/store/stock.ts': "import type { Row } from '../shop/contract.ts';\nexport const stock = 1 as unknown as Row;\n",
      'src/lib/publishing/page-answer.ts': 'export const answer = 1;\n',
      'src/lib/publishing/page-files.ts': 'export const files = 1;\n',
      'src/pages/index.astro': "---\nimport { answer } from '../lib/publishing/page-answer.ts';\nimport { files } from '../lib/publishing/page-files.ts';\n---\n<p>{answer}</p>\n",
      'src/components/Card.astro': "---\nimport type { Row } from '../lib/shop/contract.ts';\n---\n<p></p>\n<script>\n  import '../lib/publishing/page-files.ts';\n</script>\n",
      'src/components/Loop.astro': "---\nimport Loop from './Loop.astro';\n---\n<Loop />\n",
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(scratch, path)), { recursive: true });
      writeFileSync(join(scratch, path), text);
    }
    const edges = await importGraph(scratch, ['src', 'db']);
    expect(ruleViolations(edges)).toEqual([
      'browser-code-imports-only-browser-safe-modules: src/lib/shop/contract.ts → src/lib/shop/orders.ts',
      'db-imports-no-app-code: db/migrations/0001_start.ts → src/lib/shop/shipping.ts',
      'db-imports-no-app-code: db/schema.ts → src/lib/shop/contract.ts',
      'http-layer-knows-no-domain: src/lib/http/endpoint.ts → src/lib/shop/shipping.ts',
      'no-cycles: src/components/Loop.astro → src/components/Loop.astro',
      'no-cycles: src/lib/shop/contract.ts → src/lib/shop/orders.ts',
      'no-cycles: src/lib/shop/orders.ts → src/lib/shop/contract.ts',
      'pages-use-machinery-through-its-entries: src/components/Card.astro → src/lib/publishing/page-files.ts',
      'pages-use-machinery-through-its-entries: src/pages/index.astro → src/lib/publishing/page-files.ts',
    ]);
    expect(folderCycles(edges)).toEqual(['shop ↔ store: src/lib/shop/shipping.ts → src/lib/store/stock.ts, src/lib/store/stock.ts → src/lib/shop/contract.ts']);
  }, 300_000); // a few seconds alone; the shared 2-core machine can be many times slower
});
