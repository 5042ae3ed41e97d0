/** `npm run routes`: writes docs/routes.md, the list of API routes, from their declarations (scripts/lib/route-list.ts). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { ROUTE_LIST_FILE, routeList } from './lib/route-list.ts';

mkdirSync(dirname(ROUTE_LIST_FILE), { recursive: true });
writeFileSync(ROUTE_LIST_FILE, routeList());
console.log(`Wrote ${relative(process.cwd(), ROUTE_LIST_FILE)}.`);
