import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import formatsModule from "ajv-formats";
import { provisioningOpenApi } from "../../app/modules/provisioning/openapi";

/**
 * Validates the provisioning API's answers against its OpenAPI 3.1 description with ajv (JSON Schema 2020-12, the
 * dialect of OpenAPI 3.1): the description's schemas become one schema's $defs, and each operation's answer for a
 * status is checked against the schema the description gives it. The description's objects admit no property they
 * do not name, so an answer with an undescribed field fails too.
 */

type Description = ReturnType<typeof provisioningOpenApi>;
type Node = Record<string, unknown>;
export type ProvisioningPath = keyof Description["paths"];

const SCHEMAS_ID = "provisioning-openapi";
/** ajv-formats is CommonJS: its plugin is the module itself or its default, depending on the loader. */
const addFormats = (formatsModule as unknown as { default?: typeof formatsModule }).default ?? formatsModule;

/** The description with its schema references pointing into the $defs ajv holds. */
function retarget<T>(value: T): T {
  return JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', `"${SCHEMAS_ID}#/$defs/`)) as T;
}

export function provisioningValidator(description: Description = provisioningOpenApi("http://localhost")) {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false });
  addFormats(ajv, ["date", "date-time", "email"]);
  ajv.addSchema({ $id: SCHEMAS_ID, $defs: retarget(description.components.schemas) });
  const components = retarget(description.components) as unknown as { responses: Record<string, Node> };
  const paths = retarget(description.paths) as unknown as Record<string, Record<string, Node>>;
  const compiled = new Map<string, ValidateFunction>();

  /** The answer's schema, or null when the description gives the operation no such status. */
  function answerSchema(method: string, path: ProvisioningPath, status: number): Node | null {
    const operation = paths[path]?.[method.toLowerCase()];
    let response = (operation?.responses as Record<string, Node> | undefined)?.[String(status)];
    if (typeof response?.$ref === "string") response = components.responses[response.$ref.split("/").at(-1)!];
    const content = response?.content as Record<string, { schema: Node }> | undefined;
    return content?.["application/json"]?.schema ?? null;
  }

  /** What is wrong with the answer, none when it is as described (its status included). */
  return (method: string, path: ProvisioningPath, status: number, body: unknown): string[] => {
    const key = `${method} ${path} ${status}`;
    let validate = compiled.get(key);
    if (!validate) {
      const schema = answerSchema(method, path, status);
      if (!schema) return [`${key} is not in the description`];
      validate = ajv.compile(schema);
      compiled.set(key, validate);
    }
    return validate(body) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message ?? ""}`);
  };
}
