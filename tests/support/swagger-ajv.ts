import { Ajv, type ValidateFunction } from "ajv";
import formatsModule from "ajv-formats";

/**
 * JSON-schema validation of answers against a Swagger 2.0 spec's response schemas: definitions become JSON
 * Schema definitions, `x-nullable` admits null, Swagger's own keywords and examples are dropped, and objects
 * admit no property their schema does not name, so an answer with a field the spec lacks fails too.
 */

type Schema = Record<string, unknown>;

const dropped = new Set(["example", "description", "title", "discriminator", "readOnly", "xml", "externalDocs"]);

function convert(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(convert);
  if (typeof node !== "object" || node === null) return node;
  const schema: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (dropped.has(key) || key.startsWith("x-")) continue;
    if (key === "properties")
      schema.properties = Object.fromEntries(Object.entries(value as Schema).map(([name, child]) => [name, convert(child)]));
    else if (key === "additionalProperties" && typeof value === "object") schema.additionalProperties = convert(value);
    else if (key === "items") schema.items = convert(value);
    else schema[key] = value;
  }
  const source = node as Schema;
  if (source.properties && source.additionalProperties === undefined) schema.additionalProperties = false;
  if (source["x-nullable"] === true) {
    if (typeof schema.type === "string") schema.type = [schema.type, "null"];
    if (Array.isArray(schema.enum)) schema.enum = [...schema.enum, null];
  }
  return schema;
}

const INT32 = 2 ** 31;
/** ajv-formats is CommonJS: its plugin is the module itself or its default, depending on the loader. */
const addFormats = (formatsModule as unknown as { default?: typeof formatsModule }).default ?? formatsModule;

export function swaggerValidator(spec: { definitions?: Schema }) {
  const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false });
  addFormats(ajv, ["date", "date-time", "uri"]);
  ajv.addFormat("int32", { type: "number", validate: (value: number) => Number.isInteger(value) && value >= -INT32 && value < INT32 });
  ajv.addFormat("int64", { type: "number", validate: (value: number) => Number.isSafeInteger(value) });
  ajv.addFormat("double", { type: "number", validate: (value: number) => Number.isFinite(value) });
  ajv.addFormat("password", true);
  const definitions = Object.fromEntries(Object.entries(spec.definitions ?? {}).map(([name, schema]) => [name, convert(schema)]));
  const compiled = new Map<string, ValidateFunction>();
  return (schema: Schema, value: unknown): string[] => {
    const key = JSON.stringify(schema);
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile({ definitions, allOf: [convert(schema)] });
      compiled.set(key, validate);
    }
    return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message ?? ""}`);
  };
}
