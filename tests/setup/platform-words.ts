import { appWords } from "../../app/services/words.server";

/**
 * The platform under test speaks with the app's words, as the app plugs it in
 * (app/services/platform.server.ts, decision 035): platform/testing.ts reads them here.
 */
(globalThis as { platformTestWords?: typeof appWords }).platformTestWords = appWords;
