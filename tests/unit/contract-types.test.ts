/**
 * Islands type the API's answers from the domain contracts, never restated: renaming a field of a response type in
 * the contract must break the type check of the island that reads it. Proved on a real island with the TypeScript
 * compiler, on a program of just that island and what it imports, with the contract renamed in memory.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const ISLAND = resolve(ROOT, 'src/components/admin/BulkImportPanel.tsx');
const CONTRACT = resolve(ROOT, 'src/lib/admin/contract.ts');
const FIELD = 'currentPage';

const config = ts.getParsedCommandLineOfConfigFile(resolve(ROOT, 'tsconfig.json'), {}, {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (diagnostic) => { throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')); },
});
// The island needs no Node types; leaving them out keeps the program small.
const options: ts.CompilerOptions = { ...config!.options, noEmit: true, skipLibCheck: true, types: [] };

/**
 * Type-checks the island (only its own file: what it imports is checked by `npm run typecheck`), reading the
 * contract as `contractText`; answers each diagnostic as "file: message".
 */
function typeCheckIsland(contractText: string, oldProgram?: ts.Program): { program: ts.Program; errors: string[] } {
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (file) => (resolve(file) === CONTRACT ? contractText : readFile(file));
  host.getSourceFile = (file, language, onError) =>
    resolve(file) === CONTRACT ? ts.createSourceFile(file, contractText, language) : getSourceFile(file, language, onError);
  const program = ts.createProgram({ rootNames: [ISLAND], options, host, ...(oldProgram ? { oldProgram } : {}) });
  const island = program.getSourceFile(ISLAND)!;
  const diagnostics = [...program.getSyntacticDiagnostics(island), ...program.getSemanticDiagnostics(island)];
  const errors = diagnostics.map((diagnostic) =>
    `${diagnostic.file ? diagnostic.file.fileName.slice(ROOT.length + 1) : 'global'}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`);
  return { program, errors };
}

describe('response types are shared by server and islands', () => {
  it('fails the island that reads a response field when the contract renames it', () => {
    const contract = readFileSync(CONTRACT, 'utf8');
    expect(contract).toMatch(new RegExp(`interface ImportJob\\b[^}]*\\b${FIELD}:`));
    expect(readFileSync(ISLAND, 'utf8')).toContain(`.${FIELD}`);

    const unchanged = typeCheckIsland(contract);
    expect(unchanged.errors).toEqual([]);

    const renamed = contract.replace(new RegExp(`(interface ImportJob\\b[^}]*\\b)${FIELD}:`), '$1pageNow:');
    const { errors } = typeCheckIsland(renamed, unchanged.program);
    expect(errors).toContainEqual(expect.stringMatching(
      new RegExp(`^src/components/admin/BulkImportPanel\\.tsx: Property '${FIELD}' does not exist on type 'ImportJob'`)));
  }, 60_000); // ~10 s alone; the shared machine can be several times slower
});
