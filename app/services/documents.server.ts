import { data } from "@remix-run/node";
import { documents } from "~/content/documents";
import { publicPageHeaders } from "./cache.server";
import { getLang } from "./session.server";

/** The loader of the static documents: the user's language, cacheable for an hour when anonymous. */
export function documentLoader(request: Request, name: keyof typeof documents) {
  return data({ doc: documents[name][getLang(request).lang] }, { headers: publicPageHeaders(request, 3600) });
}
