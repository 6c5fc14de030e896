/**
 * The catalog numbers its items SR0000042, CO0000042, …; the specs number series and companies with digits
 * only ("210987654", 42). An API id is the catalog number without prefix and leading zeros.
 */

const CATALOG_DIGITS = 7;

function toApi(prefix: string, catalogId: string): string {
  return String(Number(catalogId.slice(prefix.length)));
}

/** The catalog id of an API number, or null when no catalog id can have it. */
function toCatalog(prefix: string, apiId: string | number): string | null {
  const digits = String(apiId).replace(/^0+(?=\d)/, "");
  if (!/^\d+$/.test(digits) || digits === "0" || digits.length > CATALOG_DIGITS) return null;
  return `${prefix}${digits.padStart(CATALOG_DIGITS, "0")}`;
}

export const seriesApiId = (catalogId: string) => toApi("SR", catalogId);
export const seriesCatalogId = (apiId: string) => toCatalog("SR", apiId);
export const companyApiId = (catalogId: string) => Number(toApi("CO", catalogId));
export const companyCatalogId = (apiId: number) => toCatalog("CO", apiId);
