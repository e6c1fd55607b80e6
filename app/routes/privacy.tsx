import type { LoaderFunctionArgs } from "@remix-run/node";
import { DocumentPage, documentHeaders, documentMeta } from "~/components/DocumentPage";
import { documentLoader } from "~/services/documents.server";

export const meta = documentMeta;
export const headers = documentHeaders;
export const loader = ({ request }: LoaderFunctionArgs) => documentLoader(request, "privacy");
export default DocumentPage;
