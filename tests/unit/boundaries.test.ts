/**
 * The browser boundary: code that runs in the browser never loads server-only modules (SQL, the database driver,
 * settings and secrets, mail, Node built-ins), directly or through anything it imports.
 *
 * Browser code is every .ts/.tsx file under src/components and every bundled `<script>` of a .astro component there.
 * A .astro frontmatter runs on the server (at build time, or per request for on-demand pages) and is never shipped,
 * so it may load data; it is not browser code and is not checked.
 *
 * The boundary is visible in names: from src/lib, browser code may import only files named `contract.ts` (types and
 * schemas shared with the server), `routes.ts` (route declarations), `src/lib/http/api-client.ts` and `route.ts`,
 * and modules in a `client/` folder
 * (`src/lib/<domain>/client/*`). Only `import type` / `export type` are erased; everything else is followed.
 */
import { builtinModules } from 'node:module';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

const SERVER_PACKAGES = [/^kysely/, /^pg(-|$|\/)/, /^@neondatabase\//, /^@electric-sql\//, /^nodemailer/, /^@auth\//, /^astro:env\/server/];
const SERVER_FILES = ['db/', 'src/lib/db.ts', 'src/lib/settings.ts'];

interface Source {
  /** Path relative to the repository root, with forward slashes. */
  readonly path: string;
  readonly code: string;
}

/** Value imports of a piece of TypeScript (static, re-exports and dynamic `import()`). */
function valueImports(code: string, fileName: string): string[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.importClause?.isTypeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (specifier && ts.isStringLiteral(specifier)) found.push(specifier.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The code of a file that the browser runs: a whole module, or a .astro file's bundled `<script>` blocks. */
function browserCode(source: Source): string {
  if (!source.path.endsWith('.astro')) return source.code;
  const scripts = source.code.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g);
  return [...scripts]
    .filter(([, attributes = '']) => !/is:inline|type=["'](?!module)/.test(attributes))
    .map(([, , body]) => body)
    .join('\n');
}

function isServerPackage(specifier: string): boolean {
  const name = specifier.replace(/^node:/, '');
  return specifier.startsWith('node:') || builtinModules.includes(name.split('/')[0]!) || SERVER_PACKAGES.some((p) => p.test(specifier));
}

function isServerFile(path: string): boolean {
  return SERVER_FILES.some((server) => (server.endsWith('/') ? path.startsWith(server) : path === server));
}

/** Named as browser-safe: a contract, the API client, or a module in a `client/` folder. */
function isBrowserSafeName(path: string): boolean {
  if (!path.startsWith('src/lib/')) return path.startsWith('src/components/');
  return /\/(contract|routes)\.ts$/.test(path) || path === 'src/lib/http/api-client.ts' || path === 'src/lib/http/route.ts' || path.includes('/client/');
}

/**
 * Every boundary crossing reachable from the browser entry files, each as the import chain that reaches it.
 * `read` returns a repository file's text, or undefined when it does not exist.
 */
export function boundaryViolations(entries: readonly Source[], read: (path: string) => string | undefined): string[] {
  const violations: string[] = [];
  const visited = new Set<string>();
  const follow = (from: string, code: string, chain: readonly string[]): void => {
    for (const specifier of valueImports(code, from)) {
      if (!specifier.startsWith('.')) {
        if (isServerPackage(specifier)) violations.push([...chain, specifier].join(' -> '));
        continue;
      }
      const target = relative(ROOT, resolve(ROOT, dirname(from), specifier)).split(sep).join('/');
      const next = [...chain, target];
      if (isServerFile(target) || !isBrowserSafeName(target)) {
        violations.push(next.join(' -> '));
        continue;
      }
      if (visited.has(target)) continue;
      visited.add(target);
      const targetCode = read(target);
      if (targetCode !== undefined) follow(target, target.endsWith('.astro') ? browserCode({ path: target, code: targetCode }) : targetCode, next);
    }
  };
  for (const entry of entries) follow(entry.path, browserCode(entry), [entry.path]);
  return violations;
}

function filesUnder(directory: string): string[] {
  return readdirSync(join(ROOT, directory)).flatMap((name) => {
    const path = `${directory}/${name}`;
    return statSync(join(ROOT, path)).isDirectory() ? filesUnder(path) : [path];
  });
}

const readRepositoryFile = (path: string): string | undefined => (existsSync(join(ROOT, path)) ? readFileSync(join(ROOT, path), 'utf8') : undefined);

describe('browser boundary', () => {
  it('keeps server-only modules out of everything src/components ships to the browser', () => {
    const entries = filesUnder('src/components')
      .filter((path) => /\.(ts|tsx|astro)$/.test(path))
      .map((path) => ({ path, code: readFileSync(join(ROOT, path), 'utf8') }));
    expect(entries.length).toBeGreaterThan(50);
    expect(boundaryViolations(entries, readRepositoryFile)).toEqual([]);
  });

  it('names the chain to a server-only module, through client modules and astro scripts', () => {
    const files: Record<string, string> = {
      'src/lib/catalog/client/helper.ts': "import { getDb } from '../../db.ts';\nimport type { Row } from '../../../../db/schema.ts';",
      'src/lib/catalog/contract.ts': "import { readFile } from 'node:fs';",
    };
    const entries: Source[] = [
      { path: 'src/components/x/Island.tsx', code: "import { helper } from '../../lib/catalog/client/helper.ts';" },
      { path: 'src/components/x/Widget.astro', code: "---\nimport { getDb } from '../../lib/db.ts';\n---\n<script>\n  import '../../lib/catalog/contract.ts';\n</script>" },
      { path: 'src/components/x/Form.tsx', code: "import { publicSettings } from '../../lib/site.ts';\nimport 'kysely';\nimport type { Kysely } from 'kysely';" },
    ];
    expect(boundaryViolations(entries, (path) => files[path])).toEqual([
      'src/components/x/Island.tsx -> src/lib/catalog/client/helper.ts -> src/lib/db.ts',
      'src/components/x/Widget.astro -> src/lib/catalog/contract.ts -> node:fs',
      'src/components/x/Form.tsx -> src/lib/site.ts',
      'src/components/x/Form.tsx -> kysely',
    ]);
  });
});
