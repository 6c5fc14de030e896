import { createContext, useContext } from "react";

/** The incident a failed document request recorded, as its error page shows it. */
export interface IncidentReference {
  id: string;
  /** The request was an admin's: the id links to the incident lookup. */
  forAdmin: boolean;
}

/**
 * Provided by entry.server.tsx while rendering the error page; the page writes it into a script so the
 * browser keeps it after hydration.
 */
export const IncidentContext = createContext<IncidentReference | undefined>(undefined);

declare global {
  interface Window {
    __incident?: IncidentReference;
  }
}

export function useIncident(): IncidentReference | undefined {
  const fromServer = useContext(IncidentContext);
  if (fromServer) return fromServer;
  return typeof window === "undefined" ? undefined : window.__incident;
}
