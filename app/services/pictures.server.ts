import { callPlatform } from "./platform.server";

/** What became of a picture that came with a form: none came, it is uploaded (its public address), or the platform refused it. */
export type FormPicture = { state: "none" } | { state: "uploaded"; url: string } | { state: "refused"; messages: string[] };

/**
 * A picture chosen in a plain form's file field (`<name>File`, posted with or without
 * JavaScript), uploaded as a public image before anything else is checked: a refused form then
 * shows it as the field's address and posts it again, so nothing chosen is lost.
 *
 * @example const logo = await uploadFormPicture(request, formData.get("logoFile"));
 */
export async function uploadFormPicture(request: Request, file: FormDataEntryValue | null): Promise<FormPicture> {
  if (!(file instanceof File) || file.size === 0) return { state: "none" };
  const body = new FormData();
  body.set("file", file);
  const uploaded = await callPlatform<{ publicUrl: string }>(request, "/cms/files/upload", { method: "POST", body });
  return uploaded.ok ? { state: "uploaded", url: uploaded.data.publicUrl } : { state: "refused", messages: uploaded.messages };
}
