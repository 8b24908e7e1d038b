// @vitrine/ui/routes: every URL and the route table (data only: no screen code, see routeTable.ts).
export * from './paths';
export * from './routeTable';
