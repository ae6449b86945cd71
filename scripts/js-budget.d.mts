export interface RouteBudget {
  path: string;
  budgetKB?: number;
  modules: string[];
}
export interface RouteFigure {
  path: string;
  files: number;
  gzipKB: number;
  budgetKB: number | null;
}
export const ROUTES: RouteBudget[];
/** Measures each route of ROUTES in a build folder (with Vite's .vite/manifest.json). */
export function measureRoutes(dist: string): RouteFigure[];
