import { dashboardAreas, type DashboardArea } from "./screens";

export type ProductArea = DashboardArea & { access: Exclude<DashboardArea["access"], "admins"> };

function isProductArea(area: DashboardArea): area is ProductArea {
  return area.access !== "admins";
}

/** Whether the area offers dumps (documents feeds have none): its screens then link to them and may run feeds as dumps. */
export function offersDumps(area: DashboardArea): boolean {
  return area.screens.some((screen) => screen.path === "dumps");
}

/** The product area a dashboard URL is in: /dashboard/{segment}/… or /zh/dashboard/{segment}/…. */
export function productAreaOf(pathname: string): ProductArea | null {
  const segment = /^\/(?:[a-z]{2}\/)?dashboard\/([^/]+)/.exec(pathname)?.[1];
  const area = dashboardAreas.find((candidate) => candidate.segment === segment);
  return area && isProductArea(area) ? area : null;
}
