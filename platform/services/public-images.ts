import { eq } from "drizzle-orm";
import { uploadedImageKey } from "#contract/schemas/home-admin";
import type { Db } from "../db";
import { uploads } from "../db/schema";
import { refuseField } from "../http";
import { IMAGE_TYPES } from "./sniff";

/**
 * A picture an administrator sets (a banner's, an institution's logo) that names an upload must
 * be a public image upload that exists: a key typed by hand, someone's private document or a
 * file that is gone is refused on `field` with `key`. Other addresses (the site's own media, an
 * http(s) picture) were checked by the schema.
 */
export async function requirePublicImage(db: Db, image: string, field: string, key: string) {
  const uploaded = uploadedImageKey(image);
  if (uploaded === null) return;
  const [row] = await db.select({ isPublic: uploads.isPublic, contentType: uploads.contentType }).from(uploads).where(eq(uploads.key, uploaded)).limit(1);
  if (!row || !row.isPublic || !IMAGE_TYPES.includes(row.contentType)) refuseField(field, key);
}
