import fs from "node:fs/promises";
import path from "node:path";
import type { DocSetId } from "~/modules/registry/registry";
import { readContract, type Contract } from "./contract";

/**
 * The built-in upstream serves the specifications shipped with the portal (content/specs/{set}.json): they
 * are the contract it implements, whatever DOCS_SPEC_SOURCES shows in the docs.
 */
const contracts = new Map<DocSetId, Promise<Contract>>();

export function contractOf(set: DocSetId): Promise<Contract> {
  let contract = contracts.get(set);
  if (!contract) {
    contract = fs.readFile(path.resolve("content", "specs", `${set}.json`), "utf8").then((text) => readContract(JSON.parse(text)));
    contracts.set(set, contract);
    contract.catch(() => contracts.delete(set));
  }
  return contract;
}
