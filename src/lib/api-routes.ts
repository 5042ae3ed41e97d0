/**
 * Every route of the JSON API (src/lib/http/route.ts), from the domains' routes.ts. The route-table test holds
 * this list and the endpoints under src/pages/api to each other; the fuzz tier and the method and permission
 * probes enumerate it; `npm run routes` writes docs/routes.md from it.
 */
import type { Route } from './http/route.ts';
import { accountRoutes } from './accounts/routes.ts';
import { adminRoutes } from './admin/routes.ts';
import { alertRoutes } from './alerts/routes.ts';
import { analyticsRoutes } from './analytics/routes.ts';
import { calendarRoutes } from './calendar/routes.ts';
import { catalogRoutes } from './catalog/routes.ts';
import { historyRoutes } from './history/routes.ts';
import { listRoutes } from './lists/routes.ts';
import { ratingRoutes } from './ratings/routes.ts';
import { recommendationRoutes } from './recommendations/routes.ts';
import { requestRoutes } from './requests/routes.ts';
import { transferRoutes } from './transfer/routes.ts';
import { watchRoutes } from './watch/routes.ts';

export type RouteTree = { readonly [name: string]: Route | RouteTree };
export const isRoute = (node: Route | RouteTree): node is Route => typeof node.method === 'string';
const routesIn = (tree: RouteTree): Route[] => Object.values(tree).flatMap((node) => (isRoute(node) ? [node] : routesIn(node)));

/** The domains' route declarations by name, typed as declared (the route list reads their input and answer types). */
export const API_ROUTE_TREE = {
  accountRoutes, adminRoutes, alertRoutes, analyticsRoutes, calendarRoutes, catalogRoutes, historyRoutes, listRoutes, ratingRoutes, recommendationRoutes, requestRoutes, transferRoutes, watchRoutes,
};

export const API_ROUTES: readonly Route[] = routesIn(API_ROUTE_TREE);
