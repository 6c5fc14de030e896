import type { ActionFunctionArgs } from "@remix-run/node";
import { chooseCodeLanguage } from "~/modules/docs/code-language.server";
import { methodNotAllowed } from "~/modules/forms/json.server";

/** POST /docs/code-language: the code tabs' form (language, back) keeps the reader's language and returns. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return chooseCodeLanguage(request);
}

export function loader() {
  return methodNotAllowed();
}
