import { z } from "zod";
import { idField } from "../params";
import "./messages";

/**
 * The platform administrators' directory of disciplines (issue 17): categories, the majors under
 * them, and merging one into another. Messages are translation keys.
 */
const name = (required: string) => z.string({ error: required }).trim().min(1, required).max(100, "admin.v.tooLong");
const sort = z.coerce.number({ error: "admin.v.sort" }).int("admin.v.sort").min(0, "admin.v.sort").max(9999, "admin.v.sort").default(0);

export const categorySchema = z.object({
  nameZh: name("admin.v.nameZhRequired"),
  nameEn: name("admin.v.nameEnRequired"),
  sort,
});

export const majorSchema = categorySchema.extend({
  categoryId: idField("admin.v.categoryRequired"),
});

/** Merge the path's category or major into `into`: its conferences (and majors, references) move there. */
export const mergeSchema = z.object({
  into: idField("admin.v.mergeTarget"),
});
