/**
 * Import rules, enforced by tests/unit/dependency-rules.test.ts (dependency-cruiser, type-only imports included).
 * Contracts are at the bottom: browser code and contracts import only browser-safe modules, the schema imports
 * nothing from the application, and no module reaches itself through its imports.
 */
const BROWSER_SAFE = '(^src/lib/[^/]+/(contract|routes)\\.ts$|^src/lib/[^/]+/client/|^src/lib/http/(api-client|route)\\.ts$|^src/components/)';

module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', comment: 'An import cycle, type-only imports included.', from: {}, to: { circular: true } },
    {
      name: 'schema-imports-no-app-code',
      severity: 'error',
      comment: 'db/schema.ts describes tables; application types are declared above it.',
      from: { path: '^db/schema\\.ts$' },
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
      comment: 'src/lib/http is generic (it may use compression and who is calling): domains supply hooks (an endpoint\'s afterSuccess), it does not call up into them.',
      from: { path: '^src/lib/http/' },
      to: { path: '^src/lib/', pathNot: '^src/lib/(http/|compression/|accounts/|[^/]+/(contract|routes)\\.ts$|[^/]+/client/|settings\\.ts$|db\\.ts$)' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
  },
};
