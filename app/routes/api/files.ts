import fs from "node:fs";
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/guards.server";
import { absoluteFilePath, downloadableFile } from "~/modules/feeds/files.server";
import { jsonNotFound } from "~/modules/http/responses";

const contentTypes: Record<string, string> = { json: "application/json; charset=utf-8", xml: "application/xml; charset=utf-8" };

/** GET /api/files/{id}: a dump or feed file, streamed to its owner or an admin; anyone else gets a 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const file = await downloadableFile(params.fileId ?? "", user);
  if (!file) return jsonNotFound("File not found.");
  const location = absoluteFilePath(file.path);
  const stat = await fs.promises.stat(location).catch(() => null);
  if (!stat) return jsonNotFound("File not found.");
  return new Response(createReadableStreamFromReadable(fs.createReadStream(location)), {
    headers: {
      "Content-Type": contentTypes[file.format] ?? "application/octet-stream",
      "Content-Length": String(stat.size),
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
