/**
 * The project's import graph, every source file included: dependency-cruiser reads the TypeScript and JavaScript
 * (type-only imports included), and Astro's own parser (@astrojs/compiler-rs, the one `astro build` uses) reads each
 * .astro file's frontmatter, `<script>` blocks and template expressions, which dependency-cruiser cannot.
 * The rules of .dependency-cruiser.cjs are then checked over the union (tests/unit/dependency-rules.test.ts).
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { parse } from '@astrojs/compiler-rs';

const PROJECT = resolve(import.meta.dirname, '../..');
const CLI = join(PROJECT, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
const CONFIG = join(PROJECT, '.dependency-cruiser.cjs');

/** One import, by repository-relative paths; `circular` when `to` leads back to `from`. */
export interface Edge {
  readonly from: string;
  readonly to: string;
  circular: boolean;
}

interface PathMatch { path?: string; pathNot?: string }
export interface Rule {
  readonly name: string;
  readonly from: PathMatch;
  readonly to: PathMatch & { circular?: boolean };
}

/** The rules of .dependency-cruiser.cjs. */
export const RULES = (createRequire(import.meta.url)(CONFIG) as { forbidden: Rule[] }).forbidden;

const ASTRO_IMPORTS = new Set(['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ImportExpression']);

/** The specifiers a .astro file imports, wherever in the file (frontmatter, scripts, template), type-only included. */
export function astroImports(code: string): string[] {
  const found: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const { type, source } = node as { type?: string; source?: { value?: unknown } };
    if (type && ASTRO_IMPORTS.has(type) && typeof source?.value === 'string') found.push(source.value);
    Object.values(node).forEach(visit);
  };
  const { ast, diagnostics } = parse(code);
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (errors.length > 0) throw new Error(`Astro cannot parse the file: ${errors.map((error) => error.text).join('; ')}`);
  visit(ast);
  return found;
}

/** The files at or under `path`. */
function filesUnder(root: string, path: string): string[] {
  if (!existsSync(join(root, path))) return [];
  if (!statSync(join(root, path)).isDirectory()) return [path];
  return readdirSync(join(root, path)).flatMap((name) => filesUnder(root, `${path}/${name}`));
}

/** Every import of the files under `paths` (relative to `root`) that lands on a file of the repository. */
export async function importGraph(root: string, paths: readonly string[]): Promise<Edge[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [CLI, '--config', CONFIG, '--output-type', 'json', ...paths], { cwd: root, maxBuffer: 64 << 20 })
    .catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const report = JSON.parse(stdout) as { modules: { source: string; dependencies: { resolved: string; circular: boolean; coreModule: boolean; couldNotResolve: boolean }[] }[] };
  const edges: Edge[] = report.modules.flatMap(({ source, dependencies }) => dependencies
    .filter((dependency) => !dependency.coreModule && !dependency.couldNotResolve && !dependency.resolved.startsWith('node_modules/'))
    .map((dependency) => ({ from: source, to: dependency.resolved, circular: dependency.circular })));

  for (const file of paths.flatMap((path) => filesUnder(root, path)).filter((path) => path.endsWith('.astro'))) {
    for (const specifier of astroImports(readFileSync(join(root, file), 'utf8'))) {
      if (!specifier.startsWith('.')) continue; // a package, or one of Astro's virtual modules
      const to = relative(root, resolve(root, dirname(file), specifier)).split(sep).join('/');
      if (!existsSync(join(root, to))) throw new Error(`${file} imports ${specifier}, which is no file of the repository.`);
      edges.push({ from: file, to, circular: false });
    }
  }
  markAstroCycles(edges);
  return edges;
}

/** dependency-cruiser marks the cycles it sees; an edge from a .astro file is circular when its target leads back. */
function markAstroCycles(edges: Edge[]): void {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  for (const edge of edges.filter(({ from }) => from.endsWith('.astro'))) {
    const seen = new Set<string>();
    const pending = [edge.to];
    while (pending.length > 0 && !edge.circular) {
      const at = pending.pop()!;
      if (at === edge.from) edge.circular = true;
      else if (!seen.has(at)) {
        seen.add(at);
        pending.push(...(next.get(at) ?? []));
      }
    }
  }
}

const matches = (path: string, { path: pattern, pathNot }: PathMatch) =>
  (pattern === undefined || new RegExp(pattern).test(path)) && (pathNot === undefined || !new RegExp(pathNot).test(path));

/** The rules broken by the edges, one `rule: from → to` line each, as dependency-cruiser reads the same rules. */
export function ruleViolations(edges: readonly Edge[], rules: readonly Rule[] = RULES): string[] {
  return rules.flatMap((rule) => edges
    .filter(({ from, to, circular }) => matches(from, rule.from) && matches(to, rule.to) && (rule.to.circular === undefined || rule.to.circular === circular))
    .map(({ from, to }) => `${rule.name}: ${from} → ${to}`))
    .filter((line, at, all) => all.indexOf(line) === at)
    .sort();
}

const libFolderOf = (path: string) => /^src\/lib\/([^/]+)\//.exec(path)?.[1];

/**
 * Pairs of src/lib folders that import each other (`a ↔ b`), each with the imports that close the loop: a folder is
 * a part with a direction, so a shared piece belongs in the lower folder or a contract, never on both sides.
 */
export function folderCycles(edges: readonly Edge[]): string[] {
  const between = new Map<string, string[]>();
  for (const { from, to } of edges) {
    const [a, b] = [libFolderOf(from), libFolderOf(to)];
    if (a && b && a !== b) between.set(`${a} → ${b}`, [...(between.get(`${a} → ${b}`) ?? []), `${from} → ${to}`]);
  }
  return [...between.keys()]
    .map((key) => key.split(' → ') as [string, string])
    .filter(([a, b]) => a < b && between.has(`${b} → ${a}`))
    .map(([a, b]) => `${a} ↔ ${b}: ${[...between.get(`${a} → ${b}`)!, ...between.get(`${b} → ${a}`)!].join(', ')}`)
    .sort();
}
