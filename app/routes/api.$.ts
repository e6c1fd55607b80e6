import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { forwardToPlatform } from "~/services/platform.server";

/** Mounts the platform API at /api (in process, or proxied to PLATFORM_API_URL). It checks its own bearer tokens. */
export const loader = ({ request }: LoaderFunctionArgs) => forwardToPlatform(request);
export const action = ({ request }: ActionFunctionArgs) => forwardToPlatform(request);
