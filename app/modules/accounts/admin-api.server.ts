import type { TFunction } from "i18next";
import { jsonResponse } from "~/modules/forms/json.server";
import { jsonNotFound } from "~/modules/http/responses";
import { userJson, type ChangeOutcome } from "./users-admin.server";

/** The JSON answer of a change: the user after it, or why nothing changed (404, 409 for a stale version, 422). */
export function changeResponse(outcome: ChangeOutcome, t: TFunction): Response {
  if (outcome.ok) return jsonResponse(userJson(outcome.user));
  switch (outcome.reason) {
    case "not-found":
      return jsonNotFound(t("admin.users.notFound"));
    case "conflict":
      return jsonResponse({ error: t("admin.users.conflict"), version: outcome.user?.version ?? null }, 409);
    case "own-admin-flag":
      return jsonResponse({ errors: { isAdmin: t("admin.users.ownAdminFlag") } }, 422);
    case "own-lock":
      return jsonResponse({ errors: { locked: t("admin.users.ownLock") } }, 422);
  }
}
