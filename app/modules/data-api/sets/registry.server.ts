import type { DocSetId } from "~/modules/registry/registry";
import type { SetHandlers } from "../handler";
import { companyV1Handlers } from "./company-v1.server";
import { companyV2Handlers } from "./company-v2.server";
import { dealwatchHandlers } from "./dealwatch.server";
import { documentsHandlers } from "./documents.server";
import { fundFlowsHandlers } from "./fund-flows.server";
import { macroeconomicHandlers, sandboxHandlers } from "./macroeconomic.server";
import { realEstateHandlers } from "./real-estate.server";

/** The built-in upstream's handlers of every set, by operationId. */
export const setHandlers: Record<DocSetId, SetHandlers> = {
  macroeconomic: macroeconomicHandlers,
  sandbox: sandboxHandlers,
  company: companyV1Handlers,
  "company-v2": companyV2Handlers,
  documents: documentsHandlers,
  dealwatch: dealwatchHandlers,
  "fund-flows": fundFlowsHandlers,
  "real-estate": realEstateHandlers,
};
