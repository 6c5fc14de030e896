/**
 * The generated docs pages (tag, operation, models, responses, Postman collection, empty state) and the
 * written ones as markdown for coding assistants: the same content as the HTML page, from the same spec model.
 */

/** One operation as the reference shows it: types already written out from the spec model. */
export interface OperationReference {
  method: string;
  path: string;
  summary: string;
  description: string;
  parameters: { name: string; in: string; type: string; required: boolean; description: string }[];
  responses: { status: string; description: string; schema: string | null }[];
}

export interface ModelReference {
  name: string;
  description: string;
  /** The model's type in words ("one of (Cat, Dog)"), written when it has no fields. */
  type: string;
  fields: { name: string; type: string; required: boolean; description: string }[];
}

/** The words of the generated pages in the reader's language (docs.* in the locales). */
export interface ReferenceLabels {
  operations: string;
  parameters: string;
  noParameters: string;
  responses: string;
  required: string;
  requestSamples: string;
  noFields: string;
  status: string;
  description: string;
  errorShape: string;
  usedBy: (count: number) => string;
}

/** Text on one line: a spec's descriptions may hold line breaks that would end a list item. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Text in a table cell: on one line, its pipes escaped. */
function tableCell(text: string): string {
  return oneLine(text).replace(/\|/g, "\\|");
}

/** An inline code span that holds any text, backticks included. */
export function inlineCode(text: string): string {
  const flat = oneLine(text);
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = "`".repeat(longest + 1);
  const pad = flat.startsWith("`") || flat.endsWith("`") ? " " : "";
  return `${ticks}${pad}${flat}${pad}${ticks}`;
}

/** A fenced code block that no line of the code can close. */
export function fencedCode(code: string, language: string): string {
  const longest = Math.max(0, ...(code.match(/^`+/gm) ?? []).map((run) => run.length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${code.replace(/\n+$/, "")}\n${fence}`;
}

/** A markdown link whose text and target hold any text (a spec's summaries and paths). */
export function markdownLink(text: string, href: string): string {
  const label = oneLine(text).replace(/[\\[\]]/g, (character) => `\\${character}`);
  return `[${label}](${href.replace(/[ \t\r\n()<>]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`)})`;
}

/** Blocks separated by one blank line; empty ones left out. */
function blocks(...parts: (string | null | false | undefined)[]): string {
  const texts = parts.flatMap((part) => (part && part.trim() ? [part.replace(/^\n+|\s+$/g, "")] : []));
  return `${texts.join("\n\n")}\n`;
}

const heading = (level: number, text: string) => `${"#".repeat(level)} ${text}`;

/** "`GET` `/series/{id}`": the method and path of an operation, the path safe whatever it holds. */
function operationSignature(operation: Pick<OperationReference, "method" | "path">): string {
  return `${operation.method.toUpperCase()} ${inlineCode(operation.path)}`;
}

function parameterList(operation: OperationReference, labels: ReferenceLabels): string {
  if (operation.parameters.length === 0) return labels.noParameters;
  return operation.parameters
    .map((parameter) => {
      // Required first: a type may end in its enum's values ("string: json, xml").
      const facts = [...(parameter.required ? [labels.required.toLowerCase()] : []), parameter.in, parameter.type].map(oneLine).join(", ");
      const description = oneLine(parameter.description);
      return `- ${inlineCode(parameter.name)} (${facts})${description ? `: ${description}` : ""}`;
    })
    .join("\n");
}

function responseList(operation: OperationReference): string {
  return operation.responses
    .map((response) => {
      const description = oneLine(response.description);
      return `- ${inlineCode(response.status)}${response.schema ? ` (${inlineCode(response.schema)})` : ""}${description ? `: ${description}` : ""}`;
    })
    .join("\n");
}

/** Description, parameters and responses of an operation, their headings at `level`. */
function operationDetails(operation: OperationReference, labels: ReferenceLabels, level: number): string {
  return blocks(
    operation.description,
    heading(level, labels.parameters),
    parameterList(operation, labels),
    operation.responses.length > 0 && heading(level, labels.responses),
    responseList(operation),
  );
}

/** An operation within a longer reference: `### GET /path`, its summary, a link to its page, its details. */
export function operationSection(operation: OperationReference, labels: ReferenceLabels, level: number, href?: string): string {
  const summary = oneLine(operation.summary);
  const title = href ? markdownLink(summary || operation.path, href) : summary;
  return blocks(heading(level, operationSignature(operation)), title, operationDetails(operation, labels, level + 1));
}

/** An operation page: its reference and the curl sample (with the placeholder its note tells how to replace). */
export function operationPageMarkdown(
  page: { title: string; tag: string; operation: OperationReference; curl: string; samplesNote: string | null },
  labels: ReferenceLabels,
): string {
  return blocks(
    heading(1, oneLine(page.title)),
    `${oneLine(page.tag)} · ${operationSignature(page.operation)}`,
    operationDetails(page.operation, labels, 2),
    heading(2, labels.requestSamples),
    page.samplesNote,
    fencedCode(page.curl, "bash"),
  );
}

/** A tag page: its description, then every operation of the tag in menu order, each linking to its own page. */
export function tagPageMarkdown(
  page: { title: string; description: string; operations: { operation: OperationReference; href: string }[] },
  labels: ReferenceLabels,
): string {
  return blocks(
    heading(1, oneLine(page.title)),
    page.description,
    heading(2, labels.operations),
    ...page.operations.map(({ operation, href }) => operationSection(operation, labels, 3, href)),
  );
}

export function modelsPageMarkdown(page: { title: string; models: ModelReference[] }, labels: ReferenceLabels): string {
  return blocks(
    heading(1, oneLine(page.title)),
    ...page.models.map((model) =>
      blocks(
        heading(2, inlineCode(model.name)),
        model.description,
        model.fields.length === 0
          ? model.type === "object"
            ? labels.noFields
            : inlineCode(model.type)
          : model.fields
              .map((field) => {
                const facts = [...(field.required ? [labels.required.toLowerCase()] : []), field.type].map(oneLine).join(", ");
                const description = oneLine(field.description);
                return `- ${inlineCode(field.name)} (${facts})${description ? `: ${description}` : ""}`;
              })
              .join("\n"),
      ),
    ),
  );
}

export function responsesPageMarkdown(
  page: { title: string; statuses: { status: string; description: string; operations: number }[]; errorExample: string | null },
  labels: ReferenceLabels,
): string {
  return blocks(
    heading(1, oneLine(page.title)),
    page.statuses
      .map((status) => `- ${inlineCode(status.status)} ${oneLine(status.description)} (${labels.usedBy(status.operations)})`)
      .join("\n"),
    page.errorExample !== null && labels.errorShape,
    page.errorExample !== null && fencedCode(page.errorExample, "json"),
  );
}

/** The Postman collection page: what the collection holds and where to download it. */
export function postmanPageMarkdown(page: {
  title: string;
  lead: string;
  download: { label: string; url: string; format: string };
  contents: string;
  summary: string;
  folders: { name: string; requests: number }[];
  columns: { folder: string; requests: string };
}): string {
  return blocks(
    heading(1, oneLine(page.title)),
    page.lead,
    `${markdownLink(page.download.label, page.download.url)} (${page.download.format})`,
    heading(2, page.contents),
    page.summary,
    [
      `| ${tableCell(page.columns.folder)} | ${tableCell(page.columns.requests)} |`,
      "|---|---|",
      ...page.folders.map((folder) => `| ${tableCell(folder.name)} | ${folder.requests} |`),
    ].join("\n"),
  );
}

/** A routed page without content yet: its title and the same notice as the HTML page. */
export function emptyPageMarkdown(title: string, text: string): string {
  return blocks(heading(1, oneLine(title)), text);
}

/**
 * A written page: its title, the note when it is shown in English to a reader of another language (as the
 * HTML page shows it), then its text.
 */
export function writtenPageMarkdown(page: { title: string; body: string; untranslatedNote: string | null }): string {
  return blocks(heading(1, page.title), page.untranslatedNote && `> ${oneLine(page.untranslatedNote)}`, page.body.trim());
}
