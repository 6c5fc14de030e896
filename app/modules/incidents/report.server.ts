import { inspect } from "node:util";
import { newId } from "~/modules/db/ids";
import { redactSecrets } from "~/modules/secrets/redact";
import { recordIncident } from "./incidents.server";
import { IncidentThrottle, incidentFingerprint } from "./throttle";

const throttle = new IncidentThrottle();

/**
 * Reports a request's unexpected failure: logged, and recorded as an incident without the request's credentials,
 * a repeat within the throttle's window once. Returns the id the answer shows (a repeat shows its first
 * occurrence's), null past the throttle's cap. `username` is looked up only for a failure that gets its own row.
 */
export function reportIncident(request: Request, error: unknown, username: () => Promise<string | null>): string | null {
  const { id, record } = throttle.admit(incidentFingerprint(request, error), newId);
  if (!id || !record) return id;
  console.error(`Incident ${id}:`, redactSecrets(inspect(error)));
  username()
    .catch(() => null)
    .then((name) => recordIncident({ id, request, error, username: name }))
    .catch((failure: unknown) => console.error("Could not record incident", redactSecrets(inspect(failure))));
  return id;
}
