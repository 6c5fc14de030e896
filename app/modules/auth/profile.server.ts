import fs from "node:fs/promises";
import path from "node:path";
import { db } from "~/modules/db/db.server";
import { env } from "~/modules/env/env.server";
import { detectImageType } from "./image-type";

export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;

export interface ProfileInput {
  firstName: string;
  lastName: string;
  jobPosition: string;
  jobDescription: string;
}

export async function saveProfile(userId: string, profile: ProfileInput): Promise<void> {
  await db
    .updateTable("users")
    .set({
      first_name: profile.firstName,
      last_name: profile.lastName,
      job_position: profile.jobPosition,
      job_description: profile.jobDescription,
    })
    .where("id", "=", userId)
    .execute();
}

export function picturePath(userId: string): string {
  return path.resolve(env.DATA_DIR, "uploads", "avatars", userId);
}

export type PictureResult = { ok: true } | { ok: false; error: "auth.pictureType" | "auth.pictureSize" | "auth.pictureMissing" };

export async function saveProfilePicture(userId: string, file: unknown): Promise<PictureResult> {
  if (!(file instanceof Blob) || file.size === 0) return { ok: false, error: "auth.pictureMissing" };
  if (file.size > MAX_PICTURE_BYTES) return { ok: false, error: "auth.pictureSize" };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = detectImageType(bytes);
  if (!type) return { ok: false, error: "auth.pictureType" };
  const target = picturePath(userId);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(`${target}.tmp`, bytes);
  await fs.rename(`${target}.tmp`, target);
  await db.updateTable("users").set({ picture_type: type }).where("id", "=", userId).execute();
  return { ok: true };
}

export async function readProfilePicture(userId: string): Promise<{ bytes: Buffer; type: string } | null> {
  const user = await db.selectFrom("users").select("picture_type").where("id", "=", userId).executeTakeFirst();
  if (!user?.picture_type) return null;
  try {
    return { bytes: await fs.readFile(picturePath(userId)), type: user.picture_type };
  } catch {
    return null;
  }
}
