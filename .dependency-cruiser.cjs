/**
 * Import rules, enforced by tests/unit/dependency-rules.test.ts over every source file: dependency-cruiser reads the
 * TypeScript (type-only imports included), Astro's parser the .astro files (tests/support/import-graph.ts), and the
 * rules below are checked over both; the test also refuses any two src/lib folders that import each other.
 * Contracts are at the bottom: browser code and contracts import only browser-safe modules, db/ imports nothing of
 * src/, the HTTP layer knows no domain, and no module reaches itself through its imports.
 */
const BROWSER_SAFE = '(^src/lib/[^/]+/(contract|routes)\\.ts$|^src/lib/[^/]+/client/|^src/lib/http/(api-client|route)\\.ts$|^src/components/)';

/**
 * Publishing machinery: src/pages and src/components reach it only through its entry modules. A page answers with
 * publishing/page-answer.ts; an endpoint that changed the catalogue tells publishing/catalogue-changes.ts; the admin's
 * rebuild endpoint uses rebuild/index.ts; the schedule starts housekeeping/index.ts.
 */
const MACHINERY = '^src/lib/(publishing|rebuild|housekeeping)/';
const MACHINERY_ENTRIES = '^src/lib/(publishing/(page-answer|catalogue-changes)\\.ts|rebuild/index\\.ts|housekeeping/index\\.ts|[^/]+/(contract|routes)\\.ts|[^/]+/client/)';

module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', comment: 'An import cycle, type-only imports included.', from: {}, to: { circular: true } },
    {
      name: 'db-imports-no-app-code',
      severity: 'error',
      comment: 'db/ (migrations, the schema, the driver choice) stands below the application: a migration copies what it needs, so later changes to src/ never rewrite history.',
      from: { path: '^db/' },
      to: { path: '^src/' },
    },
    {
      name: 'browser-code-imports-only-browser-safe-modules',
      severity: 'error',
      comment: 'Islands, client folders, contracts and route declarations import (even types) only contracts, route declarations, client folders and the API client.',
      from: { path: '(^src/lib/[^/]+/(contract|routes)\\.ts$|^src/lib/[^/]+/client/|^src/lib/http/(api-client|route)\\.ts$|^src/components/.+\\.(tsx|ts)$)' },
      to: { path: '^(src|db)/', pathNot: BROWSER_SAFE },
    },
    {
      name: 'http-layer-knows-no-domain',
      severity: 'error',
      comment: 'src/lib/http is generic (it may use the settings, the database and the encodings it serves): domains supply hooks (an endpoint\'s afterSuccess, the session lookup), it does not call up into them.',
      from: { path: '^src/lib/http/' },
      to: { path: '^src/lib/', pathNot: '^src/lib/(http/|compression/encodings\\.ts$|settings\\.ts$|db\\.ts$)' },
    },
    {
      name: 'pages-use-machinery-through-its-entries',
      severity: 'error',
      comment: 'Pages, endpoints and components use publishing, rebuild and housekeeping only through their entry modules (MACHINERY_ENTRIES).',
      from: { path: '^src/(pages|components)/' },
      to: { path: MACHINERY, pathNot: MACHINERY_ENTRIES },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
  },
};
