import { dashboardAreas, type DashboardArea } from "./screens";

export type ProductArea = DashboardArea & { access: Exclude<DashboardArea["access"], "admins"> };

function isProductArea(area: DashboardArea): area is ProductArea {
  return area.access !== "admins";
}

/** The product area a dashboard URL is in: /dashboard/{segment}/… or /zh/dashboard/{segment}/…. */
export function productAreaOf(pathname: string): ProductArea | null {
  const segment = /^\/(?:[a-z]{2}\/)?dashboard\/([^/]+)/.exec(pathname)?.[1];
  const area = dashboardAreas.find((candidate) => candidate.segment === segment);
  return area && isProductArea(area) ? area : null;
}
