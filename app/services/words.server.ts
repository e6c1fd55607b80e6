import { catalogueWords } from "#contract/message";
import en from "~/locales/en/common.json";
import zh from "~/locales/zh/common.json";

/**
 * The app's words for a platform message (a key with params, decision 035): `callPlatform`
 * translates every answer with them, and the in-process platform is handed them for what it
 * writes itself (workbooks, the readable `message` of its envelope for other callers of /api).
 */
export const appWords = catalogueWords({ zh, en });
