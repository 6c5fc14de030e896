import { createContext, useContext } from "react";

/**
 * The incident id of a failed document request, provided by entry.server.tsx while rendering the error
 * page; the page writes it into a script so the browser keeps it after hydration.
 */
export const IncidentContext = createContext<string | undefined>(undefined);

declare global {
  interface Window {
    __incidentId?: string;
  }
}

export function useIncidentId(): string | undefined {
  const fromServer = useContext(IncidentContext);
  if (fromServer) return fromServer;
  return typeof window === "undefined" ? undefined : window.__incidentId;
}
